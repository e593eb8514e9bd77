// SPDX-License-Identifier: BSD-2-Clause
/*
 * teebox-sign: the signed header (secure/shdr.h) and the sign command,
 * which makes a bootstrap TA image, encrypted with --enc-key (sign_enc.c)
 * and behind a subkey chain with --subkey (sign_subkey.c), and checks it
 * with the secure world's own verifier before writing it.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "secure/shdr.h"
#include "secure/shdr_enc.h"
#include "secure/uuid.h"

#include "sign_priv.h"

/* SHA-256 of the header and of everything from the sub-header on. */
static int hash_image(const uint8_t *img, size_t sub_off, size_t len,
		      uint8_t out[SHDR_HASH_SIZE])
{
	EVP_MD_CTX *ctx = EVP_MD_CTX_new();
	unsigned int n = 0;
	int ret = EXIT_OK;

	if (!ctx || !EVP_DigestInit_ex(ctx, EVP_sha256(), NULL) ||
	    !EVP_DigestUpdate(ctx, img, SHDR_SIZE) ||
	    !EVP_DigestUpdate(ctx, img + sub_off, len - sub_off) ||
	    !EVP_DigestFinal_ex(ctx, out, &n) || n != SHDR_HASH_SIZE)
		ret = fail_ossl("cannot compute SHA-256");
	EVP_MD_CTX_free(ctx);
	return ret;
}

/* Signs the SHA-256 digest @hash; @sig has room for @sig_size bytes. */
static int sign_hash(EVP_PKEY *key, bool pss, const uint8_t *hash, uint8_t *sig,
		     size_t sig_size)
{
	OSSL_PARAM params[SHDR_SIG_PARAMS];
	EVP_PKEY_CTX *ctx;
	size_t n = sig_size;
	int ret = EXIT_OK;

	shdr_sig_params(params, pss);
	ctx = EVP_PKEY_CTX_new_from_pkey(NULL, key, NULL);
	if (!ctx || EVP_PKEY_sign_init_ex(ctx, params) <= 0 ||
	    EVP_PKEY_sign(ctx, sig, &n, hash, SHDR_HASH_SIZE) <= 0)
		ret = fail_ossl("cannot sign");
	else if (n != sig_size)
		ret = fail("signature is %zu bytes, expected %zu", n, sig_size);
	EVP_PKEY_CTX_free(ctx);
	return ret;
}

int sign_header(EVP_PKEY *key, bool pss, uint32_t img_type, const uint8_t *body,
		size_t body_len, uint8_t **out, size_t *out_len)
{
	size_t sig_size = (size_t)EVP_PKEY_get_size(key);
	size_t sub_off = SHDR_SIZE + SHDR_HASH_SIZE + sig_size;
	struct shdr hdr = {
		.magic = SHDR_MAGIC,
		.img_type = img_type,
		.img_size = (uint32_t)body_len,
		.algo = pss ? TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA256
			    : TEE_ALG_RSASSA_PKCS1_V1_5_SHA256,
		.hash_size = SHDR_HASH_SIZE,
		.sig_size = (uint16_t)sig_size,
	};
	uint8_t *img;

	if (sig_size > UINT16_MAX)
		return fail("the key is too large for the image format");
	img = malloc(sub_off + body_len);
	if (!img)
		return fail("out of memory");
	shdr_encode(img, &hdr);
	memcpy(img + sub_off, body, body_len);
	if (hash_image(img, sub_off, sub_off + body_len, img + SHDR_SIZE) ||
	    sign_hash(key, pss, img + SHDR_SIZE,
		      img + SHDR_SIZE + SHDR_HASH_SIZE, sig_size)) {
		free(img);
		return EXIT_FAIL;
	}
	*out = img;
	*out_len = sub_off + body_len;
	return EXIT_OK;
}

/* The UUID to sign @elf under, from --uuid and/or its .ta_head. */
static int sign_uuid(const struct opts *o, const uint8_t *elf, size_t len,
		     TEE_UUID *uuid)
{
	char a[UUID_STR_LEN], b[UUID_STR_LEN];
	TEE_UUID given, found;
	const char *why;
	int r;

	if (o->uuid && parse_uuid(o->uuid, &given))
		return EXIT_USAGE;
	r = elf_ta_uuid(elf, len, &found, &why);
	if (r < 0)
		return fail("%s: %s", o->in, why);
	if (r > 0) {
		if (!o->uuid)
			return fail("%s has no " TA_HEAD_SECTION
				    " section; give the UUID with --uuid",
				    o->in);
		*uuid = given;
		return EXIT_OK;
	}
	if (o->uuid && !uuid_equal(&given, &found)) {
		uuid_to_str(a, &given);
		uuid_to_str(b, &found);
		return fail("--uuid %s differs from the UUID %s in "
			    "%s's " TA_HEAD_SECTION,
			    a, b, o->in);
	}
	*uuid = found;
	return EXIT_OK;
}

/* --out, or DIR/<uuid>.ta if --out names a directory. */
static char *sign_out_path(const char *out, const TEE_UUID *uuid)
{
	char name[UUID_STR_LEN];
	struct stat st;
	char *path;

	if (stat(out, &st) || !S_ISDIR(st.st_mode))
		return strdup(out);
	uuid_to_str(name, uuid);
	if (asprintf(&path, "%s/%s.ta", out, name) < 0)
		return NULL;
	return path;
}

/*
 * Builds shdr || hash || sig || uuid || ta_version || ELF, then checks it
 * with the secure world's own verifier (under the signing key) before
 * writing it, behind the subkey chain and name if --subkey is given.
 * With --enc-key the ELF is encrypted (SHDR_ENCRYPTED_TA): the encryption
 * header, IV and tag go before it, and the hash covers the plaintext.
 */
int cmd_sign(const struct opts *o)
{
	uint8_t *elf = NULL, *img = NULL, *der = NULL, *prefix = NULL;
	size_t elf_len = 0, img_len, sub_off, der_len = 0, sig_size;
	uint8_t allowed[UUID_OCTETS_LEN], enc_key[SHDR_TA_ENC_KEY_SIZE];
	struct shdr_enc_keys keys = {.get = given_enc_key, .arg = enc_key};
	size_t prefix_len = 0, enc_len = 0;
	uint8_t *ct = NULL, *payload;
	struct chain_tail tail;
	uint32_t key_type;
	uint32_t version = 0;
	struct shdr_ta_info info = {0};
	struct shdr hdr;
	const char *why;
	EVP_PKEY *key = NULL;
	TEE_UUID uuid;
	TEE_Result res;
	bool pss = true;
	char *path = NULL;
	int ret = EXIT_FAIL;

	if (o->ta_version && parse_u32(o->ta_version, "--ta-version", &version))
		return EXIT_USAGE;
	if (o->name && !o->subkey)
		return bad_usage("--name goes with --subkey");
	if ((o->enc_key && parse_enc_key(o->enc_key, enc_key)) ||
	    parse_enc_key_type(o->enc_key_type, &key_type))
		return EXIT_USAGE;
	if (o->enc_key_type && !o->enc_key)
		return bad_usage("--enc-key-type goes with --enc-key");
	if (o->enc_key)
		enc_len = SHDR_ENC_HDR_SIZE + SHDR_ENC_IV_SIZE +
			  SHDR_ENC_TAG_SIZE;
	if (o->algo && !strcmp(o->algo, "pkcs1"))
		pss = false;
	else if (o->algo && strcmp(o->algo, "pss"))
		return bad_usage("--algo must be pss or pkcs1");

	key = load_key(o->key, true);
	if (!key)
		return EXIT_FAIL;
	if (read_file(o->in, &elf, &elf_len))
		goto out;
	if (!elf_len) {
		fail("%s is empty", o->in);
		goto out;
	}
	if (elf_len > UINT32_MAX) {
		fail("%s is larger than an image can hold", o->in);
		goto out;
	}
	ret = sign_uuid(o, elf, elf_len, &uuid);
	if (ret)
		goto out;
	ret = EXIT_FAIL;

	sig_size = (size_t)EVP_PKEY_get_size(key);
	if (sig_size > UINT16_MAX) {
		fail("the key is too large for the image format");
		goto out;
	}
	sub_off = SHDR_SIZE + SHDR_HASH_SIZE + sig_size;
	img_len = sub_off + SHDR_BOOTSTRAP_SIZE + enc_len + elf_len;
	img = malloc(img_len);
	ct = o->enc_key ? malloc(elf_len) : NULL;
	if (!img || (o->enc_key && !ct)) {
		fail("out of memory");
		goto out;
	}
	hdr.magic = SHDR_MAGIC;
	hdr.img_type = o->enc_key ? SHDR_ENCRYPTED_TA : SHDR_BOOTSTRAP_TA;
	hdr.img_size = (uint32_t)elf_len;
	hdr.algo = pss ? TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA256
		       : TEE_ALG_RSASSA_PKCS1_V1_5_SHA256;
	hdr.hash_size = SHDR_HASH_SIZE;
	hdr.sig_size = (uint16_t)sig_size;
	shdr_encode(img, &hdr);
	uuid_to_octets(img + sub_off, &uuid);
	img[sub_off + 16] = (uint8_t)version;
	img[sub_off + 17] = (uint8_t)(version >> 8);
	img[sub_off + 18] = (uint8_t)(version >> 16);
	img[sub_off + 19] = (uint8_t)(version >> 24);
	payload = img + sub_off + SHDR_BOOTSTRAP_SIZE + enc_len;
	if (o->enc_key &&
	    encrypt_elf(enc_key, key_type, elf, elf_len, payload - enc_len, ct))
		goto out;
	/* Hashed and signed over the plaintext, then encrypted. */
	memcpy(payload, elf, elf_len);
	if (hash_image(img, sub_off, img_len, img + SHDR_SIZE) ||
	    sign_hash(key, pss, img + SHDR_SIZE,
		      img + SHDR_SIZE + SHDR_HASH_SIZE, sig_size))
		goto out;
	if (o->enc_key)
		memcpy(payload, ct, elf_len);

	if (pubkey_der(key, &der, &der_len))
		goto out;
	res = shdr_verify_ta_enc(img, img_len, &uuid, der, der_len, &keys,
				 &info, &why);
	free(info.owned);
	if (res) {
		fail("internal error: the image just signed does not verify "
		     "(0x%08x: %s)",
		     res, why);
		goto out;
	}

	/* Under a subkey: the chain goes first, and must allow this TA. */
	if (o->subkey &&
	    (subkey_prefix(o, &prefix, &prefix_len, &tail, allowed) ||
	     check_in_namespace(o, &uuid, allowed)))
		goto out;

	path = sign_out_path(o->out, &uuid);
	if (!path) {
		fail("out of memory");
		goto out;
	}
	ret = write_two(path, prefix, prefix_len, img, img_len);
out:
	OPENSSL_cleanse(enc_key, sizeof(enc_key));
	free(ct);
	free(prefix);
	free(path);
	OPENSSL_free(der);
	free(img);
	free(elf);
	EVP_PKEY_free(key);
	return ret;
}
