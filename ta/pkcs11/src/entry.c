// SPDX-License-Identifier: BSD-2-Clause
/*
 * The PKCS#11 TA's entry points and command dispatch, with OP-TEE's
 * invocation convention (ta/pkcs11/src/entry.c; ABI-FACTS-INTERNAL §6.2):
 * param[0] is an INOUT memref of at least 4 bytes holding the control
 * arguments and, on return, the u32 PKCS#11 rc; the TEE result is
 * SUCCESS except SHORT_BUFFER for CKR_BUFFER_TOO_SMALL.
 */
#include <string.h>
#include <tee_internal_api.h>

#include "asymm.h"

void ctrl_args(struct serialargs *a, TEE_Param *params)
{
	serialargs_init(a, PARAM_BUF(0), PARAM_SIZE(0));
}

TEE_Result TA_CreateEntryPoint(void)
{
	return pkcs11_tokens_init();
}

void TA_DestroyEntryPoint(void)
{
}

TEE_Result TA_OpenSessionEntryPoint(uint32_t ptypes, TEE_Param params[4],
				    void **session)
{
	struct pkcs11_client *c = pkcs11_client_new();

	(void)ptypes;
	(void)params;
	if (!c)
		return TEE_ERROR_OUT_OF_MEMORY;
	*session = c;
	return TEE_SUCCESS;
}

void TA_CloseSessionEntryPoint(void *session)
{
	pkcs11_client_release(session);
}

static PKCS11_HANDLER(entry_ping)
{
	const uint32_t exp = TEE_PARAM_TYPES(
		TEE_PARAM_TYPE_MEMREF_INOUT, TEE_PARAM_TYPE_NONE,
		TEE_PARAM_TYPE_MEMREF_OUTPUT, TEE_PARAM_TYPE_NONE);
	uint8_t *out;

	(void)c;
	if (ptypes != exp || PARAM_SIZE(0) != 4 || PARAM_SIZE(2) != 12)
		return PKCS11_CKR_ARGUMENTS_BAD;
	out = PARAM_BUF(2);
	put_u32(out, PKCS11_TA_VERSION_MAJOR);
	put_u32(out + 4, PKCS11_TA_VERSION_MINOR);
	put_u32(out + 8, PKCS11_TA_VERSION_PATCH);
	return PKCS11_CKR_OK;
}

static PKCS11_HANDLER((*const handlers[])) = {
	[PKCS11_CMD_PING] = entry_ping,
	[PKCS11_CMD_SLOT_LIST] = entry_ck_slot_list,
	[PKCS11_CMD_SLOT_INFO] = entry_ck_slot_info,
	[PKCS11_CMD_TOKEN_INFO] = entry_ck_token_info,
	[PKCS11_CMD_MECHANISM_IDS] = entry_ck_token_mecha_ids,
	[PKCS11_CMD_MECHANISM_INFO] = entry_ck_token_mecha_info,
	[PKCS11_CMD_OPEN_SESSION] = entry_ck_open_session,
	[PKCS11_CMD_CLOSE_SESSION] = entry_ck_close_session,
	[PKCS11_CMD_CLOSE_ALL_SESSIONS] = entry_ck_close_all_sessions,
	[PKCS11_CMD_SESSION_INFO] = entry_ck_session_info,
	[PKCS11_CMD_INIT_TOKEN] = entry_ck_token_initialize,
	[PKCS11_CMD_INIT_PIN] = entry_ck_init_pin,
	[PKCS11_CMD_SET_PIN] = entry_ck_set_pin,
	[PKCS11_CMD_LOGIN] = entry_ck_login,
	[PKCS11_CMD_LOGOUT] = entry_ck_logout,
	[PKCS11_CMD_CREATE_OBJECT] = entry_create_object,
	[PKCS11_CMD_DESTROY_OBJECT] = entry_destroy_object,
	/*
	 * Commands 17-32 go to processing_asymm.c, which runs the RSA, EC
	 * and EdDSA mechanisms and hands the others on: encryption to
	 * processing_aes.c, signatures to processing_mac.c.
	 */
	[PKCS11_CMD_ENCRYPT_INIT] = entry_asymm_encrypt_init,
	[PKCS11_CMD_DECRYPT_INIT] = entry_asymm_decrypt_init,
	[19] = entry_asymm_encrypt_update,
	[20] = entry_asymm_decrypt_update,
	[21] = entry_asymm_encrypt_final,
	[22] = entry_asymm_decrypt_final,
	[23] = entry_asymm_encrypt_oneshot,
	[24] = entry_asymm_decrypt_oneshot,
	[PKCS11_CMD_SIGN_INIT] = entry_sign_init,
	[PKCS11_CMD_VERIFY_INIT] = entry_verify_init,
	[27] = entry_sign_update,
	[28] = entry_verify_update,
	[29] = entry_sign_final,
	[30] = entry_verify_final,
	[31] = entry_sign_oneshot,
	[32] = entry_verify_oneshot,
	[PKCS11_CMD_GENERATE_KEY] = entry_generate_secret,
	[PKCS11_CMD_FIND_OBJECTS_INIT] = entry_find_objects_init,
	[PKCS11_CMD_FIND_OBJECTS] = entry_find_objects,
	[PKCS11_CMD_FIND_OBJECTS_FINAL] = entry_find_objects_final,
	[PKCS11_CMD_GET_OBJECT_SIZE] = entry_get_object_size,
	[PKCS11_CMD_GET_ATTRIBUTE_VALUE] = entry_get_attribute_value,
	[PKCS11_CMD_SET_ATTRIBUTE_VALUE] = entry_set_attribute_value,
	[PKCS11_CMD_COPY_OBJECT] = entry_copy_object,
	[PKCS11_CMD_GENERATE_RANDOM] = entry_ck_generate_random,
	[PKCS11_CMD_DERIVE_KEY] = entry_derive_key,
	[PKCS11_CMD_RELEASE_ACTIVE_PROCESSING] =
		entry_release_active_processing,
	[PKCS11_CMD_DIGEST_INIT] = entry_digest_init,
	[46] = entry_digest_key,
	[47] = entry_digest_update,
	[48] = entry_digest_final,
	[49] = entry_digest_oneshot,
	[PKCS11_CMD_GENERATE_KEY_PAIR] = entry_generate_key_pair,
	[PKCS11_CMD_WRAP_KEY] = entry_wrap_key,
	[PKCS11_CMD_UNWRAP_KEY] = entry_unwrap_key,
};

TEE_Result TA_InvokeCommandEntryPoint(void *session, uint32_t cmd,
				      uint32_t ptypes, TEE_Param params[4])
{
	struct pkcs11_client *c = session;
	uint32_t t0 = TEE_PARAM_TYPE_GET(ptypes, 0);
	enum pkcs11_rc rc;

	if (!c)
		return TEE_ERROR_SECURITY;
	/* Commands this TA does not carry (yet): as an unknown id. */
	if (cmd >= sizeof(handlers) / sizeof(handlers[0]) || !handlers[cmd])
		return TEE_ERROR_NOT_SUPPORTED;
	/* entry.c lets OUTPUT through too; each handler then wants INOUT. */
	if ((t0 != TEE_PARAM_TYPE_MEMREF_INOUT &&
	     t0 != TEE_PARAM_TYPE_MEMREF_OUTPUT) ||
	    PARAM_SIZE(0) < 4 || !PARAM_BUF(0))
		return TEE_ERROR_BAD_PARAMETERS;
	rc = handlers[cmd](c, ptypes, params);
	put_u32(PARAM_BUF(0), rc);
	PARAM_SIZE(0) = 4;
	if (rc == PKCS11_CKR_BUFFER_TOO_SMALL)
		return TEE_ERROR_SHORT_BUFFER;
	return TEE_SUCCESS;
}
