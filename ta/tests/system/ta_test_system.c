// SPDX-License-Identifier: BSD-2-Clause
/*
 * ta_test_system: what a TA does with the system pseudo TA
 * (pta_system.h) and tee-supplicant plugins (tee_invoke_supp_plugin());
 * see system/ta_system_cmds.h.
 */
#include <string.h>

#include <pta_system.h>
#include <system/ta_system_cmds.h>
#include <test_ta_uuids.h>
#include <tee_internal_api.h>
#include <tee_internal_api_extensions.h>

#define PT(a, b, c, d)                                                         \
	TEE_PARAM_TYPES(TEE_PARAM_TYPE_##a, TEE_PARAM_TYPE_##b,                \
			TEE_PARAM_TYPE_##c, TEE_PARAM_TYPE_##d)

/* After a plugin's data: a plugin must never write here. */
#define GUARD_SIZE 64
#define GUARD_BYTE 0xa5

static const TEE_UUID system_uuid = PTA_SYSTEM_UUID;

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

/* One call to the system pseudo TA in a session of its own. */
static TEE_Result system_call(uint32_t cmd, uint32_t types, TEE_Param params[4])
{
	TEE_TASessionHandle s = TEE_HANDLE_NULL;
	TEE_Result res;

	res = TEE_OpenTASession(&system_uuid, TEE_TIMEOUT_INFINITE, 0, NULL, &s,
				NULL);
	if (res)
		return res;
	res = TEE_InvokeTACommand(s, TEE_TIMEOUT_INFINITE, cmd, types, params,
				  NULL);
	TEE_CloseTASession(s);
	return res;
}

static TEE_Result derive(uint32_t types, TEE_Param params[4])
{
	uint8_t key[64];
	TEE_Param p[4] = {0};
	uint32_t size;
	TEE_Result res;

	if (types != PT(MEMREF_INPUT, VALUE_INPUT, MEMREF_OUTPUT, NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	size = params[1].value.a;
	if (size > sizeof(key) || params[2].memref.size < size)
		return TEE_ERROR_BAD_PARAMETERS;
	if (!params[1].value.b) {
		p[0].memref.buffer = params[0].memref.buffer;
		p[0].memref.size = params[0].memref.size;
	}
	p[1].memref.buffer = key;
	p[1].memref.size = size;
	res = system_call(PTA_SYSTEM_DERIVE_TA_UNIQUE_KEY,
			  PT(MEMREF_INPUT, MEMREF_OUTPUT, NONE, NONE), p);
	if (!res) {
		memcpy(params[2].memref.buffer, key, size);
		params[2].memref.size = size;
	}
	return res;
}

static TEE_Result derive_to_client(uint32_t types, TEE_Param params[4])
{
	if (types != PT(MEMREF_INPUT, MEMREF_INOUT, NONE, NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	return system_call(PTA_SYSTEM_DERIVE_TA_UNIQUE_KEY,
			   PT(MEMREF_INPUT, MEMREF_OUTPUT, NONE, NONE), params);
}

static TEE_Result add_entropy(uint32_t types, TEE_Param params[4])
{
	TEE_Param p[4] = {0};
	TEE_Result res;
	void *copy = NULL;

	if (types != PT(MEMREF_INPUT, NONE, NONE, NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	if (params[0].memref.size) {
		copy = TEE_Malloc(params[0].memref.size, 0);
		if (!copy)
			return TEE_ERROR_OUT_OF_MEMORY;
		memcpy(copy, params[0].memref.buffer, params[0].memref.size);
	}
	p[0].memref.buffer = copy;
	p[0].memref.size = params[0].memref.size;
	res = system_call(PTA_SYSTEM_ADD_RNG_ENTROPY,
			  PT(MEMREF_INPUT, NONE, NONE, NONE), p);
	TEE_Free(copy);
	return res;
}

static TEE_Result raw(uint32_t types, TEE_Param params[4])
{
	TEE_Param p[4] = {0};

	if (types != PT(VALUE_INPUT, NONE, NONE, NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	return system_call(params[0].value.a, PT(NONE, NONE, NONE, NONE), p);
}

static bool guard_hit(const uint8_t *g)
{
	for (size_t i = 0; i < GUARD_SIZE; i++)
		if (g[i] != GUARD_BYTE)
			return true;
	return false;
}

static TEE_Result plugin(uint32_t types, TEE_Param params[4])
{
	static uint8_t buf[TA_SYSTEM_PLUGIN_DATA_MAX + GUARD_SIZE];
	size_t len = params[2].memref.size;
	size_t outlen = 0;
	TEE_Result res;
	TEE_UUID uuid;

	if (types != PT(MEMREF_INPUT, VALUE_INPUT, MEMREF_INOUT, VALUE_OUTPUT))
		return TEE_ERROR_BAD_PARAMETERS;
	if (params[0].memref.size != sizeof(uuid) ||
	    len > TA_SYSTEM_PLUGIN_DATA_MAX)
		return TEE_ERROR_BAD_PARAMETERS;
	memcpy(&uuid, params[0].memref.buffer, sizeof(uuid));
	memcpy(buf, params[2].memref.buffer, len);
	memset(buf + len, GUARD_BYTE, GUARD_SIZE);
	res = tee_invoke_supp_plugin(&uuid, params[1].value.a,
				     params[1].value.b, len ? buf : NULL, len,
				     &outlen);
	memcpy(params[2].memref.buffer, buf, len);
	params[3].value.a = (uint32_t)outlen;
	params[3].value.b = guard_hit(buf + len);
	return res;
}

/* optee_test's supp_plugin TA: bad_input_uuid, _data, _inlen. */
static TEE_Result plugin_bad(uint32_t types, TEE_Param params[4])
{
	static const TEE_UUID any = TA_TEST_SYSTEM_UUID;
	char data[32] = {0};

	if (types != PT(VALUE_INPUT, NONE, NONE, NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	switch (params[0].value.a) {
	case 0:
		return tee_invoke_supp_plugin(NULL, 0, 0, data, sizeof(data),
					      NULL);
	case 1:
		return tee_invoke_supp_plugin(&any, 0, 0, NULL, 10, NULL);
	case 2:
		return tee_invoke_supp_plugin(&any, 0, 0, data, 0, NULL);
	default:
		return TEE_ERROR_BAD_PARAMETERS;
	}
}

#define PG 4096

static bool all_zero(const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i])
			return false;
	return true;
}

static bool readable(void *p, size_t n)
{
	return TEE_CheckMemoryAccessRights(TEE_MEMORY_ACCESS_READ |
						   TEE_MEMORY_ACCESS_WRITE,
					   p, n) == TEE_SUCCESS;
}

/* The checks of TA_SYSTEM_CMD_MAP_ZI: the first that fails, or 0. */
static uint32_t map_zi_checks(void)
{
	static uint8_t data[2 * PG] __aligned(PG);
	uint8_t *p;

	if (tee_map_zi(0, 0) || tee_map_zi(10, TEE_MEMORY_ACCESS_READ) ||
	    tee_map_zi((size_t)UINT32_MAX + 1, 0))
		return 1;
	p = tee_map_zi(3 * PG + 1, TEE_MEMORY_ACCESS_ANY_OWNER);
	if (!p || ((uintptr_t)p & (PG - 1)))
		return 2;
	/* Whole pages, zeroed, TA-private and writable. */
	if (!all_zero(p, 4 * PG) || !readable(p, 4 * PG))
		return 3;
	memset(p, 0x77, 4 * PG);
	if (tee_unmap(p + 1, PG) != TEE_ERROR_BAD_PARAMETERS ||
	    tee_unmap(p, 0) != TEE_ERROR_BAD_PARAMETERS)
		return 4;
	/* The TA's own memory is never unmapped. */
	if (tee_unmap(data, PG) != TEE_ERROR_ACCESS_DENIED ||
	    tee_unmap(p + 3 * PG, 2 * PG) != TEE_ERROR_ACCESS_DENIED)
		return 5;
	/* A page out of the middle: the rest stays. */
	if (tee_unmap(p + PG, PG) != TEE_SUCCESS || readable(p + PG, 1) ||
	    !readable(p, PG) || !readable(p + 2 * PG, 2 * PG) || p[0] != 0x77 ||
	    p[4 * PG - 1] != 0x77)
		return 6;
	if (tee_unmap(p + PG, PG) != TEE_ERROR_ACCESS_DENIED)
		return 7;
	if (tee_unmap(p, PG) || tee_unmap(p + 2 * PG, 2 * PG) ||
	    readable(p, 1) || readable(p + 2 * PG, 1))
		return 8;
	return 0;
}

static TEE_Result map_zi(uint32_t types, TEE_Param params[4])
{
	if (types != PT(VALUE_OUTPUT, NONE, NONE, NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	params[0].value.a = map_zi_checks();
	params[0].value.b = 0;
	return TEE_SUCCESS;
}

TEE_Result TA_InvokeCommandEntryPoint(void *ctx __unused, uint32_t cmd,
				      uint32_t types, TEE_Param params[4])
{
	switch (cmd) {
	case TA_SYSTEM_CMD_DERIVE:
		return derive(types, params);
	case TA_SYSTEM_CMD_DERIVE_TO_CLIENT:
		return derive_to_client(types, params);
	case TA_SYSTEM_CMD_ADD_ENTROPY:
		return add_entropy(types, params);
	case TA_SYSTEM_CMD_RAW:
		return raw(types, params);
	case TA_SYSTEM_CMD_PLUGIN:
		return plugin(types, params);
	case TA_SYSTEM_CMD_PLUGIN_BAD:
		return plugin_bad(types, params);
	case TA_SYSTEM_CMD_MAP_ZI:
		return map_zi(types, params);
	default:
		return TEE_ERROR_NOT_SUPPORTED;
	}
}
