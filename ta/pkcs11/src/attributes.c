// SPDX-License-Identifier: BSD-2-Clause
/*
 * Object attributes: which a class may carry, their fixed sizes
 * (pkcs11_helpers.c), defaults (pkcs11_object_default_boolprop()) and
 * the attributes the TA computes, for the classes this TA carries: data
 * objects and AES / generic secret keys.
 */
#include <string.h>
#include <tee_internal_api.h>

#include "asymm.h"
#include "object.h"

struct attr_rule {
	uint32_t id;
	uint8_t size;  /* 0: variable, else exact */
	uint8_t flags; /* ATTR_* */
	uint8_t dflt;  /* boolean default */
};

#define ATTR_COMMON   0x1  /* any class */
#define ATTR_DATA     0x2  /* CKO_DATA */
#define ATTR_SECRET   0x4  /* CKO_SECRET_KEY */
#define ATTR_COMPUTED 0x8  /* set by the TA, never by a template */
#define ATTR_BOOL     0x10 /* gets its default when absent */

static const struct attr_rule rules[] = {
	{PKCS11_CKA_CLASS, 4, ATTR_COMMON, 0},
	{PKCS11_CKA_TOKEN, 1, ATTR_COMMON | ATTR_BOOL, 0},
	{PKCS11_CKA_PRIVATE, 1, ATTR_COMMON | ATTR_BOOL, 0},
	{PKCS11_CKA_LABEL, 0, ATTR_COMMON, 0},
	{PKCS11_CKA_MODIFIABLE, 1, ATTR_COMMON | ATTR_BOOL, 1},
	{PKCS11_CKA_COPYABLE, 1, ATTR_COMMON | ATTR_BOOL, 1},
	{PKCS11_CKA_DESTROYABLE, 1, ATTR_COMMON | ATTR_BOOL, 1},
	{PKCS11_CKA_APPLICATION, 0, ATTR_DATA, 0},
	{PKCS11_CKA_OBJECT_ID, 0, ATTR_DATA, 0},
	{PKCS11_CKA_VALUE, 0, ATTR_DATA | ATTR_SECRET, 0},
	{PKCS11_CKA_KEY_TYPE, 4, ATTR_SECRET, 0},
	{PKCS11_CKA_ID, 0, ATTR_SECRET, 0},
	{PKCS11_CKA_START_DATE, 0, ATTR_SECRET, 0},
	{PKCS11_CKA_END_DATE, 0, ATTR_SECRET, 0},
	{PKCS11_CKA_DERIVE, 1, ATTR_SECRET | ATTR_BOOL, 0},
	{PKCS11_CKA_SENSITIVE, 1, ATTR_SECRET | ATTR_BOOL, 0},
	{PKCS11_CKA_ENCRYPT, 1, ATTR_SECRET | ATTR_BOOL, 0},
	{PKCS11_CKA_DECRYPT, 1, ATTR_SECRET | ATTR_BOOL, 0},
	{PKCS11_CKA_SIGN, 1, ATTR_SECRET | ATTR_BOOL, 0},
	{PKCS11_CKA_VERIFY, 1, ATTR_SECRET | ATTR_BOOL, 0},
	{PKCS11_CKA_WRAP, 1, ATTR_SECRET | ATTR_BOOL, 0},
	{PKCS11_CKA_UNWRAP, 1, ATTR_SECRET | ATTR_BOOL, 0},
	{PKCS11_CKA_EXTRACTABLE, 1, ATTR_SECRET | ATTR_BOOL, 0},
	{PKCS11_CKA_WRAP_WITH_TRUSTED, 1, ATTR_SECRET | ATTR_BOOL, 0},
	{PKCS11_CKA_TRUSTED, 1, ATTR_SECRET | ATTR_BOOL, 0},
	{PKCS11_CKA_VALUE_LEN, 4, ATTR_SECRET, 0},
	{PKCS11_CKA_LOCAL, 1, ATTR_SECRET | ATTR_COMPUTED, 0},
	{PKCS11_CKA_ALWAYS_SENSITIVE, 1, ATTR_SECRET | ATTR_COMPUTED, 0},
	{PKCS11_CKA_NEVER_EXTRACTABLE, 1, ATTR_SECRET | ATTR_COMPUTED, 0},
	{PKCS11_CKA_KEY_GEN_MECHANISM, 4, ATTR_SECRET | ATTR_COMPUTED, 0},
};

#define RULE_COUNT (sizeof(rules) / sizeof(rules[0]))

static const struct attr_rule *rule_of(uint32_t id)
{
	size_t n;

	for (n = 0; n < RULE_COUNT; n++)
		if (rules[n].id == id)
			return &rules[n];
	return NULL;
}

static uint8_t class_flag(uint32_t class)
{
	return class == PKCS11_CKO_DATA ? ATTR_DATA : ATTR_SECRET;
}

/* Copy the client's attributes into @out after checking each. */
static enum pkcs11_rc copy_client_attrs(const uint8_t *tpl, uint32_t class,
					struct pkcs11_tpl *out)
{
	uint32_t n, id, size;
	enum pkcs11_rc rc;

	for (n = 0; n < pkcs11_tpl_count(tpl); n++) {
		const uint8_t *val = pkcs11_tpl_attr(tpl, n, &id, &size);
		const struct attr_rule *r = rule_of(id);

		if (!r || !(r->flags & (ATTR_COMMON | class_flag(class))))
			return PKCS11_CKR_ATTRIBUTE_TYPE_INVALID;
		if (r->size && size != r->size)
			return PKCS11_CKR_ATTRIBUTE_VALUE_INVALID;
		if (r->flags & ATTR_COMPUTED)
			return PKCS11_CKR_ATTRIBUTE_READ_ONLY;
		rc = pkcs11_tpl_set(out, id, val, size);
		if (rc)
			return rc;
	}
	return PKCS11_CKR_OK;
}

static enum pkcs11_rc add_defaults(uint32_t class, struct pkcs11_tpl *out)
{
	enum pkcs11_rc rc;
	size_t n;

	for (n = 0; n < RULE_COUNT; n++) {
		const struct attr_rule *r = &rules[n];

		if (!(r->flags & ATTR_BOOL) ||
		    !(r->flags & (ATTR_COMMON | class_flag(class))) ||
		    !pkcs11_tpl_get(out->buf, r->id, NULL, NULL))
			continue;
		rc = pkcs11_tpl_add(out, r->id, &r->dflt, 1);
		if (rc)
			return rc;
	}
	return PKCS11_CKR_OK;
}

/* LOCAL, ALWAYS_SENSITIVE, NEVER_EXTRACTABLE, KEY_GEN_MECHANISM. */
static enum pkcs11_rc add_computed(struct pkcs11_tpl *out, uint32_t mech)
{
	const bool local = mech != PKCS11_CK_UNAVAILABLE_INFORMATION;
	uint8_t b_local = local, b_as, b_ne, m[4];
	enum pkcs11_rc rc;

	b_as = local &&
	       pkcs11_tpl_get_bool(out->buf, PKCS11_CKA_SENSITIVE, false);
	b_ne = local &&
	       !pkcs11_tpl_get_bool(out->buf, PKCS11_CKA_EXTRACTABLE, false);
	put_u32(m, mech);
	rc = pkcs11_tpl_add(out, PKCS11_CKA_LOCAL, &b_local, 1);
	if (!rc)
		rc = pkcs11_tpl_add(out, PKCS11_CKA_ALWAYS_SENSITIVE, &b_as, 1);
	if (!rc)
		rc = pkcs11_tpl_add(out, PKCS11_CKA_NEVER_EXTRACTABLE, &b_ne,
				    1);
	if (!rc)
		rc = pkcs11_tpl_add(out, PKCS11_CKA_KEY_GEN_MECHANISM, m, 4);
	return rc;
}

/* The secret key types OP-TEE takes: AES, generic, the HMAC ones. */
static bool secret_key_type(uint32_t type)
{
	switch (type) {
	case PKCS11_CKK_AES:
	case PKCS11_CKK_GENERIC_SECRET:
	case PKCS11_CKK_MD5_HMAC:
	case PKCS11_CKK_SHA_1_HMAC:
	case PKCS11_CKK_SHA224_HMAC:
	case PKCS11_CKK_SHA256_HMAC:
	case PKCS11_CKK_SHA384_HMAC:
	case PKCS11_CKK_SHA512_HMAC:
		return true;
	default:
		return false;
	}
}

static enum pkcs11_rc check_secret(const uint8_t *attrs, bool generated)
{
	uint32_t type = 0, size = 0, len = 0;
	enum pkcs11_rc rc;

	rc = pkcs11_tpl_get_u32(attrs, PKCS11_CKA_KEY_TYPE, &type);
	if (rc == PKCS11_RV_NOT_FOUND)
		return PKCS11_CKR_TEMPLATE_INCOMPLETE;
	if (!secret_key_type(type))
		return PKCS11_CKR_ATTRIBUTE_VALUE_INVALID;
	if (generated)
		return PKCS11_CKR_OK;
	if (pkcs11_tpl_get(attrs, PKCS11_CKA_VALUE, NULL, &size))
		return PKCS11_CKR_TEMPLATE_INCOMPLETE;
	/* VALUE_LEN comes from VALUE: a template may not give it too. */
	if (!pkcs11_tpl_get_u32(attrs, PKCS11_CKA_VALUE_LEN, &len))
		return PKCS11_CKR_TEMPLATE_INCONSISTENT;
	if (type == PKCS11_CKK_AES && size != 16 && size != 24 && size != 32)
		return PKCS11_CKR_ATTRIBUTE_VALUE_INVALID;
	if (!size)
		return PKCS11_CKR_ATTRIBUTE_VALUE_INVALID;
	return PKCS11_CKR_OK;
}

enum pkcs11_rc create_attributes_from_template(const uint8_t *tpl,
					       uint32_t mech,
					       struct pkcs11_tpl *out)
{
	const bool generated = mech != PKCS11_CK_UNAVAILABLE_INFORMATION;
	uint32_t class = 0, size = 0;
	uint8_t vlen[4];
	enum pkcs11_rc rc;

	pkcs11_tpl_init(out);
	rc = pkcs11_tpl_get_u32(tpl, PKCS11_CKA_CLASS, &class);
	if (rc == PKCS11_RV_NOT_FOUND)
		rc = PKCS11_CKR_TEMPLATE_INCOMPLETE;
	if (!rc &&
	    (class == PKCS11_CKO_PUBLIC_KEY || class == PKCS11_CKO_PRIVATE_KEY))
		return create_keypair_attributes(tpl, class, mech, out);
	if (!rc && class != PKCS11_CKO_DATA && class != PKCS11_CKO_SECRET_KEY)
		rc = PKCS11_CKR_ATTRIBUTE_VALUE_INVALID;
	if (!rc)
		rc = copy_client_attrs(tpl, class, out);
	if (!rc && !out->buf)
		rc = PKCS11_CKR_TEMPLATE_INCOMPLETE;
	if (!rc)
		rc = add_defaults(class, out);
	if (rc || class == PKCS11_CKO_DATA)
		goto out;
	rc = check_secret(out->buf, generated);
	if (!rc && !generated) {
		pkcs11_tpl_get(out->buf, PKCS11_CKA_VALUE, NULL, &size);
		put_u32(vlen, size);
		rc = pkcs11_tpl_set(out, PKCS11_CKA_VALUE_LEN, vlen, 4);
	}
	if (!rc)
		rc = add_computed(out, mech);
out:
	if (rc)
		pkcs11_tpl_release(out);
	return rc;
}

bool attribute_is_sensitive(const uint8_t *attrs, uint32_t id)
{
	uint32_t class = 0;

	if (keypair_attribute_is_sensitive(attrs, id))
		return true;
	if (id != PKCS11_CKA_VALUE ||
	    pkcs11_tpl_get_u32(attrs, PKCS11_CKA_CLASS, &class) ||
	    class != PKCS11_CKO_SECRET_KEY)
		return false;
	return pkcs11_tpl_get_bool(attrs, PKCS11_CKA_SENSITIVE, false) ||
	       !pkcs11_tpl_get_bool(attrs, PKCS11_CKA_EXTRACTABLE, false);
}
