// SPDX-License-Identifier: BSD-2-Clause
/*
 * bench_pkcs11: a signature through PKCS#11 (libckteec, the PKCS#11 TA)
 * beside the same signature in the TA's own loop (ta_test_crypto's
 * TA_CRYPTO_CMD_BENCH: the GP Internal API alone) and in this process's
 * libcrypto (the floor), all measured in the same run:
 *
 *  p11_ecdsa_p256_sign  C_SignInit + C_Sign, CKM_ECDSA on a 32-byte digest
 *  p11_rsa2048_sign     C_SignInit + C_Sign, CKM_SHA256_RSA_PKCS, 32 bytes
 *
 * PKCS#11 wants an INIT per signature: each costs two invocations, and
 * the TA builds the GP key object from the stored attributes at INIT.
 * One invocation through libckteec (C_GenerateRandom of a byte) is
 * measured too, as "p11_invoke" in each entry: what the layers cost.
 * Best of ROUNDS rounds.  Prints a table, writes the figures as JSON to
 * the file named by argv[1] and prints that file's path as the last line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <openssl/evp.h>
#include <openssl/rsa.h>
#include <p11-kit/pkcs11.h>
#include <tee_client_api.h>

#include "ta/tests/crypto/ta_crypto_cmds.h"
#include "ta/tests/test_ta_uuids.h"
#include "tests/e2e/harness.h"

#define ROUNDS 3

struct bench {
	const char *name;
	uint32_t which;
	uint32_t iterations;
	CK_MECHANISM_TYPE mech;
	double p11_us, ta_us, native_us; /* per signature */
};

static double now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static void check(int ok, const char *what)
{
	if (!ok) {
		fprintf(stderr, "bench_pkcs11: %s failed\n", what);
		exit(1);
	}
}

/* Token 0 initialised, a user session logged in. */
static CK_SESSION_HANDLE token_session(void)
{
	CK_SESSION_HANDLE s = 0;
	CK_UTF8CHAR label[32];

	memset(label, ' ', sizeof(label));
	check(C_Initialize(NULL) == CKR_OK, "C_Initialize");
	check(C_InitToken(0, (CK_UTF8CHAR_PTR) "12345678", 8, label) == CKR_OK,
	      "C_InitToken");
	check(C_OpenSession(0, CKF_SERIAL_SESSION | CKF_RW_SESSION, NULL, NULL,
			    &s) == CKR_OK,
	      "C_OpenSession");
	check(C_Login(s, CKU_SO, (CK_UTF8CHAR_PTR) "12345678", 8) == CKR_OK &&
		      C_InitPIN(s, (CK_UTF8CHAR_PTR) "1234", 4) == CKR_OK &&
		      C_Logout(s) == CKR_OK &&
		      C_Login(s, CKU_USER, (CK_UTF8CHAR_PTR) "1234", 4) ==
			      CKR_OK,
	      "PINs and login");
	return s;
}

/* The private key of a new key pair of @which's kind. */
static CK_OBJECT_HANDLE make_key(CK_SESSION_HANDLE s, uint32_t which)
{
	static const uint8_t p256[] = {0x06, 0x08, 0x2a, 0x86, 0x48,
				       0xce, 0x3d, 0x03, 0x01, 0x07};
	CK_BBOOL yes = CK_TRUE;
	CK_ULONG bits = 2048;
	CK_MECHANISM ec = {CKM_EC_KEY_PAIR_GEN, NULL, 0};
	CK_MECHANISM rsa = {CKM_RSA_PKCS_KEY_PAIR_GEN, NULL, 0};
	CK_ATTRIBUTE ec_pub[] = {{CKA_EC_PARAMS, (void *)p256, sizeof(p256)}};
	CK_ATTRIBUTE rsa_pub[] = {{CKA_MODULUS_BITS, &bits, sizeof(bits)}};
	CK_ATTRIBUTE priv[] = {{CKA_SIGN, &yes, 1}, {CKA_SENSITIVE, &yes, 1}};
	CK_OBJECT_HANDLE pub = 0, key = 0;
	CK_RV rv;

	if (which == TA_CRYPTO_BENCH_ECDSA_P256)
		rv = C_GenerateKeyPair(s, &ec, ec_pub, 1, priv, 2, &pub, &key);
	else
		rv = C_GenerateKeyPair(s, &rsa, rsa_pub, 1, priv, 2, &pub,
				       &key);
	check(rv == CKR_OK, "C_GenerateKeyPair");
	return key;
}

static double through_p11(CK_SESSION_HANDLE s, CK_OBJECT_HANDLE key,
			  const struct bench *b)
{
	CK_MECHANISM m = {b->mech, NULL, 0};
	uint8_t digest[32] = {1}, sig[512];
	CK_ULONG len;
	double t0 = now_us();

	for (uint32_t i = 0; i < b->iterations; i++) {
		len = sizeof(sig);
		check(C_SignInit(s, &m, key) == CKR_OK &&
			      C_Sign(s, digest, sizeof(digest), sig, &len) ==
				      CKR_OK,
		      "C_Sign");
	}
	return (now_us() - t0) / b->iterations;
}

/* One invocation through libckteec and the TA: C_GenerateRandom. */
static double p11_invoke(CK_SESSION_HANDLE s)
{
	CK_BYTE b[1];
	double t0 = now_us();

	for (int i = 0; i < 500; i++)
		check(C_GenerateRandom(s, b, 1) == CKR_OK, "C_GenerateRandom");
	return (now_us() - t0) / 500;
}

/* The TA's own loop, on its own clock (ms resolution). */
static double in_ta(TEEC_Session *s, const struct bench *b)
{
	TEEC_Operation op = {0};
	uint8_t buf[64] = {1};
	uint32_t origin;

	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_VALUE_INPUT, TEEC_MEMREF_TEMP_INOUT,
				 TEEC_VALUE_OUTPUT, TEEC_NONE);
	op.params[0].value.a = b->which;
	op.params[0].value.b = b->iterations;
	op.params[1].tmpref.buffer = buf;
	op.params[1].tmpref.size = sizeof(buf);
	check(TEEC_InvokeCommand(s, TA_CRYPTO_CMD_BENCH, &op, &origin) ==
		      TEEC_SUCCESS,
	      "TA bench");
	return op.params[2].value.a * 1000.0 / b->iterations;
}

/* The same signature with this process's libcrypto. */
static double native(const struct bench *b)
{
	EVP_PKEY *pk;
	EVP_PKEY_CTX *pc;
	uint8_t digest[32] = {1}, sig[512];
	size_t len;
	double t0;

	if (b->which == TA_CRYPTO_BENCH_ECDSA_P256)
		pk = EVP_PKEY_Q_keygen(NULL, NULL, "EC", "prime256v1");
	else
		pk = EVP_PKEY_Q_keygen(NULL, NULL, "RSA", (size_t)2048);
	pc = pk ? EVP_PKEY_CTX_new(pk, NULL) : NULL;
	check(pc && EVP_PKEY_sign_init(pc) > 0, "native key");
	if (b->which == TA_CRYPTO_BENCH_RSA2048)
		check(EVP_PKEY_CTX_set_rsa_padding(pc, RSA_PKCS1_PADDING) > 0 &&
			      EVP_PKEY_CTX_set_signature_md(pc, EVP_sha256()) >
				      0,
		      "rsa padding");
	t0 = now_us();
	for (uint32_t i = 0; i < b->iterations; i++) {
		len = sizeof(sig);
		check(EVP_PKEY_sign(pc, sig, &len, digest, 32) > 0, "sign");
	}
	t0 = (now_us() - t0) / b->iterations;
	EVP_PKEY_CTX_free(pc);
	EVP_PKEY_free(pk);
	return t0;
}

int main(int argc, char **argv)
{
	struct bench b[] = {
		{"p11_ecdsa_p256_sign", TA_CRYPTO_BENCH_ECDSA_P256, 1000,
		 CKM_ECDSA, 0, 0, 0},
		{"p11_rsa2048_sign", TA_CRYPTO_BENCH_RSA2048, 200,
		 CKM_SHA256_RSA_PKCS, 0, 0, 0},
	};
	const size_t nb = sizeof(b) / sizeof(b[0]);
	const TEEC_UUID uuid = TA_TEST_CRYPTO_UUID;
	struct harness_opts o = {.supplicant = true};
	CK_OBJECT_HANDLE keys[2];
	CK_SESSION_HANDLE s;
	TEEC_Context ctx;
	TEEC_Session ts;
	struct harness h;
	uint32_t origin;
	double inv = 0;
	FILE *f;

	if (argc != 2) {
		fprintf(stderr, "usage: bench_pkcs11 RESULTS.json\n");
		return 2;
	}
	check(!harness_start(&h, &o), "teebox start");
	s = token_session();
	for (size_t i = 0; i < nb; i++)
		keys[i] = make_key(s, b[i].which);
	check(TEEC_InitializeContext(NULL, &ctx) == TEEC_SUCCESS &&
		      TEEC_OpenSession(&ctx, &ts, &uuid, TEEC_LOGIN_PUBLIC,
				       NULL, NULL, &origin) == TEEC_SUCCESS,
	      "crypto TA session");
	for (int r = 0; r < ROUNDS; r++) {
		double v = p11_invoke(s);

		if (!r || v < inv)
			inv = v;
		for (size_t i = 0; i < nb; i++) {
			double p = through_p11(s, keys[i], &b[i]);
			double t = in_ta(&ts, &b[i]);
			double n = native(&b[i]);

			if (!r || p < b[i].p11_us)
				b[i].p11_us = p;
			if (!r || t < b[i].ta_us)
				b[i].ta_us = t;
			if (!r || n < b[i].native_us)
				b[i].native_us = n;
		}
	}
	TEEC_CloseSession(&ts);
	TEEC_FinalizeContext(&ctx);
	C_Finalize(NULL);
	harness_stop(&h);

	f = fopen(argv[1], "w");
	if (!f) {
		perror(argv[1]);
		return 1;
	}
	printf("%-20s %10s %10s %10s %8s %8s %10s\n", "figure", "PKCS#11", "TA",
	       "native", "/native", "/TA", "PKCS#11/s");
	fprintf(f, "[\n");
	for (size_t i = 0; i < nb; i++) {
		printf("%-20s %10.1f %10.1f %10.1f %8.2f %8.2f %10.0f  us\n",
		       b[i].name, b[i].p11_us, b[i].ta_us, b[i].native_us,
		       b[i].p11_us / b[i].native_us, b[i].p11_us / b[i].ta_us,
		       1e6 / b[i].p11_us);
		fprintf(f,
			"  {\"name\": \"%s\", \"value\": %.3f, \"unit\": "
			"\"us\", \"floor\": %.3f, \"ratio\": %.2f, "
			"\"ta_internal\": %.3f, \"ratio_ta\": %.2f, "
			"\"p11_invoke\": %.3f}%s\n",
			b[i].name, b[i].p11_us, b[i].native_us,
			b[i].p11_us / b[i].native_us, b[i].ta_us,
			b[i].p11_us / b[i].ta_us, inv, i + 1 < nb ? "," : "");
	}
	fprintf(f, "]\n");
	fclose(f);
	printf("%-20s %10.1f us (one C_GenerateRandom)\n", "p11_invoke", inv);
	printf("(best of %d rounds; PKCS#11: C_SignInit + C_Sign through "
	       "libckteec; TA: ta_test_crypto's own loop; native: this "
	       "process's libcrypto)\n",
	       ROUNDS);
	printf("%s\n", argv[1]);
	return 0;
}
