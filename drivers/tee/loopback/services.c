// SPDX-License-Identifier: BSD-2-Clause
/*
 * The loopback TEE's built-in services: what plays the trusted
 * applications.  Each checks its parameter types as a GP TA does
 * (TEE_PARAM_TYPES) and answers with a GlobalPlatform result.  The
 * commands are documented in loopback.h.
 */
#include <errno.h>
#include <string.h>

#include "kernel/err.h"
#include "loopback_private.h"

/* A bit per parameter type, for the masks below. */
#define T(type)	    BIT(TEE_IOCTL_PARAM_ATTR_TYPE_##type)
#define T_NONE	    T(NONE)
#define T_VAL_IN    (T(VALUE_INPUT) | T(VALUE_INOUT))
#define T_VAL_OUT   (T(VALUE_OUTPUT) | T(VALUE_INOUT))
#define T_VAL_INOUT T(VALUE_INOUT)
#define T_MEM_IN    (T(MEMREF_INPUT) | T(MEMREF_INOUT))
#define T_MEM_OUT   (T(MEMREF_OUTPUT) | T(MEMREF_INOUT))

/*
 * True if param n has a type in @allowed[n] for the first @nallowed
 * params, and every further param is NONE.  META is never allowed.
 */
static bool check_types(u32 num_params, const struct tee_param *params,
			const unsigned long *allowed, u32 nallowed)
{
	if (num_params < nallowed)
		return false;
	for (u32 n = 0; n < num_params; n++) {
		unsigned long ok = n < nallowed ? allowed[n] : T_NONE;
		u64 attr = params[n].attr;

		if (attr > TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT ||
		    !(ok & BIT(attr)))
			return false;
	}
	return true;
}

/*
 * Where a memref's bytes are: NULL for an empty or null memref.  The core
 * checked that offset and size lie inside the shm.
 */
static void *memref_va(const struct tee_param *p)
{
	void *va;

	if (!p->u.memref.shm || !p->u.memref.size)
		return NULL;
	va = tee_shm_get_va(p->u.memref.shm, p->u.memref.shm_offs);
	return IS_ERR(va) ? NULL : va;
}

static u32 echo_inc(u32 num_params, struct tee_param *params)
{
	static const unsigned long types[] = {T_VAL_INOUT};
	struct tee_param_value *v;

	/* Only now may params be looked at: with none it is NULL. */
	if (!check_types(num_params, params, types, ARRAY_SIZE(types)))
		return TEEC_ERROR_BAD_PARAMETERS;
	v = &params[0].u.value;
	v->a++;
	v->b++;
	v->c++;
	return TEEC_SUCCESS;
}

static u32 echo_copy(u32 num_params, struct tee_param *params)
{
	static const unsigned long types[] = {T_MEM_IN, T_MEM_OUT};
	struct tee_param_memref *in, *out;
	void *src, *dst;
	size_t len;

	if (!check_types(num_params, params, types, ARRAY_SIZE(types)))
		return TEEC_ERROR_BAD_PARAMETERS;
	in = &params[0].u.memref;
	out = &params[1].u.memref;
	len = in->size;
	/* A null input memref with a size has no bytes to give. */
	if (!in->shm && len)
		return TEEC_ERROR_BAD_PARAMETERS;
	if (out->size < len) {
		/* GP: the size needed goes back with SHORT_BUFFER. */
		out->size = len;
		return TEEC_ERROR_SHORT_BUFFER;
	}
	src = memref_va(&params[0]);
	dst = memref_va(&params[1]);
	if (len && (!src || !dst))
		return TEEC_ERROR_BAD_PARAMETERS;
	/* Both may be the same buffer. */
	if (len)
		memmove(dst, src, len);
	out->size = len;
	return TEEC_SUCCESS;
}

static u32 echo_whoami(const struct loopback_session *sess, u32 num_params,
		       struct tee_param *params)
{
	static const unsigned long types[] = {T(MEMREF_OUTPUT),
					      T(VALUE_OUTPUT)};
	struct tee_param_memref *out;
	void *dst;

	if (!check_types(num_params, params, types, ARRAY_SIZE(types)))
		return TEEC_ERROR_BAD_PARAMETERS;
	out = &params[0].u.memref;
	if (out->size < TEE_IOCTL_UUID_LEN) {
		out->size = TEE_IOCTL_UUID_LEN;
		return TEEC_ERROR_SHORT_BUFFER;
	}
	dst = memref_va(&params[0]);
	if (!dst)
		return TEEC_ERROR_BAD_PARAMETERS;
	memcpy(dst, sess->clnt_uuid, TEE_IOCTL_UUID_LEN);
	out->size = TEE_IOCTL_UUID_LEN;
	params[1].u.value.a = sess->login;
	params[1].u.value.b = sess->node.id;
	params[1].u.value.c = 0;
	return TEEC_SUCCESS;
}

static u32 echo_invoke(struct tee_context *ctx,
		       const struct loopback_session *sess, u32 func,
		       u32 num_params, struct tee_param *params, u32 *origin)
{
	*origin = TEEC_ORIGIN_TRUSTED_APP;
	switch (func) {
	case LOOPBACK_ECHO_CMD_INC:
		return echo_inc(num_params, params);
	case LOOPBACK_ECHO_CMD_COPY:
		return echo_copy(num_params, params);
	case LOOPBACK_ECHO_CMD_WHOAMI:
		return echo_whoami(sess, num_params, params);
	default:
		return TEEC_ERROR_NOT_SUPPORTED;
	}
}

static u32 supp_ask(struct loopback *lb, u32 num_params,
		    struct tee_param *params, u32 *origin)
{
	static const unsigned long types[] = {T_VAL_IN, T(VALUE_OUTPUT)};
	struct tee_param req = {.attr = TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT};
	u32 ret;

	*origin = TEEC_ORIGIN_TRUSTED_APP;
	if (!check_types(num_params, params, types, ARRAY_SIZE(types)))
		return TEEC_ERROR_BAD_PARAMETERS;
	req.u.value.a = params[0].u.value.b;
	req.u.value.b = params[0].u.value.c;
	if (loopback_supp_request(&lb->supp, (u32)params[0].u.value.a, 1, &req,
				  &ret)) {
		*origin = TEEC_ORIGIN_COMMS;
		return TEEC_ERROR_COMMUNICATION;
	}
	params[1].u.value = req.u.value;
	return ret;
}

static u32 supp_invoke(struct tee_context *ctx,
		       const struct loopback_session *sess, u32 func,
		       u32 num_params, struct tee_param *params, u32 *origin)
{
	struct loopback *lb = tee_get_drvdata(ctx->teedev);

	if (func == LOOPBACK_SUPP_CMD_ASK)
		return supp_ask(lb, num_params, params, origin);
	*origin = TEEC_ORIGIN_TRUSTED_APP;
	return TEEC_ERROR_NOT_SUPPORTED;
}

static const struct loopback_service services[] = {
	{.name = "echo", .uuid = LOOPBACK_UUID_ECHO, .invoke = echo_invoke},
	{.name = "supplicant",
	 .uuid = LOOPBACK_UUID_SUPP,
	 .invoke = supp_invoke},
};

const struct loopback_service *
loopback_find_service(const u8 uuid[TEE_IOCTL_UUID_LEN])
{
	for (size_t i = 0; i < ARRAY_SIZE(services); i++)
		if (!memcmp(services[i].uuid, uuid, TEE_IOCTL_UUID_LEN))
			return &services[i];
	return NULL;
}
