// SPDX-License-Identifier: BSD-2-Clause
/*
 * ta_test_storage: GP Trusted Storage (ch. 5) driven from the normal
 * world one call at a time (storage/ta_storage_cmds.h), so that the end
 * to end test sees each GP result itself.  Misuse the GP specification
 * answers with a panic is passed on as such: the client sees
 * TEEC_ERROR_TARGET_DEAD.
 */
#include <string.h>

#include <tee_internal_api.h>

#include <storage/ta_storage_cmds.h>

#define TYPES TEE_PARAM_TYPES
#define NONE  TEE_PARAM_TYPE_NONE
#define VIN   TEE_PARAM_TYPE_VALUE_INPUT
#define VOUT  TEE_PARAM_TYPE_VALUE_OUTPUT
#define VIO   TEE_PARAM_TYPE_VALUE_INOUT
#define MIN   TEE_PARAM_TYPE_MEMREF_INPUT
#define MOUT  TEE_PARAM_TYPE_MEMREF_OUTPUT

/* Handles of this instance (one session each: TA_FLAGS 0). */
static TEE_ObjectHandle slots[STORAGE_TA_SLOTS];

TEE_Result TA_CreateEntryPoint(void)
{
	return TEE_SUCCESS;
}

void TA_DestroyEntryPoint(void)
{
}

TEE_Result TA_OpenSessionEntryPoint(uint32_t types, TEE_Param params[4],
				    void **ctx)
{
	(void)types;
	(void)params;
	(void)ctx;
	return TEE_SUCCESS;
}

void TA_CloseSessionEntryPoint(void *ctx)
{
	(void)ctx;
	/* Handles left open are the trusted OS's to close. */
}

static int free_slot(void)
{
	for (int i = 0; i < STORAGE_TA_SLOTS; i++)
		if (!slots[i])
			return i;
	return -1;
}

static TEE_ObjectHandle slot(uint32_t i)
{
	return i < STORAGE_TA_SLOTS ? slots[i] : TEE_HANDLE_NULL;
}

static TEE_Result keep(TEE_ObjectHandle h, TEE_Param *p)
{
	int i = free_slot();

	if (i < 0) {
		TEE_CloseObject(h);
		return TEE_ERROR_OUT_OF_MEMORY;
	}
	slots[i] = h;
	p->value.a = (uint32_t)i;
	return TEE_SUCCESS;
}

static TEE_Result create(uint32_t types, TEE_Param p[4])
{
	TEE_ObjectHandle h = TEE_HANDLE_NULL;
	bool no_handle = p[2].value.a == 0xffffffff;
	TEE_Result res;

	if (types != TYPES(MIN, MIN, VIO, VIN))
		return TEE_ERROR_BAD_PARAMETERS;
	res = TEE_CreatePersistentObject(
		p[3].value.a, p[0].memref.buffer, p[0].memref.size,
		no_handle ? 0 : p[2].value.a, TEE_HANDLE_NULL,
		p[1].memref.buffer, p[1].memref.size, no_handle ? NULL : &h);
	if (res || no_handle)
		return res;
	return keep(h, &p[2]);
}

static TEE_Result cmd_open(uint32_t types, TEE_Param p[4])
{
	TEE_ObjectHandle h = TEE_HANDLE_NULL;
	TEE_Result res;

	if (types != TYPES(MIN, NONE, VIO, VIN))
		return TEE_ERROR_BAD_PARAMETERS;
	res = TEE_OpenPersistentObject(p[3].value.a, p[0].memref.buffer,
				       p[0].memref.size, p[2].value.a, &h);
	if (res)
		return res;
	return keep(h, &p[2]);
}

static TEE_Result cmd_read(TEE_Param p[4])
{
	size_t count = 0;
	TEE_Result res;

	res = TEE_ReadObjectData(slot(p[0].value.a), p[1].memref.buffer,
				 p[1].memref.size, &count);
	p[1].memref.size = count;
	return res;
}

static TEE_Result info(TEE_Param p[4])
{
	TEE_ObjectInfo i;
	TEE_Result res;

	res = TEE_GetObjectInfo1(slot(p[0].value.a), &i);
	p[1].value.a = (uint32_t)i.dataSize;
	p[1].value.b = (uint32_t)i.dataPosition;
	p[2].value.a = i.handleFlags;
	p[2].value.b = i.objectType;
	p[3].value.a = i.objectUsage;
	p[3].value.b = i.objectSize;
	return res;
}

static TEE_Result enumerate(TEE_Param p[4])
{
	uint8_t *out = p[0].memref.buffer, id[TEE_OBJECT_ID_MAX_LEN];
	size_t off = 0, len = 0;
	TEE_ObjectEnumHandle e;
	TEE_ObjectInfo info;
	TEE_Result res;
	uint32_t n = 0;

	res = TEE_AllocatePersistentObjectEnumerator(&e);
	if (res)
		return res;
	res = TEE_StartPersistentObjectEnumerator(e, p[1].value.a);
	while (!res) {
		res = TEE_GetNextPersistentObject(e, &info, id, &len);
		if (res)
			break;
		if (off + 1 + len > p[0].memref.size) {
			res = TEE_ERROR_SHORT_BUFFER;
			break;
		}
		out[off] = (uint8_t)len;
		memcpy(out + off + 1, id, len);
		off += 1 + len;
		n++;
	}
	TEE_FreePersistentObjectEnumerator(e);
	p[0].memref.size = off;
	p[1].value.b = n;
	return res == TEE_ERROR_ITEM_NOT_FOUND ? TEE_SUCCESS : res;
}

static TEE_Result create_key(TEE_Param p[4])
{
	TEE_ObjectHandle key;
	TEE_Attribute attr;
	TEE_Result res;

	res = TEE_AllocateTransientObject(TEE_TYPE_AES, 128, &key);
	if (res)
		return res;
	TEE_InitRefAttribute(&attr, TEE_ATTR_SECRET_VALUE, p[1].memref.buffer,
			     p[1].memref.size);
	res = TEE_PopulateTransientObject(key, &attr, 1);
	if (!res)
		res = TEE_RestrictObjectUsage1(key, p[2].value.a);
	if (!res)
		res = TEE_CreatePersistentObject(
			TEE_STORAGE_PRIVATE, p[0].memref.buffer,
			p[0].memref.size, TEE_DATA_FLAG_OVERWRITE, key, NULL, 0,
			NULL);
	TEE_FreeTransientObject(key);
	return res;
}

static TEE_Result get_key(TEE_Param p[4])
{
	size_t size = p[1].memref.size;
	TEE_Result res;

	res = TEE_GetObjectBufferAttribute(slot(p[0].value.a),
					   TEE_ATTR_SECRET_VALUE,
					   p[1].memref.buffer, &size);
	p[1].memref.size = size;
	return res;
}

static TEE_Result on_slot(uint32_t cmd, TEE_Param p[4])
{
	uint32_t i = p[0].value.a;
	TEE_Result res;

	switch (cmd) {
	case TA_STORAGE_CMD_CLOSE:
		TEE_CloseObject(slot(i));
		break;
	case TA_STORAGE_CMD_DELETE:
		res = TEE_CloseAndDeletePersistentObject1(slot(i));
		if (res)
			return res;
		break;
	case TA_STORAGE_CMD_READ:
		return cmd_read(p);
	case TA_STORAGE_CMD_WRITE:
		return TEE_WriteObjectData(slot(i), p[1].memref.buffer,
					   p[1].memref.size);
	case TA_STORAGE_CMD_SEEK:
		return TEE_SeekObjectData(slot(i), (int32_t)p[1].value.a,
					  p[0].value.b);
	case TA_STORAGE_CMD_TRUNCATE:
		return TEE_TruncateObjectData(slot(i), p[0].value.b);
	case TA_STORAGE_CMD_RENAME:
		return TEE_RenamePersistentObject(slot(i), p[1].memref.buffer,
						  p[1].memref.size);
	case TA_STORAGE_CMD_INFO:
		return info(p);
	case TA_STORAGE_CMD_GET_KEY:
		return get_key(p);
	case TA_STORAGE_CMD_RESTRICT:
		return TEE_RestrictObjectUsage1(slot(i), p[0].value.b);
	default:
		return TEE_ERROR_NOT_SUPPORTED;
	}
	if (i < STORAGE_TA_SLOTS)
		slots[i] = TEE_HANDLE_NULL;
	return TEE_SUCCESS;
}

static TEE_Result ta_time(uint32_t cmd, TEE_Param p[4])
{
	TEE_Time t = {p[0].value.a, p[0].value.b};
	TEE_Result res;

	if (cmd == TA_STORAGE_CMD_SET_TIME)
		return TEE_SetTAPersistentTime(&t);
	res = TEE_GetTAPersistentTime(&t);
	p[0].value.a = t.seconds;
	p[0].value.b = t.millis;
	return res;
}

TEE_Result TA_InvokeCommandEntryPoint(void *ctx, uint32_t cmd, uint32_t types,
				      TEE_Param p[4])
{
	(void)ctx;
	switch (cmd) {
	case TA_STORAGE_CMD_GET_TIME:
	case TA_STORAGE_CMD_SET_TIME:
		return ta_time(cmd, p);
	case TA_STORAGE_CMD_CREATE:
		return create(types, p);
	case TA_STORAGE_CMD_OPEN:
		return cmd_open(types, p);
	case TA_STORAGE_CMD_ENUM:
		return enumerate(p);
	case TA_STORAGE_CMD_CREATE_KEY:
		return create_key(p);
	default:
		/* The test sends what each command takes. */
		return on_slot(cmd, p);
	}
}
