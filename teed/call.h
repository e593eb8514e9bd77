/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Running one ioctl a client sent (a struct tbx_call): the decoder of
 * untrusted bytes between the transport and the TEE core.
 */
#ifndef TEEBOX_TEED_CALL_H
#define TEEBOX_TEED_CALL_H

#include <stddef.h>

#include <linux/tee_drv.h>

#include "transport/tbx_proto.h"

/**
 * tbx_call_run() - check @call's header and lengths, run the ioctl on
 * @ctx with its regions as the caller's memory, and leave the answer in
 * @call (ret, and the spans written)
 * @call:	a private copy of what the client sent (never shared memory)
 * @avail:	bytes of @call->data the client actually sent: a header that
 *		claims more is refused with -EINVAL and nothing runs
 * @ops, @priv:	the caller's file table hooks for this path
 *
 * On return the regions' data holds what the ioctl wrote (the spans) and
 * zeroes elsewhere, so an answer built from it carries nothing else; a
 * refused call has no regions left.
 */
void tbx_call_run(struct tee_context *ctx, struct tbx_call *call, size_t avail,
		  const struct tee_uspace_ops *ops, void *priv);

/**
 * tbx_call_data_len() - bytes of region data @call carries, at most
 * TBX_DATA_MAX (meaningful once tbx_call_run() has checked it)
 */
size_t tbx_call_data_len(const struct tbx_call *call);

#endif
