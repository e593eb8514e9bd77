// SPDX-License-Identifier: BSD-2-Clause
/*
 * GP 1.1 twins of the persistent-object functions: 32-bit sizes, the 1.1
 * TEE_ObjectInfo, a 32-bit seek offset.
 */
#include <tee_internal_api.h>

#include "utee_compat.h"

TEE_Result __GP11_TEE_OpenPersistentObject(uint32_t storageID,
					   const void *objectID,
					   uint32_t objectIDLen, uint32_t flags,
					   TEE_ObjectHandle *object)
{
	return TEE_OpenPersistentObject(storageID, objectID, objectIDLen, flags,
					object);
}

TEE_Result __GP11_TEE_CreatePersistentObject(
	uint32_t storageID, const void *objectID, uint32_t objectIDLen,
	uint32_t flags, TEE_ObjectHandle attributes, const void *initialData,
	uint32_t initialDataLen, TEE_ObjectHandle *object)
{
	return TEE_CreatePersistentObject(storageID, objectID, objectIDLen,
					  flags, attributes, initialData,
					  initialDataLen, object);
}

TEE_Result __GP11_TEE_RenamePersistentObject(TEE_ObjectHandle object,
					     const void *newObjectID,
					     uint32_t newObjectIDLen)
{
	return TEE_RenamePersistentObject(object, newObjectID, newObjectIDLen);
}

TEE_Result
__GP11_TEE_GetNextPersistentObject(TEE_ObjectEnumHandle objectEnumerator,
				   __GP11_TEE_ObjectInfo *objectInfo,
				   void *objectID, uint32_t *objectIDLen)
{
	size_t l = objectIDLen ? *objectIDLen : 0;
	TEE_ObjectInfo info;
	TEE_Result res;

	res = TEE_GetNextPersistentObject(objectEnumerator,
					  objectInfo ? &info : NULL, objectID,
					  objectIDLen ? &l : NULL);
	if (res == TEE_SUCCESS) {
		if (objectInfo)
			utee_gp11_info(objectInfo, &info);
		utee_gp11_len_out(objectIDLen, l);
	}
	return res;
}

TEE_Result __GP11_TEE_ReadObjectData(TEE_ObjectHandle object, void *buffer,
				     uint32_t size, uint32_t *count)
{
	size_t n = 0;
	TEE_Result res;

	res = TEE_ReadObjectData(object, buffer, size, count ? &n : NULL);
	utee_gp11_len_out(count, n);
	return res;
}

TEE_Result __GP11_TEE_WriteObjectData(TEE_ObjectHandle object,
				      const void *buffer, uint32_t size)
{
	return TEE_WriteObjectData(object, buffer, size);
}

TEE_Result __GP11_TEE_TruncateObjectData(TEE_ObjectHandle object, uint32_t size)
{
	return TEE_TruncateObjectData(object, size);
}

TEE_Result __GP11_TEE_SeekObjectData(TEE_ObjectHandle object, int32_t offset,
				     TEE_Whence whence)
{
	return TEE_SeekObjectData(object, offset, whence);
}
