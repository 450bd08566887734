#!/usr/bin/env bash
# Installs what numpred needs on a fresh machine: the Go modules (and,
# once the smt package lands, Debian's libz3-dev). Idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v go >/dev/null 2>&1; then
	echo "setup: Go is not installed (need Go >= $(awk '/^go /{print $2}' go.mod))" >&2
	exit 1
fi
go mod download
