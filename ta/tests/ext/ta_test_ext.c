// SPDX-License-Identifier: BSD-2-Clause
/*
 * ta_test_ext: OP-TEE's TA API extensions (tee_internal_api_extensions.h)
 * one call each, for tests/e2e/test_ta_ext.c; see ext/ta_ext_cmds.h.
 */
#include <string.h>

#include <ext/ta_ext_cmds.h>
#include <test_ta_uuids.h>
#include <tee_internal_api.h>
#include <tee_internal_api_extensions.h>

#define PT(a, b, c, d)                                                         \
	TEE_PARAM_TYPES(TEE_PARAM_TYPE_##a, TEE_PARAM_TYPE_##b,                \
			TEE_PARAM_TYPE_##c, TEE_PARAM_TYPE_##d)

#define AREA_SIZE 4096

/* Part of the TA's image: TA-private. */
static char data_area[AREA_SIZE];

TEE_Result TA_CreateEntryPoint(void)
{
	return TEE_SUCCESS;
}

void TA_DestroyEntryPoint(void)
{
}

TEE_Result TA_OpenSessionEntryPoint(uint32_t types __unused,
				    TEE_Param params[4] __unused,
				    void **ctx __unused)
{
	return TEE_SUCCESS;
}

void TA_CloseSessionEntryPoint(void *ctx __unused)
{
}

static TEE_Result uuid_from_str(uint32_t types, TEE_Param params[4])
{
	char str[64];
	size_t n = params[0].memref.size;

	if (types != PT(MEMREF_INPUT, MEMREF_OUTPUT, VALUE_INOUT, NONE) ||
	    n >= sizeof(str) || params[1].memref.size != sizeof(TEE_UUID))
		return TEE_ERROR_BAD_PARAMETERS;
	memcpy(str, params[0].memref.buffer, n);
	str[n] = '\0';
	TEE_MemFill(params[1].memref.buffer, TA_EXT_FILL, sizeof(TEE_UUID));
	params[2].value.b = tee_uuid_from_str(params[1].memref.buffer,
					      params[2].value.a ? NULL : str);
	return TEE_SUCCESS;
}

static TEE_Result cache_op(uint32_t op, char *buf, size_t len)
{
	switch (op) {
	case TA_EXT_CLEAN:
		return TEE_CacheClean(buf, len);
	case TA_EXT_FLUSH:
		return TEE_CacheFlush(buf, len);
	case TA_EXT_INVALIDATE:
		return TEE_CacheInvalidate(buf, len);
	}
	return TEE_ERROR_BAD_PARAMETERS;
}

/* Memory of kind @where for the call; *@unmap is a mapping to undo. */
static char *area(uint32_t where, TEE_Param params[4], char *stack,
		  void **unmap, void **heap)
{
	char *p;

	switch (where) {
	case TA_EXT_MEMREF:
		return (char *)params[1].memref.buffer + params[2].value.a;
	case TA_EXT_HEAP:
		return *heap = TEE_Malloc(AREA_SIZE, TEE_MALLOC_FILL_ZERO);
	case TA_EXT_STACK:
		return stack;
	case TA_EXT_DATA:
		return data_area;
	case TA_EXT_ZI_PRIVATE:
		return *unmap = tee_map_zi(AREA_SIZE, 0);
	case TA_EXT_ZI_SHARED:
		return *unmap = tee_map_zi(AREA_SIZE,
					   TEE_MEMORY_ACCESS_ANY_OWNER);
	case TA_EXT_UNMAPPED:
		p = tee_map_zi(AREA_SIZE, 0);
		if (p && tee_unmap(p, AREA_SIZE))
			TEE_Panic(0);
		return p;
	}
	return NULL;
}

static TEE_Result cache(uint32_t types, TEE_Param params[4])
{
	char stack[AREA_SIZE];
	void *unmap = NULL;
	void *heap = NULL;
	char *buf;

	if (types != PT(VALUE_INOUT, MEMREF_INOUT, VALUE_INPUT, NONE) &&
	    types != PT(VALUE_INOUT, NONE, VALUE_INPUT, NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	memset(stack, 0, sizeof(stack));
	buf = area(params[0].value.b, params, stack, &unmap, &heap);
	if (!buf && params[0].value.b != TA_EXT_NULL)
		return TEE_ERROR_OUT_OF_MEMORY;
	params[0].value.a = cache_op(params[0].value.a, buf, params[2].value.b);
	if (unmap && tee_unmap(unmap, AREA_SIZE))
		TEE_Panic(0);
	TEE_Free(heap);
	return TEE_SUCCESS;
}

static TEE_Result malloc_hint(uint32_t types, TEE_Param params[4])
{
	void *p;

	if (types != PT(VALUE_INPUT, VALUE_OUTPUT, NONE, NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	p = TEE_Malloc(params[0].value.b, params[0].value.a);
	params[1].value.a = p != NULL;
	TEE_Free(p);
	return TEE_SUCCESS;
}

static TEE_Result heap_check(uint32_t types, TEE_Param params[4])
{
	uint64_t wrapped;
	void *p, *q;

	if (types != PT(VALUE_OUTPUT, VALUE_OUTPUT, VALUE_OUTPUT, NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	tee_user_mem_mark_heap();
	params[0].value.a = tee_user_mem_check_heap();
	p = TEE_Malloc(100, TEE_MALLOC_FILL_ZERO);
	params[0].value.b = tee_user_mem_check_heap();
	q = TEE_Realloc(p, 300);
	if (!p || !q)
		return TEE_ERROR_OUT_OF_MEMORY;
	params[1].value.a = tee_user_mem_check_heap();
	TEE_Free(q);
	params[1].value.b = tee_user_mem_check_heap();

	p = TEE_Malloc(10, TEE_MALLOC_FILL_ZERO);
	if (!p)
		return TEE_ERROR_OUT_OF_MEMORY;
	tee_user_mem_mark_heap();
	TEE_Free(p);
	wrapped = tee_user_mem_check_heap();
	params[2].value.a = (uint32_t)wrapped;
	params[2].value.b = (uint32_t)(wrapped >> 32);
	tee_user_mem_mark_heap();
	return TEE_SUCCESS;
}

/* 1 when @p holds @n zero bytes of writable TA memory. */
static uint32_t zeroed_private(const uint8_t *p, size_t n)
{
	if (!p || TEE_CheckMemoryAccessRights(TEE_MEMORY_ACCESS_READ |
						      TEE_MEMORY_ACCESS_WRITE,
					      (void *)p, n))
		return 0;
	for (size_t i = 0; i < n; i++)
		if (p[i])
			return 0;
	return 1;
}

/* How many 1024-byte no-share blocks fit; 1 in *@again if one fits after. */
static uint32_t fill_no_share_pool(uint32_t *again)
{
	void *blocks[64];
	uint32_t n = 0;
	void *p;

	while (n < 64 && (blocks[n] = TEE_Malloc(1024, TEE_MALLOC_NO_SHARE)))
		n++;
	for (uint32_t i = 0; i < n; i++)
		TEE_Free(blocks[i]);
	p = TEE_Malloc(1024, TEE_MALLOC_NO_SHARE);
	*again = p != NULL;
	TEE_Free(p);
	return n;
}

static TEE_Result malloc_zero(uint32_t types, TEE_Param params[4])
{
	void *heap0 = TEE_Malloc(0, TEE_MALLOC_FILL_ZERO);
	void *pool0 = TEE_Malloc(0, TEE_MALLOC_NO_SHARE);
	void *p = TEE_Malloc(8, TEE_MALLOC_FILL_ZERO);
	void *q = TEE_Malloc(8, TEE_MALLOC_NO_SHARE);

	if (types != PT(VALUE_OUTPUT, VALUE_OUTPUT, VALUE_OUTPUT, VALUE_OUTPUT))
		return TEE_ERROR_BAD_PARAMETERS;
	params[0].value.a = (uint32_t)(uintptr_t)heap0;
	params[0].value.b = (uint32_t)(uintptr_t)pool0;
	params[1].value.a = (uint32_t)(uintptr_t)TEE_Realloc(p, 0);
	params[1].value.b = q ? (uint32_t)(uintptr_t)TEE_Realloc(q, 0) : 0;
	p = TEE_Realloc(heap0, 16);
	params[2].value.a = zeroed_private(p, 16);
	TEE_Free(p);
	q = TEE_Realloc(pool0, 16);
	params[2].value.b = zeroed_private(q, 16);
	TEE_Free(q);
	TEE_Free(heap0);
	TEE_Free(pool0);
	params[3].value.a = fill_no_share_pool(&params[3].value.b);
	return TEE_SUCCESS;
}

static TEE_Result no_share_ta2ta(uint32_t types, TEE_Param params[4])
{
	static const TEE_UUID ext2 = TA_TEST_EXT2_UUID;
	uint32_t hint = TEE_MALLOC_FILL_ZERO;
	uint32_t pt = PT(MEMREF_INPUT, NONE, NONE, NONE);
	TEE_Param p[4] = {0};
	TEE_TASessionHandle s;
	void *buf;

	if (types != PT(VALUE_INPUT, VALUE_OUTPUT, NONE, NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	if (params[0].value.a)
		hint = TEE_MALLOC_NO_SHARE;
	buf = TEE_Malloc(16, hint);
	if (!buf)
		return TEE_ERROR_OUT_OF_MEMORY;
	p[0].memref.buffer = buf;
	p[0].memref.size = 16;
	params[1].value.a =
		TEE_OpenTASession(&ext2, TEE_TIMEOUT_INFINITE, pt, p, &s, NULL);
	TEE_CloseTASession(s);
	TEE_Free(buf);
	return TEE_SUCCESS;
}

TEE_Result TA_InvokeCommandEntryPoint(void *ctx __unused, uint32_t cmd,
				      uint32_t types, TEE_Param params[4])
{
	switch (cmd) {
	case TA_EXT_CMD_UUID_FROM_STR:
		return uuid_from_str(types, params);
	case TA_EXT_CMD_CACHE:
		return cache(types, params);
	case TA_EXT_CMD_MALLOC_HINT:
		return malloc_hint(types, params);
	case TA_EXT_CMD_HEAP_CHECK:
		return heap_check(types, params);
	case TA_EXT_CMD_MALLOC_ZERO:
		return malloc_zero(types, params);
	case TA_EXT_CMD_NO_SHARE_TA2TA:
		return no_share_ta2ta(types, params);
	}
	return TEE_ERROR_NOT_SUPPORTED;
}
