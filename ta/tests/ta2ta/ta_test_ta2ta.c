// SPDX-License-Identifier: BSD-2-Clause
/*
 * ta_test_ta2ta_*: one source, three TAs that differ in TA_FLAGS (their
 * user_ta_header_defines.h).  Each is a target of TA-to-TA sessions (the
 * TA2TA_CMD_* below 0x100) and a caller (the rest), driven by
 * tests/e2e/test_ta2ta.c; see ta_ta2ta_cmds.h.  The caller commands check
 * what they get themselves and report the first line that disagrees.
 */
#include <string.h>

#include <tee_internal_api.h>

#include <ta_ta2ta_cmds.h>
#include <user_ta_header_defines.h>

#define MIX_LEN 40

/* Sessions DO_OPEN kept open (closed only when the instance goes). */
static TEE_TASessionHandle kept[TA2TA_KEEP_MAX];

TEE_Result TA_CreateEntryPoint(void)
{
	return TEE_SUCCESS;
}

void TA_DestroyEntryPoint(void)
{
}

TEE_Result TA_OpenSessionEntryPoint(uint32_t param_types,
				    TEE_Param params[TEE_NUM_PARAMS],
				    void **sess_ctx)
{
	(void)sess_ctx;
	/* An open with [inout] value[0] answers like MIX's value. */
	if (TEE_PARAM_TYPE_GET(param_types, 0) == TEE_PARAM_TYPE_VALUE_INOUT) {
		params[0].value.a *= 2;
		params[0].value.b += 1;
	}
	return TEE_SUCCESS;
}

void TA_CloseSessionEntryPoint(void *sess_ctx)
{
	(void)sess_ctx;
}

static TEE_Result mix(uint32_t types, TEE_Param p[TEE_NUM_PARAMS])
{
	const uint8_t *in = p[1].memref.buffer;
	uint8_t *out = p[2].memref.buffer, *io = p[3].memref.buffer;
	size_t n = p[1].memref.size;

	if (types != TEE_PARAM_TYPES(TEE_PARAM_TYPE_VALUE_INOUT,
				     TEE_PARAM_TYPE_MEMREF_INPUT,
				     TEE_PARAM_TYPE_MEMREF_OUTPUT,
				     TEE_PARAM_TYPE_MEMREF_INOUT))
		return TEE_ERROR_BAD_PARAMETERS;
	p[0].value.a *= 2;
	p[0].value.b += 1;
	for (size_t i = 0; i < p[3].memref.size; i++)
		io[i] ^= 0xff;
	if (p[2].memref.size < n) {
		p[2].memref.size = n;
		return TEE_ERROR_SHORT_BUFFER;
	}
	for (size_t i = 0; i < n; i++)
		out[i] = in[n - 1 - i];
	p[2].memref.size = n;
	return TEE_SUCCESS;
}

static TEE_Result identity(uint32_t types, TEE_Param p[TEE_NUM_PARAMS])
{
	TEE_Identity id;
	TEE_Result res;

	if (types != TEE_PARAM_TYPES(TEE_PARAM_TYPE_VALUE_OUTPUT,
				     TEE_PARAM_TYPE_MEMREF_OUTPUT,
				     TEE_PARAM_TYPE_NONE,
				     TEE_PARAM_TYPE_NONE) ||
	    p[1].memref.size < sizeof(id.uuid))
		return TEE_ERROR_BAD_PARAMETERS;
	res = TEE_GetPropertyAsIdentity(TEE_PROPSET_CURRENT_CLIENT,
					"gpd.client.identity", &id);
	if (res)
		return res;
	p[0].value.a = id.login;
	memcpy(p[1].memref.buffer, &id.uuid, sizeof(id.uuid));
	p[1].memref.size = sizeof(id.uuid);
	return TEE_SUCCESS;
}

static TEE_Result wait(TEE_Param p[TEE_NUM_PARAMS])
{
	TEE_UnmaskCancellation();
	return TEE_Wait(p[0].value.a);
}

/* Opens a session to @uuid with no params; *@origin its origin. */
static TEE_Result open(const TEE_UUID *uuid, TEE_TASessionHandle *s,
		       uint32_t *origin)
{
	return TEE_OpenTASession(uuid, TEE_TIMEOUT_INFINITE, 0, NULL, s,
				 origin);
}

static TEE_Result call_back(uint32_t types, TEE_Param p[TEE_NUM_PARAMS])
{
	TEE_TASessionHandle s;
	TEE_UUID uuid;
	uint32_t origin;
	TEE_Result res;

	if (types != TEE_PARAM_TYPES(TEE_PARAM_TYPE_MEMREF_INPUT,
				     TEE_PARAM_TYPE_VALUE_OUTPUT,
				     TEE_PARAM_TYPE_NONE,
				     TEE_PARAM_TYPE_NONE) ||
	    p[0].memref.size != sizeof(uuid))
		return TEE_ERROR_BAD_PARAMETERS;
	memcpy(&uuid, p[0].memref.buffer, sizeof(uuid));
	res = open(&uuid, &s, &origin);
	if (!res)
		res = TEE_InvokeTACommand(s, TEE_TIMEOUT_INFINITE,
					  TA2TA_CMD_NULL, 0, NULL, &origin);
	TEE_CloseTASession(s);
	p[1].value.a = res;
	p[1].value.b = origin;
	return TEE_SUCCESS;
}

/* A self-check of a caller command: report the line, answer GENERIC. */
#define CHECK(cond)                                                            \
	do {                                                                   \
		if (!(cond)) {                                                 \
			rep->value.a = TEE_ERROR_GENERIC;                      \
			rep->value.b = __LINE__;                               \
			goto out;                                              \
		}                                                              \
	} while (0)

/*
 * MIX through a session, with private memory: the input on the stack,
 * the outputs on the heap; a short buffer first, then the right size.
 */
static void do_mix(const TEE_UUID *uuid, TEE_Param *rep)
{
	uint8_t in[MIX_LEN], *out = TEE_Malloc(MIX_LEN, 0);
	uint8_t *io = TEE_Malloc(MIX_LEN, 0);
	TEE_TASessionHandle s = TEE_HANDLE_NULL;
	uint32_t types, origin = 0;
	TEE_Param p[TEE_NUM_PARAMS];
	TEE_Result res;

	types = TEE_PARAM_TYPES(TEE_PARAM_TYPE_VALUE_INOUT, TEE_PARAM_TYPE_NONE,
				TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE);
	CHECK(out && io);
	/* The open's params go both ways too. */
	memset(p, 0, sizeof(p));
	p[0].value.a = 21;
	p[0].value.b = 6;
	res = TEE_OpenTASession(uuid, TEE_TIMEOUT_INFINITE, types, p, &s,
				&origin);
	rep->value.a = res;
	rep->value.b = origin;
	if (res)
		goto out;
	CHECK(s != TEE_HANDLE_NULL && origin == TEE_ORIGIN_TRUSTED_APP);
	CHECK(p[0].value.a == 42 && p[0].value.b == 7);

	for (unsigned int i = 0; i < MIX_LEN; i++) {
		in[i] = (uint8_t)i;
		io[i] = (uint8_t)(0x10 + i);
		out[i] = 0xee;
	}
	types = TEE_PARAM_TYPES(
		TEE_PARAM_TYPE_VALUE_INOUT, TEE_PARAM_TYPE_MEMREF_INPUT,
		TEE_PARAM_TYPE_MEMREF_OUTPUT, TEE_PARAM_TYPE_MEMREF_INOUT);
	p[0].value.a = 5;
	p[0].value.b = 9;
	p[1].memref.buffer = in;
	p[1].memref.size = MIX_LEN;
	p[2].memref.buffer = out;
	p[2].memref.size = MIX_LEN / 2; /* too small */
	p[3].memref.buffer = io;
	p[3].memref.size = MIX_LEN;
	res = TEE_InvokeTACommand(s, TEE_TIMEOUT_INFINITE, TA2TA_CMD_MIX, types,
				  p, &origin);
	CHECK(res == TEE_ERROR_SHORT_BUFFER);
	CHECK(origin == TEE_ORIGIN_TRUSTED_APP);
	CHECK(p[2].memref.size == MIX_LEN); /* the size needed */
	CHECK(p[0].value.a == 10 && p[0].value.b == 10);
	/*
	 * OP-TEE's update_out_param(): min(size returned, size given)
	 * bytes of the bounce buffer come back, zeros here; none past the
	 * buffer given.
	 */
	CHECK(out[0] == 0 && out[MIX_LEN / 2 - 1] == 0);
	CHECK(out[MIX_LEN / 2] == 0xee);
	CHECK(io[0] == (uint8_t)~0x10u &&
	      io[MIX_LEN - 1] == (uint8_t) ~(0x10u + MIX_LEN - 1));

	p[2].memref.size = MIX_LEN;
	res = TEE_InvokeTACommand(s, TEE_TIMEOUT_INFINITE, TA2TA_CMD_MIX, types,
				  p, &origin);
	CHECK(res == TEE_SUCCESS && origin == TEE_ORIGIN_TRUSTED_APP);
	CHECK(p[0].value.a == 20 && p[0].value.b == 11);
	CHECK(p[2].memref.size == MIX_LEN);
	for (unsigned int i = 0; i < MIX_LEN; i++) {
		CHECK(out[i] == MIX_LEN - 1 - i);
		CHECK(io[i] == (uint8_t)(0x10 + i)); /* flipped twice */
		CHECK(in[i] == i);
	}
	/* A null memref and an empty one pass as such. */
	p[1].memref.buffer = NULL;
	p[1].memref.size = 0;
	p[2].memref.size = 0;
	p[3].memref.size = 0;
	res = TEE_InvokeTACommand(s, TEE_TIMEOUT_INFINITE, TA2TA_CMD_MIX, types,
				  p, &origin);
	CHECK(res == TEE_SUCCESS && p[2].memref.size == 0);
	/* A command the target does not know: its answer, its origin. */
	res = TEE_InvokeTACommand(s, TEE_TIMEOUT_INFINITE, TA2TA_CMD_MIX, 0,
				  NULL, &origin);
	CHECK(res == TEE_ERROR_BAD_PARAMETERS &&
	      origin == TEE_ORIGIN_TRUSTED_APP);
	rep->value.a = TEE_SUCCESS;
	rep->value.b = 0;
out:
	TEE_CloseTASession(s);
	TEE_Free(out);
	TEE_Free(io);
}

/* MIX with @n-byte heap buffers: every byte reversed and flipped. */
static void do_big(const TEE_UUID *uuid, size_t n, TEE_Param *rep)
{
	uint8_t *in = TEE_Malloc(n, 0), *out = TEE_Malloc(n, 0);
	uint8_t *io = TEE_Malloc(n, 0);
	TEE_TASessionHandle s = TEE_HANDLE_NULL;
	TEE_Param p[TEE_NUM_PARAMS] = {0};
	uint32_t origin = 0;
	TEE_Result res;

	CHECK(in && out && io && n);
	res = open(uuid, &s, &origin);
	rep->value.a = res;
	rep->value.b = origin;
	if (res)
		goto out;
	for (size_t i = 0; i < n; i++) {
		in[i] = (uint8_t)(i * 7);
		io[i] = (uint8_t)(i * 13);
	}
	p[1].memref.buffer = in;
	p[1].memref.size = n;
	p[2].memref.buffer = out;
	p[2].memref.size = n;
	p[3].memref.buffer = io;
	p[3].memref.size = n;
	res = TEE_InvokeTACommand(s, TEE_TIMEOUT_INFINITE, TA2TA_CMD_MIX,
				  TEE_PARAM_TYPES(TEE_PARAM_TYPE_VALUE_INOUT,
						  TEE_PARAM_TYPE_MEMREF_INPUT,
						  TEE_PARAM_TYPE_MEMREF_OUTPUT,
						  TEE_PARAM_TYPE_MEMREF_INOUT),
				  p, &origin);
	CHECK(res == TEE_SUCCESS && p[2].memref.size == n);
	for (size_t i = 0; i < n; i++) {
		CHECK(out[i] == (uint8_t)((n - 1 - i) * 7));
		CHECK(io[i] == (uint8_t) ~(uint8_t)(i * 13));
	}
	rep->value.a = TEE_SUCCESS;
	rep->value.b = 0;
out:
	TEE_CloseTASession(s);
	TEE_Free(in);
	TEE_Free(out);
	TEE_Free(io);
}

static void do_identity(const TEE_UUID *uuid, TEE_Param p[TEE_NUM_PARAMS])
{
	TEE_Param q[TEE_NUM_PARAMS] = {0};
	TEE_TASessionHandle s;
	TEE_UUID seen;
	uint32_t origin;
	TEE_Result res;

	res = open(uuid, &s, &origin);
	if (!res) {
		q[1].memref.buffer = &seen;
		q[1].memref.size = sizeof(seen);
		res = TEE_InvokeTACommand(
			s, TEE_TIMEOUT_INFINITE, TA2TA_CMD_IDENTITY,
			TEE_PARAM_TYPES(TEE_PARAM_TYPE_VALUE_OUTPUT,
					TEE_PARAM_TYPE_MEMREF_OUTPUT,
					TEE_PARAM_TYPE_NONE,
					TEE_PARAM_TYPE_NONE),
			q, &origin);
		TEE_CloseTASession(s);
	}
	p[1].value.a = res;
	p[1].value.b = origin;
	if (res)
		return;
	p[2].value.a = q[0].value.a;
	memcpy(p[3].memref.buffer, &seen, sizeof(seen));
	p[3].memref.size = sizeof(seen);
}

static void do_open(const TEE_UUID *uuid, TEE_Param p[TEE_NUM_PARAMS])
{
	TEE_TASessionHandle s = (TEE_TASessionHandle)1; /* must be reset */
	uint32_t origin = 0;
	TEE_Result res;
	unsigned int i;

	res = open(uuid, &s, &origin);
	p[1].value.a = res;
	p[1].value.b = origin;
	if (res) {
		if (s != TEE_HANDLE_NULL)
			p[1].value.a = TEE_ERROR_GENERIC;
		return;
	}
	for (i = 0; p[2].value.a && i < TA2TA_KEEP_MAX; i++) {
		if (!kept[i]) {
			kept[i] = s;
			return;
		}
	}
	TEE_CloseTASession(s);
}

static void do_panic(const TEE_UUID *uuid, TEE_Param p[TEE_NUM_PARAMS])
{
	TEE_TASessionHandle s1 = TEE_HANDLE_NULL, s2 = TEE_HANDLE_NULL;
	uint32_t origin = 0;
	TEE_Result res;

	res = open(uuid, &s1, &origin);
	if (!res)
		res = open(uuid, &s2, &origin);
	if (!res)
		res = TEE_InvokeTACommand(s1, TEE_TIMEOUT_INFINITE,
					  TA2TA_CMD_PANIC, 0, NULL, &origin);
	p[1].value.a = res;
	p[1].value.b = origin;
	if (s1 && s2) {
		p[2].value.a =
			TEE_InvokeTACommand(s1, TEE_TIMEOUT_INFINITE,
					    TA2TA_CMD_NULL, 0, NULL, &origin);
		p[2].value.b =
			TEE_InvokeTACommand(s2, TEE_TIMEOUT_INFINITE,
					    TA2TA_CMD_NULL, 0, NULL, &origin);
	}
	TEE_CloseTASession(s1);
	TEE_CloseTASession(s2);
}

static void do_wait(const TEE_UUID *uuid, TEE_Param p[TEE_NUM_PARAMS])
{
	TEE_Param q[TEE_NUM_PARAMS] = {0};
	TEE_TASessionHandle s;
	uint32_t origin;
	TEE_Result res;

	res = open(uuid, &s, &origin);
	if (!res) {
		q[0].value.a = p[2].value.b;
		res = TEE_InvokeTACommand(
			s, p[2].value.a, TA2TA_CMD_WAIT,
			TEE_PARAM_TYPES(
				TEE_PARAM_TYPE_VALUE_INPUT, TEE_PARAM_TYPE_NONE,
				TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE),
			q, &origin);
		TEE_CloseTASession(s);
	}
	p[1].value.a = res;
	p[1].value.b = origin;
}

static void do_call_back(const TEE_UUID *uuid, TEE_Param p[TEE_NUM_PARAMS])
{
	const TEE_UUID self = TA_UUID;
	TEE_Param q[TEE_NUM_PARAMS] = {0};
	TEE_TASessionHandle s;
	uint32_t origin;
	TEE_Result res;

	res = open(uuid, &s, &origin);
	if (!res) {
		q[0].memref.buffer = (void *)&self;
		q[0].memref.size = sizeof(self);
		res = TEE_InvokeTACommand(
			s, TEE_TIMEOUT_INFINITE, TA2TA_CMD_CALL_BACK,
			TEE_PARAM_TYPES(TEE_PARAM_TYPE_MEMREF_INPUT,
					TEE_PARAM_TYPE_VALUE_OUTPUT,
					TEE_PARAM_TYPE_NONE,
					TEE_PARAM_TYPE_NONE),
			q, &origin);
		TEE_CloseTASession(s);
	}
	/* What B got when it called A back. */
	p[1].value.a = res ? res : q[1].value.a;
	p[1].value.b = res ? origin : q[1].value.b;
}

static void do_nulls(const TEE_UUID *uuid, TEE_Param p[TEE_NUM_PARAMS])
{
	TEE_TASessionHandle s;
	uint32_t origin;
	TEE_Result res;

	TEE_Time t0, t1;

	res = open(uuid, &s, &origin);
	TEE_GetSystemTime(&t0);
	for (uint32_t i = 0; !res && i < p[2].value.a; i++)
		res = TEE_InvokeTACommand(s, TEE_TIMEOUT_INFINITE,
					  TA2TA_CMD_NULL, 0, NULL, &origin);
	TEE_GetSystemTime(&t1);
	/* The invokes alone, without the open (a process start). */
	p[2].value.b = (t1.seconds - t0.seconds) * 1000 + t1.millis - t0.millis;
	if (s)
		TEE_CloseTASession(s);
	p[1].value.a = res;
	p[1].value.b = origin;
}

static void hostile(const TEE_UUID *uuid, TEE_Param p[TEE_NUM_PARAMS])
{
	TEE_TASessionHandle s[TA2TA_MAX_SESSIONS + 1] = {0};
	uint32_t origin = 0;
	TEE_Result res = TEE_SUCCESS;
	unsigned int i;

	switch (p[2].value.a) {
	case TA2TA_HOSTILE_BAD_INVOKE:
		TEE_InvokeTACommand((TEE_TASessionHandle)0x1234,
				    TEE_TIMEOUT_INFINITE, 0, 0, NULL, NULL);
		break;
	case TA2TA_HOSTILE_BAD_CLOSE:
		TEE_CloseTASession((TEE_TASessionHandle)0x1234);
		break;
	case TA2TA_HOSTILE_ALIAS: {
		/* The client's MEMREF_INPUT passed on as an OUTPUT. */
		TEE_Param q[TEE_NUM_PARAMS] = {0};

		res = open(uuid, &s[0], &origin);
		q[1].memref.buffer = p[0].memref.buffer;
		q[1].memref.size = p[0].memref.size;
		if (!res)
			res = TEE_InvokeTACommand(
				s[0], TEE_TIMEOUT_INFINITE, TA2TA_CMD_IDENTITY,
				TEE_PARAM_TYPES(TEE_PARAM_TYPE_VALUE_OUTPUT,
						TEE_PARAM_TYPE_MEMREF_OUTPUT,
						TEE_PARAM_TYPE_NONE,
						TEE_PARAM_TYPE_NONE),
				q, &origin);
		break;
	}
	case TA2TA_HOSTILE_TOO_MANY:
		for (i = 0; !res && i <= TA2TA_MAX_SESSIONS; i++)
			res = open(uuid, &s[i], &origin);
		/* Report how many opened and the answer past the bound. */
		p[2].value.b = i;
		for (i = 0; i <= TA2TA_MAX_SESSIONS; i++)
			TEE_CloseTASession(s[i]);
		break;
	default:
		res = TEE_ERROR_NOT_SUPPORTED;
		break;
	}
	p[1].value.a = res;
	p[1].value.b = origin;
}

/* Commands that name a target in [in] memref[0], reply in value[1]. */
static TEE_Result caller(uint32_t cmd, uint32_t types,
			 TEE_Param p[TEE_NUM_PARAMS])
{
	TEE_UUID uuid;

	if (TEE_PARAM_TYPE_GET(types, 0) != TEE_PARAM_TYPE_MEMREF_INPUT ||
	    TEE_PARAM_TYPE_GET(types, 1) != TEE_PARAM_TYPE_VALUE_OUTPUT ||
	    p[0].memref.size != sizeof(uuid))
		return TEE_ERROR_BAD_PARAMETERS;
	memcpy(&uuid, p[0].memref.buffer, sizeof(uuid));
	switch (cmd) {
	case TA2TA_CMD_DO_MIX:
		do_mix(&uuid, &p[1]);
		break;
	case TA2TA_CMD_DO_IDENTITY:
		do_identity(&uuid, p);
		break;
	case TA2TA_CMD_DO_OPEN:
		do_open(&uuid, p);
		break;
	case TA2TA_CMD_DO_BIG:
		do_big(&uuid, p[2].value.a, &p[1]);
		break;
	case TA2TA_CMD_DO_SLEEP_OPEN:
		TEE_Wait(p[2].value.a);
		p[2].value.a = 0; /* keep nothing */
		do_open(&uuid, p);
		break;
	case TA2TA_CMD_DO_PANIC:
		do_panic(&uuid, p);
		break;
	case TA2TA_CMD_DO_WAIT:
		do_wait(&uuid, p);
		break;
	case TA2TA_CMD_DO_CALL_BACK:
		do_call_back(&uuid, p);
		break;
	case TA2TA_CMD_DO_NULLS:
		do_nulls(&uuid, p);
		break;
	case TA2TA_CMD_HOSTILE:
		hostile(&uuid, p);
		break;
	default:
		return TEE_ERROR_NOT_SUPPORTED;
	}
	return TEE_SUCCESS;
}

TEE_Result TA_InvokeCommandEntryPoint(void *sess_ctx, uint32_t cmd,
				      uint32_t types,
				      TEE_Param p[TEE_NUM_PARAMS])
{
	(void)sess_ctx;
	switch (cmd) {
	case TA2TA_CMD_MIX:
		return mix(types, p);
	case TA2TA_CMD_IDENTITY:
		return identity(types, p);
	case TA2TA_CMD_PANIC:
	case TA2TA_CMD_PANIC_SELF:
		TEE_Panic(0x7a2a);
		return TEE_ERROR_GENERIC;
	case TA2TA_CMD_WAIT:
		return wait(p);
	case TA2TA_CMD_NULL:
		return TEE_SUCCESS;
	case TA2TA_CMD_CALL_BACK:
		return call_back(types, p);
	default:
		return caller(cmd, types, p);
	}
}
