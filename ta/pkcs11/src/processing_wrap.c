// SPDX-License-Identifier: BSD-2-Clause
/*
 * Key wrapping with AES: WRAP_KEY and UNWRAP_KEY with AES_ECB, AES_CBC
 * and AES_GCM (the mechanisms OP-TEE's token reports WRAP/UNWRAP for;
 * ABI-FACTS-INTERNAL §6.3, §6.8).  ECB, CBC, as OP-TEE's
 * wrap_data_by_symm_enc(): a secret key's value is encrypted zero-padded
 * to whole blocks, and an unwrapped value is cut to the template's
 * CKA_VALUE_LEN (PKCS#11 3.0 §2.10.x, "wrapping/unwrapping secret keys"
 * of the AES ECB/CBC mechanisms).  GCM, which OP-TEE's TA reports but
 * refuses (MECHANISM_INVALID): what C_Encrypt makes of the value, the
 * ciphertext then the tag (PKCS#11 3.0 §5.18); a tag that does not match
 * on unwrap is WRAPPED_KEY_INVALID.
 * The rules, PKCS#11 3.0 §5.18 and §4.9: the wrapping key needs CKA_WRAP
 * (the unwrapping key CKA_UNWRAP), else KEY_FUNCTION_NOT_PERMITTED; the
 * key wrapped needs CKA_EXTRACTABLE, else KEY_UNEXTRACTABLE; a key with
 * CKA_WRAP_WITH_TRUSTED is wrapped only by a CKA_TRUSTED key, else
 * KEY_NOT_WRAPPABLE.  An unwrapped key is not CKA_LOCAL.
 */
#include <string.h>
#include <tee_internal_api.h>

#include "object.h"
#include "processing.h"

/* AES_ECB or AES_CBC with its parameter; the GP algorithm. */
static enum pkcs11_rc wrap_mech(uint32_t mech, uint32_t psize, uint32_t *alg)
{
	if (mech == PKCS11_CKM_AES_ECB)
		*alg = TEE_ALG_AES_ECB_NOPAD;
	else if (mech == PKCS11_CKM_AES_CBC)
		*alg = TEE_ALG_AES_CBC_NOPAD;
	else if (mech == PKCS11_CKM_AES_GCM)
		*alg = TEE_ALG_AES_GCM;
	else
		return PKCS11_CKR_MECHANISM_INVALID;
	/* GCM's parameter is read when the operation starts. */
	if (mech == PKCS11_CKM_AES_GCM)
		return PKCS11_CKR_OK;
	if (psize != (mech == PKCS11_CKM_AES_CBC ? AES_BLOCK : 0))
		return PKCS11_CKR_MECHANISM_PARAM_INVALID;
	return PKCS11_CKR_OK;
}

/* @key may wrap (@usage CKA_WRAP) or unwrap (CKA_UNWRAP) with AES. */
static enum pkcs11_rc wrapping_key_check(struct pkcs11_object *key,
					 uint32_t usage)
{
	enum pkcs11_rc rc;

	rc = proc_key_check(key, usage, PKCS11_CKK_AES, PKCS11_CKK_AES);
	if (rc != PKCS11_CKR_KEY_TYPE_INCONSISTENT)
		return rc;
	return usage == PKCS11_CKA_WRAP
		       ? PKCS11_CKR_WRAPPING_KEY_TYPE_INCONSISTENT
		       : PKCS11_CKR_UNWRAPPING_KEY_TYPE_INCONSISTENT;
}

/* May @key be wrapped by @wrapping? */
static enum pkcs11_rc wrapped_key_check(struct pkcs11_object *key,
					struct pkcs11_object *wrapping)
{
	const uint8_t *a = key->attrs.buf;
	uint32_t class = 0;

	if (pkcs11_tpl_get_u32(a, PKCS11_CKA_CLASS, &class) ||
	    class != PKCS11_CKO_SECRET_KEY)
		return PKCS11_CKR_KEY_NOT_WRAPPABLE;
	if (!pkcs11_tpl_get_bool(a, PKCS11_CKA_EXTRACTABLE, false))
		return PKCS11_CKR_KEY_UNEXTRACTABLE;
	if (pkcs11_tpl_get_bool(a, PKCS11_CKA_WRAP_WITH_TRUSTED, false) &&
	    !pkcs11_tpl_get_bool(wrapping->attrs.buf, PKCS11_CKA_TRUSTED,
				 false))
		return PKCS11_CKR_KEY_NOT_WRAPPABLE;
	return PKCS11_CKR_OK;
}

/* Run @alg (@mode) with @key over @len bytes of @in into @out. */
static enum pkcs11_rc run_cipher(struct pkcs11_object *key, uint32_t alg,
				 uint32_t mode, const void *iv, const void *in,
				 size_t len, void *out)
{
	TEE_OperationHandle op = TEE_HANDLE_NULL;
	size_t n = len;
	enum pkcs11_rc rc;

	rc = proc_key_load(key, alg, mode, TEE_TYPE_AES, &op);
	if (rc)
		return rc;
	TEE_CipherInit(op, iv, iv ? AES_BLOCK : 0);
	if (TEE_CipherDoFinal(op, in, len, out, &n) || n != len)
		rc = PKCS11_CKR_GENERAL_ERROR;
	TEE_FreeOperation(op);
	return rc;
}

struct wrap_args {
	uint32_t sh;
	uint32_t wk;
	uint32_t key;
	uint32_t mech;
	uint32_t psize;
	const void *param;
};

static enum pkcs11_rc wrap_parse(TEE_Param *params, struct wrap_args *w)
{
	struct serialargs a;

	ctrl_args(&a, params);
	if (serialargs_get_u32(&a, &w->sh) || serialargs_get_u32(&a, &w->wk) ||
	    serialargs_get_u32(&a, &w->key) ||
	    serialargs_get_u32(&a, &w->mech) ||
	    serialargs_get_u32(&a, &w->psize) ||
	    serialargs_get_ptr(&a, &w->param, w->psize) ||
	    serialargs_remaining_bytes(&a))
		return PKCS11_CKR_ARGUMENTS_BAD;
	return PKCS11_CKR_OK;
}

/* GCM wrapping: the value encrypted, its tag after it, in param[2]. */
static enum pkcs11_rc wrap_gcm(struct pkcs11_object *wkey,
			       const struct wrap_args *w, const void *val,
			       uint32_t size, TEE_Param *params)
{
	TEE_OperationHandle op = TEE_HANDLE_NULL;
	uint8_t *out = PARAM_BUF(2);
	uint32_t tag_len = 0;
	enum pkcs11_rc rc;
	size_t n, tl;

	rc = proc_key_load(wkey, TEE_ALG_AES_GCM, TEE_MODE_ENCRYPT,
			   TEE_TYPE_AES, &op);
	if (rc)
		return rc;
	rc = aes_gcm_start(op, w->param, w->psize, &tag_len);
	if (!rc && (PARAM_SIZE(2) < size + tag_len || !out)) {
		rc = out ? PKCS11_CKR_BUFFER_TOO_SMALL : PKCS11_CKR_OK;
		PARAM_SIZE(2) = size + tag_len;
	} else if (!rc) {
		n = size;
		tl = tag_len;
		if (TEE_AEEncryptFinal(op, val, size, out, &n, out + size, &tl))
			rc = PKCS11_CKR_GENERAL_ERROR;
		PARAM_SIZE(2) = rc ? 0 : n + tl;
	}
	TEE_FreeOperation(op);
	return rc;
}

/* Session, wrapping key, key, mechanism: the wrapped key in param[2]. */
PKCS11_HANDLER(entry_wrap_key)
{
	struct pkcs11_object *wkey, *key;
	struct pkcs11_session *s;
	const void *val = NULL;
	uint32_t size = 0, alg = 0;
	struct wrap_args w;
	size_t need;
	uint8_t *buf;
	enum pkcs11_rc rc;

	if (ptypes !=
	    TEE_PARAM_TYPES(TEE_PARAM_TYPE_MEMREF_INOUT, TEE_PARAM_TYPE_NONE,
			    TEE_PARAM_TYPE_MEMREF_OUTPUT, TEE_PARAM_TYPE_NONE))
		return PKCS11_CKR_ARGUMENTS_BAD;
	rc = wrap_parse(params, &w);
	if (rc)
		return rc;
	s = get_session(c, w.sh);
	if (!s)
		return PKCS11_CKR_SESSION_HANDLE_INVALID;
	rc = wrap_mech(w.mech, w.psize, &alg);
	if (rc)
		return rc;
	wkey = object_get(s, w.wk);
	if (!wkey)
		return PKCS11_CKR_WRAPPING_KEY_HANDLE_INVALID;
	key = object_get(s, w.key);
	if (!key)
		return PKCS11_CKR_KEY_HANDLE_INVALID;
	rc = wrapping_key_check(wkey, PKCS11_CKA_WRAP);
	if (!rc)
		rc = wrapped_key_check(key, wkey);
	if (rc)
		return rc;
	pkcs11_tpl_get(key->attrs.buf, PKCS11_CKA_VALUE, &val, &size);
	if (alg == TEE_ALG_AES_GCM)
		return wrap_gcm(wkey, &w, val, size, params);
	need = (size + AES_BLOCK - 1) / AES_BLOCK * AES_BLOCK;
	if (PARAM_SIZE(2) < need || !PARAM_BUF(2)) {
		rc = PARAM_BUF(2) ? PKCS11_CKR_BUFFER_TOO_SMALL : PKCS11_CKR_OK;
		PARAM_SIZE(2) = need;
		return rc;
	}
	buf = TEE_Malloc(need, TEE_MALLOC_FILL_ZERO);
	if (!buf)
		return PKCS11_CKR_DEVICE_MEMORY;
	memcpy(buf, val, size);
	rc = run_cipher(wkey, alg, TEE_MODE_ENCRYPT, w.psize ? w.param : NULL,
			buf, need, PARAM_BUF(2));
	TEE_MemFill(buf, 0, need);
	TEE_Free(buf);
	PARAM_SIZE(2) = rc ? 0 : need;
	return rc;
}

/*
 * The unwrapped key's template: the client's, CKA_VALUE_LEN (which cuts
 * @plain) taken out, CKA_VALUE added.
 */
static enum pkcs11_rc unwrap_template(const uint8_t *tpl, const uint8_t *plain,
				      uint32_t len, struct pkcs11_tpl *out)
{
	uint32_t n, id, size, vlen = len;
	enum pkcs11_rc rc = PKCS11_CKR_OK;

	if (!pkcs11_tpl_get_u32(tpl, PKCS11_CKA_VALUE_LEN, &vlen) &&
	    (!vlen || vlen > len))
		return PKCS11_CKR_TEMPLATE_INCONSISTENT;
	if (!pkcs11_tpl_get(tpl, PKCS11_CKA_VALUE, NULL, NULL))
		return PKCS11_CKR_TEMPLATE_INCONSISTENT;
	pkcs11_tpl_init(out);
	for (n = 0; !rc && n < pkcs11_tpl_count(tpl); n++) {
		const uint8_t *val = pkcs11_tpl_attr(tpl, n, &id, &size);

		if (id != PKCS11_CKA_VALUE_LEN)
			rc = pkcs11_tpl_add(out, id, val, size);
	}
	if (!rc)
		rc = pkcs11_tpl_add(out, PKCS11_CKA_VALUE, plain, vlen);
	if (rc)
		pkcs11_tpl_release(out);
	return rc;
}

/* GCM unwrapping: @in is the value encrypted and its tag; *@len shrinks. */
static enum pkcs11_rc unwrap_gcm(struct pkcs11_object *ukey, const void *param,
				 uint32_t psize, const uint8_t *in, size_t *len,
				 uint8_t *plain)
{
	TEE_OperationHandle op = TEE_HANDLE_NULL;
	uint32_t tag_len = 0;
	enum pkcs11_rc rc;
	TEE_Result res;
	size_t n;

	rc = proc_key_load(ukey, TEE_ALG_AES_GCM, TEE_MODE_DECRYPT,
			   TEE_TYPE_AES, &op);
	if (rc)
		return rc;
	rc = aes_gcm_start(op, param, psize, &tag_len);
	if (!rc && *len <= tag_len)
		rc = PKCS11_CKR_WRAPPED_KEY_LEN_RANGE;
	if (!rc) {
		n = *len - tag_len;
		/* GP's prototype takes the tag non-const; it only reads. */
		res = TEE_AEDecryptFinal(op, in, n, plain, &n, (void *)(in + n),
					 tag_len);
		if (res == TEE_ERROR_MAC_INVALID)
			rc = PKCS11_CKR_WRAPPED_KEY_INVALID;
		else if (res)
			rc = PKCS11_CKR_GENERAL_ERROR;
		*len = n;
	}
	TEE_FreeOperation(op);
	return rc;
}

/* Decrypt @in with @ukey and make the key @tpl describes. */
static enum pkcs11_rc unwrap(struct pkcs11_session *s,
			     struct pkcs11_object *ukey, uint32_t alg,
			     const void *param, uint32_t psize,
			     const uint8_t *tpl, const void *in, size_t len,
			     uint8_t *out)
{
	struct pkcs11_tpl t, attrs;
	uint8_t *plain;
	enum pkcs11_rc rc;

	plain = TEE_Malloc(len, 0);
	if (!plain)
		return PKCS11_CKR_DEVICE_MEMORY;
	if (alg == TEE_ALG_AES_GCM)
		rc = unwrap_gcm(ukey, param, psize, in, &len, plain);
	else
		rc = run_cipher(ukey, alg, TEE_MODE_DECRYPT,
				psize ? param : NULL, in, len, plain);
	if (!rc)
		rc = unwrap_template(tpl, plain, len, &t);
	TEE_MemFill(plain, 0, len);
	TEE_Free(plain);
	if (rc)
		return rc;
	rc = create_attributes_from_template(
		t.buf, PKCS11_CK_UNAVAILABLE_INFORMATION, &attrs);
	pkcs11_tpl_release(&t);
	if (rc)
		return rc;
	rc = object_add(s, &attrs, out);
	pkcs11_tpl_release(&attrs);
	return rc;
}

/* Session, unwrapping key, mechanism, template; the wrapped key in. */
PKCS11_HANDLER(entry_unwrap_key)
{
	uint32_t sh = 0, uk = 0, mech = 0, psize = 0, alg = 0;
	struct pkcs11_object *ukey;
	struct pkcs11_session *s;
	const uint8_t *tpl = NULL;
	const void *param = NULL;
	struct serialargs a;
	size_t tsize = 0;
	enum pkcs11_rc rc;

	if (ptypes != TEE_PARAM_TYPES(TEE_PARAM_TYPE_MEMREF_INOUT,
				      TEE_PARAM_TYPE_MEMREF_INPUT,
				      TEE_PARAM_TYPE_MEMREF_OUTPUT,
				      TEE_PARAM_TYPE_NONE) ||
	    PARAM_SIZE(2) != 4)
		return PKCS11_CKR_ARGUMENTS_BAD;
	ctrl_args(&a, params);
	if (serialargs_get_u32(&a, &sh) || serialargs_get_u32(&a, &uk) ||
	    serialargs_get_u32(&a, &mech) || serialargs_get_u32(&a, &psize) ||
	    serialargs_get_ptr(&a, &param, psize) ||
	    serialargs_get_template(&a, &tpl, &tsize) ||
	    serialargs_remaining_bytes(&a))
		return PKCS11_CKR_ARGUMENTS_BAD;
	s = get_session(c, sh);
	if (!s)
		return PKCS11_CKR_SESSION_HANDLE_INVALID;
	rc = wrap_mech(mech, psize, &alg);
	if (rc)
		return rc;
	ukey = object_get(s, uk);
	if (!ukey)
		return PKCS11_CKR_UNWRAPPING_KEY_HANDLE_INVALID;
	rc = wrapping_key_check(ukey, PKCS11_CKA_UNWRAP);
	if (rc)
		return rc;
	if (alg != TEE_ALG_AES_GCM &&
	    (!PARAM_SIZE(1) || PARAM_SIZE(1) % AES_BLOCK))
		return PKCS11_CKR_WRAPPED_KEY_LEN_RANGE;
	return unwrap(s, ukey, alg, param, psize, tpl, PARAM_BUF(1),
		      PARAM_SIZE(1), PARAM_BUF(2));
}
