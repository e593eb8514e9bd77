#!/bin/sh
# Runs every fuzz target for N seconds each (scripts/fuzz.sh BUILD N).
# Corpora live in BUILD/fuzz-corpus/<target> and grow from run to run;
# hand-made seeds in fuzz/corpus/<target> (valid messages) start them off.
set -eu
B=${1:-build-fuzz}
SECONDS_EACH=${2:-20}
status=0
for f in "$B"/fuzz/fuzz_*; do
	[ -x "$f" ] || continue
	name=$(basename "$f")
	corpus="$B/fuzz-corpus/$name"
	mkdir -p "$corpus"
	seeds=$(dirname "$0")/../fuzz/corpus/$name
	[ -d "$seeds" ] || seeds=
	echo "== $name: ${SECONDS_EACH}s"
	if ! "$f" -max_total_time="$SECONDS_EACH" -print_final_stats=1 \
		-artifact_prefix="$B/fuzz-corpus/$name-" "$corpus" $seeds \
		>"$B/fuzz-corpus/$name.log" 2>&1; then
		tail -40 "$B/fuzz-corpus/$name.log"
		status=1
	else
		grep -E 'stat::number_of_executed_units' "$B/fuzz-corpus/$name.log" || true
	fi
done
exit $status
