#!/bin/bash
# SPDX-License-Identifier: BSD-2-Clause
#
# The load test: CLIENTS load_client processes, each making INVOKES calls
# (tests/load/load_client.c: sessions opened and closed, shared memory
# allocated and freed on the way) against teed with 2 secure threads,
# while KILLS of them are killed with SIGKILL at random moments.
#
# Afterwards teebox must be back where it was: no session, no shared
# memory, the TA processes, teed's fds (/proc/PID/fd) and threads
# (/proc/PID/task) as at the baseline, teed's RSS within 10 % of it, and
# teed stops cleanly (exit status 0: nothing leaked, limits back at zero).
# The baseline is taken after a warm-up round of the same clients, so
# that memory teed keeps for reuse once it has seen that many clients
# (malloc arenas, thread stacks) is in it.
#
# usage: run-load.sh BIN_DIR LOAD_CLIENT TA_DIR CLIENTS INVOKES KILLS [SEED]
# Prints the figures; exit status 0 when every check passed.
set -u

if [ $# -lt 6 ]; then
	echo "usage: $0 BIN_DIR LOAD_CLIENT TA_DIR CLIENTS INVOKES KILLS [SEED]" >&2
	exit 2
fi
BIN=$1
CLIENT=$2
TA_DIR=$3
CLIENTS=$4
INVOKES=$5
KILLS=$6
SEED=${7:-$$}
THREADS_PER_CLIENT=2
WARMUP_INVOKES=20
# How long teebox may take to give everything back after the last client.
SETTLE_S=30

RANDOM=$SEED
DIR=$(mktemp -d /tmp/teebox-load-XXXXXX) || exit 1
export TEEBOX_RUNTIME_DIR=$DIR
TEED=
SUPP=
FAILED=0
CLIENT_PIDS=()

fail() {
	echo "load: FAIL: $*"
	FAILED=1
}

cleanup() {
	[ ${#CLIENT_PIDS[@]} -gt 0 ] && kill -KILL "${CLIENT_PIDS[@]}" 2>/dev/null
	[ -n "$SUPP" ] && kill -KILL "$SUPP" 2>/dev/null
	[ -n "$TEED" ] && kill -KILL "$TEED" 2>/dev/null
	rm -rf "$DIR"
}
trap cleanup EXIT
# A timeout (ctest) ends the run through the cleanup too.
trap 'exit 1' TERM INT

count_entries() {
	local n
	n=$(ls "$1" 2>/dev/null | wc -l)
	echo "$n"
}

teed_fds() { count_entries "/proc/$TEED/fd"; }
teed_threads() { count_entries "/proc/$TEED/task"; }
teed_rss_kb() { awk '/^VmRSS:/ { print $2 }' "/proc/$TEED/status"; }

secure_world_pid() {
	local p
	for p in $(pgrep -P "$TEED"); do
		if grep -qx 'teebox-secure' "/proc/$p/comm" 2>/dev/null; then
			echo "$p"
			return
		fi
	done
}

# TA processes: the secure world's children named ta:<uuid>.
ta_procs() {
	local sw n=0 p
	sw=$(secure_world_pid)
	[ -z "$sw" ] && { echo 0; return; }
	for p in $(pgrep -P "$sw"); do
		grep -q '^ta:' "/proc/$p/comm" 2>/dev/null && n=$((n + 1))
	done
	echo "$n"
}

# Sessions and shared memory of every open context, as teectl sees them.
sessions() {
	"$BIN/teectl" --json sessions | grep -o '"login":' | wc -l
}
# Shared memory of the clients (tee0); tee-supplicant's on teepriv0 is
# what it keeps for the next SHM_ALLOC (supplicant/shm.c), at most 4.
shms() {
	"$BIN/teectl" --json shm | grep -o '"device":"tee[0-9]' | wc -l
}
supp_shms() {
	"$BIN/teectl" --json shm | grep -o '"device":"teepriv' | wc -l
}

start_teebox() {
	"$BIN/teed" --runtime-dir "$DIR" --threads 2 \
		--secure-world "$BIN/teebox-secure" >"$DIR/teed.out" 2>&1 &
	TEED=$!
	for _ in $(seq 200); do
		grep -q 'ready (' "$DIR/teed.out" 2>/dev/null && break
		sleep 0.05
	done
	grep -q 'ready (' "$DIR/teed.out" || { cat "$DIR/teed.out"; return 1; }
	"$BIN/tee-supplicant" -d --pid-file "$DIR/supp.pid" \
		--ta-path "$TA_DIR" 2>>"$DIR/supp.log" || return 1
	SUPP=$(cat "$DIR/supp.pid")
}

# Runs CLIENTS clients of $1 invokes; kills $2 of them at random moments.
# Sets KILLED and BAD (clients not killed that failed).
run_round() {
	local invokes=$1 kills=$2 pids=() alive i pid victim rc
	KILLED=0
	BAD=0
	declare -A killed=()
	for i in $(seq "$CLIENTS"); do
		"$CLIENT" "$invokes" "$THREADS_PER_CLIENT" $((SEED + i)) \
			2>>"$DIR/clients.log" &
		pids+=($!)
		CLIENT_PIDS=("${pids[@]}")
	done
	while :; do
		alive=()
		for pid in "${pids[@]}"; do
			kill -0 "$pid" 2>/dev/null && [ -z "${killed[$pid]:-}" ] &&
				alive+=("$pid")
		done
		[ ${#alive[@]} -eq 0 ] && break
		sleep 0.0$((RANDOM % 9 + 1))
		if [ "$KILLED" -lt "$kills" ] && [ $((RANDOM % 3)) -eq 0 ]; then
			victim=${alive[$((RANDOM % ${#alive[@]}))]}
			kill -KILL "$victim" 2>/dev/null && {
				killed[$victim]=1
				KILLED=$((KILLED + 1))
			}
		fi
	done
	for pid in "${pids[@]}"; do
		# (quietly: a killed client is no news)
		{ wait "$pid"; } 2>/dev/null
		rc=$?
		if [ -z "${killed[$pid]:-}" ] && [ $rc -ne 0 ]; then
			BAD=$((BAD + 1))
		fi
	done
	CLIENT_PIDS=()
}

# Waits until nothing is held and the counts are back at the baseline.
settle() {
	for _ in $(seq $((SETTLE_S * 10))); do
		[ "$(sessions)" -eq 0 ] && [ "$(shms)" -eq 0 ] &&
			[ "$(ta_procs)" -le "${BASE_TAS:-0}" ] &&
			[ "$(teed_fds)" -le "${BASE_FDS:-0}" ] &&
			[ "$(teed_threads)" -le "${BASE_THREADS:-0}" ] && return 0
		sleep 0.1
	done
	return 1
}

start_teebox || { echo "load: teebox did not come up"; exit 1; }

run_round "$WARMUP_INVOKES" 0 2>/dev/null
[ "$BAD" -eq 0 ] || fail "$BAD clients failed in the warm-up"
BASE_TAS=0 BASE_FDS=100000 BASE_THREADS=100000 settle
BASE_TAS=$(ta_procs)
BASE_FDS=$(teed_fds)
BASE_THREADS=$(teed_threads)
BASE_RSS=$(teed_rss_kb)

T0=$(date +%s.%N)
run_round "$INVOKES" "$KILLS" 2>/dev/null
T1=$(date +%s.%N)
[ "$BAD" -eq 0 ] || fail "$BAD clients not killed failed (clients.log):" \
	"$(sort "$DIR/clients.log" | uniq -c | head -5)"

settle || fail "teebox did not settle within ${SETTLE_S}s"
AFTER_SESS=$(sessions)
AFTER_SHM=$(shms)
AFTER_SUPP_SHM=$(supp_shms)
AFTER_TAS=$(ta_procs)
AFTER_FDS=$(teed_fds)
AFTER_THREADS=$(teed_threads)
AFTER_RSS=$(teed_rss_kb)

printf 'load: %d clients x %d invokes (%d threads each), %d killed, %.1f s\n' \
	"$CLIENTS" "$INVOKES" "$THREADS_PER_CLIENT" "$KILLED" \
	"$(awk "BEGIN { print $T1 - $T0 }")"
echo "load: sessions      after $AFTER_SESS"
echo "load: shm           after $AFTER_SHM (tee-supplicant's kept: $AFTER_SUPP_SHM)"
echo "load: TA processes  baseline $BASE_TAS after $AFTER_TAS"
echo "load: teed fds      baseline $BASE_FDS after $AFTER_FDS"
echo "load: teed threads  baseline $BASE_THREADS after $AFTER_THREADS"
echo "load: teed RSS      baseline ${BASE_RSS} kB after ${AFTER_RSS} kB" \
	"($(awk "BEGIN { printf \"%+.1f\", ($AFTER_RSS - $BASE_RSS) * 100 / $BASE_RSS }") %)"

[ "$AFTER_SESS" -eq 0 ] || fail "sessions left: $AFTER_SESS"
[ "$AFTER_SHM" -eq 0 ] || fail "shared memory left: $AFTER_SHM"
[ "$AFTER_SUPP_SHM" -le 4 ] || fail "tee-supplicant keeps $AFTER_SUPP_SHM shm"
[ "$AFTER_TAS" -le "$BASE_TAS" ] || fail "TA processes: $AFTER_TAS"
[ "$AFTER_FDS" -le "$BASE_FDS" ] || fail "teed fds: $AFTER_FDS"
[ "$AFTER_THREADS" -le "$BASE_THREADS" ] || fail "teed threads: $AFTER_THREADS"
if ldd "$BIN/teed" 2>/dev/null | grep -q libasan; then
	# Its allocator keeps freed memory in quarantine: RSS says nothing.
	echo "load: RSS not checked: AddressSanitizer build"
else
	[ $((AFTER_RSS * 10)) -le $((BASE_RSS * 11)) ] ||
		fail "teed RSS grew more than 10 %"
fi

kill -TERM "$SUPP"
SUPP=
kill -TERM "$TEED"
wait "$TEED"
rc=$?
TEED=
[ $rc -eq 0 ] || fail "teed stopped with status $rc: $(tail -5 "$DIR/teed.out")"
[ $FAILED -eq 0 ] && echo "load: PASS"
exit $FAILED
