// SPDX-License-Identifier: BSD-2-Clause
/*
 * MACs for tee_api_operations.c: HMAC and AES-CMAC on libcrypto's
 * EVP_MAC, and CBC-MAC (AES, DES, triple DES; without padding or with
 * PKCS#5 padding) as the last block of a CBC encryption on EVP_CIPHER.
 */
#include <stdio.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <tee_internal_api.h>

#include "utee_crypto.h"

/* The input CBC-MAC encrypts at a time (its output is only scratch). */
#define CBC_MAC_CHUNK 256

static TEE_Result evp_mac_start(struct utee_op *op, const uint8_t *key,
				size_t len)
{
	OSSL_PARAM params[2] = {OSSL_PARAM_END, OSSL_PARAM_END};
	char cipher[16];

	if (op->alg->kind == UTEE_ALG_HMAC) {
		params[0] = OSSL_PARAM_construct_utf8_string(
			OSSL_MAC_PARAM_DIGEST, (char *)op->alg->evp, 0);
	} else {
		snprintf(cipher, sizeof(cipher), "AES-%zu-CBC", len * 8);
		params[0] = OSSL_PARAM_construct_utf8_string(
			OSSL_MAC_PARAM_CIPHER, cipher, 0);
	}
	return EVP_MAC_init(op->mac, key, len, params) ? TEE_SUCCESS
						       : TEE_ERROR_GENERIC;
}

static TEE_Result cbc_mac_start(struct utee_op *op, const uint8_t *secret,
				size_t len, const void *iv, size_t iv_len)
{
	static const uint8_t zero_iv[UTEE_MAX_BLOCK];
	uint8_t key[32];
	EVP_CIPHER *c;
	size_t klen;
	int ok;

	if (iv_len && iv_len != op->alg->block)
		return TEE_ERROR_BAD_PARAMETERS;
	c = utee_cipher_fetch(op->alg, len);
	if (!c || len > sizeof(key))
		goto err;
	klen = utee_cipher_key(op->alg, secret, len, key);
	ok = (size_t)EVP_CIPHER_get_key_length(c) == klen &&
	     EVP_CipherInit_ex2(op->cipher, c, key, iv_len ? iv : zero_iv, 1,
				NULL) &&
	     EVP_CIPHER_CTX_set_padding(op->cipher, 0);
	OPENSSL_cleanse(key, sizeof(key));
	EVP_CIPHER_free(c);
	memset(op->last, 0, sizeof(op->last));
	op->buffered = 0;
	return ok ? TEE_SUCCESS : TEE_ERROR_GENERIC;
err:
	EVP_CIPHER_free(c);
	return TEE_ERROR_GENERIC;
}

TEE_Result utee_mac_start(struct utee_op *op, const void *iv, size_t iv_len)
{
	size_t len = 0;
	const uint8_t *secret = utee_obj_secret(op->key, &len);

	if (!secret)
		return TEE_ERROR_GENERIC;
	if (op->alg->kind == UTEE_ALG_CBC_MAC)
		return cbc_mac_start(op, secret, len, iv, iv_len);
	return evp_mac_start(op, secret, len);
}

TEE_Result utee_mac_update(struct utee_op *op, const void *src, size_t len)
{
	uint8_t out[CBC_MAC_CHUNK + UTEE_MAX_BLOCK];
	const uint8_t *p = src;
	size_t block = op->alg->block;
	int n;

	if (op->alg->kind != UTEE_ALG_CBC_MAC)
		return !len || EVP_MAC_update(op->mac, src, len)
			       ? TEE_SUCCESS
			       : TEE_ERROR_GENERIC;
	while (len) {
		size_t chunk = len < CBC_MAC_CHUNK ? len : CBC_MAC_CHUNK;

		if (!EVP_CipherUpdate(op->cipher, out, &n, p, (int)chunk))
			return TEE_ERROR_GENERIC;
		if ((size_t)n >= block)
			memcpy(op->last, out + n - block, block);
		op->buffered = (op->buffered + chunk) % block;
		p += chunk;
		len -= chunk;
	}
	OPENSSL_cleanse(out, sizeof(out));
	return TEE_SUCCESS;
}

TEE_Result utee_mac_final(struct utee_op *op, uint8_t *mac)
{
	uint8_t pad[UTEE_MAX_BLOCK];
	size_t block = op->alg->block;
	size_t len;

	if (op->alg->kind != UTEE_ALG_CBC_MAC)
		return EVP_MAC_final(op->mac, mac, &len, op->info.digestLength)
			       ? TEE_SUCCESS
			       : TEE_ERROR_GENERIC;
	if (op->alg->pad) { /* PKCS#5: n bytes of value n, 1 <= n <= block */
		len = block - op->buffered;
		memset(pad, (int)len, len);
		if (utee_mac_update(op, pad, len))
			return TEE_ERROR_GENERIC;
	}
	if (op->buffered)
		return TEE_ERROR_BAD_PARAMETERS;
	memcpy(mac, op->last, block);
	return TEE_SUCCESS;
}
