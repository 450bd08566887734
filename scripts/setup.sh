#!/usr/bin/env bash
# Installs what numpred needs on a fresh machine: Z3's C library and
# headers (Debian's libz3-dev, for the cgo package smt) and the Go
# modules. Idempotent, and quick when everything is there.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v go >/dev/null 2>&1; then
	echo "setup: Go is not installed (need Go >= $(awk '/^go /{print $2}' go.mod))" >&2
	exit 1
fi

# z3_present reports whether the header and the link-time library (the
# unversioned libz3.so that -lz3 needs) are installed.
z3_present() {
	[ -f /usr/include/z3.h ] || [ -f /usr/local/include/z3.h ] || return 1
	if command -v ldconfig >/dev/null 2>&1 && ldconfig -p 2>/dev/null | grep -q 'libz3\.so '; then
		return 0
	fi
	for d in /usr/lib /usr/lib/*-linux-gnu /usr/local/lib /lib/*-linux-gnu; do
		[ -e "$d/libz3.so" ] && return 0
	done
	return 1
}

z3_howto() {
	cat >&2 <<'EOF'
setup: numpred's smt package needs Z3's C library and headers (Z3 >= 4.8).
  Debian/Ubuntu:  sudo apt-get install -y libz3-dev
  Fedora:         sudo dnf install -y z3-devel
  macOS:          brew install z3   (then set CGO_CFLAGS=-I$(brew --prefix)/include
                                     and CGO_LDFLAGS=-L$(brew --prefix)/lib)
Then run scripts/setup.sh again.
EOF
}

if ! z3_present; then
	if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
		echo "setup: libz3-dev is missing and this script can install it only as root with apt-get." >&2
		z3_howto
		exit 1
	fi
	echo "setup: installing libz3-dev" >&2
	export DEBIAN_FRONTEND=noninteractive
	# The package lists may be missing or stale on a fresh machine.
	if ! apt-get install -y --no-install-recommends libz3-dev; then
		apt-get update
		apt-get install -y --no-install-recommends libz3-dev
	fi
	if ! z3_present; then
		echo "setup: apt-get installed libz3-dev but z3.h or libz3.so is still missing." >&2
		z3_howto
		exit 1
	fi
fi

go mod download
