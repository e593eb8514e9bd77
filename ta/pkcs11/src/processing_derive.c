// SPDX-License-Identifier: BSD-2-Clause
/*
 * DERIVE_KEY with CKM_ECDH1_DERIVE (ABI-FACTS-INTERNAL §6.3, §6.8): u32
 * session, u32 base key, the mechanism, a template in; the new key's
 * handle (exactly 4 bytes) out in param[2].  The parameter is OP-TEE's
 * serialization of CK_ECDH1_DERIVE_PARAMS: u32 kdf, u32 shared data
 * length, the shared data, u32 public data length, the peer's point.
 *
 * As OP-TEE's processing_ec.c: only CKD_NULL (the GP API has no ANSI
 * X9.63 KDF; its Concat KDF is SP 800-56A's, another construction), so
 * any other kdf, or shared data with it, is MECHANISM_PARAM_INVALID; the
 * shared secret is the X coordinate of d·Q (TEE_DeriveKey with
 * TEE_ALG_ECDH_DERIVE_SHARED_SECRET, the GP 1.3 value of the
 * TEE_ALG_ECDH_P* ids), cut to the template's CKA_VALUE_LEN, leftmost
 * bytes first.  The peer's point may be the bare 04 || X || Y OP-TEE
 * takes or its DER OCTET STRING; one off the base key's curve is refused
 * before GP sees it.  CKM_ECDH1_COFACTOR_DERIVE is not offered, as in
 * OP-TEE's token: the Internal API has no cofactor variant.
 *
 * The new key, PKCS#11 3.0 §4.10 and §5.18 (C_DeriveKey): a secret key
 * (CKK_GENERIC_SECRET unless the template says, e.g. CKK_AES), not
 * CKA_LOCAL, no CKA_KEY_GEN_MECHANISM; CKA_ALWAYS_SENSITIVE if the base
 * key is always sensitive and the new one sensitive, CKA_NEVER_EXTRACTABLE
 * if the base key never was extractable and the new one is not.  The base
 * key: an EC private key (else KEY_TYPE_INCONSISTENT) with CKA_DERIVE
 * (else KEY_FUNCTION_NOT_PERMITTED).
 */
#include <string.h>
#include <tee_internal_api.h>

#include "asymm.h"
#include "object.h"

/**
 * struct ecdh_args - DERIVE_KEY's control arguments
 * @sh:		the session handle
 * @kh:		the base key's handle
 * @mech:	the mechanism id
 * @param:	its parameter blob
 * @psize:	the blob's size
 * @kdf:	CK_ECDH1_DERIVE_PARAMS.kdf
 * @shared_len:	the shared data's length
 * @pub:	the peer's public point
 * @pub_len:	its length
 * @tpl:	the new key's template
 */
struct ecdh_args {
	uint32_t sh;
	uint32_t kh;
	uint32_t mech;
	const void *param;
	uint32_t psize;
	uint32_t kdf;
	uint32_t shared_len;
	const uint8_t *pub;
	uint32_t pub_len;
	const uint8_t *tpl;
};

/* The mechanism's blob: kdf, shared data, public data, nothing after. */
static enum pkcs11_rc ecdh_params(const void *p, uint32_t size,
				  struct ecdh_args *e)
{
	const void *shared = NULL, *pub = NULL;
	struct serialargs a;

	serialargs_init(&a, p, size);
	if (serialargs_get_u32(&a, &e->kdf) ||
	    serialargs_get_u32(&a, &e->shared_len) ||
	    serialargs_get_ptr(&a, &shared, e->shared_len) ||
	    serialargs_get_u32(&a, &e->pub_len) ||
	    serialargs_get_ptr(&a, &pub, e->pub_len) ||
	    serialargs_remaining_bytes(&a))
		return PKCS11_CKR_ARGUMENTS_BAD;
	e->pub = pub;
	if (e->kdf != PKCS11_CKD_NULL || e->shared_len)
		return PKCS11_CKR_MECHANISM_PARAM_INVALID;
	return PKCS11_CKR_OK;
}

static enum pkcs11_rc derive_args(TEE_Param *params, struct ecdh_args *e)
{
	struct serialargs a;
	size_t tsize = 0;

	ctrl_args(&a, params);
	if (serialargs_get_u32(&a, &e->sh) || serialargs_get_u32(&a, &e->kh) ||
	    serialargs_get_u32(&a, &e->mech) ||
	    serialargs_get_u32(&a, &e->psize) ||
	    serialargs_get_ptr(&a, &e->param, e->psize) ||
	    serialargs_get_template(&a, &e->tpl, &tsize) ||
	    serialargs_remaining_bytes(&a))
		return PKCS11_CKR_ARGUMENTS_BAD;
	return PKCS11_CKR_OK;
}

/* An EC private key allowed to derive; its curve. */
static enum pkcs11_rc base_key_check(const uint8_t *attrs,
				     const struct ec_curve **c)
{
	uint32_t class = 0, type = 0, size = 0;
	const void *par = NULL;

	if (pkcs11_tpl_get_u32(attrs, PKCS11_CKA_CLASS, &class) ||
	    class != PKCS11_CKO_PRIVATE_KEY ||
	    pkcs11_tpl_get_u32(attrs, PKCS11_CKA_KEY_TYPE, &type) ||
	    type != PKCS11_CKK_EC ||
	    pkcs11_tpl_get(attrs, PKCS11_CKA_EC_PARAMS, &par, &size))
		return PKCS11_CKR_KEY_TYPE_INCONSISTENT;
	*c = ec_curve_of_params(par, size);
	if (!*c)
		return PKCS11_CKR_KEY_TYPE_INCONSISTENT;
	if (!pkcs11_tpl_get_bool(attrs, PKCS11_CKA_DERIVE, false))
		return PKCS11_CKR_KEY_FUNCTION_NOT_PERMITTED;
	return PKCS11_CKR_OK;
}

/* The GP ECDH operation of @key on @c, its key set. */
static enum pkcs11_rc ecdh_op(const uint8_t *key, const struct ec_curve *c,
			      TEE_OperationHandle *op)
{
	TEE_ObjectHandle k = TEE_HANDLE_NULL;
	enum pkcs11_rc rc;

	rc = ec_key_object(key, true, true, &k);
	if (rc)
		return rc;
	if (TEE_AllocateOperation(op, TEE_ALG_ECDH_DERIVE_SHARED_SECRET,
				  TEE_MODE_DERIVE, c->bits)) {
		TEE_FreeTransientObject(k);
		return PKCS11_CKR_DEVICE_MEMORY;
	}
	if (TEE_SetOperationKey(*op, k)) {
		TEE_FreeOperation(*op);
		rc = PKCS11_CKR_FUNCTION_FAILED;
	}
	TEE_FreeTransientObject(k);
	return rc;
}

/* The shared secret of @key and the point @xy: the field size, in @z. */
static enum pkcs11_rc shared_secret(const uint8_t *key,
				    const struct ec_curve *c, const uint8_t *xy,
				    uint8_t *z, uint32_t *zlen)
{
	const uint32_t f = (c->bits + 7) / 8;
	TEE_OperationHandle op = TEE_HANDLE_NULL;
	TEE_ObjectHandle out = TEE_HANDLE_NULL;
	TEE_Attribute pt[2];
	size_t len = f;
	enum pkcs11_rc rc;

	rc = ecdh_op(key, c, &op);
	if (rc)
		return rc;
	if (TEE_AllocateTransientObject(TEE_TYPE_GENERIC_SECRET, f * 8, &out)) {
		TEE_FreeOperation(op);
		return PKCS11_CKR_DEVICE_MEMORY;
	}
	TEE_InitRefAttribute(&pt[0], TEE_ATTR_ECC_PUBLIC_VALUE_X, xy, f);
	TEE_InitRefAttribute(&pt[1], TEE_ATTR_ECC_PUBLIC_VALUE_Y, xy + f, f);
	TEE_DeriveKey(op, pt, 2, out);
	if (TEE_GetObjectBufferAttribute(out, TEE_ATTR_SECRET_VALUE, z, &len))
		rc = PKCS11_CKR_FUNCTION_FAILED;
	*zlen = len;
	TEE_FreeTransientObject(out);
	TEE_FreeOperation(op);
	return rc;
}

/*
 * The new key's template: the client's, a secret key (generic unless it
 * names a type), CKA_VALUE_LEN (at most @zlen: it cuts @z) taken out and
 * CKA_VALUE put in.
 */
static enum pkcs11_rc derived_template(const uint8_t *tpl, const uint8_t *z,
				       uint32_t zlen, struct pkcs11_tpl *out)
{
	uint8_t class[4], type[4];
	uint32_t n, id, size, v = PKCS11_CKO_SECRET_KEY, vlen = zlen;
	enum pkcs11_rc rc;

	/* A CKA_VALUE_LEN or CKA_CLASS not 4 bytes long: VALUE_INVALID. */
	rc = pkcs11_tpl_get_u32(tpl, PKCS11_CKA_VALUE_LEN, &vlen);
	if (rc != PKCS11_RV_NOT_FOUND && rc)
		return rc;
	if (!rc && (!vlen || vlen > zlen))
		return PKCS11_CKR_TEMPLATE_INCONSISTENT;
	rc = pkcs11_tpl_get_u32(tpl, PKCS11_CKA_CLASS, &v);
	if (rc != PKCS11_RV_NOT_FOUND && rc)
		return rc;
	if (!pkcs11_tpl_get(tpl, PKCS11_CKA_VALUE, NULL, NULL) ||
	    v != PKCS11_CKO_SECRET_KEY)
		return PKCS11_CKR_TEMPLATE_INCONSISTENT;
	rc = PKCS11_CKR_OK;
	put_u32(class, PKCS11_CKO_SECRET_KEY);
	put_u32(type, PKCS11_CKK_GENERIC_SECRET);
	pkcs11_tpl_init(out);
	for (n = 0; !rc && n < pkcs11_tpl_count(tpl); n++) {
		const uint8_t *val = pkcs11_tpl_attr(tpl, n, &id, &size);

		if (id != PKCS11_CKA_VALUE_LEN)
			rc = pkcs11_tpl_add(out, id, val, size);
	}
	if (!rc && pkcs11_tpl_get(tpl, PKCS11_CKA_CLASS, NULL, NULL))
		rc = pkcs11_tpl_add(out, PKCS11_CKA_CLASS, class, 4);
	if (!rc && pkcs11_tpl_get(tpl, PKCS11_CKA_KEY_TYPE, NULL, NULL))
		rc = pkcs11_tpl_add(out, PKCS11_CKA_KEY_TYPE, type, 4);
	if (!rc)
		rc = pkcs11_tpl_add(out, PKCS11_CKA_VALUE, z, vlen);
	if (rc)
		pkcs11_tpl_release(out);
	return rc;
}

/* ALWAYS_SENSITIVE and NEVER_EXTRACTABLE follow the base key. */
static enum pkcs11_rc inherit(const uint8_t *base, struct pkcs11_tpl *attrs)
{
	uint8_t as, ne;
	enum pkcs11_rc rc;

	as = pkcs11_tpl_get_bool(base, PKCS11_CKA_ALWAYS_SENSITIVE, false) &&
	     pkcs11_tpl_get_bool(attrs->buf, PKCS11_CKA_SENSITIVE, false);
	ne = pkcs11_tpl_get_bool(base, PKCS11_CKA_NEVER_EXTRACTABLE, false) &&
	     !pkcs11_tpl_get_bool(attrs->buf, PKCS11_CKA_EXTRACTABLE, false);
	rc = pkcs11_tpl_set(attrs, PKCS11_CKA_ALWAYS_SENSITIVE, &as, 1);
	if (!rc)
		rc = pkcs11_tpl_set(attrs, PKCS11_CKA_NEVER_EXTRACTABLE, &ne,
				    1);
	return rc;
}

/* Make the key @e's template describes from @base's secret with @e->pub. */
static enum pkcs11_rc derive(struct pkcs11_session *s, const uint8_t *base,
			     const struct ec_curve *c,
			     const struct ecdh_args *e, uint8_t *out)
{
	struct pkcs11_tpl t, attrs;
	uint8_t z[EC_MAX_FIELD];
	const uint8_t *xy = NULL;
	uint32_t zlen = 0;
	enum pkcs11_rc rc;

	/* A point off the curve would make the GP API panic. */
	if (!ec_point_decode(c, e->pub, e->pub_len, &xy) ||
	    !ec_point_on_curve(c, xy))
		return PKCS11_CKR_MECHANISM_PARAM_INVALID;
	rc = shared_secret(base, c, xy, z, &zlen);
	if (!rc)
		rc = derived_template(e->tpl, z, zlen, &t);
	TEE_MemFill(z, 0, sizeof(z));
	if (rc)
		return rc;
	rc = create_attributes_from_template(
		t.buf, PKCS11_CK_UNAVAILABLE_INFORMATION, &attrs);
	pkcs11_tpl_release(&t);
	if (rc)
		return rc;
	rc = inherit(base, &attrs);
	if (!rc)
		rc = object_add(s, &attrs, out);
	pkcs11_tpl_release(&attrs);
	return rc;
}

PKCS11_HANDLER(entry_derive_key)
{
	const struct ec_curve *curve = NULL;
	struct pkcs11_session *s;
	struct pkcs11_object *base;
	struct ecdh_args e;
	enum pkcs11_rc rc;

	if (ptypes != TEE_PARAM_TYPES(TEE_PARAM_TYPE_MEMREF_INOUT,
				      TEE_PARAM_TYPE_NONE,
				      TEE_PARAM_TYPE_MEMREF_OUTPUT,
				      TEE_PARAM_TYPE_NONE) ||
	    PARAM_SIZE(2) != 4)
		return PKCS11_CKR_ARGUMENTS_BAD;
	memset(&e, 0, sizeof(e));
	rc = derive_args(params, &e);
	if (rc)
		return rc;
	s = get_session(c, e.sh);
	if (!s)
		return PKCS11_CKR_SESSION_HANDLE_INVALID;
	if (e.mech != PKCS11_CKM_ECDH1_DERIVE)
		return PKCS11_CKR_MECHANISM_INVALID;
	rc = ecdh_params(e.param, e.psize, &e);
	if (rc)
		return rc;
	base = object_get(s, e.kh);
	if (!base)
		return PKCS11_CKR_KEY_HANDLE_INVALID;
	rc = base_key_check(base->attrs.buf, &curve);
	if (rc)
		return rc;
	return derive(s, base->attrs.buf, curve, &e, PARAM_BUF(2));
}
