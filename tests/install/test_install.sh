#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# The install test: what `cmake --install` makes must work on its own.
#
#  1. install the build to a temporary prefix;
#  2. check the layout, and that no installed text file and no default
#     path an installed program prints points back at the build or the
#     source tree (the programs find each other relative to themselves,
#     transport/tbx_install.h);
#  3. configure and build the installed hello_world example (TA and
#     client) with a fresh cmake that is given the prefix and nothing
#     else (CMAKE_PREFIX_PATH, PKG_CONFIG_PATH); build a copy of the
#     installed random example with make, OP-TEE's way, against the
#     installed TA dev kit and libteec;
#  4. bring the installed teebox up with the newly signed TA, check that
#     the running teed, secure world and tee-supplicant are the installed
#     ones, run the client directly and through `teebox exec` (the
#     installed shim), run the random client, run the installed teectl,
#     take teebox down.
#
# Any failed step fails the test; the prefix and everything else go
# away at the end either way.
#
# usage: test_install.sh CMAKE BUILD_DIR SOURCE_DIR BINDIR SBINDIR LIBDIR
#                        LIBEXECDIR TADIR DEVKITDIR
# (the directories after SOURCE_DIR relative to the prefix, as the build
# configured them)
set -eu

if [ $# -ne 9 ]; then
	echo "usage: $0 CMAKE BUILD_DIR SOURCE_DIR BINDIR SBINDIR LIBDIR" \
		"LIBEXECDIR TADIR DEVKITDIR" >&2
	exit 2
fi
cmake=$1
build=$(cd "$2" && pwd -P)
src=$(cd "$3" && pwd -P)
bindir=$4
sbindir=$5
libdir=$6
libexecdir=$7
tadir=$8
devkitdir=$9

ta_uuid=8aaaf200-2450-11e4-abe2-0002a5d5c51b
random_uuid=b6c53aba-9669-4668-a7f2-205629d00f86
p11_uuid=fd02c9da-306c-48c7-a49c-bbd827ae86ee

# What the caller's environment says about teebox must not steer the
# installed programs: they are to find everything from the prefix.
unset TEEBOX_RUNTIME_DIR TEEBOX_TA_DIR TEEBOX_STORAGE_DIR TEEBOX_BACKEND \
	LD_PRELOAD LD_LIBRARY_PATH CMAKE_PREFIX_PATH PKG_CONFIG_PATH || true

tmp=$(mktemp -d "${TMPDIR:-/tmp}/teebox-install.XXXXXX")
tmp=$(cd "$tmp" && pwd -P)
prefix=$tmp/prefix
rundir=$tmp/run
example_src=$prefix/share/teebox/examples/hello_world
example=$tmp/hello_world-build
random=$tmp/random

cleanup() {
	status=$?
	for d in "$rundir" "$tmp/run-p11"; do
		if [ -e "$d/teed.pid" ]; then
			"$prefix/$bindir/teebox" down --runtime-dir "$d" \
				>/dev/null 2>&1 || true
		fi
	done
	rm -rf "$tmp"
	exit $status
}
trap cleanup EXIT
trap 'exit 130' INT TERM

step() {
	echo "== $*"
}

fail() {
	echo "test_install: FAIL: $*" >&2
	exit 1
}

# Shows @log and fails with the rest of the arguments.
fail_log() {
	log=$1
	shift
	sed 's/^/  | /' "$log" >&2
	fail "$@"
}

case $tmp/ in
"$build"/* | "$src"/*)
	fail "the temporary directory $tmp is inside the build or source" \
		"tree: set TMPDIR elsewhere" ;;
esac

step "cmake --install $build --prefix $prefix"
"$cmake" --install "$build" --prefix "$prefix" >"$tmp/install.log" 2>&1 ||
	fail_log "$tmp/install.log" "cmake --install failed"

step "installed layout"
for f in \
	"$bindir/teebox" "$bindir/teebox-sign" \
	"$sbindir/teed" "$sbindir/tee-supplicant" "$sbindir/teectl" \
	"$libexecdir/teebox-secure" "$libexecdir/teebox-ta-zygote"; do
	[ -x "$prefix/$f" ] || fail "$f is not installed (or not executable)"
done
for f in \
	"$libdir/libteec.so.2" "$libdir/libteec.so" \
	"$libdir/pkgconfig/teec.pc" \
	"$libdir/libckteec.so.0" "$libdir/libckteec.so" \
	"$libdir/pkgconfig/ckteec.pc" share/p11-kit/modules/ckteec.module \
	include/pkcs11.h include/pkcs11_ta.h "$tadir/$p11_uuid.ta" \
	include/tee_client_api.h include/tee_client_api_extensions.h \
	"$libdir/teebox/libteebox-preload.so" "$libdir/teebox/libutee.a" \
	include/teebox/ta/tee_internal_api.h \
	include/teebox/ta/user_ta_header.h \
	share/teebox/ta/user_ta_header.c \
	"$libdir/cmake/TeeboxTA/TeeboxTAConfig.cmake" \
	"$libdir/cmake/TeeboxTA/TeeboxTAConfigVersion.cmake" \
	"$libdir/cmake/TeeboxTA/TeeboxTA.cmake" \
	share/teebox/examples/hello_world/CMakeLists.txt \
	share/man/man1/teebox.1 share/man/man1/teebox-sign.1 \
	share/man/man8/teed.8 share/man/man8/tee-supplicant.8 \
	share/man/man8/teectl.8 \
	share/doc/teebox/README.md share/doc/teebox/security.md \
	share/doc/teebox/storage.md share/doc/teebox/ta-developer-guide.md \
	share/doc/teebox/ta-image-format.md \
	lib/systemd/system/teed.service \
	lib/systemd/system/tee-supplicant.service \
	"$tadir/$ta_uuid.ta" \
	"$devkitdir/mk/ta_dev_kit.mk" "$devkitdir/mk/conf.mk" \
	"$devkitdir/mk/subdir.mk" "$devkitdir/mk/compile.mk" \
	"$devkitdir/mk/link.mk" "$devkitdir/include/tee_internal_api.h" \
	"$devkitdir/include/utee_defines.h" "$devkitdir/lib/libutee.a" \
	"$devkitdir/src/user_ta_header.c" "$devkitdir/keys/default_ta.pem" \
	"$devkitdir/scripts/sign_encrypt.py" \
	share/teebox/examples/random/Makefile \
	share/teebox/examples/random/ta/Makefile \
	share/teebox/examples/random/ta/sub.mk \
	share/teebox/examples/random/host/Makefile \
	share/teebox/examples/keystore/ta/Makefile \
	share/teebox/examples/fido_signer/ta/Makefile \
	share/teebox/examples/gcm_seal/ta/Makefile; do
	[ -f "$prefix/$f" ] || fail "$f is not installed"
done
[ "$(readlink "$prefix/$libdir/libteec.so.2")" = libteec.so.2.0.0 ] ||
	fail "libteec.so.2 is not a link to libteec.so.2.0.0"

# Text files (configs, units, teec.pc, man pages, sources) must not name
# the trees; binaries do (debug information, and the build-tree layout
# tbx_install.c recognises), which is what the next step is about.
if grep -rIlF -e "$build" -e "$src" "$prefix" >"$tmp/refs" 2>/dev/null; then
	fail_log "$tmp/refs" "installed files name the build or source tree"
fi
grep -q "^ExecStart=$prefix/$sbindir/teed " \
	"$prefix/lib/systemd/system/teed.service" ||
	fail "teed.service does not start $prefix/$sbindir/teed"
grep -q "^ExecStart=$prefix/$sbindir/tee-supplicant " \
	"$prefix/lib/systemd/system/tee-supplicant.service" ||
	fail "tee-supplicant.service does not start the installed tee-supplicant"
grep -q '^Requires=teed.service' \
	"$prefix/lib/systemd/system/tee-supplicant.service" &&
	grep -q '^After=teed.service' \
		"$prefix/lib/systemd/system/tee-supplicant.service" ||
	fail "tee-supplicant.service is not ordered after teed.service"
grep -q '^Type=notify' "$prefix/lib/systemd/system/tee-supplicant.service" ||
	fail "tee-supplicant.service is not Type=notify (it sends READY=1)"

step "--version of every installed program"
# One version for all, the project's (issue 13 item 5).
version=$(sed -n 's/^project(teebox VERSION \([0-9.]*\).*/\1/p' \
	"$src/CMakeLists.txt")
[ -n "$version" ] || fail "no project version in $src/CMakeLists.txt"
nprogs=0
for f in "$prefix/$bindir"/* "$prefix/$sbindir"/* \
	"$prefix/$libexecdir"/*; do
	[ -f "$f" ] && [ -x "$f" ] || continue
	name=${f##*/}
	out=$("$f" --version) || fail "$name --version exited $?"
	[ "$out" = "$name (teebox) $version" ] ||
		fail "$name --version printed '$out'"
	nprogs=$((nprogs + 1))
done
[ "$nprogs" -ge 6 ] || fail "--version checked only $nprogs programs"

step "installed programs find each other in the prefix"
# Each prints the default it computed from its own location.
"$prefix/$bindir/teebox" up --help | grep -qF "default $prefix/$tadir)" ||
	fail "teebox's default TA directory is not $prefix/$tadir"
"$prefix/$sbindir/tee-supplicant" --help | grep -qF "else $prefix/$tadir" ||
	fail "tee-supplicant's default TA directory is not $prefix/$tadir"
# -t NAME is NAME under the load path, as OP-TEE's --ta-dir.
"$prefix/$sbindir/tee-supplicant" --help |
	grep -qF "name under ${prefix}/${tadir%/*} [${tadir##*/}]" ||
	fail "tee-supplicant's TA load path is not $prefix/${tadir%/*}"
"$prefix/$sbindir/teed" --help |
	grep -qF "(default $prefix/$libexecdir/teebox-secure)" ||
	fail "teed's default secure world is not the installed one"

step "build the installed example against $prefix only"
CMAKE_PREFIX_PATH=$prefix PKG_CONFIG_PATH=$prefix/$libdir/pkgconfig \
	"$cmake" -S "$example_src" -B "$example" \
	-DCMAKE_BUILD_TYPE=RelWithDebInfo >"$tmp/configure.log" 2>&1 ||
	fail_log "$tmp/configure.log" "configuring the example failed"
"$cmake" --build "$example" >"$tmp/build.log" 2>&1 ||
	fail_log "$tmp/build.log" "building the example failed"
grep -qxF "TeeboxTA_DIR:PATH=$prefix/$libdir/cmake/TeeboxTA" \
	"$example/CMakeCache.txt" ||
	fail "the example did not find TeeboxTA in $prefix"
if grep -rIlF -e "$build" -e "$src" "$example" >"$tmp/refs" 2>/dev/null; then
	fail_log "$tmp/refs" "the example's build names the teebox trees"
fi
ta=$example/optee_armtz/$ta_uuid.ta
[ -f "$ta" ] || fail "the example's signed TA $ta was not made"
"$prefix/$bindir/teebox-sign" verify \
	--key "$prefix/share/teebox/keys/dev_ta_key.pem" \
	--uuid "$ta_uuid" --in "$ta" ||
	fail "the example TA does not verify with the installed key"
ldd "$example/hello_world" | grep -qF "$prefix/$libdir/libteec.so.2" ||
	fail "the example client does not load $prefix/$libdir/libteec.so.2"
# Installed, it must find libteec without LD_LIBRARY_PATH (an RPATH).
"$cmake" --install "$example" --prefix "$tmp/example-prefix" \
	>"$tmp/example-install.log" 2>&1 ||
	fail_log "$tmp/example-install.log" "installing the example failed"
installed_client=$tmp/example-prefix/bin/hello_world
ldd "$installed_client" | grep -qF "$prefix/$libdir/libteec.so.2" ||
	fail "the installed example client does not find $prefix/$libdir/libteec.so.2"

step "build the installed random example with make and the installed dev kit"
# A copy, as its user would make: the prefix is not theirs to write.
cp -R "$prefix/share/teebox/examples/random" "$random"
# OP-TEE's cross-compilation variables are accepted and change nothing.
make -C "$random" TA_DEV_KIT_DIR="$prefix/$devkitdir" \
	PKG_CONFIG_PATH="$prefix/$libdir/pkgconfig" \
	CROSS_COMPILE=aarch64-linux-gnu- >"$tmp/make.log" 2>&1 ||
	fail_log "$tmp/make.log" "make of the random example failed"
[ -f "$random/ta/$random_uuid.ta" ] ||
	fail_log "$tmp/make.log" "make did not sign $random_uuid.ta"
# The .dmp disassembly names libutee's source lines, like the ELF's
# debug information: it is left out.
if grep -rIlF --exclude='*.dmp' -e "$build" -e "$src" "$random" \
	>"$tmp/refs" 2>/dev/null; then
	fail_log "$tmp/refs" "the random example's build names the teebox trees"
fi
"$prefix/$bindir/teebox-sign" verify \
	--key "$prefix/share/teebox/keys/dev_ta_key.pem" \
	--uuid "$random_uuid" --in "$random/ta/$random_uuid.ta" ||
	fail "the random TA does not verify with the installed key"
python3 "$prefix/$devkitdir/scripts/sign_encrypt.py" display \
	--in "$random/ta/$random_uuid.ta" | grep -qx "uuid: *$random_uuid" ||
	fail "the installed scripts/sign_encrypt.py does not run teebox-sign"
cp "$random/ta/$random_uuid.ta" "$example/optee_armtz/"
make -C "$random" TA_DEV_KIT_DIR="$prefix/$devkitdir" clean \
	>"$tmp/make.log" 2>&1 || fail_log "$tmp/make.log" "make clean failed"
[ ! -e "$random/ta/$random_uuid.ta" ] && [ ! -e "$random/ta/random_ta.o" ] &&
	[ ! -e "$random/host/optee_example_random" ] ||
	fail "make clean left the random example's outputs"
make -C "$random" TA_DEV_KIT_DIR="$prefix/$devkitdir" \
	PKG_CONFIG_PATH="$prefix/$libdir/pkgconfig" >"$tmp/make.log" 2>&1 ||
	fail_log "$tmp/make.log" "make of the random example failed again"

step "teebox up (installed) with the example's TA"
"$prefix/$bindir/teebox" up --runtime-dir "$rundir" \
	--ta-dir "$example/optee_armtz" || fail "teebox up failed"

# The running programs are the installed ones.
exe_of() {
	readlink "/proc/$1/exe" || echo "(pid $1 gone)"
}
teed_pid=$(cat "$rundir/teed.pid")
supp_pid=$(cat "$rundir/tee-supplicant.pid")
[ "$(exe_of "$teed_pid")" = "$prefix/$sbindir/teed" ] ||
	fail "teed runs from $(exe_of "$teed_pid")"
[ "$(exe_of "$supp_pid")" = "$prefix/$sbindir/tee-supplicant" ] ||
	fail "tee-supplicant runs from $(exe_of "$supp_pid")"
sw=""
for pid in $(cat /proc/"$teed_pid"/task/*/children); do
	if [ "$(exe_of "$pid")" = "$prefix/$libexecdir/teebox-secure" ]; then
		sw=$pid
	fi
done
[ -n "$sw" ] || fail "teed's secure world is not $prefix/$libexecdir/teebox-secure"

check_client_output() {
	grep -qxF "TA incremented value to 43" "$1" &&
		grep -qxF 'TA says: "Hello from the TEE" (19 bytes)' "$1" ||
		fail_log "$1" "unexpected output from the example client ($2)"
}

step "the example client, linked with the installed libteec"
TEEBOX_RUNTIME_DIR=$rundir "$example/hello_world" >"$tmp/client.out" 2>&1 ||
	fail_log "$tmp/client.out" "the example client failed"
cat "$tmp/client.out"
check_client_output "$tmp/client.out" "libteec"

step "the TAs came from the installed TA zygote"
# It sits beside the secure world, which found it (or says it did not),
# and it is the secure world's child (its name, "ta-zygote": it is not
# dumpable, so its exe link cannot be read).
! grep -q 'no TA zygote' "$rundir/teed.log" ||
	fail_log "$rundir/teed.log" "the secure world found no TA zygote"
zygote=""
for pid in $(cat /proc/"$sw"/task/*/children); do
	[ "$(cat /proc/"$pid"/comm 2>/dev/null)" = ta-zygote ] && zygote=$pid
done
[ -n "$zygote" ] || fail "the secure world has no TA zygote child"

step "the installed example client, without LD_LIBRARY_PATH"
TEEBOX_RUNTIME_DIR=$rundir "$installed_client" >"$tmp/installed.out" 2>&1 ||
	fail_log "$tmp/installed.out" "the installed example client failed"
check_client_output "$tmp/installed.out" "installed client"

step "the example client through teebox exec (the installed shim)"
"$prefix/$bindir/teebox" exec --runtime-dir "$rundir" -- \
	"$example/hello_world" >"$tmp/exec.out" 2>&1 ||
	fail_log "$tmp/exec.out" "teebox exec of the example client failed"
check_client_output "$tmp/exec.out" "teebox exec"

step "the random example's client (make-built, installed libteec)"
TEEBOX_RUNTIME_DIR=$rundir LD_LIBRARY_PATH=$prefix/$libdir \
	"$random/host/optee_example_random" >"$tmp/random.out" 2>&1 ||
	fail_log "$tmp/random.out" "the random example's client failed"
cat "$tmp/random.out"
grep -q '^TA generated UUID value = ' "$tmp/random.out" ||
	fail_log "$tmp/random.out" "unexpected output from the random client"

step "teectl info (installed)"
"$prefix/$sbindir/teectl" --runtime-dir "$rundir" info >"$tmp/info.out" 2>&1 ||
	fail_log "$tmp/info.out" "teectl info failed"
cat "$tmp/info.out"
grep -q tee0 "$tmp/info.out" || fail_log "$tmp/info.out" "teectl info: no tee0"

step "teebox down"
"$prefix/$bindir/teebox" down --runtime-dir "$rundir" ||
	fail_log "$rundir/teed.log" "teebox down failed"
[ ! -e "$rundir/teed.pid" ] || fail "teed.pid is still there after down"
# teed says "stopped" after a clean stop, or what it did not free.
grep -q 'stopped$' "$rundir/teed.log" ||
	fail_log "$rundir/teed.log" "teed did not stop cleanly"

step "libckteec: ckteec.pc, <pkcs11.h>, the p11-kit module file"
# As OP-TEE's optee_client installs them (libckteec/CMakeLists.txt).
pc="env PKG_CONFIG_PATH=$prefix/$libdir/pkgconfig pkg-config"
[ "$($pc --modversion ckteec)" = 0.1.0 ] || fail "ckteec.pc: no version 0.1.0"
$pc --libs ckteec | grep -qF -- "-L$prefix/$libdir -lckteec" ||
	fail "ckteec.pc: libs are '$($pc --libs ckteec)'"
grep -qx "module: $prefix/$libdir/libckteec.so.0" \
	"$prefix/share/p11-kit/modules/ckteec.module" ||
	fail "ckteec.module does not name $prefix/$libdir/libckteec.so.0"
cat >"$tmp/ck.c" <<'EOC'
#include <pkcs11.h>
#include <stdio.h>

int main(void)
{
	CK_FUNCTION_LIST_PTR f = NULL;

	if (C_GetFunctionList(&f) != CKR_OK || f->C_Finalize != C_Finalize)
		return 1;
	printf("Cryptoki %d.%d\n", f->version.major, f->version.minor);
	return 0;
}
EOC
# shellcheck disable=SC2046 # pkg-config's words are meant to split
cc -o "$tmp/ck" "$tmp/ck.c" $($pc --cflags --libs ckteec) \
	>"$tmp/ck.log" 2>&1 || fail_log "$tmp/ck.log" "a ckteec.pc build failed"
LD_LIBRARY_PATH=$prefix/$libdir "$tmp/ck" >"$tmp/ck.out" 2>&1 ||
	fail_log "$tmp/ck.out" "the ckteec.pc-built program failed"
grep -qx "Cryptoki 2.40" "$tmp/ck.out" ||
	fail_log "$tmp/ck.out" "C_GetFunctionList: not Cryptoki 2.40"

step "p11-kit loads the installed module config and sees the tokens"
# p11-kit reads user module configs except as root: there, this test
# puts the installed file alone where p11-kit looks, in a private mount
# namespace.  The token set-up runs the installed PKCS#11 TA.
"$prefix/$bindir/teebox" up --runtime-dir "$tmp/run-p11" >/dev/null ||
	fail "teebox up (installed TAs) failed"
mkdir -p "$tmp/home/.config/pkcs11/modules" "$tmp/p11mods"
cp "$prefix/share/p11-kit/modules/ckteec.module" "$tmp/p11mods/"
cp "$prefix/share/p11-kit/modules/ckteec.module" \
	"$tmp/home/.config/pkcs11/modules/"
p11() {
	if [ "$(id -u)" = 0 ]; then
		TEEBOX_RUNTIME_DIR=$tmp/run-p11 unshare --mount sh -c \
			'mount --bind "$0" /usr/share/p11-kit/modules && exec "$@"' \
			"$tmp/p11mods" "$@"
	else
		HOME=$tmp/home XDG_CONFIG_HOME=$tmp/home/.config \
			TEEBOX_RUNTIME_DIR=$tmp/run-p11 "$@"
	fi
}
p11 p11-kit list-modules >"$tmp/p11kit.out" 2>&1 ||
	fail_log "$tmp/p11kit.out" "p11-kit list-modules failed"
grep -qx "ckteec: $prefix/$libdir/libckteec.so.0" "$tmp/p11kit.out" &&
	grep -qF "library-description: OP-TEE PKCS11 Cryptoki library" \
		"$tmp/p11kit.out" &&
	[ "$(grep -c 'model: OP-TEE TA' "$tmp/p11kit.out")" -eq 3 ] ||
	fail_log "$tmp/p11kit.out" "p11-kit does not list ckteec's 3 tokens"
if command -v pkcs11-tool >/dev/null; then
	proxy=$(pkg-config --variable=proxy_module p11-kit-1)
	p11 pkcs11-tool --module "$proxy" -L >"$tmp/proxy.out" 2>&1 ||
		fail_log "$tmp/proxy.out" "pkcs11-tool through p11-kit-proxy failed"
	grep -qF "OP-TEE PKCS11 TA - TEE UUID" "$tmp/proxy.out" ||
		fail_log "$tmp/proxy.out" "p11-kit-proxy shows no OP-TEE slot"
fi
"$prefix/$bindir/teebox" down --runtime-dir "$tmp/run-p11" ||
	fail "teebox down (installed TAs) failed"

echo "install test passed"
