// SPDX-License-Identifier: BSD-2-Clause
/*
 * Signatures by MAC: HMAC with MD5, SHA-1 and SHA-2 (the *_HMAC and
 * *_HMAC_GENERAL mechanisms) and AES-CMAC (AES_CMAC, AES_CMAC_GENERAL),
 * through SIGN_INIT / VERIFY_INIT and their steps, on the GP MAC API.
 * OP-TEE's rules (processing_symm.c, pkcs11_attributes.c; ABI-FACTS-
 * INTERNAL §6.8): an HMAC key is a generic secret or the HMAC key type of
 * the mechanism's hash, its size within the mechanism's range (GP's
 * bounds for the HMAC key type are the same bytes: else KEY_SIZE_RANGE);
 * the _GENERAL mechanisms take a u32 output length, at most the MAC's.
 * PKCS#11 3.0 §5.13 (C_Verify): a signature of the wrong length is
 * SIGNATURE_LEN_RANGE, a wrong one SIGNATURE_INVALID.
 */
#include <string.h>
#include <tee_internal_api.h>

#include "processing.h"

/**
 * struct mac_mech - a MAC mechanism
 * @mech:	its id (the _GENERAL one is @mech + 1)
 * @alg:	the GP algorithm
 * @obj:	the GP key object type
 * @key_type:	the PKCS#11 key type it takes (and generic secrets, HMAC)
 * @len:	MAC bytes
 */
struct mac_mech {
	uint32_t mech;
	uint32_t alg;
	uint32_t obj;
	uint32_t key_type;
	uint32_t len;
};

static const struct mac_mech macs[] = {
	{PKCS11_CKM_MD5_HMAC, TEE_ALG_HMAC_MD5, TEE_TYPE_HMAC_MD5,
	 PKCS11_CKK_MD5_HMAC, 16},
	{PKCS11_CKM_SHA_1_HMAC, TEE_ALG_HMAC_SHA1, TEE_TYPE_HMAC_SHA1,
	 PKCS11_CKK_SHA_1_HMAC, 20},
	{PKCS11_CKM_SHA224_HMAC, TEE_ALG_HMAC_SHA224, TEE_TYPE_HMAC_SHA224,
	 PKCS11_CKK_SHA224_HMAC, 28},
	{PKCS11_CKM_SHA256_HMAC, TEE_ALG_HMAC_SHA256, TEE_TYPE_HMAC_SHA256,
	 PKCS11_CKK_SHA256_HMAC, 32},
	{PKCS11_CKM_SHA384_HMAC, TEE_ALG_HMAC_SHA384, TEE_TYPE_HMAC_SHA384,
	 PKCS11_CKK_SHA384_HMAC, 48},
	{PKCS11_CKM_SHA512_HMAC, TEE_ALG_HMAC_SHA512, TEE_TYPE_HMAC_SHA512,
	 PKCS11_CKK_SHA512_HMAC, 64},
	{PKCS11_CKM_AES_CMAC, TEE_ALG_AES_CMAC, TEE_TYPE_AES, PKCS11_CKK_AES,
	 16},
};

static const struct mac_mech *find_mac(uint32_t mech, bool *general)
{
	size_t n;

	for (n = 0; n < sizeof(macs) / sizeof(macs[0]); n++) {
		*general = mech == macs[n].mech + 1;
		if (mech == macs[n].mech || *general)
			return &macs[n];
	}
	return NULL;
}

/* The output length a mechanism's parameter asks (none: the MAC's). */
static enum pkcs11_rc mac_len_of(const struct mac_mech *m, bool general,
				 const void *p, uint32_t size, uint32_t *len)
{
	struct serialargs a;

	*len = m->len;
	if (!general)
		return size ? PKCS11_CKR_MECHANISM_PARAM_INVALID
			    : PKCS11_CKR_OK;
	serialargs_init(&a, p, size);
	if (serialargs_get_u32(&a, len) || serialargs_remaining_bytes(&a))
		return PKCS11_CKR_ARGUMENTS_BAD;
	if (!*len || *len > m->len)
		return PKCS11_CKR_MECHANISM_PARAM_INVALID;
	return PKCS11_CKR_OK;
}

static enum pkcs11_rc mac_start(struct pkcs11_session *s, uint32_t cmd,
				struct pkcs11_object *key,
				const struct mac_mech *m, uint32_t len)
{
	TEE_OperationHandle op = TEE_HANDLE_NULL;
	struct proc_state *st;
	enum pkcs11_rc rc;

	st = TEE_Malloc(sizeof(*st), TEE_MALLOC_FILL_ZERO);
	if (!st)
		return PKCS11_CKR_DEVICE_MEMORY;
	rc = proc_key_load(key, m->alg, TEE_MODE_MAC, m->obj, &op);
	if (rc) {
		TEE_Free(st);
		return rc;
	}
	TEE_MACInit(op, NULL, 0);
	st->mech = m->mech;
	st->mac_len = len;
	st->mac_full = m->len;
	proc_start(s, cmd, op, st);
	return PKCS11_CKR_OK;
}

static enum pkcs11_rc sign_verify_init(struct pkcs11_client *c, uint32_t ptypes,
				       TEE_Param *params, uint32_t cmd)
{
	const bool sign = cmd == PKCS11_CMD_SIGN_INIT;
	uint32_t sh = 0, kh = 0, mech = 0, psize = 0, len = 0;
	const struct mac_mech *m;
	struct pkcs11_session *s;
	struct pkcs11_object *key;
	const void *param = NULL;
	bool general = false;
	enum pkcs11_rc rc;

	if (ptypes != TEE_PARAM_TYPES(TEE_PARAM_TYPE_MEMREF_INOUT,
				      TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE,
				      TEE_PARAM_TYPE_NONE))
		return PKCS11_CKR_ARGUMENTS_BAD;
	rc = proc_init_args(params, true, &sh, &kh, &mech, &param, &psize);
	if (rc)
		return rc;
	s = get_session(c, sh);
	if (!s)
		return PKCS11_CKR_SESSION_HANDLE_INVALID;
	if (s->proc_cmd)
		return PKCS11_CKR_OPERATION_ACTIVE;
	/* Only MACs are carried: signatures by key pairs are not. */
	m = find_mac(mech, &general);
	if (!m)
		return PKCS11_CKR_MECHANISM_INVALID;
	key = object_get(s, kh);
	if (!key)
		return PKCS11_CKR_KEY_HANDLE_INVALID;
	rc = proc_key_check(
		key, sign ? PKCS11_CKA_SIGN : PKCS11_CKA_VERIFY, m->key_type,
		m->key_type == PKCS11_CKK_AES ? PKCS11_CKK_AES
					      : PKCS11_CKK_GENERIC_SECRET);
	if (!rc)
		rc = mac_len_of(m, general, param, psize, &len);
	if (rc)
		return rc;
	return mac_start(s, cmd, key, m, len);
}

PKCS11_HANDLER(entry_mac_sign_init)
{
	return sign_verify_init(c, ptypes, params, PKCS11_CMD_SIGN_INIT);
}

PKCS11_HANDLER(entry_mac_verify_init)
{
	return sign_verify_init(c, ptypes, params, PKCS11_CMD_VERIFY_INIT);
}

/* Does @a equal @b (@len bytes), in time that does not tell where not? */
static bool same(const uint8_t *a, const uint8_t *b, size_t len)
{
	uint8_t d = 0;
	size_t n;

	for (n = 0; n < len; n++)
		d |= a[n] ^ b[n];
	return !d;
}

static enum pkcs11_rc mac_final(struct pkcs11_session *s, bool sign,
				struct proc_io *io)
{
	struct proc_state *st = s->proc_state;
	uint8_t mac[64];
	size_t len = sizeof(mac);
	enum pkcs11_rc rc = PKCS11_CKR_OK;

	if (sign && (io->out_len < st->mac_len || !io->out)) {
		rc = io->out ? PKCS11_CKR_BUFFER_TOO_SMALL : PKCS11_CKR_OK;
		io->out_len = st->mac_len;
		return rc;
	}
	if (!sign && io->in2_len != st->mac_len)
		return PKCS11_CKR_SIGNATURE_LEN_RANGE;
	if (TEE_MACComputeFinal(s->proc_op, io->in, io->in_len, mac, &len))
		return PKCS11_CKR_GENERAL_ERROR;
	if (sign) {
		memcpy(io->out, mac, st->mac_len);
		io->out_len = st->mac_len;
	} else if (!same(mac, io->in2, st->mac_len)) {
		rc = PKCS11_CKR_SIGNATURE_INVALID;
	}
	TEE_MemFill(mac, 0, sizeof(mac));
	return rc;
}

enum mac_step { MAC_UPDATE, MAC_FINAL, MAC_ONESHOT };

static enum pkcs11_rc mac_step_entry(struct pkcs11_client *c, uint32_t ptypes,
				     TEE_Param *params, uint32_t init,
				     enum mac_step step)
{
	const bool sign = init == PKCS11_CMD_SIGN_INIT;
	struct pkcs11_session *s;
	struct proc_io io;
	enum pkcs11_rc rc;

	s = proc_step_session(c, ptypes, params, init, &io, &rc);
	if (!s)
		return rc;
	if ((step == MAC_FINAL && io.in) ||
	    (sign && step != MAC_UPDATE && !io.has_out) || (sign && io.in2) ||
	    (!sign && io.has_out)) {
		rc = PKCS11_CKR_ARGUMENTS_BAD;
	} else if (step == MAC_UPDATE) {
		if (io.in_len)
			TEE_MACUpdate(s->proc_op, io.in, io.in_len);
		rc = PKCS11_CKR_OK;
	} else {
		rc = mac_final(s, sign, &io);
	}
	return proc_step_done(s, params, &io, rc, step != MAC_UPDATE);
}

#define MAC_STEP(name, init, step)                                             \
	PKCS11_HANDLER(name)                                                   \
	{                                                                      \
		return mac_step_entry(c, ptypes, params, init, step);          \
	}

MAC_STEP(entry_mac_sign_update, PKCS11_CMD_SIGN_INIT, MAC_UPDATE)
MAC_STEP(entry_mac_verify_update, PKCS11_CMD_VERIFY_INIT, MAC_UPDATE)
MAC_STEP(entry_mac_sign_final, PKCS11_CMD_SIGN_INIT, MAC_FINAL)
MAC_STEP(entry_mac_verify_final, PKCS11_CMD_VERIFY_INIT, MAC_FINAL)
MAC_STEP(entry_mac_sign_oneshot, PKCS11_CMD_SIGN_INIT, MAC_ONESHOT)
MAC_STEP(entry_mac_verify_oneshot, PKCS11_CMD_VERIFY_INIT, MAC_ONESHOT)
