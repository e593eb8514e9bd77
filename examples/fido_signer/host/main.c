// SPDX-License-Identifier: BSD-2-Clause
/*
 * optee_example_fido_signer: registers a credential with the
 * fido_signer TA, then has it sign two challenges and verifies each
 * signature with OpenSSL's libcrypto over
 * SHA-256(appId || challenge || counter).  Exits 0 when both verify,
 * the counter went up by one each time, a changed challenge does not
 * verify and the TA refuses a second registration.
 */
#include <stdio.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/ecdsa.h>
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <tee_client_api.h>

#include <fido_signer_ta.h>

static const char app_id[] = "https://example.org";

static TEEC_Result reg(TEEC_Session *sess, unsigned char *pub, uint32_t *origin)
{
	TEEC_Operation op;

	memset(&op, 0, sizeof(op));
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_OUTPUT, TEEC_NONE,
					 TEEC_NONE, TEEC_NONE);
	op.params[0].tmpref.buffer = pub;
	op.params[0].tmpref.size = FIDO_PUBLIC_KEY_SIZE;
	return TEEC_InvokeCommand(sess, TA_FIDO_CMD_REGISTER, &op, origin);
}

/* The credential's public key (an uncompressed P-256 point). */
static EVP_PKEY *public_key(const unsigned char *pub)
{
	OSSL_PARAM params[] = {
		OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME,
				       (char *)"prime256v1", 0),
		OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, (void *)pub,
					FIDO_PUBLIC_KEY_SIZE),
		OSSL_PARAM_END,
	};
	EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
	EVP_PKEY *pkey = NULL;

	if (!ctx || EVP_PKEY_fromdata_init(ctx) <= 0 ||
	    EVP_PKEY_fromdata(ctx, &pkey, EVP_PKEY_PUBLIC_KEY, params) <= 0)
		pkey = NULL;
	EVP_PKEY_CTX_free(ctx);
	return pkey;
}

/* Does @sig (r || s) verify for SHA-256(app_id || chal || counter)? */
static int verifies(EVP_PKEY *pkey, const unsigned char *chal, size_t len,
		    uint32_t counter, const unsigned char *sig)
{
	unsigned char ctr[4] = {counter >> 24, counter >> 16, counter >> 8,
				counter};
	unsigned char *der = NULL;
	ECDSA_SIG *esig = ECDSA_SIG_new();
	BIGNUM *r = BN_bin2bn(sig, 32, NULL);
	BIGNUM *s = BN_bin2bn(sig + 32, 32, NULL);
	EVP_MD_CTX *md = EVP_MD_CTX_new();
	int der_len, ok = 0;

	if (!esig || !r || !s || !md || !ECDSA_SIG_set0(esig, r, s))
		goto out;
	r = s = NULL; /* esig's now */
	der_len = i2d_ECDSA_SIG(esig, &der);
	ok = der_len > 0 &&
	     EVP_DigestVerifyInit(md, NULL, EVP_sha256(), NULL, pkey) > 0 &&
	     EVP_DigestVerifyUpdate(md, app_id, strlen(app_id)) > 0 &&
	     EVP_DigestVerifyUpdate(md, chal, len) > 0 &&
	     EVP_DigestVerifyUpdate(md, ctr, sizeof(ctr)) > 0 &&
	     EVP_DigestVerifyFinal(md, der, (size_t)der_len) == 1;
out:
	OPENSSL_free(der);
	EVP_MD_CTX_free(md);
	ECDSA_SIG_free(esig);
	BN_free(r);
	BN_free(s);
	return ok;
}

static TEEC_Result sign(TEEC_Session *sess, const unsigned char *chal,
			size_t len, uint32_t *counter, unsigned char *sig)
{
	TEEC_Operation op;
	uint32_t origin;
	TEEC_Result res;

	memset(&op, 0, sizeof(op));
	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_INPUT, TEEC_MEMREF_TEMP_INPUT,
				 TEEC_VALUE_OUTPUT, TEEC_MEMREF_TEMP_OUTPUT);
	op.params[0].tmpref.buffer = (void *)app_id;
	op.params[0].tmpref.size = strlen(app_id);
	op.params[1].tmpref.buffer = (void *)chal;
	op.params[1].tmpref.size = len;
	op.params[3].tmpref.buffer = sig;
	op.params[3].tmpref.size = FIDO_SIGNATURE_SIZE;
	res = TEEC_InvokeCommand(sess, TA_FIDO_CMD_SIGN, &op, &origin);
	if (res != TEEC_SUCCESS)
		fprintf(stderr, "sign: 0x%08x (origin %u)\n", res, origin);
	*counter = op.params[2].value.a;
	return res;
}

static int run(TEEC_Session *sess)
{
	unsigned char pub[FIDO_PUBLIC_KEY_SIZE], again[FIDO_PUBLIC_KEY_SIZE];
	unsigned char chal[32], sig[FIDO_SIGNATURE_SIZE];
	EVP_PKEY *pkey;
	uint32_t origin, counter;
	TEEC_Result res;
	int ret = -1;

	res = reg(sess, pub, &origin);
	if (res != TEEC_SUCCESS) {
		fprintf(stderr, "register: 0x%08x (origin %u)\n", res, origin);
		return -1;
	}
	printf("registered; public key ");
	for (int i = 0; i < 8; i++)
		printf("%02x", pub[i]);
	printf("...\n");
	pkey = public_key(pub);
	if (!pkey) {
		fprintf(stderr, "the public key is not a P-256 point\n");
		return -1;
	}
	for (uint32_t want = 1; want <= 2; want++) {
		if (RAND_bytes(chal, sizeof(chal)) != 1 ||
		    sign(sess, chal, sizeof(chal), &counter, sig))
			goto out;
		printf("challenge %u: counter %u, signature %s\n", want,
		       counter,
		       verifies(pkey, chal, sizeof(chal), counter, sig)
			       ? "verified with OpenSSL"
			       : "does NOT verify");
		if (counter != want ||
		    !verifies(pkey, chal, sizeof(chal), counter, sig))
			goto out;
	}
	chal[0] ^= 1;
	if (verifies(pkey, chal, sizeof(chal), counter, sig)) {
		fprintf(stderr, "a changed challenge verifies\n");
		goto out;
	}
	printf("a changed challenge does not verify\n");
	res = reg(sess, again, &origin);
	printf("registering again: 0x%08x (%s)\n", res,
	       res == TEEC_ERROR_ACCESS_CONFLICT ? "refused" : "UNEXPECTED");
	if (res == TEEC_ERROR_ACCESS_CONFLICT)
		ret = 0;
out:
	EVP_PKEY_free(pkey);
	return ret;
}

int main(void)
{
	const TEEC_UUID uuid = TA_FIDO_SIGNER_UUID;
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
