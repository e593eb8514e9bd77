// SPDX-License-Identifier: BSD-2-Clause
/*
 * The TA encryption keys (ta_enc_key.h), OP-TEE's
 * core/kernel/otp_stubs.c tee_otp_get_ta_enc_key().
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/x509.h>

#include "huk.h"
#include "kernel/log.h"
#include "secure_world.h"
#include "ta_enc_key.h"

int ta_enc_key_load(const char *path, uint8_t key[SHDR_TA_ENC_KEY_SIZE])
{
	char text[2 * SHDR_TA_ENC_KEY_SIZE + 2];
	ssize_t n;
	int fd, rc = 0;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read(fd, text, sizeof(text));
	if (n < 0)
		rc = -errno;
	close(fd);
	if (rc)
		return rc;
	if (n != 2 * SHDR_TA_ENC_KEY_SIZE &&
	    !(n == 2 * SHDR_TA_ENC_KEY_SIZE + 1 &&
	      text[2 * SHDR_TA_ENC_KEY_SIZE] == '\n'))
		rc = -EINVAL;
	for (int i = 0; !rc && i < SHDR_TA_ENC_KEY_SIZE; i++) {
		int hi = OPENSSL_hexchar2int((unsigned char)text[2 * i]),
		    lo = OPENSSL_hexchar2int((unsigned char)text[2 * i + 1]);

		if (hi < 0 || lo < 0)
			rc = -EINVAL;
		else
			key[i] = (uint8_t)(hi << 4 | lo);
	}
	OPENSSL_cleanse(text, sizeof(text));
	if (rc)
		OPENSSL_cleanse(key, SHDR_TA_ENC_KEY_SIZE);
	return rc;
}

/* The platform key's modulus as OP-TEE's ta_pub_key_modulus holds it. */
static int pubkey_modulus(const struct secure_world *sw, uint8_t *out,
			  size_t size, size_t *len)
{
	const unsigned char *p = sw->pubkey;
	EVP_PKEY *key = d2i_PUBKEY(NULL, &p, (long)sw->pubkey_len);
	BIGNUM *n = NULL;
	int rc = -1;

	if (key && EVP_PKEY_get_bn_param(key, OSSL_PKEY_PARAM_RSA_N, &n) &&
	    (size_t)BN_num_bytes(n) <= size) {
		*len = (size_t)BN_bn2bin(n, out);
		rc = 0;
	}
	BN_free(n);
	EVP_PKEY_free(key);
	ERR_clear_error();
	return rc;
}

/* OP-TEE's default: a HUK sub-key bound to the platform TA key. */
static TEE_Result dev_specific_key(const struct secure_world *sw,
				   uint8_t key[SHDR_TA_ENC_KEY_SIZE])
{
	uint8_t huk[HUK_SIZE], modulus[512];
	size_t len = 0;
	int rc;

	if (!sw->state_dir) {
		pr_err("no device-specific TA encryption key: no state "
		       "directory for the HUK");
		return TEE_ERROR_ITEM_NOT_FOUND;
	}
	if (pubkey_modulus(sw, modulus, sizeof(modulus), &len))
		return TEE_ERROR_GENERIC;
	rc = huk_load(sw->state_dir, huk);
	if (rc) {
		pr_err("no device-specific TA encryption key: HUK in %s: %s",
		       sw->state_dir, strerror(-rc));
		return TEE_ERROR_ITEM_NOT_FOUND;
	}
	rc = huk_subkey_derive(huk, HUK_SUBKEY_TA_ENC, modulus, len, key,
			       SHDR_TA_ENC_KEY_SIZE);
	OPENSSL_cleanse(huk, sizeof(huk));
	return rc ? TEE_ERROR_GENERIC : TEE_SUCCESS;
}

TEE_Result ta_enc_key_get(void *arg, uint32_t key_type,
			  uint8_t key[SHDR_TA_ENC_KEY_SIZE])
{
	const struct secure_world *sw = arg;

	if (key_type == SHDR_ENC_KEY_DEV_SPECIFIC)
		return dev_specific_key(sw, key);
	if (!sw->have_ta_enc_key) {
		pr_err("no class-wide TA encryption key: start teed with "
		       "--ta-enc-key FILE");
		return TEE_ERROR_ITEM_NOT_FOUND;
	}
	memcpy(key, sw->ta_enc_key, SHDR_TA_ENC_KEY_SIZE);
	return TEE_SUCCESS;
}
