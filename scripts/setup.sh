#!/usr/bin/env bash
# Installs what numpred needs on a fresh machine: the Go modules and
# Debian's libz3-dev (the smt package's cgo binding links -lz3), plus, for
# tests only and when it can, gcc-multilib (replaying ILP32 counterexamples
# with gcc -m32; those tests skip without it). Idempotent and quick when
# everything is there.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v go >/dev/null 2>&1; then
	echo "setup: Go is not installed (need Go >= $(awk '/^go /{print $2}' go.mod))" >&2
	exit 1
fi

apt_install() {
	if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
		return 1
	fi
	export DEBIAN_FRONTEND=noninteractive
	apt-get install -y -q "$@" >/dev/null 2>&1 ||
		{ apt-get update -q >/dev/null 2>&1 && apt-get install -y -q "$@" >/dev/null 2>&1; }
}

if [ ! -f /usr/include/z3.h ]; then
	echo "setup: installing libz3-dev (Z3's C API, for the smt package)" >&2
	if ! apt_install libz3-dev; then
		echo "setup: libz3-dev is missing and could not be installed: as root, run 'apt-get install libz3-dev' (Debian/Ubuntu), or install Z3 >= 4.8 with its headers so that cgo finds z3.h and -lz3" >&2
		exit 1
	fi
fi

# Optional: 32-bit gcc for replaying ILP32 counterexamples in tests.
if command -v gcc >/dev/null 2>&1 && ! echo 'int main(void){return 0;}' | gcc -m32 -x c -o /dev/null - >/dev/null 2>&1; then
	apt_install gcc-multilib || echo "setup: gcc -m32 unavailable (optional: apt-get install gcc-multilib); ILP32 replay tests will skip" >&2
fi

go mod download
