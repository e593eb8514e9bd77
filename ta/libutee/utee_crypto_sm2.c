// SPDX-License-Identifier: BSD-2-Clause
/*
 * SM2 public key encryption (GM/T 0003-2012 part 4) as OP-TEE's core
 * does it (core/lib/libtomcrypt/sm2-pke.c): the ciphertext is
 * C1 || C2 || C3, C1 the uncompressed point 04 || x1 || y1, C2 the
 * message masked with KDF(x2 || y2), C3 = SM3(x2 || M || y2).  Built on
 * libcrypto's EC arithmetic and SM3 (its EVP SM2 cipher speaks DER and
 * has neither OP-TEE's order nor its results), and the SM2 KDF that
 * the key exchange (utee_crypto_sm2_kep.c) shares.
 */
#include <string.h>

#include <openssl/bn.h>
#include <openssl/crypto.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/obj_mac.h>
#include <tee_internal_api.h>

#include "utee_crypto.h"

#define SM2_INT 32		  /* bytes of a coordinate or scalar */
#define SM2_C1	(1 + 2 * SM2_INT) /* an uncompressed point */
#define SM2_C3	32		  /* an SM3 digest */

TEE_Result utee_sm2_kdf(const uint8_t *z, size_t z_len, uint8_t *out,
			size_t len)
{
	EVP_MD_CTX *c = EVP_MD_CTX_new();
	EVP_MD *sm3 = EVP_MD_fetch(NULL, "SM3", NULL);
	TEE_Result res = TEE_ERROR_GENERIC;
	uint8_t h[SM2_C3], ct[4];
	uint32_t i = 1;
	size_t n;

	if (!c || !sm3)
		goto out;
	/* GM/T 0003-2012 part 4, 5.4.3: SM3(Z || ct) for ct = 1, 2, ... */
	for (; len; i++, out += n, len -= n) {
		ct[0] = (uint8_t)(i >> 24);
		ct[1] = (uint8_t)(i >> 16);
		ct[2] = (uint8_t)(i >> 8);
		ct[3] = (uint8_t)i;
		if (!EVP_DigestInit_ex(c, sm3, NULL) ||
		    !EVP_DigestUpdate(c, z, z_len) ||
		    !EVP_DigestUpdate(c, ct, sizeof(ct)) ||
		    !EVP_DigestFinal_ex(c, h, NULL))
			goto out;
		n = len < sizeof(h) ? len : sizeof(h);
		memcpy(out, h, n);
	}
	res = TEE_SUCCESS;
out:
	OPENSSL_cleanse(h, sizeof(h));
	EVP_MD_free(sm3);
	EVP_MD_CTX_free(c);
	return res;
}

TEE_Result utee_sm2_sm3(const struct utee_sm2_chunk *chunks, size_t n,
			uint8_t *out)
{
	EVP_MD_CTX *c = EVP_MD_CTX_new();
	EVP_MD *sm3 = EVP_MD_fetch(NULL, "SM3", NULL);
	int ok = c && sm3 && EVP_DigestInit_ex(c, sm3, NULL);

	for (size_t i = 0; ok && i < n; i++)
		ok = EVP_DigestUpdate(c, chunks[i].buf, chunks[i].len);
	ok = ok && EVP_DigestFinal_ex(c, out, NULL);
	EVP_MD_free(sm3);
	EVP_MD_CTX_free(c);
	return ok ? TEE_SUCCESS : TEE_ERROR_GENERIC;
}

EC_GROUP *utee_sm2_group(void)
{
	return EC_GROUP_new_by_curve_name(NID_sm2);
}

BIGNUM *utee_sm2_attr_bn(const struct utee_obj *o, uint32_t id)
{
	const struct utee_attr *a = utee_obj_attr(o, id);

	return a ? BN_bin2bn(a->buf, (int)a->len, NULL) : NULL;
}

EC_POINT *utee_sm2_public(const EC_GROUP *g, const struct utee_obj *o)
{
	BIGNUM *x = utee_sm2_attr_bn(o, TEE_ATTR_ECC_PUBLIC_VALUE_X);
	BIGNUM *y = utee_sm2_attr_bn(o, TEE_ATTR_ECC_PUBLIC_VALUE_Y);
	EC_POINT *p = EC_POINT_new(g);

	/* libcrypto refuses a point not on the curve. */
	if (!x || !y || !p ||
	    !EC_POINT_set_affine_coordinates(g, p, x, y, NULL)) {
		EC_POINT_free(p);
		p = NULL;
	}
	BN_free(x);
	BN_free(y);
	return p;
}

bool utee_sm2_xy(const EC_GROUP *g, const EC_POINT *p, uint8_t *xy)
{
	BIGNUM *x = BN_new(), *y = BN_new();
	bool ok = x && y && EC_POINT_get_affine_coordinates(g, p, x, y, NULL) &&
		  BN_bn2binpad(x, xy, SM2_INT) == SM2_INT &&
		  BN_bn2binpad(y, xy + SM2_INT, SM2_INT) == SM2_INT;

	BN_free(x);
	BN_free(y);
	return ok;
}

/* C3 = SM3(x2 || @m || y2) into @c3. */
static TEE_Result sm2_c3(const uint8_t *x2y2, const uint8_t *m, size_t len,
			 uint8_t *c3)
{
	const struct utee_sm2_chunk c[] = {
		{x2y2, SM2_INT},
		{m, len},
		{x2y2 + SM2_INT, SM2_INT},
	};

	return utee_sm2_sm3(c, 3, c3);
}

/* OP-TEE's is_zero(): an all-zero mask, empty too, is refused. */
static bool all_zero(const uint8_t *b, size_t n)
{
	uint8_t v = 0;

	for (size_t i = 0; i < n; i++)
		v |= b[i];
	return !v;
}

/* @dst = @src ^ KDF(@x2y2, @len): CIPHERTEXT_INVALID for a zero mask. */
static TEE_Result sm2_mask(const uint8_t *x2y2, const uint8_t *src,
			   uint8_t *dst, size_t len)
{
	uint8_t *t = OPENSSL_malloc(len ? len : 1);
	TEE_Result res = TEE_ERROR_OUT_OF_MEMORY;

	if (!t)
		return res;
	res = utee_sm2_kdf(x2y2, 2 * SM2_INT, t, len);
	if (!res && all_zero(t, len))
		res = TEE_ERROR_CIPHERTEXT_INVALID;
	for (size_t i = 0; !res && i < len; i++)
		dst[i] = src[i] ^ t[i];
	OPENSSL_clear_free(t, len ? len : 1);
	return res;
}

/* [@k]G as C1 into @c1, [@k]@pb as x2 || y2 into @x2y2. */
static TEE_Result sm2_points(const EC_GROUP *g, const EC_POINT *pb,
			     const BIGNUM *k, uint8_t *c1, uint8_t *x2y2)
{
	EC_POINT *p = EC_POINT_new(g);
	TEE_Result res = TEE_ERROR_GENERIC;

	if (!p || !EC_POINT_mul(g, p, k, NULL, NULL, NULL))
		goto out;
	c1[0] = 0x04;
	if (!utee_sm2_xy(g, p, c1 + 1) ||
	    !EC_POINT_mul(g, p, NULL, pb, k, NULL) || !utee_sm2_xy(g, p, x2y2))
		goto out;
	res = TEE_SUCCESS;
out:
	EC_POINT_free(p);
	return res;
}

/* GM/T 0003-2012 part 4, 6.1 (OP-TEE's sm2_ltc_pke_encrypt()). */
static TEE_Result sm2_encrypt(const struct utee_obj *key, const uint8_t *src,
			      size_t len, uint8_t *dst, size_t *dst_len)
{
	EC_GROUP *g = utee_sm2_group();
	EC_POINT *pb = g ? utee_sm2_public(g, key) : NULL;
	TEE_Result res = TEE_ERROR_GENERIC;
	uint8_t c1[SM2_C1], x2y2[2 * SM2_INT];
	BIGNUM *k = BN_secure_new();

	if (!pb || !k)
		goto out;
	do { /* A1: 1 <= k < n */
		if (!BN_priv_rand_range(k, EC_GROUP_get0_order(g)))
			goto out;
	} while (BN_is_zero(k));
	res = sm2_points(g, pb, k, c1, x2y2);
	if (res)
		goto out;
	/*
	 * OP-TEE writes C1 first: less room than C1 is its BAD_STATE (a
	 * panic in libutee), less than the whole SHORT_BUFFER; the mask is
	 * checked before either (an empty message: CIPHERTEXT_INVALID).
	 */
	if (*dst_len < SM2_C1 + len + SM2_C3) {
		uint8_t *t = OPENSSL_malloc(len ? len : 1);

		res = t ? sm2_mask(x2y2, src, t, len) : TEE_ERROR_OUT_OF_MEMORY;
		OPENSSL_clear_free(t, len ? len : 1);
		if (!res && *dst_len < SM2_C1)
			res = TEE_ERROR_BAD_STATE;
		else if (!res)
			res = TEE_ERROR_SHORT_BUFFER;
		*dst_len = SM2_C1 + len + SM2_C3;
		goto out;
	}
	res = sm2_mask(x2y2, src, dst + SM2_C1, len);
	if (!res)
		res = sm2_c3(x2y2, src, len, dst + SM2_C1 + len);
	if (res)
		goto out;
	memcpy(dst, c1, SM2_C1);
	*dst_len = SM2_C1 + len + SM2_C3;
out:
	OPENSSL_cleanse(x2y2, sizeof(x2y2));
	BN_clear_free(k);
	EC_POINT_free(pb);
	EC_GROUP_free(g);
	ERR_clear_error();
	return res;
}

/* C1 of @src as a point: OP-TEE's sm2_bytes_to_point(). */
static TEE_Result sm2_c1(const EC_GROUP *g, const uint8_t *src, size_t len,
			 EC_POINT **p)
{
	if (!len)
		return TEE_ERROR_BAD_PARAMETERS;
	switch (src[0]) {
	case 0x02: /* compressed */
	case 0x03:
	case 0x06: /* hybrid */
	case 0x07:
		return TEE_ERROR_NOT_SUPPORTED;
	case 0x04:
		break;
	default:
		return TEE_ERROR_BAD_PARAMETERS;
	}
	if (len < SM2_C1)
		return TEE_ERROR_BAD_PARAMETERS;
	*p = EC_POINT_new(g);
	if (!*p)
		return TEE_ERROR_OUT_OF_MEMORY;
	/* Checked on the curve (the cofactor is 1: no more to check). */
	if (!EC_POINT_oct2point(g, *p, src, SM2_C1, NULL))
		return TEE_ERROR_BAD_PARAMETERS;
	return TEE_SUCCESS;
}

/* [dB]C1 as x2 || y2. */
static TEE_Result sm2_shared(const EC_GROUP *g, const struct utee_obj *key,
			     const EC_POINT *c1, uint8_t *x2y2)
{
	BIGNUM *d = utee_sm2_attr_bn(key, TEE_ATTR_ECC_PRIVATE_VALUE);
	EC_POINT *p = EC_POINT_new(g);
	bool ok = d && p && EC_POINT_mul(g, p, NULL, c1, d, NULL) &&
		  utee_sm2_xy(g, p, x2y2);

	BN_clear_free(d);
	EC_POINT_free(p);
	return ok ? TEE_SUCCESS : TEE_ERROR_BAD_STATE;
}

/*
 * GM/T 0003-2012 part 4, 7.1 (OP-TEE's sm2_ltc_pke_decrypt()): C2 of at
 * least one byte; OP-TEE writes as much of M' as @dst holds and reports
 * that much (no SHORT_BUFFER), C3 checked over the whole of it.
 */
static TEE_Result sm2_decrypt(const struct utee_obj *key, const uint8_t *src,
			      size_t len, uint8_t *dst, size_t *dst_len)
{
	EC_GROUP *g = utee_sm2_group();
	uint8_t x2y2[2 * SM2_INT], u[SM2_C3];
	EC_POINT *c1 = NULL;
	uint8_t *m = NULL;
	size_t c2_len = 0;
	TEE_Result res;

	res = g ? sm2_c1(g, src, len, &c1) : TEE_ERROR_GENERIC;
	if (!res)
		res = sm2_shared(g, key, c1, x2y2);
	if (res)
		goto out;
	if (len <= SM2_C1 + SM2_C3) {
		res = TEE_ERROR_BAD_PARAMETERS;
		goto out;
	}
	c2_len = len - SM2_C1 - SM2_C3;
	m = OPENSSL_malloc(c2_len);
	res = m ? sm2_mask(x2y2, src + SM2_C1, m, c2_len)
		: TEE_ERROR_OUT_OF_MEMORY;
	if (!res)
		res = sm2_c3(x2y2, m, c2_len, u);
	if (res)
		goto out;
	if (CRYPTO_memcmp(u, src + SM2_C1 + c2_len, SM2_C3)) {
		res = TEE_ERROR_CIPHERTEXT_INVALID;
		goto out;
	}
	if (*dst_len > c2_len)
		*dst_len = c2_len;
	if (*dst_len)
		memcpy(dst, m, *dst_len);
out:
	OPENSSL_clear_free(m, c2_len);
	OPENSSL_cleanse(x2y2, sizeof(x2y2));
	EC_POINT_free(c1);
	EC_GROUP_free(g);
	ERR_clear_error();
	return res;
}

TEE_Result utee_sm2_pke_crypt(struct utee_op *op, const void *src, size_t len,
			      void *dst, size_t *dst_len)
{
	if (op->info.mode == TEE_MODE_ENCRYPT)
		return sm2_encrypt(op->key, src, len, dst, dst_len);
	return sm2_decrypt(op->key, src, len, dst, dst_len);
}
