/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Asymmetric keys in the PKCS#11 TA: RSA and EC public and private key
 * objects (object_keypair.c), their curves (ec_curve.c) and the
 * signatures made and checked with them (processing_asymm.c).
 */
#ifndef PKCS11_TA_ASYMM_H
#define PKCS11_TA_ASYMM_H

#include "pkcs11_token.h"

/* The longest EC field element here (P-521) and RSA modulus (4096). */
#define EC_MAX_FIELD	66
#define RSA_MAX_MODULUS 512

/**
 * struct ec_curve - a named curve this TA carries
 * @oid:	its CKA_EC_PARAMS: the DER OBJECT IDENTIFIER
 * @oid_len:	its length
 * @tee_curve:	its TEE_ECC_CURVE_*
 * @bits:	its size in bits
 * @p:		its field prime, big-endian, the field size long
 * @b:		its coefficient b, likewise (a = -3)
 */
struct ec_curve {
	const uint8_t *oid;
	uint32_t oid_len;
	uint32_t tee_curve;
	uint32_t bits;
	const uint8_t *p;
	const uint8_t *b;
};

/**
 * ec_curve_of_params() - the curve CKA_EC_PARAMS @der names
 * @der:	the attribute value
 * @size:	its size
 * Return: the curve, or NULL if it is none this TA carries
 */
const struct ec_curve *ec_curve_of_params(const void *der, uint32_t size);

/**
 * ec_point_encode() - CKA_EC_POINT: DER OCTET STRING of 04 || X || Y
 * @c:		the curve (fixes the coordinate size)
 * @x:		X, big-endian, at most the field size
 * @xlen:	its length
 * @y:		Y, likewise
 * @ylen:	its length
 * @out:	at least 3 + 1 + 2 * EC_MAX_FIELD bytes
 * Return: the length written, 0 if a coordinate is too long
 */
uint32_t ec_point_encode(const struct ec_curve *c, const uint8_t *x,
			 uint32_t xlen, const uint8_t *y, uint32_t ylen,
			 uint8_t *out);

/**
 * ec_point_decode() - the coordinates in a CKA_EC_POINT: the DER OCTET
 * STRING PKCS#11 gives, or (as some tools send) the bare 04 || X || Y
 * @c:		the curve
 * @pt:		the attribute value
 * @size:	its size
 * @xy:		set to X (then Y follows), each the field size long
 * Return: true if @pt is an uncompressed point of @c's size
 */
bool ec_point_decode(const struct ec_curve *c, const uint8_t *pt, uint32_t size,
		     const uint8_t **xy);

/**
 * ed25519_params() - does CKA_EC_PARAMS @der name Ed25519 (the DER of
 * OID 1.3.101.112, RFC 8410, or of the PrintableString "edwards25519",
 * PKCS#11 3.0 §2.3.10)?
 * Return: true if it does
 */
bool ed25519_params(const void *der, uint32_t size);

/**
 * ed25519_point_decode() - the 32-byte public key in an Ed25519
 * CKA_EC_POINT: a DER OCTET STRING, or the bare 32 bytes
 * @pt:		the attribute value
 * @size:	its size
 * @key:	set to the key
 * Return: true if @pt is one of those
 */
bool ed25519_point_decode(const uint8_t *pt, uint32_t size,
			  const uint8_t **key);

/**
 * ec_point_on_curve() - is (X, Y) a point of @c? A public key from a
 * client is checked before it reaches the GP API, whose libcrypto would
 * fail (and the runtime panic) on a point off the curve
 * @c:		the curve
 * @xy:		X then Y, each the field size long (ec_point_decode())
 * Return: true if both are below p and y^2 = x^3 - 3x + b (mod p)
 */
bool ec_point_on_curve(const struct ec_curve *c, const uint8_t *xy);

/**
 * ec_public_from_private() - CKA_EC_POINT of the public key of an EC
 * private value, Q = d·G (ec_public_from_private.c), for the hidden
 * point of an imported private key
 * @c:		the curve
 * @d:		the private value, big-endian
 * @dlen:	its length
 * @pt:		at least 3 + 1 + 2 * EC_MAX_FIELD bytes: the DER OCTET STRING
 *		of 04 || X || Y, as ec_point_encode() writes it
 * @len:	set to its length
 * Return: PKCS11_CKR_OK, PKCS11_CKR_ATTRIBUTE_VALUE_INVALID unless
 * 0 < d < n (the curve's order), PKCS11_CKR_DEVICE_MEMORY or
 * PKCS11_CKR_FUNCTION_FAILED if libcrypto fails
 */
enum pkcs11_rc ec_public_from_private(const struct ec_curve *c,
				      const uint8_t *d, uint32_t dlen,
				      uint8_t *pt, uint32_t *len);

/**
 * ed25519_public_from_private() - CKA_EC_POINT of the Ed25519 public
 * key of private key @d (RFC 8032 §5.1.5), for the hidden point of an
 * imported private key
 * @d:		the 32-byte private key
 * @dlen:	its length
 * @pt:		set to the DER OCTET STRING of the 32-byte public key
 * Return: PKCS11_CKR_OK, PKCS11_CKR_ATTRIBUTE_VALUE_INVALID if @dlen is
 * not 32, PKCS11_CKR_DEVICE_MEMORY or PKCS11_CKR_FUNCTION_FAILED
 */
enum pkcs11_rc ed25519_public_from_private(const uint8_t *d, uint32_t dlen,
					   uint8_t pt[34]);

/**
 * create_keypair_attributes() - a public or private key object's
 * attributes from a client template, for C_CreateObject or one half of
 * C_GenerateKeyPair, as OP-TEE's pkcs11_attributes.c builds them
 * @tpl:	the client's checked template
 * @class:	PKCS11_CKO_PUBLIC_KEY or PKCS11_CKO_PRIVATE_KEY
 * @mech:	the generating mechanism, or PKCS11_CK_UNAVAILABLE_INFORMATION
 *		for an import
 * @out:	the attributes built (released on error)
 * Return: PKCS11_CKR_OK or the PKCS#11 rc for the template
 */
enum pkcs11_rc create_keypair_attributes(const uint8_t *tpl, uint32_t class,
					 uint32_t mech, struct pkcs11_tpl *out);

/**
 * keypair_attribute_is_sensitive() - is @id a private part of a private
 * key (RSA private exponent, primes, CRT values; EC private value) that
 * is sensitive or unextractable?
 * Return: true if it may not leave the TA
 */
bool keypair_attribute_is_sensitive(const uint8_t *attrs, uint32_t id);

/**
 * keypair_bits() - Return: the size in bits of RSA or EC key @attrs, or 0
 */
uint32_t keypair_bits(const uint8_t *attrs);

/**
 * ec_key_object() - a GP key object from EC key object @attrs: its
 * public point (a private key's from the hidden attribute, which
 * generation and import set), and the private value when @priv
 * @attrs:	the key object's attributes
 * @priv:	make a keypair (else a public key)
 * @ecdh:	a TEE_TYPE_ECDH_KEYPAIR (@priv), else an ECDSA one
 * @k:		set to the transient object
 * Return: PKCS11_CKR_OK, PKCS11_CKR_FUNCTION_FAILED if the key lacks a
 * part or its point is off the curve, PKCS11_CKR_DEVICE_MEMORY
 */
enum pkcs11_rc ec_key_object(const uint8_t *attrs, bool priv, bool ecdh,
			     TEE_ObjectHandle *k);

/**
 * asymm_release() - end @s's signature operation, if it runs one
 */
void asymm_release(struct pkcs11_session *s);

/*
 * The signature commands: RSA, ECDSA and EdDSA mechanisms are run here,
 * any other goes on to processing_mac.c's entry_mac_*() handlers.
 */
/** entry_sign_init() - PKCS11_CMD_SIGN_INIT. Return: the rc. */
PKCS11_HANDLER(entry_sign_init);
/** entry_verify_init() - PKCS11_CMD_VERIFY_INIT. Return: the rc. */
PKCS11_HANDLER(entry_verify_init);
/** entry_sign_update() - SIGN_UPDATE. Return: the rc. */
PKCS11_HANDLER(entry_sign_update);
/** entry_verify_update() - VERIFY_UPDATE. Return: the rc. */
PKCS11_HANDLER(entry_verify_update);
/** entry_sign_final() - SIGN_FINAL. Return: the rc. */
PKCS11_HANDLER(entry_sign_final);
/** entry_verify_final() - VERIFY_FINAL. Return: the rc. */
PKCS11_HANDLER(entry_verify_final);
/** entry_sign_oneshot() - SIGN_ONESHOT. Return: the rc. */
PKCS11_HANDLER(entry_sign_oneshot);
/** entry_verify_oneshot() - VERIFY_ONESHOT. Return: the rc. */
PKCS11_HANDLER(entry_verify_oneshot);

/*
 * RSA encryption (CKM_RSA_PKCS, CKM_RSA_PKCS_OAEP) is run here; other
 * mechanisms and their steps go on to processing_aes.c's handlers.
 */
/** entry_asymm_encrypt_init() - ENCRYPT_INIT. Return: the rc. */
PKCS11_HANDLER(entry_asymm_encrypt_init);
/** entry_asymm_decrypt_init() - DECRYPT_INIT. Return: the rc. */
PKCS11_HANDLER(entry_asymm_decrypt_init);
/** entry_asymm_encrypt_update() - ENCRYPT_UPDATE. Return: the rc. */
PKCS11_HANDLER(entry_asymm_encrypt_update);
/** entry_asymm_decrypt_update() - DECRYPT_UPDATE. Return: the rc. */
PKCS11_HANDLER(entry_asymm_decrypt_update);
/** entry_asymm_encrypt_final() - ENCRYPT_FINAL. Return: the rc. */
PKCS11_HANDLER(entry_asymm_encrypt_final);
/** entry_asymm_decrypt_final() - DECRYPT_FINAL. Return: the rc. */
PKCS11_HANDLER(entry_asymm_decrypt_final);
/** entry_asymm_encrypt_oneshot() - ENCRYPT_ONESHOT. Return: the rc. */
PKCS11_HANDLER(entry_asymm_encrypt_oneshot);
/** entry_asymm_decrypt_oneshot() - DECRYPT_ONESHOT. Return: the rc. */
PKCS11_HANDLER(entry_asymm_decrypt_oneshot);

#endif
