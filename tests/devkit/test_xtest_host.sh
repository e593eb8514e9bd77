#!/bin/sh
# test_xtest_host: OP-TEE's regression suite host program (optee_test's
# xtest) builds against teebox's kits as it builds against OP-TEE's:
#
#  1. host_include/conf.h, conf.mk and conf.cmake state the same options,
#     each read by its own consumer (the C preprocessor, make, cmake);
#  2. every header of host_include compiles in one host file beside
#     <tee_client_api.h> with xtest's warning flags (no clashing types);
#  3. xtest_host/ builds with xtest's Makefile lines (include conf.mk,
#     -include conf.h, -I/-L of TA_DEV_KIT_DIR and OPTEE_CLIENT_EXPORT,
#     -lteec -lckteec) and with its CMake lines (conf.cmake from
#     OPTEE_TEST_SDK), and both programs pass their checks.
#
# Usage: test_xtest_host.sh KIT CLIENT_EXPORT WORKDIR [CC...]
# CFLAGS and LDFLAGS from the environment are added, as xtest's Makefile
# adds them (a sanitized teebox build passes its sanitizer flags).
set -u

kit=$1
export=$2
work=$3
shift 3
[ $# -gt 0 ] || set -- cc
src=$(cd "$(dirname "$0")" && pwd)/xtest_host
failed=0

fail() {
	echo "FAIL $*"
	failed=1
}

rm -rf "$work"
mkdir -p "$work" || exit 1
inc=$kit/host_include
for f in conf.h conf.mk conf.cmake; do
	[ -f "$inc/$f" ] || fail "no $inc/$f"
done
[ "$failed" = 0 ] || exit 1

# 1. The three files, as their consumers see them: NAME=VALUE, y for 1.
cpp -dM "$inc/conf.h" | sed -n 's/^#define \(CFG_[A-Za-z0-9_]*\) \(.*\)$/\1=\2/p' |
	sed 's/=1$/=y/' | sort >"$work/conf.h.txt"
printf 'include %s\n$(foreach v,$(sort $(filter CFG_%%,$(.VARIABLES))),$(info $(v)=$($(v))))\nall: ;\n' \
	"$inc/conf.mk" >"$work/conf.mk.make"
# Run from make (make test), make would say which directory it is in.
make --no-print-directory -s -f "$work/conf.mk.make" | sort >"$work/conf.mk.txt"
printf 'include(%s)\nget_cmake_property(vs VARIABLES)\nforeach(v ${vs})\nif(v MATCHES "^CFG_")\nmessage("${v}=${${v}}")\nendif()\nendforeach()\n' \
	"$inc/conf.cmake" >"$work/conf.cmake.cmake"
cmake -P "$work/conf.cmake.cmake" 2>&1 | sort >"$work/conf.cmake.txt"
agree=1
for f in conf.mk conf.cmake; do
	if ! cmp -s "$work/conf.h.txt" "$work/$f.txt"; then
		fail "conf.h and $f differ:"
		diff "$work/conf.h.txt" "$work/$f.txt"
		agree=0
	fi
done
n=$(wc -l <"$work/conf.h.txt")
if [ "$n" -eq 0 ]; then
	fail "conf.h sets no option"
elif [ "$agree" = 1 ]; then
	echo "ok   conf.h, conf.mk, conf.cmake agree on $n options"
fi
for opt in CFG_REE_FS CFG_RPMB_FS CFG_PKCS11_TA CFG_SYSTEM_PTA; do
	grep -qx "$opt=y" "$work/conf.mk.txt" || fail "$opt not y"
done
for opt in CFG_SECURE_DATA_PATH CFG_SECSTOR_TA_MGMT_PTA CFG_GP_SOCKETS; do
	! grep -q "^$opt=" "$work/conf.mk.txt" || fail "$opt set"
done

# 2. All of host_include in one file, with each compiler given.
xflags="-Wall -Wcast-align -Werror -Werror-implicit-function-declaration
	-Wextra -Wfloat-equal -Wformat-nonliteral -Wformat-security -Wformat=2
	-Winit-self -Wmissing-declarations -Wmissing-format-attribute
	-Wmissing-include-dirs -Wmissing-prototypes -Wnested-externs
	-Wpointer-arith -Wshadow -Wstrict-prototypes -Wswitch-default
	-Wwrite-strings -Wno-unused-parameter -Wno-declaration-after-statement
	-Wno-missing-field-initializers -Wno-format-zero-length"
{
	echo '#include <tee_client_api.h>'
	# tee_api_compat.h is tee_internal_api.h's, after it.
	echo '#include <tee_internal_api.h>'
	for h in "$inc"/*.h; do
		echo "#include <$(basename "$h")>"
	done
	echo 'int main(void) { return 0; }'
} >"$work/all_headers.c"
nh=$(ls "$inc"/*.h | wc -l)
for cc in "$@"; do
	# shellcheck disable=SC2086
	if "$cc" -std=gnu11 $xflags ${CFLAGS:-} -include conf.h -I"$export/include" \
		-I"$inc" -c "$work/all_headers.c" -o "$work/all_headers.o"; then
		echo "ok   $cc: the $nh headers of host_include beside tee_client_api.h"
	else
		fail "$cc: host_include headers do not compile together"
	fi
done

# 3. xtest's Makefile lines, then its CMake lines.
mkdir -p "$work/make"
if make -s -C "$src" TA_DEV_KIT_DIR="$kit" OPTEE_CLIENT_EXPORT="$export" \
	O="$work/make"; then
	"$work/make/xtest_kit" || fail "make-built program: checks failed"
else
	fail "the program does not build with xtest's Makefile lines"
fi
if cmake -S "$src" -B "$work/cmake" -DOPTEE_TEST_SDK="$kit" \
	-DOPTEE_CLIENT_EXPORT="$export" >"$work/cmake.log" 2>&1 &&
	cmake --build "$work/cmake" >>"$work/cmake.log" 2>&1; then
	"$work/cmake/xtest_kit" >/dev/null ||
		fail "cmake-built program: checks failed"
	echo "ok   built with xtest's CMake lines (conf.cmake) and run"
else
	cat "$work/cmake.log"
	fail "the program does not build with xtest's CMake lines"
fi

[ "$failed" = 0 ] && echo "PASS" || echo "FAILED"
exit "$failed"
