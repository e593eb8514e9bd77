// SPDX-License-Identifier: BSD-2-Clause
/*
 * The GP TEE Internal Core API's deprecated object functions without the
 * "1" suffix, which return nothing: OP-TEE's libutee still has them
 * (lib/libutee/tee_api_objects.c) and TAs written against it call them
 * (optee_test's storage TA calls TEE_GetObjectInfo).  Each is its "1"
 * twin with every error it would return turned into a panic, as OP-TEE
 * does.
 */
#include <tee_api.h>

void TEE_GetObjectInfo(TEE_ObjectHandle object, TEE_ObjectInfo *objectInfo)
{
	TEE_Result res = TEE_GetObjectInfo1(object, objectInfo);

	if (res != TEE_SUCCESS)
		TEE_Panic(res);
}

void TEE_RestrictObjectUsage(TEE_ObjectHandle object, uint32_t objectUsage)
{
	TEE_Result res = TEE_RestrictObjectUsage1(object, objectUsage);

	if (res != TEE_SUCCESS)
		TEE_Panic(res);
}

void TEE_CopyObjectAttributes(TEE_ObjectHandle destObject,
			      TEE_ObjectHandle srcObject)
{
	TEE_Result res = TEE_CopyObjectAttributes1(destObject, srcObject);

	if (res != TEE_SUCCESS)
		TEE_Panic(res);
}
