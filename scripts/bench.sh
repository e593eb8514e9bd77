#!/bin/sh
# make bench: run the benchmarks twice, free and pinned to one CPU
# (taskset -c 0: teed, the secure world, the TAs and the floors' processes
# are all started by the benchmarks and inherit the affinity), and merge
# their JSON arrays into one file, B/bench/results.json:
#   {"free": [...], "pinned": [...]}
# whose path is the last line printed.  BENCH_MODES="free" (or "pinned")
# runs one setting only.
set -eu
B=${1:-build}
MODES=${BENCH_MODES:-free pinned}
PARTS="invoke scaling tempref lifecycle crypto pkcs11 storage ta2ta"

run_mode() {
	mode=$1
	mkdir -p "$B/bench/$mode"
	case $mode in
	free) pin= ;;
	pinned) pin="taskset -c 0" ;;
	*)
		echo "bench.sh: unknown mode $mode" >&2
		exit 1
		;;
	esac
	echo "== $mode${pin:+ ($pin)}"
	for p in $PARTS; do
		$pin "$B/bench/bench_$p" "$B/bench/$mode/$p.json"
		echo
	done
	# Each program writes "[", one entry per line, "]".
	for p in $PARTS; do
		f="$B/bench/$mode/$p.json"
		if [ "$(head -n 1 "$f")" != "[" ] ||
		   [ "$(tail -n 1 "$f")" != "]" ]; then
			echo "bench.sh: $f is not a one-entry-per-line JSON array" >&2
			exit 1
		fi
	done
}

# The entries of one mode's parts, comma-joined, one per line.
entries() {
	mode=$1
	last=$(echo $PARTS | awk '{print $NF}')
	for p in $PARTS; do
		if [ "$p" = "$last" ]; then
			sed '1d;$d' "$B/bench/$mode/$p.json"
		else
			sed '1d;$d' "$B/bench/$mode/$p.json" | sed '$s/$/,/'
		fi
	done
}

for m in $MODES; do
	run_mode "$m"
done
{
	echo "{"
	lastmode=$(echo $MODES | awk '{print $NF}')
	for m in $MODES; do
		echo "\"$m\": ["
		entries "$m"
		if [ "$m" = "$lastmode" ]; then echo "]"; else echo "],"; fi
	done
	echo "}"
} >"$B/bench/results.json.tmp"
mv "$B/bench/results.json.tmp" "$B/bench/results.json"
echo "$B/bench/results.json"
