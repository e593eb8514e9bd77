// SPDX-License-Identifier: BSD-2-Clause
/* The normal-world side of the SMC conduit; see smc_nw.h. */
#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <tbx/memfd.h>

#include "smc_nw.h"

/* How often a waiting caller checks whether the secure world died. */
#define DEAD_CHECK_MS 200

/*
 * The lane a secure thread of this normal-world thread is parked on, if
 * any: the next SMC of this thread (its RETURN_FROM_RPC) must go there.
 */
static _Thread_local struct {
	struct smc_nw *nw;
	int lane;
} parked_lane = {NULL, -1};

int smc_nw_create(struct smc_nw *nw, unsigned int nlanes)
{
	size_t size = smc_conduit_size(nlanes);
	void *p;
	int fd;

	if (!nlanes || nlanes > SMC_MAX_LANES)
		return -EINVAL;
	memset(nw, 0, sizeof(*nw));
	fd = memfd_new_sealed("teebox-smc-conduit", size, false);
	if (fd < 0)
		return fd;
	p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED) {
		int err = -errno;

		close(fd);
		return err;
	}
	nw->shared = p;
	nw->fd = fd;
	nw->shared->magic = SMC_CONDUIT_MAGIC;
	nw->shared->nlanes = nlanes;
	for (unsigned int i = 0; i < nlanes; i++) {
		doorbell_init(&nw->shared->lanes[i].call);
		doorbell_init(&nw->shared->lanes[i].reply);
	}
	pthread_mutex_init(&nw->lock, NULL);
	pthread_cond_init(&nw->lane_free, NULL);
	atomic_store(&nw->dead, false);
	return 0;
}

void smc_nw_destroy(struct smc_nw *nw)
{
	if (!nw->shared)
		return;
	munmap(nw->shared, smc_conduit_size(nw->shared->nlanes));
	close(nw->fd);
	pthread_cond_destroy(&nw->lane_free);
	pthread_mutex_destroy(&nw->lock);
	nw->shared = NULL;
}

/* Takes a free lane, waiting for one if all are busy; -1 if dead. */
static int lease_lane(struct smc_nw *nw)
{
	int lane = -1;

	pthread_mutex_lock(&nw->lock);
	while (!atomic_load(&nw->dead)) {
		for (unsigned int i = 0; i < nw->shared->nlanes; i++) {
			if (!nw->busy[i]) {
				nw->busy[i] = true;
				lane = (int)i;
				break;
			}
		}
		if (lane >= 0)
			break;
		pthread_cond_wait(&nw->lane_free, &nw->lock);
	}
	pthread_mutex_unlock(&nw->lock);
	return lane;
}

static void release_lane(struct smc_nw *nw, int lane)
{
	pthread_mutex_lock(&nw->lock);
	nw->busy[lane] = false;
	pthread_cond_signal(&nw->lane_free);
	pthread_mutex_unlock(&nw->lock);
}

/* The lane for this thread's next SMC: its parked one, else a free one. */
static int take_lane(struct smc_nw *nw)
{
	int lane;

	if (parked_lane.nw == nw && parked_lane.lane >= 0) {
		lane = parked_lane.lane;
		parked_lane.lane = -1;
		return lane;
	}
	return lease_lane(nw);
}

/* Posts the call and waits for the answer; false if the world died. */
static bool exchange(struct smc_nw *nw, struct smc_lane *lane,
		     const unsigned long a[SMC_NUM_REGS])
{
	uint32_t seen;

	for (int r = 0; r < SMC_NUM_REGS; r++)
		lane->regs[r] = a[r];
	seen = doorbell_seq(&lane->reply);
	doorbell_ring(&lane->call);
	while (doorbell_wait(&lane->reply, seen, DEAD_CHECK_MS) == -ETIMEDOUT)
		if (atomic_load(&nw->dead))
			return false;
	return !atomic_load(&nw->dead);
}

void smc_nw_call(struct smc_nw *nw, const unsigned long a[SMC_NUM_REGS],
		 struct arm_smccc_res *res)
{
	struct smc_lane *lane;
	int i = take_lane(nw);

	memset(res, 0, sizeof(*res));
	res->a0 = (uint32_t)SMCCC_RET_NOT_SUPPORTED;
	if (i < 0)
		return;
	lane = &nw->shared->lanes[i];
	if (!exchange(nw, lane, a)) {
		release_lane(nw, i);
		return;
	}
	res->a0 = (unsigned long)lane->regs[0];
	res->a1 = (unsigned long)lane->regs[1];
	res->a2 = (unsigned long)lane->regs[2];
	res->a3 = (unsigned long)lane->regs[3];
	if (lane->parked) {
		parked_lane.nw = nw;
		parked_lane.lane = i;
	} else {
		release_lane(nw, i);
	}
}

void smc_nw_mark_dead(struct smc_nw *nw)
{
	atomic_store(&nw->dead, true);
	pthread_mutex_lock(&nw->lock);
	pthread_cond_broadcast(&nw->lane_free);
	pthread_mutex_unlock(&nw->lock);
	/* Wake every waiter; each sees dead and fails its call. */
	for (unsigned int i = 0; i < nw->shared->nlanes; i++)
		doorbell_ring(&nw->shared->lanes[i].reply);
}
