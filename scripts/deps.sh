#!/bin/sh
# Make sure the packages teebox builds and tests with are installed.
#
# As root, missing packages are installed with apt-get.  Otherwise the
# script stops and prints the one command that installs them.
#
# Usage: scripts/deps.sh [build|test|all]   (default: all)
set -eu

# dtc: the build compiles the example device trees (dts/) that the tests load.
# libp11-kit-dev: the Cryptoki header (p11-kit/pkcs11.h) libckteec is built on.
build_pkgs="cmake make gcc pkg-config libssl-dev libcmocka-dev libfdt-dev libseccomp-dev device-tree-compiler libp11-kit-dev"
# linux-kbuild ships the kernel's scripts/kernel-doc (scripts/kernel-doc-check.sh).
# opensc: pkcs11-tool, which tests/e2e/test_pkcs11_tool.c drives libckteec with.
# openssh-client (ssh-keygen -D) and libengine-pkcs11-openssl (OpenSSL's
# pkcs11 engine, libp11): tests/e2e/test_pkcs11_asym.c uses the token's keys.
# p11-kit: p11-kit list-modules and p11-kit-proxy.so, with which
# tests/install/test_install.sh loads the installed ckteec.module.
test_pkgs="clang libclang-rt-dev gcovr linux-kbuild-6.1 opensc openssh-client libengine-pkcs11-openssl p11-kit"

case "${1:-all}" in
build) want="$build_pkgs" ;;
test | all) want="$build_pkgs $test_pkgs" ;;
*)
	echo "usage: $0 [build|test|all]" >&2
	exit 2
	;;
esac

missing=""
for p in $want; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null |
		grep -q 'install ok installed'; then
		missing="$missing $p"
	fi
done

[ -z "$missing" ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
	echo "teebox: missing packages:$missing (no apt-get here; install them with your package manager)" >&2
	exit 1
fi

if [ "$(id -u)" -ne 0 ]; then
	echo "teebox: missing packages. Install them with:" >&2
	echo "  sudo apt-get update && sudo apt-get install -y$missing" >&2
	exit 1
fi

echo "teebox: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
# A fresh machine may have no package lists yet: refresh and retry once.
if ! apt-get install -y --no-install-recommends $missing >/dev/null; then
	apt-get update >/dev/null
	apt-get install -y --no-install-recommends $missing >/dev/null
fi
