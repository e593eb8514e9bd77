// SPDX-License-Identifier: BSD-2-Clause
/* The benchmarks' floor chain; see floor_chain.h. */
#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench/floor_chain.h"
#include <tbx/doorbell.h>

/* The doorbells between process i and i + 1 (0 is the head). */
struct floor_link {
	struct doorbell req;
	struct doorbell resp;
} __attribute__((aligned(64)));

/**
 * struct floor_chain_shared - what the chain's processes share
 * @links:	link i joins process i and i + 1 (the last one is unused)
 * @stop:	set by the head before its last request: the relays pass
 *		that request on and exit instead of answering
 */
struct floor_chain_shared {
	struct floor_link links[FLOOR_CHAIN_PROCS];
	_Atomic int stop;
};

/* Process @i: relays each request down the chain and each answer back up. */
static void relay(struct floor_chain_shared *sh, int i)
{
	struct floor_link *links = sh->links;
	uint32_t req_seen = 0, resp_seen = 0;

	for (;;) {
		doorbell_wait(&links[i - 1].req, req_seen, 0);
		req_seen++;
		if (atomic_load(&sh->stop)) {
			if (i < FLOOR_CHAIN_PROCS - 1)
				doorbell_ring(&links[i].req);
			_exit(0);
		}
		if (i < FLOOR_CHAIN_PROCS - 1) {
			doorbell_ring(&links[i].req);
			doorbell_wait(&links[i].resp, resp_seen, 0);
			resp_seen++;
		}
		doorbell_ring(&links[i - 1].resp);
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

int floor_chain_start(struct floor_chain *c)
{
	pid_t head = getpid();
	int i, err;

	c->seen = 0;
	c->shared = mmap(NULL, sizeof(*c->shared), PROT_READ | PROT_WRITE,
			 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (c->shared == MAP_FAILED)
		return -errno;
	for (i = 0; i < FLOOR_CHAIN_PROCS; i++) {
		doorbell_init(&c->shared->links[i].req);
		doorbell_init(&c->shared->links[i].resp);
	}
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
		doorbell_ring(&c->shared->links[0].req);
	}
	reap(c, i - 1);
	munmap(c->shared, sizeof(*c->shared));
	return err;
}

void floor_chain_round_trip(struct floor_chain *c)
{
	doorbell_ring(&c->shared->links[0].req);
	doorbell_wait(&c->shared->links[0].resp, c->seen, 0);
	c->seen++;
}

int floor_chain_stop(struct floor_chain *c)
{
	int ret;

	atomic_store(&c->shared->stop, 1);
	doorbell_ring(&c->shared->links[0].req);
	ret = reap(c, FLOOR_CHAIN_PROCS - 1);
	munmap(c->shared, sizeof(*c->shared));
	return ret;
}
