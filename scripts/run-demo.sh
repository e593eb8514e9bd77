#!/bin/sh
# make run: bring teebox up in a private runtime directory, run the
# hello-world client against it, show the status, take it down.
set -eu
B=${1:-build}
TEEBOX="$B/bin/teebox"
RUNDIR=$(mktemp -d /tmp/teebox-run-XXXXXX)

cleanup() {
	"$TEEBOX" down --runtime-dir "$RUNDIR" >/dev/null 2>&1 || true
	rm -rf "$RUNDIR"
}
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
