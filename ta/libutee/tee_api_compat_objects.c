// SPDX-License-Identifier: BSD-2-Clause
/*
 * GP 1.1 twins of the transient-object functions: 1.1 attributes and
 * TEE_ObjectInfo, 32-bit sizes, and TEE_TYPE_DATA objects.
 */
#include <tee_internal_api.h>

#include "utee_compat.h"
#include "utee_crypto.h"

TEE_Result __GP11_TEE_AllocateTransientObject(TEE_ObjectType objectType,
					      uint32_t maxKeySize,
					      TEE_ObjectHandle *object)
{
	/* 1.3.1's libutee refuses TEE_TYPE_DATA itself; OP-TEE's core
	 * takes it with no size (tee_obj_set_type()). */
	if (objectType != TEE_TYPE_DATA)
		return TEE_AllocateTransientObject(objectType, maxKeySize,
						   object);
	if (maxKeySize) {
		if (!object)
			TEE_Panic(TEE_ERROR_BAD_PARAMETERS);
		*object = TEE_HANDLE_NULL;
		return TEE_ERROR_NOT_SUPPORTED;
	}
	return utee_obj_alloc_data(object);
}

TEE_Result __GP11_TEE_PopulateTransientObject(TEE_ObjectHandle object,
					      const __GP11_TEE_Attribute *attrs,
					      uint32_t attrCount)
{
	TEE_Attribute *a = utee_gp11_attrs(attrs, attrCount);
	TEE_Result res;

	res = TEE_PopulateTransientObject(object, a, attrCount);
	utee_gp11_attrs_free(a);
	return res;
}

void __GP11_TEE_InitRefAttribute(__GP11_TEE_Attribute *attr,
				 uint32_t attributeID, const void *buffer,
				 uint32_t length)
{
	TEE_Attribute a;

	/* The 1.3.1 function judges the ID (and @attr) first. */
	TEE_InitRefAttribute(attr ? &a : NULL, attributeID, buffer, length);
	attr->attributeID = a.attributeID;
	attr->content.ref.buffer = a.content.ref.buffer;
	attr->content.ref.length = (uint32_t)a.content.ref.length;
}

void __GP11_TEE_InitValueAttribute(__GP11_TEE_Attribute *attr,
				   uint32_t attributeID, uint32_t a, uint32_t b)
{
	TEE_Attribute v;

	TEE_InitValueAttribute(attr ? &v : NULL, attributeID, a, b);
	attr->attributeID = v.attributeID;
	attr->content.value.a = v.content.value.a;
	attr->content.value.b = v.content.value.b;
}

TEE_Result __GP11_TEE_GenerateKey(TEE_ObjectHandle object, uint32_t keySize,
				  const __GP11_TEE_Attribute *params,
				  uint32_t paramCount)
{
	TEE_Attribute *a = utee_gp11_attrs(params, paramCount);
	TEE_Result res;

	res = TEE_GenerateKey(object, keySize, a, paramCount);
	utee_gp11_attrs_free(a);
	return res;
}

TEE_Result __GP11_TEE_GetObjectInfo1(TEE_ObjectHandle object,
				     __GP11_TEE_ObjectInfo *objectInfo)
{
	TEE_ObjectInfo info;
	TEE_Result res;

	res = TEE_GetObjectInfo1(object, objectInfo ? &info : NULL);
	if (res == TEE_SUCCESS)
		utee_gp11_info(objectInfo, &info);
	return res;
}

void __GP11_TEE_GetObjectInfo(TEE_ObjectHandle object,
			      __GP11_TEE_ObjectInfo *objectInfo)
{
	TEE_Result res = __GP11_TEE_GetObjectInfo1(object, objectInfo);

	/* GP 1.1's TEE_GetObjectInfo returns nothing: any error panics. */
	if (res != TEE_SUCCESS)
		TEE_Panic(res);
}

TEE_Result __GP11_TEE_GetObjectBufferAttribute(TEE_ObjectHandle object,
					       uint32_t attributeID,
					       void *buffer, uint32_t *size)
{
	size_t l = size ? *size : 0;
	TEE_Result res;

	res = TEE_GetObjectBufferAttribute(object, attributeID, buffer,
					   size ? &l : NULL);
	utee_gp11_len_out(size, l);
	return res;
}
