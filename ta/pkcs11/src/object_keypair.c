// SPDX-License-Identifier: BSD-2-Clause
/*
 * RSA and EC public and private key objects: the attributes a template
 * may give for each (OP-TEE's pkcs11_attributes.c lists: any object,
 * any key, public or private key, then RSA or EC), their defaults, the
 * ones the TA computes, and which private parts never leave the TA.
 */
#include <string.h>
#include <tee_internal_api.h>

#include "asymm.h"

#define K_PUB	   0x01 /* CKO_PUBLIC_KEY */
#define K_PRIV	   0x02 /* CKO_PRIVATE_KEY */
#define K_RSA	   0x04 /* only with CKK_RSA */
#define K_EC	   0x08 /* only with CKK_EC or CKK_EC_EDWARDS */
#define K_BOOL	   0x10 /* gets its default when absent */
#define K_COMPUTED 0x20 /* set by the TA, never by a template */
#define K_GEN_NO   0x40 /* made by generation: not in its template */
#define K_SECRET   0x80 /* a private part: sensitive rules apply */

#define K_BOTH (K_PUB | K_PRIV)

struct key_rule {
	uint32_t id;
	uint8_t size; /* 0: variable, else exact */
	uint8_t flags;
	uint8_t dflt; /* boolean default */
};

static const struct key_rule rules[] = {
	{PKCS11_CKA_CLASS, 4, K_BOTH, 0},
	{PKCS11_CKA_TOKEN, 1, K_BOTH | K_BOOL, 0},
	{PKCS11_CKA_PRIVATE, 1, K_BOTH | K_BOOL, 0},
	{PKCS11_CKA_MODIFIABLE, 1, K_BOTH | K_BOOL, 1},
	{PKCS11_CKA_COPYABLE, 1, K_BOTH | K_BOOL, 1},
	{PKCS11_CKA_DESTROYABLE, 1, K_BOTH | K_BOOL, 1},
	{PKCS11_CKA_LABEL, 0, K_BOTH, 0},
	{PKCS11_CKA_KEY_TYPE, 4, K_BOTH, 0},
	{PKCS11_CKA_ID, 0, K_BOTH, 0},
	{PKCS11_CKA_START_DATE, 0, K_BOTH, 0},
	{PKCS11_CKA_END_DATE, 0, K_BOTH, 0},
	{PKCS11_CKA_DERIVE, 1, K_BOTH | K_BOOL, 0},
	{PKCS11_CKA_SUBJECT, 0, K_BOTH, 0},
	{PKCS11_CKA_PUBLIC_KEY_INFO, 0, K_BOTH, 0},
	{PKCS11_CKA_ENCRYPT, 1, K_PUB | K_BOOL, 0},
	{PKCS11_CKA_VERIFY, 1, K_PUB | K_BOOL, 0},
	{PKCS11_CKA_VERIFY_RECOVER, 1, K_PUB | K_BOOL, 0},
	{PKCS11_CKA_WRAP, 1, K_PUB | K_BOOL, 0},
	{PKCS11_CKA_TRUSTED, 1, K_PUB | K_BOOL, 0},
	{PKCS11_CKA_DECRYPT, 1, K_PRIV | K_BOOL, 0},
	{PKCS11_CKA_SIGN, 1, K_PRIV | K_BOOL, 0},
	{PKCS11_CKA_SIGN_RECOVER, 1, K_PRIV | K_BOOL, 0},
	{PKCS11_CKA_UNWRAP, 1, K_PRIV | K_BOOL, 0},
	{PKCS11_CKA_SENSITIVE, 1, K_PRIV | K_BOOL, 0},
	{PKCS11_CKA_EXTRACTABLE, 1, K_PRIV | K_BOOL, 0},
	{PKCS11_CKA_WRAP_WITH_TRUSTED, 1, K_PRIV | K_BOOL, 0},
	{PKCS11_CKA_ALWAYS_AUTHENTICATE, 1, K_PRIV | K_BOOL, 0},
	{PKCS11_CKA_MODULUS, 0, K_BOTH | K_RSA | K_GEN_NO, 0},
	{PKCS11_CKA_MODULUS_BITS, 4, K_PUB | K_RSA, 0},
	{PKCS11_CKA_PUBLIC_EXPONENT, 0, K_BOTH | K_RSA, 0},
	{PKCS11_CKA_PRIVATE_EXPONENT, 0, K_PRIV | K_RSA | K_GEN_NO | K_SECRET,
	 0},
	{PKCS11_CKA_PRIME_1, 0, K_PRIV | K_RSA | K_GEN_NO | K_SECRET, 0},
	{PKCS11_CKA_PRIME_2, 0, K_PRIV | K_RSA | K_GEN_NO | K_SECRET, 0},
	{PKCS11_CKA_EXPONENT_1, 0, K_PRIV | K_RSA | K_GEN_NO | K_SECRET, 0},
	{PKCS11_CKA_EXPONENT_2, 0, K_PRIV | K_RSA | K_GEN_NO | K_SECRET, 0},
	{PKCS11_CKA_COEFFICIENT, 0, K_PRIV | K_RSA | K_GEN_NO | K_SECRET, 0},
	{PKCS11_CKA_EC_PARAMS, 0, K_BOTH | K_EC, 0},
	{PKCS11_CKA_EC_POINT, 0, K_PUB | K_EC | K_GEN_NO, 0},
	{PKCS11_CKA_VALUE, 0, K_PRIV | K_EC | K_GEN_NO | K_SECRET, 0},
	{PKCS11_CKA_LOCAL, 1, K_BOTH | K_COMPUTED, 0},
	{PKCS11_CKA_KEY_GEN_MECHANISM, 4, K_BOTH | K_COMPUTED, 0},
	{PKCS11_CKA_ALWAYS_SENSITIVE, 1, K_PRIV | K_COMPUTED, 0},
	{PKCS11_CKA_NEVER_EXTRACTABLE, 1, K_PRIV | K_COMPUTED, 0},
};

#define RULE_COUNT (sizeof(rules) / sizeof(rules[0]))

static const struct key_rule *rule_of(uint32_t id)
{
	size_t n;

	for (n = 0; n < RULE_COUNT; n++)
		if (rules[n].id == id)
			return &rules[n];
	return NULL;
}

/* Does rule @r apply to an object of @class and key @type? */
static bool rule_applies(const struct key_rule *r, uint32_t class,
			 uint32_t type)
{
	if (!(r->flags & (class == PKCS11_CKO_PUBLIC_KEY ? K_PUB : K_PRIV)))
		return false;
	if ((r->flags & K_RSA) && type != PKCS11_CKK_RSA)
		return false;
	if ((r->flags & K_EC) && type != PKCS11_CKK_EC &&
	    type != PKCS11_CKK_EC_EDWARDS)
		return false;
	return true;
}

static enum pkcs11_rc copy_attrs(const uint8_t *tpl, uint32_t class,
				 uint32_t type, bool generated,
				 struct pkcs11_tpl *out)
{
	uint32_t n, id, size;
	enum pkcs11_rc rc;

	for (n = 0; n < pkcs11_tpl_count(tpl); n++) {
		const uint8_t *val = pkcs11_tpl_attr(tpl, n, &id, &size);
		const struct key_rule *r = rule_of(id);

		if (!r || !rule_applies(r, class, type))
			return PKCS11_CKR_ATTRIBUTE_TYPE_INVALID;
		if (r->size && size != r->size)
			return PKCS11_CKR_ATTRIBUTE_VALUE_INVALID;
		if (r->flags & K_COMPUTED)
			return PKCS11_CKR_ATTRIBUTE_READ_ONLY;
		/* What generation makes may not come in its template. */
		if (generated && (r->flags & K_GEN_NO))
			return PKCS11_CKR_TEMPLATE_INCONSISTENT;
		rc = pkcs11_tpl_set(out, id, val, size);
		if (rc)
			return rc;
	}
	return PKCS11_CKR_OK;
}

static enum pkcs11_rc add_defaults(uint32_t class, uint32_t type,
				   struct pkcs11_tpl *out)
{
	enum pkcs11_rc rc;
	size_t n;

	for (n = 0; n < RULE_COUNT; n++) {
		const struct key_rule *r = &rules[n];

		if (!(r->flags & K_BOOL) || !rule_applies(r, class, type) ||
		    !pkcs11_tpl_get(out->buf, r->id, NULL, NULL))
			continue;
		rc = pkcs11_tpl_add(out, r->id, &r->dflt, 1);
		if (rc)
			return rc;
	}
	return PKCS11_CKR_OK;
}

static bool has(const uint8_t *attrs, uint32_t id)
{
	uint32_t size = 0;

	return !pkcs11_tpl_get(attrs, id, NULL, &size) && size;
}

/*
 * What an import must give (OP-TEE's *_create_mand lists, and the
 * parts a GP key object needs) and a generation template must hold.
 */
/* Does @type's CKA_EC_PARAMS @val name a curve carried here? */
static bool curve_known(uint32_t type, const void *val, uint32_t size)
{
	if (type == PKCS11_CKK_EC_EDWARDS)
		return ed25519_params(val, size);
	return ec_curve_of_params(val, size);
}

static enum pkcs11_rc check_mandatory(const uint8_t *a, uint32_t class,
				      uint32_t type, bool generated)
{
	const void *val = NULL;
	uint32_t size = 0;
	bool ok;

	if (type != PKCS11_CKK_RSA) {
		if (!generated || class == PKCS11_CKO_PUBLIC_KEY)
			if (!has(a, PKCS11_CKA_EC_PARAMS))
				return PKCS11_CKR_TEMPLATE_INCOMPLETE;
		if (!pkcs11_tpl_get(a, PKCS11_CKA_EC_PARAMS, &val, &size) &&
		    !curve_known(type, val, size))
			return PKCS11_CKR_CURVE_NOT_SUPPORTED;
		if (generated)
			return PKCS11_CKR_OK;
		ok = class == PKCS11_CKO_PUBLIC_KEY
			     ? has(a, PKCS11_CKA_EC_POINT)
			     : has(a, PKCS11_CKA_VALUE);
		return ok ? PKCS11_CKR_OK : PKCS11_CKR_TEMPLATE_INCOMPLETE;
	}
	if (generated)
		ok = class == PKCS11_CKO_PRIVATE_KEY ||
		     has(a, PKCS11_CKA_MODULUS_BITS);
	else if (class == PKCS11_CKO_PUBLIC_KEY)
		ok = has(a, PKCS11_CKA_MODULUS) &&
		     has(a, PKCS11_CKA_PUBLIC_EXPONENT);
	else
		ok = has(a, PKCS11_CKA_MODULUS) &&
		     has(a, PKCS11_CKA_PUBLIC_EXPONENT) &&
		     has(a, PKCS11_CKA_PRIVATE_EXPONENT);
	return ok ? PKCS11_CKR_OK : PKCS11_CKR_TEMPLATE_INCOMPLETE;
}

/* Bits of the big-endian number @p of @len bytes. */
static uint32_t bignum_bits(const uint8_t *p, uint32_t len)
{
	uint32_t bits;
	uint8_t top;

	while (len && !*p) {
		p++;
		len--;
	}
	if (!len)
		return 0;
	bits = (len - 1) * 8;
	for (top = *p; top; top >>= 1)
		bits++;
	return bits;
}

uint32_t keypair_bits(const uint8_t *attrs)
{
	const struct ec_curve *c;
	const void *val = NULL;
	uint32_t type = 0, size = 0;

	if (pkcs11_tpl_get_u32(attrs, PKCS11_CKA_KEY_TYPE, &type))
		return 0;
	if (type == PKCS11_CKK_RSA) {
		if (pkcs11_tpl_get(attrs, PKCS11_CKA_MODULUS, &val, &size))
			return 0;
		return bignum_bits(val, size);
	}
	if (pkcs11_tpl_get(attrs, PKCS11_CKA_EC_PARAMS, &val, &size))
		return 0;
	if (type == PKCS11_CKK_EC_EDWARDS)
		return ed25519_params(val, size) ? 256 : 0;
	c = ec_curve_of_params(val, size);
	return c ? c->bits : 0;
}

/* LOCAL, KEY_GEN_MECHANISM; ALWAYS_SENSITIVE, NEVER_EXTRACTABLE. */
static enum pkcs11_rc add_computed(struct pkcs11_tpl *out, uint32_t class,
				   uint32_t mech)
{
	const bool local = mech != PKCS11_CK_UNAVAILABLE_INFORMATION;
	uint8_t b_local = local, b_as, b_ne, m[4];
	enum pkcs11_rc rc;

	put_u32(m, mech);
	rc = pkcs11_tpl_add(out, PKCS11_CKA_LOCAL, &b_local, 1);
	if (!rc)
		rc = pkcs11_tpl_add(out, PKCS11_CKA_KEY_GEN_MECHANISM, m, 4);
	if (rc || class != PKCS11_CKO_PRIVATE_KEY)
		return rc;
	b_as = local &&
	       pkcs11_tpl_get_bool(out->buf, PKCS11_CKA_SENSITIVE, false);
	b_ne = local &&
	       !pkcs11_tpl_get_bool(out->buf, PKCS11_CKA_EXTRACTABLE, false);
	rc = pkcs11_tpl_add(out, PKCS11_CKA_ALWAYS_SENSITIVE, &b_as, 1);
	if (!rc)
		rc = pkcs11_tpl_add(out, PKCS11_CKA_NEVER_EXTRACTABLE, &b_ne,
				    1);
	return rc;
}

/*
 * What an import gives must be a key the GP API takes without failing
 * (a failure there panics the runtime): an odd RSA modulus of 256..4096
 * bits, odd exponent and primes, an EC point of the curve's size on the
 * curve.
 */
/*
 * Is attribute @id of @a (0: CKA_MODULUS), if there, an odd number above
 * one?  libcrypto's Montgomery arithmetic fails on an even modulus or
 * prime, and so would the signature that uses it.
 */
static bool odd_above_one(const uint8_t *a, uint32_t id)
{
	const void *val = NULL;
	uint32_t size = 0;

	if (pkcs11_tpl_get(a, id ? id : PKCS11_CKA_MODULUS, &val, &size))
		return true;
	return size && (((const uint8_t *)val)[size - 1] & 1) &&
	       bignum_bits(val, size) > 1;
}

static enum pkcs11_rc check_import(const uint8_t *a, uint32_t class,
				   uint32_t type)
{
	const void *val = NULL, *par = NULL;
	uint32_t size = 0, psize = 0, bits;
	const struct ec_curve *c;
	const uint8_t *xy = NULL;

	if (type == PKCS11_CKK_RSA) {
		pkcs11_tpl_get(a, PKCS11_CKA_MODULUS, &val, &size);
		bits = bignum_bits(val, size);
		if (bits < 256 || bits > 4096 || !odd_above_one(a, 0) ||
		    !odd_above_one(a, PKCS11_CKA_PUBLIC_EXPONENT) ||
		    !odd_above_one(a, PKCS11_CKA_PRIME_1) ||
		    !odd_above_one(a, PKCS11_CKA_PRIME_2))
			return PKCS11_CKR_ATTRIBUTE_VALUE_INVALID;
		return PKCS11_CKR_OK;
	}
	if (class != PKCS11_CKO_PUBLIC_KEY)
		return PKCS11_CKR_OK;
	pkcs11_tpl_get(a, PKCS11_CKA_EC_PARAMS, &par, &psize);
	pkcs11_tpl_get(a, PKCS11_CKA_EC_POINT, &val, &size);
	/* Any 32 bytes make an Ed25519 key; libcrypto checks at use. */
	if (type == PKCS11_CKK_EC_EDWARDS)
		return ed25519_point_decode(val, size, &xy)
			       ? PKCS11_CKR_OK
			       : PKCS11_CKR_ATTRIBUTE_VALUE_INVALID;
	c = ec_curve_of_params(par, psize);
	if (!ec_point_decode(c, val, size, &xy) || !ec_point_on_curve(c, xy))
		return PKCS11_CKR_ATTRIBUTE_VALUE_INVALID;
	return PKCS11_CKR_OK;
}

/*
 * An imported EC or Ed25519 private key gets its public point, which the
 * GP API needs with the private value to sign or derive, in the hidden
 * attribute (ec_public_from_private.c); a value that is no private key
 * of its curve is CKR_ATTRIBUTE_VALUE_INVALID.
 */
static enum pkcs11_rc add_hidden_point(struct pkcs11_tpl *out, uint32_t type)
{
	uint8_t pt[3 + 1 + 2 * EC_MAX_FIELD];
	const void *d = NULL, *par = NULL;
	uint32_t dsize = 0, psize = 0, len = 34;
	enum pkcs11_rc rc;

	pkcs11_tpl_get(out->buf, PKCS11_CKA_VALUE, &d, &dsize);
	pkcs11_tpl_get(out->buf, PKCS11_CKA_EC_PARAMS, &par, &psize);
	if (type == PKCS11_CKK_EC_EDWARDS)
		rc = ed25519_public_from_private(d, dsize, pt);
	else
		rc = ec_public_from_private(ec_curve_of_params(par, psize), d,
					    dsize, pt, &len);
	if (!rc)
		rc = pkcs11_tpl_set(out, PKCS11_CKA_OPTEE_HIDDEN_EC_POINT, pt,
				    len);
	return rc;
}

/* An imported RSA public key states its size too (pkcs11-tool shows it). */
static enum pkcs11_rc add_modulus_bits(struct pkcs11_tpl *out)
{
	const void *val = NULL;
	uint32_t size = 0, bits;
	uint8_t b[4];

	if (has(out->buf, PKCS11_CKA_MODULUS_BITS) ||
	    pkcs11_tpl_get(out->buf, PKCS11_CKA_MODULUS, &val, &size))
		return PKCS11_CKR_OK;
	bits = bignum_bits(val, size);
	if (bits < 256 || bits > 4096)
		return PKCS11_CKR_ATTRIBUTE_VALUE_INVALID;
	put_u32(b, bits);
	return pkcs11_tpl_set(out, PKCS11_CKA_MODULUS_BITS, b, 4);
}

enum pkcs11_rc create_keypair_attributes(const uint8_t *tpl, uint32_t class,
					 uint32_t mech, struct pkcs11_tpl *out)
{
	const bool generated = mech != PKCS11_CK_UNAVAILABLE_INFORMATION;
	uint32_t type = 0;
	enum pkcs11_rc rc;

	pkcs11_tpl_init(out);
	rc = pkcs11_tpl_get_u32(tpl, PKCS11_CKA_KEY_TYPE, &type);
	if (rc == PKCS11_RV_NOT_FOUND)
		rc = PKCS11_CKR_TEMPLATE_INCOMPLETE;
	if (!rc && type != PKCS11_CKK_RSA && type != PKCS11_CKK_EC &&
	    type != PKCS11_CKK_EC_EDWARDS)
		rc = PKCS11_CKR_ATTRIBUTE_VALUE_INVALID;
	if (!rc)
		rc = copy_attrs(tpl, class, type, generated, out);
	if (!rc)
		rc = add_defaults(class, type, out);
	if (!rc)
		rc = check_mandatory(out->buf, class, type, generated);
	if (!rc && !generated)
		rc = check_import(out->buf, class, type);
	if (!rc && !generated && type == PKCS11_CKK_RSA &&
	    class == PKCS11_CKO_PUBLIC_KEY)
		rc = add_modulus_bits(out);
	if (!rc && !generated && type != PKCS11_CKK_RSA &&
	    class == PKCS11_CKO_PRIVATE_KEY)
		rc = add_hidden_point(out, type);
	if (!rc)
		rc = add_computed(out, class, mech);
	if (rc)
		pkcs11_tpl_release(out);
	return rc;
}

bool keypair_attribute_is_sensitive(const uint8_t *attrs, uint32_t id)
{
	const struct key_rule *r = rule_of(id);
	uint32_t class = 0;

	if (!r || !(r->flags & K_SECRET) ||
	    pkcs11_tpl_get_u32(attrs, PKCS11_CKA_CLASS, &class) ||
	    class != PKCS11_CKO_PRIVATE_KEY)
		return false;
	return pkcs11_tpl_get_bool(attrs, PKCS11_CKA_SENSITIVE, false) ||
	       !pkcs11_tpl_get_bool(attrs, PKCS11_CKA_EXTRACTABLE, false);
}
