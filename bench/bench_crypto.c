// SPDX-License-Identifier: BSD-2-Clause
/*
 * bench_crypto: TA crypto beside the same libcrypto calls in a plain
 * process (the floor, measured in the same run): what the GP API and
 * the TA process add.  The TA times its own loop (ta_test_crypto's
 * TA_CRYPTO_CMD_BENCH), so the invocation is not in its figure.
 *
 *  aes_gcm_1mib     AES-128-GCM encryption of 1 MiB, per MiB
 *  sha256_1mib      SHA-256 of 1 MiB, per MiB
 *  ecdsa_p256_sign  one ECDSA P-256 signature
 *  rsa2048_sign     one RSA-2048 PKCS#1 v1.5 SHA-256 signature
 *  aes_block        one 16-byte AES-128 block (TEE_CipherUpdate)
 *
 * Both sides run ROUNDS times in turn and the best round counts: the
 * machine's load reaches both alike.
 *
 * Prints a table, writes the figures as JSON to the file named by argv[1]
 * and prints that file's path as the last line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <openssl/evp.h>
#include <openssl/rsa.h>
#include <tee_client_api.h>

#include "ta/tests/crypto/ta_crypto_cmds.h"
#include "ta/tests/test_ta_uuids.h"
#include "tests/e2e/harness.h"

#define MIB    (1024 * 1024)
#define ROUNDS 3

struct bench {
	const char *name;
	uint32_t which;
	uint32_t iterations; /* in the TA, and natively */
	const char *unit;
	double ta_us;	  /* per iteration */
	double native_us; /* per iteration */
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
		fprintf(stderr, "bench_crypto: %s failed\n", what);
		exit(1);
	}
}

/* The same work with this process's libcrypto; microseconds per op. */
static double native(uint32_t which, uint32_t n, uint8_t *buf)
{
	static const uint8_t key[16], nonce[12];
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	EVP_MD_CTX *md = EVP_MD_CTX_new();
	EVP_PKEY *pk = NULL;
	EVP_PKEY_CTX *pc = NULL;
	uint8_t out[512], tag[16];
	size_t len;
	double t0;
	int l;

	check(c && md, "libcrypto contexts");
	if (which == TA_CRYPTO_BENCH_ECDSA_P256)
		pk = EVP_PKEY_Q_keygen(NULL, NULL, "EC", "prime256v1");
	else if (which == TA_CRYPTO_BENCH_RSA2048)
		pk = EVP_PKEY_Q_keygen(NULL, NULL, "RSA", (size_t)2048);
	if (pk) {
		pc = EVP_PKEY_CTX_new(pk, NULL);
		check(pc && EVP_PKEY_sign_init(pc) > 0, "sign init");
		if (which == TA_CRYPTO_BENCH_RSA2048)
			check(EVP_PKEY_CTX_set_rsa_padding(
				      pc, RSA_PKCS1_PADDING) > 0 &&
				      EVP_PKEY_CTX_set_signature_md(
					      pc, EVP_sha256()) > 0,
			      "rsa padding");
	}
	if (which == TA_CRYPTO_BENCH_AES_BLOCK)
		check(EVP_EncryptInit_ex(c, EVP_aes_128_ecb(), NULL, key, NULL),
		      "ecb init");
	t0 = now_us();
	for (uint32_t i = 0; i < n; i++) {
		switch (which) {
		case TA_CRYPTO_BENCH_AES_GCM:
			check(EVP_EncryptInit_ex(c, EVP_aes_128_gcm(), NULL,
						 key, nonce) &&
				      EVP_EncryptUpdate(c, buf, &l, buf, MIB) &&
				      EVP_EncryptFinal_ex(c, out, &l) &&
				      EVP_CIPHER_CTX_ctrl(
					      c, EVP_CTRL_GCM_GET_TAG, 16, tag),
			      "gcm");
			break;
		case TA_CRYPTO_BENCH_SHA256:
			check(EVP_DigestInit_ex(md, EVP_sha256(), NULL) &&
				      EVP_DigestUpdate(md, buf, MIB) &&
				      EVP_DigestFinal_ex(md, out, NULL),
			      "sha256");
			break;
		case TA_CRYPTO_BENCH_AES_BLOCK:
			check(EVP_EncryptUpdate(c, buf, &l, buf, 16), "ecb");
			break;
		default:
			len = sizeof(out);
			check(EVP_PKEY_sign(pc, out, &len, buf, 32) > 0,
			      "sign");
			break;
		}
	}
	t0 = (now_us() - t0) / n;
	EVP_PKEY_CTX_free(pc);
	EVP_PKEY_free(pk);
	EVP_MD_CTX_free(md);
	EVP_CIPHER_CTX_free(c);
	return t0;
}

/* The TA's microseconds per op. */
static double in_ta(TEEC_Session *s, uint32_t which, uint32_t n, uint8_t *buf,
		    size_t len)
{
	TEEC_Operation op = {0};
	uint32_t origin;

	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_VALUE_INPUT, TEEC_MEMREF_TEMP_INOUT,
				 TEEC_VALUE_OUTPUT, TEEC_NONE);
	op.params[0].value.a = which;
	op.params[0].value.b = n;
	op.params[1].tmpref.buffer = buf;
	op.params[1].tmpref.size = len;
	check(TEEC_InvokeCommand(s, TA_CRYPTO_CMD_BENCH, &op, &origin) ==
		      TEEC_SUCCESS,
	      "TA bench");
	return op.params[2].value.a * 1000.0 / n;
}

int main(int argc, char **argv)
{
	struct bench b[] = {
		{"aes_gcm_1mib", TA_CRYPTO_BENCH_AES_GCM, 50, "us/MiB", 0, 0},
		{"sha256_1mib", TA_CRYPTO_BENCH_SHA256, 50, "us/MiB", 0, 0},
		{"ecdsa_p256_sign", TA_CRYPTO_BENCH_ECDSA_P256, 10000, "us", 0,
		 0},
		{"rsa2048_sign", TA_CRYPTO_BENCH_RSA2048, 300, "us", 0, 0},
		{"aes_block", TA_CRYPTO_BENCH_AES_BLOCK, 1000000, "us", 0, 0},
	};
	const size_t nb = sizeof(b) / sizeof(b[0]);
	const TEEC_UUID uuid = TA_TEST_CRYPTO_UUID;
	struct harness_opts o = {.supplicant = true};
	uint8_t *buf = calloc(1, MIB);
	TEEC_Context ctx;
	TEEC_Session s;
	struct harness h;
	uint32_t origin;
	FILE *f;

	if (argc != 2 || !buf) {
		fprintf(stderr, "usage: bench_crypto RESULTS.json\n");
		return 2;
	}
	check(!harness_start(&h, &o), "teebox start");
	check(TEEC_InitializeContext(NULL, &ctx) == TEEC_SUCCESS,
	      "initialize context");
	check(TEEC_OpenSession(&ctx, &s, &uuid, TEEC_LOGIN_PUBLIC, NULL, NULL,
			       &origin) == TEEC_SUCCESS,
	      "open session");
	for (int r = 0; r < ROUNDS; r++) {
		for (size_t i = 0; i < nb; i++) {
			double t = native(b[i].which, b[i].iterations, buf);
			double ta = in_ta(&s, b[i].which, b[i].iterations, buf,
					  b[i].which <= TA_CRYPTO_BENCH_SHA256
						  ? MIB
						  : 64);

			if (!r || t < b[i].native_us)
				b[i].native_us = t;
			if (!r || ta < b[i].ta_us)
				b[i].ta_us = ta;
		}
	}
	TEEC_CloseSession(&s);
	TEEC_FinalizeContext(&ctx);
	harness_stop(&h);

	f = fopen(argv[1], "w");
	if (!f) {
		perror(argv[1]);
		return 1;
	}
	printf("%-20s %12s %12s %8s\n", "figure", "TA", "native", "ratio");
	fprintf(f, "[\n");
	for (size_t i = 0; i < nb; i++) {
		printf("%-20s %12.3f %12.3f %8.2f  %s\n", b[i].name, b[i].ta_us,
		       b[i].native_us, b[i].ta_us / b[i].native_us, b[i].unit);
		fprintf(f,
			"  {\"name\": \"crypto_%s\", \"value\": %.3f, "
			"\"unit\": \"%s\", \"floor\": %.3f, \"ratio\": "
			"%.2f}%s\n",
			b[i].name, b[i].ta_us, b[i].unit, b[i].native_us,
			b[i].ta_us / b[i].native_us, i + 1 < nb ? "," : "");
	}
	fprintf(f, "]\n");
	fclose(f);
	printf("(best of %d rounds; TA: its own clock, ms resolution, over "
	       "the iterations; native: this process's libcrypto)\n",
	       ROUNDS);
	printf("%s\n", argv[1]);
	free(buf);
	return 0;
}
