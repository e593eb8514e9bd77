// SPDX-License-Identifier: BSD-2-Clause
/*
 * The encryption of encrypted TA images (OP-TEE's struct
 * shdr_encrypted_ta and core/tee/tee_ta_enc_manager.c): AES-GCM with the
 * TA encryption key.  The header comes from the normal world and is
 * checked field by field, every length against what is left of the image.
 */
#include <limits.h>

#include <openssl/err.h>
#include <openssl/evp.h>

#include "shdr_enc.h"
#include "ta/include/tee_api_defines.h"

/* The largest IV taken: far more than GCM's 12 bytes, and bounded. */
#define SHDR_ENC_MAX_IV 64

TEE_Result shdr_enc_decode(struct shdr_enc *e, const uint8_t *p, size_t len,
			   const char **why)
{
	if (len < SHDR_ENC_HDR_SIZE) {
		*why = "image truncated in the encryption header";
		return TEE_ERROR_SECURITY;
	}
	e->enc_algo = (uint32_t)p[0] | (uint32_t)p[1] << 8 |
		      (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
	e->flags = (uint32_t)p[4] | (uint32_t)p[5] << 8 | (uint32_t)p[6] << 16 |
		   (uint32_t)p[7] << 24;
	e->iv_size = (uint16_t)(p[8] | p[9] << 8);
	e->tag_size = (uint16_t)(p[10] | p[11] << 8);
	if (e->enc_algo != TEE_ALG_AES_GCM) {
		*why = "encryption algorithm not supported";
		return TEE_ERROR_SECURITY;
	}
	if (!e->iv_size || e->iv_size > SHDR_ENC_MAX_IV || e->tag_size < 12 ||
	    e->tag_size > 16) {
		*why = "IV or tag size not supported";
		return TEE_ERROR_SECURITY;
	}
	e->size = SHDR_ENC_HDR_SIZE + (size_t)e->iv_size + e->tag_size;
	if (e->size > len) {
		*why = "image truncated in the encryption header";
		return TEE_ERROR_SECURITY;
	}
	e->iv = p + SHDR_ENC_HDR_SIZE;
	e->tag = e->iv + e->iv_size;
	return TEE_SUCCESS;
}

/* A GCM context for @key and @iv, in @enc's direction; NULL on failure. */
static EVP_CIPHER_CTX *gcm_ctx(const uint8_t *key, const uint8_t *iv,
			       size_t iv_size, int enc)
{
	EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();

	if (!ctx ||
	    !EVP_CipherInit_ex(ctx, EVP_aes_256_gcm(), NULL, NULL, NULL, enc) ||
	    !EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_IVLEN, (int)iv_size,
				 NULL) ||
	    !EVP_CipherInit_ex(ctx, NULL, NULL, key, iv, enc)) {
		EVP_CIPHER_CTX_free(ctx);
		return NULL;
	}
	return ctx;
}

/* EVP_CipherUpdate over @len bytes, in pieces an int can count. */
static int gcm_update(EVP_CIPHER_CTX *ctx, uint8_t *out, const uint8_t *in,
		      size_t len)
{
	while (len) {
		int n = len > INT_MAX / 2 ? INT_MAX / 2 : (int)len, got = 0;

		if (!EVP_CipherUpdate(ctx, out, &got, in, n) || got != n)
			return -1;
		out += n;
		in += n;
		len -= (size_t)n;
	}
	return 0;
}

TEE_Result shdr_enc_decrypt(const struct shdr_enc *e,
			    const uint8_t key[SHDR_TA_ENC_KEY_SIZE],
			    const uint8_t *ct, size_t len, uint8_t *pt)
{
	EVP_CIPHER_CTX *ctx = gcm_ctx(key, e->iv, e->iv_size, 0);
	TEE_Result res = TEE_ERROR_SECURITY;
	int n = 0;

	if (!ctx) {
		ERR_clear_error();
		return TEE_ERROR_OUT_OF_MEMORY;
	}
	/* The tag is only a comparison value: OpenSSL takes a non-const. */
	if (!gcm_update(ctx, pt, ct, len) &&
	    EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_TAG, e->tag_size,
				(void *)e->tag) &&
	    EVP_DecryptFinal_ex(ctx, pt + len, &n) == 1 && !n)
		res = TEE_SUCCESS;
	EVP_CIPHER_CTX_free(ctx);
	ERR_clear_error();
	return res;
}

int shdr_enc_encrypt(const uint8_t key[SHDR_TA_ENC_KEY_SIZE], const uint8_t *iv,
		     size_t iv_size, const uint8_t *pt, size_t len, uint8_t *ct,
		     uint8_t *tag, size_t tag_size)
{
	EVP_CIPHER_CTX *ctx = gcm_ctx(key, iv, iv_size, 1);
	int n = 0, rc = -1;

	if (ctx && !gcm_update(ctx, ct, pt, len) &&
	    EVP_EncryptFinal_ex(ctx, ct + len, &n) == 1 && !n &&
	    EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, (int)tag_size, tag))
		rc = 0;
	EVP_CIPHER_CTX_free(ctx);
	return rc;
}
