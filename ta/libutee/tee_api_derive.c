// SPDX-License-Identifier: BSD-2-Clause
/*
 * GP TEE Internal Core API 6.8: TEE_DeriveKey(), as OP-TEE's libutee and
 * core (syscall_cryp_derive_key) define it.  The operation's key and the
 * parameters give a secret that becomes the TEE_ATTR_SECRET_VALUE of an
 * uninitialised TEE_TYPE_GENERIC_SECRET object; like OP-TEE, the object's
 * objectSize stays 0.  The function returns nothing: every failure,
 * the wrong parameters included (ABI-FACTS-INTERNAL §1.7), is a panic.
 *
 *  DH:     one parameter, TEE_ATTR_DH_PUBLIC_VALUE
 *  ECDH:   two, TEE_ATTR_ECC_PUBLIC_VALUE_X then _Y, on the key's curve
 *  X25519: one, TEE_ATTR_X25519_PUBLIC_VALUE of 32 bytes
 *  HKDF, Concat KDF, PBKDF2: see utee_crypto_kdf.c
 *  SM2 KEP: see utee_crypto_sm2_kep.c; the key is as long as the object
 *          holds
 */
#include <string.h>

#include <openssl/crypto.h>
#include <tee_internal_api.h>

#include "utee_crypto.h"

/* The largest public-key shared secret: a 2048-bit DH prime. */
#define MAX_SHARED 256

static void __attribute__((noreturn)) misuse(void)
{
	TEE_Panic(UTEE_PANIC_MISUSE);
}

/* Checks @params: @n of them, the i-th of id @ids[i]. */
static void want_params(const TEE_Attribute *params, uint32_t count,
			const uint32_t *ids, uint32_t n)
{
	if (count != n)
		misuse();
	for (uint32_t i = 0; i < n; i++)
		if (params[i].attributeID != ids[i])
			misuse();
}

/* The public-key agreements: the shared secret into @out. */
static TEE_Result agree(struct utee_op *op, const TEE_Attribute *params,
			uint32_t count, uint8_t *out, size_t *len)
{
	static const uint32_t dh[] = {TEE_ATTR_DH_PUBLIC_VALUE};
	static const uint32_t ecdh[] = {TEE_ATTR_ECC_PUBLIC_VALUE_X,
					TEE_ATTR_ECC_PUBLIC_VALUE_Y};
	static const uint32_t x25519[] = {TEE_ATTR_X25519_PUBLIC_VALUE};

	switch (op->alg->kind) {
	case UTEE_ALG_DH:
		want_params(params, count, dh, 1);
		return utee_dh_derive(op->key, params[0].content.ref.buffer,
				      params[0].content.ref.length, out, len);
	case UTEE_ALG_ECDH:
		want_params(params, count, ecdh, 2);
		return utee_ecdh_derive(op->key, &params[0], &params[1], out,
					len);
	default:
		want_params(params, count, x25519, 1);
		return utee_x25519_derive(op->key, params[0].content.ref.buffer,
					  params[0].content.ref.length, out,
					  len);
	}
}

/* SM2 KEP: a key as long as @out holds, as OP-TEE's core derives it. */
static TEE_Result sm2_kep(struct utee_op *op, const TEE_Attribute *params,
			  uint32_t count, const struct utee_obj *out,
			  uint8_t **secret, size_t *len)
{
	*len = out->info.maxObjectSize / 8;
	return utee_sm2_kep_derive(op, params, count, *len, secret);
}

/* Every buffer parameter's bytes are there. */
static void check_params(const TEE_Attribute *params, uint32_t count)
{
	if (count && !params)
		misuse();
	for (uint32_t i = 0; i < count; i++)
		if (!(params[i].attributeID & TEE_ATTR_FLAG_VALUE) &&
		    params[i].content.ref.length &&
		    !params[i].content.ref.buffer)
			misuse();
}

void TEE_DeriveKey(TEE_OperationHandle operation, const TEE_Attribute *params,
		   uint32_t paramCount, TEE_ObjectHandle derivedKey)
{
	struct utee_op *op = utee_op_get(operation);
	struct utee_obj *out = utee_obj_get(derivedKey);
	uint8_t shared[MAX_SHARED];
	size_t len = sizeof(shared);
	uint8_t *secret = shared;
	TEE_Result res;

	if (utee_alg_class(op->alg) != TEE_OPERATION_KEY_DERIVATION ||
	    !(op->info.handleState & TEE_HANDLE_FLAG_KEY_SET))
		misuse();
	if (out->op_key || out->info.objectType != TEE_TYPE_GENERIC_SECRET ||
	    (out->info.handleFlags & TEE_HANDLE_FLAG_INITIALIZED))
		misuse();
	check_params(params, paramCount);
	if (op->alg->kind == UTEE_ALG_HKDF ||
	    op->alg->kind == UTEE_ALG_CONCAT_KDF ||
	    op->alg->kind == UTEE_ALG_PBKDF2)
		res = utee_kdf_derive(op, params, paramCount, &secret, &len);
	else if (op->alg->kind == UTEE_ALG_SM2_KEP)
		res = sm2_kep(op, params, paramCount, out, &secret, &len);
	else
		res = agree(op, params, paramCount, shared, &len);
	if (res)
		misuse();
	/* More than the object can hold: OP-TEE's BAD_PARAMETERS. */
	if (len > out->info.maxObjectSize / 8 ||
	    utee_obj_add_buf(out, TEE_ATTR_SECRET_VALUE, secret, len))
		misuse();
	OPENSSL_cleanse(secret, len);
	if (secret != shared)
		TEE_Free(secret);
	out->info.handleFlags |= TEE_HANDLE_FLAG_INITIALIZED;
}
