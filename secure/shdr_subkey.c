// SPDX-License-Identifier: BSD-2-Clause
/*
 * Subkey bodies of signed TA images (OP-TEE's struct shdr_subkey, read
 * as core/crypto/signed_hdr.c reads it).
 *
 * The body comes from the normal world: it is decoded from the caller's
 * private copy, every u32 is widened to 64 bits before it is added, and
 * nothing is read outside [body, body + len).  Whether the body is
 * authentic (its hash and the signature over it) is shdr.c's concern;
 * this file is only ever handed a body whose hash and signature checked.
 */
#include <string.h>

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>

#include <tbx/byteorder.h>

#include "shdr_subkey.h"
#include "ta/include/tee_api_defines.h"
#include "ta/include/utee_defines.h"

/*
 * Largest attribute value read: a 16384-bit modulus, the largest RSA key
 * OpenSSL verifies with (and far more than a u16 sig_size allows).
 */
#define SHDR_SUBKEY_MAX_ATTR 2048

TEE_Result shdr_subkey_decode(struct shdr_subkey *sk, const uint8_t *body,
			      size_t len, const char **why)
{
	uint64_t end;
	uint32_t n;

	if (len < SHDR_SUBKEY_SIZE) {
		*why = "subkey shorter than its header";
		return TEE_ERROR_SECURITY;
	}
	memcpy(sk->uuid, body, sizeof(sk->uuid));
	sk->name_size = tbx_get_le32(body + 16);
	sk->subkey_version = tbx_get_le32(body + 20);
	sk->max_depth = tbx_get_le32(body + 24);
	sk->algo = tbx_get_le32(body + 28);
	sk->attr_count = tbx_get_le32(body + 32);

	end = SHDR_SUBKEY_SIZE +
	      (uint64_t)sk->attr_count * SHDR_SUBKEY_ATTR_SIZE;
	if (end > len) {
		*why = "subkey attributes outside the subkey";
		return TEE_ERROR_SECURITY;
	}
	for (n = 0; n < sk->attr_count; n++) {
		const uint8_t *a = body + SHDR_SUBKEY_SIZE +
				   (size_t)n * SHDR_SUBKEY_ATTR_SIZE;

		end = (uint64_t)tbx_get_le32(a + 4) + tbx_get_le32(a + 8);
		if (end > len) {
			*why = "subkey attribute value outside the subkey";
			return TEE_ERROR_SECURITY;
		}
	}
	return TEE_SUCCESS;
}

/* The value of the first attribute @id, as a BIGNUM; NULL if absent. */
static BIGNUM *attr_bn(const struct shdr_subkey *sk, const uint8_t *body,
		       uint32_t id, TEE_Result *res)
{
	uint32_t n;

	for (n = 0; n < sk->attr_count; n++) {
		const uint8_t *a = body + SHDR_SUBKEY_SIZE +
				   (size_t)n * SHDR_SUBKEY_ATTR_SIZE;
		BIGNUM *bn;

		if (tbx_get_le32(a) != id)
			continue;
		if (tbx_get_le32(a + 8) > SHDR_SUBKEY_MAX_ATTR) {
			*res = TEE_ERROR_SECURITY;
			return NULL;
		}
		/* In range: shdr_subkey_decode() checked offs + size. */
		bn = BN_bin2bn(body + tbx_get_le32(a + 4),
			       (int)tbx_get_le32(a + 8), NULL);
		if (!bn)
			*res = TEE_ERROR_OUT_OF_MEMORY;
		return bn;
	}
	*res = TEE_ERROR_SECURITY;
	return NULL;
}

/* An RSA public key of modulus @n and exponent @e. */
static TEE_Result rsa_from_ne(const BIGNUM *n, const BIGNUM *e, EVP_PKEY **key)
{
	OSSL_PARAM_BLD *bld = OSSL_PARAM_BLD_new();
	OSSL_PARAM *params = NULL;
	EVP_PKEY_CTX *ctx = NULL;
	TEE_Result res = TEE_ERROR_OUT_OF_MEMORY;

	if (!bld || !OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_N, n) ||
	    !OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_E, e))
		goto out;
	params = OSSL_PARAM_BLD_to_param(bld);
	ctx = EVP_PKEY_CTX_new_from_name(NULL, "RSA", NULL);
	if (!params || !ctx)
		goto out;
	*key = NULL;
	if (EVP_PKEY_fromdata_init(ctx) <= 0 ||
	    EVP_PKEY_fromdata(ctx, key, EVP_PKEY_PUBLIC_KEY, params) <= 0) {
		*key = NULL;
		res = TEE_ERROR_SECURITY;
		goto out;
	}
	res = TEE_SUCCESS;
out:
	EVP_PKEY_CTX_free(ctx);
	OSSL_PARAM_free(params);
	OSSL_PARAM_BLD_free(bld);
	return res;
}

TEE_Result shdr_subkey_pubkey(const struct shdr_subkey *sk, const uint8_t *body,
			      size_t len, EVP_PKEY **key, const char **why)
{
	TEE_Result res = TEE_SUCCESS;
	BIGNUM *n = NULL, *e = NULL;

	(void)len; /* the attributes were bounds-checked against it */
	*why = "subkey algorithm is not RSA";
	if (TEE_ALG_GET_MAIN_ALG(sk->algo) != TEE_MAIN_ALGO_RSA)
		return TEE_ERROR_SECURITY;
	*why = "subkey has no RSA public exponent";
	e = attr_bn(sk, body, TEE_ATTR_RSA_PUBLIC_EXPONENT, &res);
	if (!e)
		goto out;
	*why = "subkey has no RSA modulus";
	n = attr_bn(sk, body, TEE_ATTR_RSA_MODULUS, &res);
	if (!n)
		goto out;
	*why = "subkey key is not a valid RSA public key";
	if (BN_is_zero(n) || BN_is_zero(e) || !BN_is_odd(n)) {
		res = TEE_ERROR_SECURITY;
		goto out;
	}
	res = rsa_from_ne(n, e, key);
out:
	if (res == TEE_ERROR_OUT_OF_MEMORY)
		*why = "out of memory";
	BN_free(n);
	BN_free(e);
	ERR_clear_error();
	return res;
}

TEE_Result shdr_subkey_next_uuid(uint8_t next[16], const uint8_t ns[16],
				 const uint8_t *name, size_t name_size)
{
	uint8_t md[64];
	unsigned int md_len = 0;
	EVP_MD_CTX *ctx;
	TEE_Result res = TEE_ERROR_GENERIC;

	if (!name_size) {
		memcpy(next, ns, 16);
		return TEE_SUCCESS;
	}
	ctx = EVP_MD_CTX_new();
	/* The name ends at its first NUL: the rest is padding. */
	if (ctx && EVP_DigestInit_ex(ctx, EVP_sha512(), NULL) &&
	    EVP_DigestUpdate(ctx, ns, 16) &&
	    EVP_DigestUpdate(ctx, name,
			     strnlen((const char *)name, name_size)) &&
	    EVP_DigestFinal_ex(ctx, md, &md_len) && md_len == sizeof(md)) {
		memcpy(next, md, 16);
		/* RFC 4122 §4.3: version 5 in time_hi_and_version... */
		next[6] = (uint8_t)((next[6] & 0x0f) | 0x50);
		/* ...and the variant bits 10 in clock_seq_hi_and_reserved. */
		next[8] = (uint8_t)((next[8] & 0x3f) | 0x80);
		res = TEE_SUCCESS;
	}
	EVP_MD_CTX_free(ctx);
	ERR_clear_error();
	return res;
}
