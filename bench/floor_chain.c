// SPDX-License-Identifier: BSD-2-Clause
/* The benchmarks' floor chain; see floor_chain.h. */
#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <signal.h>
#include <stdatomic.h>
#include <sys/syscall.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench/floor_chain.h"
#include <tbx/doorbell.h>

/*
 * One direction of a link: a doorbell, or a plain futex word (a counter
 * the waiter sleeps on at once and the ringer always wakes: no polling,
 * no yield, no count of sleepers).  The chain uses one or the other.
 */
struct floor_bell {
	struct doorbell db;
	_Atomic uint32_t word;
};

/* The bells between process i and i + 1 (0 is the head). */
struct floor_link {
	struct floor_bell req;
	struct floor_bell resp;
} __attribute__((aligned(64)));

/**
 * struct floor_chain_shared - what the chain's processes share
 * @links:	link i joins process i and i + 1 (the last one is unused)
 * @wake:	how the processes wake each other
 * @stop:	set by the head before its last request: the relays pass
 *		that request on and exit instead of answering
 */
struct floor_chain_shared {
	struct floor_link links[FLOOR_CHAIN_PROCS];
	enum floor_wake wake;
	_Atomic int stop;
};

static long futex(_Atomic uint32_t *uaddr, int op, uint32_t val)
{
	return syscall(SYS_futex, uaddr, op, val, NULL, NULL, 0);
}

static void ring(struct floor_chain_shared *sh, struct floor_bell *b)
{
	if (sh->wake == FLOOR_DOORBELL) {
		doorbell_ring(&b->db);
		return;
	}
	atomic_fetch_add(&b->word, 1);
	futex(&b->word, FUTEX_WAKE, INT_MAX);
}

/* Waits until @b has rung more than @seen times. */
static void wait_ring(struct floor_chain_shared *sh, struct floor_bell *b,
		      uint32_t seen)
{
	if (sh->wake == FLOOR_DOORBELL) {
		doorbell_wait(&b->db, seen, 0);
		return;
	}
	while (atomic_load(&b->word) == seen)
		futex(&b->word, FUTEX_WAIT, seen);
}

/* Process @i: relays each request down the chain and each answer back up. */
static void relay(struct floor_chain_shared *sh, int i)
{
	struct floor_link *links = sh->links;
	uint32_t req_seen = 0, resp_seen = 0;

	for (;;) {
		wait_ring(sh, &links[i - 1].req, req_seen);
		req_seen++;
		if (atomic_load(&sh->stop)) {
			if (i < FLOOR_CHAIN_PROCS - 1)
				ring(sh, &links[i].req);
			_exit(0);
		}
		if (i < FLOOR_CHAIN_PROCS - 1) {
			ring(sh, &links[i].req);
			wait_ring(sh, &links[i].resp, resp_seen);
			resp_seen++;
		}
		ring(sh, &links[i - 1].resp);
	}
}

/* Reaps the first @n relays; 0 when all of them exited 0. */
static int reap(struct floor_chain *c, int n)
{
	int ret = 0;

	for (int i = 0; i < n; i++) {
		int status;

		if (waitpid(c->relays[i], &status, 0) != c->relays[i] ||
		    !WIFEXITED(status) || WEXITSTATUS(status))
			ret = -ECHILD;
	}
	return ret;
}

int floor_chain_start(struct floor_chain *c, enum floor_wake wake)
{
	pid_t head = getpid();
	int i, err;

	c->seen = 0;
	c->shared = mmap(NULL, sizeof(*c->shared), PROT_READ | PROT_WRITE,
			 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (c->shared == MAP_FAILED)
		return -errno;
	for (i = 0; i < FLOOR_CHAIN_PROCS; i++) {
		doorbell_init(&c->shared->links[i].req.db);
		doorbell_init(&c->shared->links[i].resp.db);
		atomic_store(&c->shared->links[i].req.word, 0);
		atomic_store(&c->shared->links[i].resp.word, 0);
	}
	c->shared->wake = wake;
	atomic_store(&c->shared->stop, 0);

	for (i = 1; i < FLOOR_CHAIN_PROCS; i++) {
		pid_t pid = fork();

		if (pid < 0) {
			err = -errno;
			goto err_stop;
		}
		if (pid == 0) {
			prctl(PR_SET_PDEATHSIG, SIGKILL);
			if (getppid() != head)
				_exit(1);
			relay(c->shared, i);
		}
		c->relays[i - 1] = pid;
	}
	return 0;

err_stop:
	/* The relays started so far form a chain of their own: stop it. */
	if (i > 1) {
		atomic_store(&c->shared->stop, 1);
		ring(c->shared, &c->shared->links[0].req);
	}
	reap(c, i - 1);
	munmap(c->shared, sizeof(*c->shared));
	return err;
}

void floor_chain_round_trip(struct floor_chain *c)
{
	ring(c->shared, &c->shared->links[0].req);
	wait_ring(c->shared, &c->shared->links[0].resp, c->seen);
	c->seen++;
}

int floor_chain_stop(struct floor_chain *c)
{
	int ret;

	atomic_store(&c->shared->stop, 1);
	ring(c->shared, &c->shared->links[0].req);
	ret = reap(c, FLOOR_CHAIN_PROCS - 1);
	munmap(c->shared, sizeof(*c->shared));
	return ret;
}
