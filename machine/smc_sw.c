// SPDX-License-Identifier: BSD-2-Clause
/* The secure-world side of the SMC conduit; see smc_sw.h. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include <tbx/memfd.h>

#include "kernel/alloc.h"
#include "smc_sw.h"

int smc_sw_attach(struct smc_sw *sw, int fd)
{
	struct smc_conduit hdr;
	struct stat st;
	void *p;

	memset(sw, 0, sizeof(*sw));
	if (fstat(fd, &st) || (size_t)st.st_size < sizeof(hdr) ||
	    !memfd_check_sealed(fd, sizeof(hdr)))
		return -EINVAL;
	p = mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_WRITE, MAP_SHARED,
		 fd, 0);
	if (p == MAP_FAILED)
		return -errno;
	memcpy(&hdr, p, sizeof(hdr));
	if (hdr.magic != SMC_CONDUIT_MAGIC || !hdr.nlanes ||
	    hdr.nlanes > SMC_MAX_LANES ||
	    smc_conduit_size(hdr.nlanes) > (size_t)st.st_size) {
		munmap(p, (size_t)st.st_size);
		return -EINVAL;
	}
	sw->shared = p;
	sw->size = (size_t)st.st_size;
	return 0;
}

unsigned int smc_sw_nlanes(const struct smc_sw *sw)
{
	return sw->shared->nlanes;
}

/* Waits for the next call on the lane and loads its registers. */
static void wait_call(struct smc_sw_lane *lane, uint64_t regs[SMC_NUM_REGS])
{
	doorbell_wait(&lane->shared->call, lane->seen, 0);
	lane->seen++;
	for (int r = 0; r < SMC_NUM_REGS; r++)
		regs[r] = lane->shared->regs[r];
}

static void post_reply(struct smc_sw_lane *lane,
		       const uint64_t regs[SMC_NUM_REGS], uint32_t parked)
{
	for (int r = 0; r < 4; r++)
		lane->shared->regs[r] = regs[r];
	lane->shared->parked = parked;
	doorbell_ring(&lane->shared->reply);
}

void smc_sw_rpc(struct smc_sw_lane *lane, uint64_t regs[SMC_NUM_REGS])
{
	post_reply(lane, regs, 1);
	wait_call(lane, regs);
}

static void *lane_thread(void *arg)
{
	struct smc_sw_lane *lane = arg;
	uint64_t regs[SMC_NUM_REGS];

	for (;;) {
		wait_call(lane, regs);
		lane->sw->entry(lane, regs, lane->sw->arg);
		post_reply(lane, regs, 0);
	}
	return NULL;
}

int smc_sw_start(struct smc_sw *sw, smc_sw_entry_fn entry, void *arg)
{
	unsigned int n = sw->shared->nlanes;
	pthread_attr_t attr;
	int rc = 0;

	sw->lanes = kcalloc(n, sizeof(*sw->lanes));
	if (!sw->lanes)
		return -ENOMEM;
	sw->entry = entry;
	sw->arg = arg;
	pthread_attr_init(&attr);
	/* Secure threads run TA loading and crypto: give them room. */
	pthread_attr_setstacksize(&attr, 1024 * 1024);
	for (unsigned int i = 0; i < n && !rc; i++) {
		struct smc_sw_lane *lane = &sw->lanes[i];

		lane->sw = sw;
		lane->index = i;
		lane->shared = &sw->shared->lanes[i];
		lane->seen = doorbell_seq(&lane->shared->call);
		rc = -pthread_create(&lane->thread, &attr, lane_thread, lane);
	}
	pthread_attr_destroy(&attr);
	if (rc)
		return rc;
	atomic_store(&sw->shared->sw_ready, 1);
	return 0;
}
