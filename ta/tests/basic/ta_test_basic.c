// SPDX-License-Identifier: BSD-2-Clause
/*
 * ta_test_basic: exercises the TA runtime from the inside: values and
 * memrefs, panics and crashes, the lifecycle, the heap limit, the
 * sandbox, access rights, cancellation, time, properties and raw system
 * calls.  Commands: test_ta_cmds.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <tee_internal_api.h>
#include <tee_internal_api_extensions.h>
#include <utee_syscalls.h>

#include <test_ta_cmds.h>

#define TYPES TEE_PARAM_TYPES
#define NONE  TEE_PARAM_TYPE_NONE
#define VIN   TEE_PARAM_TYPE_VALUE_INPUT
#define VOUT  TEE_PARAM_TYPE_VALUE_OUTPUT
#define VIO   TEE_PARAM_TYPE_VALUE_INOUT
#define MIN   TEE_PARAM_TYPE_MEMREF_INPUT
#define MOUT  TEE_PARAM_TYPE_MEMREF_OUTPUT
#define MIO   TEE_PARAM_TYPE_MEMREF_INOUT

/* What the lifecycle command reports. */
static struct {
	uint32_t creates;
	uint32_t opens;
	uint32_t closes;
	uint32_t invokes;
} count;

/* TA_DestroyEntryPoint never returns (TA_TEST_CMD_HANG_IN_DESTROY). */
static bool hang_in_destroy;
/* TA_DestroyEntryPoint waits for ever (TA_TEST_CMD_WAIT_IN_DESTROY). */
static bool wait_in_destroy;

/* Private memory for the access checks: writable, and read-only. */
static uint8_t rw_data[64];
static const uint8_t ro_data[64] = {1};

struct session {
	uint32_t number;
};

TEE_Result TA_CreateEntryPoint(void)
{
	count.creates++;
	DMSG("created");
	return TEE_SUCCESS;
}

void TA_DestroyEntryPoint(void)
{
	struct timespec ts = {.tv_sec = 3600};

	while (hang_in_destroy)
		nanosleep(&ts, NULL);
	/*
	 * Wait again when the trusted OS ends the wait at its destroy
	 * deadline: the TA must not answer, so that the test sees the
	 * deadline enforced (answering just in time was a race).
	 */
	while (wait_in_destroy)
		TEE_Wait(TEE_TIMEOUT_INFINITE);
	DMSG("destroyed");
}

TEE_Result TA_OpenSessionEntryPoint(uint32_t types,
				    TEE_Param params[TEE_NUM_PARAMS],
				    void **sess_ctx)
{
	struct session *s;

	count.opens++;
	if (TEE_PARAM_TYPE_GET(types, 0) == VIN &&
	    params[0].value.a == TA_TEST_REFUSE)
		return TEE_ERROR_ACCESS_DENIED;
	s = TEE_Malloc(sizeof(*s), TEE_MALLOC_FILL_ZERO);
	if (!s)
		return TEE_ERROR_OUT_OF_MEMORY;
	s->number = count.opens;
	if (TEE_PARAM_TYPE_GET(types, 0) == VIO)
		params[0].value.b = s->number;
	*sess_ctx = s;
	return TEE_SUCCESS;
}

void TA_CloseSessionEntryPoint(void *sess_ctx)
{
	count.closes++;
	TEE_Free(sess_ctx);
}

static TEE_Result memref_sum(TEE_Param params[4])
{
	const uint8_t *buf = params[0].memref.buffer;
	uint32_t sum = 0;

	for (size_t i = 0; i < params[0].memref.size; i++)
		sum += buf[i];
	params[1].value.a = sum;
	params[1].value.b = (uint32_t)params[0].memref.size;
	return TEE_SUCCESS;
}

static TEE_Result memref_fill(TEE_Param params[4])
{
	uint8_t *buf = params[0].memref.buffer;
	size_t want = params[1].value.b, size;
	uint32_t seed;

	if (want > params[0].memref.size) {
		params[0].memref.size = want;
		return TEE_ERROR_SHORT_BUFFER;
	}
	/*
	 * Locals: through a uint8_t pointer the stores may alias params, so
	 * the compiler would reload both every byte (twice the time of the
	 * same loop in bench_tempref, which sets the floor).
	 */
	size = params[0].memref.size;
	seed = params[1].value.a;
	for (size_t i = 0; i < size; i++)
		buf[i] = (uint8_t)(seed + i);
	if (want)
		params[0].memref.size = want;
	return TEE_SUCCESS;
}

/* Reports what the TA got for memref [0]; any direction is taken. */
static TEE_Result memref_info(uint32_t types, TEE_Param params[4])
{
	uint32_t t0 = TEE_PARAM_TYPE_GET(types, 0);

	if ((t0 != MIN && t0 != MOUT && t0 != MIO) ||
	    types != TYPES(t0, VOUT, VOUT, NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	params[1].value.a = params[0].memref.buffer == NULL;
	params[1].value.b = (uint32_t)params[0].memref.size;
	params[2].value.a = t0;
	params[2].value.b = 0;
	return TEE_SUCCESS;
}

/*
 * What the TA finds in memref [0] before writing it, any direction: a
 * client's temporary OUTPUT buffer must show nothing of earlier calls.
 */
static TEE_Result memref_peek(uint32_t types, TEE_Param params[4])
{
	uint32_t t0 = TEE_PARAM_TYPE_GET(types, 0);
	const uint8_t *buf = params[0].memref.buffer;
	uint32_t sum = 0, nonzero = 0;

	if ((t0 != MIN && t0 != MOUT && t0 != MIO) ||
	    types != TYPES(t0, VOUT, NONE, NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	for (size_t i = 0; buf && i < params[0].memref.size; i++) {
		sum += buf[i];
		nonzero += buf[i] != 0;
	}
	params[1].value.a = sum;
	params[1].value.b = nonzero;
	return TEE_SUCCESS;
}

static void segv(void)
{
	/* Through a volatile, so the compiler cannot see the NULL. */
	volatile uintptr_t zero = 0;

	*(volatile int *)zero = 1;
}

static bool all_zero(const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i])
			return false;
	return true;
}

/* Each check sets a bit of TA_TEST_HEAP_ALL when it passes. */
static TEE_Result heap_test(TEE_Param params[4])
{
	size_t half = TA_TEST_BASIC_DATA_SIZE / 2;
	uint32_t ok = 0;
	uint8_t *a, *b;

	if (!TEE_Malloc(TA_TEST_BASIC_DATA_SIZE + 1, TEE_MALLOC_FILL_ZERO))
		ok |= 1 << 0;
	a = TEE_Malloc(half, TEE_MALLOC_FILL_ZERO);
	if (a && all_zero(a, half))
		ok |= 1 << 1;
	b = TEE_Malloc(half + half / 2, TEE_USER_MEM_HINT_NO_FILL_ZERO);
	if (!b)
		ok |= 1 << 2;
	TEE_Free(b);
	TEE_Free(a);
	b = TEE_Malloc(half + half / 2, TEE_USER_MEM_HINT_NO_FILL_ZERO);
	if (b)
		ok |= 1 << 3;
	TEE_Free(b);
	a = TEE_Malloc(16, TEE_USER_MEM_HINT_NO_FILL_ZERO);
	if (a) {
		TEE_MemFill(a, 0xa5, 16);
		b = TEE_Realloc(a, 4096);
		if (b && b[15] == 0xa5 && all_zero(b + 16, 4096 - 16))
			ok |= 1 << 4;
		TEE_Free(b ? b : a);
	}
	if (!TEE_Malloc(16, 0x80))
		ok |= 1 << 5;
	/* Shrinking to nothing gives OP-TEE's 0-byte pointer: TEE_Free takes it. */
	a = TEE_Malloc(64, TEE_MALLOC_FILL_ZERO);
	b = a ? TEE_Realloc(a, 0) : NULL;
	if (b) {
		ok |= 1 << 6;
		TEE_Free(b);
	}
	/* Growing beyond the limit fails and leaves the block alone. */
	a = TEE_Malloc(16, TEE_USER_MEM_HINT_NO_FILL_ZERO);
	if (a) {
		TEE_MemFill(a, 0x3c, 16);
		b = TEE_Realloc(a, TA_TEST_BASIC_DATA_SIZE);
		if (!b && a[0] == 0x3c && a[15] == 0x3c)
			ok |= 1 << 7;
		TEE_Free(b ? b : a);
	}
	params[0].value.a = ok;
	params[0].value.b = TA_TEST_BASIC_DATA_SIZE;
	return TEE_SUCCESS;
}

static TEE_Result sleep_ms(uint32_t ms)
{
	struct timespec ts = {
		.tv_sec = ms / 1000,
		.tv_nsec = (long)(ms % 1000) * 1000000L,
	};

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
	return TEE_SUCCESS;
}

/* The errno of a call the sandbox must refuse (0: it was allowed). */
static uint32_t refused(int ret)
{
	return ret < 0 ? (uint32_t)errno : 0;
}

static TEE_Result sandbox_test(TEE_Param params[4])
{
	void *va;
	pid_t pid;

	params[0].value.a = refused(open("/etc/passwd", O_RDONLY));
	params[0].value.b = refused(socket(AF_INET, SOCK_STREAM, 0));
	pid = fork();
	if (!pid)
		_exit(0);
	params[1].value.a = refused(pid);
	va = mmap(NULL, 4096, PROT_READ | PROT_EXEC,
		  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	params[1].value.b = refused(va == MAP_FAILED ? -1 : 0);
	return TEE_SUCCESS;
}

static TEE_Result access_test(TEE_Param params[4])
{
	const uint32_t r = TEE_MEMORY_ACCESS_READ;
	const uint32_t rw = r | TEE_MEMORY_ACCESS_WRITE;
	const uint32_t any = TEE_MEMORY_ACCESS_ANY_OWNER;
	char *mem = params[0].memref.buffer;
	size_t size = params[0].memref.size;
	uint8_t stack_buf[32];
	uint32_t ok = 0;
	char *heap;

	if (size < 16)
		return TEE_ERROR_BAD_PARAMETERS;
	heap = TEE_Malloc(32, TEE_MALLOC_FILL_ZERO);
	if (!heap)
		return TEE_ERROR_OUT_OF_MEMORY;
	stack_buf[0] = 0;

#define CHECK(bit, flags, buf, len, want)                                      \
	do {                                                                   \
		if (TEE_CheckMemoryAccessRights(flags, buf, len) == (want))    \
			ok |= 1U << (bit);                                     \
	} while (0)
	CHECK(0, rw | any, mem, size, TEE_SUCCESS);
	CHECK(1, r, mem, size, TEE_ERROR_ACCESS_DENIED);
	CHECK(2, rw, heap, 32, TEE_SUCCESS);
	CHECK(3, rw, stack_buf, sizeof(stack_buf), TEE_SUCCESS);
	CHECK(4, r | any, (void *)(uintptr_t)0x1000, 16,
	      TEE_ERROR_ACCESS_DENIED);
	CHECK(5, r | TEE_MEMORY_ACCESS_NONSECURE, heap, 32,
	      TEE_ERROR_ACCESS_DENIED);
	CHECK(6, r | any | TEE_MEMORY_ACCESS_SECURE, mem, size,
	      TEE_ERROR_ACCESS_DENIED);
	CHECK(7, rw, (void *)ro_data, sizeof(ro_data), TEE_ERROR_ACCESS_DENIED);
	CHECK(8, r, (void *)ro_data, sizeof(ro_data), TEE_SUCCESS);
	CHECK(9, rw, rw_data, sizeof(rw_data), TEE_SUCCESS);
	CHECK(10, r | any, mem, size + 1, TEE_ERROR_ACCESS_DENIED);
#undef CHECK

	TEE_Free(heap);
	params[1].value.a = ok;
	params[1].value.b = ~ok & TA_TEST_ACCESS_ALL;
	return TEE_SUCCESS;
}

static TEE_Result wait_cancel(TEE_Param params[4])
{
	uint32_t ms = params[0].value.a;

	params[1].value.a = TEE_GetCancellationFlag();
	TEE_UnmaskCancellation();
	for (uint32_t t = 0; t < ms; t++) {
		if (TEE_GetCancellationFlag()) {
			TEE_MaskCancellation();
			return TEE_ERROR_CANCEL;
		}
		sleep_ms(1);
	}
	TEE_MaskCancellation();
	return TEE_SUCCESS;
}

static uint32_t ms_between(const TEE_Time *a, const TEE_Time *b)
{
	return (b->seconds - a->seconds) * 1000 + b->millis - a->millis;
}

static TEE_Result tee_wait(TEE_Param params[4])
{
	bool unmask = params[0].value.b != 0;
	TEE_Time t0, t1;
	TEE_Result res;
	bool masked = true;

	if (unmask)
		masked = TEE_UnmaskCancellation();
	TEE_GetSystemTime(&t0);
	res = TEE_Wait(params[0].value.a);
	TEE_GetSystemTime(&t1);
	if (unmask && masked)
		TEE_MaskCancellation();
	params[1].value.a = ms_between(&t0, &t1);
	return res;
}

static TEE_Result ree_time(TEE_Param params[4])
{
	TEE_Time t;

	TEE_GetREETime(&t);
	params[0].value.a = t.seconds;
	params[0].value.b = t.millis;
	return TEE_SUCCESS;
}

static TEE_Result system_time(TEE_Param params[4])
{
	TEE_Time a, b;

	TEE_GetSystemTime(&a);
	TEE_GetSystemTime(&b);
	params[0].value.a = a.seconds;
	params[0].value.b = a.millis;
	params[1].value.a = b.seconds;
	params[1].value.b = b.millis;
	if (b.seconds < a.seconds ||
	    (b.seconds == a.seconds && b.millis < a.millis))
		return TEE_ERROR_GENERIC;
	return TEE_SUCCESS;
}

static void uuid_to_octets(const TEE_UUID *u, uint8_t o[16])
{
	o[0] = (uint8_t)(u->timeLow >> 24);
	o[1] = (uint8_t)(u->timeLow >> 16);
	o[2] = (uint8_t)(u->timeLow >> 8);
	o[3] = (uint8_t)u->timeLow;
	o[4] = (uint8_t)(u->timeMid >> 8);
	o[5] = (uint8_t)u->timeMid;
	o[6] = (uint8_t)(u->timeHiAndVersion >> 8);
	o[7] = (uint8_t)u->timeHiAndVersion;
	memcpy(o + 8, u->clockSeqAndNode, 8);
}

/* Copies @len bytes into output memref @p, or asks for a larger one. */
static TEE_Result put_bytes(TEE_Param *p, const void *data, size_t len)
{
	if (p->memref.size < len || !p->memref.buffer) {
		p->memref.size = len;
		return TEE_ERROR_SHORT_BUFFER;
	}
	memcpy(p->memref.buffer, data, len);
	p->memref.size = len;
	return TEE_SUCCESS;
}

static TEE_Result client_identity(TEE_Param params[4])
{
	TEE_Identity id;
	uint8_t octets[16];
	uint32_t endian;
	TEE_Result res;

	res = TEE_GetPropertyAsIdentity(TEE_PROPSET_CURRENT_CLIENT,
					"gpd.client.identity", &id);
	if (res)
		return res;
	res = TEE_GetPropertyAsU32(TEE_PROPSET_CURRENT_CLIENT,
				   "gpd.client.endian", &endian);
	if (res)
		return res;
	params[0].value.a = id.login;
	params[0].value.b = endian;
	uuid_to_octets(&id.uuid, octets);
	return put_bytes(&params[1], octets, sizeof(octets));
}

static TEE_PropSetHandle propset(uint32_t which)
{
	switch (which) {
	case TA_TEST_PROPSET_TA:
		return TEE_PROPSET_CURRENT_TA;
	case TA_TEST_PROPSET_CLIENT:
		return TEE_PROPSET_CURRENT_CLIENT;
	case TA_TEST_PROPSET_TEE:
		return TEE_PROPSET_TEE_IMPLEMENTATION;
	default:
		return TEE_HANDLE_NULL;
	}
}

/* The getter of TA_TEST_CMD_GET_PROPERTY; @name is NUL-terminated. */
static TEE_Result get_property(TEE_PropSetHandle h, uint32_t as,
			       const char *name, TEE_Param params[4])
{
	TEE_Param *out = &params[2];
	size_t len = out->memref.buffer ? out->memref.size : 0;
	TEE_Identity id;
	uint8_t buf[20];
	TEE_Result res;
	uint64_t u64 = 0;
	uint32_t u32 = 0;
	bool b = false;

	switch (as) {
	case TA_TEST_PROP_AS_STRING:
		res = TEE_GetPropertyAsString(h, name, out->memref.buffer,
					      &len);
		out->memref.size = len;
		return res;
	case TA_TEST_PROP_AS_BINARY:
		res = TEE_GetPropertyAsBinaryBlock(h, name, out->memref.buffer,
						   &len);
		out->memref.size = len;
		return res;
	case TA_TEST_PROP_AS_BOOL:
		res = TEE_GetPropertyAsBool(h, name, &b);
		params[3].value.a = b;
		return res;
	case TA_TEST_PROP_AS_U32:
		res = TEE_GetPropertyAsU32(h, name, &u32);
		params[3].value.a = u32;
		return res;
	case TA_TEST_PROP_AS_U64:
		res = TEE_GetPropertyAsU64(h, name, &u64);
		params[3].value.a = (uint32_t)u64;
		params[3].value.b = (uint32_t)(u64 >> 32);
		return res;
	case TA_TEST_PROP_AS_UUID:
		res = TEE_GetPropertyAsUUID(h, name, &id.uuid);
		if (res)
			return res;
		uuid_to_octets(&id.uuid, buf);
		return put_bytes(out, buf, 16);
	case TA_TEST_PROP_AS_IDENTITY:
		res = TEE_GetPropertyAsIdentity(h, name, &id);
		if (res)
			return res;
		for (unsigned int i = 0; i < 4; i++)
			buf[i] = (uint8_t)(id.login >> (8 * i));
		uuid_to_octets(&id.uuid, buf + 4);
		return put_bytes(out, buf, 20);
	default:
		return TEE_ERROR_BAD_PARAMETERS;
	}
}

static TEE_Result property(TEE_Param params[4])
{
	TEE_PropSetHandle h = propset(params[0].value.a);
	size_t len = params[1].memref.size;
	TEE_Result res;
	char *name;

	if (h == TEE_HANDLE_NULL)
		return TEE_ERROR_BAD_PARAMETERS;
	params[3].value.a = 0;
	params[3].value.b = 0;
	name = TEE_Malloc(len + 1, TEE_MALLOC_FILL_ZERO);
	if (!name)
		return TEE_ERROR_OUT_OF_MEMORY;
	if (len)
		memcpy(name, params[1].memref.buffer, len);
	res = get_property(h, params[0].value.b, name, params);
	TEE_Free(name);
	return res;
}

/* Appends @s to the output memref; false when it is full. */
static bool append(TEE_Param *p, size_t *used, const char *s)
{
	size_t n = strlen(s);

	if (*used + n > p->memref.size)
		return false;
	memcpy((char *)p->memref.buffer + *used, s, n);
	*used += n;
	return true;
}

static TEE_Result enum_properties(TEE_Param params[4])
{
	TEE_PropSetHandle h = propset(params[0].value.a);
	TEE_PropSetHandle e;
	char name[64], value[128];
	size_t used = 0, len;
	uint32_t nprops = 0;
	TEE_Result res;

	if (h == TEE_HANDLE_NULL || !params[1].memref.buffer)
		return TEE_ERROR_BAD_PARAMETERS;
	res = TEE_AllocatePropertyEnumerator(&e);
	if (res)
		return res;
	/* Not started: nothing to read. */
	len = sizeof(name);
	if (TEE_GetPropertyName(e, name, &len) != TEE_ERROR_ITEM_NOT_FOUND ||
	    TEE_GetNextProperty(e) != TEE_ERROR_ITEM_NOT_FOUND) {
		res = TEE_ERROR_GENERIC;
		goto out;
	}
	TEE_StartPropertyEnumerator(e, h);
	do {
		len = sizeof(name);
		res = TEE_GetPropertyName(e, name, &len);
		if (res)
			break;
		len = sizeof(value);
		res = TEE_GetPropertyAsString(e, NULL, value, &len);
		if (res)
			goto out;
		if (!append(&params[1], &used, name) ||
		    !append(&params[1], &used, "=") ||
		    !append(&params[1], &used, value) ||
		    !append(&params[1], &used, "\n")) {
			res = TEE_ERROR_SHORT_BUFFER;
			goto out;
		}
		nprops++;
		res = TEE_GetNextProperty(e);
	} while (!res);
	params[1].memref.size = used;
	params[2].value.a = nprops;
	params[2].value.b = res;
	/* A reset enumerator is not started again. */
	TEE_ResetPropertyEnumerator(e);
	len = sizeof(name);
	res = TEE_GetPropertyName(e, name, &len) == TEE_ERROR_ITEM_NOT_FOUND
		      ? TEE_SUCCESS
		      : TEE_ERROR_GENERIC;
out:
	TEE_FreePropertyEnumerator(e);
	return res;
}

static TEE_Result busy(uint32_t ms)
{
	struct timespec start, now;

	clock_gettime(CLOCK_MONOTONIC, &start);
	do {
		clock_gettime(CLOCK_MONOTONIC, &now);
	} while ((now.tv_sec - start.tv_sec) * 1000 +
			 (now.tv_nsec - start.tv_nsec) / 1000000 <
		 ms);
	return TEE_SUCCESS;
}

static uint64_t u64_of(const TEE_Param *p)
{
	return (uint64_t)p->value.b << 32 | p->value.a;
}

static TEE_Result raw_syscall(TEE_Param params[4])
{
	uint64_t args[4] = {u64_of(&params[1]), u64_of(&params[2]),
			    params[0].value.b, params[0].value.b};
	uint64_t out[4] = {0};

	params[3].value.a = utee_syscall(params[0].value.a, args, out);
	params[3].value.b = (uint32_t)out[0];
	return TEE_SUCCESS;
}

/* The param types each command takes. */
static uint32_t types_of(uint32_t cmd)
{
	switch (cmd) {
	case TA_TEST_CMD_VALUE_ECHO:
		return TYPES(VIN, VOUT, NONE, NONE);
	case TA_TEST_CMD_VALUE_INC:
		return TYPES(VIO, NONE, NONE, NONE);
	case TA_TEST_CMD_MEMREF_SUM:
		return TYPES(MIN, VOUT, NONE, NONE);
	case TA_TEST_CMD_LIFECYCLE:
	case TA_TEST_CMD_SANDBOX:
		return TYPES(VOUT, VOUT, NONE, NONE);
	case TA_TEST_CMD_HEAP:
	case TA_TEST_CMD_PID:
	case TA_TEST_CMD_KILL:
		return TYPES(VOUT, NONE, NONE, NONE);
	case TA_TEST_CMD_SLEEP:
		return TYPES(VIN, NONE, NONE, NONE);
	case TA_TEST_CMD_ACCESS:
		return TYPES(MIO, VOUT, NONE, NONE);
	case TA_TEST_CMD_WAIT_CANCEL:
	case TA_TEST_CMD_TEE_WAIT:
		return TYPES(VIN, VOUT, NONE, NONE);
	case TA_TEST_CMD_REE_TIME:
		return TYPES(VOUT, NONE, NONE, NONE);
	case TA_TEST_CMD_SYSTEM_TIME:
		return TYPES(VOUT, VOUT, NONE, NONE);
	case TA_TEST_CMD_CLIENT_IDENTITY:
		return TYPES(VOUT, MOUT, NONE, NONE);
	case TA_TEST_CMD_GET_PROPERTY:
		return TYPES(VIN, MIN, MOUT, VOUT);
	case TA_TEST_CMD_ENUM_PROPERTIES:
		return TYPES(VIN, MOUT, VOUT, NONE);
	case TA_TEST_CMD_BUSY:
		return TYPES(VIN, NONE, NONE, NONE);
	case TA_TEST_CMD_SYSCALL:
		return TYPES(VIN, VIN, VIN, VOUT);
	default:
		return TYPES(NONE, NONE, NONE, NONE);
	}
}

TEE_Result TA_InvokeCommandEntryPoint(void *sess_ctx, uint32_t cmd,
				      uint32_t types,
				      TEE_Param params[TEE_NUM_PARAMS])
{
	count.invokes++;
	if (cmd == TA_TEST_CMD_MEMREF_FILL) {
		if (types != TYPES(MOUT, VIN, NONE, NONE) &&
		    types != TYPES(MIO, VIN, NONE, NONE))
			return TEE_ERROR_BAD_PARAMETERS;
		return memref_fill(params);
	}
	if (cmd == TA_TEST_CMD_MEMREF_INFO)
		return memref_info(types, params);
	if (cmd == TA_TEST_CMD_MEMREF_PEEK)
		return memref_peek(types, params);
	if (types != types_of(cmd))
		return TEE_ERROR_BAD_PARAMETERS;

	switch (cmd) {
	case TA_TEST_CMD_VALUE_ECHO:
		params[1].value = params[0].value;
		return TEE_SUCCESS;
	case TA_TEST_CMD_VALUE_INC:
		params[0].value.a += 1;
		params[0].value.b += 2;
		return TEE_SUCCESS;
	case TA_TEST_CMD_MEMREF_SUM:
		return memref_sum(params);
	case TA_TEST_CMD_PANIC:
		TEE_Panic(TA_TEST_PANIC_CODE);
	case TA_TEST_CMD_SEGV:
		segv();
		return TEE_ERROR_GENERIC;
	case TA_TEST_CMD_LIFECYCLE:
		params[0].value.a = count.creates;
		params[0].value.b = count.opens;
		params[1].value.a = count.closes;
		params[1].value.b = count.invokes;
		return TEE_SUCCESS;
	case TA_TEST_CMD_HEAP:
		return heap_test(params);
	case TA_TEST_CMD_SLEEP:
		return sleep_ms(params[0].value.a);
	case TA_TEST_CMD_SANDBOX:
		return sandbox_test(params);
	case TA_TEST_CMD_KILL:
		params[0].value.a = refused(kill(getpid(), 0));
		params[0].value.b = refused(kill(getppid(), 0));
		return TEE_SUCCESS;
	case TA_TEST_CMD_ACCESS:
		return access_test(params);
	case TA_TEST_CMD_WAIT_CANCEL:
		return wait_cancel(params);
	case TA_TEST_CMD_PID:
		params[0].value.a = (uint32_t)getpid();
		return TEE_SUCCESS;
	case TA_TEST_CMD_HANG_IN_DESTROY:
		hang_in_destroy = true;
		return TEE_SUCCESS;
	case TA_TEST_CMD_WAIT_IN_DESTROY:
		wait_in_destroy = true;
		return TEE_SUCCESS;
	case TA_TEST_CMD_TEE_WAIT:
		return tee_wait(params);
	case TA_TEST_CMD_REE_TIME:
		return ree_time(params);
	case TA_TEST_CMD_SYSTEM_TIME:
		return system_time(params);
	case TA_TEST_CMD_CLIENT_IDENTITY:
		return client_identity(params);
	case TA_TEST_CMD_GET_PROPERTY:
		return property(params);
	case TA_TEST_CMD_ENUM_PROPERTIES:
		return enum_properties(params);
	case TA_TEST_CMD_BUSY:
		return busy(params[0].value.a);
	case TA_TEST_CMD_SYSCALL:
		return raw_syscall(params);
	default:
		return TEE_ERROR_NOT_SUPPORTED;
	}
}
