#!/bin/sh
# make run: build what the demo runs (and nothing else), bring teebox up
# in a private runtime directory, run the hello-world client against it,
# show the status, take it down.
#
# usage: run-demo.sh BUILD_DIR [TARGET...]
# With TARGETs, BUILD_DIR is configured if it is not yet and the targets
# are built first; what cmake says goes to BUILD_DIR/run-build.log and is
# shown only when it fails, so the output is the demo's.
set -eu
B=${1:-build}
[ $# -gt 0 ] && shift
TEEBOX="$B/bin/teebox"
RUNDIR=""

build_demo() {
	log="$B/run-build.log"
	mkdir -p "$B"
	: >"$log"
	echo "== building the demo (cmake's output: $log)"
	if [ ! -f "$B/CMakeCache.txt" ]; then
		# shellcheck disable=SC2086 # CMAKE_FLAGS is a list of flags
		cmake -S . -B "$B" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
			${CMAKE_FLAGS:-} >>"$log" 2>&1 || {
			tail -n 40 "$log" >&2
			echo "teebox: configuring $B failed (all of it in $log)" >&2
			exit 1
		}
	fi
	cmake --build "$B" -j"${JOBS:-2}" --target "$@" >>"$log" 2>&1 || {
		tail -n 40 "$log" >&2
		echo "teebox: building the demo failed (all of it in $log)" >&2
		exit 1
	}
	echo
}

cleanup() {
	[ -n "$RUNDIR" ] || return 0
	"$TEEBOX" down --runtime-dir "$RUNDIR" >/dev/null 2>&1 || true
	rm -rf "$RUNDIR"
}

[ $# -eq 0 ] || build_demo "$@"

RUNDIR=$(mktemp -d /tmp/teebox-run-XXXXXX)
trap cleanup EXIT INT TERM

echo "== teebox up"
"$TEEBOX" up --runtime-dir "$RUNDIR" --ta-dir "$B/optee_armtz"
echo
echo "== teebox status"
"$TEEBOX" status --runtime-dir "$RUNDIR"
echo
echo "== hello_world (a GlobalPlatform client calling a TA)"
"$TEEBOX" exec --runtime-dir "$RUNDIR" -- "$B/bin/hello_world"
echo
echo "== what the secure world logged"
grep -h -e 'TA' -e 'secure world' "$RUNDIR/teed.log" | sed 's/^/  /' || true
echo
echo "== teebox down"
"$TEEBOX" down --runtime-dir "$RUNDIR"
