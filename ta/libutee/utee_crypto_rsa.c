// SPDX-License-Identifier: BSD-2-Clause
/*
 * RSA for the runtime: key generation into an object's attributes, and
 * PKCS#1 v1.5 and PSS signatures, PKCS#1 v1.5 and OAEP encryption with
 * libcrypto's EVP_PKEY built from them.  Bignums are big-endian byte
 * strings in the object, as GP reads them back.
 */
#include <string.h>

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/param_build.h>
#include <openssl/rsa.h>
#include <tee_internal_api.h>

#include "utee_crypto.h"

/* The largest modulus (4096 bits) in bytes. */
#define MAX_MODULUS 512

/* Object attributes and libcrypto's names for them, in OP-TEE's order. */
static const struct {
	uint32_t id;
	const char *param;
} rsa_params[] = {
	{TEE_ATTR_RSA_MODULUS, OSSL_PKEY_PARAM_RSA_N},
	{TEE_ATTR_RSA_PUBLIC_EXPONENT, OSSL_PKEY_PARAM_RSA_E},
	{TEE_ATTR_RSA_PRIVATE_EXPONENT, OSSL_PKEY_PARAM_RSA_D},
	{TEE_ATTR_RSA_PRIME1, OSSL_PKEY_PARAM_RSA_FACTOR1},
	{TEE_ATTR_RSA_PRIME2, OSSL_PKEY_PARAM_RSA_FACTOR2},
	{TEE_ATTR_RSA_EXPONENT1, OSSL_PKEY_PARAM_RSA_EXPONENT1},
	{TEE_ATTR_RSA_EXPONENT2, OSSL_PKEY_PARAM_RSA_EXPONENT2},
	{TEE_ATTR_RSA_COEFFICIENT, OSSL_PKEY_PARAM_RSA_COEFFICIENT1},
};

#define NPARAMS (sizeof(rsa_params) / sizeof(rsa_params[0]))

/* A new key of @bits bits with public exponent @e. */
static EVP_PKEY *keygen(uint32_t bits, BIGNUM *e)
{
	EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, "RSA", NULL);
	EVP_PKEY *pk = NULL;

	if (ctx && EVP_PKEY_keygen_init(ctx) > 0 &&
	    EVP_PKEY_CTX_set_rsa_keygen_bits(ctx, (int)bits) > 0 &&
	    EVP_PKEY_CTX_set1_rsa_keygen_pubexp(ctx, e) > 0)
		EVP_PKEY_generate(ctx, &pk);
	EVP_PKEY_CTX_free(ctx);
	return pk;
}

TEE_Result utee_rsa_generate(struct utee_obj *o, uint32_t bits,
			     const void *e_buf, size_t e_len)
{
	static const uint8_t f4[] = {0x01, 0x00, 0x01};
	TEE_Result res = TEE_ERROR_GENERIC;
	BIGNUM *e, *v = NULL;
	EVP_PKEY *pk = NULL;

	if (!e_buf) {
		e_buf = f4;
		e_len = sizeof(f4);
	}
	e = BN_bin2bn(e_buf, (int)e_len, NULL);
	if (!e)
		return TEE_ERROR_OUT_OF_MEMORY;
	/* OP-TEE's rule: odd, at least 65537, below 2^256. */
	if (!BN_is_odd(e) || BN_num_bits(e) > 256 ||
	    BN_cmp(e, BN_value_one()) <= 0 || BN_get_word(e) < 65537) {
		BN_free(e);
		return TEE_ERROR_BAD_PARAMETERS;
	}
	pk = keygen(bits, e);
	for (size_t i = 0; pk && i < NPARAMS; i++) {
		res = TEE_ERROR_GENERIC;
		if (EVP_PKEY_get_bn_param(pk, rsa_params[i].param, &v))
			res = utee_obj_add_bn(o, rsa_params[i].id, v);
		BN_clear_free(v);
		v = NULL;
		if (res)
			break;
	}
	BN_free(e);
	EVP_PKEY_free(pk);
	ERR_clear_error();
	return res;
}

/* The OSSL_PARAMs of the key in @o: every RSA attribute it holds. */
static OSSL_PARAM *key_params(const struct utee_obj *o)
{
	OSSL_PARAM_BLD *b = OSSL_PARAM_BLD_new();
	BIGNUM *bn[NPARAMS] = {NULL};
	OSSL_PARAM *params = NULL;
	bool ok = b != NULL;

	for (size_t i = 0; ok && i < NPARAMS; i++) {
		const struct utee_attr *a = utee_obj_attr(o, rsa_params[i].id);

		if (!a)
			continue;
		bn[i] = BN_bin2bn(a->buf, (int)a->len, NULL);
		ok = bn[i] &&
		     OSSL_PARAM_BLD_push_BN(b, rsa_params[i].param, bn[i]);
	}
	if (ok)
		params = OSSL_PARAM_BLD_to_param(b);
	for (size_t i = 0; i < NPARAMS; i++)
		BN_clear_free(bn[i]);
	OSSL_PARAM_BLD_free(b);
	return params;
}

/* @o as a libcrypto key: a keypair's private part with @priv. */
static EVP_PKEY *build_pkey(const struct utee_obj *o, bool priv)
{
	EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, "RSA", NULL);
	OSSL_PARAM *params = key_params(o);
	EVP_PKEY *pk = NULL;

	if (ctx && params && EVP_PKEY_fromdata_init(ctx) > 0 &&
	    EVP_PKEY_fromdata(ctx, &pk,
			      priv ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY,
			      params) <= 0)
		pk = NULL;
	OSSL_PARAM_free(params);
	EVP_PKEY_CTX_free(ctx);
	return pk;
}

/* A libcrypto context for the key of @op (its EVP_PKEY kept with @op). */
static EVP_PKEY_CTX *key_ctx(struct utee_op *op)
{
	bool priv = op->key->info.objectType & UTEE_KEYPAIR_BIT;

	return utee_op_pkey_ctx(op, priv, build_pkey);
}

/* The context on the key of @op initialised by @init, kept with @op:
 * its padding and digest are set again at each call (sig_setup()), as
 * the salt length may change from one call to the next. */
static EVP_PKEY_CTX *kept_ctx(struct utee_op *op,
			      int (*init)(EVP_PKEY_CTX *ctx))
{
	bool priv = op->key->info.objectType & UTEE_KEYPAIR_BIT;

	return utee_op_pkey_ctx_kept(op, priv, build_pkey, init);
}

/* The operation parameter @id, or NULL. */
static const TEE_Attribute *param(const TEE_Attribute *params, uint32_t n,
				  uint32_t id)
{
	for (uint32_t i = 0; i < n; i++)
		if (params[i].attributeID == id)
			return &params[i];
	return NULL;
}

/* Padding, digest and PSS salt of a signature context. */
static bool sig_setup(const struct utee_op *op, EVP_PKEY_CTX *ctx,
		      const TEE_Attribute *params, uint32_t n,
		      size_t digest_len)
{
	EVP_MD *md = NULL;
	const TEE_Attribute *salt;
	bool ok = true;

	/* TEE_ALG_RSASSA_PKCS1_V1_5 names no digest: the data is padded as
	 * it is, without a DigestInfo. */
	if (op->alg->evp) {
		md = EVP_MD_fetch(NULL, op->alg->evp, NULL);
		ok = md && EVP_PKEY_CTX_set_signature_md(ctx, md) > 0;
	}
	if (ok && op->alg->pad) {
		salt = param(params, n, TEE_ATTR_RSA_PSS_SALT_LENGTH);
		ok = EVP_PKEY_CTX_set_rsa_padding(ctx, RSA_PKCS1_PSS_PADDING) >
			     0 &&
		     EVP_PKEY_CTX_set_rsa_mgf1_md(ctx, md) > 0 &&
		     EVP_PKEY_CTX_set_rsa_pss_saltlen(
			     ctx, salt ? (int)salt->content.value.a
				       : (int)digest_len) > 0;
	} else if (ok) {
		ok = EVP_PKEY_CTX_set_rsa_padding(ctx, RSA_PKCS1_PADDING) > 0;
	}
	EVP_MD_free(md);
	return ok;
}

/* OP-TEE's core takes only a digest as long as the algorithm's hash
 * (any length for TEE_ALG_RSASSA_PKCS1_V1_5, which names none). */
static bool digest_len_ok(const struct utee_op *op, size_t len)
{
	EVP_MD *md;
	bool ok;

	if (!op->alg->evp)
		return true;
	md = EVP_MD_fetch(NULL, op->alg->evp, NULL);
	ok = md && len == (size_t)EVP_MD_get_size(md);
	EVP_MD_free(md);
	return ok;
}

TEE_Result utee_rsa_sign(struct utee_op *op, const TEE_Attribute *params,
			 uint32_t n, const void *digest, size_t len,
			 uint8_t *sig, size_t *sig_len)
{
	EVP_PKEY_CTX *ctx;
	TEE_Result res = TEE_ERROR_GENERIC;

	if (!digest_len_ok(op, len))
		return TEE_ERROR_BAD_PARAMETERS; /* the caller panics */
	ctx = kept_ctx(op, EVP_PKEY_sign_init);
	if (ctx && sig_setup(op, ctx, params, n, len) &&
	    EVP_PKEY_sign(ctx, sig, sig_len, digest, len) > 0)
		return TEE_SUCCESS;
	utee_op_drop_pkey_ctx(op);
	ERR_clear_error();
	return res;
}

TEE_Result utee_rsa_verify(struct utee_op *op, const TEE_Attribute *params,
			   uint32_t n, const void *digest, size_t len,
			   const uint8_t *sig, size_t sig_len)
{
	EVP_PKEY_CTX *ctx;
	TEE_Result res = TEE_ERROR_SIGNATURE_INVALID;

	/* BAD_PARAMETERS: not a result of TEE_AsymmetricVerifyDigest, so
	 * the caller panics, as OP-TEE's libutee does. */
	if (!digest_len_ok(op, len))
		return TEE_ERROR_BAD_PARAMETERS;
	ctx = kept_ctx(op, EVP_PKEY_verify_init);
	if (!ctx || !sig_setup(op, ctx, params, n, len))
		res = TEE_ERROR_GENERIC;
	else if (EVP_PKEY_verify(ctx, sig, sig_len, digest, len) == 1)
		return TEE_SUCCESS;
	if (res == TEE_ERROR_GENERIC)
		utee_op_drop_pkey_ctx(op);
	/* A bad signature leaves libcrypto's reasons queued. */
	ERR_clear_error();
	return res;
}

/* OAEP's digests and label, or PKCS#1 v1.5 padding. */
static TEE_Result crypt_setup(const struct utee_op *op, EVP_PKEY_CTX *ctx,
			      const TEE_Attribute *params, uint32_t n)
{
	const TEE_Attribute *label;
	EVP_MD *md;
	void *copy;
	bool ok;

	if (op->alg->kind == UTEE_ALG_RSA_NOPAD)
		return EVP_PKEY_CTX_set_rsa_padding(ctx, RSA_NO_PADDING) > 0
			       ? TEE_SUCCESS
			       : TEE_ERROR_GENERIC;
	if (!op->alg->evp)
		return EVP_PKEY_CTX_set_rsa_padding(ctx, RSA_PKCS1_PADDING) > 0
			       ? TEE_SUCCESS
			       : TEE_ERROR_GENERIC;
	md = EVP_MD_fetch(NULL, op->alg->evp, NULL);
	ok = md &&
	     EVP_PKEY_CTX_set_rsa_padding(ctx, RSA_PKCS1_OAEP_PADDING) > 0 &&
	     EVP_PKEY_CTX_set_rsa_oaep_md(ctx, md) > 0 &&
	     EVP_PKEY_CTX_set_rsa_mgf1_md(ctx, md) > 0;
	EVP_MD_free(md);
	if (!ok)
		return TEE_ERROR_GENERIC;
	label = param(params, n, TEE_ATTR_RSA_OAEP_LABEL);
	if (!label || !label->content.ref.length)
		return TEE_SUCCESS;
	/* libcrypto takes the label over (OPENSSL_malloc'ed). */
	copy = OPENSSL_memdup(label->content.ref.buffer,
			      label->content.ref.length);
	if (!copy || EVP_PKEY_CTX_set0_rsa_oaep_label(
			     ctx, copy, (int)label->content.ref.length) <= 0) {
		OPENSSL_free(copy);
		return TEE_ERROR_GENERIC;
	}
	return TEE_SUCCESS;
}

/*
 * Raw RSA takes a number: libcrypto wants it as long as the modulus, so
 * @src (at most that long) is left-padded into @buf; its result loses
 * its leading zeros (one stays for zero), as OP-TEE's core gives it.
 */
static const uint8_t *nopad_in(const struct utee_op *op, const void *src,
			       size_t *len, uint8_t *buf)
{
	size_t mod = (op->key->info.objectSize + 7) / 8;

	if (*len > mod)
		return NULL;
	memset(buf, 0, mod - *len);
	memcpy(buf + mod - *len, src, *len);
	*len = mod;
	return buf;
}

static const uint8_t *nopad_out(const uint8_t *out, size_t *len)
{
	while (*len > 1 && !*out) {
		out++;
		(*len)--;
	}
	return out;
}

TEE_Result utee_rsa_crypt(struct utee_op *op, const TEE_Attribute *params,
			  uint32_t n, const void *src, size_t len, void *dest,
			  size_t *dest_len)
{
	bool enc = op->info.mode == TEE_MODE_ENCRYPT;
	bool raw = op->alg->kind == UTEE_ALG_RSA_NOPAD;
	EVP_PKEY_CTX *ctx = key_ctx(op);
	TEE_Result res = TEE_ERROR_GENERIC;
	uint8_t out[MAX_MODULUS], in[MAX_MODULUS];
	const uint8_t *result = out;
	size_t out_len = sizeof(out);
	int rc = 0;

	if (!ctx || (enc ? EVP_PKEY_encrypt_init(ctx)
			 : EVP_PKEY_decrypt_init(ctx)) <= 0)
		goto out;
	res = crypt_setup(op, ctx, params, n);
	if (res)
		goto out;
	if (raw)
		src = nopad_in(op, src, &len, in);
	if (src || !len)
		rc = enc ? EVP_PKEY_encrypt(ctx, out, &out_len, src, len)
			 : EVP_PKEY_decrypt(ctx, out, &out_len, src, len);
	if (rc > 0 && raw)
		result = nopad_out(out, &out_len);
	/* Too long a message, or a ciphertext that does not decrypt. */
	if (rc <= 0) {
		res = TEE_ERROR_BAD_PARAMETERS;
	} else if (!dest || *dest_len < out_len) {
		*dest_len = out_len;
		res = TEE_ERROR_SHORT_BUFFER;
	} else {
		memcpy(dest, result, out_len);
		*dest_len = out_len;
	}
out:
	OPENSSL_cleanse(out, sizeof(out));
	OPENSSL_cleanse(in, sizeof(in));
	EVP_PKEY_CTX_free(ctx);
	ERR_clear_error();
	return res;
}
