// SPDX-License-Identifier: BSD-2-Clause
/*
 * OP-TEE's PKCS#11 TA and libckteec driven by OpenSC's pkcs11-tool, the
 * way people use a token: slots, token and PIN set-up, login, key
 * generation, object listing, the PIN try counters and persistence over
 * a restart of the whole teebox.  Behaviour checked against OP-TEE's
 * ta/pkcs11 (pkcs11_token.c, persistent_token.c, object.c;
 * ABI-FACTS-INTERNAL §6).
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "harness.h"
#include "tool_run.h"

static struct harness tb;
static char out[65536];

/*
 * Runs pkcs11-tool --module libckteec with the NULL-terminated
 * arguments; its stdout and stderr land in out[].
 * Return: its exit status (-1 if it did not exit).
 */
static int p11(const char *arg, ...)
{
	const char *argv[32] = {"pkcs11-tool", "--module", TEEBOX_CKTEEC_LIB};
#ifdef TEEBOX_P11_PRELOAD
	const char *const env[] = {"LD_PRELOAD", TEEBOX_P11_PRELOAD, NULL};
#else
	const char *const *env = NULL;
#endif
	int argc = 3;
	va_list ap;

	va_start(ap, arg);
	for (; arg && argc < 31; arg = va_arg(ap, const char *))
		argv[argc++] = arg;
	va_end(ap);
	argv[argc] = NULL;
	return tool_run(argv, env, out, sizeof(out));
}

#define assert_out(s)                                                          \
	do {                                                                   \
		if (!strstr(out, (s)))                                         \
			fail_msg("pkcs11-tool said:\n%s\nwithout: %s", out,    \
				 (s));                                         \
	} while (0)
#define assert_no_out(s)                                                       \
	do {                                                                   \
		if (strstr(out, (s)))                                          \
			fail_msg("pkcs11-tool said:\n%s\nwith: %s", out, (s)); \
	} while (0)

static int count_of(const char *s)
{
	const char *p = out;
	int n = 0;

	while ((p = strstr(p, s))) {
		n++;
		p += strlen(s);
	}
	return n;
}

static int setup(void **state)
{
	(void)state;
	if (access("/usr/bin/pkcs11-tool", X_OK)) {
		print_message("pkcs11-tool missing: scripts/deps.sh test "
			      "installs opensc\n");
		return -1;
	}
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	harness_stop_leftover(&tb);
	return 0;
}

/*
 * pkcs11-tool -M: HMAC and CMAC _GENERAL mechanisms have no name in
 * pkcs11-tool 0.23 (mechtype-0x…); CKM_RSA_PKCS_PSS has no key sizes, as
 * OP-TEE's.
 */
static const char *const mechs[] = {
	"mechtype-0x272, keySize={32,128}, sign, verify",
	"SHA512-HMAC, keySize={32,128}, sign, verify",
	"mechtype-0x262, keySize={32,128}, sign, verify",
	"SHA384-HMAC, keySize={32,128}, sign, verify",
	"mechtype-0x252, keySize={24,128}, sign, verify",
	"SHA256-HMAC, keySize={24,128}, sign, verify",
	"mechtype-0x257, keySize={14,64}, sign, verify",
	"SHA224-HMAC, keySize={14,64}, sign, verify",
	"SHA-1-HMAC-GENERAL, keySize={10,64}, sign, verify",
	"SHA-1-HMAC, keySize={10,64}, sign, verify",
	"MD5-HMAC-GENERAL, keySize={8,64}, sign, verify",
	"MD5-HMAC, keySize={8,64}, sign, verify",
	"SHA512, digest",
	"SHA384, digest",
	"SHA256, digest",
	"SHA224, digest",
	"SHA-1, digest",
	"MD5, digest",
	"mechtype-0x108B, keySize={16,32}, sign, verify",
	"AES-CMAC, keySize={16,32}, sign, verify",
	"AES-GCM, keySize={16,32}, encrypt, decrypt, wrap, unwrap",
	"AES-CTR, keySize={16,32}, encrypt, decrypt",
	"AES-CBC-PAD, keySize={16,32}, encrypt, decrypt",
	"AES-CBC, keySize={16,32}, encrypt, decrypt, wrap, unwrap",
	"AES-ECB, keySize={16,32}, encrypt, decrypt, wrap, unwrap",
	"AES-KEY-GEN, keySize={16,32}, generate",
	"GENERIC-SECRET-KEY-GEN, keySize={1,4096}, generate",
	"EDDSA, keySize={256,448}, sign, verify",
	"EC-EDWARDS-KEY-PAIR-GEN, keySize={256,448}, generate_key_pair",
	"ECDH1-DERIVE, keySize={160,521}, derive",
	"ECDSA-SHA512, keySize={160,521}, sign, verify",
	"ECDSA-SHA384, keySize={160,521}, sign, verify",
	"ECDSA-SHA256, keySize={160,521}, sign, verify",
	"ECDSA-SHA224, keySize={160,521}, sign, verify",
	"ECDSA-SHA1, keySize={160,521}, sign, verify",
	"ECDSA, keySize={160,521}, sign, verify",
	"ECDSA-KEY-PAIR-GEN, keySize={160,521}, generate_key_pair",
	"SHA224-RSA-PKCS-PSS, keySize={256,4096}, sign, verify",
	"SHA224-RSA-PKCS, keySize={256,4096}, sign, verify",
	"SHA512-RSA-PKCS-PSS, keySize={256,4096}, sign, verify",
	"SHA384-RSA-PKCS-PSS, keySize={256,4096}, sign, verify",
	"SHA256-RSA-PKCS-PSS, keySize={256,4096}, sign, verify",
	"SHA512-RSA-PKCS, keySize={256,4096}, sign, verify",
	"SHA384-RSA-PKCS, keySize={256,4096}, sign, verify",
	"SHA256-RSA-PKCS, keySize={256,4096}, sign, verify",
	"SHA1-RSA-PKCS-PSS, keySize={256,4096}, sign, verify",
	"RSA-PKCS-PSS, sign, verify",
	"RSA-PKCS-OAEP, keySize={256,4096}, encrypt, decrypt",
	"SHA1-RSA-PKCS, keySize={256,4096}, sign, verify",
	"RSA-PKCS, keySize={256,4096}, encrypt, decrypt, sign, verify",
	"RSA-PKCS-KEY-PAIR-GEN, keySize={256,4096}, generate_key_pair",
};

/* OP-TEE's 3 tokens (CFG_PKCS11_TA_TOKEN_COUNT), fresh, and its slot. */
static void test_slots(void **state)
{
	char line[96];
	size_t n;

	(void)state;
	harness_start_ok(&tb, (struct harness_opts){.supplicant = true});
	assert_int_equal(p11("-L", NULL), 0);
	assert_out("Slot 0 (0x0): OP-TEE PKCS11 TA - TEE UUID ");
	assert_out("Slot 1 (0x1)");
	assert_out("Slot 2 (0x2)");
	assert_no_out("Slot 3");
	assert_int_equal(count_of("token state:   uninitialized"), 3);

	/*
	 * What the TA carries, and no more (OP-TEE's token_capabilities.c
	 * sizes and flags): every line pkcs11-tool prints, and no other.
	 */
	assert_int_equal(p11("-M", "--slot", "0", NULL), 0);
	for (n = 0; n < sizeof(mechs) / sizeof(mechs[0]); n++) {
		snprintf(line, sizeof(line), "\n  %s\n", mechs[n]);
		assert_out(line);
	}
	assert_int_equal(count_of("\n  "), sizeof(mechs) / sizeof(mechs[0]));
	harness_stop_ok(&tb);
}

static void make_dirs(char *storage, char *sdir, size_t size)
{
	snprintf(storage, size, "/tmp/tbx-p11-st-XXXXXX");
	snprintf(sdir, size, "/tmp/tbx-p11-sw-XXXXXX");
	assert_non_null(mkdtemp(storage));
	assert_non_null(mkdtemp(sdir));
}

static void rm_dirs(const char *storage, const char *sdir)
{
	char cmd[300];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s' '%s'", storage, sdir);
	assert_int_equal(system(cmd), 0);
}

/*
 * SO and user PINs, login, a generated AES key as a token object, and
 * all of it after teebox went down and up again.
 */
static void test_token_lifecycle(void **state)
{
	struct harness_opts o = {.supplicant = true};
	char storage[64], sdir[64];

	(void)state;
	make_dirs(storage, sdir, sizeof(storage));
	o.storage_dir = storage;
	o.state_dir = sdir;
	harness_start_ok(&tb, o);

	assert_int_equal(p11("--slot", "1", "--init-token", "--so-pin",
			     "so-secret", "--label", "teebox-p11", NULL),
			 0);
	assert_out("Token successfully initialized");
	/* Login needs a user PIN first: USER_PIN_NOT_INITIALIZED. */
	assert_int_not_equal(
		p11("--slot", "1", "--login", "--pin", "1234", "-O", NULL), 0);
	assert_out("CKR_USER_PIN_NOT_INITIALIZED");
	assert_int_equal(p11("--slot", "1", "--init-pin", "--so-pin",
			     "so-secret", "--pin", "1234", NULL),
			 0);
	assert_out("User PIN successfully initialized");
	/* The PIN length bounds are 4…128: PIN_LEN_RANGE. */
	assert_int_not_equal(p11("--slot", "1", "--login", "--pin", "1234",
				 "--change-pin", "--new-pin", "123", NULL),
			     0);
	assert_out("CKR_PIN_LEN_RANGE");
	assert_int_equal(p11("--slot", "1", "--login", "--pin", "1234",
			     "--change-pin", "--new-pin", "4321", NULL),
			 0);
	assert_out("PIN successfully changed");
	assert_int_not_equal(
		p11("--slot", "1", "--login", "--pin", "1234", "-O", NULL), 0);
	assert_out("CKR_PIN_INCORRECT");

	assert_int_equal(p11("--slot", "1", "--login", "--pin", "4321",
			     "--keygen", "--key-type", "AES:32", "--label",
			     "k-aes", "--id", "a1", NULL),
			 0);
	assert_out("Key generated:");
	assert_out("Secret Key Object; AES length 32");
	assert_int_equal(p11("--slot", "1", "--login", "--pin", "4321",
			     "--keygen", "--key-type", "GENERIC:48", "--label",
			     "k-gen", NULL),
			 0);
	assert_out("Secret Key Object; Generic secret length 48");
	/* C_SetAttributeValue on a token object: CKA_ID, kept in storage. */
	assert_int_equal(p11("--slot", "1", "--login", "--pin", "4321",
			     "--set-id", "b2", "--label", "k-gen", "--type",
			     "secrkey", NULL),
			 0);
	/* Another token sees none of them. */
	assert_int_equal(p11("--slot", "2", "-O", NULL), 0);
	assert_no_out("Secret Key Object");
	harness_stop_ok(&tb);

	/* The token record and objects live in trusted storage. */
	harness_start_ok(&tb, o);
	assert_int_equal(p11("-T", NULL), 0);
	assert_out("token label        : teebox-p11");
	assert_out("token initialized, PIN initialized");
	assert_int_equal(
		p11("--slot", "1", "--login", "--pin", "4321", "-O", NULL), 0);
	assert_out("label:      k-aes");
	assert_out("ID:         a1");
	assert_out("label:      k-gen");
	assert_out("ID:         b2");
	assert_int_equal(count_of("Secret Key Object"), 2);
	/* Re-initialising needs the SO PIN and erases the objects. */
	assert_int_not_equal(p11("--slot", "1", "--init-token", "--so-pin",
				 "wrong-so", "--label", "x", NULL),
			     0);
	assert_out("CKR_PIN_INCORRECT");
	assert_int_equal(p11("--slot", "1", "--init-token", "--so-pin",
			     "so-secret", "--label", "again", NULL),
			 0);
	assert_int_equal(p11("--slot", "1", "-O", NULL), 0);
	assert_no_out("Secret Key Object");
	harness_stop_ok(&tb);
	rm_dirs(storage, sdir);
}

/*
 * OP-TEE's user PIN counters: every failure sets COUNT_LOW, the 6th sets
 * FINAL_TRY, the 7th locks the PIN (PKCS11_TOKEN_USER_PIN_COUNT_MAX);
 * a success before that clears them (pkcs11_token.c check_user_pin()).
 */
static void test_pin_lockout(void **state)
{
	int n;

	(void)state;
	harness_start_ok(&tb, (struct harness_opts){.supplicant = true});
	assert_int_equal(p11("--init-token", "--so-pin", "87654321", "--label",
			     "lock", NULL),
			 0);
	assert_int_equal(p11("--init-pin", "--so-pin", "87654321", "--pin",
			     "1111", NULL),
			 0);
	assert_int_not_equal(p11("--login", "--pin", "2222", "-O", NULL), 0);
	assert_out("CKR_PIN_INCORRECT");
	assert_int_equal(p11("-T", NULL), 0);
	assert_out("user PIN count low");
	assert_int_equal(p11("--login", "--pin", "1111", "-O", NULL), 0);
	assert_int_equal(p11("-T", NULL), 0);
	assert_no_out("user PIN count low");

	for (n = 1; n <= 6; n++) {
		assert_int_not_equal(
			p11("--login", "--pin", "2222", "-O", NULL), 0);
		assert_out("CKR_PIN_INCORRECT");
	}
	assert_int_equal(p11("-T", NULL), 0);
	assert_out("final user PIN try");
	assert_int_not_equal(p11("--login", "--pin", "2222", "-O", NULL), 0);
	assert_out("CKR_PIN_LOCKED");
	/* Locked: even the right PIN is refused now. */
	assert_int_not_equal(p11("--login", "--pin", "1111", "-O", NULL), 0);
	assert_out("CKR_PIN_LOCKED");
	assert_int_equal(p11("-T", NULL), 0);
	assert_out("user PIN locked");
	/* The SO can set a new user PIN, which unlocks it. */
	assert_int_equal(p11("--init-pin", "--so-pin", "87654321", "--pin",
			     "3333", NULL),
			 0);
	assert_int_equal(p11("--login", "--pin", "3333", "-O", NULL), 0);
	harness_stop_ok(&tb);
}

/* What is not carried answers as PKCS#11 says, not with a crash. */
static void test_not_carried(void **state)
{
	(void)state;
	harness_start_ok(&tb, (struct harness_opts){.supplicant = true});
	assert_int_equal(p11("--init-token", "--so-pin", "12345678", "--label",
			     "nc", NULL),
			 0);
	assert_int_equal(p11("--init-pin", "--so-pin", "12345678", "--pin",
			     "1234", NULL),
			 0);
	/* EC key pairs on the NIST curves only: secp256k1 is
	 * CKR_CURVE_NOT_SUPPORTED (0x140, PKCS#11 3.0; pkcs11-tool 0.23
	 * knows no name for it).
	 */
	assert_int_not_equal(p11("--login", "--pin", "1234", "--keypairgen",
				 "--key-type", "EC:secp256k1", NULL),
			     0);
	assert_out("C_GenerateKeyPair failed: rv = unknown PKCS11 error "
		   "(0x140)");
	/* Nor SHA3 digests: DIGEST_INIT reaches the TA, which answers
	 * MECHANISM_INVALID for a mechanism it lacks.
	 */
	assert_int_not_equal(
		p11("--hash", "-m", "SHA3-256", "-i", TEEBOX_CKTEEC_LIB, NULL),
		0);
	assert_out("C_DigestInit failed: rv = CKR_MECHANISM_INVALID");
	/* AES sizes are 16, 24 or 32 bytes: KEY_SIZE_RANGE. */
	assert_int_not_equal(p11("--login", "--pin", "1234", "--keygen",
				 "--key-type", "AES:20", NULL),
			     0);
	assert_out("CKR_KEY_SIZE_RANGE");
	harness_stop_ok(&tb);
}

/* What OpenSSL makes of @in with AES-128 @key (and @iv for CBC). */
static void openssl_aes(const EVP_CIPHER *cipher, const uint8_t *key,
			const uint8_t *iv, const uint8_t *in, int len,
			uint8_t *dst)
{
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	int n = 0, m = 0;

	assert_non_null(c);
	assert_int_equal(EVP_EncryptInit_ex(c, cipher, NULL, key, iv), 1);
	EVP_CIPHER_CTX_set_padding(c, 0);
	assert_int_equal(EVP_EncryptUpdate(c, dst, &n, in, len), 1);
	assert_int_equal(EVP_EncryptFinal_ex(c, dst + n, &m), 1);
	assert_int_equal(n + m, len);
	EVP_CIPHER_CTX_free(c);
}

/*
 * AES ECB and CBC through pkcs11-tool: a key of known value (C_CreateObject
 * through --write-object) encrypts as OpenSSL does, a generated one
 * decrypts what it encrypted, and data that is not whole blocks is
 * CKR_DATA_LEN_RANGE (no padding, PKCS#11 2.40 §2.10).
 */
static void test_aes(void **state)
{
	static const uint8_t key[16] = "0123456789abcdef";
	static const char iv_hex[] = "000102030405060708090a0b0c0d0e0f";
	uint8_t iv[16], in[64], got[128], want[64];
	char dir[64], f_key[96], f_in[96], f_out[96], f_dec[96], f_odd[96];
	unsigned int n;

	(void)state;
	for (n = 0; n < sizeof(iv); n++)
		iv[n] = n;
	for (n = 0; n < sizeof(in); n++)
		in[n] = n * 7 + 3;
	snprintf(dir, sizeof(dir), "/tmp/tbx-p11-aes-XXXXXX");
	assert_non_null(mkdtemp(dir));
	snprintf(f_key, sizeof(f_key), "%s/key", dir);
	snprintf(f_in, sizeof(f_in), "%s/in", dir);
	snprintf(f_out, sizeof(f_out), "%s/out", dir);
	snprintf(f_dec, sizeof(f_dec), "%s/dec", dir);
	snprintf(f_odd, sizeof(f_odd), "%s/odd", dir);
	test_write_file(f_key, key, sizeof(key));
	test_write_file(f_in, in, sizeof(in));
	test_write_file(f_odd, in, 20);

	harness_start_ok(&tb, (struct harness_opts){.supplicant = true});
	assert_int_equal(p11("--init-token", "--so-pin", "12345678", "--label",
			     "aes", NULL),
			 0);
	assert_int_equal(p11("--init-pin", "--so-pin", "12345678", "--pin",
			     "1234", NULL),
			 0);
	assert_int_equal(p11("--login", "--pin", "1234", "--write-object",
			     f_key, "--type", "secrkey", "--key-type", "AES:16",
			     "--id", "02", NULL),
			 0);

	assert_int_equal(p11("--login", "--pin", "1234", "--encrypt", "-m",
			     "AES-ECB", "--id", "02", "-i", f_in, "-o", f_out,
			     NULL),
			 0);
	openssl_aes(EVP_aes_128_ecb(), key, NULL, in, sizeof(in), want);
	assert_int_equal(test_read_file(f_out, got, sizeof(got)), sizeof(in));
	assert_memory_equal(got, want, sizeof(in));

	assert_int_equal(p11("--login", "--pin", "1234", "--encrypt", "-m",
			     "AES-CBC", "--iv", iv_hex, "--id", "02", "-i",
			     f_in, "-o", f_out, NULL),
			 0);
	openssl_aes(EVP_aes_128_cbc(), key, iv, in, sizeof(in), want);
	assert_int_equal(test_read_file(f_out, got, sizeof(got)), sizeof(in));
	assert_memory_equal(got, want, sizeof(in));
	assert_int_equal(p11("--login", "--pin", "1234", "--decrypt", "-m",
			     "AES-CBC", "--iv", iv_hex, "--id", "02", "-i",
			     f_out, "-o", f_dec, NULL),
			 0);
	assert_int_equal(test_read_file(f_dec, got, sizeof(got)), sizeof(in));
	assert_memory_equal(got, in, sizeof(in));

	/* A generated 256-bit key: what it encrypts it decrypts. */
	assert_int_equal(p11("--login", "--pin", "1234", "--keygen",
			     "--key-type", "AES:32", "--id", "03", NULL),
			 0);
	assert_int_equal(p11("--login", "--pin", "1234", "--encrypt", "-m",
			     "AES-ECB", "--id", "03", "-i", f_in, "-o", f_out,
			     NULL),
			 0);
	assert_int_equal(p11("--login", "--pin", "1234", "--decrypt", "-m",
			     "AES-ECB", "--id", "03", "-i", f_out, "-o", f_dec,
			     NULL),
			 0);
	assert_int_equal(test_read_file(f_dec, got, sizeof(got)), sizeof(in));
	assert_memory_equal(got, in, sizeof(in));

	assert_int_not_equal(p11("--login", "--pin", "1234", "--encrypt", "-m",
				 "AES-ECB", "--id", "02", "-i", f_odd, "-o",
				 f_out, NULL),
			     0);
	assert_out("CKR_DATA_LEN_RANGE");
	harness_stop_ok(&tb);
	rm_dirs(dir, dir);
}

/*
 * What pkcs11-tool 0.23 reaches of the symmetric mechanisms: --hash
 * (C_Digest*), AES-CBC-PAD --encrypt/--decrypt (PKCS#7 padding, PKCS#11
 * 3.0 §2.10) and HMAC --sign/--verify with a generic secret key (it
 * looks for no secret key for AES-CMAC, and has no CTR or GCM:
 * test_pkcs11_symm covers those), each checked against OpenSSL.
 */
static void test_symm_tool(void **state)
{
	static const uint8_t key[16] = "fedcba9876543210";
	static const char iv_hex[] = "0f0e0d0c0b0a09080706050403020100";
	uint8_t iv[16], in[100], got[160], want[160], hkey[64];
	char dir[64], f_key[96], f_in[96], f_out[96], f_dec[96], f_hk[96];
	unsigned int n, wl = 0;
	int len = 0, fin = 0;
	EVP_CIPHER_CTX *c;

	(void)state;
	for (n = 0; n < sizeof(iv); n++)
		iv[n] = 15 - n;
	for (n = 0; n < sizeof(in); n++)
		in[n] = n * 11 + 1;
	snprintf(dir, sizeof(dir), "/tmp/tbx-p11-symm-XXXXXX");
	assert_non_null(mkdtemp(dir));
	snprintf(f_key, sizeof(f_key), "%s/key", dir);
	snprintf(f_in, sizeof(f_in), "%s/in", dir);
	snprintf(f_out, sizeof(f_out), "%s/out", dir);
	snprintf(f_dec, sizeof(f_dec), "%s/dec", dir);
	snprintf(f_hk, sizeof(f_hk), "%s/hk", dir);
	test_write_file(f_key, key, sizeof(key));
	test_write_file(f_in, in, sizeof(in));

	harness_start_ok(&tb, (struct harness_opts){.supplicant = true});
	assert_int_equal(p11("--init-token", "--so-pin", "12345678", "--label",
			     "symm", NULL),
			 0);
	assert_int_equal(p11("--init-pin", "--so-pin", "12345678", "--pin",
			     "1234", NULL),
			 0);

	assert_int_equal(
		p11("--hash", "-m", "SHA256", "-i", f_in, "-o", f_out, NULL),
		0);
	assert_int_equal(
		EVP_Digest(in, sizeof(in), want, &wl, EVP_sha256(), NULL), 1);
	assert_int_equal(test_read_file(f_out, got, sizeof(got)), wl);
	assert_memory_equal(got, want, wl);
	assert_int_equal(
		p11("--hash", "-m", "SHA-1", "-i", f_in, "-o", f_out, NULL), 0);
	assert_int_equal(
		EVP_Digest(in, sizeof(in), want, &wl, EVP_sha1(), NULL), 1);
	assert_int_equal(test_read_file(f_out, got, sizeof(got)), wl);
	assert_memory_equal(got, want, wl);

	assert_int_equal(p11("--login", "--pin", "1234", "--write-object",
			     f_key, "--type", "secrkey", "--key-type", "AES:16",
			     "--id", "02", NULL),
			 0);
	assert_int_equal(p11("--login", "--pin", "1234", "--encrypt", "-m",
			     "AES-CBC-PAD", "--iv", iv_hex, "--id", "02", "-i",
			     f_in, "-o", f_out, NULL),
			 0);
	c = EVP_CIPHER_CTX_new();
	assert_int_equal(
		EVP_EncryptInit_ex(c, EVP_aes_128_cbc(), NULL, key, iv), 1);
	assert_int_equal(EVP_EncryptUpdate(c, want, &len, in, sizeof(in)), 1);
	assert_int_equal(EVP_EncryptFinal_ex(c, want + len, &fin), 1);
	EVP_CIPHER_CTX_free(c);
	assert_int_equal(len + fin, 112);
	assert_int_equal(test_read_file(f_out, got, sizeof(got)), 112);
	assert_memory_equal(got, want, 112);
	assert_int_equal(p11("--login", "--pin", "1234", "--decrypt", "-m",
			     "AES-CBC-PAD", "--iv", iv_hex, "--id", "02", "-i",
			     f_out, "-o", f_dec, NULL),
			 0);
	assert_int_equal(test_read_file(f_dec, got, sizeof(got)), sizeof(in));
	assert_memory_equal(got, in, sizeof(in));

	/* pkcs11-tool writes no generic secret: one generated, read back. */
	assert_int_equal(p11("--login", "--pin", "1234", "--keygen",
			     "--key-type", "GENERIC:32", "--usage-sign",
			     "--extractable", "--id", "05", NULL),
			 0);
	assert_int_equal(p11("--login", "--pin", "1234", "--read-object",
			     "--type", "secrkey", "--id", "05", "-o", f_hk,
			     NULL),
			 0);
	assert_int_equal(test_read_file(f_hk, hkey, sizeof(hkey)), 32);
	assert_int_equal(p11("--login", "--pin", "1234", "--sign", "-m",
			     "SHA256-HMAC", "--id", "05", "-i", f_in, "-o",
			     f_out, NULL),
			 0);
	assert_non_null(
		HMAC(EVP_sha256(), hkey, 32, in, sizeof(in), want, &wl));
	assert_int_equal(test_read_file(f_out, got, sizeof(got)), wl);
	assert_memory_equal(got, want, wl);
	assert_int_equal(p11("--login", "--pin", "1234", "--verify", "-m",
			     "SHA256-HMAC", "--id", "05", "-i", f_in,
			     "--signature-file", f_out, NULL),
			 0);
	assert_out("Signature is valid");
	in[0] ^= 1;
	test_write_file(f_in, in, sizeof(in));
	p11("--login", "--pin", "1234", "--verify", "-m", "SHA256-HMAC", "--id",
	    "05", "-i", f_in, "--signature-file", f_out, NULL);
	assert_out("Invalid signature");
	harness_stop_ok(&tb);
	rm_dirs(dir, dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_slots, teardown),
		cmocka_unit_test_teardown(test_token_lifecycle, teardown),
		cmocka_unit_test_teardown(test_pin_lockout, teardown),
		cmocka_unit_test_teardown(test_not_carried, teardown),
		cmocka_unit_test_teardown(test_aes, teardown),
		cmocka_unit_test_teardown(test_symm_tool, teardown),
	};

	return cmocka_run_group_tests(tests, setup, NULL);
}
