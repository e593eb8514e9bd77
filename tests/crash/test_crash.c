// SPDX-License-Identifier: BSD-2-Clause
/*
 * Crash consistency of trusted storage (issue 11 item 4).  Each trial
 * brings a teebox up on fresh storage and state directories, drives
 * ta_test_storage through a random mix of creates (with data),
 * writes, truncates, renames and deletes of a few objects of 0 to 100
 * KiB, and at a random moment kills one process of the chain with
 * SIGKILL: teed, teebox-secure, tee-supplicant or the TA.  It then takes
 * what is left down and brings teebox up again on the same directories
 * (what `teebox down; teebox up` does) and checks what the TA finds:
 *
 *  - every operation that returned success is there;
 *  - the one in flight is there completely or not at all (docs/storage.md,
 *    "Atomic update": the header write is the commit point);
 *  - no other object changed, the enumeration lists exactly the objects
 *    that open, and nothing is TEE_ERROR_CORRUPT_OBJECT;
 *  - teed then shuts down cleanly.
 *
 * Trials run in chains of --chain (10) on one storage directory, each
 * starting from what the one before left, leftovers of its crash
 * included; a failure ends its chain and the next starts afresh.
 *
 * usage: test_crash [--trials N] [--seed S] [--ops N] [--chain N]
 *                   [--jobs N] [--keep] [--inject flip|rollback]
 * --jobs N shares the chains out among N processes.
 * Trial i runs with seed S + i; a failure prints the command that replays
 * its chain up to it (the kill moment is a time, so a replay repeats the
 * operations and the victims, not the exact instants).  --keep keeps a
 * failed chain's directories.  --inject adds a deliberate fault to every
 * trial (crash_inject.h); the exit status is then 0 only if every trial
 * was reported as failed.
 */
#include <errno.h>
#include <ftw.h>
#include <getopt.h>
#include <inttypes.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "crash_client.h"
#include "crash_inject.h"
#include "crash_kill.h"
#include "crash_model.h"
#include "tests/e2e/harness.h"

/* How long the processes of a killed teebox may take to go. */
#define GONE_TIMEOUT_MS 20000
/* Requests wait this long for a supplicant that was killed. */
#define SUPP_TIMEOUT_MS 200

struct crash_opts {
	unsigned int trials;
	uint64_t seed;
	unsigned int ops;
	unsigned int chain;
	unsigned int jobs;
	bool keep;
	enum crash_inject inject;
};

struct crash_totals {
	unsigned int trials;
	unsigned int failed;
	unsigned int kills[CRASH_VICTIMS];
	unsigned int in_flight; /* kills that ended an operation */
	unsigned int new_seen;	/* ...whose change was found complete */
	unsigned long ops;
	/* Microseconds an operation takes, to spread kills over a trial. */
	double op_us;
};

/**
 * struct crash_killer - the thread that kills one process of a trial
 * @h:		the teebox
 * @victim:	which process
 * @delay_us:	when, after the thread starts
 * @lock:	protects @now
 * @cond:	signalled when @now is set
 * @now:	kill at once (the operations are over)
 * @fired:	set before the kill: a failure after it is the kill's
 * @thread:	the thread
 */
struct crash_killer {
	const struct harness *h;
	enum crash_victim victim;
	long delay_us;
	pthread_mutex_t lock;
	pthread_cond_t cond;
	bool now;
	atomic_bool fired;
	pthread_t thread;
};

/* One trial's teebox, its directories and its three model states. */
struct crash_trial {
	uint64_t seed;
	struct crash_rng rng;
	struct harness h;
	char base[64];
	char storage[128];
	char state[128];
	enum crash_victim victim;
	/* Before the operation in flight, after it, and what was found. */
	struct crash_state old, new, got;
	bool pending;
	struct crash_op op;
	uint8_t *buf;
	char why[256];
};

static const char *prog;

static long long now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000LL + ts.tv_nsec / 1000;
}

static void kill_victim(struct crash_killer *k)
{
	pid_t pid = crash_victim_pid(k->h, k->victim);

	atomic_store(&k->fired, true);
	if (pid > 0)
		kill(pid, SIGKILL);
}

static void *killer_main(void *arg)
{
	struct crash_killer *k = arg;
	struct timespec at;

	clock_gettime(CLOCK_REALTIME, &at);
	at.tv_sec += k->delay_us / 1000000;
	at.tv_nsec += (k->delay_us % 1000000) * 1000;
	if (at.tv_nsec >= 1000000000) {
		at.tv_sec++;
		at.tv_nsec -= 1000000000;
	}
	pthread_mutex_lock(&k->lock);
	while (!k->now &&
	       pthread_cond_timedwait(&k->cond, &k->lock, &at) != ETIMEDOUT)
		;
	pthread_mutex_unlock(&k->lock);
	kill_victim(k);
	return NULL;
}

static int killer_start(struct crash_killer *k)
{
	pthread_mutex_init(&k->lock, NULL);
	pthread_cond_init(&k->cond, NULL);
	k->now = false;
	atomic_init(&k->fired, false);
	return -pthread_create(&k->thread, NULL, killer_main, k);
}

/* Kill now if the kill has not come yet, and wait for the thread. */
static void killer_finish(struct crash_killer *k)
{
	pthread_mutex_lock(&k->lock);
	k->now = true;
	pthread_cond_signal(&k->cond);
	pthread_mutex_unlock(&k->lock);
	pthread_join(k->thread, NULL);
	pthread_cond_destroy(&k->cond);
	pthread_mutex_destroy(&k->lock);
}

static int fail(struct crash_trial *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int fail(struct crash_trial *t, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(t->why, sizeof(t->why), fmt, ap);
	va_end(ap);
	return -1;
}

static int start(struct crash_trial *t)
{
	struct harness_opts o = {
		.supplicant = true,
		.supp_timeout_ms = SUPP_TIMEOUT_MS,
		.storage_dir = t->storage,
		.state_dir = t->state,
	};
	int rc = harness_start(&t->h, &o);

	return rc ? fail(t, "teebox did not come up: %s", strerror(-rc)) : 0;
}

/*
 * What `teebox down` does to what is left of a teebox: SIGTERM to the
 * supplicant and teed, whose exit status after a kill is not looked at;
 * then every process of the chain must be gone before the next start.
 */
static int take_down(struct crash_trial *t, const pid_t *chain, int n)
{
	pid_t left;

	harness_stop_supplicant(&t->h, true);
	if (t->h.teed > 0) {
		kill(t->h.teed, SIGTERM);
		waitpid(t->h.teed, NULL, 0);
		t->h.teed = 0;
	}
	harness_stop(&t->h);
	left = crash_wait_gone(chain, n, GONE_TIMEOUT_MS);
	if (left) {
		kill(left, SIGKILL);
		return fail(t, "pid %d outlived teed's shutdown", (int)left);
	}
	return 0;
}

/*
 * What an operation takes, to spread the kills over a trial's
 * operations.  One cut short by the kill took at least that long.
 */
static void learn_op_time(struct crash_totals *tot, long long us, bool whole)
{
	double sample = (double)us;

	if (!whole && sample < tot->op_us)
		sample = tot->op_us;
	tot->op_us = 0.8 * tot->op_us + 0.2 * sample;
}

/*
 * The operations until one fails (the kill) or @o->ops are done.
 * Return: 0, or -1 with t->why set if one failed before the kill.
 */
static int run_ops(struct crash_trial *t, struct crash_client *c,
		   struct crash_killer *k, unsigned int ops,
		   struct crash_totals *tot)
{
	enum crash_progress progress;
	TEEC_Result res;
	long long t0;

	for (unsigned int i = 0; i < ops; i++) {
		crash_op_pick(&t->op, &t->old, &t->rng, t->buf);
		crash_state_copy(&t->new, &t->old);
		crash_op_apply(&t->new, &t->op);
		t0 = now_us();
		res = crash_client_run(c, &t->op, &progress);
		tot->ops++;
		if (progress == CRASH_APPLIED)
			crash_state_copy(&t->old, &t->new);
		learn_op_time(tot, now_us() - t0, res == TEEC_SUCCESS);
		if (!res)
			continue;
		if (!k || !atomic_load(&k->fired))
			return fail(t,
				    "%s obj-%u failed (0x%08x) before any kill",
				    crash_op_name(t->op.kind), t->op.obj, res);
		t->pending = progress == CRASH_SENT;
		tot->in_flight++;
		break;
	}
	return 0;
}

/* The next start finds exactly the old state, or the new one if pending. */
static int check(struct crash_trial *t, struct crash_totals *tot)
{
	struct crash_client c;
	TEEC_Result res;
	int diff;

	res = crash_client_open(&c);
	if (res) {
		crash_client_close(&c);
		return fail(t, "no session after the restart: 0x%08x", res);
	}
	res = crash_client_read_state(&c, &t->got, t->why, sizeof(t->why));
	crash_client_close(&c);
	if (res)
		return -1;
	diff = crash_state_diff(&t->got, &t->old);
	if (diff < 0)
		return 0;
	if (t->pending && crash_state_diff(&t->got, &t->new) < 0) {
		tot->new_seen++;
		return 0;
	}
	return fail(t, "obj-%d: %s, %zu bytes found; %s, %zu bytes expected%s",
		    diff, t->got.obj[diff].exists ? "present" : "absent",
		    t->got.obj[diff].len,
		    t->old.obj[diff].exists ? "present" : "absent",
		    t->old.obj[diff].len,
		    t->pending ? " (or the operation in flight done)" : "");
}

/*
 * The operations with a deliberate fault: kill once at least four
 * operations succeeded and an object exists, then damage the files.
 * A rollback must bring back a state other than the last one, or there
 * is nothing to notice: renames can come full circle (obj-3 -> 5 -> 0
 * -> 3), so the operations go on until the objects differ from the
 * snapshot's, kept in t->got until check() reads the real ones.
 */
static int run_injected(struct crash_trial *t, struct crash_client *c,
			const struct crash_opts *o, struct crash_totals *tot,
			char *snap_storage, char *snap_state)
{
	bool rollback = o->inject == CRASH_INJECT_ROLLBACK;
	bool any = false, same = false;
	int rc = 0;

	for (unsigned int n = 0; n < 50 && (n < 4 || !any || same); n++) {
		if (run_ops(t, c, NULL, 1, tot))
			return -1;
		if (n == 0 && rollback) {
			rc = crash_dir_copy(t->storage, snap_storage);
			if (!rc)
				rc = crash_dir_copy(t->state, snap_state);
			crash_state_copy(&t->got, &t->old);
		}
		same = rollback && crash_state_diff(&t->old, &t->got) < 0;
		any = false;
		for (int i = 0; i < CRASH_OBJECTS; i++)
			any |= t->old.obj[i].exists;
	}
	return rc ? fail(t, "snapshot: %s", strerror(-rc)) : 0;
}

static int apply_fault(struct crash_trial *t, const struct crash_opts *o,
		       const char *snap_storage, const char *snap_state)
{
	int rc = 0;

	if (o->inject == CRASH_INJECT_FLIP)
		rc = crash_inject_flip(t->storage);
	else if (o->inject == CRASH_INJECT_ROLLBACK) {
		rc = crash_dir_copy(snap_storage, t->storage);
		if (!rc)
			rc = crash_dir_copy(snap_state, t->state);
	}
	return rc ? fail(t, "injecting the fault: %s", strerror(-rc)) : 0;
}

/* The first teebox of a trial: operations, and one process killed. */
static int crash_phase(struct crash_trial *t, const struct crash_opts *o,
		       struct crash_totals *tot)
{
	char snap_storage[160], snap_state[160];
	struct crash_killer k = {.h = &t->h, .victim = t->victim};
	pid_t chain[CRASH_MAX_CHAIN];
	struct crash_client c;
	int n, rc;

	snprintf(snap_storage, sizeof(snap_storage), "%s/snap-storage",
		 t->base);
	snprintf(snap_state, sizeof(snap_state), "%s/snap-secure", t->base);
	if (crash_client_open(&c)) {
		crash_client_close(&c);
		harness_stop(&t->h);
		return fail(t, "no session to ta_test_storage");
	}
	n = crash_chain_pids(&t->h, chain, CRASH_MAX_CHAIN);
	if (o->inject) {
		rc = run_injected(t, &c, o, tot, snap_storage, snap_state);
		kill_victim(&k);
	} else {
		/* Most kills land in an operation, a few after the last. */
		k.delay_us = (long)crash_rng_below(
			&t->rng, (uint64_t)(0.8 * tot->op_us * o->ops) + 1);
		if (killer_start(&k)) {
			crash_client_close(&c);
			harness_stop(&t->h);
			return fail(t, "no killer thread");
		}
		rc = run_ops(t, &c, &k, o->ops, tot);
		killer_finish(&k);
	}
	crash_client_close(&c);
	if (take_down(t, chain, n) || rc)
		return -1;
	return o->inject ? apply_fault(t, o, snap_storage, snap_state) : 0;
}

static int rm_entry(const char *path, const struct stat *st, int flag,
		    struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

/*
 * One trial on the running teebox: operations, a kill, the restart and
 * the check.  Return: 0 with teebox up again and t->old what it stores,
 * or -1 (t->why says why) with it down.
 */
static int run_trial(struct crash_trial *t, const struct crash_opts *o,
		     struct crash_totals *tot)
{
	int rc;

	t->rng.state = t->seed;
	t->pending = false;
	t->why[0] = '\0';
	t->victim = (enum crash_victim)crash_rng_below(&t->rng, CRASH_VICTIMS);
	tot->kills[t->victim]++;
	rc = crash_phase(t, o, tot);
	if (!rc)
		rc = start(t);
	if (rc)
		return rc;
	rc = check(t, tot);
	if (rc) {
		harness_stop(&t->h);
		return rc;
	}
	/* What was found is where the next trial starts from. */
	crash_state_copy(&t->old, &t->got);
	return 0;
}

static void report_failure(const struct crash_trial *t, uint64_t first,
			   unsigned int n, unsigned int chain)
{
	printf("crash: FAIL seed 0x%016" PRIx64 " (killed %s%s%s obj-%u): %s\n"
	       "crash: replay with %s --seed 0x%016" PRIx64
	       " --trials %u --chain %u\n",
	       t->seed, crash_victim_name(t->victim),
	       t->pending ? " during " : "",
	       t->pending ? crash_op_name(t->op.kind) : ", last op on",
	       t->op.obj, t->why, prog, first, n, chain);
	fflush(stdout);
}

/*
 * Up to @n trials from seed @first on one storage directory: each starts
 * from what the one before left, crash leftovers included.  Stops at the
 * first failure.  Return: the trials run.
 */
static unsigned int run_group(struct crash_trial *t, uint64_t first,
			      unsigned int n, const struct crash_opts *o,
			      struct crash_totals *tot)
{
	unsigned int i = 0;

	t->seed = first;
	crash_state_clear(&t->old);
	snprintf(t->base, sizeof(t->base), "/tmp/teebox-crash-XXXXXX");
	if (!mkdtemp(t->base)) {
		fail(t, "mkdtemp: %s", strerror(errno));
		goto failed;
	}
	snprintf(t->storage, sizeof(t->storage), "%s/storage", t->base);
	snprintf(t->state, sizeof(t->state), "%s/secure", t->base);
	if (start(t))
		goto failed;
	for (i = 0; i < n; i++) {
		t->seed = first + i;
		if (run_trial(t, o, tot))
			goto failed;
	}
	if (harness_stop(&t->h)) {
		fail(t, "teed did not shut down cleanly");
		i--;
		goto failed;
	}
	nftw(t->base, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
	return n;
failed:
	tot->failed++;
	report_failure(t, first, i + 1, o->chain);
	if (o->keep)
		fprintf(stderr, "crash: kept %s\n", t->base);
	else if (t->base[0])
		nftw(t->base, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
	return i + 1;
}

static void report(const struct crash_totals *tot, const struct crash_opts *o,
		   double seconds)
{
	printf("crash: %u trials, %u failed, %lu operations, %.1f s "
	       "(%.0f ms a trial)\n",
	       tot->trials, tot->failed, tot->ops, seconds,
	       tot->trials ? seconds * 1000 / tot->trials : 0.0);
	printf("crash: kills:");
	for (int v = 0; v < CRASH_VICTIMS; v++)
		printf(" %s %u", crash_victim_name((enum crash_victim)v),
		       tot->kills[v]);
	printf("; %u ended an operation (%u found it complete, the rest "
	       "found it not done)\n",
	       tot->in_flight, tot->new_seen);
	if (o->inject)
		printf("crash: injected fault reported in %u of %u trials\n",
		       tot->failed, tot->trials);
}

static int parse(int argc, char **argv, struct crash_opts *o)
{
	static const struct option longopts[] = {
		{"trials", required_argument, NULL, 't'},
		{"seed", required_argument, NULL, 's'},
		{"ops", required_argument, NULL, 'o'},
		{"chain", required_argument, NULL, 'c'},
		{"jobs", required_argument, NULL, 'j'},
		{"keep", no_argument, NULL, 'k'},
		{"inject", required_argument, NULL, 'i'},
		{NULL, 0, NULL, 0},
	};
	int c;

	*o = (struct crash_opts){
		.trials = 20, .ops = 24, .chain = 10, .jobs = 1};
	o->seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		if (c == 't')
			o->trials = (unsigned int)strtoul(optarg, NULL, 0);
		else if (c == 's')
			o->seed = strtoull(optarg, NULL, 0);
		else if (c == 'o')
			o->ops = (unsigned int)strtoul(optarg, NULL, 0);
		else if (c == 'c')
			o->chain = (unsigned int)strtoul(optarg, NULL, 0);
		else if (c == 'j')
			o->jobs = (unsigned int)strtoul(optarg, NULL, 0);
		else if (c == 'k')
			o->keep = true;
		else if (c == 'i' && !strcmp(optarg, "flip"))
			o->inject = CRASH_INJECT_FLIP;
		else if (c == 'i' && !strcmp(optarg, "rollback"))
			o->inject = CRASH_INJECT_ROLLBACK;
		else
			return -1;
	}
	return optind == argc && o->ops && o->chain && o->jobs && o->jobs <= 64
		       ? 0
		       : -1;
}

/* Worker @j's share of the chains: every o->jobs-th from the j-th on. */
static int run_worker(unsigned int j, const struct crash_opts *o,
		      struct crash_totals *tot)
{
	struct crash_trial t = {0};
	long long t0 = now_us();

	t.buf = malloc(CRASH_MAX_DATA);
	if (!t.buf || crash_state_init(&t.old) || crash_state_init(&t.new) ||
	    crash_state_init(&t.got))
		return -1;
	for (uint64_t first = (uint64_t)j * o->chain; first < o->trials;
	     first += (uint64_t)o->jobs * o->chain) {
		uint64_t end = first + o->chain;

		if (end > o->trials)
			end = o->trials;
		/* After a failure the rest of the chain starts afresh. */
		for (uint64_t at = first; at < end;)
			at += run_group(&t, o->seed + at,
					(unsigned int)(end - at), o, tot);
		tot->trials += (unsigned int)(end - first);
		/* A line per chain: a run cut short still says what it did. */
		printf("crash: [%u] %u trials, %u failed, %lu operations, "
		       "kills %u %u %u %u, %u in an operation, %.0f s\n",
		       j, tot->trials, tot->failed, tot->ops,
		       tot->kills[CRASH_KILL_TEED],
		       tot->kills[CRASH_KILL_SECURE],
		       tot->kills[CRASH_KILL_SUPPLICANT],
		       tot->kills[CRASH_KILL_TA], tot->in_flight,
		       (double)(now_us() - t0) / 1e6);
		fflush(stdout);
	}
	crash_state_free(&t.old);
	crash_state_free(&t.new);
	crash_state_free(&t.got);
	free(t.buf);
	return 0;
}

/*
 * --jobs N: the chains shared out among N processes, each with teeboxes
 * of its own; the trials wait mostly on hand-overs between processes,
 * so several at once use the machine better.  Their totals come back
 * through shared memory.
 */
static int run_jobs(const struct crash_opts *o, struct crash_totals *sum)
{
	size_t size = sizeof(*sum) * o->jobs;
	struct crash_totals *tot;
	int rc = 0, status;

	tot = mmap(NULL, size, PROT_READ | PROT_WRITE,
		   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (tot == MAP_FAILED)
		return -1;
	for (unsigned int j = 0; j < o->jobs; j++) {
		tot[j] = *sum;
		if (fork() == 0)
			_exit(run_worker(j, o, &tot[j]) ? 1 : 0);
	}
	while (wait(&status) > 0)
		if (!WIFEXITED(status) || WEXITSTATUS(status))
			rc = -1;
	for (unsigned int j = 0; j < o->jobs; j++) {
		sum->trials += tot[j].trials;
		sum->failed += tot[j].failed;
		sum->ops += tot[j].ops;
		sum->in_flight += tot[j].in_flight;
		sum->new_seen += tot[j].new_seen;
		for (int v = 0; v < CRASH_VICTIMS; v++)
			sum->kills[v] += tot[j].kills[v];
	}
	munmap(tot, size);
	return rc;
}

int main(int argc, char **argv)
{
	struct crash_totals tot = {.op_us = 20000};
	struct crash_opts o;
	long long t0;
	int rc;

	prog = argv[0];
	if (parse(argc, argv, &o)) {
		fprintf(stderr,
			"usage: %s [--trials N] [--seed S] [--ops N] "
			"[--chain N] [--jobs N] [--keep] "
			"[--inject flip|rollback]\n",
			prog);
		return 2;
	}
	printf("crash: seed 0x%016" PRIx64 ", %u trials of up to %u "
	       "operations, %u at a time\n",
	       o.seed, o.trials, o.ops, o.jobs);
	fflush(stdout);
	t0 = now_us();
	if (o.jobs == 1)
		rc = run_worker(0, &o, &tot);
	else
		rc = run_jobs(&o, &tot);
	if (rc) {
		printf("crash: a worker could not run its trials\n");
		return 1;
	}
	report(&tot, &o, (double)(now_us() - t0) / 1e6);
	if (o.inject)
		return tot.failed == tot.trials ? 0 : 1;
	return tot.failed ? 1 : 0;
}
