#!/bin/sh
# make bench: run the benchmarks and merge their JSON arrays into one file,
# B/bench/results.json, whose path is the last line printed.
set -eu
B=${1:-build}
mkdir -p "$B/bench"
PARTS="invoke scaling tempref lifecycle crypto storage ta2ta"
first=1
for p in $PARTS; do
	[ $first = 1 ] || echo
	first=0
	"$B/bench/bench_$p" "$B/bench/$p.json"
done

# Each program writes "[", one entry per line, "]": join the entries.
for p in $PARTS; do
	f="$B/bench/$p.json"
	if [ "$(head -n 1 "$f")" != "[" ] || [ "$(tail -n 1 "$f")" != "]" ]; then
		echo "bench.sh: $f is not a one-entry-per-line JSON array" >&2
		exit 1
	fi
done
{
	echo "["
	last=$(echo $PARTS | awk '{print $NF}')
	for p in $PARTS; do
		if [ "$p" = "$last" ]; then
			sed '1d;$d' "$B/bench/$p.json"
		else
			sed '1d;$d' "$B/bench/$p.json" | sed '$s/$/,/'
		fi
	done
	echo "]"
} >"$B/bench/results.json.tmp"
mv "$B/bench/results.json.tmp" "$B/bench/results.json"
echo "$B/bench/results.json"
