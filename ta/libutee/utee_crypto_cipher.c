// SPDX-License-Identifier: BSD-2-Clause
/*
 * Symmetric ciphers (ECB, CBC without padding, CTR) and authenticated
 * encryption (GCM, CCM) on libcrypto's EVP_CIPHER, for
 * tee_api_operations.c.  The GP checks are done there; here the key and
 * IV become a libcrypto context.
 *
 * libcrypto holds back the tail of a block mode's input until a block is
 * complete, as OP-TEE does: op->buffered counts it, so that the output
 * size of a call is known before the call (GP's short-buffer rule).
 * libcrypto takes CCM's AAD and payload in one piece each, so CCM keeps
 * them in the operation and runs at the final call: TEE_AEUpdate outputs
 * nothing for CCM and the final call outputs the whole payload.
 */
#include <limits.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <tee_internal_api.h>

#include "utee_crypto.h"

/* A key, IV or tag longer than any implemented algorithm takes. */
#define MAX_KEY 32

/* Starts @op's cipher context: the cipher for its key, no padding. */
static TEE_Result start(struct utee_op *op, const void *iv, size_t iv_len,
			bool have_iv)
{
	uint8_t key[MAX_KEY];
	const uint8_t *secret;
	EVP_CIPHER *c;
	size_t len = 0;
	size_t klen;
	int ok;

	secret = utee_obj_secret(op->key, &len);
	if (!secret || len > MAX_KEY)
		return TEE_ERROR_GENERIC;
	c = utee_cipher_fetch(op->alg, len);
	if (!c)
		return TEE_ERROR_GENERIC;
	klen = utee_cipher_key(op->alg, secret, len, key);
	ok = (size_t)EVP_CIPHER_get_key_length(c) == klen;
	if (ok && have_iv)
		ok = (size_t)EVP_CIPHER_get_iv_length(c) == iv_len;
	else if (ok)
		ok = !iv_len;
	ok = ok && EVP_CipherInit_ex2(op->cipher, c, key, iv,
				      op->info.mode == TEE_MODE_ENCRYPT, NULL);
	ok = ok && EVP_CIPHER_CTX_set_padding(op->cipher, 0);
	OPENSSL_cleanse(key, sizeof(key));
	EVP_CIPHER_free(c);
	op->buffered = 0;
	return ok ? TEE_SUCCESS : TEE_ERROR_BAD_PARAMETERS;
}

TEE_Result utee_cipher_start(struct utee_op *op, const void *iv, size_t iv_len)
{
	/* ECB takes no IV; CBC and CTR one block. */
	return start(op, iv_len ? iv : NULL, iv_len,
		     strcmp(op->alg->evp, "ECB") != 0);
}

size_t utee_cipher_out_len(const struct utee_op *op, size_t len, bool final)
{
	(void) final; /* without padding the end adds nothing */
	if (op->alg->block == 1)
		return len;
	return (op->buffered + len) / op->alg->block * op->alg->block;
}

/* EVP_CipherUpdate() over any length; @dest may be NULL if none comes. */
static TEE_Result update(EVP_CIPHER_CTX *ctx, const uint8_t *src, size_t len,
			 uint8_t *dest, size_t *out_len)
{
	uint8_t none[UTEE_MAX_BLOCK];
	size_t total = 0;
	int n;

	while (len) {
		int chunk = len > INT_MAX / 2 ? INT_MAX / 2 : (int)len;

		if (!EVP_CipherUpdate(ctx, dest ? dest + total : none, &n, src,
				      chunk))
			return TEE_ERROR_GENERIC;
		total += (size_t)n;
		src += chunk;
		len -= (size_t)chunk;
	}
	*out_len = total;
	return TEE_SUCCESS;
}

TEE_Result utee_cipher_run(struct utee_op *op, const void *src, size_t len,
			   void *dest, size_t *out_len)
{
	TEE_Result res = update(op->cipher, src, len, dest, out_len);

	if (!res && op->alg->block > 1)
		op->buffered = (op->buffered + len) % op->alg->block;
	return res;
}

static bool gcm_tag_ok(uint32_t bits)
{
	return bits >= 96 && bits <= 128 && !(bits % 8);
}

static bool ccm_tag_ok(uint32_t bits)
{
	return bits >= 32 && bits <= 128 && !(bits % 16);
}

/* Sets @op's nonce length and tag length before the key goes in. */
static TEE_Result ae_lengths(struct utee_op *op, size_t len,
			     const EVP_CIPHER *c)
{
	EVP_CIPHER_CTX *ctx = op->cipher;
	int enc = op->info.mode == TEE_MODE_ENCRYPT;

	if (!EVP_CipherInit_ex2(ctx, c, NULL, NULL, enc, NULL) ||
	    !EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, (int)len, NULL))
		return TEE_ERROR_BAD_PARAMETERS;
	if (op->alg->kind == UTEE_ALG_CCM &&
	    !EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, (int)op->tag_len,
				 NULL))
		return TEE_ERROR_BAD_PARAMETERS;
	return TEE_SUCCESS;
}

TEE_Result utee_ae_start(struct utee_op *op, const void *nonce,
			 size_t nonce_len, uint32_t tag_bits)
{
	uint8_t key[MAX_KEY];
	const uint8_t *secret;
	EVP_CIPHER *c;
	TEE_Result res;
	size_t len = 0;

	if (op->alg->kind == UTEE_ALG_GCM && !gcm_tag_ok(tag_bits))
		return TEE_ERROR_NOT_SUPPORTED;
	if (op->alg->kind == UTEE_ALG_CCM &&
	    (!ccm_tag_ok(tag_bits) || nonce_len < 7 || nonce_len > 13))
		return TEE_ERROR_BAD_PARAMETERS;
	if (!nonce_len || nonce_len > 128)
		return TEE_ERROR_BAD_PARAMETERS;
	op->tag_len = tag_bits / 8;
	secret = utee_obj_secret(op->key, &len);
	if (!secret || len > MAX_KEY)
		return TEE_ERROR_GENERIC;
	c = utee_cipher_fetch(op->alg, len);
	if (!c)
		return TEE_ERROR_GENERIC;
	memcpy(key, secret, len);
	res = ae_lengths(op, nonce_len, c);
	if (!res && !EVP_CipherInit_ex2(op->cipher, NULL, key, nonce, -1, NULL))
		res = TEE_ERROR_GENERIC;
	OPENSSL_cleanse(key, sizeof(key));
	EVP_CIPHER_free(c);
	return res;
}

/* Appends @len bytes of @src to the TEE_Malloc'ed *@buf of *@buf_len. */
static TEE_Result append(uint8_t **buf, size_t *buf_len, const void *src,
			 size_t len)
{
	uint8_t *p;

	if (!len)
		return TEE_SUCCESS;
	if (*buf_len > SIZE_MAX - len || *buf_len + len > INT_MAX)
		return TEE_ERROR_OUT_OF_MEMORY;
	p = TEE_Realloc(*buf, *buf_len + len);
	if (!p)
		return TEE_ERROR_OUT_OF_MEMORY;
	memcpy(p + *buf_len, src, len);
	*buf = p;
	*buf_len += len;
	return TEE_SUCCESS;
}

TEE_Result utee_ae_aad(struct utee_op *op, const void *aad, size_t len)
{
	int n;

	if (op->alg->kind == UTEE_ALG_CCM)
		return append(&op->ccm_aad, &op->ccm_aad_len, aad, len);
	if (len > INT_MAX)
		return TEE_ERROR_GENERIC;
	if (len && !EVP_CipherUpdate(op->cipher, NULL, &n, aad, (int)len))
		return TEE_ERROR_GENERIC;
	return TEE_SUCCESS;
}

size_t utee_ae_out_len(const struct utee_op *op, size_t len, bool final)
{
	if (op->alg->kind != UTEE_ALG_CCM)
		return len;
	return final ? op->ccm_data_len + len : 0;
}

TEE_Result utee_ae_update(struct utee_op *op, const void *src, size_t len,
			  void *dest, size_t *out_len)
{
	if (op->alg->kind == UTEE_ALG_CCM) {
		*out_len = 0;
		return append(&op->ccm_data, &op->ccm_data_len, src, len);
	}
	return update(op->cipher, src, len, dest, out_len);
}

/* CCM in one go: lengths, AAD, payload; the tag is checked by the
 * payload call when decrypting. */
static TEE_Result ccm_final(struct utee_op *op, uint8_t *dest, size_t *out_len,
			    void *tag)
{
	EVP_CIPHER_CTX *ctx = op->cipher;
	bool enc = op->info.mode == TEE_MODE_ENCRYPT;
	static const uint8_t empty[1];
	int len = (int)op->ccm_data_len;
	uint8_t none[1];
	int n;

	if (!enc && !EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG,
					 (int)op->tag_len, tag))
		return TEE_ERROR_GENERIC;
	if (!EVP_CipherUpdate(ctx, NULL, &n, NULL, len))
		return TEE_ERROR_GENERIC;
	if (op->ccm_aad_len &&
	    !EVP_CipherUpdate(ctx, NULL, &n, op->ccm_aad, (int)op->ccm_aad_len))
		return TEE_ERROR_GENERIC;
	if (EVP_CipherUpdate(ctx, len ? dest : none, &n,
			     len ? op->ccm_data : empty, len) <= 0)
		return enc ? TEE_ERROR_GENERIC : TEE_ERROR_MAC_INVALID;
	*out_len = (size_t)len;
	if (enc && (!EVP_CipherFinal_ex(ctx, none, &n) ||
		    !EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG,
					 (int)op->tag_len, tag)))
		return TEE_ERROR_GENERIC;
	return TEE_SUCCESS;
}

/* GCM's end: the tag out, or the tag checked. */
static TEE_Result gcm_final(struct utee_op *op, void *tag)
{
	EVP_CIPHER_CTX *ctx = op->cipher;
	uint8_t none[UTEE_MAX_BLOCK];
	int n;

	if (op->info.mode == TEE_MODE_ENCRYPT) {
		if (!EVP_CipherFinal_ex(ctx, none, &n) ||
		    !EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG,
					 (int)op->tag_len, tag))
			return TEE_ERROR_GENERIC;
		return TEE_SUCCESS;
	}
	if (!EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, (int)op->tag_len,
				 tag))
		return TEE_ERROR_GENERIC;
	return EVP_CipherFinal_ex(ctx, none, &n) > 0 ? TEE_SUCCESS
						     : TEE_ERROR_MAC_INVALID;
}

TEE_Result utee_ae_final(struct utee_op *op, const void *src, size_t len,
			 void *dest, size_t *out_len, void *tag)
{
	TEE_Result res;

	if (op->alg->kind == UTEE_ALG_CCM) {
		res = append(&op->ccm_data, &op->ccm_data_len, src, len);
		return res ? res : ccm_final(op, dest, out_len, tag);
	}
	res = update(op->cipher, src, len, dest, out_len);
	return res ? res : gcm_final(op, tag);
}
