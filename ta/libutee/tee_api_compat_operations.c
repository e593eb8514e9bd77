// SPDX-License-Identifier: BSD-2-Clause
/*
 * GP 1.1 twins of the cryptographic operation functions: 32-bit sizes,
 * 1.1 attributes, and the rules OP-TEE's twins keep from 1.1
 * (ABI-FACTS-INTERNAL §1.9): TEE_FreeOperation(NULL) panics, the
 * SetOperationKey state rule, SetOperationKey2 without the same-key
 * check, AEUpdateAAD's state, and Asymmetric{En,De}crypt panicking on
 * the results 1.1 did not list.
 */
#include <tee_internal_api.h>

#include "utee_compat.h"
#include "utee_crypto.h"

/*
 * A 1.3.1 function with an in/out size: *@len in, the function's size
 * out.  The macro keeps each twin a plain call of its 1.3.1 function.
 */
#define GP11_INOUT(len, call)                                                  \
	({                                                                     \
		size_t l_ = (len) ? *(len) : 0;                                \
		size_t *lp_ = (len) ? &l_ : NULL;                              \
		TEE_Result r_ = (call);                                        \
		utee_gp11_len_out((len), l_);                                  \
		r_;                                                            \
	})

void __GP11_TEE_FreeOperation(TEE_OperationHandle operation)
{
	/* GP 1.1 has no "TEE_HANDLE_NULL is fine" here. */
	if (operation == TEE_HANDLE_NULL)
		TEE_Panic(TEE_ERROR_BAD_PARAMETERS);
	TEE_FreeOperation(operation);
}

TEE_Result __GP11_TEE_GetOperationInfoMultiple(TEE_OperationHandle operation,
					       TEE_OperationInfoMultiple *info,
					       uint32_t *operationSize)
{
	return GP11_INOUT(operationSize,
			  TEE_GetOperationInfoMultiple(operation, info, lp_));
}

TEE_Result __GP11_TEE_SetOperationKey(TEE_OperationHandle operation,
				      TEE_ObjectHandle key)
{
	return utee_op_set_key(operation, key, true);
}

TEE_Result __GP11_TEE_SetOperationKey2(TEE_OperationHandle operation,
				       TEE_ObjectHandle key1,
				       TEE_ObjectHandle key2)
{
	return utee_op_set_key2(operation, key1, key2, true);
}

void __GP11_TEE_DigestUpdate(TEE_OperationHandle operation, const void *chunk,
			     uint32_t chunkSize)
{
	TEE_DigestUpdate(operation, chunk, chunkSize);
}

TEE_Result __GP11_TEE_DigestDoFinal(TEE_OperationHandle operation,
				    const void *chunk, uint32_t chunkLen,
				    void *hash, uint32_t *hashLen)
{
	return GP11_INOUT(hashLen, TEE_DigestDoFinal(operation, chunk, chunkLen,
						     hash, lp_));
}

void __GP11_TEE_CipherInit(TEE_OperationHandle operation, const void *IV,
			   uint32_t IVLen)
{
	TEE_CipherInit(operation, IV, IVLen);
}

TEE_Result __GP11_TEE_CipherUpdate(TEE_OperationHandle operation,
				   const void *srcData, uint32_t srcLen,
				   void *destData, uint32_t *destLen)
{
	return GP11_INOUT(destLen, TEE_CipherUpdate(operation, srcData, srcLen,
						    destData, lp_));
}

TEE_Result __GP11_TEE_CipherDoFinal(TEE_OperationHandle operation,
				    const void *srcData, uint32_t srcLen,
				    void *destData, uint32_t *destLen)
{
	return GP11_INOUT(destLen, TEE_CipherDoFinal(operation, srcData, srcLen,
						     destData, lp_));
}

void __GP11_TEE_MACInit(TEE_OperationHandle operation, const void *IV,
			uint32_t IVLen)
{
	TEE_MACInit(operation, IV, IVLen);
}

void __GP11_TEE_MACUpdate(TEE_OperationHandle operation, const void *chunk,
			  uint32_t chunkSize)
{
	TEE_MACUpdate(operation, chunk, chunkSize);
}

TEE_Result __GP11_TEE_MACComputeFinal(TEE_OperationHandle operation,
				      const void *message, uint32_t messageLen,
				      void *mac, uint32_t *macLen)
{
	return GP11_INOUT(macLen, TEE_MACComputeFinal(operation, message,
						      messageLen, mac, lp_));
}

TEE_Result __GP11_TEE_MACCompareFinal(TEE_OperationHandle operation,
				      const void *message, uint32_t messageLen,
				      const void *mac, uint32_t macLen)
{
	return TEE_MACCompareFinal(operation, message, messageLen, mac, macLen);
}

TEE_Result __GP11_TEE_AEInit(TEE_OperationHandle operation, const void *nonce,
			     uint32_t nonceLen, uint32_t tagLen,
			     uint32_t AADLen, uint32_t payloadLen)
{
	return TEE_AEInit(operation, nonce, nonceLen, tagLen, AADLen,
			  payloadLen);
}

void __GP11_TEE_AEUpdateAAD(TEE_OperationHandle operation, const void *AADdata,
			    uint32_t AADdataLen)
{
	utee_ae_update_aad(operation, AADdata, AADdataLen, true);
}

TEE_Result __GP11_TEE_AEUpdate(TEE_OperationHandle operation,
			       const void *srcData, uint32_t srcLen,
			       void *destData, uint32_t *destLen)
{
	return GP11_INOUT(destLen, TEE_AEUpdate(operation, srcData, srcLen,
						destData, lp_));
}

TEE_Result __GP11_TEE_AEEncryptFinal(TEE_OperationHandle operation,
				     const void *srcData, uint32_t srcLen,
				     void *destData, uint32_t *destLen,
				     void *tag, uint32_t *tagLen)
{
	size_t t = tagLen ? *tagLen : 0;
	TEE_Result res;

	res = GP11_INOUT(destLen, TEE_AEEncryptFinal(operation, srcData, srcLen,
						     destData, lp_, tag,
						     tagLen ? &t : NULL));
	utee_gp11_len_out(tagLen, t);
	return res;
}

TEE_Result __GP11_TEE_AEDecryptFinal(TEE_OperationHandle operation,
				     const void *srcData, uint32_t srcLen,
				     void *destData, uint32_t *destLen,
				     void *tag, uint32_t tagLen)
{
	return GP11_INOUT(destLen,
			  TEE_AEDecryptFinal(operation, srcData, srcLen,
					     destData, lp_, tag, tagLen));
}

/* GP 1.1 lists no CIPHERTEXT_INVALID or NOT_SUPPORTED for these. */
static TEE_Result asym_result(TEE_Result res)
{
	if (res == TEE_ERROR_CIPHERTEXT_INVALID ||
	    res == TEE_ERROR_NOT_SUPPORTED)
		TEE_Panic(res);
	return res;
}

TEE_Result __GP11_TEE_AsymmetricEncrypt(TEE_OperationHandle operation,
					const __GP11_TEE_Attribute *params,
					uint32_t paramCount,
					const void *srcData, uint32_t srcLen,
					void *destData, uint32_t *destLen)
{
	TEE_Attribute *a = utee_gp11_attrs(params, paramCount);
	TEE_Result res;

	res = GP11_INOUT(destLen,
			 TEE_AsymmetricEncrypt(operation, a, paramCount,
					       srcData, srcLen, destData, lp_));
	utee_gp11_attrs_free(a);
	return asym_result(res);
}

TEE_Result __GP11_TEE_AsymmetricDecrypt(TEE_OperationHandle operation,
					const __GP11_TEE_Attribute *params,
					uint32_t paramCount,
					const void *srcData, uint32_t srcLen,
					void *destData, uint32_t *destLen)
{
	TEE_Attribute *a = utee_gp11_attrs(params, paramCount);
	TEE_Result res;

	res = GP11_INOUT(destLen,
			 TEE_AsymmetricDecrypt(operation, a, paramCount,
					       srcData, srcLen, destData, lp_));
	utee_gp11_attrs_free(a);
	return asym_result(res);
}

TEE_Result __GP11_TEE_AsymmetricSignDigest(TEE_OperationHandle operation,
					   const __GP11_TEE_Attribute *params,
					   uint32_t paramCount,
					   const void *digest,
					   uint32_t digestLen, void *signature,
					   uint32_t *signatureLen)
{
	TEE_Attribute *a = utee_gp11_attrs(params, paramCount);
	TEE_Result res;

	res = GP11_INOUT(signatureLen, TEE_AsymmetricSignDigest(
					       operation, a, paramCount, digest,
					       digestLen, signature, lp_));
	utee_gp11_attrs_free(a);
	return res;
}

TEE_Result __GP11_TEE_AsymmetricVerifyDigest(
	TEE_OperationHandle operation, const __GP11_TEE_Attribute *params,
	uint32_t paramCount, const void *digest, uint32_t digestLen,
	const void *signature, uint32_t signatureLen)
{
	TEE_Attribute *a = utee_gp11_attrs(params, paramCount);
	TEE_Result res;

	res = TEE_AsymmetricVerifyDigest(operation, a, paramCount, digest,
					 digestLen, signature, signatureLen);
	utee_gp11_attrs_free(a);
	return res;
}

void __GP11_TEE_DeriveKey(TEE_OperationHandle operation,
			  const __GP11_TEE_Attribute *params,
			  uint32_t paramCount, TEE_ObjectHandle derivedKey)
{
	TEE_Attribute *a = utee_gp11_attrs(params, paramCount);

	TEE_DeriveKey(operation, a, paramCount, derivedKey);
	utee_gp11_attrs_free(a);
}

void __GP11_TEE_GenerateRandom(void *randomBuffer, uint32_t randomBufferLen)
{
	TEE_GenerateRandom(randomBuffer, randomBufferLen);
}
