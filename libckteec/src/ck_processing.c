// SPDX-License-Identifier: BSD-2-Clause
/*
 * Cipher and digest functions and the INIT of signatures, as OP-TEE's
 * libckteec pkcs11_processing.c: every function is one TA command; data
 * goes in param[1], results come back in param[2] (a NULL output buffer
 * asks for the size).  The signature steps are in ck_sign.c.  The TA
 * answers MECHANISM_INVALID for what it lacks.
 */
#include "ck_api.h"

static uint32_t u32_of(CK_ULONG h)
{
	return h > UINT32_MAX ? 0 : h;
}

static CK_RV init_cmd(uint32_t cmd, CK_SESSION_HANDLE session,
		      CK_MECHANISM_PTR mech, const CK_OBJECT_HANDLE *key)
{
	struct ctrl_buf c = {0};
	CK_RV rv = ck_ready();

	if (rv)
		return rv;
	ctrl_put_u32(&c, u32_of(session));
	if (key)
		ctrl_put_u32(&c, u32_of(*key));
	rv = ck_mechanism(&c, mech);
	if (rv) {
		ctrl_release(&c);
		return rv;
	}
	return ctrl_invoke(cmd, &c, NULL, 0, NULL, NULL);
}

CK_RV C_EncryptInit(CK_SESSION_HANDLE s, CK_MECHANISM_PTR m, CK_OBJECT_HANDLE k)
{
	return init_cmd(PKCS11_CMD_ENCRYPT_INIT, s, m, &k);
}

CK_RV C_DecryptInit(CK_SESSION_HANDLE s, CK_MECHANISM_PTR m, CK_OBJECT_HANDLE k)
{
	return init_cmd(PKCS11_CMD_DECRYPT_INIT, s, m, &k);
}

CK_RV C_SignInit(CK_SESSION_HANDLE s, CK_MECHANISM_PTR m, CK_OBJECT_HANDLE k)
{
	return init_cmd(PKCS11_CMD_SIGN_INIT, s, m, &k);
}

CK_RV C_VerifyInit(CK_SESSION_HANDLE s, CK_MECHANISM_PTR m, CK_OBJECT_HANDLE k)
{
	return init_cmd(PKCS11_CMD_VERIFY_INIT, s, m, &k);
}

CK_RV C_DigestInit(CK_SESSION_HANDLE s, CK_MECHANISM_PTR m)
{
	return init_cmd(PKCS11_CMD_DIGEST_INIT, s, m, NULL);
}

/* Command ids of the steps (ABI-FACTS-INTERNAL §6.3). */
enum {
	CMD_ENCRYPT_UPDATE = 19,
	CMD_DECRYPT_UPDATE = 20,
	CMD_ENCRYPT_FINAL = 21,
	CMD_DECRYPT_FINAL = 22,
	CMD_ENCRYPT_ONESHOT = 23,
	CMD_DECRYPT_ONESHOT = 24,
	CMD_SIGN_UPDATE = 27,
	CMD_VERIFY_UPDATE = 28,
	CMD_SIGN_FINAL = 29,
	CMD_VERIFY_FINAL = 30,
	CMD_SIGN_ONESHOT = 31,
	CMD_VERIFY_ONESHOT = 32,
	CMD_DIGEST_KEY = 46,
	CMD_DIGEST_UPDATE = 47,
	CMD_DIGEST_FINAL = 48,
	CMD_DIGEST_ONESHOT = 49,
};

/*
 * A data step: @in (param[1], absent when empty) in, @out (param[2]) out;
 * a NULL @out asks for the size (a 0-byte output memref), as libckteec.
 */
static CK_RV data_cmd(uint32_t cmd, CK_SESSION_HANDLE session, CK_BYTE_PTR in,
		      CK_ULONG in_len, CK_BYTE_PTR out, CK_ULONG_PTR out_len)
{
	struct ctrl_buf c = {0};
	size_t size;
	CK_RV rv = ck_ready();

	if (rv)
		return rv;
	if (!out_len || (in_len && !in))
		return CKR_ARGUMENTS_BAD;
	size = out ? *out_len : 0;
	ctrl_put_u32(&c, u32_of(session));
	rv = ctrl_invoke(cmd, &c, in_len ? in : NULL, in_len, out, &size);
	if (rv == CKR_OK || rv == CKR_BUFFER_TOO_SMALL)
		*out_len = size;
	return rv;
}

CK_RV C_Encrypt(CK_SESSION_HANDLE s, CK_BYTE_PTR in, CK_ULONG in_len,
		CK_BYTE_PTR out, CK_ULONG_PTR out_len)
{
	return data_cmd(CMD_ENCRYPT_ONESHOT, s, in, in_len, out, out_len);
}

CK_RV C_EncryptUpdate(CK_SESSION_HANDLE s, CK_BYTE_PTR in, CK_ULONG in_len,
		      CK_BYTE_PTR out, CK_ULONG_PTR out_len)
{
	return data_cmd(CMD_ENCRYPT_UPDATE, s, in, in_len, out, out_len);
}

CK_RV C_EncryptFinal(CK_SESSION_HANDLE s, CK_BYTE_PTR out, CK_ULONG_PTR out_len)
{
	return data_cmd(CMD_ENCRYPT_FINAL, s, NULL, 0, out, out_len);
}

CK_RV C_Decrypt(CK_SESSION_HANDLE s, CK_BYTE_PTR in, CK_ULONG in_len,
		CK_BYTE_PTR out, CK_ULONG_PTR out_len)
{
	return data_cmd(CMD_DECRYPT_ONESHOT, s, in, in_len, out, out_len);
}

CK_RV C_DecryptUpdate(CK_SESSION_HANDLE s, CK_BYTE_PTR in, CK_ULONG in_len,
		      CK_BYTE_PTR out, CK_ULONG_PTR out_len)
{
	return data_cmd(CMD_DECRYPT_UPDATE, s, in, in_len, out, out_len);
}

CK_RV C_DecryptFinal(CK_SESSION_HANDLE s, CK_BYTE_PTR out, CK_ULONG_PTR out_len)
{
	return data_cmd(CMD_DECRYPT_FINAL, s, NULL, 0, out, out_len);
}

/* A step with input only (DIGEST_UPDATE). */
static CK_RV in_cmd(uint32_t cmd, CK_SESSION_HANDLE session, CK_BYTE_PTR in,
		    CK_ULONG in_len)
{
	struct ctrl_buf c = {0};
	CK_RV rv = ck_ready();

	if (rv)
		return rv;
	if (in_len && !in)
		return CKR_ARGUMENTS_BAD;
	ctrl_put_u32(&c, u32_of(session));
	return ctrl_invoke(cmd, &c, in_len ? in : NULL, in_len, NULL, NULL);
}

CK_RV C_Digest(CK_SESSION_HANDLE s, CK_BYTE_PTR in, CK_ULONG in_len,
	       CK_BYTE_PTR out, CK_ULONG_PTR out_len)
{
	return data_cmd(CMD_DIGEST_ONESHOT, s, in, in_len, out, out_len);
}

CK_RV C_DigestUpdate(CK_SESSION_HANDLE s, CK_BYTE_PTR in, CK_ULONG in_len)
{
	return in_cmd(CMD_DIGEST_UPDATE, s, in, in_len);
}

CK_RV C_DigestKey(CK_SESSION_HANDLE s, CK_OBJECT_HANDLE k)
{
	struct ctrl_buf c = {0};
	CK_RV rv = ck_ready();

	if (rv)
		return rv;
	ctrl_put_u32(&c, u32_of(s));
	ctrl_put_u32(&c, u32_of(k));
	return ctrl_invoke(CMD_DIGEST_KEY, &c, NULL, 0, NULL, NULL);
}

CK_RV C_DigestFinal(CK_SESSION_HANDLE s, CK_BYTE_PTR out, CK_ULONG_PTR out_len)
{
	return data_cmd(CMD_DIGEST_FINAL, s, NULL, 0, out, out_len);
}

CK_RV C_GenerateKeyPair(CK_SESSION_HANDLE s, CK_MECHANISM_PTR m,
			CK_ATTRIBUTE_PTR pub, CK_ULONG pub_count,
			CK_ATTRIBUTE_PTR priv, CK_ULONG priv_count,
			CK_OBJECT_HANDLE_PTR pub_h, CK_OBJECT_HANDLE_PTR priv_h)
{
	struct ctrl_buf c = {0};
	uint8_t out[8];
	size_t size = sizeof(out);
	CK_RV rv = ck_ready();

	if (rv)
		return rv;
	if (!pub_h || !priv_h)
		return CKR_ARGUMENTS_BAD;
	ctrl_put_u32(&c, u32_of(s));
	rv = ck_mechanism(&c, m);
	if (!rv)
		rv = serialize_ck_template(&c, pub, pub_count, 0);
	if (!rv)
		rv = serialize_ck_template(&c, priv, priv_count, 0);
	if (rv) {
		ctrl_release(&c);
		return rv;
	}
	rv = ctrl_invoke(PKCS11_CMD_GENERATE_KEY_PAIR, &c, NULL, 0, out, &size);
	if (rv == CKR_OK) {
		*pub_h = get_u32(out);
		*priv_h = get_u32(out + 4);
	}
	return rv;
}
