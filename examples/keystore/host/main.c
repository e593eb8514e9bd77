// SPDX-License-Identifier: BSD-2-Clause
/*
 * optee_example_keystore: has the keystore TA generate an RSA key, then
 * checks with OpenSSL's libcrypto what the TA does with it: a signature
 * that verifies with the public key, a decryption of what OpenSSL
 * encrypted, and no way to get the private key out (the TA panics:
 * TEEC_ERROR_TARGET_DEAD).  Exits 0 when all of it holds.
 */
#include <stdio.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>
#include <openssl/rsa.h>
#include <tee_client_api.h>

#include <keystore_ta.h>

#define KEY_BITS 2048

static TEEC_Result invoke(TEEC_Session *sess, uint32_t cmd, TEEC_Operation *op,
			  const char *what)
{
	uint32_t origin;
	TEEC_Result res;

	res = TEEC_InvokeCommand(sess, cmd, op, &origin);
	if (res != TEEC_SUCCESS)
		fprintf(stderr, "%s: 0x%08x (origin %u)\n", what, res, origin);
	return res;
}

/* [0] input buffer, [1] output buffer. */
static void set_in_out(TEEC_Operation *op, const void *in, size_t in_len,
		       void *out, size_t out_len)
{
	memset(op, 0, sizeof(*op));
	op->paramTypes =
		TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_INPUT,
				 TEEC_MEMREF_TEMP_OUTPUT, TEEC_NONE, TEEC_NONE);
	op->params[0].tmpref.buffer = (void *)in;
	op->params[0].tmpref.size = in_len;
	op->params[1].tmpref.buffer = out;
	op->params[1].tmpref.size = out_len;
}

/* The TA's public key as an OpenSSL key. */
static EVP_PKEY *public_key(TEEC_Session *sess)
{
	unsigned char n[KEY_BITS / 8], e[8];
	OSSL_PARAM_BLD *bld = NULL;
	OSSL_PARAM *params = NULL;
	BIGNUM *bn_n = NULL, *bn_e = NULL;
	EVP_PKEY_CTX *ctx = NULL;
	EVP_PKEY *pkey = NULL;
	TEEC_Operation op;

	memset(&op, 0, sizeof(op));
	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_OUTPUT,
				 TEEC_MEMREF_TEMP_OUTPUT, TEEC_NONE, TEEC_NONE);
	op.params[0].tmpref.buffer = n;
	op.params[0].tmpref.size = sizeof(n);
	op.params[1].tmpref.buffer = e;
	op.params[1].tmpref.size = sizeof(e);
	if (invoke(sess, TA_KEYSTORE_CMD_GET_PUBLIC, &op, "get public key"))
		return NULL;
	bn_n = BN_bin2bn(n, (int)op.params[0].tmpref.size, NULL);
	bn_e = BN_bin2bn(e, (int)op.params[1].tmpref.size, NULL);
	bld = OSSL_PARAM_BLD_new();
	ctx = EVP_PKEY_CTX_new_from_name(NULL, "RSA", NULL);
	if (!bn_n || !bn_e || !bld || !ctx ||
	    !OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_N, bn_n) ||
	    !OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_E, bn_e))
		goto out;
	params = OSSL_PARAM_BLD_to_param(bld);
	if (!params || EVP_PKEY_fromdata_init(ctx) <= 0 ||
	    EVP_PKEY_fromdata(ctx, &pkey, EVP_PKEY_PUBLIC_KEY, params) <= 0)
		pkey = NULL;
out:
	OSSL_PARAM_free(params);
	OSSL_PARAM_BLD_free(bld);
	EVP_PKEY_CTX_free(ctx);
	BN_free(bn_n);
	BN_free(bn_e);
	return pkey;
}

/* The TA signs SHA-256(msg); OpenSSL verifies. */
static int check_sign(TEEC_Session *sess, EVP_PKEY *pkey)
{
	static const char msg[] = "signed by a key that stays in its TA";
	unsigned char digest[32], sig[KEY_BITS / 8];
	unsigned int dlen = sizeof(digest);
	EVP_PKEY_CTX *ctx;
	TEEC_Operation op;
	int ok;

	if (!EVP_Digest(msg, strlen(msg), digest, &dlen, EVP_sha256(), NULL))
		return -1;
	set_in_out(&op, digest, sizeof(digest), sig, sizeof(sig));
	if (invoke(sess, TA_KEYSTORE_CMD_SIGN, &op, "sign"))
		return -1;
	ctx = EVP_PKEY_CTX_new(pkey, NULL);
	ok = ctx && EVP_PKEY_verify_init(ctx) > 0 &&
	     EVP_PKEY_CTX_set_rsa_padding(ctx, RSA_PKCS1_PADDING) > 0 &&
	     EVP_PKEY_CTX_set_signature_md(ctx, EVP_sha256()) > 0 &&
	     EVP_PKEY_verify(ctx, sig, op.params[1].tmpref.size, digest,
			     sizeof(digest)) == 1;
	EVP_PKEY_CTX_free(ctx);
	printf("RSASSA-PKCS1-v1_5 SHA-256 signature (%zu bytes): %s\n",
	       op.params[1].tmpref.size,
	       ok ? "verified with OpenSSL" : "does NOT verify");
	return ok ? 0 : -1;
}

/* OpenSSL encrypts with RSAES-OAEP SHA-256; the TA decrypts. */
static int check_decrypt(TEEC_Session *sess, EVP_PKEY *pkey)
{
	static const char secret[] = "for the TA's eyes only";
	unsigned char ct[KEY_BITS / 8], pt[KEY_BITS / 8];
	size_t ct_len = sizeof(ct);
	EVP_PKEY_CTX *ctx;
	TEEC_Operation op;
	int ok;

	ctx = EVP_PKEY_CTX_new(pkey, NULL);
	ok = ctx && EVP_PKEY_encrypt_init(ctx) > 0 &&
	     EVP_PKEY_CTX_set_rsa_padding(ctx, RSA_PKCS1_OAEP_PADDING) > 0 &&
	     EVP_PKEY_CTX_set_rsa_oaep_md(ctx, EVP_sha256()) > 0 &&
	     EVP_PKEY_CTX_set_rsa_mgf1_md(ctx, EVP_sha256()) > 0 &&
	     EVP_PKEY_encrypt(ctx, ct, &ct_len, (const void *)secret,
			      sizeof(secret)) > 0;
	EVP_PKEY_CTX_free(ctx);
	if (!ok)
		return -1;
	set_in_out(&op, ct, ct_len, pt, sizeof(pt));
	if (invoke(sess, TA_KEYSTORE_CMD_DECRYPT, &op, "decrypt"))
		return -1;
	ok = op.params[1].tmpref.size == sizeof(secret) &&
	     !memcmp(pt, secret, sizeof(secret));
	printf("RSAES-OAEP SHA-256 from OpenSSL, decrypted by the TA: %s\n",
	       ok ? "matches" : "does NOT match");
	return ok ? 0 : -1;
}

/* GP: reading a secret part of a non-extractable key panics the TA. */
static int check_no_export(TEEC_Session *sess)
{
	unsigned char buf[KEY_BITS / 8];
	TEEC_Operation op;
	uint32_t origin;
	TEEC_Result res;

	memset(&op, 0, sizeof(op));
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_OUTPUT, TEEC_NONE,
					 TEEC_NONE, TEEC_NONE);
	op.params[0].tmpref.buffer = buf;
	op.params[0].tmpref.size = sizeof(buf);
	res = TEEC_InvokeCommand(sess, TA_KEYSTORE_CMD_EXPORT_PRIVATE, &op,
				 &origin);
	printf("exporting the private key: 0x%08x, origin %u (%s)\n", res,
	       origin,
	       res == TEEC_ERROR_TARGET_DEAD ? "refused: the TA panicked"
					     : "UNEXPECTED");
	return res == TEEC_ERROR_TARGET_DEAD && origin == TEEC_ORIGIN_TEE ? 0
									  : -1;
}

static int run(TEEC_Session *sess)
{
	EVP_PKEY *pkey;
	TEEC_Operation op;
	int ret;

	memset(&op, 0, sizeof(op));
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_INPUT, TEEC_NONE, TEEC_NONE,
					 TEEC_NONE);
	op.params[0].value.a = KEY_BITS;
	if (invoke(sess, TA_KEYSTORE_CMD_GENERATE, &op, "generate"))
		return -1;
	printf("the TA generated a %d-bit RSA key\n", KEY_BITS);
	pkey = public_key(sess);
	if (!pkey) {
		fprintf(stderr, "the public key is not a valid RSA key\n");
		return -1;
	}
	ret = check_sign(sess, pkey);
	if (!ret)
		ret = check_decrypt(sess, pkey);
	if (!ret)
		ret = check_no_export(sess);
	EVP_PKEY_free(pkey);
	return ret;
}

int main(void)
{
	const TEEC_UUID uuid = TA_KEYSTORE_UUID;
	TEEC_Context ctx;
	TEEC_Session sess;
	TEEC_Result res;
	uint32_t origin;
	int ret;

	res = TEEC_InitializeContext(NULL, &ctx);
	if (res != TEEC_SUCCESS) {
		fprintf(stderr, "TEEC_InitializeContext: 0x%08x\n", res);
		return 1;
	}
	res = TEEC_OpenSession(&ctx, &sess, &uuid, TEEC_LOGIN_PUBLIC, NULL,
			       NULL, &origin);
	if (res != TEEC_SUCCESS) {
		fprintf(stderr, "TEEC_OpenSession: 0x%08x (origin %u)\n", res,
			origin);
		TEEC_FinalizeContext(&ctx);
		return 1;
	}
	ret = run(&sess);
	TEEC_CloseSession(&sess);
	TEEC_FinalizeContext(&ctx);
	return ret ? 1 : 0;
}
