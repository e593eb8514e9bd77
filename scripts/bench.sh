#!/bin/sh
# make bench: run the benchmarks; the JSON results' path is the last line.
set -eu
B=${1:-build}
mkdir -p "$B/bench"
exec "$B/bench/bench_invoke" "$B/bench/results.json"
