// SPDX-License-Identifier: BSD-2-Clause
/*
 * The examples in OP-TEE's examples' layout (examples/), end to end:
 * their TAs built by their own Makefiles through the dev kit, their
 * clients run unchanged against a teebox brought up by the harness.
 * Each client checks its TA itself (with libcrypto where it can) and
 * says what it saw; these tests hold it to exact lines, then check a
 * few things a client cannot see (the secure world's log, sealing
 * across a restart).
 */
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>
#include <tee_client_api.h>

#include "examples/gcm_seal/ta/include/gcm_seal_ta.h"
#include "harness.h"
#include "teec_helpers.h"

/*
 * Runs @prog with stdout and stderr into @out (NUL-terminated, @size
 * bytes at most).
 * Return: its exit status, or -1 if it did not exit.
 */
static int run_client(const char *prog, char *out, size_t size)
{
	char path[] = "/tmp/teebox-example-out.XXXXXX";
	int fd = mkstemp(path), status;
	ssize_t n;
	pid_t pid;

	assert_true(fd >= 0);
	unlink(path);
	pid = fork();
	assert_true(pid >= 0);
	if (!pid) {
		dup2(fd, STDOUT_FILENO);
		dup2(fd, STDERR_FILENO);
		execl(prog, prog, (char *)NULL);
		_exit(127);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	n = pread(fd, out, size - 1, 0);
	close(fd);
	out[n > 0 ? n : 0] = '\0';
	printf("%s", out);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void assert_has(const char *out, const char *line)
{
	if (!strstr(out, line))
		fail_msg("missing from the client's output: %s", line);
}

/* The client against a fresh teebox; returns with @out filled. */
static void run_example(const char *prog, char *out, size_t size)
{
	struct harness h;

	harness_start_ok(&h, (struct harness_opts){.supplicant = true});
	assert_int_equal(run_client(prog, out, size), 0);
	harness_stop_ok(&h);
}

/* optee_examples' random: TEE_GenerateRandom() to the client. */
static void test_random(void **state)
{
	char out[4096];

	run_example(TEEBOX_EXAMPLE_RANDOM, out, sizeof(out));
	assert_has(out, "Invoking TA to generate random UUID...\n");
	assert_has(out, "TA generated UUID value = ");
}

/*
 * The key store: the signature verifies with OpenSSL, the TA decrypts
 * OpenSSL's OAEP, and the private key does not come out: GP 1.3.1
 * TEE_GetObjectBufferAttribute panics on a secret attribute of an
 * object without TEE_USAGE_EXTRACTABLE (OP-TEE syscall_cryp_obj_get_attr,
 * ABI-FACTS-INTERNAL.md 1.5), so the client gets TEE_ERROR_TARGET_DEAD
 * with origin TEE.
 */
static void test_keystore(void **state)
{
	char out[4096];

	run_example(TEEBOX_EXAMPLE_KEYSTORE, out, sizeof(out));
	assert_has(out, "RSASSA-PKCS1-v1_5 SHA-256 signature (256 bytes): "
			"verified with OpenSSL\n");
	assert_has(out, "RSAES-OAEP SHA-256 from OpenSSL, decrypted by the "
			"TA: matches\n");
	assert_has(out, "exporting the private key: 0xffff3024, origin 3 "
			"(refused: the TA panicked)\n");
}

/* FIDO-style assertions: ECDSA P-256, counter, verified by OpenSSL. */
static void test_fido_signer(void **state)
{
	char out[4096];

	run_example(TEEBOX_EXAMPLE_FIDO_SIGNER, out, sizeof(out));
	assert_has(out, "challenge 1: counter 1, signature verified with "
			"OpenSSL\n");
	assert_has(out, "challenge 2: counter 2, signature verified with "
			"OpenSSL\n");
	assert_has(out, "a changed challenge does not verify\n");
	assert_has(out, "registering again: 0xffff0003 (refused)\n");
}

/* Sealing: a changed blob is TEE_ERROR_MAC_INVALID from the TA. */
static void test_gcm_seal(void **state)
{
	char out[4096];

	run_example(TEEBOX_EXAMPLE_GCM_SEAL, out, sizeof(out));
	assert_has(out, "unsealed: \"the launch code is 0000\"\n");
	assert_has(out, "unsealing with a byte of the ciphertext changed: "
			"0xffff3071, origin 4 (TEE_ERROR_MAC_INVALID)\n");
	assert_has(out, "unsealing with a byte of the tag changed: "
			"0xffff3071, origin 4 (TEE_ERROR_MAC_INVALID)\n");
}

static TEEC_Result seal_call(TEEC_Session *s, uint32_t cmd, const void *in,
			     size_t in_len, void *out, size_t *out_len)
{
	TEEC_Operation op;
	uint32_t origin;
	TEEC_Result res;

	memset(&op, 0, sizeof(op));
	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_INPUT,
				 TEEC_MEMREF_TEMP_OUTPUT, TEEC_NONE, TEEC_NONE);
	op.params[0].tmpref.buffer = (void *)in;
	op.params[0].tmpref.size = in_len;
	op.params[1].tmpref.buffer = out;
	op.params[1].tmpref.size = *out_len;
	res = TEEC_InvokeCommand(s, cmd, &op, &origin);
	*out_len = op.params[1].tmpref.size;
	return res;
}

/*
 * The sealing key is the TA's persistent object: a blob sealed before
 * teebox restarts unseals after it (same storage), and a blob of another
 * storage (another key) does not.
 */
static void test_gcm_seal_survives_restart(void **state)
{
	static const TEEC_UUID uuid = TA_GCM_SEAL_UUID;
	static const char data[] = "kept across a restart";
	unsigned char blob[sizeof(data) + GCM_SEAL_OVERHEAD];
	char keep[] = "/tmp/teebox-seal-keep.XXXXXX";
	char storage[PATH_MAX], secure[PATH_MAX], out[sizeof(data)];
	size_t blob_len = sizeof(blob), out_len = sizeof(out);
	struct harness_opts o = {.supplicant = true};
	struct harness h;
	TEEC_Context ctx;
	TEEC_Session s;

	assert_non_null(mkdtemp(keep));
	snprintf(storage, sizeof(storage), "%s/storage", keep);
	snprintf(secure, sizeof(secure), "%s/secure", keep);
	o.storage_dir = storage;
	o.state_dir = secure;

	harness_start_ok(&h, o);
	e2e_open(&ctx, &s, &uuid, TEEC_LOGIN_PUBLIC, NULL);
	assert_int_equal(seal_call(&s, TA_GCM_SEAL_CMD_SEAL, data, sizeof(data),
				   blob, &blob_len),
			 TEEC_SUCCESS);
	e2e_close(&ctx, &s);
	harness_stop_ok(&h);

	harness_start_ok(&h, o);
	e2e_open(&ctx, &s, &uuid, TEEC_LOGIN_PUBLIC, NULL);
	assert_int_equal(seal_call(&s, TA_GCM_SEAL_CMD_UNSEAL, blob, blob_len,
				   out, &out_len),
			 TEEC_SUCCESS);
	assert_int_equal(out_len, sizeof(data));
	assert_memory_equal(out, data, sizeof(data));
	e2e_close(&ctx, &s);
	harness_stop_ok(&h);

	/* A fresh storage: a new key, which the old blob does not open. */
	harness_start_ok(&h, (struct harness_opts){.supplicant = true});
	e2e_open(&ctx, &s, &uuid, TEEC_LOGIN_PUBLIC, NULL);
	out_len = sizeof(out);
	assert_int_equal(seal_call(&s, TA_GCM_SEAL_CMD_UNSEAL, blob, blob_len,
				   out, &out_len),
			 TEE_ERROR_MAC_INVALID);
	e2e_close(&ctx, &s);
	harness_stop_ok(&h);

	snprintf(storage, sizeof(storage), "rm -rf '%s'", keep);
	assert_int_equal(system(storage), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_random),
		cmocka_unit_test(test_keystore),
		cmocka_unit_test(test_fido_signer),
		cmocka_unit_test(test_gcm_seal),
		cmocka_unit_test(test_gcm_seal_survives_restart),
	};

	signal(SIGPIPE, SIG_IGN);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
