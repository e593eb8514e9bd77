#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# make run shows the demo, not the build (issue 13 item 9): it builds
# only the Makefile's RUN_TARGETS, keeps cmake's output in a log, and
# what it prints is the demo's, short, ending with the TA's answer and
# teebox down.  Run against this build, where the targets are built.
#
# usage: test_make_run.sh SOURCE_DIR BUILD_DIR
set -eu

if [ $# -ne 2 ]; then
	echo "usage: $0 SOURCE_DIR BUILD_DIR" >&2
	exit 2
fi
src=$1
build=$2
out=$(mktemp "${TMPDIR:-/tmp}/test_make_run.XXXXXX")
trap 'rm -f "$out"' EXIT

fail() {
	echo "test_make_run: FAIL: $*" >&2
	sed 's/^/  | /' "$out" >&2
	exit 1
}

targets=$(make -s --no-print-directory -C "$src" run-targets)
for t in teebox teed teebox-secure tee-supplicant hello_world; do
	case " $targets " in
	*" $t "*) ;;
	*) fail "RUN_TARGETS ($targets) lacks $t" ;;
	esac
done
case " $targets " in
*" test_"* | *" bench"* | *" fuzz"*) fail "RUN_TARGETS has tests: $targets" ;;
esac

# shellcheck disable=SC2086 # a list of targets
(cd "$src" && scripts/run-demo.sh "$build" $targets) >"$out" 2>&1 ||
	fail "run-demo.sh exited $?"
if grep -Eq 'Building C|Linking C|^\[ *[0-9]+%\]|^-- ' "$out"; then
	fail "the build's output is in the demo's"
fi
grep -qxF "TA incremented value to 43" "$out" || fail "no answer from the TA"
grep -qF "I/TA: TA_OpenSessionEntryPoint" "$out" ||
	fail "the example TA's IMSG lines are missing (its level is 4)"
grep -qxF "teebox down" "$out" || fail "teebox was not taken down"
lines=$(wc -l <"$out")
[ "$lines" -le 45 ] || fail "$lines lines of output"
echo "make run test passed ($lines lines)"
