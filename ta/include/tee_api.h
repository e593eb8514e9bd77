/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * GP TEE Internal Core API functions, grouped by chapter of the
 * specification as ta/libutee implements them (one file per chapter).
 */
#ifndef TEE_API_H
#define TEE_API_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * OP-TEE's <tee_api.h> gives compiler.h's __maybe_unused and friends
 * (through its tee_api_types.h): TAs that include only <tee_api.h> use
 * them (optee_test's storage TA).  Here tee_api_types.h is shared with
 * the secure world, so the TA-only header includes it.
 */
#include "compiler.h"
#include "tee_api_defines.h"
#include "tee_api_types.h"

/* Panic function (ta/libutee/tee_api_panic.c) */

/**
 * TEE_Panic() - end the TA instance at once: every session of it fails
 * with TEE_ERROR_TARGET_DEAD; the trusted OS logs @panicCode
 */
void TEE_Panic(TEE_Result panicCode) __attribute__((noreturn));

/* Property access functions (ta/libutee/tee_api_property.c) */

/*
 * Every getter takes a property set's pseudo handle (TEE_PROPSET_*) and a
 * property @name, or an enumerator (then @name is ignored: the
 * enumerator's current property).  They return TEE_SUCCESS,
 * TEE_ERROR_ITEM_NOT_FOUND (no such property, or the enumerator is not on
 * one), TEE_ERROR_BAD_FORMAT (the value cannot be converted to the type
 * asked for), or for buffers TEE_ERROR_SHORT_BUFFER with the size needed
 * in *valueBufferLen.  An invalid handle or NULL output makes the TA
 * panic.
 */

/**
 * TEE_GetPropertyAsString() - a property as a NUL-terminated string;
 * *@valueBufferLen: the buffer's size in, the string's size with its NUL
 * out
 */
TEE_Result TEE_GetPropertyAsString(TEE_PropSetHandle propsetOrEnumerator,
				   const char *name, char *valueBuffer,
				   size_t *valueBufferLen);

/** TEE_GetPropertyAsBool() - a boolean property (or "true"/"false"). */
TEE_Result TEE_GetPropertyAsBool(TEE_PropSetHandle propsetOrEnumerator,
				 const char *name, bool *value);

/** TEE_GetPropertyAsU32() - an integer property that fits 32 bits. */
TEE_Result TEE_GetPropertyAsU32(TEE_PropSetHandle propsetOrEnumerator,
				const char *name, uint32_t *value);

/** TEE_GetPropertyAsU64() - an integer property. */
TEE_Result TEE_GetPropertyAsU64(TEE_PropSetHandle propsetOrEnumerator,
				const char *name, uint64_t *value);

/**
 * TEE_GetPropertyAsBinaryBlock() - a binary property (or a Base64
 * string); *@valueBufferLen: the buffer's size in, the bytes out
 */
TEE_Result TEE_GetPropertyAsBinaryBlock(TEE_PropSetHandle propsetOrEnumerator,
					const char *name, void *valueBuffer,
					size_t *valueBufferLen);

/** TEE_GetPropertyAsUUID() - a UUID property. */
TEE_Result TEE_GetPropertyAsUUID(TEE_PropSetHandle propsetOrEnumerator,
				 const char *name, TEE_UUID *value);

/** TEE_GetPropertyAsIdentity() - an identity property (login + UUID). */
TEE_Result TEE_GetPropertyAsIdentity(TEE_PropSetHandle propsetOrEnumerator,
				     const char *name, TEE_Identity *value);

/**
 * TEE_AllocatePropertyEnumerator() - a new enumerator, not started
 * Return: TEE_SUCCESS or TEE_ERROR_OUT_OF_MEMORY (from the TA's heap).
 */
TEE_Result TEE_AllocatePropertyEnumerator(TEE_PropSetHandle *enumerator);

/** TEE_FreePropertyEnumerator() - free it; TEE_HANDLE_NULL is fine. */
void TEE_FreePropertyEnumerator(TEE_PropSetHandle enumerator);

/**
 * TEE_StartPropertyEnumerator() - put @enumerator on the first property
 * of @propSet (a TEE_PROPSET_* pseudo handle)
 */
void TEE_StartPropertyEnumerator(TEE_PropSetHandle enumerator,
				 TEE_PropSetHandle propSet);

/** TEE_ResetPropertyEnumerator() - back to "not started". */
void TEE_ResetPropertyEnumerator(TEE_PropSetHandle enumerator);

/**
 * TEE_GetPropertyName() - the current property's name, NUL-terminated;
 * *@nameBufferLen: the buffer's size in, the name's size with its NUL out
 */
TEE_Result TEE_GetPropertyName(TEE_PropSetHandle enumerator, void *nameBuffer,
			       size_t *nameBufferLen);

/**
 * TEE_GetNextProperty() - move to the next property
 * Return: TEE_SUCCESS, or TEE_ERROR_ITEM_NOT_FOUND at the end of the set
 * or when the enumerator was not started.
 */
TEE_Result TEE_GetNextProperty(TEE_PropSetHandle enumerator);

/*
 * Internal Client API: sessions to other TAs (ta/libutee/tee_api_ta2ta.c).
 * The GP 1.1 twins in ta/libutee/tee_api_compat_ta2ta.c call them.
 */

/**
 * TEE_OpenTASession() - open a session to TA @destination; memrefs may
 * point to this TA's private memory (copied in, and out for OUTPUT/INOUT)
 * @cancellationRequestTimeout: ms after which the target's cancellation
 *		flag is set, TEE_TIMEOUT_INFINITE for never
 * @session:	[out] the handle, TEE_HANDLE_NULL on failure
 * @returnOrigin: [out, may be NULL] TEE_ORIGIN_TEE or _TRUSTED_APP
 * Return: whatever the trusted OS or the target answered.
 */
TEE_Result TEE_OpenTASession(const TEE_UUID *destination,
			     uint32_t cancellationRequestTimeout,
			     uint32_t paramTypes,
			     TEE_Param params[TEE_NUM_PARAMS],
			     TEE_TASessionHandle *session,
			     uint32_t *returnOrigin);

/**
 * TEE_InvokeTACommand() - invoke @commandID in a session to another TA
 * Return: the target's answer (origin TEE_ORIGIN_TRUSTED_APP), or
 * TEE_SUCCESS, TEE_ERROR_OUT_OF_MEMORY, TEE_ERROR_TARGET_DEAD from the
 * trusted OS; any other trusted-OS error panics (OP-TEE).
 */
TEE_Result TEE_InvokeTACommand(TEE_TASessionHandle session,
			       uint32_t cancellationRequestTimeout,
			       uint32_t commandID, uint32_t paramTypes,
			       TEE_Param params[TEE_NUM_PARAMS],
			       uint32_t *returnOrigin);

/**
 * TEE_CloseTASession() - close a session to another TA; TEE_HANDLE_NULL
 * is a no-op, an unknown handle panics
 */
void TEE_CloseTASession(TEE_TASessionHandle session);

/* Cancellation functions (ta/libutee/tee_api_cancel.c) */

/**
 * TEE_GetCancellationFlag() - true when the client asked to cancel the
 * current call and cancellation is not masked
 */
bool TEE_GetCancellationFlag(void);

/**
 * TEE_UnmaskCancellation() - let TEE_GetCancellationFlag() see requests
 * (masked by default in each session); returns true if it was masked
 */
bool TEE_UnmaskCancellation(void);

/** TEE_MaskCancellation() - hide requests; returns true if masked before. */
bool TEE_MaskCancellation(void);

/* Memory management functions (ta/libutee/tee_api_memory.c) */

/**
 * TEE_CheckMemoryAccessRights() - whether [@buffer, @buffer + @size) may
 * be accessed as @accessFlags says (TEE_MEMORY_ACCESS_*)
 * Return: TEE_SUCCESS or TEE_ERROR_ACCESS_DENIED.
 */
TEE_Result TEE_CheckMemoryAccessRights(uint32_t accessFlags, void *buffer,
				       size_t size);

/**
 * TEE_Malloc() - @size bytes of the TA's heap (TA_DATA_SIZE in all)
 * @hint:	as OP-TEE: TEE_MALLOC_FILL_ZERO (zeroed);
 *		TEE_USER_MEM_HINT_NO_FILL_ZERO (not zeroed);
 *		TEE_MALLOC_NO_SHARE, with or without TEE_MALLOC_NO_FILL: from
 *		the TA's no-share pool (TA_NO_SHARE_DATA_SIZE; NULL when it
 *		has none), memory a TA may not pass to another TA.
 *		TEE_MALLOC_NO_FILL alone panics.
 * Return: the memory; for @size 0 a non-NULL pointer that must not be
 * used; NULL when the pool is exhausted or @hint unknown.
 */
void *TEE_Malloc(size_t size, uint32_t hint);

/**
 * TEE_Realloc() - resize @buffer (from TEE_Malloc) to @newSize bytes in
 * its pool; a NULL @buffer allocates, a @newSize of 0 frees it and gives
 * TEE_Malloc()'s pointer for 0 bytes.  Bytes beyond the old size are
 * zeroed.
 * Return: the memory (perhaps moved) or NULL, leaving @buffer as it was.
 */
void *TEE_Realloc(void *buffer, size_t newSize);

/** TEE_Free() - release @buffer from TEE_Malloc/TEE_Realloc; NULL is fine. */
void TEE_Free(void *buffer);

/** TEE_MemMove() - copy @size bytes; the areas may overlap. */
void TEE_MemMove(void *dest, const void *src, size_t size);

/**
 * TEE_MemCompare() - compare @size bytes; < 0, 0 or > 0 as the first
 * differing byte of @buffer1 is smaller, none, or larger
 */
int32_t TEE_MemCompare(const void *buffer1, const void *buffer2, size_t size);

/** TEE_MemFill() - set @size bytes at @buff to (uint8_t)@x. */
void TEE_MemFill(void *buff, uint32_t x, size_t size);

/* Time functions (ta/libutee/tee_api_time.c) */

/**
 * TEE_GetSystemTime() - the trusted OS's monotonic clock (origin
 * arbitrary, protection level 100: the REE can delay the TA)
 */
void TEE_GetSystemTime(TEE_Time *time);

/**
 * TEE_Wait() - sleep @timeout milliseconds (TEE_TIMEOUT_INFINITE: until
 * cancelled)
 * Return: TEE_SUCCESS, or TEE_ERROR_CANCEL when the client cancelled the
 * call while cancellation was unmasked (before or during the wait).
 */
TEE_Result TEE_Wait(uint32_t timeout);

/**
 * TEE_GetTAPersistentTime() - the TA's persistent time.  teebox has no
 * storage for it yet: always TEE_ERROR_TIME_NOT_SET, *@time zeroed.
 */
TEE_Result TEE_GetTAPersistentTime(TEE_Time *time);

/**
 * TEE_SetTAPersistentTime() - set it.  teebox has no storage for it yet:
 * always TEE_ERROR_NOT_SUPPORTED.
 */
TEE_Result TEE_SetTAPersistentTime(const TEE_Time *time);

/** TEE_GetREETime() - the normal world's clock: time since the Epoch. */
void TEE_GetREETime(TEE_Time *time);

/* Instance data (ta/libutee/tee_api_instance.c) */

/**
 * TEE_SetInstanceData() - remember @instanceData for this TA instance:
 * TEE_GetInstanceData() returns it in every later entry point of the
 * instance, whichever session it serves, until the instance ends (for a
 * keep-alive single instance TA: beyond its last session)
 */
void TEE_SetInstanceData(const void *instanceData);

/** TEE_GetInstanceData() - what TEE_SetInstanceData() stored, or NULL. */
void *TEE_GetInstanceData(void);

/*
 * Arithmetical API (GP chapter 8; ta/libutee/tee_api_arith_*.c).
 *
 * A TEE_BigInt of len u32 words is OP-TEE's: word 0 the sign (+1/-1),
 * then the limb capacity (len - 2) and the limbs in use as two u16, then
 * the magnitude in 32-bit limbs, least significant first.  A result that
 * does not fit its destination, a zero divisor or a modulus out of range
 * makes the TA panic (code 0x00B16127) unless the function returns a
 * TEE_Result that says so (TEE_ERROR_OVERFLOW).  A destination may be one
 * of the operands.  TEE_BigIntFMM has the same layout; the FMM context
 * is not used (one word).
 */

/* Words of a TEE_BigInt that holds @n bits (header included). */
#define TEE_BigIntSizeInU32(n) ((((n) + 31) / 32) + 2)

/** TEE_BigIntFMMSizeInU32() - words of a TEE_BigIntFMM for that modulus. */
size_t TEE_BigIntFMMSizeInU32(size_t modulusSizeInBits);

/** TEE_BigIntFMMContextSizeInU32() - words of an FMM context: 1. */
size_t TEE_BigIntFMMContextSizeInU32(size_t modulusSizeInBits);

/**
 * TEE_BigIntInit() - make @bigInt, @len words, hold 0; panics when @len
 * is below 2 or above 512 (2048 bits, gpd.tee.arith.maxBigIntSize)
 */
void TEE_BigIntInit(TEE_BigInt *bigInt, size_t len);

/** TEE_BigIntInitFMMContext() - nothing to prepare here. */
void TEE_BigIntInitFMMContext(TEE_BigIntFMMContext *context, size_t len,
			      const TEE_BigInt *modulus);

/** TEE_BigIntInitFMMContext1() - likewise; returns TEE_SUCCESS. */
TEE_Result TEE_BigIntInitFMMContext1(TEE_BigIntFMMContext *context, size_t len,
				     const TEE_BigInt *modulus);

/** TEE_BigIntInitFMM() - as TEE_BigIntInit(). */
void TEE_BigIntInitFMM(TEE_BigIntFMM *bigIntFMM, size_t len);

/**
 * TEE_BigIntConvertFromOctetString() - @dest = the big-endian magnitude
 * @buffer, negative when @sign < 0
 * Return: TEE_SUCCESS or TEE_ERROR_OVERFLOW (@dest unchanged).
 */
TEE_Result TEE_BigIntConvertFromOctetString(TEE_BigInt *dest,
					    const uint8_t *buffer,
					    size_t bufferLen, int32_t sign);

/**
 * TEE_BigIntConvertToOctetString() - |@bigInt| big-endian, no leading
 * zero (0 is no byte); *@bufferLen: the room in, the length out
 * Return: TEE_SUCCESS or TEE_ERROR_SHORT_BUFFER with the length needed.
 */
TEE_Result TEE_BigIntConvertToOctetString(uint8_t *buffer, size_t *bufferLen,
					  const TEE_BigInt *bigInt);

/** TEE_BigIntConvertFromS32() - @dest = @shortVal. */
void TEE_BigIntConvertFromS32(TEE_BigInt *dest, int32_t shortVal);

/**
 * TEE_BigIntConvertToS32() - *@dest = @src
 * Return: TEE_SUCCESS or TEE_ERROR_OVERFLOW when it is no int32_t.
 */
TEE_Result TEE_BigIntConvertToS32(int32_t *dest, const TEE_BigInt *src);

/** TEE_BigIntCmp() - -1, 0 or 1 as @op1 <, = or > @op2. */
int32_t TEE_BigIntCmp(const TEE_BigInt *op1, const TEE_BigInt *op2);

/** TEE_BigIntCmpS32() - -1, 0 or 1 as @op <, = or > @shortVal. */
int32_t TEE_BigIntCmpS32(const TEE_BigInt *op, int32_t shortVal);

/** TEE_BigIntShiftRight() - @dest = |@op| >> @bits, with @op's sign. */
void TEE_BigIntShiftRight(TEE_BigInt *dest, const TEE_BigInt *op, size_t bits);

/** TEE_BigIntGetBit() - bit @bitIndex of |@src|. */
bool TEE_BigIntGetBit(const TEE_BigInt *src, uint32_t bitIndex);

/** TEE_BigIntGetBitCount() - the bits of |@src| (0 for 0). */
uint32_t TEE_BigIntGetBitCount(const TEE_BigInt *src);

/**
 * TEE_BigIntSetBit() - set bit @bitIndex of |@op| to @value
 * Return: TEE_SUCCESS or TEE_ERROR_OVERFLOW (@op unchanged).
 */
TEE_Result TEE_BigIntSetBit(TEE_BigInt *op, uint32_t bitIndex, bool value);

/**
 * TEE_BigIntAssign() - @dest = @src
 * Return: TEE_SUCCESS or TEE_ERROR_OVERFLOW (@dest unchanged).
 */
TEE_Result TEE_BigIntAssign(TEE_BigInt *dest, const TEE_BigInt *src);

/**
 * TEE_BigIntAbs() - @dest = |@src|
 * Return: TEE_SUCCESS or TEE_ERROR_OVERFLOW (@dest unchanged).
 */
TEE_Result TEE_BigIntAbs(TEE_BigInt *dest, const TEE_BigInt *src);

/** TEE_BigIntAdd() - @dest = @op1 + @op2. */
void TEE_BigIntAdd(TEE_BigInt *dest, const TEE_BigInt *op1,
		   const TEE_BigInt *op2);

/** TEE_BigIntSub() - @dest = @op1 - @op2. */
void TEE_BigIntSub(TEE_BigInt *dest, const TEE_BigInt *op1,
		   const TEE_BigInt *op2);

/** TEE_BigIntNeg() - @dest = -@op. */
void TEE_BigIntNeg(TEE_BigInt *dest, const TEE_BigInt *op);

/** TEE_BigIntMul() - @dest = @op1 * @op2. */
void TEE_BigIntMul(TEE_BigInt *dest, const TEE_BigInt *op1,
		   const TEE_BigInt *op2);

/** TEE_BigIntSquare() - @dest = @op * @op. */
void TEE_BigIntSquare(TEE_BigInt *dest, const TEE_BigInt *op);

/**
 * TEE_BigIntDiv() - @dest_q = @op1 / @op2 rounded toward zero, @dest_r =
 * the remainder, with @op1's sign; either may be NULL; @op2 = 0 panics
 */
void TEE_BigIntDiv(TEE_BigInt *dest_q, TEE_BigInt *dest_r,
		   const TEE_BigInt *op1, const TEE_BigInt *op2);

/** TEE_BigIntMod() - @dest = @op mod @n, in [0, @n); @n < 2 panics. */
void TEE_BigIntMod(TEE_BigInt *dest, const TEE_BigInt *op, const TEE_BigInt *n);

/** TEE_BigIntAddMod() - @dest = (@op1 + @op2) mod @n; @n < 2 panics. */
void TEE_BigIntAddMod(TEE_BigInt *dest, const TEE_BigInt *op1,
		      const TEE_BigInt *op2, const TEE_BigInt *n);

/** TEE_BigIntSubMod() - @dest = (@op1 - @op2) mod @n; @n < 2 panics. */
void TEE_BigIntSubMod(TEE_BigInt *dest, const TEE_BigInt *op1,
		      const TEE_BigInt *op2, const TEE_BigInt *n);

/** TEE_BigIntMulMod() - @dest = (@op1 * @op2) mod @n; @n < 2 panics. */
void TEE_BigIntMulMod(TEE_BigInt *dest, const TEE_BigInt *op1,
		      const TEE_BigInt *op2, const TEE_BigInt *n);

/** TEE_BigIntSquareMod() - @dest = (@op * @op) mod @n; @n < 2 panics. */
void TEE_BigIntSquareMod(TEE_BigInt *dest, const TEE_BigInt *op,
			 const TEE_BigInt *n);

/**
 * TEE_BigIntInvMod() - @dest = @op^-1 mod @n; panics when @n < 2, @op = 0
 * or there is no inverse
 */
void TEE_BigIntInvMod(TEE_BigInt *dest, const TEE_BigInt *op,
		      const TEE_BigInt *n);

/** TEE_BigIntRelativePrime() - whether gcd(@op1, @op2) = 1. */
bool TEE_BigIntRelativePrime(const TEE_BigInt *op1, const TEE_BigInt *op2);

/**
 * TEE_BigIntComputeExtendedGcd() - @gcd = gcd(@op1, @op2) >= 0 and
 * @u * @op1 + @v * @op2 = @gcd; @u and @v may be NULL
 */
void TEE_BigIntComputeExtendedGcd(TEE_BigInt *gcd, TEE_BigInt *u, TEE_BigInt *v,
				  const TEE_BigInt *op1, const TEE_BigInt *op2);

/**
 * TEE_BigIntIsProbablePrime() - Miller-Rabin on |@op| with an error below
 * 2^-max(@confidenceLevel, 80)
 * Return: 1 (probably prime) or 0 (composite); never -1.
 */
int32_t TEE_BigIntIsProbablePrime(const TEE_BigInt *op,
				  uint32_t confidenceLevel);

/** TEE_BigIntConvertToFMM() - @dest = @src mod @n; @n < 2 panics. */
void TEE_BigIntConvertToFMM(TEE_BigIntFMM *dest, const TEE_BigInt *src,
			    const TEE_BigInt *n,
			    const TEE_BigIntFMMContext *context);

/** TEE_BigIntConvertFromFMM() - @dest = @src (an FMM value is plain). */
void TEE_BigIntConvertFromFMM(TEE_BigInt *dest, const TEE_BigIntFMM *src,
			      const TEE_BigInt *n,
			      const TEE_BigIntFMMContext *context);

/** TEE_BigIntComputeFMM() - @dest = (@op1 * @op2) mod @n; @n <= 0 panics. */
void TEE_BigIntComputeFMM(TEE_BigIntFMM *dest, const TEE_BigIntFMM *op1,
			  const TEE_BigIntFMM *op2, const TEE_BigInt *n,
			  const TEE_BigIntFMMContext *context);

/**
 * TEE_BigIntExpMod() - @dest = @op1 ^ @op2 mod @n (@context unused);
 * panics when @n <= 2 or @op2 < 0
 * Return: TEE_SUCCESS, or TEE_ERROR_NOT_SUPPORTED when @n is even.
 */
TEE_Result TEE_BigIntExpMod(TEE_BigInt *dest, const TEE_BigInt *op1,
			    const TEE_BigInt *op2, const TEE_BigInt *n,
			    const TEE_BigIntFMMContext *context);

/* Transient object functions (ta/libutee/tee_api_objects.c) */

/*
 * Objects are transient and hold a secret key (TEE_TYPE_AES, _DES,
 * _DES3, _SM4, _HMAC_*, _GENERIC_SECRET) or an ECDSA key
 * (TEE_TYPE_ECDSA_KEYPAIR, _PUBLIC_KEY); other types are
 * TEE_ERROR_NOT_SUPPORTED.  RSA keys: TEE_TYPE_RSA_KEYPAIR, _PUBLIC_KEY.  A handle that is not a live object, and every
 * misuse the specification does not answer with an error code, makes the
 * TA panic (OP-TEE's rules: ABI-FACTS-INTERNAL §3.2).
 */

/**
 * TEE_AllocateTransientObject() - a new, uninitialised object of
 * @objectType that may hold a key of up to @maxObjectSize bits
 * Return: TEE_SUCCESS, TEE_ERROR_NOT_SUPPORTED (type or size) or
 * TEE_ERROR_OUT_OF_MEMORY; *@object is TEE_HANDLE_NULL on failure.
 */
TEE_Result TEE_AllocateTransientObject(TEE_ObjectType objectType,
				       uint32_t maxObjectSize,
				       TEE_ObjectHandle *object);

/** TEE_FreeTransientObject() - free @object; TEE_HANDLE_NULL is fine. */
void TEE_FreeTransientObject(TEE_ObjectHandle object);

/** TEE_ResetTransientObject() - back to uninitialised, usage all bits. */
void TEE_ResetTransientObject(TEE_ObjectHandle object);

/**
 * TEE_PopulateTransientObject() - give uninitialised @object its
 * attributes (secret keys: TEE_ATTR_SECRET_VALUE alone)
 * Return: TEE_SUCCESS or TEE_ERROR_BAD_PARAMETERS (a size the type does
 * not allow); a key larger than the object's maximum panics.
 */
TEE_Result TEE_PopulateTransientObject(TEE_ObjectHandle object,
				       const TEE_Attribute *attrs,
				       uint32_t attrCount);

/** TEE_InitRefAttribute() - @attr := buffer attribute @attributeID. */
void TEE_InitRefAttribute(TEE_Attribute *attr, uint32_t attributeID,
			  const void *buffer, size_t length);

/** TEE_InitValueAttribute() - @attr := value attribute @attributeID. */
void TEE_InitValueAttribute(TEE_Attribute *attr, uint32_t attributeID,
			    uint32_t a, uint32_t b);

/**
 * TEE_CopyObjectAttributes1() - uninitialised @destObject gets the
 * attributes, size and usage of initialised @srcObject (same type)
 * Return: TEE_SUCCESS.
 */
TEE_Result TEE_CopyObjectAttributes1(TEE_ObjectHandle destObject,
				     TEE_ObjectHandle srcObject);

/**
 * TEE_GenerateKey() - a random key of @keySize bits in uninitialised
 * @object (secret keys take no @params; ECDSA keypairs one:
 * TEE_ATTR_ECC_CURVE, of @keySize bits; RSA keypairs optionally
 * TEE_ATTR_RSA_PUBLIC_EXPONENT, default 65537; libcrypto generates RSA
 * keys of 512 bits and more)
 * Return: TEE_SUCCESS or TEE_ERROR_BAD_PARAMETERS (a curve of another
 * size, an RSA exponent that is even, below 65537 or of 2^256 or more).
 */
TEE_Result TEE_GenerateKey(TEE_ObjectHandle object, uint32_t keySize,
			   const TEE_Attribute *params, uint32_t paramCount);

/**
 * TEE_GetObjectInfo1() - what @object is
 * Return: TEE_SUCCESS.
 */
TEE_Result TEE_GetObjectInfo1(TEE_ObjectHandle object,
			      TEE_ObjectInfo *objectInfo);

/**
 * TEE_RestrictObjectUsage1() - objectUsage &= @objectUsage
 * Return: TEE_SUCCESS.
 */
TEE_Result TEE_RestrictObjectUsage1(TEE_ObjectHandle object,
				    uint32_t objectUsage);

/*
 * The deprecated GP 1.0 forms OP-TEE keeps (tee_api_objects_gp10.c):
 * their "1" twins, with an error panicking instead of being returned.
 */

/** TEE_GetObjectInfo() - TEE_GetObjectInfo1(); panics on error. */
void TEE_GetObjectInfo(TEE_ObjectHandle object, TEE_ObjectInfo *objectInfo);

/** TEE_RestrictObjectUsage() - TEE_RestrictObjectUsage1(); panics. */
void TEE_RestrictObjectUsage(TEE_ObjectHandle object, uint32_t objectUsage);

/** TEE_CopyObjectAttributes() - TEE_CopyObjectAttributes1(); panics. */
void TEE_CopyObjectAttributes(TEE_ObjectHandle destObject,
			      TEE_ObjectHandle srcObject);

/**
 * TEE_GetObjectBufferAttribute() - buffer attribute @attributeID of
 * initialised @object; *@size: the buffer's size in, the attribute's out
 * Return: TEE_SUCCESS, TEE_ERROR_ITEM_NOT_FOUND or TEE_ERROR_SHORT_BUFFER.
 * A secret attribute of an object without TEE_USAGE_EXTRACTABLE panics.
 */
TEE_Result TEE_GetObjectBufferAttribute(TEE_ObjectHandle object,
					uint32_t attributeID, void *buffer,
					size_t *size);

/**
 * TEE_GetObjectValueAttribute() - value attribute @attributeID
 * Return: TEE_SUCCESS or TEE_ERROR_ITEM_NOT_FOUND; b is always 0, as on
 * OP-TEE.
 */
TEE_Result TEE_GetObjectValueAttribute(TEE_ObjectHandle object,
				       uint32_t attributeID, uint32_t *a,
				       uint32_t *b);

/**
 * TEE_CloseObject() - a transient object: TEE_FreeTransientObject(); a
 * persistent one: close the handle.  TEE_HANDLE_NULL is fine.
 */
void TEE_CloseObject(TEE_ObjectHandle object);

/*
 * Persistent objects (GP 1.3.1 ch. 5.7-5.9), kept by the trusted OS's
 * storage (docs/storage.md).  Results and panics as OP-TEE's.
 */

/**
 * TEE_OpenPersistentObject() - open object @objectID of the TA in
 * @storageID with @flags (TEE_DATA_FLAG_ACCESS_* and SHARE_*)
 * Return: TEE_SUCCESS, TEE_ERROR_ITEM_NOT_FOUND, TEE_ERROR_ACCESS_CONFLICT,
 * TEE_ERROR_OUT_OF_MEMORY, TEE_ERROR_CORRUPT_OBJECT or
 * TEE_ERROR_STORAGE_NOT_AVAILABLE.
 */
TEE_Result TEE_OpenPersistentObject(uint32_t storageID, const void *objectID,
				    size_t objectIDLen, uint32_t flags,
				    TEE_ObjectHandle *object);

/**
 * TEE_CreatePersistentObject() - create (@flags OVERWRITE: replace)
 * object @objectID with the attributes of @attributes (TEE_HANDLE_NULL:
 * a data object) and @initialData; @object NULL: closed at once
 * Return: as TEE_OpenPersistentObject(), or TEE_ERROR_STORAGE_NO_SPACE.
 */
TEE_Result TEE_CreatePersistentObject(uint32_t storageID, const void *objectID,
				      size_t objectIDLen, uint32_t flags,
				      TEE_ObjectHandle attributes,
				      const void *initialData,
				      size_t initialDataLen,
				      TEE_ObjectHandle *object);

/**
 * TEE_CloseAndDeletePersistentObject1() - delete and close @object,
 * opened with ACCESS_WRITE_META
 * Return: TEE_SUCCESS or TEE_ERROR_STORAGE_NOT_AVAILABLE.
 */
TEE_Result TEE_CloseAndDeletePersistentObject1(TEE_ObjectHandle object);

/** TEE_CloseAndDeletePersistentObject() - the same; panics on error. */
void TEE_CloseAndDeletePersistentObject(TEE_ObjectHandle object);

/**
 * TEE_RenamePersistentObject() - give @object (ACCESS_WRITE_META) id
 * @newObjectID
 * Return: TEE_SUCCESS, TEE_ERROR_ACCESS_CONFLICT (the id exists),
 * TEE_ERROR_CORRUPT_OBJECT or TEE_ERROR_STORAGE_NOT_AVAILABLE.
 */
TEE_Result TEE_RenamePersistentObject(TEE_ObjectHandle object,
				      const void *newObjectID,
				      size_t newObjectIDLen);

/**
 * TEE_AllocatePersistentObjectEnumerator() - a new enumerator
 * Return: TEE_SUCCESS or TEE_ERROR_OUT_OF_MEMORY.
 */
TEE_Result
TEE_AllocatePersistentObjectEnumerator(TEE_ObjectEnumHandle *objectEnumerator);

/** TEE_FreePersistentObjectEnumerator() - free it; NULL is fine. */
void TEE_FreePersistentObjectEnumerator(TEE_ObjectEnumHandle objectEnumerator);

/** TEE_ResetPersistentObjectEnumerator() - back to "not started". */
void TEE_ResetPersistentObjectEnumerator(TEE_ObjectEnumHandle objectEnumerator);

/**
 * TEE_StartPersistentObjectEnumerator() - enumerate the TA's objects in
 * @storageID
 * Return: TEE_SUCCESS, TEE_ERROR_ITEM_NOT_FOUND (none),
 * TEE_ERROR_CORRUPT_OBJECT or TEE_ERROR_STORAGE_NOT_AVAILABLE.
 */
TEE_Result
TEE_StartPersistentObjectEnumerator(TEE_ObjectEnumHandle objectEnumerator,
				    uint32_t storageID);

/**
 * TEE_GetNextPersistentObject() - the next object: its info (may be
 * NULL) and id (@objectID must hold TEE_OBJECT_ID_MAX_LEN bytes)
 * Return: TEE_SUCCESS, TEE_ERROR_ITEM_NOT_FOUND (the end, or not
 * started), TEE_ERROR_CORRUPT_OBJECT or TEE_ERROR_STORAGE_NOT_AVAILABLE.
 */
TEE_Result TEE_GetNextPersistentObject(TEE_ObjectEnumHandle objectEnumerator,
				       TEE_ObjectInfo *objectInfo,
				       void *objectID, size_t *objectIDLen);

/**
 * TEE_ReadObjectData() - up to @size bytes at the data position, which
 * moves past them; *@count < @size at the end
 * Return: TEE_SUCCESS, TEE_ERROR_CORRUPT_OBJECT or
 * TEE_ERROR_STORAGE_NOT_AVAILABLE.
 */
TEE_Result TEE_ReadObjectData(TEE_ObjectHandle object, void *buffer,
			      size_t size, size_t *count);

/**
 * TEE_WriteObjectData() - write @size bytes at the data position, as one
 * update
 * Return: TEE_SUCCESS, TEE_ERROR_STORAGE_NO_SPACE, TEE_ERROR_OVERFLOW,
 * TEE_ERROR_CORRUPT_OBJECT or TEE_ERROR_STORAGE_NOT_AVAILABLE.
 */
TEE_Result TEE_WriteObjectData(TEE_ObjectHandle object, const void *buffer,
			       size_t size);

/**
 * TEE_TruncateObjectData() - make the data stream @size bytes long
 * Return: TEE_SUCCESS, TEE_ERROR_STORAGE_NO_SPACE,
 * TEE_ERROR_CORRUPT_OBJECT or TEE_ERROR_STORAGE_NOT_AVAILABLE.
 */
TEE_Result TEE_TruncateObjectData(TEE_ObjectHandle object, size_t size);

/**
 * TEE_SeekObjectData() - move the data position (@offset is cut to 32
 * bits, as OP-TEE's system call does)
 * Return: TEE_SUCCESS, TEE_ERROR_OVERFLOW, TEE_ERROR_CORRUPT_OBJECT or
 * TEE_ERROR_STORAGE_NOT_AVAILABLE.
 */
TEE_Result TEE_SeekObjectData(TEE_ObjectHandle object, intmax_t offset,
			      TEE_Whence whence);

/* Generic operation functions (ta/libutee/tee_api_operations.c) */

/*
 * Implemented algorithms: digests (MD5, SHA-1, SHA-2, SHA-3, SM3), AES,
 * DES, triple DES and SM4 ciphers (ECB and CBC without padding, CTR for
 * AES and SM4), HMAC with every digest, AES-CMAC, CBC-MAC (AES, DES,
 * DES3; NOPAD and PKCS5), AES-GCM and AES-CCM, ECDSA, RSA (PKCS#1 v1.5
 * and PSS signatures, PKCS#1 v1.5 and OAEP encryption).  A handle that is not a
 * live operation, a wrong class, mode or state makes the TA panic.
 */

/**
 * TEE_AllocateOperation() - a new operation of @algorithm in @mode, for
 * keys of up to @maxKeySize bits
 * Return: TEE_SUCCESS, TEE_ERROR_NOT_SUPPORTED or TEE_ERROR_OUT_OF_MEMORY.
 */
TEE_Result TEE_AllocateOperation(TEE_OperationHandle *operation,
				 uint32_t algorithm, uint32_t mode,
				 uint32_t maxKeySize);

/** TEE_FreeOperation() - free @operation; TEE_HANDLE_NULL is fine. */
void TEE_FreeOperation(TEE_OperationHandle operation);

/** TEE_GetOperationInfo() - what @operation is and its handle state. */
void TEE_GetOperationInfo(TEE_OperationHandle operation,
			  TEE_OperationInfo *operationInfo);

/**
 * TEE_GetOperationInfoMultiple() - the same with one entry per key;
 * *@operationSize: the buffer's size in, the size used out
 * Return: TEE_SUCCESS or TEE_ERROR_SHORT_BUFFER (no room for the keys).
 */
TEE_Result
TEE_GetOperationInfoMultiple(TEE_OperationHandle operation,
			     TEE_OperationInfoMultiple *operationInfoMultiple,
			     size_t *operationSize);

/** TEE_ResetOperation() - back to the initial state; the key stays. */
void TEE_ResetOperation(TEE_OperationHandle operation);

/**
 * TEE_SetOperationKey() - @operation gets a copy of @key
 * (TEE_HANDLE_NULL: the key is cleared)
 * Return: TEE_SUCCESS.
 */
TEE_Result TEE_SetOperationKey(TEE_OperationHandle operation,
			       TEE_ObjectHandle key);

/**
 * TEE_SetOperationKey2() - both keys of a two-key algorithm (AES-XTS),
 * each at most half of maxKeySize; two NULL handles clear them
 * Return: TEE_SUCCESS, or TEE_ERROR_SECURITY when both are the same.
 */
TEE_Result TEE_SetOperationKey2(TEE_OperationHandle operation,
				TEE_ObjectHandle key1, TEE_ObjectHandle key2);

/**
 * TEE_CopyOperation() - @dstOperation becomes a copy of @srcOperation
 * (same algorithm and mode), key and state included
 */
void TEE_CopyOperation(TEE_OperationHandle dstOperation,
		       TEE_OperationHandle srcOperation);

/**
 * TEE_IsAlgorithmSupported() - whether @algId is implemented (@element:
 * TEE_CRYPTO_ELEMENT_NONE)
 * Return: TEE_SUCCESS or TEE_ERROR_NOT_SUPPORTED.
 */
TEE_Result TEE_IsAlgorithmSupported(uint32_t algId, uint32_t element);

/* Message digest functions */

/** TEE_DigestUpdate() - hash @chunkSize more bytes. */
void TEE_DigestUpdate(TEE_OperationHandle operation, const void *chunk,
		      size_t chunkSize);

/**
 * TEE_DigestDoFinal() - hash the last chunk and write the digest;
 * *@hashLen: the buffer's size in, the digest's out.  The operation
 * starts again.
 * Return: TEE_SUCCESS or TEE_ERROR_SHORT_BUFFER (nothing consumed).
 */
TEE_Result TEE_DigestDoFinal(TEE_OperationHandle operation, const void *chunk,
			     size_t chunkLen, void *hash, size_t *hashLen);

/**
 * TEE_DigestExtract() - the next *@hashLen bytes of the digest of what
 * was fed (a fixed-size digest: at most what is left of it; SHAKE: any
 * number).  The first call ends the input: the operation is EXTRACTING
 * until reset.  *@hashLen: the bytes wanted in, written out
 * Return: TEE_SUCCESS.
 */
TEE_Result TEE_DigestExtract(TEE_OperationHandle operation, void *hash,
			     size_t *hashLen);

/* Symmetric cipher functions */

/** TEE_CipherInit() - start with @IV (none for ECB; one block else). */
void TEE_CipherInit(TEE_OperationHandle operation, const void *IV,
		    size_t IVLen);

/**
 * TEE_CipherUpdate() - encrypt or decrypt @srcLen more bytes; whole
 * blocks come out, the rest is held back.  *@destLen: room in, bytes out
 * Return: TEE_SUCCESS or TEE_ERROR_SHORT_BUFFER (*@destLen: the size
 * needed; nothing consumed).
 */
TEE_Result TEE_CipherUpdate(TEE_OperationHandle operation, const void *srcData,
			    size_t srcLen, void *destData, size_t *destLen);

/**
 * TEE_CipherDoFinal() - the last bytes (the total must be whole blocks
 * for the block modes); the operation then needs TEE_CipherInit again
 * Return: TEE_SUCCESS or TEE_ERROR_SHORT_BUFFER.
 */
TEE_Result TEE_CipherDoFinal(TEE_OperationHandle operation, const void *srcData,
			     size_t srcLen, void *destData, size_t *destLen);

/* MAC functions */

/** TEE_MACInit() - start (@IV: CBC-MAC's, one block, or none: zeros). */
void TEE_MACInit(TEE_OperationHandle operation, const void *IV, size_t IVLen);

/** TEE_MACUpdate() - MAC @chunkSize more bytes. */
void TEE_MACUpdate(TEE_OperationHandle operation, const void *chunk,
		   size_t chunkSize);

/**
 * TEE_MACComputeFinal() - the last bytes, and the MAC into @mac;
 * *@macLen: room in, MAC size out
 * Return: TEE_SUCCESS or TEE_ERROR_SHORT_BUFFER.
 */
TEE_Result TEE_MACComputeFinal(TEE_OperationHandle operation,
			       const void *message, size_t messageLen,
			       void *mac, size_t *macLen);

/**
 * TEE_MACCompareFinal() - the last bytes, and compare the MAC with @mac
 * (in constant time)
 * Return: TEE_SUCCESS or TEE_ERROR_MAC_INVALID (also for another length).
 */
TEE_Result TEE_MACCompareFinal(TEE_OperationHandle operation,
			       const void *message, size_t messageLen,
			       const void *mac, size_t macLen);

/* Authenticated encryption functions */

/**
 * TEE_AEInit() - start with @nonce and a tag of @tagLen bits (GCM: 96 to
 * 128 by 8; CCM: 32 to 128 by 16, nonce 7 to 13 bytes)
 * Return: TEE_SUCCESS or TEE_ERROR_NOT_SUPPORTED (GCM tag length).
 */
TEE_Result TEE_AEInit(TEE_OperationHandle operation, const void *nonce,
		      size_t nonceLen, uint32_t tagLen, size_t AADLen,
		      size_t payloadLen);

/** TEE_AEUpdateAAD() - more additional data, before any payload. */
void TEE_AEUpdateAAD(TEE_OperationHandle operation, const void *AADdata,
		     size_t AADdataLen);

/**
 * TEE_AEUpdate() - more payload; *@destLen: room in, bytes out (CCM
 * outputs the whole payload at the final call)
 * Return: TEE_SUCCESS or TEE_ERROR_SHORT_BUFFER.
 */
TEE_Result TEE_AEUpdate(TEE_OperationHandle operation, const void *srcData,
			size_t srcLen, void *destData, size_t *destLen);

/**
 * TEE_AEEncryptFinal() - the last payload, and the tag
 * Return: TEE_SUCCESS or TEE_ERROR_SHORT_BUFFER (*@destLen and *@tagLen
 * both give the sizes needed).
 */
TEE_Result TEE_AEEncryptFinal(TEE_OperationHandle operation,
			      const void *srcData, size_t srcLen,
			      void *destData, size_t *destLen, void *tag,
			      size_t *tagLen);

/**
 * TEE_AEDecryptFinal() - the last payload, and check @tag
 * Return: TEE_SUCCESS, TEE_ERROR_SHORT_BUFFER or TEE_ERROR_MAC_INVALID
 * (wrong tag, or a tag length other than TEE_AEInit's).
 */
TEE_Result TEE_AEDecryptFinal(TEE_OperationHandle operation,
			      const void *srcData, size_t srcLen,
			      void *destData, size_t *destLen, void *tag,
			      size_t tagLen);

/*
 * Asymmetric functions: ECDSA on NIST P-192..P-521; RSA PKCS#1 v1.5 and
 * PSS signatures, PKCS#1 v1.5 and OAEP encryption.  @params: operation
 * parameters (TEE_ATTR_RSA_PSS_SALT_LENGTH, TEE_ATTR_RSA_OAEP_LABEL).
 */

/**
 * TEE_AsymmetricEncrypt() - encrypt @srcData with the operation's key;
 * *@destLen: room in, size out
 * Return: TEE_SUCCESS, TEE_ERROR_SHORT_BUFFER or TEE_ERROR_BAD_PARAMETERS
 * (message too long for the key).
 */
TEE_Result TEE_AsymmetricEncrypt(TEE_OperationHandle operation,
				 const TEE_Attribute *params,
				 uint32_t paramCount, const void *srcData,
				 size_t srcLen, void *destData,
				 size_t *destLen);

/**
 * TEE_AsymmetricDecrypt() - decrypt @srcData with the operation's keypair
 * Return: TEE_SUCCESS, TEE_ERROR_SHORT_BUFFER (*@destLen: the plaintext's
 * size) or TEE_ERROR_BAD_PARAMETERS (a ciphertext that does not decrypt).
 */
TEE_Result TEE_AsymmetricDecrypt(TEE_OperationHandle operation,
				 const TEE_Attribute *params,
				 uint32_t paramCount, const void *srcData,
				 size_t srcLen, void *destData,
				 size_t *destLen);

/**
 * TEE_AsymmetricSignDigest() - sign @digest with the operation's keypair;
 * ECDSA signatures are r then s, each as long as the curve's order; RSA
 * ones as long as the modulus.
 * *@signatureLen: room in, size out
 * Return: TEE_SUCCESS or TEE_ERROR_SHORT_BUFFER.
 */
TEE_Result TEE_AsymmetricSignDigest(TEE_OperationHandle operation,
				    const TEE_Attribute *params,
				    uint32_t paramCount, const void *digest,
				    size_t digestLen, void *signature,
				    size_t *signatureLen);

/**
 * TEE_AsymmetricVerifyDigest() - check @signature of @digest
 * Return: TEE_SUCCESS or TEE_ERROR_SIGNATURE_INVALID.
 */
TEE_Result TEE_AsymmetricVerifyDigest(TEE_OperationHandle operation,
				      const TEE_Attribute *params,
				      uint32_t paramCount, const void *digest,
				      size_t digestLen, const void *signature,
				      size_t signatureLen);

/* Random data generation function */

/**
 * TEE_DeriveKey() - derive a secret into uninitialised generic-secret
 * @derivedKey with the operation's key and @params (the peer's public
 * value; a KDF's salt, info, lengths); any failure makes the TA panic
 */
void TEE_DeriveKey(TEE_OperationHandle operation, const TEE_Attribute *params,
		   uint32_t paramCount, TEE_ObjectHandle derivedKey);

/** TEE_GenerateRandom() - @randomBufferLen random bytes (libcrypto DRBG). */
void TEE_GenerateRandom(void *randomBuffer, size_t randomBufferLen);

#endif /* TEE_API_H */
