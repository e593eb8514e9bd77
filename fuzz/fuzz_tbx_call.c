// SPDX-License-Identifier: BSD-2-Clause
/*
 * Fuzz target: teed's request decoder.  The input is what a client puts
 * in a lane (a struct tbx_call, header and data); it runs through
 * tbx_call_run() into the TEE core on a test driver's context, as teed
 * runs it, with as many data bytes as the input carries (a header may
 * claim more).  Nothing the client sends may crash teed or leak: the
 * context and everything it made are released after each input and the
 * counted allocations must be back where they were.  The answer carries
 * only what the ioctl wrote: every data byte outside the spans is zero.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drivers/tee/tee_private.h"
#include "kernel/alloc.h"
#include "teed/call.h"
#include "tests/unit/tee_test_driver.h"

static struct testdrv *td;

#define MAX_HANDLES 64

struct fd_table {
	struct tee_shm *shm[MAX_HANDLES];
	int n;
};

static int install_shm_fd(struct tee_uspace *us, struct tee_shm *shm)
{
	struct fd_table *t = us->priv;

	if (t->n == MAX_HANDLES)
		return -24; /* EMFILE */
	t->shm[t->n] = shm;
	return t->n++;
}

static const struct tee_uspace_ops fuzz_ops = {
	.install_shm_fd = install_shm_fd,
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Aborts when the answer holds a byte no span covers. */
static void check_only_spans(const struct tbx_call *call)
{
	size_t base = 0;

	for (uint32_t i = 0; i < call->nregions; i++) {
		const struct tbx_region *r = &call->regions[i];
		size_t pos = 0;

		if (r->nspans > TBX_MAX_SPANS)
			abort();
		for (uint32_t s = 0; s <= r->nspans; s++) {
			size_t end = s < r->nspans ? r->spans[s].off : r->len;

			if (end < pos || end > r->len)
				abort();
			for (; pos < end; pos++)
				if (call->data[base + pos])
					abort();
			if (s < r->nspans)
				pos = end + r->spans[s].len;
		}
		base += r->len;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct tbx_call call;
	const size_t hdr = offsetof(struct tbx_call, data);
	struct fd_table fds = {.n = 0};
	size_t avail = size > hdr ? size - hdr : 0;
	struct tee_context *ctx;
	long live;

	if (!td) {
		struct tee_device *dev;

		td = testdrv_new();
		if (!td || testdrv_add_devices(td))
			abort();
		/*
		 * The device's id table grows on first use and keeps its
		 * memory: grow it now so that growth is not taken for a leak.
		 */
		dev = td->clnt_dev;
		for (int i = 1; i <= 64; i++)
			idr_alloc(&dev->idr, NULL, i, i + 1);
		for (int i = 1; i <= 64; i++)
			idr_remove(&dev->idr, i);
	}
	live = kmem_live();
	memset(&call, 0, sizeof(call));
	memcpy(&call, data, size < sizeof(call) ? size : sizeof(call));

	ctx = teedev_open(td->clnt_dev, NULL);
	if (IS_ERR(ctx))
		abort();
	/* A call into the blocking test function must not hang the run. */
	testdrv_unblock(td);
	tbx_call_run(ctx, &call, avail, &fuzz_ops, &fds);
	check_only_spans(&call);
	for (int i = 0; i < fds.n; i++)
		tee_shm_put(fds.shm[i]);
	teedev_close_context(ctx);
	if (kmem_live() != live) {
		fprintf(stderr, "leak: %ld allocations left by ioctl 0x%x\n",
			kmem_live() - live, call.cmd);
		abort();
	}
	return 0;
}
