// SPDX-License-Identifier: BSD-2-Clause
/*
 * GENERATE_KEY_PAIR: CKM_RSA_PKCS_KEY_PAIR_GEN, CKM_EC_KEY_PAIR_GEN and
 * CKM_EC_EDWARDS_KEY_PAIR_GEN (Ed25519)
 * with TEE_GenerateKey, as OP-TEE's processing.c and processing_rsa.c /
 * processing_ec.c: both templates are checked first, the key pair is
 * made, the public key gets the public parts, the private key all of
 * them (an EC private key keeps its public point in an attribute that
 * is never exported, CKA_OPTEE_HIDDEN_EC_POINT), a CKA_ID given in one
 * template is copied to the other, and the public key object is made
 * before the private one.
 */
#include <string.h>
#include <tee_internal_api.h>

#include "asymm.h"
#include "object.h"

/* An attribute of generated key @k, fetched into the key's template. */
static enum pkcs11_rc take_attr(TEE_ObjectHandle k, uint32_t tee_id,
				struct pkcs11_tpl *to, uint32_t id)
{
	uint8_t buf[RSA_MAX_MODULUS];
	size_t len = sizeof(buf);
	enum pkcs11_rc rc;

	if (TEE_GetObjectBufferAttribute(k, tee_id, buf, &len))
		return PKCS11_CKR_GENERAL_ERROR;
	rc = pkcs11_tpl_set(to, id, buf, len);
	TEE_MemFill(buf, 0, sizeof(buf));
	return rc;
}

static enum pkcs11_rc rsa_generate(struct pkcs11_tpl *pub,
				   struct pkcs11_tpl *priv)
{
	static const uint32_t priv_ids[][2] = {
		{TEE_ATTR_RSA_MODULUS, PKCS11_CKA_MODULUS},
		{TEE_ATTR_RSA_PUBLIC_EXPONENT, PKCS11_CKA_PUBLIC_EXPONENT},
		{TEE_ATTR_RSA_PRIVATE_EXPONENT, PKCS11_CKA_PRIVATE_EXPONENT},
		{TEE_ATTR_RSA_PRIME1, PKCS11_CKA_PRIME_1},
		{TEE_ATTR_RSA_PRIME2, PKCS11_CKA_PRIME_2},
		{TEE_ATTR_RSA_EXPONENT1, PKCS11_CKA_EXPONENT_1},
		{TEE_ATTR_RSA_EXPONENT2, PKCS11_CKA_EXPONENT_2},
		{TEE_ATTR_RSA_COEFFICIENT, PKCS11_CKA_COEFFICIENT},
	};
	TEE_ObjectHandle k = TEE_HANDLE_NULL;
	const void *e = NULL;
	uint32_t bits = 0, e_len = 0, n;
	TEE_Attribute attr;
	TEE_Result res;
	enum pkcs11_rc rc;

	pkcs11_tpl_get_u32(pub->buf, PKCS11_CKA_MODULUS_BITS, &bits);
	/*
	 * OP-TEE's bounds are 256..4096 bits; the runtime's libcrypto makes
	 * no key below 512 bits, which would panic TEE_GenerateKey.
	 */
	if (bits < 512 || bits > 4096)
		return PKCS11_CKR_KEY_SIZE_RANGE;
	pkcs11_tpl_get(pub->buf, PKCS11_CKA_PUBLIC_EXPONENT, &e, &e_len);
	if (TEE_AllocateTransientObject(TEE_TYPE_RSA_KEYPAIR, bits, &k))
		return PKCS11_CKR_DEVICE_MEMORY;
	TEE_InitRefAttribute(&attr, TEE_ATTR_RSA_PUBLIC_EXPONENT, e, e_len);
	res = TEE_GenerateKey(k, bits, &attr, e_len ? 1 : 0);
	if (res) {
		TEE_FreeTransientObject(k);
		/* An exponent below 65537, even or too long. */
		return PKCS11_CKR_ATTRIBUTE_VALUE_INVALID;
	}
	rc = take_attr(k, TEE_ATTR_RSA_MODULUS, pub, PKCS11_CKA_MODULUS);
	if (!rc)
		rc = take_attr(k, TEE_ATTR_RSA_PUBLIC_EXPONENT, pub,
			       PKCS11_CKA_PUBLIC_EXPONENT);
	for (n = 0; !rc && n < sizeof(priv_ids) / sizeof(priv_ids[0]); n++)
		rc = take_attr(k, priv_ids[n][0], priv, priv_ids[n][1]);
	TEE_FreeTransientObject(k);
	return rc;
}

static enum pkcs11_rc ec_keys_store(TEE_ObjectHandle k,
				    const struct ec_curve *c,
				    struct pkcs11_tpl *pub,
				    struct pkcs11_tpl *priv)
{
	uint8_t x[EC_MAX_FIELD], y[EC_MAX_FIELD], d[EC_MAX_FIELD];
	uint8_t pt[3 + 1 + 2 * EC_MAX_FIELD], dv[EC_MAX_FIELD];
	size_t xl = sizeof(x), yl = sizeof(y), dl = sizeof(d);
	uint32_t f = (c->bits + 7) / 8, len;
	enum pkcs11_rc rc = PKCS11_CKR_GENERAL_ERROR;

	if (TEE_GetObjectBufferAttribute(k, TEE_ATTR_ECC_PUBLIC_VALUE_X, x,
					 &xl) ||
	    TEE_GetObjectBufferAttribute(k, TEE_ATTR_ECC_PUBLIC_VALUE_Y, y,
					 &yl) ||
	    TEE_GetObjectBufferAttribute(k, TEE_ATTR_ECC_PRIVATE_VALUE, d,
					 &dl) ||
	    dl > f)
		goto out;
	len = ec_point_encode(c, x, xl, y, yl, pt);
	if (!len)
		goto out;
	/* The private value as long as the field, as tools expect. */
	memset(dv, 0, f - dl);
	memcpy(dv + f - dl, d, dl);
	rc = pkcs11_tpl_set(pub, PKCS11_CKA_EC_POINT, pt, len);
	if (!rc)
		rc = pkcs11_tpl_set(priv, PKCS11_CKA_OPTEE_HIDDEN_EC_POINT, pt,
				    len);
	if (!rc)
		rc = pkcs11_tpl_set(priv, PKCS11_CKA_VALUE, dv, f);
out:
	TEE_MemFill(d, 0, sizeof(d));
	TEE_MemFill(dv, 0, sizeof(dv));
	return rc;
}

/* The private key's parameters, if given, are the public key's. */
static enum pkcs11_rc same_params(struct pkcs11_tpl *pub,
				  struct pkcs11_tpl *priv)
{
	const void *par = NULL, *ppar = NULL;
	uint32_t size = 0, psize = 0;

	pkcs11_tpl_get(pub->buf, PKCS11_CKA_EC_PARAMS, &par, &size);
	if (pkcs11_tpl_get(priv->buf, PKCS11_CKA_EC_PARAMS, &ppar, &psize))
		return pkcs11_tpl_set(priv, PKCS11_CKA_EC_PARAMS, par, size);
	if (psize != size || memcmp(par, ppar, size))
		return PKCS11_CKR_TEMPLATE_INCONSISTENT;
	return PKCS11_CKR_OK;
}

/* Ed25519 (RFC 8032): the 32-byte keys, the public one DER-wrapped. */
static enum pkcs11_rc ed_generate(struct pkcs11_tpl *pub,
				  struct pkcs11_tpl *priv)
{
	TEE_ObjectHandle k = TEE_HANDLE_NULL;
	uint8_t pt[34], d[32];
	size_t pl = 32, dl = sizeof(d);
	enum pkcs11_rc rc;

	rc = same_params(pub, priv);
	if (rc)
		return rc;
	if (TEE_AllocateTransientObject(TEE_TYPE_ED25519_KEYPAIR, 256, &k))
		return PKCS11_CKR_DEVICE_MEMORY;
	rc = PKCS11_CKR_FUNCTION_FAILED;
	pt[0] = 0x04; /* OCTET STRING */
	pt[1] = 32;
	if (!TEE_GenerateKey(k, 256, NULL, 0) &&
	    !TEE_GetObjectBufferAttribute(k, TEE_ATTR_ED25519_PUBLIC_VALUE,
					  pt + 2, &pl) &&
	    !TEE_GetObjectBufferAttribute(k, TEE_ATTR_ED25519_PRIVATE_VALUE, d,
					  &dl) &&
	    pl == 32 && dl == 32)
		rc = pkcs11_tpl_set(pub, PKCS11_CKA_EC_POINT, pt, 34);
	if (!rc)
		rc = pkcs11_tpl_set(priv, PKCS11_CKA_OPTEE_HIDDEN_EC_POINT, pt,
				    34);
	if (!rc)
		rc = pkcs11_tpl_set(priv, PKCS11_CKA_VALUE, d, 32);
	TEE_MemFill(d, 0, sizeof(d));
	TEE_FreeTransientObject(k);
	return rc;
}

static enum pkcs11_rc ec_generate(struct pkcs11_tpl *pub,
				  struct pkcs11_tpl *priv)
{
	TEE_ObjectHandle k = TEE_HANDLE_NULL;
	const struct ec_curve *c;
	const void *par = NULL, *ppar = NULL;
	uint32_t size = 0, psize = 0;
	TEE_Attribute attr;
	enum pkcs11_rc rc;

	pkcs11_tpl_get(pub->buf, PKCS11_CKA_EC_PARAMS, &par, &size);
	c = ec_curve_of_params(par, size);
	if (!c)
		return PKCS11_CKR_CURVE_NOT_SUPPORTED;
	/* The private key's parameters, if given, name the same curve. */
	if (!pkcs11_tpl_get(priv->buf, PKCS11_CKA_EC_PARAMS, &ppar, &psize)) {
		if (psize != size || memcmp(par, ppar, size))
			return PKCS11_CKR_TEMPLATE_INCONSISTENT;
	} else {
		rc = pkcs11_tpl_set(priv, PKCS11_CKA_EC_PARAMS, par, size);
		if (rc)
			return rc;
	}
	if (TEE_AllocateTransientObject(TEE_TYPE_ECDSA_KEYPAIR, c->bits, &k))
		return PKCS11_CKR_DEVICE_MEMORY;
	TEE_InitValueAttribute(&attr, TEE_ATTR_ECC_CURVE, c->tee_curve, 0);
	if (TEE_GenerateKey(k, c->bits, &attr, 1))
		rc = PKCS11_CKR_FUNCTION_FAILED;
	else
		rc = ec_keys_store(k, c, pub, priv);
	TEE_FreeTransientObject(k);
	return rc;
}

/*
 * One half's template with the class and key type the mechanism
 * implies added where absent; a different one is inconsistent.
 */
static enum pkcs11_rc half_template(const uint8_t *tpl, uint32_t class,
				    uint32_t type, struct pkcs11_tpl *in)
{
	uint32_t v = 0, n, id, size;
	uint8_t b[4];
	enum pkcs11_rc rc;

	if (!pkcs11_tpl_get_u32(tpl, PKCS11_CKA_CLASS, &v) && v != class)
		return PKCS11_CKR_TEMPLATE_INCONSISTENT;
	if (!pkcs11_tpl_get_u32(tpl, PKCS11_CKA_KEY_TYPE, &v) && v != type)
		return PKCS11_CKR_TEMPLATE_INCONSISTENT;
	put_u32(b, class);
	rc = pkcs11_tpl_add(in, PKCS11_CKA_CLASS, b, 4);
	put_u32(b, type);
	if (!rc)
		rc = pkcs11_tpl_add(in, PKCS11_CKA_KEY_TYPE, b, 4);
	for (n = 0; !rc && n < pkcs11_tpl_count(tpl); n++) {
		const uint8_t *val = pkcs11_tpl_attr(tpl, n, &id, &size);

		if (id != PKCS11_CKA_CLASS && id != PKCS11_CKA_KEY_TYPE)
			rc = pkcs11_tpl_add(in, id, val, size);
	}
	return rc;
}

static enum pkcs11_rc half_attrs(const uint8_t *tpl, uint32_t class,
				 uint32_t type, uint32_t mech,
				 struct pkcs11_tpl *out)
{
	struct pkcs11_tpl in;
	enum pkcs11_rc rc;

	pkcs11_tpl_init(&in);
	pkcs11_tpl_init(out);
	rc = half_template(tpl, class, type, &in);
	if (!rc)
		rc = create_keypair_attributes(in.buf, class, mech, out);
	pkcs11_tpl_release(&in);
	return rc;
}

/* A CKA_ID given for one key is the other's too (OP-TEE's rule). */
static enum pkcs11_rc share_id(struct pkcs11_tpl *pub, struct pkcs11_tpl *priv)
{
	const void *val = NULL;
	uint32_t size = 0;

	if (!pkcs11_tpl_get(pub->buf, PKCS11_CKA_ID, &val, &size)) {
		if (pkcs11_tpl_get(priv->buf, PKCS11_CKA_ID, NULL, NULL))
			return pkcs11_tpl_set(priv, PKCS11_CKA_ID, val, size);
		return PKCS11_CKR_OK;
	}
	if (!pkcs11_tpl_get(priv->buf, PKCS11_CKA_ID, &val, &size))
		return pkcs11_tpl_set(pub, PKCS11_CKA_ID, val, size);
	return PKCS11_CKR_OK;
}

static enum pkcs11_rc generate_pair(uint32_t mech, const uint8_t *pub_tpl,
				    const uint8_t *priv_tpl,
				    struct pkcs11_tpl *pub,
				    struct pkcs11_tpl *priv)
{
	uint32_t type =
		mech == PKCS11_CKM_RSA_PKCS_KEY_PAIR_GEN ? PKCS11_CKK_RSA
		: mech == PKCS11_CKM_EC_KEY_PAIR_GEN	 ? PKCS11_CKK_EC
						     : PKCS11_CKK_EC_EDWARDS;
	enum pkcs11_rc rc;

	pkcs11_tpl_init(priv);
	rc = half_attrs(pub_tpl, PKCS11_CKO_PUBLIC_KEY, type, mech, pub);
	if (!rc)
		rc = half_attrs(priv_tpl, PKCS11_CKO_PRIVATE_KEY, type, mech,
				priv);
	if (!rc)
		rc = share_id(pub, priv);
	if (!rc && type == PKCS11_CKK_RSA)
		rc = rsa_generate(pub, priv);
	else if (!rc && type == PKCS11_CKK_EC)
		rc = ec_generate(pub, priv);
	else if (!rc)
		rc = ed_generate(pub, priv);
	if (rc) {
		pkcs11_tpl_release(pub);
		pkcs11_tpl_release(priv);
	}
	return rc;
}

/* Session, mechanism, public template, private template. */
PKCS11_HANDLER(entry_generate_key_pair)
{
	const uint32_t exp = TEE_PARAM_TYPES(
		TEE_PARAM_TYPE_MEMREF_INOUT, TEE_PARAM_TYPE_NONE,
		TEE_PARAM_TYPE_MEMREF_OUTPUT, TEE_PARAM_TYPE_NONE);
	const uint8_t *pub_tpl = NULL, *priv_tpl = NULL;
	struct pkcs11_tpl pub, priv;
	struct pkcs11_session *s;
	uint32_t sh = 0, mech = 0, psize = 0, h = 0;
	uint8_t *out = PARAM_BUF(2);
	struct serialargs a;
	size_t size = 0;
	enum pkcs11_rc rc;

	if (ptypes != exp || PARAM_SIZE(2) != 8)
		return PKCS11_CKR_ARGUMENTS_BAD;
	ctrl_args(&a, params);
	if (serialargs_get_u32(&a, &sh) || serialargs_get_u32(&a, &mech) ||
	    serialargs_get_u32(&a, &psize) || serialargs_get(&a, NULL, psize) ||
	    serialargs_get_template(&a, &pub_tpl, &size) ||
	    serialargs_get_template(&a, &priv_tpl, &size) ||
	    serialargs_remaining_bytes(&a))
		return PKCS11_CKR_ARGUMENTS_BAD;
	s = get_session(c, sh);
	if (!s)
		return PKCS11_CKR_SESSION_HANDLE_INVALID;
	if (mech != PKCS11_CKM_RSA_PKCS_KEY_PAIR_GEN &&
	    mech != PKCS11_CKM_EC_KEY_PAIR_GEN &&
	    mech != PKCS11_CKM_EC_EDWARDS_KEY_PAIR_GEN)
		return PKCS11_CKR_MECHANISM_INVALID;
	if (psize)
		return PKCS11_CKR_MECHANISM_PARAM_INVALID;
	rc = generate_pair(mech, pub_tpl, priv_tpl, &pub, &priv);
	if (rc)
		return rc;
	rc = object_add(s, &pub, out);
	if (!rc) {
		h = get_u32(out);
		rc = object_add(s, &priv, out + 4);
		if (rc)
			object_destroy(s, handle_get(&s->client->objects, h));
	}
	pkcs11_tpl_release(&pub);
	pkcs11_tpl_release(&priv);
	return rc;
}
