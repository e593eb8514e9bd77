// SPDX-License-Identifier: BSD-2-Clause
/*
 * teebox-sign: verify (an image checked by the secure world's own
 * verifier, secure/shdr.c) and info (its header printed, unverified).
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/crypto.h>
#include <openssl/evp.h>

#include "secure/shdr.h"
#include "secure/shdr_enc.h"
#include "secure/uuid.h"

#include "sign_priv.h"

static const char *tee_result_name(TEE_Result res)
{
	switch (res) {
	case TEE_ERROR_SECURITY:
		return "TEE_ERROR_SECURITY";
	case TEE_ERROR_BAD_PARAMETERS:
		return "TEE_ERROR_BAD_PARAMETERS";
	case TEE_ERROR_OUT_OF_MEMORY:
		return "TEE_ERROR_OUT_OF_MEMORY";
	case TEE_ERROR_GENERIC:
		return "TEE_ERROR_GENERIC";
	default:
		return "error";
	}
}

/* The UUID stored in @img's bootstrap sub-header, if it has one. */
static bool image_uuid(const uint8_t *img, size_t len, TEE_UUID *uuid)
{
	struct chain_tail t;
	struct shdr hdr;
	size_t off;

	if (walk_subkeys(img, len, &t, &off, false) || off >= len)
		return false;
	img += off;
	len -= off;
	if (shdr_decode(&hdr, img, len))
		return false;
	off = SHDR_SIZE + (size_t)hdr.hash_size + hdr.sig_size;
	if (len < off || len - off < UUID_OCTETS_LEN)
		return false;
	uuid_from_octets(uuid, img + off);
	return true;
}

int cmd_verify(const struct opts *o)
{
	uint8_t enc_key[SHDR_TA_ENC_KEY_SIZE];
	struct shdr_enc_keys keys = {.get = given_enc_key, .arg = enc_key};
	uint8_t *img = NULL, *der = NULL;
	size_t img_len = 0, der_len = 0;
	struct shdr_ta_info info = {0};
	char name[UUID_STR_LEN];
	TEE_UUID expected;
	EVP_PKEY *key = NULL;
	const char *why;
	TEE_Result res;
	int ret = EXIT_FAIL;

	if (!o->key == !o->pubkey_der)
		return bad_usage("verify needs exactly one of --key and "
				 "--pubkey-der");
	if (o->enc_key && parse_enc_key(o->enc_key, enc_key))
		return EXIT_USAGE;
	if (o->uuid && parse_uuid(o->uuid, &expected))
		return EXIT_USAGE;
	if (o->key) {
		key = load_key(o->key, false);
		if (!key || pubkey_der(key, &der, &der_len))
			goto out;
	} else if (read_file(o->pubkey_der, &der, &der_len)) {
		goto out;
	}
	if (read_file(o->in, &img, &img_len))
		goto out;
	/*
	 * Without --uuid, check the image against the UUID it carries.  If it
	 * is too short to carry one, the nil UUID stands in: verification
	 * fails on the length before it gets to the UUID.
	 */
	if (!o->uuid && !image_uuid(img, img_len, &expected))
		memset(&expected, 0, sizeof(expected));

	res = shdr_verify_ta_enc(img, img_len, &expected, der, der_len,
				 o->enc_key ? &keys : NULL, &info, &why);
	free(info.owned);
	if (res) {
		fail("%s: verification failed: 0x%08x (%s): %s", o->in, res,
		     tee_result_name(res), why);
		goto out;
	}
	uuid_to_str(name, &info.uuid);
	printf("OK %s version %u payload %zu", name, info.ta_version,
	       info.payload_len);
	if (info.subkeys)
		printf(" subkeys %u", info.subkeys);
	if (info.encrypted)
		printf(" encrypted");
	printf("\n");
	ret = EXIT_OK;
out:
	/* --pubkey-der bytes came from read_file(), the others from OpenSSL. */
	if (o->key)
		OPENSSL_free(der);
	else
		free(der);
	free(img);
	EVP_PKEY_free(key);
	return ret;
}

int cmd_info(const struct opts *o)
{
	size_t img_len = 0, sig_off, sub_off, payload_off, chain_len = 0;
	char name[UUID_STR_LEN];
	struct chain_tail tail;
	struct shdr hdr;
	uint8_t *file = NULL;
	const uint8_t *img;
	const char *why;
	TEE_UUID uuid;
	const uint8_t *v;
	int ret = EXIT_FAIL;

	if (read_file(o->in, &file, &img_len))
		return EXIT_FAIL;
	img = file;
	why = walk_subkeys(img, img_len, &tail, &chain_len, true);
	if (why) {
		fail("%s: %s", o->in, why);
		goto out;
	}
	if (tail.count) {
		printf("subkeys:    %u (%zu bytes with their names)\n",
		       tail.count, chain_len);
		img += chain_len;
		img_len -= chain_len;
	}
	if (shdr_decode(&hdr, img, img_len)) {
		fail("%s: %zu bytes, too short for a signed header", o->in,
		     img_len);
		goto out;
	}
	printf("file:       %s (%zu bytes)\n", o->in, img_len);
	printf("magic:      0x%08x (%s)\n", hdr.magic,
	       hdr.magic == SHDR_MAGIC ? "OP-TEE signed header" : "WRONG");
	printf("img_type:   %u (%s)\n", hdr.img_type,
	       shdr_img_type_name(hdr.img_type));
	printf("img_size:   %u\n", hdr.img_size);
	printf("algo:       0x%08x (%s)\n", hdr.algo, shdr_algo_name(hdr.algo));
	printf("hash_size:  %u\n", hdr.hash_size);
	printf("sig_size:   %u\n", hdr.sig_size);

	sig_off = SHDR_SIZE + (size_t)hdr.hash_size;
	sub_off = sig_off + hdr.sig_size;
	if (img_len < sub_off) {
		printf("(truncated: the hash and signature need %zu bytes)\n",
		       sub_off);
		ret = EXIT_OK;
		goto out;
	}
	printf("hash:       ");
	print_hex(img + SHDR_SIZE, hdr.hash_size);
	printf("\n");
	if (hdr.img_type != SHDR_BOOTSTRAP_TA &&
	    hdr.img_type != SHDR_ENCRYPTED_TA) {
		ret = EXIT_OK;
		goto out;
	}
	if (img_len - sub_off < SHDR_BOOTSTRAP_SIZE) {
		printf("(truncated: no room for the UUID and version)\n");
		ret = EXIT_OK;
		goto out;
	}
	uuid_from_octets(&uuid, img + sub_off);
	uuid_to_str(name, &uuid);
	v = img + sub_off + UUID_OCTETS_LEN;
	payload_off = sub_off + SHDR_BOOTSTRAP_SIZE;
	printf("uuid:       %s\n", name);
	printf("ta_version: %u\n",
	       (unsigned int)(v[0] | v[1] << 8 | v[2] << 16 |
			      (uint32_t)v[3] << 24));
	ret = EXIT_OK;
	if (hdr.img_type == SHDR_ENCRYPTED_TA &&
	    info_enc(img + payload_off, img_len - payload_off, &payload_off))
		goto out;
	printf("payload:    %zu bytes at offset %zu%s\n", img_len - payload_off,
	       payload_off,
	       img_len - payload_off == hdr.img_size ? ""
						     : " (img_size DIFFERS)");
	ret = EXIT_OK;
out:
	free(file);
	return ret;
}
