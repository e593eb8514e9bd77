// SPDX-License-Identifier: BSD-2-Clause
/*
 * TEEC_RequestCancellation() and the calls it can reach.
 *
 * While TEEC_OpenSession() or TEEC_InvokeCommand() runs, its operation is
 * "in flight": operation->imp.session names the session (as OP-TEE's
 * libteec does) and a record on the calling thread's stack, in the list
 * below, holds what a cancellation needs: the device and the session id.
 * TEEC_RequestCancellation() on another thread looks the operation up in
 * the list, so it never reads the application's session or context
 * structs, which may be gone by the time it runs, and sends TEE_IOC_CANCEL
 * with that session and cancel_id 0 (docs/abi.md §6.4: libteec always passes
 * cancel_id 0).  Once the call returns the record is gone and a request
 * does nothing.
 */
#include <pthread.h>

#include "teec_private.h"

/*
 * inflight_lock protects the list and TEEC_Operation.imp.session of the
 * operations in it.
 */
static pthread_mutex_t inflight_lock = PTHREAD_MUTEX_INITIALIZER;
static struct teec_inflight *inflight;

void teec_op_begin(struct teec_inflight *call, TEEC_Operation *op,
		   TEEC_Session *session, struct teec_dev *dev,
		   uint32_t session_id)
{
	call->op = op;
	call->dev = dev;
	call->session_id = session_id;
	call->prev = NULL;
	if (!op)
		return;
	/* GP: started is set when the operation is on its way to the TEE. */
	__atomic_store_n(&op->started, 1, __ATOMIC_RELEASE);
	pthread_mutex_lock(&inflight_lock);
	op->imp.session = session;
	call->next = inflight;
	if (inflight)
		inflight->prev = call;
	inflight = call;
	pthread_mutex_unlock(&inflight_lock);
}

void teec_op_end(struct teec_inflight *call)
{
	if (!call->op)
		return;
	pthread_mutex_lock(&inflight_lock);
	call->op->imp.session = NULL;
	if (call->prev)
		call->prev->next = call->next;
	else
		inflight = call->next;
	if (call->next)
		call->next->prev = call->prev;
	pthread_mutex_unlock(&inflight_lock);
}

void TEEC_RequestCancellation(TEEC_Operation *operation)
{
	struct tee_ioctl_cancel_arg arg = {.cancel_id = 0};
	struct teec_dev *dev = NULL;
	struct teec_inflight *c;

	if (!operation)
		return;
	pthread_mutex_lock(&inflight_lock);
	for (c = inflight; c; c = c->next) {
		if (c->op == operation) {
			dev = c->dev;
			arg.session = c->session_id;
			/* The call may return while we talk to the device. */
			teec_dev_ref(dev);
			break;
		}
	}
	pthread_mutex_unlock(&inflight_lock);
	if (!dev)
		return;
	/* Only a request: a failure leaves the operation to finish. */
	dev->ops->ioctl(dev->tdev, TEE_IOC_CANCEL, &arg);
	teec_dev_put(dev);
}
