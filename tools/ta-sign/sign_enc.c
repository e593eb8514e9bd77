// SPDX-License-Identifier: BSD-2-Clause
/*
 * teebox-sign: encrypted TAs (SHDR_ENCRYPTED_TA) as OP-TEE's
 * sign_encrypt.py makes them: sign --enc-key, ta-enc-key, and the
 * encryption header info prints.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>

#include "secure/shdr.h"
#include "secure/shdr_enc.h"

#include "sign_priv.h"

int parse_enc_key(const char *s, uint8_t key[SHDR_TA_ENC_KEY_SIZE])
{
	static const char digits[] = "0123456789abcdef";
	size_t i;

	if (strlen(s) != 2 * SHDR_TA_ENC_KEY_SIZE)
		goto bad;
	for (i = 0; i < 2 * SHDR_TA_ENC_KEY_SIZE; i++) {
		const char *d = strchr(digits, s[i] | 0x20);

		if (!s[i] || !d)
			goto bad;
		if (i % 2)
			key[i / 2] |= (uint8_t)(d - digits);
		else
			key[i / 2] = (uint8_t)((d - digits) << 4);
	}
	return EXIT_OK;
bad:
	return bad_usage("--enc-key must be 64 hex digits (an AES-256 key, "
			 "the size OP-TEE decrypts TAs with)");
}

int parse_enc_key_type(const char *s, uint32_t *type)
{
	*type = SHDR_ENC_KEY_DEV_SPECIFIC;
	if (!s || !strcmp(s, "SHDR_ENC_KEY_DEV_SPECIFIC"))
		return EXIT_OK;
	if (!strcmp(s, "SHDR_ENC_KEY_CLASS_WIDE")) {
		*type = SHDR_ENC_KEY_CLASS_WIDE;
		return EXIT_OK;
	}
	return bad_usage("--enc-key-type must be SHDR_ENC_KEY_DEV_SPECIFIC or "
			 "SHDR_ENC_KEY_CLASS_WIDE");
}

TEE_Result given_enc_key(void *arg, uint32_t key_type,
			 uint8_t key[SHDR_TA_ENC_KEY_SIZE])
{
	(void)key_type;
	memcpy(key, arg, SHDR_TA_ENC_KEY_SIZE);
	return TEE_SUCCESS;
}

int encrypt_elf(const uint8_t key[SHDR_TA_ENC_KEY_SIZE], uint32_t key_type,
		const uint8_t *elf, size_t len, uint8_t *p, uint8_t *ct)
{
	uint8_t *iv = p + SHDR_ENC_HDR_SIZE, *tag = iv + SHDR_ENC_IV_SIZE;

	tbx_put_le32(p, TEE_ALG_AES_GCM);
	tbx_put_le32(p + 4, key_type);
	p[8] = SHDR_ENC_IV_SIZE;
	p[9] = 0;
	p[10] = SHDR_ENC_TAG_SIZE;
	p[11] = 0;
	if (RAND_bytes(iv, SHDR_ENC_IV_SIZE) != 1 ||
	    shdr_enc_encrypt(key, iv, SHDR_ENC_IV_SIZE, elf, len, ct, tag,
			     SHDR_ENC_TAG_SIZE))
		return fail_ossl("cannot encrypt");
	return EXIT_OK;
}

/*
 * ta-enc-key: the device-specific TA encryption key of the installation
 * whose HUK is --huk, as its secure world derives it (secure/ta_enc_key.c,
 * OP-TEE's tee_otp_get_ta_enc_key()): HMAC-SHA-256(HUK, u32 LE
 * HUK_SUBKEY_TA_ENC (4) || the platform key's modulus, big-endian).
 */
int cmd_ta_enc_key(const struct opts *o)
{
	uint8_t *huk = NULL, msg[4 + 1024] = {4, 0, 0, 0}, mac[32];
	unsigned int mac_len = 0;
	size_t huk_len = 0;
	EVP_PKEY *key;
	BIGNUM *n = NULL;
	int ret = EXIT_FAIL, len;

	key = load_key(o->key, false);
	if (!key || read_file(o->huk, &huk, &huk_len))
		goto out;
	if (huk_len != 16) {
		fail("%s: a HUK is 16 bytes, not %zu", o->huk, huk_len);
		goto out;
	}
	if (!EVP_PKEY_get_bn_param(key, OSSL_PKEY_PARAM_RSA_N, &n) ||
	    (size_t)BN_num_bytes(n) > sizeof(msg) - 4) {
		fail_ossl("cannot read the key's modulus");
		goto out;
	}
	len = BN_bn2bin(n, msg + 4);
	if (!HMAC(EVP_sha256(), huk, (int)huk_len, msg, 4 + (size_t)len, mac,
		  &mac_len) ||
	    mac_len != sizeof(mac)) {
		fail_ossl("cannot compute HMAC-SHA-256");
		goto out;
	}
	print_hex(mac, sizeof(mac));
	printf("\n");
	ret = EXIT_OK;
out:
	OPENSSL_cleanse(mac, sizeof(mac));
	if (huk)
		OPENSSL_cleanse(huk, huk_len);
	free(huk);
	BN_free(n);
	EVP_PKEY_free(key);
	return ret;
}

int info_enc(const uint8_t *p, size_t len, size_t *off)
{
	size_t size;

	if (len < SHDR_ENC_HDR_SIZE) {
		printf("(truncated: no room for the encryption header)\n");
		return 1;
	}
	printf("enc_algo:   0x%08x%s\n", tbx_get_le32(p),
	       tbx_get_le32(p) == TEE_ALG_AES_GCM ? " (AES-GCM)" : "");
	printf("flags:      0x%x (%s)\n", tbx_get_le32(p + 4),
	       (tbx_get_le32(p + 4) & SHDR_ENC_KEY_TYPE_MASK) ? "CLASS_WIDE"
							      : "DEV_SPECIFIC");
	printf("iv_size:    %u\n", p[8] | p[9] << 8);
	printf("tag_size:   %u\n", p[10] | p[11] << 8);
	size = SHDR_ENC_HDR_SIZE + (size_t)(p[8] | p[9] << 8) +
	       (size_t)(p[10] | p[11] << 8);
	if (size > len) {
		printf("(truncated: the IV and tag need %zu bytes)\n", size);
		return 1;
	}
	*off += size;
	return 0;
}
