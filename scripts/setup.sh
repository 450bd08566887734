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

# apt_install installs Debian packages, as root with apt-get only, updating
# the package lists when they are missing or stale.
apt_install() {
	if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
		return 1
	fi
	export DEBIAN_FRONTEND=noninteractive
	apt-get install -y -q --no-install-recommends "$@" >/dev/null 2>&1 ||
		{ apt-get update -q >/dev/null 2>&1 && apt-get install -y -q --no-install-recommends "$@" >/dev/null 2>&1; }
}

# z3_present reports whether Z3's header and the link-time library (the
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

if ! z3_present; then
	echo "setup: installing libz3-dev (Z3's C API, for the smt package)" >&2
	if ! apt_install libz3-dev || ! z3_present; then
		cat >&2 <<'EOF'
setup: libz3-dev is missing and could not be installed (this script installs
it only as root with apt-get). numpred's smt package needs Z3 >= 4.8 with its
C headers and library:
  Debian/Ubuntu:  sudo apt-get install -y libz3-dev
  Fedora:         sudo dnf install -y z3-devel
  macOS:          brew install z3   (then set CGO_CFLAGS=-I$(brew --prefix)/include
                                     and CGO_LDFLAGS=-L$(brew --prefix)/lib)
Then run scripts/setup.sh again.
EOF
		exit 1
	fi
fi

# Optional: 32-bit gcc for replaying ILP32 counterexamples in tests.
if command -v gcc >/dev/null 2>&1 && ! echo 'int main(void){return 0;}' | gcc -m32 -x c -o /dev/null - >/dev/null 2>&1; then
	apt_install gcc-multilib || echo "setup: gcc -m32 unavailable (optional: apt-get install gcc-multilib); ILP32 replay tests will skip" >&2
fi

go mod download
