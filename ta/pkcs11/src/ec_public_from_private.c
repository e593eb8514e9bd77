// SPDX-License-Identifier: BSD-2-Clause
/*
 * The public key of an imported private key.  The GP API makes an EC
 * or Ed25519 key pair object only with its public part
 * (TEE_ATTR_ECC_PUBLIC_VALUE_X/Y, TEE_ATTR_ED25519_PUBLIC_VALUE), which
 * a private key object given to C_CreateObject does not carry
 * (CKA_VALUE and CKA_EC_PARAMS only).  As OP-TEE's pkcs11_attributes.c
 * does at import (create_ec_priv_key_hidden_attributes(), on mbedTLS),
 * the TA computes it once, Q = d·G, and keeps it in the private key's
 * never-exported CKA_OPTEE_HIDDEN_EC_POINT.  Here it is computed with
 * the OpenSSL libcrypto the TA process already runs its crypto on
 * (ta/libutee/utee_crypto_init.c).
 */
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/obj_mac.h>
#include <tee_internal_api.h>

#include "asymm.h"

/* libcrypto's name for GP curve @tee_curve, 0 if it has none here. */
static int curve_nid(uint32_t tee_curve)
{
	switch (tee_curve) {
	case TEE_ECC_CURVE_NIST_P192:
		return NID_X9_62_prime192v1;
	case TEE_ECC_CURVE_NIST_P224:
		return NID_secp224r1;
	case TEE_ECC_CURVE_NIST_P256:
		return NID_X9_62_prime256v1;
	case TEE_ECC_CURVE_NIST_P384:
		return NID_secp384r1;
	case TEE_ECC_CURVE_NIST_P521:
		return NID_secp521r1;
	default:
		return 0;
	}
}

/*
 * Q = @d·G on @g, 04 || X || Y into @xy (@size bytes).  @d must be a
 * private key of the curve, 0 < d < n (SEC 1 §3.2.1): else
 * CKR_ATTRIBUTE_VALUE_INVALID, as for any other import that could be
 * no key.
 */
static enum pkcs11_rc mul_generator(const EC_GROUP *g, const uint8_t *d,
				    uint32_t dlen, uint8_t *xy, size_t size)
{
	enum pkcs11_rc rc = PKCS11_CKR_DEVICE_MEMORY;
	BIGNUM *k = BN_secure_new();
	EC_POINT *q = EC_POINT_new(g);
	BN_CTX *ctx = BN_CTX_new();

	if (!k || !q || !ctx || !BN_bin2bn(d, dlen, k))
		goto out;
	/* d is secret: libcrypto's constant-time paths only. */
	BN_set_flags(k, BN_FLG_CONSTTIME);
	rc = PKCS11_CKR_ATTRIBUTE_VALUE_INVALID;
	if (BN_is_zero(k) || BN_cmp(k, EC_GROUP_get0_order(g)) >= 0)
		goto out;
	rc = PKCS11_CKR_FUNCTION_FAILED;
	if (EC_POINT_mul(g, q, k, NULL, NULL, ctx) &&
	    EC_POINT_point2oct(g, q, POINT_CONVERSION_UNCOMPRESSED, xy, size,
			       ctx) == size)
		rc = PKCS11_CKR_OK;
out:
	BN_CTX_free(ctx);
	EC_POINT_free(q);
	BN_clear_free(k);
	return rc;
}

enum pkcs11_rc ec_public_from_private(const struct ec_curve *c,
				      const uint8_t *d, uint32_t dlen,
				      uint8_t *pt, uint32_t *len)
{
	const uint32_t f = (c->bits + 7) / 8;
	uint8_t xy[1 + 2 * EC_MAX_FIELD];
	EC_GROUP *g;
	enum pkcs11_rc rc;

	if (!dlen)
		return PKCS11_CKR_ATTRIBUTE_VALUE_INVALID;
	g = EC_GROUP_new_by_curve_name(curve_nid(c->tee_curve));
	if (!g)
		return PKCS11_CKR_FUNCTION_FAILED;
	rc = mul_generator(g, d, dlen, xy, 1 + 2 * f);
	EC_GROUP_free(g);
	if (rc)
		return rc;
	*len = ec_point_encode(c, xy + 1, f, xy + 1 + f, f, pt);
	return *len ? PKCS11_CKR_OK : PKCS11_CKR_FUNCTION_FAILED;
}

enum pkcs11_rc ed25519_public_from_private(const uint8_t *d, uint32_t dlen,
					   uint8_t pt[34])
{
	EVP_PKEY *pk;
	size_t len = 32;
	bool ok;

	/* Any 32 bytes are an Ed25519 private key (RFC 8032 §5.1.5). */
	if (dlen != 32)
		return PKCS11_CKR_ATTRIBUTE_VALUE_INVALID;
	pk = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, d, dlen);
	if (!pk)
		return PKCS11_CKR_DEVICE_MEMORY;
	ok = EVP_PKEY_get_raw_public_key(pk, pt + 2, &len) && len == 32;
	EVP_PKEY_free(pk);
	/* CKA_EC_POINT's form: a DER OCTET STRING of the 32 bytes. */
	pt[0] = 0x04;
	pt[1] = 32;
	return ok ? PKCS11_CKR_OK : PKCS11_CKR_FUNCTION_FAILED;
}
