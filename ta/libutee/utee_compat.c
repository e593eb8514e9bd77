// SPDX-License-Identifier: BSD-2-Clause
/*
 * Conversions between GP 1.1's layouts and sizes and 1.3.1's, for the
 * __GP11_ twins (utee_compat.h).
 */
#include <stdint.h>

#include <tee_internal_api.h>

#include "utee_compat.h"

void utee_gp11_len_out(uint32_t *len, size_t l)
{
	if (!len)
		return;
	if (l > UINT32_MAX)
		TEE_Panic(TEE_ERROR_OVERFLOW);
	*len = (uint32_t)l;
}

TEE_Attribute *utee_gp11_attrs(const __GP11_TEE_Attribute *attrs, uint32_t n)
{
	TEE_Attribute *a;

	if (!attrs || !n)
		return NULL;
	a = TEE_Malloc((size_t)n * sizeof(*a), TEE_MALLOC_FILL_ZERO);
	if (!a)
		TEE_Panic(TEE_ERROR_OUT_OF_MEMORY);
	for (uint32_t i = 0; i < n; i++) {
		a[i].attributeID = attrs[i].attributeID;
		if (attrs[i].attributeID & TEE_ATTR_FLAG_VALUE) {
			a[i].content.value.a = attrs[i].content.value.a;
			a[i].content.value.b = attrs[i].content.value.b;
		} else {
			a[i].content.ref.buffer = attrs[i].content.ref.buffer;
			a[i].content.ref.length = attrs[i].content.ref.length;
		}
	}
	return a;
}

void utee_gp11_attrs_free(TEE_Attribute *attrs)
{
	TEE_Free(attrs);
}

void utee_gp11_info(__GP11_TEE_ObjectInfo *dst, const TEE_ObjectInfo *src)
{
	dst->objectType = src->objectType;
	dst->keySize = src->objectSize;
	dst->maxKeySize = src->maxObjectSize;
	dst->objectUsage = src->objectUsage;
	dst->dataSize = (uint32_t)src->dataSize;
	dst->dataPosition = (uint32_t)src->dataPosition;
	dst->handleFlags = src->handleFlags;
}

static bool is_value(uint32_t pt, unsigned int n)
{
	uint32_t t = TEE_PARAM_TYPE_GET(pt, n);

	return t == TEE_PARAM_TYPE_VALUE_INPUT ||
	       t == TEE_PARAM_TYPE_VALUE_OUTPUT ||
	       t == TEE_PARAM_TYPE_VALUE_INOUT;
}

static bool is_memref(uint32_t pt, unsigned int n)
{
	uint32_t t = TEE_PARAM_TYPE_GET(pt, n);

	return t == TEE_PARAM_TYPE_MEMREF_INPUT ||
	       t == TEE_PARAM_TYPE_MEMREF_OUTPUT ||
	       t == TEE_PARAM_TYPE_MEMREF_INOUT;
}

void utee_gp11_params_to(uint32_t pt, const TEE_Param src[TEE_NUM_PARAMS],
			 __GP11_TEE_Param dst[TEE_NUM_PARAMS])
{
	for (unsigned int n = 0; n < TEE_NUM_PARAMS; n++) {
		if (is_value(pt, n)) {
			dst[n].value.a = src[n].value.a;
			dst[n].value.b = src[n].value.b;
		} else if (is_memref(pt, n)) {
			dst[n].memref.buffer = src[n].memref.buffer;
			dst[n].memref.size = (uint32_t)src[n].memref.size;
		}
	}
}

void utee_gp11_params_from(uint32_t pt,
			   const __GP11_TEE_Param src[TEE_NUM_PARAMS],
			   TEE_Param dst[TEE_NUM_PARAMS])
{
	for (unsigned int n = 0; n < TEE_NUM_PARAMS; n++) {
		if (is_value(pt, n)) {
			dst[n].value.a = src[n].value.a;
			dst[n].value.b = src[n].value.b;
		} else if (is_memref(pt, n)) {
			dst[n].memref.buffer = src[n].memref.buffer;
			dst[n].memref.size = src[n].memref.size;
		}
	}
}
