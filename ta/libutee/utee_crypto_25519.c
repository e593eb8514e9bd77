// SPDX-License-Identifier: BSD-2-Clause
/*
 * Curve25519 for the runtime: X25519 keys and their shared secret
 * (RFC 7748), Ed25519 keys and signatures (RFC 8032) on libcrypto's raw
 * 32-byte keys, which is also how GP stores them in an object.
 *
 * Ed25519ctx and Ed25519ph (TEE_ATTR_EDDSA_CTX, TEE_ATTR_EDDSA_PREHASH)
 * need libcrypto's "instance" signature parameter, which OpenSSL has
 * from 3.2 on; built against an older libcrypto they are refused
 * (TEE_ERROR_NOT_SUPPORTED, which the caller turns into a panic): OP-TEE
 * panics likewise when its crypto library lacks a function (the core's
 * TEE_ERROR_NOT_IMPLEMENTED, core/crypto/crypto.c, is not among the
 * results TEE_AsymmetricSignDigest/VerifyDigest return).
 */
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <tee_internal_api.h>

#include "utee_crypto.h"

#define KEY_LEN 32
#define SIG_LEN 64
#define CTX_MAX 255

/* A new @name key's raw private then public value into @o. */
static TEE_Result generate(struct utee_obj *o, const char *name,
			   uint32_t priv_id, uint32_t pub_id)
{
	EVP_PKEY *pk = EVP_PKEY_Q_keygen(NULL, NULL, name);
	TEE_Result res = TEE_ERROR_GENERIC;
	uint8_t priv[KEY_LEN], pub[KEY_LEN];
	size_t priv_len = sizeof(priv), pub_len = sizeof(pub);

	if (pk && EVP_PKEY_get_raw_private_key(pk, priv, &priv_len) &&
	    EVP_PKEY_get_raw_public_key(pk, pub, &pub_len) &&
	    priv_len == KEY_LEN && pub_len == KEY_LEN) {
		res = utee_obj_add_buf(o, priv_id, priv, KEY_LEN);
		if (!res)
			res = utee_obj_add_buf(o, pub_id, pub, KEY_LEN);
	}
	OPENSSL_cleanse(priv, sizeof(priv));
	EVP_PKEY_free(pk);
	ERR_clear_error();
	return res;
}

TEE_Result utee_x25519_generate(struct utee_obj *o)
{
	return generate(o, "X25519", TEE_ATTR_X25519_PRIVATE_VALUE,
			TEE_ATTR_X25519_PUBLIC_VALUE);
}

TEE_Result utee_ed25519_generate(struct utee_obj *o)
{
	return generate(o, "ED25519", TEE_ATTR_ED25519_PRIVATE_VALUE,
			TEE_ATTR_ED25519_PUBLIC_VALUE);
}

/* Key @o's attribute @id as a raw libcrypto key of type @type. */
static EVP_PKEY *raw_key(const struct utee_obj *o, uint32_t id, int type,
			 bool priv)
{
	const struct utee_attr *a = utee_obj_attr(o, id);

	if (!a || a->len != KEY_LEN)
		return NULL;
	if (priv)
		return EVP_PKEY_new_raw_private_key(type, NULL, a->buf, a->len);
	return EVP_PKEY_new_raw_public_key(type, NULL, a->buf, a->len);
}

TEE_Result utee_x25519_derive(struct utee_obj *key, const void *peer,
			      size_t peer_len, uint8_t *out, size_t *out_len)
{
	EVP_PKEY *mine = raw_key(key, TEE_ATTR_X25519_PRIVATE_VALUE,
				 EVP_PKEY_X25519, true);
	EVP_PKEY *theirs = NULL;
	EVP_PKEY_CTX *ctx = NULL;
	TEE_Result res = TEE_ERROR_GENERIC;

	if (peer_len == KEY_LEN)
		theirs = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL,
						     peer, peer_len);
	if (mine && theirs)
		ctx = EVP_PKEY_CTX_new_from_pkey(NULL, mine, NULL);
	/* libcrypto refuses an all-zero result (a low-order peer point),
	 * as RFC 7748 section 6.1 allows: a panic like OP-TEE's failure. */
	if (ctx && EVP_PKEY_derive_init(ctx) > 0 &&
	    EVP_PKEY_derive_set_peer(ctx, theirs) > 0 &&
	    EVP_PKEY_derive(ctx, out, out_len) > 0)
		res = TEE_SUCCESS;
	EVP_PKEY_CTX_free(ctx);
	EVP_PKEY_free(mine);
	EVP_PKEY_free(theirs);
	ERR_clear_error();
	return res;
}

/* Reads the Ed25519 parameters: prehash (Ed25519ph) and context. */
static TEE_Result ed25519_params(const TEE_Attribute *params, uint32_t n,
				 bool *ph, const void **ctx, size_t *ctx_len)
{
	*ph = false;
	*ctx = NULL;
	*ctx_len = 0;
	for (uint32_t i = 0; i < n; i++) {
		if (params[i].attributeID == TEE_ATTR_EDDSA_PREHASH) {
			*ph = params[i].content.value.a != 0;
		} else if (params[i].attributeID == TEE_ATTR_EDDSA_CTX) {
			if (params[i].content.ref.length > CTX_MAX)
				return TEE_ERROR_BAD_PARAMETERS;
			*ctx = params[i].content.ref.buffer;
			*ctx_len = params[i].content.ref.length;
		} else {
			return TEE_ERROR_BAD_PARAMETERS;
		}
	}
	return TEE_SUCCESS;
}

/* A DigestSign/Verify context on @pk for the variant @params select. */
static TEE_Result ed25519_ctx(EVP_PKEY *pk, bool sign,
			      const TEE_Attribute *params, uint32_t n,
			      EVP_MD_CTX **md)
{
	const void *context;
	size_t context_len;
	bool ph;
	TEE_Result res = ed25519_params(params, n, &ph, &context, &context_len);
	int ok;

	if (res)
		return res;
	*md = EVP_MD_CTX_new();
	if (!*md)
		return TEE_ERROR_OUT_OF_MEMORY;
	ok = sign ? EVP_DigestSignInit_ex(*md, NULL, NULL, NULL, NULL, pk, NULL)
		  : EVP_DigestVerifyInit_ex(*md, NULL, NULL, NULL, NULL, pk,
					    NULL);
	if (ok <= 0)
		return TEE_ERROR_GENERIC;
	if (!ph && !context_len)
		return TEE_SUCCESS; /* pure Ed25519 */
#ifdef OSSL_SIGNATURE_PARAM_INSTANCE
	{
		OSSL_PARAM p[3];

		p[0] = OSSL_PARAM_construct_utf8_string(
			OSSL_SIGNATURE_PARAM_INSTANCE,
			ph ? "Ed25519ph" : "Ed25519ctx", 0);
		p[1] = OSSL_PARAM_construct_octet_string(
			OSSL_SIGNATURE_PARAM_CONTEXT_STRING, (void *)context,
			context_len);
		p[2] = OSSL_PARAM_construct_end();
		if (EVP_PKEY_CTX_set_params(EVP_MD_CTX_get_pkey_ctx(*md), p) <=
		    0)
			return TEE_ERROR_GENERIC;
		return TEE_SUCCESS;
	}
#else
	return TEE_ERROR_NOT_SUPPORTED;
#endif
}

TEE_Result utee_ed25519_sign(struct utee_op *op, const TEE_Attribute *params,
			     uint32_t n, const void *msg, size_t len,
			     uint8_t *sig, size_t *sig_len)
{
	EVP_PKEY *pk = raw_key(op->key, TEE_ATTR_ED25519_PRIVATE_VALUE,
			       EVP_PKEY_ED25519, true);
	EVP_MD_CTX *md = NULL;
	TEE_Result res = TEE_ERROR_GENERIC;
	size_t room = SIG_LEN;

	if (pk)
		res = ed25519_ctx(pk, true, params, n, &md);
	if (!res && EVP_DigestSign(md, sig, &room, msg, len) > 0)
		*sig_len = room;
	else if (!res)
		res = TEE_ERROR_GENERIC;
	EVP_MD_CTX_free(md);
	EVP_PKEY_free(pk);
	ERR_clear_error();
	return res;
}

TEE_Result utee_ed25519_verify(struct utee_op *op, const TEE_Attribute *params,
			       uint32_t n, const void *msg, size_t len,
			       const uint8_t *sig, size_t sig_len)
{
	EVP_PKEY *pk = raw_key(op->key, TEE_ATTR_ED25519_PUBLIC_VALUE,
			       EVP_PKEY_ED25519, false);
	EVP_MD_CTX *md = NULL;
	TEE_Result res = TEE_ERROR_GENERIC;

	if (pk)
		res = ed25519_ctx(pk, false, params, n, &md);
	if (!res && EVP_DigestVerify(md, sig, sig_len, msg, len) != 1)
		res = TEE_ERROR_SIGNATURE_INVALID;
	EVP_MD_CTX_free(md);
	EVP_PKEY_free(pk);
	ERR_clear_error();
	return res;
}
