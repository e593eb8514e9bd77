// SPDX-License-Identifier: BSD-2-Clause
/*
 * Finite-field cryptography for the runtime: DSA (FIPS 186-4) keys and
 * signatures, Diffie-Hellman (PKCS #3, SP 800-56A with a subprime) keys
 * and shared secrets, on libcrypto's EVP_PKEY built from an object's
 * big-endian attributes.  GP lays a DSA signature out as r then s, each
 * as long as the subprime; libcrypto speaks DER (Dss-Sig-Value): the two
 * are converted here.
 */
#include <string.h>

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/dsa.h>
#include <openssl/err.h>
#include <openssl/param_build.h>
#include <tee_internal_api.h>

#include "utee_crypto.h"

/* An object attribute and libcrypto's name for it. */
struct ffc_param {
	uint32_t id;
	const char *name;
};

static const struct ffc_param dsa_params[] = {
	{TEE_ATTR_DSA_PRIME, OSSL_PKEY_PARAM_FFC_P},
	{TEE_ATTR_DSA_SUBPRIME, OSSL_PKEY_PARAM_FFC_Q},
	{TEE_ATTR_DSA_BASE, OSSL_PKEY_PARAM_FFC_G},
	{TEE_ATTR_DSA_PRIVATE_VALUE, OSSL_PKEY_PARAM_PRIV_KEY},
	{TEE_ATTR_DSA_PUBLIC_VALUE, OSSL_PKEY_PARAM_PUB_KEY},
};

static const struct ffc_param dh_params[] = {
	{TEE_ATTR_DH_PRIME, OSSL_PKEY_PARAM_FFC_P},
	{TEE_ATTR_DH_BASE, OSSL_PKEY_PARAM_FFC_G},
	{TEE_ATTR_DH_PUBLIC_VALUE, OSSL_PKEY_PARAM_PUB_KEY},
	{TEE_ATTR_DH_PRIVATE_VALUE, OSSL_PKEY_PARAM_PRIV_KEY},
	{TEE_ATTR_DH_SUBPRIME, OSSL_PKEY_PARAM_FFC_Q},
};

#define NDSA (sizeof(dsa_params) / sizeof(dsa_params[0]))
#define NDH  (sizeof(dh_params) / sizeof(dh_params[0]))

/* Pushes buffer @len bytes at @buf as bignum @name onto @b. */
static bool push_bn(OSSL_PARAM_BLD *b, const char *name, const uint8_t *buf,
		    size_t len, BIGNUM **keep)
{
	*keep = BN_bin2bn(buf, (int)len, NULL);
	return *keep && OSSL_PARAM_BLD_push_BN(b, name, *keep);
}

/*
 * A libcrypto key of @alg ("DSA", "DH") from the attributes of @o named
 * in @map (those it holds; a missing @need one: NULL), or from the
 * @count attributes @attrs when @o is NULL.
 */
static EVP_PKEY *ffc_key(const char *alg, const struct ffc_param *map,
			 size_t nmap, const struct utee_obj *o,
			 const TEE_Attribute *attrs, uint32_t count,
			 int selection)
{
	OSSL_PARAM_BLD *b = OSSL_PARAM_BLD_new();
	EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, alg, NULL);
	BIGNUM *bn[8] = {NULL};
	OSSL_PARAM *p = NULL;
	EVP_PKEY *pk = NULL;
	bool ok = b && ctx;

	for (size_t i = 0; ok && i < nmap; i++) {
		const uint8_t *buf = NULL;
		size_t len = 0;

		if (o) {
			const struct utee_attr *a = utee_obj_attr(o, map[i].id);

			if (a) {
				buf = a->buf;
				len = a->len;
			}
		}
		for (uint32_t j = 0; !o && j < count; j++) {
			if (attrs[j].attributeID == map[i].id) {
				buf = attrs[j].content.ref.buffer;
				len = attrs[j].content.ref.length;
			}
		}
		if (buf)
			ok = push_bn(b, map[i].name, buf, len, &bn[i]);
	}
	if (ok)
		p = OSSL_PARAM_BLD_to_param(b);
	if (p && EVP_PKEY_fromdata_init(ctx) > 0)
		EVP_PKEY_fromdata(ctx, &pk, selection, p);
	for (size_t i = 0; i < nmap; i++)
		BN_clear_free(bn[i]);
	OSSL_PARAM_free(p);
	OSSL_PARAM_BLD_free(b);
	EVP_PKEY_CTX_free(ctx);
	return pk;
}

/* A key of @domain's group into @o: every attribute in @map; a private
 * value of @priv_bits bits (0: libcrypto's choice). */
static TEE_Result ffc_generate(struct utee_obj *o, EVP_PKEY *domain,
			       const struct ffc_param *map, size_t nmap,
			       int priv_bits)
{
	EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_pkey(NULL, domain, NULL);
	TEE_Result res = TEE_ERROR_GENERIC;
	OSSL_PARAM len[2] = {
		OSSL_PARAM_construct_int(OSSL_PKEY_PARAM_DH_PRIV_LEN,
					 &priv_bits),
		OSSL_PARAM_construct_end(),
	};
	EVP_PKEY *pk = NULL;
	BIGNUM *v = NULL;

	if (!ctx || EVP_PKEY_keygen_init(ctx) <= 0 ||
	    (priv_bits && EVP_PKEY_CTX_set_params(ctx, len) <= 0) ||
	    EVP_PKEY_generate(ctx, &pk) <= 0)
		goto out;
	res = TEE_SUCCESS;
	for (size_t i = 0; !res && i < nmap; i++) {
		/* A DH group without a subprime has none to give. */
		if (!EVP_PKEY_get_bn_param(pk, map[i].name, &v))
			continue;
		res = utee_obj_add_bn(o, map[i].id, v);
		BN_clear_free(v);
		v = NULL;
	}
out:
	EVP_PKEY_free(pk);
	EVP_PKEY_CTX_free(ctx);
	ERR_clear_error();
	return res;
}

/* Bits of the big-endian number @len bytes at @buf. */
static uint32_t buf_bits(const uint8_t *buf, size_t len)
{
	while (len && !*buf) {
		buf++;
		len--;
	}
	if (!len)
		return 0;
	return (uint32_t)(len - 1) * 8 + (32 - (uint32_t)__builtin_clz(*buf));
}

/* The ref attribute @id among @params, or NULL. */
static const TEE_Attribute *find_param(const TEE_Attribute *params, uint32_t n,
				       uint32_t id)
{
	for (uint32_t i = 0; i < n; i++)
		if (params[i].attributeID == id)
			return &params[i];
	return NULL;
}

TEE_Result utee_dsa_generate(struct utee_obj *o, uint32_t bits,
			     const TEE_Attribute *params, uint32_t n)
{
	const TEE_Attribute *p = find_param(params, n, TEE_ATTR_DSA_PRIME);
	EVP_PKEY *domain;
	TEE_Result res;

	if (buf_bits(p->content.ref.buffer, p->content.ref.length) != bits)
		return TEE_ERROR_BAD_PARAMETERS;
	domain = ffc_key("DSA", dsa_params, NDSA, NULL, params, n,
			 EVP_PKEY_KEY_PARAMETERS);
	if (!domain)
		return TEE_ERROR_BAD_PARAMETERS;
	res = ffc_generate(o, domain, dsa_params, NDSA, 0);
	EVP_PKEY_free(domain);
	return res;
}

TEE_Result utee_dh_generate(struct utee_obj *o, uint32_t bits,
			    const TEE_Attribute *params, uint32_t n)
{
	const TEE_Attribute *p = find_param(params, n, TEE_ATTR_DH_PRIME);
	const TEE_Attribute *x = find_param(params, n, TEE_ATTR_DH_X_BITS);
	const struct utee_attr *priv;
	EVP_PKEY *domain;
	TEE_Result res;

	if (buf_bits(p->content.ref.buffer, p->content.ref.length) != bits ||
	    (x && (!x->content.value.a || x->content.value.a >= bits)))
		return TEE_ERROR_BAD_PARAMETERS;
	domain = ffc_key("DH", dh_params, NDH, NULL, params, n,
			 EVP_PKEY_KEY_PARAMETERS);
	if (!domain)
		return TEE_ERROR_BAD_PARAMETERS;
	/* X_BITS: the private value's length. */
	res = ffc_generate(o, domain, dh_params, NDH,
			   x ? (int)x->content.value.a : 0);
	priv = utee_obj_attr(o, TEE_ATTR_DH_PRIVATE_VALUE);
	if (!res && priv)
		utee_obj_add_value(o, TEE_ATTR_DH_X_BITS,
				   buf_bits(priv->buf, priv->len));
	EVP_PKEY_free(domain);
	return res;
}

TEE_Result utee_dh_derive(struct utee_obj *key, const void *peer,
			  size_t peer_len, uint8_t *out, size_t *out_len)
{
	EVP_PKEY *mine =
		ffc_key("DH", dh_params, NDH, key, NULL, 0, EVP_PKEY_KEYPAIR);
	TEE_Attribute pub[4];
	EVP_PKEY *theirs = NULL;
	EVP_PKEY_CTX *ctx = NULL;
	TEE_Result res = TEE_ERROR_GENERIC;
	uint32_t n = 0;

	/* The peer's key: our group, its public value. */
	for (size_t i = 0; i < NDH; i++) {
		const struct utee_attr *a = utee_obj_attr(key, dh_params[i].id);

		if (!a || dh_params[i].id == TEE_ATTR_DH_PRIVATE_VALUE ||
		    dh_params[i].id == TEE_ATTR_DH_PUBLIC_VALUE)
			continue;
		TEE_InitRefAttribute(&pub[n++], a->id, a->buf, a->len);
	}
	TEE_InitRefAttribute(&pub[n++], TEE_ATTR_DH_PUBLIC_VALUE, peer,
			     peer_len);
	if (mine)
		theirs = ffc_key("DH", dh_params, NDH, NULL, pub, n,
				 EVP_PKEY_PUBLIC_KEY);
	if (theirs)
		ctx = EVP_PKEY_CTX_new_from_pkey(NULL, mine, NULL);
	/* Unpadded: the secret as a minimal big-endian number, as
	 * OP-TEE's core stores it. */
	if (ctx && EVP_PKEY_derive_init(ctx) > 0 &&
	    EVP_PKEY_derive_set_peer_ex(ctx, theirs, 1) > 0 &&
	    EVP_PKEY_derive(ctx, out, out_len) > 0)
		res = TEE_SUCCESS;
	EVP_PKEY_CTX_free(ctx);
	EVP_PKEY_free(mine);
	EVP_PKEY_free(theirs);
	ERR_clear_error();
	return res;
}

/* The subprime's length: each half of a GP DSA signature. */
static size_t dsa_half(const struct utee_obj *key)
{
	const struct utee_attr *q = utee_obj_attr(key, TEE_ATTR_DSA_SUBPRIME);

	return q ? (buf_bits(q->buf, q->len) + 7) / 8 : 0;
}

size_t utee_dsa_sig_len(const struct utee_obj *key)
{
	return 2 * dsa_half(key);
}

TEE_Result utee_dsa_sign(struct utee_op *op, const void *digest, size_t len,
			 uint8_t *sig, size_t *sig_len)
{
	EVP_PKEY *pk = ffc_key("DSA", dsa_params, NDSA, op->key, NULL, 0,
			       EVP_PKEY_KEYPAIR);
	EVP_PKEY_CTX *ctx =
		pk ? EVP_PKEY_CTX_new_from_pkey(NULL, pk, NULL) : NULL;
	size_t half = dsa_half(op->key), der_len = 0;
	TEE_Result res = TEE_ERROR_GENERIC;
	const BIGNUM *r, *s;
	uint8_t *der = NULL;
	const uint8_t *p;
	DSA_SIG *ds = NULL;

	if (!ctx || EVP_PKEY_sign_init(ctx) <= 0 ||
	    EVP_PKEY_sign(ctx, NULL, &der_len, digest, len) <= 0)
		goto out;
	der = OPENSSL_malloc(der_len);
	if (!der || EVP_PKEY_sign(ctx, der, &der_len, digest, len) <= 0)
		goto out;
	p = der;
	ds = d2i_DSA_SIG(NULL, &p, (long)der_len);
	if (!ds)
		goto out;
	DSA_SIG_get0(ds, &r, &s);
	if (BN_bn2binpad(r, sig, (int)half) > 0 &&
	    BN_bn2binpad(s, sig + half, (int)half) > 0) {
		*sig_len = 2 * half;
		res = TEE_SUCCESS;
	}
out:
	DSA_SIG_free(ds);
	OPENSSL_free(der);
	EVP_PKEY_CTX_free(ctx);
	EVP_PKEY_free(pk);
	ERR_clear_error();
	return res;
}

TEE_Result utee_dsa_verify(struct utee_op *op, const void *digest, size_t len,
			   const uint8_t *sig, size_t sig_len)
{
	size_t half = dsa_half(op->key);
	EVP_PKEY *pk = NULL;
	EVP_PKEY_CTX *ctx = NULL;
	TEE_Result res = TEE_ERROR_SIGNATURE_INVALID;
	DSA_SIG *ds = NULL;
	BIGNUM *r = NULL, *s = NULL;
	uint8_t *der = NULL;
	int der_len = -1;

	if (!half || sig_len != 2 * half)
		return TEE_ERROR_SIGNATURE_INVALID;
	ds = DSA_SIG_new();
	r = BN_bin2bn(sig, (int)half, NULL);
	s = BN_bin2bn(sig + half, (int)half, NULL);
	if (ds && r && s && DSA_SIG_set0(ds, r, s)) {
		r = s = NULL; /* ds owns them */
		der_len = i2d_DSA_SIG(ds, &der);
	}
	pk = ffc_key("DSA", dsa_params, NDSA, op->key, NULL, 0,
		     EVP_PKEY_PUBLIC_KEY);
	if (pk)
		ctx = EVP_PKEY_CTX_new_from_pkey(NULL, pk, NULL);
	if (!ctx || der_len < 0 || EVP_PKEY_verify_init(ctx) <= 0)
		res = TEE_ERROR_GENERIC;
	else if (EVP_PKEY_verify(ctx, der, (size_t)der_len, digest, len) == 1)
		res = TEE_SUCCESS;
	BN_free(r);
	BN_free(s);
	DSA_SIG_free(ds);
	OPENSSL_free(der);
	EVP_PKEY_CTX_free(ctx);
	EVP_PKEY_free(pk);
	ERR_clear_error();
	return res;
}
