// SPDX-License-Identifier: BSD-2-Clause
/*
 * PINs as OP-TEE's pkcs11_token.c keeps them: SHA-256(u32 user type ‖
 * u32 salt ‖ PIN) with a random non-zero salt, and a try counter that is
 * raised and stored before the PIN is compared, so that pulling the plug
 * mid-check still counts the try.  7 failures lock the PIN
 * (PKCS11_TOKEN_*_PIN_COUNT_MAX); the 6th sets FINAL_TRY.
 */
#include <string.h>
#include <tee_internal_api.h>

#include "pkcs11_token.h"

static enum pkcs11_rc pin_digest(uint32_t user, uint32_t salt,
				 const uint8_t *pin, uint32_t len,
				 uint8_t hash[PKCS11_PIN_HASH_SIZE])
{
	TEE_OperationHandle op = TEE_HANDLE_NULL;
	uint8_t pre[8];
	size_t hlen = PKCS11_PIN_HASH_SIZE;

	memset(hash, 0, PKCS11_PIN_HASH_SIZE);
	if (TEE_AllocateOperation(&op, TEE_ALG_SHA256, TEE_MODE_DIGEST, 0))
		return PKCS11_CKR_GENERAL_ERROR;
	memcpy(pre, &user, 4);
	memcpy(pre + 4, &salt, 4);
	TEE_DigestUpdate(op, pre, sizeof(pre));
	if (TEE_DigestDoFinal(op, pin, len, hash, &hlen)) {
		TEE_FreeOperation(op);
		return PKCS11_CKR_GENERAL_ERROR;
	}
	TEE_FreeOperation(op);
	return PKCS11_CKR_OK;
}

/* Constant time: how many bytes match says nothing about the PIN. */
static bool hash_equal(const uint8_t *a, const uint8_t *b)
{
	uint8_t diff = 0;
	size_t n;

	for (n = 0; n < PKCS11_PIN_HASH_SIZE; n++)
		diff |= a[n] ^ b[n];
	return !diff;
}

enum pkcs11_rc hash_pin(uint32_t user, const uint8_t *pin, uint32_t len,
			uint32_t *salt, uint8_t hash[PKCS11_PIN_HASH_SIZE])
{
	uint32_t s = 0;

	while (!s)
		TEE_GenerateRandom(&s, sizeof(s));
	*salt = s;
	return pin_digest(user, s, pin, len, hash);
}

/* Counter fields and flags of @user in @db. */
struct pin_slot {
	uint32_t *count;
	uint32_t salt;
	const uint8_t *hash;
	uint32_t low, final, locked;
};

static void pin_slot_of(struct token_persistent_main *db, uint32_t user,
			struct pin_slot *p)
{
	if (user == PKCS11_CKU_SO) {
		*p = (struct pin_slot){&db->so_pin_count,
				       db->so_pin_salt,
				       db->so_pin_hash,
				       PKCS11_CKFT_SO_PIN_COUNT_LOW,
				       PKCS11_CKFT_SO_PIN_FINAL_TRY,
				       PKCS11_CKFT_SO_PIN_LOCKED};
		return;
	}
	*p = (struct pin_slot){&db->user_pin_count,
			       db->user_pin_salt,
			       db->user_pin_hash,
			       PKCS11_CKFT_USER_PIN_COUNT_LOW,
			       PKCS11_CKFT_USER_PIN_FINAL_TRY,
			       PKCS11_CKFT_USER_PIN_LOCKED};
}

enum pkcs11_rc check_pin(struct ck_token *token, uint32_t user,
			 const uint8_t *pin, uint32_t len)
{
	struct token_persistent_main *db = &token->db;
	uint8_t hash[PKCS11_PIN_HASH_SIZE];
	struct pin_slot p;
	enum pkcs11_rc rc;

	pin_slot_of(db, user, &p);
	if (db->flags & p.locked)
		return PKCS11_CKR_PIN_LOCKED;

	db->flags |= p.low;
	(*p.count)++;
	if (*p.count == PKCS11_PIN_COUNT_MAX - 1)
		db->flags |= p.final;
	if (*p.count == PKCS11_PIN_COUNT_MAX)
		db->flags |= p.locked;
	rc = update_persistent_db(token);
	if (rc)
		return rc;

	rc = pin_digest(user, p.salt, pin, len, hash);
	if (rc)
		return rc;
	/* No salt: no PIN was ever set, nothing can match. */
	if (!p.salt || !hash_equal(hash, p.hash)) {
		if (db->flags & p.locked)
			return PKCS11_CKR_PIN_LOCKED;
		return PKCS11_CKR_PIN_INCORRECT;
	}

	*p.count = 0;
	db->flags &= ~(p.low | p.final);
	return update_persistent_db(token);
}
