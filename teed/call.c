// SPDX-License-Identifier: BSD-2-Clause
/* Running one client ioctl; see call.h. */
#include <errno.h>
#include <string.h>

#include "call.h"
#include "kernel/err.h"
#include "teebox/tee_host.h"

/*
 * Checks the header: region count and lengths within what we carry, and
 * within the @avail bytes of data that actually arrived.
 */
static bool call_ok(const struct tbx_call *call, size_t avail)
{
	size_t len = 0;

	if (call->nregions > TBX_MAX_REGIONS)
		return false;
	if (call->nregions > 0 && call->regions[0].len > TBX_ARG_MAX)
		return false;
	if (call->nregions > 1 && call->regions[1].len > TEE_MAX_ARG_SIZE)
		return false;
	for (uint32_t i = 0; i < call->nregions; i++)
		len += call->regions[i].len;
	return len <= avail;
}

/*
 * Zeroes what the ioctl did not write, so that an answer built from the
 * data carries what this ioctl stored and nothing else.
 */
static void scrub_unwritten(struct tbx_call *call, const struct tee_uspace *us)
{
	size_t base = 0;

	for (uint32_t i = 0; i < call->nregions; i++) {
		const struct tee_uregion *u = &us->regions[i];
		size_t pos = 0;

		for (size_t s = 0; s < u->nspans; s++) {
			memset(call->data + base + pos, 0,
			       u->spans[s].off - pos);
			pos = u->spans[s].off + u->spans[s].len;
		}
		memset(call->data + base + pos, 0, u->len - pos);
		base += u->len;
	}
}

static void report_spans(struct tbx_call *call, const struct tee_uspace *us)
{
	for (uint32_t i = 0; i < call->nregions; i++) {
		const struct tee_uregion *u = &us->regions[i];

		call->regions[i].nspans = (uint32_t)u->nspans;
		for (size_t s = 0; s < u->nspans; s++) {
			call->regions[i].spans[s].off =
				(uint32_t)u->spans[s].off;
			call->regions[i].spans[s].len =
				(uint32_t)u->spans[s].len;
		}
	}
}

void tbx_call_run(struct tee_context *ctx, struct tbx_call *call, size_t avail,
		  const struct tee_uspace_ops *ops, void *priv)
{
	struct tee_uspace us;
	size_t off = 0;
	long ret;

	if (!call_ok(call, avail)) {
		call->ret = -EINVAL;
		call->nregions = 0;
		return;
	}
	tee_uspace_init(&us, ops, priv);
	for (uint32_t i = 0; i < call->nregions; i++) {
		struct tbx_region *r = &call->regions[i];

		/* A writable part outside the region fails here too. */
		if (tee_uspace_add_part(&us, r->uaddr, call->data + off, r->len,
					r->wr_off, r->wr_len)) {
			call->ret = -EFAULT;
			call->nregions = 0;
			return;
		}
		off += r->len;
	}
	ret = tee_ioctl(ctx, call->cmd, call->arg, &us);
	/* The kernel restarts an interrupted call; the caller is gone. */
	call->ret = ret == -ERESTARTSYS ? -EINTR : ret;
	scrub_unwritten(call, &us);
	report_spans(call, &us);
}

size_t tbx_call_data_len(const struct tbx_call *call)
{
	size_t n = 0;

	for (uint32_t i = 0; i < call->nregions && i < TBX_MAX_REGIONS; i++)
		n += call->regions[i].len;
	return n > TBX_DATA_MAX ? TBX_DATA_MAX : n;
}
