#!/usr/bin/env bash
# check-head.sh: build and vet the last commit alone, in a clean clone, so
# that files left uncommitted in the working tree cannot hide a commit
# that does not build. Usage: scripts/check-head.sh [extra go test args...]
# With arguments, also runs `go test -tags buddy` with them in the clone.
set -euo pipefail
repo=$(git rev-parse --show-toplevel)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git clone -q "$repo" "$tmp/main"
cd "$tmp/main"
test -z "$(gofmt -l $(git ls-files '*.go'))" || { echo "gofmt:"; gofmt -l $(git ls-files '*.go'); exit 1; }
go build ./... && go build -tags buddy ./...
go vet ./... && go vet -tags buddy ./...
if [ $# -gt 0 ]; then go test -tags buddy "$@"; fi
echo "check-head: $(git log --oneline -1) builds and vets"
