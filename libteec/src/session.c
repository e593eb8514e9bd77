// SPDX-License-Identifier: BSD-2-Clause
/*
 * Sessions: TEEC_OpenSession(), TEEC_InvokeCommand() and
 * TEEC_CloseSession() as TEE_IOC_OPEN_SESSION, TEE_IOC_INVOKE and
 * TEE_IOC_CLOSE_SESSION (docs/abi.md §1.4, §6.4).
 *
 * Both calls always pass 4 params (buf_len 184 and 152).  Their result and
 * origin: TEEC_ORIGIN_API for what this library refuses before calling,
 * TEEC_ORIGIN_COMMS with the errno mapping when the ioctl fails (or when
 * the device refuses the temporary memory of a memref), else ret and
 * ret_origin as the kernel wrote them.
 */
#include <string.h>
#include <sys/types.h>

#include <tbx/uuid.h>

#include "teec_private.h"

_Static_assert(TEEC_OPEN_ARG_LEN == 184, "open session buf_len");
_Static_assert(TEEC_INVOKE_ARG_LEN == 152, "invoke buf_len");
_Static_assert(sizeof(gid_t) <= TEE_IOCTL_UUID_LEN, "gid_t in clnt_uuid");

static bool is_group_login(uint32_t method)
{
	return method == TEEC_LOGIN_GROUP ||
	       method == TEEC_LOGIN_GROUP_APPLICATION;
}

static void set_origin(uint32_t *returnOrigin, uint32_t origin)
{
	if (returnOrigin)
		*returnOrigin = origin;
}

/**
 * struct call - one open-session or invoke ioctl
 * @cmd:	TEE_IOC_OPEN_SESSION or TEE_IOC_INVOKE
 * @buf:	the argument buffer, header filled in
 * @params:	its 4 params
 * @ret:	where the kernel writes the result
 * @ret_origin:	where it writes the origin
 * @session_id:	the session a cancellation names
 */
struct call {
	unsigned long cmd;
	struct tee_ioctl_buf_data buf;
	struct tee_ioctl_param *params;
	const uint32_t *ret;
	const uint32_t *ret_origin;
	uint32_t session_id;
};

/*
 * Encodes @op into the params of @c, puts @op in flight, calls, decodes.
 * @handle is the context's, @session the application's.
 */
static TEEC_Result run(struct teec_dev *dev, int handle, struct call *c,
		       TEEC_Operation *op, TEEC_Session *session,
		       uint32_t *origin)
{
	TEEC_SharedMemory tmp[TEEC_CONFIG_PAYLOAD_REF_COUNT];
	struct teec_inflight inflight;
	TEEC_Result res;
	long rc;

	teec_op_begin(&inflight, op, session, dev, c->session_id);
	res = teec_params_from_op(dev, handle, op, c->params, tmp, origin);
	if (res != TEEC_SUCCESS)
		goto out;
	rc = dev->ops->ioctl(dev->tdev, c->cmd, &c->buf);
	if (rc < 0) {
		*origin = TEEC_ORIGIN_COMMS;
		res = teec_errno_result((int)-rc);
		goto out;
	}
	res = *c->ret;
	*origin = *c->ret_origin;
	teec_params_to_op(op, c->params, tmp);
out:
	teec_op_end(&inflight);
	teec_params_release(dev, tmp);
	return res;
}

TEEC_Result TEEC_OpenSession(TEEC_Context *context, TEEC_Session *session,
			     const TEEC_UUID *destination,
			     uint32_t connectionMethod,
			     const void *connectionData,
			     TEEC_Operation *operation, uint32_t *returnOrigin)
{
	union {
		struct tee_ioctl_open_session_arg arg;
		uint8_t bytes[TEEC_OPEN_ARG_LEN];
	} buf;
	struct tee_ioctl_open_session_arg *arg = &buf.arg;
	struct call c = {
		.cmd = TEE_IOC_OPEN_SESSION,
		.buf = {.buf_ptr = (uintptr_t)&buf, .buf_len = sizeof(buf)},
		.params = arg->params,
		.ret = &arg->ret,
		.ret_origin = &arg->ret_origin,
		.session_id = 0, /* a cancellation while opening */
	};
	uint32_t origin = TEEC_ORIGIN_API;
	struct teec_dev *dev;
	TEEC_Result res;

	if (!context || !session || !destination ||
	    (is_group_login(connectionMethod) && !connectionData)) {
		set_origin(returnOrigin, TEEC_ORIGIN_API);
		return TEEC_ERROR_BAD_PARAMETERS;
	}
	dev = teec_dev_get(context->imp.fd, false);
	if (!dev) {
		set_origin(returnOrigin, TEEC_ORIGIN_API);
		return TEEC_ERROR_BAD_PARAMETERS;
	}
	memset(&buf, 0, sizeof(buf));
	/* RFC 4122 big-endian octets (docs/abi.md §6.4). */
	tbx_uuid_to_octets(arg->uuid, destination);
	/*
	 * Other logins go to the kernel as they are: it works out the client
	 * identity itself and refuses what it does not support (§2).
	 */
	arg->clnt_login = connectionMethod;
	if (is_group_login(connectionMethod))
		memcpy(arg->clnt_uuid, connectionData, sizeof(gid_t));
	arg->cancel_id = 0;
	arg->num_params = TEEC_CONFIG_PAYLOAD_REF_COUNT;
	session->imp.ctx = context;
	session->imp.session_id = 0;
	res = run(dev, context->imp.fd, &c, operation, session, &origin);
	if (res == TEEC_SUCCESS)
		session->imp.session_id = arg->session;
	else
		session->imp.ctx = NULL;
	teec_dev_put(dev);
	set_origin(returnOrigin, origin);
	return res;
}

TEEC_Result TEEC_InvokeCommand(TEEC_Session *session, uint32_t commandID,
			       TEEC_Operation *operation,
			       uint32_t *returnOrigin)
{
	union {
		struct tee_ioctl_invoke_arg arg;
		uint8_t bytes[TEEC_INVOKE_ARG_LEN];
	} buf;
	struct tee_ioctl_invoke_arg *arg = &buf.arg;
	struct call c = {
		.cmd = TEE_IOC_INVOKE,
		.buf = {.buf_ptr = (uintptr_t)&buf, .buf_len = sizeof(buf)},
		.params = arg->params,
		.ret = &arg->ret,
		.ret_origin = &arg->ret_origin,
	};
	uint32_t origin = TEEC_ORIGIN_API;
	struct teec_dev *dev = NULL;
	int handle;
	TEEC_Result res;

	if (session && session->imp.ctx)
		dev = teec_dev_get(session->imp.ctx->imp.fd, false);
	if (!dev) {
		set_origin(returnOrigin, TEEC_ORIGIN_API);
		return TEEC_ERROR_BAD_PARAMETERS;
	}
	handle = session->imp.ctx->imp.fd;
	memset(&buf, 0, sizeof(buf));
	arg->func = commandID;
	arg->session = session->imp.session_id;
	arg->cancel_id = 0;
	arg->num_params = TEEC_CONFIG_PAYLOAD_REF_COUNT;
	c.session_id = session->imp.session_id;
	res = run(dev, handle, &c, operation, session, &origin);
	teec_dev_put(dev);
	set_origin(returnOrigin, origin);
	return res;
}

void TEEC_CloseSession(TEEC_Session *session)
{
	struct tee_ioctl_close_session_arg arg;
	struct teec_dev *dev;

	if (!session || !session->imp.ctx)
		return;
	dev = teec_dev_get(session->imp.ctx->imp.fd, false);
	if (dev) {
		arg.session = session->imp.session_id;
		/* Nothing to tell the caller: the session is gone either way. */
		dev->ops->ioctl(dev->tdev, TEE_IOC_CLOSE_SESSION, &arg);
		teec_dev_put(dev);
	}
	session->imp.ctx = NULL;
	session->imp.session_id = 0;
}
