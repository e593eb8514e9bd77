#!/bin/sh
# make bench: run the benchmarks and merge their JSON arrays into one file,
# B/bench/results.json, whose path is the last line printed.
set -eu
B=${1:-build}
mkdir -p "$B/bench"
"$B/bench/bench_invoke" "$B/bench/invoke.json"
echo
"$B/bench/bench_scaling" "$B/bench/scaling.json"

# Each program writes "[", one entry per line, "]": join the entries.
for f in "$B/bench/invoke.json" "$B/bench/scaling.json"; do
	if [ "$(head -n 1 "$f")" != "[" ] || [ "$(tail -n 1 "$f")" != "]" ]; then
		echo "bench.sh: $f is not a one-entry-per-line JSON array" >&2
		exit 1
	fi
done
{
	echo "["
	sed '1d;$d' "$B/bench/invoke.json" | sed '$s/$/,/'
	sed '1d;$d' "$B/bench/scaling.json"
	echo "]"
} >"$B/bench/results.json.tmp"
mv "$B/bench/results.json.tmp" "$B/bench/results.json"
echo "$B/bench/results.json"
