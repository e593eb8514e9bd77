// SPDX-License-Identifier: BSD-2-Clause
/*
 * RSA and ECDSA signatures: SIGN_INIT / VERIFY_INIT and their UPDATE,
 * FINAL and ONESHOT steps on the GP asymmetric API, with OP-TEE's rules
 * (processing.c, processing_asymm.c, processing_rsa.c, processing_ec.c;
 * ABI-FACTS-INTERNAL §6.2, §6.8):
 *  - the hashing mechanisms (CKM_SHA*_RSA_PKCS, CKM_SHA*_RSA_PKCS_PSS,
 *    CKM_ECDSA_SHA*) hash what UPDATE gives and sign the digest at FINAL;
 *    CKM_RSA_PKCS, CKM_RSA_PKCS_PSS and CKM_ECDSA are single-part, an
 *    UPDATE gets KEY_FUNCTION_NOT_PERMITTED;
 *  - CKM_ECDSA input longer than the key is cut to the key's size,
 *    empty input is FUNCTION_FAILED; a signature of the wrong length is
 *    SIGNATURE_LEN_RANGE; signatures are r || s (PKCS#11 §2.3.1);
 *  - CKM_RSA_PKCS signs data of at most k - 11 bytes (the DigestInfo,
 *    in practice) with the EMSA-PKCS1-v1_5 block of RFC 8017 §9.2 made
 *    here and the raw RSA private operation (TEE_ALG_RSA_NOPAD);
 *  - PSS parameters (u32 hashAlg, u32 mgf, u32 sLen) must name one hash
 *    for both, the mechanism's own for CKM_SHA*_RSA_PKCS_PSS, as GP's
 *    PSS algorithms use the message hash for MGF1.
 */
#include <string.h>
#include <tee_internal_api.h>

#include "asymm.h"

/* The longest digest here (SHA-512). */
#define MAX_DIGEST 64

enum sig_kind { RSA_RAW, RSA_PKCS1, RSA_PSS, ECDSA, RSA_ES, RSA_OAEP, EDDSA };

struct hash_info {
	uint32_t ckm;
	uint32_t tee_hash;
	uint32_t len;
	uint32_t pkcs1;
	uint32_t pss;
	uint32_t mgf;
	uint32_t oaep;
};

static const struct hash_info hashes[] = {
	{PKCS11_CKM_SHA_1, TEE_ALG_SHA1, 20, TEE_ALG_RSASSA_PKCS1_V1_5_SHA1,
	 TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA1, PKCS11_CKG_MGF1_SHA1,
	 TEE_ALG_RSAES_PKCS1_OAEP_MGF1_SHA1},
	{PKCS11_CKM_SHA224, TEE_ALG_SHA224, 28,
	 TEE_ALG_RSASSA_PKCS1_V1_5_SHA224, TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA224,
	 PKCS11_CKG_MGF1_SHA224, TEE_ALG_RSAES_PKCS1_OAEP_MGF1_SHA224},
	{PKCS11_CKM_SHA256, TEE_ALG_SHA256, 32,
	 TEE_ALG_RSASSA_PKCS1_V1_5_SHA256, TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA256,
	 PKCS11_CKG_MGF1_SHA256, TEE_ALG_RSAES_PKCS1_OAEP_MGF1_SHA256},
	{PKCS11_CKM_SHA384, TEE_ALG_SHA384, 48,
	 TEE_ALG_RSASSA_PKCS1_V1_5_SHA384, TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA384,
	 PKCS11_CKG_MGF1_SHA384, TEE_ALG_RSAES_PKCS1_OAEP_MGF1_SHA384},
	{PKCS11_CKM_SHA512, TEE_ALG_SHA512, 64,
	 TEE_ALG_RSASSA_PKCS1_V1_5_SHA512, TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA512,
	 PKCS11_CKG_MGF1_SHA512, TEE_ALG_RSAES_PKCS1_OAEP_MGF1_SHA512},
};

#define HASH_COUNT (sizeof(hashes) / sizeof(hashes[0]))

static const struct hash_info *hash_of(uint32_t ckm)
{
	size_t n;

	for (n = 0; n < HASH_COUNT; n++)
		if (hashes[n].ckm == ckm)
			return &hashes[n];
	return NULL;
}

struct sig_mech {
	uint32_t id;
	enum sig_kind kind;
	uint32_t hash; /* CKM_SHA* the mechanism hashes with, or 0 */
};

static const struct sig_mech sig_mechs[] = {
	{PKCS11_CKM_RSA_PKCS, RSA_RAW, 0},
	{PKCS11_CKM_SHA1_RSA_PKCS, RSA_PKCS1, PKCS11_CKM_SHA_1},
	{PKCS11_CKM_SHA224_RSA_PKCS, RSA_PKCS1, PKCS11_CKM_SHA224},
	{PKCS11_CKM_SHA256_RSA_PKCS, RSA_PKCS1, PKCS11_CKM_SHA256},
	{PKCS11_CKM_SHA384_RSA_PKCS, RSA_PKCS1, PKCS11_CKM_SHA384},
	{PKCS11_CKM_SHA512_RSA_PKCS, RSA_PKCS1, PKCS11_CKM_SHA512},
	{PKCS11_CKM_RSA_PKCS_PSS, RSA_PSS, 0},
	{PKCS11_CKM_SHA1_RSA_PKCS_PSS, RSA_PSS, PKCS11_CKM_SHA_1},
	{PKCS11_CKM_SHA224_RSA_PKCS_PSS, RSA_PSS, PKCS11_CKM_SHA224},
	{PKCS11_CKM_SHA256_RSA_PKCS_PSS, RSA_PSS, PKCS11_CKM_SHA256},
	{PKCS11_CKM_SHA384_RSA_PKCS_PSS, RSA_PSS, PKCS11_CKM_SHA384},
	{PKCS11_CKM_SHA512_RSA_PKCS_PSS, RSA_PSS, PKCS11_CKM_SHA512},
	{PKCS11_CKM_ECDSA, ECDSA, 0},
	{PKCS11_CKM_ECDSA_SHA1, ECDSA, PKCS11_CKM_SHA_1},
	{PKCS11_CKM_ECDSA_SHA224, ECDSA, PKCS11_CKM_SHA224},
	{PKCS11_CKM_ECDSA_SHA256, ECDSA, PKCS11_CKM_SHA256},
	{PKCS11_CKM_ECDSA_SHA384, ECDSA, PKCS11_CKM_SHA384},
	{PKCS11_CKM_ECDSA_SHA512, ECDSA, PKCS11_CKM_SHA512},
	{PKCS11_CKM_EDDSA, EDDSA, 0},
};

/* Encryption: CKM_RSA_PKCS means RSAES-PKCS1-v1_5 there. */
static const struct sig_mech crypt_mechs[] = {
	{PKCS11_CKM_RSA_PKCS, RSA_ES, 0},
	{PKCS11_CKM_RSA_PKCS_OAEP, RSA_OAEP, 0},
};

static const struct sig_mech *sig_mech_of(uint32_t id, uint32_t cmd)
{
	size_t n;

	if (cmd == PKCS11_CMD_ENCRYPT_INIT || cmd == PKCS11_CMD_DECRYPT_INIT) {
		for (n = 0; n < 2; n++)
			if (crypt_mechs[n].id == id)
				return &crypt_mechs[n];
		return NULL;
	}

	for (n = 0; n < sizeof(sig_mechs) / sizeof(sig_mechs[0]); n++)
		if (sig_mechs[n].id == id)
			return &sig_mechs[n];
	return NULL;
}

/**
 * struct asymm_op - a session's signature operation
 * @m:		its mechanism
 * @cmd:	PKCS11_CMD_SIGN_INIT or PKCS11_CMD_VERIFY_INIT
 * @op:		the GP signature (or raw RSA) operation, its key set
 * @hash:	the digest operation of a hashing mechanism, or NULL
 * @h:		the hash of @hash, or PSS's for CKM_RSA_PKCS_PSS
 * @key_bytes:	the modulus or field size in bytes
 * @salt:	PSS's salt length or OAEP's label parameter
 * @label:	OAEP's label (a copy), or NULL
 * @nattrs:	1 with @salt, else 0
 * @updated:	an UPDATE was done
 */
struct asymm_op {
	const struct sig_mech *m;
	uint32_t cmd;
	TEE_OperationHandle op;
	TEE_OperationHandle hash;
	const struct hash_info *h;
	uint32_t key_bytes;
	TEE_Attribute salt;
	void *label;
	uint32_t nattrs;
	bool updated;
};

void asymm_release(struct pkcs11_session *s)
{
	struct asymm_op *a = s->asymm;

	if (!a)
		return;
	if (a->op)
		TEE_FreeOperation(a->op);
	if (a->hash)
		TEE_FreeOperation(a->hash);
	TEE_Free(a->label);
	TEE_Free(a);
	s->asymm = NULL;
	s->proc_cmd = 0;
}

static uint32_t key_type_of(const struct sig_mech *m)
{
	if (m->kind == EDDSA)
		return PKCS11_CKK_EC_EDWARDS;
	return m->kind == ECDSA ? PKCS11_CKK_EC : PKCS11_CKK_RSA;
}

/*
 * EdDSA parameters: none, or u32 phFlag, u32 context length, context
 * (libckteec sends {0, 0} for none): only pure Ed25519 is carried.
 */
static enum pkcs11_rc eddsa_params(const uint8_t *p, uint32_t psize)
{
	if (!psize)
		return PKCS11_CKR_OK;
	if (psize != 8 || get_u32(p) || get_u32(p + 4))
		return PKCS11_CKR_MECHANISM_PARAM_INVALID;
	return PKCS11_CKR_OK;
}

/* Does @cmd use the private key (sign, decrypt)? */
static bool uses_private(uint32_t cmd)
{
	return cmd == PKCS11_CMD_SIGN_INIT || cmd == PKCS11_CMD_DECRYPT_INIT;
}

static uint32_t usage_attr(uint32_t cmd)
{
	switch (cmd) {
	case PKCS11_CMD_SIGN_INIT:
		return PKCS11_CKA_SIGN;
	case PKCS11_CMD_VERIFY_INIT:
		return PKCS11_CKA_VERIFY;
	case PKCS11_CMD_ENCRYPT_INIT:
		return PKCS11_CKA_ENCRYPT;
	default:
		return PKCS11_CKA_DECRYPT;
	}
}

/* OP-TEE's check_parent_attrs_against_processing(), for RSA and EC. */
static enum pkcs11_rc key_check(const struct sig_mech *m, const uint8_t *attrs,
				uint32_t cmd)
{
	uint32_t class = 0, type = 0;

	if (pkcs11_tpl_get_u32(attrs, PKCS11_CKA_CLASS, &class) ||
	    (class != PKCS11_CKO_PUBLIC_KEY &&
	     class != PKCS11_CKO_PRIVATE_KEY) ||
	    pkcs11_tpl_get_u32(attrs, PKCS11_CKA_KEY_TYPE, &type) ||
	    type != key_type_of(m))
		return PKCS11_CKR_KEY_TYPE_INCONSISTENT;
	if (!pkcs11_tpl_get_bool(attrs, usage_attr(cmd), false))
		return PKCS11_CKR_KEY_FUNCTION_NOT_PERMITTED;
	return PKCS11_CKR_OK;
}

/* PSS parameters: u32 hashAlg, u32 mgf, u32 sLen. */
static enum pkcs11_rc pss_params(struct asymm_op *a, const uint8_t *p,
				 uint32_t psize, uint32_t bits)
{
	const struct hash_info *h;
	uint32_t salt, em_len = (bits - 1 + 7) / 8;

	if (psize != 12)
		return PKCS11_CKR_MECHANISM_PARAM_INVALID;
	h = hash_of(get_u32(p));
	if (!h || get_u32(p + 4) != h->mgf ||
	    (a->m->hash && a->m->hash != h->ckm))
		return PKCS11_CKR_MECHANISM_PARAM_INVALID;
	salt = get_u32(p + 8);
	/* RFC 8017 §9.1.1 step 3: emLen >= hLen + sLen + 2. */
	if (salt > em_len || em_len - salt < h->len + 2)
		return PKCS11_CKR_MECHANISM_PARAM_INVALID;
	a->h = h;
	TEE_InitValueAttribute(&a->salt, TEE_ATTR_RSA_PSS_SALT_LENGTH, salt, 0);
	a->nattrs = 1;
	return PKCS11_CKR_OK;
}

/*
 * OAEP parameters: u32 hashAlg, u32 mgf, u32 source, u32 source length,
 * the source (the label): one hash for both, as GP's OAEP algorithms.
 */
static enum pkcs11_rc oaep_params(struct asymm_op *a, const uint8_t *p,
				  uint32_t psize)
{
	const struct hash_info *h;
	uint32_t src, len;

	if (psize < 16)
		return PKCS11_CKR_MECHANISM_PARAM_INVALID;
	h = hash_of(get_u32(p));
	src = get_u32(p + 8);
	len = get_u32(p + 12);
	if (!h || get_u32(p + 4) != h->mgf || len != psize - 16 ||
	    (src != PKCS11_CKZ_DATA_SPECIFIED && (src || len)))
		return PKCS11_CKR_MECHANISM_PARAM_INVALID;
	a->h = h;
	if (!len)
		return PKCS11_CKR_OK;
	a->label = TEE_Malloc(len, 0);
	if (!a->label)
		return PKCS11_CKR_DEVICE_MEMORY;
	memcpy(a->label, p + 16, len);
	TEE_InitRefAttribute(&a->salt, TEE_ATTR_RSA_OAEP_LABEL, a->label, len);
	a->nattrs = 1;
	return PKCS11_CKR_OK;
}

static uint32_t ecdsa_alg(uint32_t bits)
{
	switch (bits) {
	case 192:
		return __OPTEE_ALG_ECDSA_P192;
	case 224:
		return __OPTEE_ALG_ECDSA_P224;
	case 256:
		return __OPTEE_ALG_ECDSA_P256;
	case 384:
		return __OPTEE_ALG_ECDSA_P384;
	default:
		return __OPTEE_ALG_ECDSA_P521;
	}
}

/* The GP algorithm and mode of @a's operation. */
static void tee_alg(struct asymm_op *a, uint32_t bits, uint32_t *alg,
		    uint32_t *mode)
{
	const bool sign = a->cmd == PKCS11_CMD_SIGN_INIT;

	*mode = sign ? TEE_MODE_SIGN : TEE_MODE_VERIFY;
	switch (a->m->kind) {
	case EDDSA:
		*alg = TEE_ALG_ED25519;
		break;
	case RSA_ES:
	case RSA_OAEP:
		*alg = a->m->kind == RSA_ES ? TEE_ALG_RSAES_PKCS1_V1_5
					    : a->h->oaep;
		*mode = a->cmd == PKCS11_CMD_DECRYPT_INIT ? TEE_MODE_DECRYPT
							  : TEE_MODE_ENCRYPT;
		break;
	case RSA_RAW:
		*alg = TEE_ALG_RSA_NOPAD;
		*mode = sign ? TEE_MODE_DECRYPT : TEE_MODE_ENCRYPT;
		break;
	case RSA_PKCS1:
		*alg = a->h->pkcs1;
		break;
	case RSA_PSS:
		*alg = a->h->pss;
		break;
	default:
		*alg = ecdsa_alg(bits);
		break;
	}
}

/* A GP RSA key object from @attrs: the private parts when @priv. */
static enum pkcs11_rc rsa_key(const uint8_t *attrs, bool priv, uint32_t bits,
			      TEE_ObjectHandle *k)
{
	static const uint32_t ids[][2] = {
		{PKCS11_CKA_MODULUS, TEE_ATTR_RSA_MODULUS},
		{PKCS11_CKA_PUBLIC_EXPONENT, TEE_ATTR_RSA_PUBLIC_EXPONENT},
		{PKCS11_CKA_PRIVATE_EXPONENT, TEE_ATTR_RSA_PRIVATE_EXPONENT},
		{PKCS11_CKA_PRIME_1, TEE_ATTR_RSA_PRIME1},
		{PKCS11_CKA_PRIME_2, TEE_ATTR_RSA_PRIME2},
		{PKCS11_CKA_EXPONENT_1, TEE_ATTR_RSA_EXPONENT1},
		{PKCS11_CKA_EXPONENT_2, TEE_ATTR_RSA_EXPONENT2},
		{PKCS11_CKA_COEFFICIENT, TEE_ATTR_RSA_COEFFICIENT},
	};
	TEE_Attribute ta[8];
	uint32_t n, count = 0, want = priv ? 8 : 2;

	for (n = 0; n < want; n++) {
		const void *val = NULL;
		uint32_t size = 0;

		if (pkcs11_tpl_get(attrs, ids[n][0], &val, &size) || !size)
			continue;
		TEE_InitRefAttribute(&ta[count++], ids[n][1], val, size);
	}
	/* n, e (and d); the CRT values all or none, as GP wants them. */
	if (count < (priv ? 3U : 2U) || (count != 3 && count != want))
		return PKCS11_CKR_FUNCTION_FAILED;
	if (TEE_AllocateTransientObject(priv ? TEE_TYPE_RSA_KEYPAIR
					     : TEE_TYPE_RSA_PUBLIC_KEY,
					bits, k))
		return PKCS11_CKR_DEVICE_MEMORY;
	if (TEE_PopulateTransientObject(*k, ta, count)) {
		TEE_FreeTransientObject(*k);
		return PKCS11_CKR_FUNCTION_FAILED;
	}
	return PKCS11_CKR_OK;
}

enum pkcs11_rc ec_key_object(const uint8_t *attrs, bool priv, bool ecdh,
			     TEE_ObjectHandle *k)
{
	uint32_t type = TEE_TYPE_ECDSA_PUBLIC_KEY;
	const struct ec_curve *c;
	const void *par = NULL, *pt = NULL, *d = NULL;
	uint32_t psize = 0, ptsize = 0, dsize = 0, f, count = 3;
	const uint8_t *xy = NULL;
	TEE_Attribute ta[4];

	if (pkcs11_tpl_get(attrs, PKCS11_CKA_EC_PARAMS, &par, &psize))
		return PKCS11_CKR_FUNCTION_FAILED;
	c = ec_curve_of_params(par, psize);
	/* A private key's point: set at generation or import. */
	if (!c ||
	    pkcs11_tpl_get(attrs,
			   priv ? PKCS11_CKA_OPTEE_HIDDEN_EC_POINT
				: PKCS11_CKA_EC_POINT,
			   &pt, &ptsize) ||
	    !ec_point_decode(c, pt, ptsize, &xy) || !ec_point_on_curve(c, xy))
		return PKCS11_CKR_FUNCTION_FAILED;
	f = (c->bits + 7) / 8;
	TEE_InitRefAttribute(&ta[0], TEE_ATTR_ECC_PUBLIC_VALUE_X, xy, f);
	TEE_InitRefAttribute(&ta[1], TEE_ATTR_ECC_PUBLIC_VALUE_Y, xy + f, f);
	TEE_InitValueAttribute(&ta[2], TEE_ATTR_ECC_CURVE, c->tee_curve, 0);
	if (priv) {
		if (pkcs11_tpl_get(attrs, PKCS11_CKA_VALUE, &d, &dsize) ||
		    !dsize)
			return PKCS11_CKR_FUNCTION_FAILED;
		TEE_InitRefAttribute(&ta[count++], TEE_ATTR_ECC_PRIVATE_VALUE,
				     d, dsize);
	}
	if (priv)
		type = ecdh ? TEE_TYPE_ECDH_KEYPAIR : TEE_TYPE_ECDSA_KEYPAIR;
	if (TEE_AllocateTransientObject(type, c->bits, k))
		return PKCS11_CKR_DEVICE_MEMORY;
	if (TEE_PopulateTransientObject(*k, ta, count)) {
		TEE_FreeTransientObject(*k);
		return PKCS11_CKR_FUNCTION_FAILED;
	}
	return PKCS11_CKR_OK;
}

/* A GP Ed25519 key object from @attrs: the private value when @priv. */
static enum pkcs11_rc ed_key(const uint8_t *attrs, bool priv,
			     TEE_ObjectHandle *k)
{
	const void *pt = NULL, *d = NULL;
	uint32_t ptsize = 0, dsize = 0, count = 1;
	const uint8_t *pub = NULL;
	TEE_Attribute ta[2];

	if (pkcs11_tpl_get(attrs,
			   priv ? PKCS11_CKA_OPTEE_HIDDEN_EC_POINT
				: PKCS11_CKA_EC_POINT,
			   &pt, &ptsize) ||
	    !ed25519_point_decode(pt, ptsize, &pub))
		return PKCS11_CKR_FUNCTION_FAILED;
	TEE_InitRefAttribute(&ta[0], TEE_ATTR_ED25519_PUBLIC_VALUE, pub, 32);
	if (priv) {
		if (pkcs11_tpl_get(attrs, PKCS11_CKA_VALUE, &d, &dsize) ||
		    dsize != 32)
			return PKCS11_CKR_FUNCTION_FAILED;
		TEE_InitRefAttribute(&ta[count++],
				     TEE_ATTR_ED25519_PRIVATE_VALUE, d, 32);
	}
	if (TEE_AllocateTransientObject(priv ? TEE_TYPE_ED25519_KEYPAIR
					     : TEE_TYPE_ED25519_PUBLIC_KEY,
					256, k))
		return PKCS11_CKR_DEVICE_MEMORY;
	if (TEE_PopulateTransientObject(*k, ta, count)) {
		TEE_FreeTransientObject(*k);
		return PKCS11_CKR_FUNCTION_FAILED;
	}
	return PKCS11_CKR_OK;
}

static enum pkcs11_rc set_key(struct asymm_op *a, const uint8_t *attrs,
			      uint32_t bits, bool sign)
{
	TEE_ObjectHandle k = TEE_HANDLE_NULL;
	enum pkcs11_rc rc;

	if (a->m->kind == EDDSA)
		rc = ed_key(attrs, sign, &k);
	else if (a->m->kind == ECDSA)
		rc = ec_key_object(attrs, sign, false, &k);
	else
		rc = rsa_key(attrs, sign, bits, &k);
	if (rc)
		return rc;
	rc = TEE_SetOperationKey(a->op, k) ? PKCS11_CKR_FUNCTION_FAILED
					   : PKCS11_CKR_OK;
	TEE_FreeTransientObject(k);
	return rc;
}

/* Parameters, GP operations and key of @a for @key. */
static enum pkcs11_rc asymm_setup(struct asymm_op *a, const uint8_t *key,
				  const void *param, uint32_t psize)
{
	uint32_t bits = keypair_bits(key), alg, mode;
	enum pkcs11_rc rc;

	if (!bits)
		return PKCS11_CKR_KEY_TYPE_INCONSISTENT;
	/* What the GP RSA key objects take (ABI-FACTS-INTERNAL §1.6). */
	if (a->m->kind != ECDSA && a->m->kind != EDDSA &&
	    (bits < 256 || bits > 4096))
		return PKCS11_CKR_KEY_SIZE_RANGE;
	a->key_bytes = (bits + 7) / 8;
	if (a->m->hash)
		a->h = hash_of(a->m->hash);
	if (a->m->kind == RSA_PSS) {
		rc = pss_params(a, param, psize, bits);
		if (rc)
			return rc;
	} else if (a->m->kind == RSA_OAEP) {
		rc = oaep_params(a, param, psize);
		if (rc)
			return rc;
	} else if (a->m->kind == EDDSA) {
		rc = eddsa_params(param, psize);
		if (rc)
			return rc;
	} else if (psize) {
		return PKCS11_CKR_MECHANISM_PARAM_INVALID;
	}
	tee_alg(a, bits, &alg, &mode);
	if (TEE_AllocateOperation(&a->op, alg, mode, bits))
		return PKCS11_CKR_MECHANISM_INVALID;
	if (a->m->hash &&
	    TEE_AllocateOperation(&a->hash, a->h->tee_hash, TEE_MODE_DIGEST, 0))
		return PKCS11_CKR_DEVICE_MEMORY;
	return set_key(a, key, bits, uses_private(a->cmd));
}

/* A mechanism not run here: the handler the command had before. */
static enum pkcs11_rc other_init(struct pkcs11_client *c, uint32_t ptypes,
				 TEE_Param *params, uint32_t cmd)
{
	switch (cmd) {
	case PKCS11_CMD_ENCRYPT_INIT:
		return entry_encrypt_init(c, ptypes, params);
	case PKCS11_CMD_DECRYPT_INIT:
		return entry_decrypt_init(c, ptypes, params);
	case PKCS11_CMD_SIGN_INIT:
		return entry_mac_sign_init(c, ptypes, params);
	default:
		return entry_mac_verify_init(c, ptypes, params);
	}
}

static enum pkcs11_rc asymm_init(struct pkcs11_client *c, uint32_t ptypes,
				 TEE_Param *params, uint32_t cmd)
{
	uint32_t sh = 0, kh = 0, mech = 0, psize = 0;
	const struct sig_mech *m;
	struct pkcs11_session *s;
	struct pkcs11_object *key;
	const void *param = NULL;
	struct serialargs sa;
	struct asymm_op *a;
	enum pkcs11_rc rc;

	if (ptypes != TEE_PARAM_TYPES(TEE_PARAM_TYPE_MEMREF_INOUT,
				      TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE,
				      TEE_PARAM_TYPE_NONE))
		return PKCS11_CKR_ARGUMENTS_BAD;
	ctrl_args(&sa, params);
	if (serialargs_get_u32(&sa, &sh) || serialargs_get_u32(&sa, &kh) ||
	    serialargs_get_u32(&sa, &mech) || serialargs_get_u32(&sa, &psize) ||
	    serialargs_get_ptr(&sa, &param, psize) ||
	    serialargs_remaining_bytes(&sa))
		return PKCS11_CKR_ARGUMENTS_BAD;
	m = sig_mech_of(mech, cmd);
	if (!m)
		return other_init(c, ptypes, params, cmd);
	s = get_session(c, sh);
	if (!s)
		return PKCS11_CKR_SESSION_HANDLE_INVALID;
	if (s->proc_cmd || s->asymm)
		return PKCS11_CKR_OPERATION_ACTIVE;
	key = object_get(s, kh);
	if (!key)
		return PKCS11_CKR_KEY_HANDLE_INVALID;
	rc = key_check(m, key->attrs.buf, cmd);
	if (rc)
		return rc;
	a = TEE_Malloc(sizeof(*a), TEE_MALLOC_FILL_ZERO);
	if (!a)
		return PKCS11_CKR_DEVICE_MEMORY;
	a->m = m;
	a->cmd = cmd;
	s->asymm = a;
	s->proc_cmd = cmd;
	rc = asymm_setup(a, key->attrs.buf, param, psize);
	if (rc)
		asymm_release(s);
	return rc;
}

PKCS11_HANDLER(entry_sign_init)
{
	return asymm_init(c, ptypes, params, PKCS11_CMD_SIGN_INIT);
}

PKCS11_HANDLER(entry_verify_init)
{
	return asymm_init(c, ptypes, params, PKCS11_CMD_VERIFY_INIT);
}

PKCS11_HANDLER(entry_asymm_encrypt_init)
{
	return asymm_init(c, ptypes, params, PKCS11_CMD_ENCRYPT_INIT);
}

PKCS11_HANDLER(entry_asymm_decrypt_init)
{
	return asymm_init(c, ptypes, params, PKCS11_CMD_DECRYPT_INIT);
}

/* EMSA-PKCS1-v1_5 (RFC 8017 §9.2 steps 4-5) of @t into @em (@k bytes). */
static bool pkcs1_block(const void *t, size_t tlen, uint8_t *em, size_t k)
{
	if (tlen + 11 > k)
		return false;
	em[0] = 0x00;
	em[1] = 0x01;
	memset(em + 2, 0xff, k - tlen - 3);
	em[k - tlen - 1] = 0x00;
	memcpy(em + k - tlen, t, tlen);
	return true;
}

/* The raw RSA operation of @a on @in (@k bytes), left-padded to @k. */
static TEE_Result rsa_raw(struct asymm_op *a, bool sign, const void *in,
			  uint8_t *out)
{
	uint8_t buf[RSA_MAX_MODULUS];
	size_t k = a->key_bytes, len = sizeof(buf);
	TEE_Result res;

	if (sign)
		res = TEE_AsymmetricDecrypt(a->op, NULL, 0, in, k, buf, &len);
	else
		res = TEE_AsymmetricEncrypt(a->op, NULL, 0, in, k, buf, &len);
	if (!res && len <= k) {
		memset(out, 0, k - len);
		memcpy(out + k - len, buf, len);
	} else if (!res) {
		res = TEE_ERROR_GENERIC;
	}
	TEE_MemFill(buf, 0, sizeof(buf));
	return res;
}

/*
 * What is signed: the digest of the hashing mechanisms (the last @in
 * included), else @in itself, checked against the mechanism.
 */
static enum pkcs11_rc to_sign(struct asymm_op *a, const void *in, size_t in_len,
			      uint8_t *dig, const void **tbs, size_t *tbs_len)
{
	size_t dlen = MAX_DIGEST;

	if (a->hash) {
		if (TEE_DigestDoFinal(a->hash, in, in_len, dig, &dlen))
			return PKCS11_CKR_FUNCTION_FAILED;
		*tbs = dig;
		*tbs_len = dlen;
		return PKCS11_CKR_OK;
	}
	*tbs = in;
	*tbs_len = in_len;
	if (a->m->kind == RSA_PSS && in_len != a->h->len)
		return PKCS11_CKR_DATA_LEN_RANGE;
	if (a->m->kind == RSA_RAW && in_len + 11 > a->key_bytes)
		return PKCS11_CKR_DATA_LEN_RANGE;
	if (a->m->kind == ECDSA) {
		if (!in_len)
			return PKCS11_CKR_FUNCTION_FAILED;
		/* PKCS#11 §2.3.6: longer input is cut to the key's size. */
		if (in_len > a->key_bytes)
			*tbs_len = a->key_bytes;
	}
	return PKCS11_CKR_OK;
}

static size_t sig_size(const struct asymm_op *a)
{
	/* ECDSA r || s; Ed25519 R || S (RFC 8032 §5.1.6) likewise. */
	if (a->m->kind == ECDSA || a->m->kind == EDDSA)
		return 2 * a->key_bytes;
	return a->key_bytes;
}

static enum pkcs11_rc do_sign(struct asymm_op *a, const void *in, size_t in_len,
			      void *out, size_t *out_len)
{
	uint8_t dig[MAX_DIGEST], em[RSA_MAX_MODULUS];
	const void *tbs = NULL;
	size_t tbs_len = 0;
	enum pkcs11_rc rc;

	if (*out_len < sig_size(a)) {
		*out_len = sig_size(a);
		return out ? PKCS11_CKR_BUFFER_TOO_SMALL : PKCS11_CKR_OK;
	}
	rc = to_sign(a, in, in_len, dig, &tbs, &tbs_len);
	if (rc)
		return rc;
	if (a->m->kind == RSA_RAW) {
		pkcs1_block(tbs, tbs_len, em, a->key_bytes);
		*out_len = a->key_bytes;
		return rsa_raw(a, true, em, out) ? PKCS11_CKR_FUNCTION_FAILED
						 : PKCS11_CKR_OK;
	}
	if (TEE_AsymmetricSignDigest(a->op, &a->salt, a->nattrs, tbs, tbs_len,
				     out, out_len))
		return PKCS11_CKR_FUNCTION_FAILED;
	return PKCS11_CKR_OK;
}

static enum pkcs11_rc do_verify(struct asymm_op *a, const void *in,
				size_t in_len, const void *sig, size_t sig_len)
{
	uint8_t dig[MAX_DIGEST], em[RSA_MAX_MODULUS];
	uint8_t m[RSA_MAX_MODULUS];
	const void *tbs = NULL;
	size_t tbs_len = 0;
	TEE_Result res;
	enum pkcs11_rc rc;

	if (sig_len != sig_size(a))
		return PKCS11_CKR_SIGNATURE_LEN_RANGE;
	rc = to_sign(a, in, in_len, dig, &tbs, &tbs_len);
	if (rc)
		return rc;
	if (a->m->kind == RSA_RAW) {
		pkcs1_block(tbs, tbs_len, em, a->key_bytes);
		/* A signature not below the modulus: BAD_PARAMETERS. */
		if (rsa_raw(a, false, sig, m) || memcmp(m, em, a->key_bytes))
			return PKCS11_CKR_SIGNATURE_INVALID;
		return PKCS11_CKR_OK;
	}
	res = TEE_AsymmetricVerifyDigest(a->op, &a->salt, a->nattrs, tbs,
					 tbs_len, sig, sig_len);
	if (res == TEE_ERROR_SIGNATURE_INVALID)
		return PKCS11_CKR_SIGNATURE_INVALID;
	return res ? PKCS11_CKR_FUNCTION_FAILED : PKCS11_CKR_OK;
}

enum step { STEP_UPDATE, STEP_FINAL, STEP_ONESHOT };

/* The longest input RSAES takes: RFC 8017 §7.1.1, §7.2.1. */
static size_t crypt_max(const struct asymm_op *a)
{
	size_t over = a->m->kind == RSA_ES ? 11 : 2 * a->h->len + 2;

	return a->key_bytes > over ? a->key_bytes - over : 0;
}

/*
 * RSAES-PKCS1-v1_5 or OAEP, single-part.  Encryption makes k bytes;
 * decryption learns its length by decrypting (a NULL output asks).
 */
static enum pkcs11_rc do_crypt(struct asymm_op *a, const void *in,
			       size_t in_len, void *out, size_t *out_len)
{
	const bool enc = a->cmd == PKCS11_CMD_ENCRYPT_INIT;
	size_t room = out ? *out_len : 0;
	TEE_Result res;

	if (enc && in_len > crypt_max(a))
		return PKCS11_CKR_DATA_LEN_RANGE;
	if (!enc && in_len != a->key_bytes)
		return PKCS11_CKR_ENCRYPTED_DATA_LEN_RANGE;
	if (enc && room < a->key_bytes) {
		*out_len = a->key_bytes;
		return out ? PKCS11_CKR_BUFFER_TOO_SMALL : PKCS11_CKR_OK;
	}
	*out_len = room;
	if (enc)
		res = TEE_AsymmetricEncrypt(a->op, &a->salt, a->nattrs, in,
					    in_len, out, out_len);
	else
		res = TEE_AsymmetricDecrypt(a->op, &a->salt, a->nattrs, in,
					    in_len, out, out_len);
	if (res == TEE_ERROR_SHORT_BUFFER)
		return out ? PKCS11_CKR_BUFFER_TOO_SMALL : PKCS11_CKR_OK;
	/* A ciphertext that does not decrypt (or a message too long). */
	if (res == TEE_ERROR_BAD_PARAMETERS)
		return enc ? PKCS11_CKR_DATA_LEN_RANGE
			   : PKCS11_CKR_ENCRYPTED_DATA_INVALID;
	return res ? PKCS11_CKR_FUNCTION_FAILED : PKCS11_CKR_OK;
}

/* Check the parameter types of @step; find its data. */
static enum pkcs11_rc step_params(uint32_t ptypes, TEE_Param *params,
				  enum step step, bool out, const void **in,
				  size_t *in_len, void **p2, size_t *p2_len)
{
	uint32_t t1 = TEE_PARAM_TYPE_GET(ptypes, 1);
	uint32_t t2 = TEE_PARAM_TYPE_GET(ptypes, 2);
	uint32_t want2 = out ? TEE_PARAM_TYPE_MEMREF_OUTPUT
			     : TEE_PARAM_TYPE_MEMREF_INPUT;

	if ((t1 != TEE_PARAM_TYPE_NONE && t1 != TEE_PARAM_TYPE_MEMREF_INPUT) ||
	    (t2 != TEE_PARAM_TYPE_NONE && t2 != want2) ||
	    TEE_PARAM_TYPE_GET(ptypes, 3) != TEE_PARAM_TYPE_NONE ||
	    (step == STEP_FINAL && t1 != TEE_PARAM_TYPE_NONE) ||
	    (step == STEP_UPDATE && t2 == TEE_PARAM_TYPE_MEMREF_INPUT))
		return PKCS11_CKR_ARGUMENTS_BAD;
	if (t1 == TEE_PARAM_TYPE_MEMREF_INPUT) {
		*in = PARAM_BUF(1);
		*in_len = PARAM_SIZE(1);
	}
	if (t2 == want2) {
		*p2 = PARAM_BUF(2);
		*p2_len = PARAM_SIZE(2);
	}
	return PKCS11_CKR_OK;
}

static enum pkcs11_rc run_step(struct pkcs11_session *s, enum step step,
			       uint32_t ptypes, TEE_Param *params, bool *keep)
{
	struct asymm_op *a = s->asymm;
	const bool sign = a->cmd == PKCS11_CMD_SIGN_INIT;
	const bool out = a->cmd != PKCS11_CMD_VERIFY_INIT;
	const void *in = NULL;
	size_t in_len = 0, p2_len = 0;
	void *p2 = NULL;
	enum pkcs11_rc rc;

	rc = step_params(ptypes, params, step, out, &in, &in_len, &p2, &p2_len);
	if (rc)
		return rc;
	if (step == STEP_UPDATE) {
		if (!a->hash)
			return PKCS11_CKR_KEY_FUNCTION_NOT_PERMITTED;
		TEE_DigestUpdate(a->hash, in, in_len);
		a->updated = true;
		*keep = true;
		return PKCS11_CKR_OK;
	}
	if (step == STEP_ONESHOT && a->updated)
		return PKCS11_CKR_OPERATION_ACTIVE;
	if (!out)
		return do_verify(a, in, in_len, p2, p2_len);
	if (sign)
		rc = do_sign(a, in, in_len, p2, &p2_len);
	else
		rc = do_crypt(a, in, in_len, p2, &p2_len);
	if (TEE_PARAM_TYPE_GET(ptypes, 2) == TEE_PARAM_TYPE_MEMREF_OUTPUT)
		PARAM_SIZE(2) = p2_len;
	/* A size query or a short buffer keeps the operation. */
	*keep = rc == PKCS11_CKR_BUFFER_TOO_SMALL ||
		(rc == PKCS11_CKR_OK && !p2 && p2_len);
	return rc;
}

/* A step of no operation of here: the handler it had before. */
static enum pkcs11_rc other_step(struct pkcs11_client *c, uint32_t ptypes,
				 TEE_Param *params, uint32_t init_cmd,
				 enum step step)
{
	static PKCS11_HANDLER((*const enc[3])) = {entry_encrypt_update,
						  entry_encrypt_final,
						  entry_encrypt_oneshot};
	static PKCS11_HANDLER((*const dec[3])) = {entry_decrypt_update,
						  entry_decrypt_final,
						  entry_decrypt_oneshot};
	static PKCS11_HANDLER((*const sign[3])) = {entry_mac_sign_update,
						   entry_mac_sign_final,
						   entry_mac_sign_oneshot};
	static PKCS11_HANDLER((*const verify[3])) = {entry_mac_verify_update,
						     entry_mac_verify_final,
						     entry_mac_verify_oneshot};

	if (init_cmd == PKCS11_CMD_ENCRYPT_INIT)
		return enc[step](c, ptypes, params);
	if (init_cmd == PKCS11_CMD_DECRYPT_INIT)
		return dec[step](c, ptypes, params);
	if (init_cmd == PKCS11_CMD_SIGN_INIT)
		return sign[step](c, ptypes, params);
	return verify[step](c, ptypes, params);
}

static enum pkcs11_rc asymm_step(struct pkcs11_client *c, uint32_t ptypes,
				 TEE_Param *params, uint32_t init_cmd,
				 enum step step)
{
	struct pkcs11_session *s;
	struct serialargs sa;
	uint32_t sh = 0;
	bool keep = false;
	enum pkcs11_rc rc;

	ctrl_args(&sa, params);
	if (serialargs_get_u32(&sa, &sh) || serialargs_remaining_bytes(&sa))
		return PKCS11_CKR_ARGUMENTS_BAD;
	s = get_session(c, sh);
	if (!s)
		return PKCS11_CKR_SESSION_HANDLE_INVALID;
	if (!s->asymm)
		return other_step(c, ptypes, params, init_cmd, step);
	if (s->asymm->cmd != init_cmd)
		return PKCS11_CKR_OPERATION_NOT_INITIALIZED;
	rc = run_step(s, step, ptypes, params, &keep);
	if (!keep)
		asymm_release(s);
	return rc;
}

#define ASYMM_STEP(name, init, step)                                           \
	PKCS11_HANDLER(name)                                                   \
	{                                                                      \
		return asymm_step(c, ptypes, params, init, step);              \
	}

ASYMM_STEP(entry_sign_update, PKCS11_CMD_SIGN_INIT, STEP_UPDATE)
ASYMM_STEP(entry_verify_update, PKCS11_CMD_VERIFY_INIT, STEP_UPDATE)
ASYMM_STEP(entry_sign_final, PKCS11_CMD_SIGN_INIT, STEP_FINAL)
ASYMM_STEP(entry_verify_final, PKCS11_CMD_VERIFY_INIT, STEP_FINAL)
ASYMM_STEP(entry_sign_oneshot, PKCS11_CMD_SIGN_INIT, STEP_ONESHOT)
ASYMM_STEP(entry_verify_oneshot, PKCS11_CMD_VERIFY_INIT, STEP_ONESHOT)
ASYMM_STEP(entry_asymm_encrypt_update, PKCS11_CMD_ENCRYPT_INIT, STEP_UPDATE)
ASYMM_STEP(entry_asymm_decrypt_update, PKCS11_CMD_DECRYPT_INIT, STEP_UPDATE)
ASYMM_STEP(entry_asymm_encrypt_final, PKCS11_CMD_ENCRYPT_INIT, STEP_FINAL)
ASYMM_STEP(entry_asymm_decrypt_final, PKCS11_CMD_DECRYPT_INIT, STEP_FINAL)
ASYMM_STEP(entry_asymm_encrypt_oneshot, PKCS11_CMD_ENCRYPT_INIT, STEP_ONESHOT)
ASYMM_STEP(entry_asymm_decrypt_oneshot, PKCS11_CMD_DECRYPT_INIT, STEP_ONESHOT)
