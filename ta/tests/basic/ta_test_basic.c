// SPDX-License-Identifier: BSD-2-Clause
/*
 * ta_test_basic: exercises the TA runtime from the inside: values and
 * memrefs, panics and crashes, the lifecycle, the heap limit, the
 * sandbox, access rights and cancellation.  Commands: test_ta_cmds.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <tee_internal_api.h>

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
	size_t want = params[1].value.b;

	if (want > params[0].memref.size) {
		params[0].memref.size = want;
		return TEE_ERROR_SHORT_BUFFER;
	}
	for (size_t i = 0; i < params[0].memref.size; i++)
		buf[i] = (uint8_t)(params[1].value.a + i);
	if (want)
		params[0].memref.size = want;
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
	b = TEE_Malloc(half + half / 2, TEE_MALLOC_NO_FILL);
	if (!b)
		ok |= 1 << 2;
	TEE_Free(b);
	TEE_Free(a);
	b = TEE_Malloc(half + half / 2, TEE_MALLOC_NO_FILL);
	if (b)
		ok |= 1 << 3;
	TEE_Free(b);
	a = TEE_Malloc(16, TEE_MALLOC_NO_FILL);
	if (a) {
		TEE_MemFill(a, 0xa5, 16);
		b = TEE_Realloc(a, 4096);
		if (b && b[15] == 0xa5 && all_zero(b + 16, 4096 - 16))
			ok |= 1 << 4;
		TEE_Free(b ? b : a);
	}
	if (!TEE_Malloc(16, 0x80))
		ok |= 1 << 5;
	/* Shrinking to nothing keeps a block that TEE_Free takes. */
	a = TEE_Malloc(64, TEE_MALLOC_FILL_ZERO);
	b = a ? TEE_Realloc(a, 0) : NULL;
	if (b) {
		ok |= 1 << 6;
		TEE_Free(b);
	}
	/* Growing beyond the limit fails and leaves the block alone. */
	a = TEE_Malloc(16, TEE_MALLOC_NO_FILL);
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
		return TYPES(VOUT, NONE, NONE, NONE);
	case TA_TEST_CMD_SLEEP:
		return TYPES(VIN, NONE, NONE, NONE);
	case TA_TEST_CMD_ACCESS:
		return TYPES(MIO, VOUT, NONE, NONE);
	case TA_TEST_CMD_WAIT_CANCEL:
		return TYPES(VIN, VOUT, NONE, NONE);
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
	default:
		return TEE_ERROR_NOT_SUPPORTED;
	}
}
