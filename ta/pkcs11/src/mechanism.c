// SPDX-License-Identifier: BSD-2-Clause
/*
 * The mechanisms this TA carries (a subset of OP-TEE's
 * token_capabilities.c table, ABI-FACTS-INTERNAL §6.8), key pair
 * generation (not carried: MECHANISM_INVALID), random numbers, and the
 * end of an operation a client gave up (RELEASE_ACTIVE_PROCESSING).
 */
#include <tee_internal_api.h>

#include "asymm.h"

#define SIGN_VERIFY (PKCS11_CKFM_SIGN | PKCS11_CKFM_VERIFY)

#define SIGN_VERIFY (PKCS11_CKFM_SIGN | PKCS11_CKFM_VERIFY)
#define CIPHER_WRAP                                                            \
	(PKCS11_CKFM_ENCRYPT | PKCS11_CKFM_DECRYPT | PKCS11_CKFM_WRAP |        \
	 PKCS11_CKFM_UNWRAP)

struct mechanism {
	uint32_t id;
	uint32_t min_key;
	uint32_t max_key;
	uint32_t flags;
};

/*
 * Key sizes in OP-TEE's units: bits for GENERIC_SECRET_KEY_GEN, bytes for
 * AES.  MECHANISM_IDS lists them in reverse table order, as OP-TEE.
 */
static const struct mechanism mechanisms[] = {
	/*
	 * RSA and EC sizes in bits.  OP-TEE also has CKM_MD5_RSA_PKCS: not
	 * carried here yet.  CKM_RSA_PKCS_PSS reports 0..0 as OP-TEE's.
	 */
	{PKCS11_CKM_RSA_PKCS_KEY_PAIR_GEN, 256, 4096,
	 PKCS11_CKFM_GENERATE_KEY_PAIR},
	{PKCS11_CKM_RSA_PKCS, 256, 4096,
	 SIGN_VERIFY | PKCS11_CKFM_ENCRYPT | PKCS11_CKFM_DECRYPT},
	{PKCS11_CKM_SHA1_RSA_PKCS, 256, 4096, SIGN_VERIFY},
	{PKCS11_CKM_RSA_PKCS_OAEP, 256, 4096,
	 PKCS11_CKFM_ENCRYPT | PKCS11_CKFM_DECRYPT},
	{PKCS11_CKM_RSA_PKCS_PSS, 0, 0, SIGN_VERIFY},
	{PKCS11_CKM_SHA1_RSA_PKCS_PSS, 256, 4096, SIGN_VERIFY},
	{PKCS11_CKM_SHA256_RSA_PKCS, 256, 4096, SIGN_VERIFY},
	{PKCS11_CKM_SHA384_RSA_PKCS, 256, 4096, SIGN_VERIFY},
	{PKCS11_CKM_SHA512_RSA_PKCS, 256, 4096, SIGN_VERIFY},
	{PKCS11_CKM_SHA256_RSA_PKCS_PSS, 256, 4096, SIGN_VERIFY},
	{PKCS11_CKM_SHA384_RSA_PKCS_PSS, 256, 4096, SIGN_VERIFY},
	{PKCS11_CKM_SHA512_RSA_PKCS_PSS, 256, 4096, SIGN_VERIFY},
	{PKCS11_CKM_SHA224_RSA_PKCS, 256, 4096, SIGN_VERIFY},
	{PKCS11_CKM_SHA224_RSA_PKCS_PSS, 256, 4096, SIGN_VERIFY},
	{PKCS11_CKM_EC_KEY_PAIR_GEN, 160, 521, PKCS11_CKFM_GENERATE_KEY_PAIR},
	{PKCS11_CKM_ECDSA, 160, 521, SIGN_VERIFY},
	{PKCS11_CKM_ECDSA_SHA1, 160, 521, SIGN_VERIFY},
	{PKCS11_CKM_ECDSA_SHA224, 160, 521, SIGN_VERIFY},
	{PKCS11_CKM_ECDSA_SHA256, 160, 521, SIGN_VERIFY},
	{PKCS11_CKM_ECDSA_SHA384, 160, 521, SIGN_VERIFY},
	{PKCS11_CKM_ECDSA_SHA512, 160, 521, SIGN_VERIFY},
	{PKCS11_CKM_ECDH1_DERIVE, 160, 521, PKCS11_CKFM_DERIVE},
	/* Ed25519 only here; OP-TEE's bounds name Ed448's 448 too. */
	{PKCS11_CKM_EC_EDWARDS_KEY_PAIR_GEN, 256, 448,
	 PKCS11_CKFM_GENERATE_KEY_PAIR},
	{PKCS11_CKM_EDDSA, 256, 448, SIGN_VERIFY},
	{PKCS11_CKM_GENERIC_SECRET_KEY_GEN, 1, 4096, PKCS11_CKFM_GENERATE},
	{PKCS11_CKM_AES_KEY_GEN, 16, 32, PKCS11_CKFM_GENERATE},
	{PKCS11_CKM_AES_ECB, 16, 32, CIPHER_WRAP},
	{PKCS11_CKM_AES_CBC, 16, 32, CIPHER_WRAP},
	/* OP-TEE knows CBC_PAD's id but reports no flags: carried here. */
	{PKCS11_CKM_AES_CBC_PAD, 16, 32,
	 PKCS11_CKFM_ENCRYPT | PKCS11_CKFM_DECRYPT},
	{PKCS11_CKM_AES_CTR, 16, 32, PKCS11_CKFM_ENCRYPT | PKCS11_CKFM_DECRYPT},
	{PKCS11_CKM_AES_GCM, 16, 32, CIPHER_WRAP},
	{PKCS11_CKM_AES_CMAC, 16, 32, SIGN_VERIFY},
	{PKCS11_CKM_AES_CMAC_GENERAL, 16, 32, SIGN_VERIFY},
	{PKCS11_CKM_MD5, 0, 0, PKCS11_CKFM_DIGEST},
	{PKCS11_CKM_SHA_1, 0, 0, PKCS11_CKFM_DIGEST},
	{PKCS11_CKM_SHA224, 0, 0, PKCS11_CKFM_DIGEST},
	{PKCS11_CKM_SHA256, 0, 0, PKCS11_CKFM_DIGEST},
	{PKCS11_CKM_SHA384, 0, 0, PKCS11_CKFM_DIGEST},
	{PKCS11_CKM_SHA512, 0, 0, PKCS11_CKFM_DIGEST},
	/* HMAC key sizes in bytes, as OP-TEE's (GP's HMAC key bounds). */
	{PKCS11_CKM_MD5_HMAC, 8, 64, SIGN_VERIFY},
	{PKCS11_CKM_MD5_HMAC_GENERAL, 8, 64, SIGN_VERIFY},
	{PKCS11_CKM_SHA_1_HMAC, 10, 64, SIGN_VERIFY},
	{PKCS11_CKM_SHA_1_HMAC_GENERAL, 10, 64, SIGN_VERIFY},
	{PKCS11_CKM_SHA224_HMAC, 14, 64, SIGN_VERIFY},
	{PKCS11_CKM_SHA224_HMAC_GENERAL, 14, 64, SIGN_VERIFY},
	{PKCS11_CKM_SHA256_HMAC, 24, 128, SIGN_VERIFY},
	{PKCS11_CKM_SHA256_HMAC_GENERAL, 24, 128, SIGN_VERIFY},
	{PKCS11_CKM_SHA384_HMAC, 32, 128, SIGN_VERIFY},
	{PKCS11_CKM_SHA384_HMAC_GENERAL, 32, 128, SIGN_VERIFY},
	{PKCS11_CKM_SHA512_HMAC, 32, 128, SIGN_VERIFY},
	{PKCS11_CKM_SHA512_HMAC_GENERAL, 32, 128, SIGN_VERIFY},
};

#define MECH_COUNT (sizeof(mechanisms) / sizeof(mechanisms[0]))

static const struct mechanism *find_mechanism(uint32_t id)
{
	size_t n;

	for (n = 0; n < MECH_COUNT; n++)
		if (mechanisms[n].id == id)
			return &mechanisms[n];
	return NULL;
}

enum pkcs11_rc mechanism_keygen_check(uint32_t mech, uint32_t key_type,
				      uint32_t bytes)
{
	const struct mechanism *m = find_mechanism(mech);

	if (!m || !(m->flags & PKCS11_CKFM_GENERATE))
		return PKCS11_CKR_MECHANISM_INVALID;
	if (mech == PKCS11_CKM_AES_KEY_GEN) {
		if (key_type != PKCS11_CKK_AES)
			return PKCS11_CKR_TEMPLATE_INCONSISTENT;
		if (bytes != 16 && bytes != 24 && bytes != 32)
			return PKCS11_CKR_KEY_SIZE_RANGE;
		return PKCS11_CKR_OK;
	}
	if (key_type != PKCS11_CKK_GENERIC_SECRET)
		return PKCS11_CKR_TEMPLATE_INCONSISTENT;
	if (!bytes || (uint64_t)bytes * 8 > m->max_key)
		return PKCS11_CKR_KEY_SIZE_RANGE;
	return PKCS11_CKR_OK;
}

#define OUT_TYPES                                                              \
	TEE_PARAM_TYPES(TEE_PARAM_TYPE_MEMREF_INOUT, TEE_PARAM_TYPE_NONE,      \
			TEE_PARAM_TYPE_MEMREF_OUTPUT, TEE_PARAM_TYPE_NONE)

PKCS11_HANDLER(entry_ck_token_mecha_ids)
{
	uint32_t need = MECH_COUNT * 4, slot = 0, n;
	uint8_t *out = PARAM_BUF(2);
	struct serialargs a;

	(void)c;
	if (ptypes != OUT_TYPES)
		return PKCS11_CKR_ARGUMENTS_BAD;
	ctrl_args(&a, params);
	if (serialargs_get_u32(&a, &slot) || serialargs_remaining_bytes(&a))
		return PKCS11_CKR_ARGUMENTS_BAD;
	if (!get_token(slot))
		return PKCS11_CKR_SLOT_ID_INVALID;
	if (PARAM_SIZE(2) < need) {
		PARAM_SIZE(2) = need;
		return out ? PKCS11_CKR_BUFFER_TOO_SMALL : PKCS11_CKR_OK;
	}
	for (n = 0; n < MECH_COUNT; n++)
		put_u32(out + 4 * n, mechanisms[MECH_COUNT - 1 - n].id);
	PARAM_SIZE(2) = need;
	return PKCS11_CKR_OK;
}

PKCS11_HANDLER(entry_ck_token_mecha_info)
{
	const struct mechanism *m;
	uint32_t slot = 0, id = 0;
	uint8_t *out = PARAM_BUF(2);
	struct serialargs a;

	(void)c;
	if (ptypes != OUT_TYPES ||
	    PARAM_SIZE(2) != sizeof(struct pkcs11_mechanism_info))
		return PKCS11_CKR_ARGUMENTS_BAD;
	ctrl_args(&a, params);
	if (serialargs_get_u32(&a, &slot) || serialargs_get_u32(&a, &id) ||
	    serialargs_remaining_bytes(&a))
		return PKCS11_CKR_ARGUMENTS_BAD;
	if (!get_token(slot))
		return PKCS11_CKR_SLOT_ID_INVALID;
	m = find_mechanism(id);
	if (!m)
		return PKCS11_CKR_MECHANISM_INVALID;
	put_u32(out, m->min_key);
	put_u32(out + 4, m->max_key);
	put_u32(out + 8, m->flags);
	return PKCS11_CKR_OK;
}

PKCS11_HANDLER(entry_release_active_processing)
{
	struct pkcs11_session *s;
	struct serialargs a;
	uint32_t sh = 0, cmd = 0;

	(void)ptypes;
	ctrl_args(&a, params);
	if (serialargs_get_u32(&a, &sh) || serialargs_get_u32(&a, &cmd) ||
	    serialargs_remaining_bytes(&a))
		return PKCS11_CKR_ARGUMENTS_BAD;
	s = get_session(c, sh);
	if (!s)
		return PKCS11_CKR_SESSION_HANDLE_INVALID;
	session_processing_release(s);
	asymm_release(s);
	return PKCS11_CKR_OK;
}

PKCS11_HANDLER(entry_ck_generate_random)
{
	const uint32_t exp = TEE_PARAM_TYPES(
		TEE_PARAM_TYPE_MEMREF_INOUT, TEE_PARAM_TYPE_NONE,
		TEE_PARAM_TYPE_MEMREF_OUTPUT, TEE_PARAM_TYPE_NONE);
	struct serialargs a;
	uint32_t sh = 0;

	if (ptypes != exp)
		return PKCS11_CKR_ARGUMENTS_BAD;
	ctrl_args(&a, params);
	if (serialargs_get_u32(&a, &sh) || serialargs_remaining_bytes(&a))
		return PKCS11_CKR_ARGUMENTS_BAD;
	if (!get_session(c, sh))
		return PKCS11_CKR_SESSION_HANDLE_INVALID;
	if (PARAM_SIZE(2))
		TEE_GenerateRandom(PARAM_BUF(2), PARAM_SIZE(2));
	return PKCS11_CKR_OK;
}
