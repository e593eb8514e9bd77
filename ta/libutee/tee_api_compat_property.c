// SPDX-License-Identifier: BSD-2-Clause
/* GP 1.1 twins of the property functions: 32-bit buffer sizes. */
#include <tee_internal_api.h>

#include "utee_compat.h"

TEE_Result __GP11_TEE_GetPropertyAsString(TEE_PropSetHandle propsetOrEnumerator,
					  const char *name, char *valueBuffer,
					  uint32_t *valueBufferLen)
{
	size_t l = valueBufferLen ? *valueBufferLen : 0;
	TEE_Result res;

	res = TEE_GetPropertyAsString(propsetOrEnumerator, name, valueBuffer,
				      valueBufferLen ? &l : NULL);
	utee_gp11_len_out(valueBufferLen, l);
	return res;
}

TEE_Result
__GP11_TEE_GetPropertyAsBinaryBlock(TEE_PropSetHandle propsetOrEnumerator,
				    const char *name, void *valueBuffer,
				    uint32_t *valueBufferLen)
{
	size_t l = valueBufferLen ? *valueBufferLen : 0;
	TEE_Result res;

	res = TEE_GetPropertyAsBinaryBlock(propsetOrEnumerator, name,
					   valueBuffer,
					   valueBufferLen ? &l : NULL);
	utee_gp11_len_out(valueBufferLen, l);
	return res;
}

TEE_Result __GP11_TEE_GetPropertyName(TEE_PropSetHandle enumerator,
				      void *nameBuffer, uint32_t *nameBufferLen)
{
	size_t l = nameBufferLen ? *nameBufferLen : 0;
	TEE_Result res;

	res = TEE_GetPropertyName(enumerator, nameBuffer,
				  nameBufferLen ? &l : NULL);
	utee_gp11_len_out(nameBufferLen, l);
	return res;
}
