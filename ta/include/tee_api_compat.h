/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * GP TEE Internal Core API 1.1 compatibility, as OP-TEE offers it.
 *
 * libutee is built for 1.3.1 only; beside each 1.3.1 function whose
 * prototype changed since 1.1 it exports a twin named __GP11_<name> with
 * the 1.1 prototype (sizes as uint32_t, the 1.1 layouts of TEE_Param,
 * TEE_Attribute and TEE_ObjectInfo) and the 1.1 rules where OP-TEE keeps
 * them apart (ABI-FACTS-INTERNAL §1.9).  Each twin converts and calls the
 * 1.3.1 function: there is one implementation of the logic.
 *
 * A TA built with __OPTEE_CORE_API_COMPAT_1_1 non-zero (set by the TA, by
 * CFG_TA_OPTEE_CORE_API_COMPAT_1_1=y in OP-TEE's dev kit, by
 * add_teebox_ta(... GP11_COMPAT) or by TEE_CORE_API_REQUIRED_MINOR_VERSION
 * 1) gets the twins and the 1.1 types under the standard names, by the
 * macros at the end of this file.  Its entry points are then really
 * __GP11_TA_OpenSessionEntryPoint and __GP11_TA_InvokeCommandEntryPoint;
 * user_ta_header.c, compiled with the same switch, supplies the real ones,
 * which convert the parameters through __ta_open_sess() and
 * __ta_invoke_cmd().
 *
 * tee_internal_api.h includes this file last: the 1.3.1 prototypes are
 * declared before the names are remapped.
 */
#ifndef TEE_API_COMPAT_H
#define TEE_API_COMPAT_H

#ifndef TEE_INTERNAL_API_H
#error "tee_api_compat.h is included by tee_internal_api.h: include <tee_internal_api.h> instead (and before it, if at all)"
#endif

#include <stddef.h>
#include <stdint.h>

#include "tee_api_defines.h"
#include "tee_api_types.h"

/*
 * The conversion of the entry points, called by user_ta_header.c's
 * TA_OpenSessionEntryPoint() and TA_InvokeCommandEntryPoint() when the TA
 * is built for GP 1.1 (libutee itself is never built so).
 */

/**
 * __ta_open_sess() - call the TA's GP 1.1 open-session entry point @fp
 * with @params as __GP11_TEE_Param (memref sizes cut to 32 bits), then
 * copy what it wrote back into @params
 * @pt:		the parameter types
 * @params:	the parameters, 1.3.1 layout
 * @sess_ctx:	passed on
 * @fp:		__GP11_TA_OpenSessionEntryPoint
 * Return: what @fp returned.
 */
TEE_Result __ta_open_sess(
	uint32_t pt, TEE_Param params[TEE_NUM_PARAMS], void **sess_ctx,
	TEE_Result (*fp)(uint32_t, __GP11_TEE_Param[TEE_NUM_PARAMS], void **));

/**
 * __ta_invoke_cmd() - the same for the invoke-command entry point
 * @sess_ctx:	passed on
 * @cmd_id:	passed on
 * @pt:		the parameter types
 * @params:	the parameters, 1.3.1 layout
 * @fp:		__GP11_TA_InvokeCommandEntryPoint
 * Return: what @fp returned.
 */
TEE_Result __ta_invoke_cmd(void *sess_ctx, uint32_t cmd_id, uint32_t pt,
			   TEE_Param params[TEE_NUM_PARAMS],
			   TEE_Result (*fp)(void *, uint32_t, uint32_t,
					    __GP11_TEE_Param[TEE_NUM_PARAMS]));

/* The entry points of a GP 1.1 TA, as the macros below rename them. */

/** __GP11_TA_OpenSessionEntryPoint() - TA_OpenSessionEntryPoint(), 1.1. */
TEE_Result
__GP11_TA_OpenSessionEntryPoint(uint32_t paramTypes,
				__GP11_TEE_Param params[TEE_NUM_PARAMS],
				void **sessionContext);

/** __GP11_TA_InvokeCommandEntryPoint() - TA_InvokeCommandEntryPoint(), 1.1. */
TEE_Result
__GP11_TA_InvokeCommandEntryPoint(void *sessionContext, uint32_t commandID,
				  uint32_t paramTypes,
				  __GP11_TEE_Param params[TEE_NUM_PARAMS]);

/*
 * The twins.  Unless said otherwise, each is its 1.3.1 function with
 * uint32_t sizes: a size it writes back is the 1.3.1 function's, and one
 * that does not fit 32 bits makes the TA panic (a 1.1 TA cannot be told
 * it).
 */

/* Property access (tee_api_compat_property.c) */

/** __GP11_TEE_GetPropertyAsString() - TEE_GetPropertyAsString(), 1.1. */
TEE_Result __GP11_TEE_GetPropertyAsString(TEE_PropSetHandle propsetOrEnumerator,
					  const char *name, char *valueBuffer,
					  uint32_t *valueBufferLen);

/** __GP11_TEE_GetPropertyAsBinaryBlock() - its 1.3.1 function, 1.1. */
TEE_Result
__GP11_TEE_GetPropertyAsBinaryBlock(TEE_PropSetHandle propsetOrEnumerator,
				    const char *name, void *valueBuffer,
				    uint32_t *valueBufferLen);

/** __GP11_TEE_GetPropertyName() - TEE_GetPropertyName(), 1.1. */
TEE_Result __GP11_TEE_GetPropertyName(TEE_PropSetHandle enumerator,
				      void *nameBuffer,
				      uint32_t *nameBufferLen);

/* Internal Client API (tee_api_compat_ta2ta.c) */

/**
 * __GP11_TEE_OpenTASession() - TEE_OpenTASession() with the 1.1
 * TEE_Param (memref sizes converted both ways)
 */
TEE_Result __GP11_TEE_OpenTASession(const TEE_UUID *destination,
				    uint32_t cancellationRequestTimeout,
				    uint32_t paramTypes,
				    __GP11_TEE_Param params[TEE_NUM_PARAMS],
				    TEE_TASessionHandle *session,
				    uint32_t *returnOrigin);

/** __GP11_TEE_InvokeTACommand() - TEE_InvokeTACommand(), likewise. */
TEE_Result __GP11_TEE_InvokeTACommand(TEE_TASessionHandle session,
				      uint32_t cancellationRequestTimeout,
				      uint32_t commandID, uint32_t paramTypes,
				      __GP11_TEE_Param params[TEE_NUM_PARAMS],
				      uint32_t *returnOrigin);

/* Memory management (tee_api_compat_memory.c) */

/** __GP11_TEE_CheckMemoryAccessRights() - its 1.3.1 function, 1.1. */
TEE_Result __GP11_TEE_CheckMemoryAccessRights(uint32_t accessFlags,
					      void *buffer, uint32_t size);

/** __GP11_TEE_Malloc() - TEE_Malloc(), 1.1. */
void *__GP11_TEE_Malloc(uint32_t size, uint32_t hint);

/** __GP11_TEE_Realloc() - TEE_Realloc(), 1.1. */
void *__GP11_TEE_Realloc(void *buffer, uint32_t newSize);

/** __GP11_TEE_MemMove() - TEE_MemMove(), 1.1. */
void __GP11_TEE_MemMove(void *dest, const void *src, uint32_t size);

/** __GP11_TEE_MemCompare() - TEE_MemCompare(), 1.1. */
int32_t __GP11_TEE_MemCompare(const void *buffer1, const void *buffer2,
			      uint32_t size);

/** __GP11_TEE_MemFill() - TEE_MemFill(), 1.1. */
void __GP11_TEE_MemFill(void *buff, uint32_t x, uint32_t size);

/* Transient objects (tee_api_compat_objects.c) */

/**
 * __GP11_TEE_AllocateTransientObject() - TEE_AllocateTransientObject(),
 * except that TEE_TYPE_DATA with @maxKeySize 0 gives an object without
 * attributes, as GP 1.1 allowed (1.3.1: TEE_ERROR_NOT_SUPPORTED)
 */
TEE_Result __GP11_TEE_AllocateTransientObject(TEE_ObjectType objectType,
					      uint32_t maxKeySize,
					      TEE_ObjectHandle *object);

/** __GP11_TEE_PopulateTransientObject() - with 1.1 attributes. */
TEE_Result __GP11_TEE_PopulateTransientObject(TEE_ObjectHandle object,
					      const __GP11_TEE_Attribute *attrs,
					      uint32_t attrCount);

/** __GP11_TEE_InitRefAttribute() - TEE_InitRefAttribute(), 1.1. */
void __GP11_TEE_InitRefAttribute(__GP11_TEE_Attribute *attr,
				 uint32_t attributeID, const void *buffer,
				 uint32_t length);

/** __GP11_TEE_InitValueAttribute() - TEE_InitValueAttribute(), 1.1. */
void __GP11_TEE_InitValueAttribute(__GP11_TEE_Attribute *attr,
				   uint32_t attributeID, uint32_t a,
				   uint32_t b);

/** __GP11_TEE_GenerateKey() - TEE_GenerateKey() with 1.1 attributes. */
TEE_Result __GP11_TEE_GenerateKey(TEE_ObjectHandle object, uint32_t keySize,
				  const __GP11_TEE_Attribute *params,
				  uint32_t paramCount);

/**
 * __GP11_TEE_GetObjectInfo() - GP 1.1's TEE_GetObjectInfo: the 1.1
 * TEE_ObjectInfo; an error TEE_GetObjectInfo1() would return panics
 */
void __GP11_TEE_GetObjectInfo(TEE_ObjectHandle object,
			      __GP11_TEE_ObjectInfo *objectInfo);

/** __GP11_TEE_GetObjectInfo1() - TEE_GetObjectInfo1(), 1.1 layout. */
TEE_Result __GP11_TEE_GetObjectInfo1(TEE_ObjectHandle object,
				     __GP11_TEE_ObjectInfo *objectInfo);

/** __GP11_TEE_GetObjectBufferAttribute() - its 1.3.1 function, 1.1. */
TEE_Result __GP11_TEE_GetObjectBufferAttribute(TEE_ObjectHandle object,
					       uint32_t attributeID,
					       void *buffer, uint32_t *size);

/* Persistent objects (tee_api_compat_storage.c) */

/** __GP11_TEE_OpenPersistentObject() - its 1.3.1 function, 1.1. */
TEE_Result __GP11_TEE_OpenPersistentObject(uint32_t storageID,
					   const void *objectID,
					   uint32_t objectIDLen, uint32_t flags,
					   TEE_ObjectHandle *object);

/** __GP11_TEE_CreatePersistentObject() - its 1.3.1 function, 1.1. */
TEE_Result __GP11_TEE_CreatePersistentObject(
	uint32_t storageID, const void *objectID, uint32_t objectIDLen,
	uint32_t flags, TEE_ObjectHandle attributes, const void *initialData,
	uint32_t initialDataLen, TEE_ObjectHandle *object);

/** __GP11_TEE_RenamePersistentObject() - its 1.3.1 function, 1.1. */
TEE_Result __GP11_TEE_RenamePersistentObject(TEE_ObjectHandle object,
					     const void *newObjectID,
					     uint32_t newObjectIDLen);

/** __GP11_TEE_GetNextPersistentObject() - with the 1.1 TEE_ObjectInfo. */
TEE_Result
__GP11_TEE_GetNextPersistentObject(TEE_ObjectEnumHandle objectEnumerator,
				   __GP11_TEE_ObjectInfo *objectInfo,
				   void *objectID, uint32_t *objectIDLen);

/** __GP11_TEE_ReadObjectData() - TEE_ReadObjectData(), 1.1. */
TEE_Result __GP11_TEE_ReadObjectData(TEE_ObjectHandle object, void *buffer,
				     uint32_t size, uint32_t *count);

/** __GP11_TEE_WriteObjectData() - TEE_WriteObjectData(), 1.1. */
TEE_Result __GP11_TEE_WriteObjectData(TEE_ObjectHandle object,
				      const void *buffer, uint32_t size);

/** __GP11_TEE_TruncateObjectData() - TEE_TruncateObjectData(), 1.1. */
TEE_Result __GP11_TEE_TruncateObjectData(TEE_ObjectHandle object,
					 uint32_t size);

/** __GP11_TEE_SeekObjectData() - TEE_SeekObjectData(), int32_t @offset. */
TEE_Result __GP11_TEE_SeekObjectData(TEE_ObjectHandle object, int32_t offset,
				     TEE_Whence whence);

/* Operations (tee_api_compat_operations.c) */

/** __GP11_TEE_FreeOperation() - TEE_FreeOperation(); NULL panics. */
void __GP11_TEE_FreeOperation(TEE_OperationHandle operation);

/** __GP11_TEE_GetOperationInfoMultiple() - its 1.3.1 function, 1.1. */
TEE_Result __GP11_TEE_GetOperationInfoMultiple(TEE_OperationHandle operation,
					       TEE_OperationInfoMultiple *info,
					       uint32_t *operationSize);

/**
 * __GP11_TEE_SetOperationKey() - TEE_SetOperationKey() with GP 1.1's
 * state rule: it panics unless the operation state is INITIAL (1.3.1:
 * unless the operation is not initialised); an operation initialised
 * with the old key must be initialised again
 */
TEE_Result __GP11_TEE_SetOperationKey(TEE_OperationHandle operation,
				      TEE_ObjectHandle key);

/**
 * __GP11_TEE_SetOperationKey2() - TEE_SetOperationKey2() without its
 * check that the two keys differ (1.3.1: TEE_ERROR_SECURITY)
 */
TEE_Result __GP11_TEE_SetOperationKey2(TEE_OperationHandle operation,
				       TEE_ObjectHandle key1,
				       TEE_ObjectHandle key2);

/** __GP11_TEE_DigestUpdate() - TEE_DigestUpdate(), 1.1. */
void __GP11_TEE_DigestUpdate(TEE_OperationHandle operation, const void *chunk,
			     uint32_t chunkSize);

/** __GP11_TEE_DigestDoFinal() - TEE_DigestDoFinal(), 1.1. */
TEE_Result __GP11_TEE_DigestDoFinal(TEE_OperationHandle operation,
				    const void *chunk, uint32_t chunkLen,
				    void *hash, uint32_t *hashLen);

/** __GP11_TEE_CipherInit() - TEE_CipherInit(), 1.1. */
void __GP11_TEE_CipherInit(TEE_OperationHandle operation, const void *IV,
			   uint32_t IVLen);

/** __GP11_TEE_CipherUpdate() - TEE_CipherUpdate(), 1.1. */
TEE_Result __GP11_TEE_CipherUpdate(TEE_OperationHandle operation,
				   const void *srcData, uint32_t srcLen,
				   void *destData, uint32_t *destLen);

/** __GP11_TEE_CipherDoFinal() - TEE_CipherDoFinal(), 1.1. */
TEE_Result __GP11_TEE_CipherDoFinal(TEE_OperationHandle operation,
				    const void *srcData, uint32_t srcLen,
				    void *destData, uint32_t *destLen);

/** __GP11_TEE_MACInit() - TEE_MACInit(), 1.1. */
void __GP11_TEE_MACInit(TEE_OperationHandle operation, const void *IV,
			uint32_t IVLen);

/** __GP11_TEE_MACUpdate() - TEE_MACUpdate(), 1.1. */
void __GP11_TEE_MACUpdate(TEE_OperationHandle operation, const void *chunk,
			  uint32_t chunkSize);

/** __GP11_TEE_MACComputeFinal() - TEE_MACComputeFinal(), 1.1. */
TEE_Result __GP11_TEE_MACComputeFinal(TEE_OperationHandle operation,
				      const void *message, uint32_t messageLen,
				      void *mac, uint32_t *macLen);

/** __GP11_TEE_MACCompareFinal() - TEE_MACCompareFinal(), 1.1. */
TEE_Result __GP11_TEE_MACCompareFinal(TEE_OperationHandle operation,
				      const void *message, uint32_t messageLen,
				      const void *mac, uint32_t macLen);

/** __GP11_TEE_AEInit() - TEE_AEInit(), 1.1. */
TEE_Result __GP11_TEE_AEInit(TEE_OperationHandle operation, const void *nonce,
			     uint32_t nonceLen, uint32_t tagLen,
			     uint32_t AADLen, uint32_t payloadLen);

/**
 * __GP11_TEE_AEUpdateAAD() - TEE_AEUpdateAAD() with GP 1.1's state rule:
 * no check that the operation is in its INITIAL state, and it leaves it
 * ACTIVE
 */
void __GP11_TEE_AEUpdateAAD(TEE_OperationHandle operation, const void *AADdata,
			    uint32_t AADdataLen);

/** __GP11_TEE_AEUpdate() - TEE_AEUpdate(), 1.1. */
TEE_Result __GP11_TEE_AEUpdate(TEE_OperationHandle operation,
			       const void *srcData, uint32_t srcLen,
			       void *destData, uint32_t *destLen);

/** __GP11_TEE_AEEncryptFinal() - TEE_AEEncryptFinal(), 1.1. */
TEE_Result __GP11_TEE_AEEncryptFinal(TEE_OperationHandle operation,
				     const void *srcData, uint32_t srcLen,
				     void *destData, uint32_t *destLen,
				     void *tag, uint32_t *tagLen);

/** __GP11_TEE_AEDecryptFinal() - TEE_AEDecryptFinal(), 1.1. */
TEE_Result __GP11_TEE_AEDecryptFinal(TEE_OperationHandle operation,
				     const void *srcData, uint32_t srcLen,
				     void *destData, uint32_t *destLen,
				     void *tag, uint32_t tagLen);

/**
 * __GP11_TEE_AsymmetricEncrypt() - TEE_AsymmetricEncrypt() with 1.1
 * attributes; TEE_ERROR_CIPHERTEXT_INVALID and TEE_ERROR_NOT_SUPPORTED,
 * which 1.1 does not list, panic
 */
TEE_Result __GP11_TEE_AsymmetricEncrypt(TEE_OperationHandle operation,
					const __GP11_TEE_Attribute *params,
					uint32_t paramCount,
					const void *srcData, uint32_t srcLen,
					void *destData, uint32_t *destLen);

/** __GP11_TEE_AsymmetricDecrypt() - the same for decryption. */
TEE_Result __GP11_TEE_AsymmetricDecrypt(TEE_OperationHandle operation,
					const __GP11_TEE_Attribute *params,
					uint32_t paramCount,
					const void *srcData, uint32_t srcLen,
					void *destData, uint32_t *destLen);

/** __GP11_TEE_AsymmetricSignDigest() - with 1.1 attributes and sizes. */
TEE_Result __GP11_TEE_AsymmetricSignDigest(TEE_OperationHandle operation,
					   const __GP11_TEE_Attribute *params,
					   uint32_t paramCount,
					   const void *digest,
					   uint32_t digestLen, void *signature,
					   uint32_t *signatureLen);

/** __GP11_TEE_AsymmetricVerifyDigest() - with 1.1 attributes and sizes. */
TEE_Result __GP11_TEE_AsymmetricVerifyDigest(
	TEE_OperationHandle operation, const __GP11_TEE_Attribute *params,
	uint32_t paramCount, const void *digest, uint32_t digestLen,
	const void *signature, uint32_t signatureLen);

/** __GP11_TEE_DeriveKey() - TEE_DeriveKey() with 1.1 attributes. */
void __GP11_TEE_DeriveKey(TEE_OperationHandle operation,
			  const __GP11_TEE_Attribute *params,
			  uint32_t paramCount, TEE_ObjectHandle derivedKey);

/** __GP11_TEE_GenerateRandom() - TEE_GenerateRandom(), 1.1. */
void __GP11_TEE_GenerateRandom(void *randomBuffer, uint32_t randomBufferLen);

/* Arithmetical API (tee_api_compat_arith.c) */

/** __GP11_TEE_BigIntFMMSizeInU32() - its 1.3.1 function, 1.1. */
uint32_t __GP11_TEE_BigIntFMMSizeInU32(uint32_t modulusSizeInBits);

/** __GP11_TEE_BigIntFMMContextSizeInU32() - its 1.3.1 function, 1.1. */
uint32_t __GP11_TEE_BigIntFMMContextSizeInU32(uint32_t modulusSizeInBits);

/** __GP11_TEE_BigIntInit() - TEE_BigIntInit(), 1.1 (never remapped). */
void __GP11_TEE_BigIntInit(TEE_BigInt *bigInt, uint32_t len);

/** __GP11_TEE_BigIntInitFMMContext() - its 1.3.1 function, 1.1. */
void __GP11_TEE_BigIntInitFMMContext(TEE_BigIntFMMContext *context,
				     uint32_t len, const TEE_BigInt *modulus);

/** __GP11_TEE_BigIntInitFMM() - TEE_BigIntInitFMM(), 1.1. */
void __GP11_TEE_BigIntInitFMM(TEE_BigIntFMM *bigIntFMM, uint32_t len);

/** __GP11_TEE_BigIntConvertFromOctetString() - its 1.3.1 function, 1.1. */
TEE_Result __GP11_TEE_BigIntConvertFromOctetString(TEE_BigInt *dest,
						   const uint8_t *buffer,
						   uint32_t bufferLen,
						   int32_t sign);

/** __GP11_TEE_BigIntConvertToOctetString() - its 1.3.1 function, 1.1. */
TEE_Result __GP11_TEE_BigIntConvertToOctetString(uint8_t *buffer,
						 uint32_t *bufferLen,
						 const TEE_BigInt *bigInt);

/** __GP11_TEE_BigIntShiftRight() - TEE_BigIntShiftRight(), 1.1. */
void __GP11_TEE_BigIntShiftRight(TEE_BigInt *dest, const TEE_BigInt *op,
				 uint32_t bits);

#if __OPTEE_CORE_API_COMPAT_1_1
/* Types */
#define TEE_Attribute  __GP11_TEE_Attribute
#define TEE_ObjectInfo __GP11_TEE_ObjectInfo
#define TEE_Param      __GP11_TEE_Param

/* TA entry points */
#define TA_InvokeCommandEntryPoint __GP11_TA_InvokeCommandEntryPoint
#define TA_OpenSessionEntryPoint   __GP11_TA_OpenSessionEntryPoint

/* Properties */
#define TEE_GetPropertyAsBinaryBlock __GP11_TEE_GetPropertyAsBinaryBlock
#define TEE_GetPropertyAsString	     __GP11_TEE_GetPropertyAsString
#define TEE_GetPropertyName	     __GP11_TEE_GetPropertyName

/* Internal Client API */
#define TEE_InvokeTACommand __GP11_TEE_InvokeTACommand
#define TEE_OpenTASession   __GP11_TEE_OpenTASession

/* Memory */
#define TEE_CheckMemoryAccessRights __GP11_TEE_CheckMemoryAccessRights
#define TEE_Malloc		    __GP11_TEE_Malloc
#define TEE_Realloc		    __GP11_TEE_Realloc
#define TEE_MemCompare		    __GP11_TEE_MemCompare
#define TEE_MemFill		    __GP11_TEE_MemFill
#define TEE_MemMove		    __GP11_TEE_MemMove

/* Objects */
#define TEE_AllocateTransientObject  __GP11_TEE_AllocateTransientObject
#define TEE_GenerateKey		     __GP11_TEE_GenerateKey
#define TEE_GetObjectBufferAttribute __GP11_TEE_GetObjectBufferAttribute
#define TEE_GetObjectInfo	     __GP11_TEE_GetObjectInfo
#define TEE_GetObjectInfo1	     __GP11_TEE_GetObjectInfo1
#define TEE_InitRefAttribute	     __GP11_TEE_InitRefAttribute
#define TEE_InitValueAttribute	     __GP11_TEE_InitValueAttribute
#define TEE_PopulateTransientObject  __GP11_TEE_PopulateTransientObject

/* Persistent storage */
#define TEE_CreatePersistentObject  __GP11_TEE_CreatePersistentObject
#define TEE_OpenPersistentObject    __GP11_TEE_OpenPersistentObject
#define TEE_RenamePersistentObject  __GP11_TEE_RenamePersistentObject
#define TEE_GetNextPersistentObject __GP11_TEE_GetNextPersistentObject
#define TEE_ReadObjectData	    __GP11_TEE_ReadObjectData
#define TEE_WriteObjectData	    __GP11_TEE_WriteObjectData
#define TEE_TruncateObjectData	    __GP11_TEE_TruncateObjectData
#define TEE_SeekObjectData	    __GP11_TEE_SeekObjectData

/* Operations */
#define TEE_FreeOperation	     __GP11_TEE_FreeOperation
#define TEE_GetOperationInfoMultiple __GP11_TEE_GetOperationInfoMultiple
#define TEE_SetOperationKey	     __GP11_TEE_SetOperationKey
#define TEE_SetOperationKey2	     __GP11_TEE_SetOperationKey2

/* Digest, cipher, MAC, authenticated encryption */
#define TEE_DigestUpdate    __GP11_TEE_DigestUpdate
#define TEE_DigestDoFinal   __GP11_TEE_DigestDoFinal
#define TEE_CipherInit	    __GP11_TEE_CipherInit
#define TEE_CipherUpdate    __GP11_TEE_CipherUpdate
#define TEE_CipherDoFinal   __GP11_TEE_CipherDoFinal
#define TEE_MACInit	    __GP11_TEE_MACInit
#define TEE_MACUpdate	    __GP11_TEE_MACUpdate
#define TEE_MACComputeFinal __GP11_TEE_MACComputeFinal
#define TEE_MACCompareFinal __GP11_TEE_MACCompareFinal
#define TEE_AEInit	    __GP11_TEE_AEInit
#define TEE_AEUpdateAAD	    __GP11_TEE_AEUpdateAAD
#define TEE_AEUpdate	    __GP11_TEE_AEUpdate
#define TEE_AEEncryptFinal  __GP11_TEE_AEEncryptFinal
#define TEE_AEDecryptFinal  __GP11_TEE_AEDecryptFinal

/* Asymmetric, derivation, random */
#define TEE_AsymmetricEncrypt	   __GP11_TEE_AsymmetricEncrypt
#define TEE_AsymmetricDecrypt	   __GP11_TEE_AsymmetricDecrypt
#define TEE_AsymmetricSignDigest   __GP11_TEE_AsymmetricSignDigest
#define TEE_AsymmetricVerifyDigest __GP11_TEE_AsymmetricVerifyDigest
#define TEE_DeriveKey		   __GP11_TEE_DeriveKey
#define TEE_GenerateRandom	   __GP11_TEE_GenerateRandom

/* Arithmetic */
#define TEE_BigIntConvertFromOctetString __GP11_TEE_BigIntConvertFromOctetString
#define TEE_BigIntConvertToOctetString	 __GP11_TEE_BigIntConvertToOctetString
#define TEE_BigIntFMMContextSizeInU32	 __GP11_TEE_BigIntFMMContextSizeInU32
#define TEE_BigIntFMMSizeInU32		 __GP11_TEE_BigIntFMMSizeInU32
#define TEE_BigIntInitFMMContext	 __GP11_TEE_BigIntInitFMMContext
#define TEE_BigIntInitFMM		 __GP11_TEE_BigIntInitFMM
#define TEE_BigIntShiftRight		 __GP11_TEE_BigIntShiftRight
#endif /* __OPTEE_CORE_API_COMPAT_1_1 */

#endif /* TEE_API_COMPAT_H */
