// SPDX-License-Identifier: BSD-2-Clause
/*
 * ECDSA on the NIST curves P-192..P-521 for the runtime: key generation
 * into an object's attributes, and signatures made and checked with
 * libcrypto's EVP_PKEY built from them.  GP lays a signature out as r
 * then s, each big-endian and as long as the curve's order; libcrypto
 * speaks DER (ECDSA-Sig-Value): a signature made is read with
 * utee_ecdsa_der_to_rs(), one to check is encoded here.
 */
#include <string.h>

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/param_build.h>
#include <tee_internal_api.h>

#include "utee_crypto.h"
#include "utee_ecdsa_der.h"

/* The largest field element (P-521) in bytes. */
#define MAX_FIELD 66

static const struct {
	uint32_t curve;
	uint32_t bits;
	const char *name;
} curves[] = {
	{TEE_ECC_CURVE_NIST_P192, 192, "prime192v1"},
	{TEE_ECC_CURVE_NIST_P224, 224, "secp224r1"},
	{TEE_ECC_CURVE_NIST_P256, 256, "prime256v1"},
	{TEE_ECC_CURVE_NIST_P384, 384, "secp384r1"},
	{TEE_ECC_CURVE_NIST_P521, 521, "secp521r1"},
};

static const char *curve_name(uint32_t curve)
{
	for (size_t i = 0; i < sizeof(curves) / sizeof(curves[0]); i++)
		if (curves[i].curve == curve)
			return curves[i].name;
	return NULL;
}

uint32_t utee_ecc_curve_bits(uint32_t curve)
{
	for (size_t i = 0; i < sizeof(curves) / sizeof(curves[0]); i++)
		if (curves[i].curve == curve)
			return curves[i].bits;
	return 0;
}

/* The SM2 curve (GB/T 32918.5): no attribute names it, the key type
 * does. */
#define SM2_BITS 256

static bool is_sm2(const struct utee_obj *o)
{
	uint32_t main = o->info.objectType & 0xFF;

	return main == 0x45 || main == 0x46 || main == 0x47; /* DSA, KEP, PKE */
}

/* @o's curve, or 0. */
static uint32_t obj_curve(const struct utee_obj *o)
{
	const struct utee_attr *curve = utee_obj_attr(o, TEE_ATTR_ECC_CURVE);

	if (is_sm2(o))
		return TEE_ECC_CURVE_SM2;
	return curve ? curve->a : 0;
}

/* libcrypto's name of @curve's group, and of its key type. */
static const char *group_name(uint32_t curve)
{
	return curve == TEE_ECC_CURVE_SM2 ? "SM2" : curve_name(curve);
}

static const char *key_type(uint32_t curve)
{
	return curve == TEE_ECC_CURVE_SM2 ? "SM2" : "EC";
}

static uint32_t group_bits(uint32_t curve)
{
	return curve == TEE_ECC_CURVE_SM2 ? SM2_BITS
					  : utee_ecc_curve_bits(curve);
}

uint32_t utee_ecc_key_bits(const struct utee_obj *o)
{
	return group_bits(obj_curve(o));
}

size_t utee_ecc_sig_len(uint32_t bits)
{
	return 2 * ((bits + 7) / 8);
}

TEE_Result utee_ecc_generate(struct utee_obj *o, uint32_t curve)
{
	BIGNUM *d = NULL, *x = NULL, *y = NULL;
	TEE_Result res = TEE_ERROR_GENERIC;
	EVP_PKEY *pk;

	if (curve == TEE_ECC_CURVE_SM2)
		pk = EVP_PKEY_Q_keygen(NULL, NULL, "SM2");
	else
		pk = EVP_PKEY_Q_keygen(NULL, NULL, "EC", curve_name(curve));
	if (!pk)
		goto out;
	if (!EVP_PKEY_get_bn_param(pk, OSSL_PKEY_PARAM_PRIV_KEY, &d) ||
	    !EVP_PKEY_get_bn_param(pk, OSSL_PKEY_PARAM_EC_PUB_X, &x) ||
	    !EVP_PKEY_get_bn_param(pk, OSSL_PKEY_PARAM_EC_PUB_Y, &y))
		goto out;
	res = utee_obj_add_bn(o, TEE_ATTR_ECC_PRIVATE_VALUE, d);
	if (!res)
		res = utee_obj_add_bn(o, TEE_ATTR_ECC_PUBLIC_VALUE_X, x);
	if (!res)
		res = utee_obj_add_bn(o, TEE_ATTR_ECC_PUBLIC_VALUE_Y, y);
	if (!res && curve != TEE_ECC_CURVE_SM2)
		utee_obj_add_value(o, TEE_ATTR_ECC_CURVE, curve);
out:
	BN_clear_free(d);
	BN_free(x);
	BN_free(y);
	EVP_PKEY_free(pk);
	ERR_clear_error();
	return res;
}

/* The public point 04 || X || Y, coordinates padded to @flen bytes. */
static bool public_point(const struct utee_obj *o, size_t flen, uint8_t *pt)
{
	const struct utee_attr *x =
		utee_obj_attr(o, TEE_ATTR_ECC_PUBLIC_VALUE_X);
	const struct utee_attr *y =
		utee_obj_attr(o, TEE_ATTR_ECC_PUBLIC_VALUE_Y);

	if (!x || !y || x->len > flen || y->len > flen)
		return false;
	memset(pt, 0, 1 + 2 * flen);
	pt[0] = 0x04;
	memcpy(pt + 1 + flen - x->len, x->buf, x->len);
	memcpy(pt + 1 + 2 * flen - y->len, y->buf, y->len);
	return true;
}

/* The OSSL_PARAMs of key @o (with its private value if @priv). */
static OSSL_PARAM *key_params(const struct utee_obj *o, bool priv, BIGNUM **d)
{
	uint32_t curve = obj_curve(o);
	const struct utee_attr *dv =
		utee_obj_attr(o, TEE_ATTR_ECC_PRIVATE_VALUE);
	uint8_t pt[1 + 2 * MAX_FIELD];
	OSSL_PARAM *params = NULL;
	OSSL_PARAM_BLD *b;
	size_t flen;

	if (!group_name(curve) || (priv && !dv))
		return NULL;
	flen = (group_bits(curve) + 7) / 8;
	if (!public_point(o, flen, pt))
		return NULL;
	if (priv && !(*d = BN_bin2bn(dv->buf, (int)dv->len, NULL)))
		return NULL;
	b = OSSL_PARAM_BLD_new();
	if (b &&
	    OSSL_PARAM_BLD_push_utf8_string(b, OSSL_PKEY_PARAM_GROUP_NAME,
					    group_name(curve), 0) &&
	    OSSL_PARAM_BLD_push_octet_string(b, OSSL_PKEY_PARAM_PUB_KEY, pt,
					     1 + 2 * flen) &&
	    (!priv || OSSL_PARAM_BLD_push_BN(b, OSSL_PKEY_PARAM_PRIV_KEY, *d)))
		params = OSSL_PARAM_BLD_to_param(b);
	OSSL_PARAM_BLD_free(b);
	return params;
}

/* @o as a libcrypto key: its private part too with @priv. */
static EVP_PKEY *build_pkey(const struct utee_obj *o, bool priv)
{
	EVP_PKEY_CTX *ctx =
		EVP_PKEY_CTX_new_from_name(NULL, key_type(obj_curve(o)), NULL);
	OSSL_PARAM *params;
	EVP_PKEY *pk = NULL;
	BIGNUM *d = NULL;

	params = key_params(o, priv, &d);
	if (ctx && params && EVP_PKEY_fromdata_init(ctx) > 0 &&
	    EVP_PKEY_fromdata(ctx, &pk,
			      priv ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY,
			      params) <= 0)
		pk = NULL;
	OSSL_PARAM_free(params);
	BN_clear_free(d);
	EVP_PKEY_CTX_free(ctx);
	return pk;
}

/* A libcrypto context for signing (@priv) or verifying with @o. */
static EVP_PKEY_CTX *key_ctx(const struct utee_obj *o, bool priv)
{
	EVP_PKEY *pk = build_pkey(o, priv);
	EVP_PKEY_CTX *ctx =
		pk ? EVP_PKEY_CTX_new_from_pkey(NULL, pk, NULL) : NULL;

	EVP_PKEY_free(pk);
	return ctx;
}

TEE_Result utee_ecc_sign(struct utee_op *op, const void *digest, size_t len,
			 uint8_t *sig, size_t *sig_len)
{
	EVP_PKEY_CTX *ctx =
		utee_op_pkey_ctx_kept(op, true, build_pkey, EVP_PKEY_sign_init);
	size_t half = (utee_ecc_key_bits(op->key) + 7) / 8;
	uint8_t der[2 * MAX_FIELD + 16];
	size_t der_len = sizeof(der);

	if (ctx && EVP_PKEY_sign(ctx, der, &der_len, digest, len) > 0 &&
	    utee_ecdsa_der_to_rs(der, der_len, sig, half)) {
		*sig_len = 2 * half;
		return TEE_SUCCESS;
	}
	utee_op_drop_pkey_ctx(op);
	ERR_clear_error();
	return TEE_ERROR_GENERIC;
}

/* r || s of @half bytes each to DER (OPENSSL_malloc'ed into *@der). */
static int gp_to_der(const uint8_t *sig, size_t half, uint8_t **der)
{
	ECDSA_SIG *s = ECDSA_SIG_new();
	BIGNUM *r = BN_bin2bn(sig, (int)half, NULL);
	BIGNUM *sv = BN_bin2bn(sig + half, (int)half, NULL);
	int len = -1;

	if (s && r && sv && ECDSA_SIG_set0(s, r, sv)) {
		r = sv = NULL; /* s owns them */
		len = i2d_ECDSA_SIG(s, der);
	}
	BN_free(r);
	BN_free(sv);
	ECDSA_SIG_free(s);
	return len;
}

TEE_Result utee_ecc_verify(struct utee_op *op, const void *digest, size_t len,
			   const uint8_t *sig, size_t sig_len)
{
	size_t half = (utee_ecc_key_bits(op->key) + 7) / 8;
	TEE_Result res = TEE_ERROR_SIGNATURE_INVALID;
	EVP_PKEY_CTX *ctx;
	uint8_t *der = NULL;
	int der_len;

	if (sig_len != 2 * half)
		return TEE_ERROR_SIGNATURE_INVALID;
	ctx = utee_op_pkey_ctx_kept(op, false, build_pkey,
				    EVP_PKEY_verify_init);
	der_len = gp_to_der(sig, half, &der);
	if (!ctx || der_len < 0)
		res = TEE_ERROR_GENERIC;
	else if (EVP_PKEY_verify(ctx, der, (size_t)der_len, digest, len) == 1)
		res = TEE_SUCCESS;
	OPENSSL_free(der);
	if (res) {
		/* A bad signature leaves libcrypto's reasons queued. */
		if (res == TEE_ERROR_GENERIC)
			utee_op_drop_pkey_ctx(op);
		ERR_clear_error();
	}
	return res;
}

/* The peer's public key on @o's curve from its coordinates @x and @y. */
static EVP_PKEY *peer_key(const struct utee_obj *o, const TEE_Attribute *x,
			  const TEE_Attribute *y)
{
	const struct utee_attr *curve = utee_obj_attr(o, TEE_ATTR_ECC_CURVE);
	EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
	uint8_t pt[1 + 2 * MAX_FIELD];
	OSSL_PARAM_BLD *b = NULL;
	OSSL_PARAM *params = NULL;
	EVP_PKEY *pk = NULL;
	size_t flen;

	if (!ctx || !curve || !curve_name(curve->a))
		goto out;
	flen = (utee_ecc_curve_bits(curve->a) + 7) / 8;
	if (x->content.ref.length > flen || y->content.ref.length > flen)
		goto out;
	memset(pt, 0, sizeof(pt));
	pt[0] = 0x04;
	memcpy(pt + 1 + flen - x->content.ref.length, x->content.ref.buffer,
	       x->content.ref.length);
	memcpy(pt + 1 + 2 * flen - y->content.ref.length, y->content.ref.buffer,
	       y->content.ref.length);
	b = OSSL_PARAM_BLD_new();
	if (b &&
	    OSSL_PARAM_BLD_push_utf8_string(b, OSSL_PKEY_PARAM_GROUP_NAME,
					    curve_name(curve->a), 0) &&
	    OSSL_PARAM_BLD_push_octet_string(b, OSSL_PKEY_PARAM_PUB_KEY, pt,
					     1 + 2 * flen))
		params = OSSL_PARAM_BLD_to_param(b);
	/* libcrypto checks that the point is on the curve. */
	if (params && EVP_PKEY_fromdata_init(ctx) > 0)
		EVP_PKEY_fromdata(ctx, &pk, EVP_PKEY_PUBLIC_KEY, params);
out:
	OSSL_PARAM_free(params);
	OSSL_PARAM_BLD_free(b);
	EVP_PKEY_CTX_free(ctx);
	return pk;
}

TEE_Result utee_ecdh_derive(struct utee_obj *key, const TEE_Attribute *x,
			    const TEE_Attribute *y, uint8_t *out,
			    size_t *out_len)
{
	EVP_PKEY_CTX *ctx = key_ctx(key, true);
	EVP_PKEY *peer = peer_key(key, x, y);
	TEE_Result res = TEE_ERROR_GENERIC;

	/* The shared X coordinate, as long as the field (SEC 1 3.3.1). */
	if (ctx && peer && EVP_PKEY_derive_init(ctx) > 0 &&
	    EVP_PKEY_derive_set_peer(ctx, peer) > 0 &&
	    EVP_PKEY_derive(ctx, out, out_len) > 0)
		res = TEE_SUCCESS;
	EVP_PKEY_free(peer);
	EVP_PKEY_CTX_free(ctx);
	ERR_clear_error();
	return res;
}
