// SPDX-License-Identifier: BSD-2-Clause
/*
 * First light, end to end: a real client calls real TAs through libteec,
 * teed, the OP-TEE driver, the SMC conduit, the secure world and the TA
 * processes (seeds/005 Documentation/tee.txt, the picture).  Every test
 * starts its own teebox in a private directory and stops it.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdbool.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <tee_client_api.h>

#include "harness.h"
#include "teec_helpers.h"
#include "ta/examples/hello_world/ta/include/hello_world_ta.h"
#include "ta/tests/test_ta_cmds.h"
#include "ta/tests/test_ta_uuids.h"
#include "transport/tdev.h"

#define TEE_ERROR_SECURITY    0xFFFF000F
#define TEE_ERROR_TARGET_DEAD 0xFFFF3024

static const TEEC_UUID basic_uuid = TA_TEST_BASIC_UUID;
static const TEEC_UUID keep_alive_uuid = TA_TEST_FLAGS_KEEP_ALIVE_UUID;
static const TEEC_UUID hello_uuid = TA_HELLO_WORLD_UUID;

/* The hello world of the seed's picture: value and memref round trips. */
static void test_hello_world_value_and_memref(void **state)
{
	TEEC_Context ctx;
	TEEC_Session s;
	TEEC_Operation op;
	struct harness h;
	uint32_t origin;
	char buf[64];

	harness_start_ok(&h, (struct harness_opts){.supplicant = true});
	e2e_open(&ctx, &s, &hello_uuid, TEEC_LOGIN_PUBLIC, NULL);
	e2e_assert_inc(&s, TA_HELLO_WORLD_CMD_INC_VALUE);

	/* Output memref; then too small a buffer reports the size needed. */
	memset(&op, 0, sizeof(op));
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_OUTPUT, TEEC_NONE,
					 TEEC_NONE, TEEC_NONE);
	op.params[0].tmpref.buffer = buf;
	op.params[0].tmpref.size = sizeof(buf);
	assert_int_equal(TEEC_InvokeCommand(&s, TA_HELLO_WORLD_CMD_GET_HELLO,
					    &op, &origin),
			 TEEC_SUCCESS);
	assert_string_equal(buf, "Hello from the TEE");
	assert_int_equal(op.params[0].tmpref.size, 19);
	op.params[0].tmpref.size = 4;
	assert_int_equal(TEEC_InvokeCommand(&s, TA_HELLO_WORLD_CMD_GET_HELLO,
					    &op, &origin),
			 TEEC_ERROR_SHORT_BUFFER);
	assert_int_equal(origin, TEEC_ORIGIN_TRUSTED_APP);
	assert_int_equal(op.params[0].tmpref.size, 19);

	e2e_close(&ctx, &s);
	harness_stop_ok(&h);
}

/* Memrefs both ways, zero-copy in allocated shared memory. */
static void test_memref_round_trips(void **state)
{
	TEEC_SharedMemory shm = {.size = 8192,
				 .flags = TEEC_MEM_INPUT | TEEC_MEM_OUTPUT};
	TEEC_Context ctx;
	TEEC_Session s;
	TEEC_Operation op;
	struct harness h;
	uint32_t origin, sum = 0;
	uint8_t *p;

	harness_start_ok(&h, (struct harness_opts){.supplicant = true});
	e2e_open(&ctx, &s, &basic_uuid, TEEC_LOGIN_PUBLIC, NULL);
	assert_int_equal(TEEC_AllocateSharedMemory(&ctx, &shm), TEEC_SUCCESS);
	p = shm.buffer;
	for (size_t i = 0; i < shm.size; i++) {
		p[i] = (uint8_t)(i * 7);
		sum += p[i];
	}

	/* The TA reads the whole buffer... */
	memset(&op, 0, sizeof(op));
	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_MEMREF_PARTIAL_INPUT, TEEC_VALUE_OUTPUT,
				 TEEC_NONE, TEEC_NONE);
	op.params[0].memref.parent = &shm;
	op.params[0].memref.size = shm.size;
	assert_int_equal(
		TEEC_InvokeCommand(&s, TA_TEST_CMD_MEMREF_SUM, &op, &origin),
		TEEC_SUCCESS);
	assert_int_equal(op.params[1].value.a, sum);
	assert_int_equal(op.params[1].value.b, shm.size);

	/* ...and writes a part of it in place. */
	memset(&op, 0, sizeof(op));
	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_MEMREF_PARTIAL_INOUT, TEEC_VALUE_INPUT,
				 TEEC_NONE, TEEC_NONE);
	op.params[0].memref.parent = &shm;
	op.params[0].memref.offset = 4096;
	op.params[0].memref.size = 100;
	op.params[1].value.a = 5;
	assert_int_equal(
		TEEC_InvokeCommand(&s, TA_TEST_CMD_MEMREF_FILL, &op, &origin),
		TEEC_SUCCESS);
	for (size_t i = 0; i < 100; i++)
		assert_int_equal(p[4096 + i], (uint8_t)(5 + i));
	assert_int_equal(p[4095], (uint8_t)(4095 * 7));
	assert_int_equal(p[4196], (uint8_t)(4196 * 7));

	/*
	 * WHOLE on INPUT|OUTPUT memory travels as MEMREF_INOUT: a TA that
	 * wants an input memref refuses it (GP: the types must match).
	 */
	memset(&op, 0, sizeof(op));
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_MEMREF_WHOLE, TEEC_VALUE_OUTPUT,
					 TEEC_NONE, TEEC_NONE);
	op.params[0].memref.parent = &shm;
	assert_int_equal(
		TEEC_InvokeCommand(&s, TA_TEST_CMD_MEMREF_SUM, &op, &origin),
		TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEEC_ORIGIN_TRUSTED_APP);

	TEEC_ReleaseSharedMemory(&shm);
	e2e_close(&ctx, &s);
	harness_stop_ok(&h);
}

/*
 * The client's own memory as shared memory (TEEC_RegisterSharedMemory).
 * With dynamic shared memory it is registered (TEE_IOC_SHM_REGISTER,
 * OPTEE_MSG_CMD_REGISTER_SHM) and the TA works on it in place; without,
 * libteec copies through a shadow buffer.  Either way the client sees
 * what the TA wrote.
 */
static void test_registered_memory(void **state)
{
	TEEC_SharedMemory shm = {.size = 8192,
				 .flags = TEEC_MEM_INPUT | TEEC_MEM_OUTPUT};
	bool dynamic = getenv("TEEBOX_TEST_DYNAMIC_SHM") != NULL;
	uint32_t origin, sum = 0;
	TEEC_Context ctx;
	TEEC_Session s;
	TEEC_Operation op;
	struct harness h;
	uint8_t *buf;

	harness_start_ok(&h, (struct harness_opts){.supplicant = true});
	assert_int_equal(TEEC_InitializeContext(NULL, &ctx), TEEC_SUCCESS);
	assert_int_equal(ctx.imp.reg_mem, dynamic);
	assert_int_equal(e2e_open_session(&ctx, &s, &basic_uuid, &origin),
			 TEEC_SUCCESS);
	buf = aligned_alloc(4096, shm.size);
	assert_non_null(buf);
	for (size_t i = 0; i < shm.size; i++) {
		buf[i] = (uint8_t)(i * 3);
		sum += buf[i];
	}
	shm.buffer = buf;
	assert_int_equal(TEEC_RegisterSharedMemory(&ctx, &shm), TEEC_SUCCESS);
	/* Registered memory needs no shadow copy. */
	assert_int_equal(shm.imp.shadow_buffer == NULL, dynamic);

	memset(&op, 0, sizeof(op));
	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_MEMREF_PARTIAL_INPUT, TEEC_VALUE_OUTPUT,
				 TEEC_NONE, TEEC_NONE);
	op.params[0].memref.parent = &shm;
	op.params[0].memref.size = shm.size;
	assert_int_equal(
		TEEC_InvokeCommand(&s, TA_TEST_CMD_MEMREF_SUM, &op, &origin),
		TEEC_SUCCESS);
	assert_int_equal(op.params[1].value.a, sum);

	memset(&op, 0, sizeof(op));
	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_MEMREF_PARTIAL_INOUT, TEEC_VALUE_INPUT,
				 TEEC_NONE, TEEC_NONE);
	op.params[0].memref.parent = &shm;
	op.params[0].memref.offset = 5000;
	op.params[0].memref.size = 50;
	op.params[1].value.a = 9;
	assert_int_equal(
		TEEC_InvokeCommand(&s, TA_TEST_CMD_MEMREF_FILL, &op, &origin),
		TEEC_SUCCESS);
	for (size_t i = 0; i < 50; i++)
		assert_int_equal(buf[5000 + i], (uint8_t)(9 + i));
	assert_int_equal(buf[4999], (uint8_t)(4999 * 3));

	TEEC_ReleaseSharedMemory(&shm);
	/* The memory is still the program's, with what the TA wrote. */
	assert_int_equal(buf[5000], 9);
	free(buf);
	e2e_close(&ctx, &s);
	harness_stop_ok(&h);
}

static void test_thousand_invokes_in_one_session(void **state)
{
	TEEC_Context ctx;
	TEEC_Session s;
	struct harness h;
	uint32_t origin;
	TEEC_Value v = {.a = 0, .b = 0};

	harness_start_ok(&h, (struct harness_opts){.supplicant = true});
	e2e_open(&ctx, &s, &basic_uuid, TEEC_LOGIN_PUBLIC, NULL);
	for (int i = 0; i < 1000; i++)
		assert_int_equal(e2e_invoke_values(&s, TA_TEST_CMD_VALUE_INC,
						   TEEC_VALUE_INOUT, TEEC_NONE,
						   &v, NULL, &origin),
				 TEEC_SUCCESS);
	assert_int_equal(v.a, 1000);
	assert_int_equal(v.b, 2000);
	e2e_close(&ctx, &s);
	harness_stop_ok(&h);
}

/* Copies the signed TA @uuid_str of the build into @dir as @name. */
static void copy_ta(const char *dir, const char *uuid_str, const char *name)
{
	char src[PATH_MAX], dst[PATH_MAX], buf[65536];
	FILE *in, *out;
	size_t n;

	snprintf(src, sizeof(src), "%s/%s.ta", TEEBOX_TEST_TA_DIR, uuid_str);
	snprintf(dst, sizeof(dst), "%s/%s.ta", dir, name);
	in = fopen(src, "rb");
	out = fopen(dst, "wb");
	assert_non_null(in);
	assert_non_null(out);
	while ((n = fread(buf, 1, sizeof(buf), in)) > 0)
		assert_int_equal(fwrite(buf, 1, n, out), n);
	fclose(in);
	fclose(out);
}

/*
 * XORs @mask into the byte of a TA file at @offs from @whence (SEEK_SET,
 * or SEEK_END with a negative @offs), as xtest's corrupt_file().
 */
static void corrupt_ta(const char *dir, const char *name, long offs, int whence,
		       int mask)
{
	char path[PATH_MAX];
	FILE *f;
	int c;

	snprintf(path, sizeof(path), "%s/%s.ta", dir, name);
	f = fopen(path, "r+b");
	assert_non_null(f);
	assert_int_equal(fseek(f, offs, whence), 0);
	c = fgetc(f);
	assert_int_not_equal(c, EOF);
	assert_int_equal(fseek(f, offs, whence), 0);
	fputc(c ^ mask, f);
	fclose(f);
}

static void assert_open_fails(TEEC_Context *ctx, const TEEC_UUID *uuid,
			      TEEC_Result expected)
{
	TEEC_Session s;
	uint32_t origin = 0;

	assert_int_equal(e2e_open_session(ctx, &s, uuid, &origin), expected);
	assert_int_equal(origin, TEEC_ORIGIN_TEE);
}

/*
 * A tampered image, an image signed for another UUID and a missing one:
 * each refused with a clear error, nothing loaded, the TEE still serves.
 */
static void test_bad_ta_images_are_refused(void **state)
{
	const TEEC_UUID multi = TA_TEST_FLAGS_MULTI_INSTANCE_UUID;
	const TEEC_UUID missing = {
		0x12345678, 0x9abc, 0xdef0, {1, 2, 3, 4, 5, 6, 7, 8}};
	char dir[] = "/tmp/teebox-tas-XXXXXX";
	char want[PATH_MAX + 128];
	TEEC_Context ctx;
	TEEC_Session s;
	struct harness h;
	uint32_t origin;

	assert_non_null(mkdtemp(dir));
	copy_ta(dir, TA_TEST_BASIC_UUID_STR, TA_TEST_BASIC_UUID_STR);
	copy_ta(dir, TA_TEST_FLAGS_MULTI_INSTANCE_UUID_STR,
		TA_TEST_FLAGS_MULTI_INSTANCE_UUID_STR);
	corrupt_ta(dir, TA_TEST_FLAGS_MULTI_INSTANCE_UUID_STR, -100, SEEK_END,
		   0x40);
	/* A valid image of one TA, offered under another TA's name. */
	copy_ta(dir, TA_TEST_BASIC_UUID_STR, TA_TEST_FLAGS_KEEP_ALIVE_UUID_STR);

	harness_start_ok(
		&h, (struct harness_opts){.supplicant = true, .ta_dir = dir});
	assert_int_equal(TEEC_InitializeContext(NULL, &ctx), TEEC_SUCCESS);
	assert_open_fails(&ctx, &multi, TEE_ERROR_SECURITY);
	assert_open_fails(&ctx, &keep_alive_uuid, TEE_ERROR_SECURITY);
	assert_open_fails(&ctx, &missing, TEEC_ERROR_ITEM_NOT_FOUND);
	/* Each says why, and what to do (issue 13 item 3). */
	assert_true(
		harness_log_contains(&h, "teed.log",
				     "secure world refused "
				     "TA " TA_TEST_FLAGS_MULTI_INSTANCE_UUID_STR
				     ": corrupt image (hash mismatch)"));
	assert_true(harness_log_contains(
		&h, "teed.log",
		"secure world refused TA " TA_TEST_FLAGS_KEEP_ALIVE_UUID_STR
		": the file under that name holds TA " TA_TEST_BASIC_UUID_STR
		" (the UUID in its signed header); name "
		"it " TA_TEST_BASIC_UUID_STR ".ta"));
	assert_true(harness_log_contains(
		&h, "teed.log",
		"TA 12345678-9abc-def0-0102-030405060708 not found: "
		"tee-supplicant has no "
		"12345678-9abc-def0-0102-030405060708.ta in its TA "
		"directories"));
	snprintf(want, sizeof(want),
		 "tee-supplicant: TA 12345678-9abc-def0-0102-030405060708 not "
		 "found: no 12345678-9abc-def0-0102-030405060708.ta in %s",
		 dir);
	assert_true(harness_log_contains(&h, "tee-supplicant.log", want));

	/* The TEE is alive and serves a good TA. */
	assert_int_equal(e2e_open_session(&ctx, &s, &basic_uuid, &origin),
			 TEEC_SUCCESS);
	e2e_close(&ctx, &s);
	harness_stop_ok(&h);

	for (int i = 0; i < 3; i++) {
		static const char *const names[] = {
			TA_TEST_BASIC_UUID_STR,
			TA_TEST_FLAGS_MULTI_INSTANCE_UUID_STR,
			TA_TEST_FLAGS_KEEP_ALIVE_UUID_STR,
		};
		char path[PATH_MAX];

		snprintf(path, sizeof(path), "%s/%s.ta", dir, names[i]);
		unlink(path);
	}
	rmdir(dir);
}

/* Runs @argv to its end. Return: its exit status, or -1. */

/*
 * The SHA-256 of the DER public key of the PEM private key @path, in hex,
 * computed here from the key file (not by the secure world's code).
 */
static void key_sha256(const char *path, char hex[65])
{
	unsigned char *der = NULL, md[32];
	unsigned int md_len = 0;
	FILE *f = fopen(path, "r");
	EVP_PKEY *key;
	int len;

	assert_non_null(f);
	key = PEM_read_PrivateKey(f, NULL, NULL, NULL);
	fclose(f);
	assert_non_null(key);
	len = i2d_PUBKEY(key, &der);
	assert_true(len > 0);
	assert_true(
		EVP_Digest(der, (size_t)len, md, &md_len, EVP_sha256(), NULL));
	for (unsigned int i = 0; i < md_len; i++)
		snprintf(hex + 2 * i, 3, "%02x", md[i]);
	OPENSSL_free(der);
	EVP_PKEY_free(key);
}

/*
 * xtest 1008's "Load corrupt TA" (optee_test host/xtest/regression_1000.c,
 * load_corrupt_ta()): bit 0 flipped in each field of the signed header
 * (struct shdr: magic, img_type, img_size, algo, hash_size, sig_size),
 * in the hash, in the signature and twice in the payload; every open
 * gets TEEC_ERROR_SECURITY, as on OP-TEE.
 */
static void test_xtest_1008_corrupt_tas(void **state)
{
	static const long offsets[] = {0,  4,  8,	12,   16,
				       18, 20, 20 + 32, 3000, 30000};
	const TEEC_UUID basic = TA_TEST_BASIC_UUID;
	char dir[] = "/tmp/teebox-corrupt-XXXXXX";
	char path[PATH_MAX];
	TEEC_Context ctx;
	struct harness h;

	(void)state;
	assert_non_null(mkdtemp(dir));
	copy_ta(dir, TA_TEST_BASIC_UUID_STR, TA_TEST_BASIC_UUID_STR);
	harness_start_ok(
		&h, (struct harness_opts){.supplicant = true, .ta_dir = dir});
	assert_int_equal(TEEC_InitializeContext(NULL, &ctx), TEEC_SUCCESS);
	for (size_t i = 0; i < sizeof(offsets) / sizeof(offsets[0]); i++) {
		copy_ta(dir, TA_TEST_BASIC_UUID_STR, TA_TEST_BASIC_UUID_STR);
		corrupt_ta(dir, TA_TEST_BASIC_UUID_STR, offsets[i], SEEK_SET,
			   1);
		print_message("corrupt at %ld\n", offsets[i]);
		assert_open_fails(&ctx, &basic, TEE_ERROR_SECURITY);
	}
	TEEC_FinalizeContext(&ctx);
	harness_stop_ok(&h);
	snprintf(path, sizeof(path), "%s/%s.ta", dir, TA_TEST_BASIC_UUID_STR);
	unlink(path);
	rmdir(dir);
}

/*
 * A TA signed with a key of its own, as a developer does by mistake: the
 * log names this teebox's key (the SHA-256 that `openssl pkey -pubout
 * -outform DER | sha256sum` prints of it) and how to re-sign.
 */
static void test_ta_signed_with_another_key_is_named(void **state)
{
	const TEEC_UUID basic = TA_TEST_BASIC_UUID;
	char dir[] = "/tmp/teebox-key-XXXXXX";
	char key[PATH_MAX], ta[PATH_MAX], want[512], fp[65];
	TEEC_Context ctx;
	struct harness h;

	(void)state;
	key_sha256(TEEBOX_TEST_SIGN_KEY, fp);
	assert_non_null(mkdtemp(dir));
	snprintf(key, sizeof(key), "%s/other.pem", dir);
	snprintf(ta, sizeof(ta), "%s/%s.ta", dir, TA_TEST_BASIC_UUID_STR);
	assert_int_equal(
		harness_run((char *const[]){TEEBOX_SIGN_TOOL, "keygen", "--out",
					    key, "--bits", "2048", NULL}),
		0);
	assert_int_equal(harness_run((char *const[]){
				 TEEBOX_SIGN_TOOL, "sign", "--key", key, "--in",
				 TEEBOX_TEST_BASIC_ELF, "--out", dir, NULL}),
			 0);

	harness_start_ok(
		&h, (struct harness_opts){.supplicant = true, .ta_dir = dir});
	assert_int_equal(TEEC_InitializeContext(NULL, &ctx), TEEC_SUCCESS);
	assert_open_fails(&ctx, &basic, TEE_ERROR_SECURITY);
	TEEC_FinalizeContext(&ctx);
	snprintf(want, sizeof(want),
		 "secure world refused TA " TA_TEST_BASIC_UUID_STR
		 ": it is not signed with the TA key this teebox was built "
		 "with (public key SHA-256 %s); re-sign it with that key: "
		 "teebox-sign sign --key KEY.pem --in TA.elf --out TA_DIR",
		 fp);
	assert_true(harness_log_contains(&h, "teed.log", want));
	harness_stop_ok(&h);
	unlink(ta);
	unlink(key);
	rmdir(dir);
}

/* A TA that panics or crashes: TARGET_DEAD for its sessions only. */
static void check_ta_death(uint32_t cmd)
{
	TEEC_Context ctx;
	TEEC_Session s, other;
	struct harness h;
	uint32_t origin;
	TEEC_Value v = {0}, w = {0};

	harness_start_ok(&h, (struct harness_opts){.supplicant = true});
	e2e_open(&ctx, &s, &basic_uuid, TEEC_LOGIN_PUBLIC, NULL);
	assert_int_equal(e2e_open_session(&ctx, &other, &hello_uuid, &origin),
			 TEEC_SUCCESS);

	assert_int_equal(e2e_invoke_values(&s, cmd, TEEC_NONE, TEEC_NONE, NULL,
					   NULL, &origin),
			 TEE_ERROR_TARGET_DEAD);
	assert_int_equal(origin, TEEC_ORIGIN_TEE);
	/* Dead for good... */
	assert_int_equal(e2e_invoke_values(&s, TA_TEST_CMD_VALUE_INC,
					   TEEC_VALUE_INOUT, TEEC_NONE, &v,
					   NULL, &origin),
			 TEE_ERROR_TARGET_DEAD);
	/* ...for its own sessions only. */
	assert_int_equal(e2e_invoke_values(&other, TA_HELLO_WORLD_CMD_INC_VALUE,
					   TEEC_VALUE_INOUT, TEEC_NONE, &w,
					   NULL, &origin),
			 TEEC_SUCCESS);
	TEEC_CloseSession(&s);

	/* A new session gets a fresh instance. */
	assert_int_equal(e2e_open_session(&ctx, &s, &basic_uuid, &origin),
			 TEEC_SUCCESS);
	assert_int_equal(e2e_invoke_values(&s, TA_TEST_CMD_LIFECYCLE,
					   TEEC_VALUE_OUTPUT, TEEC_VALUE_OUTPUT,
					   &v, &w, &origin),
			 TEEC_SUCCESS);
	assert_int_equal(v.a, 1); /* one Create in this instance */
	TEEC_CloseSession(&s);
	e2e_close(&ctx, &other);
	harness_stop_ok(&h);
}

static void test_ta_panic_is_target_dead(void **state)
{
	check_ta_death(TA_TEST_CMD_PANIC);
}

static void test_ta_segv_is_target_dead(void **state)
{
	check_ta_death(TA_TEST_CMD_SEGV);
}

/* Sessions open in the keep-alive TA's single instance. */
static uint32_t keep_alive_sessions(TEEC_Session *s)
{
	TEEC_Value v = {0}, w = {0};
	uint32_t origin;

	assert_int_equal(e2e_invoke_values(s, TA_TEST_FLAGS_CMD_INFO,
					   TEEC_VALUE_OUTPUT, TEEC_VALUE_OUTPUT,
					   &v, &w, &origin),
			 TEEC_SUCCESS);
	return w.a;
}

/* The child: a session, some shared memory, then it waits to be killed. */
static void victim(int ready_fd)
{
	TEEC_SharedMemory shm[3];
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t origin;

	if (TEEC_InitializeContext(NULL, &ctx) ||
	    e2e_open_session(&ctx, &s, &keep_alive_uuid, &origin))
		_exit(1);
	for (int i = 0; i < 3; i++) {
		shm[i].size = 4096;
		shm[i].flags = TEEC_MEM_INPUT;
		if (TEEC_AllocateSharedMemory(&ctx, &shm[i]))
			_exit(1);
	}
	if (write(ready_fd, "r", 1) != 1)
		_exit(1);
	for (;;)
		pause();
}

/*
 * A client killed with SIGKILL mid-session: the file is released, its
 * session closed in the secure world (the TA saw CloseSession) and its
 * shared memory freed (teed let go of the memory files).
 */
static void test_killed_client_loses_sessions_and_shm(void **state)
{
	TEEC_Context ctx;
	TEEC_Session s;
	struct harness h;
	uint32_t n = 0;
	int fds_before, fds_after = -1;
	int pipefd[2];
	pid_t pid;
	char c;

	harness_start_ok(&h, (struct harness_opts){.supplicant = true});
	e2e_open(&ctx, &s, &keep_alive_uuid, TEEC_LOGIN_PUBLIC, NULL);
	fds_before = harness_count_fds(h.teed);
	assert_int_equal(pipe(pipefd), 0);
	pid = fork();
	if (pid == 0)
		victim(pipefd[1]);
	assert_int_equal(read(pipefd[0], &c, 1), 1);
	assert_int_equal(keep_alive_sessions(&s), 2);
	assert_true(harness_count_fds(h.teed) > fds_before);

	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	/* The release runs in teed after the socket closes: give it time. */
	for (int i = 0; i < 500; i++) {
		n = keep_alive_sessions(&s);
		fds_after = harness_count_fds(h.teed);
		if (n == 1 && fds_after == fds_before)
			break;
		harness_sleep_ms(10);
	}
	assert_int_equal(n, 1);
	assert_int_equal(fds_after, fds_before);
	close(pipefd[0]);
	close(pipefd[1]);
	e2e_close(&ctx, &s);
	harness_stop_ok(&h);
}

/*
 * No supplicant: loading a TA fails with a clear error after the bounded
 * wait; once a supplicant is started it works.
 */
static void test_no_supplicant_then_late_supplicant(void **state)
{
	TEEC_Context ctx;
	TEEC_Session s;
	struct harness h;
	uint32_t origin = 0;

	harness_start_ok(&h, (struct harness_opts){.supp_timeout_ms = 500});
	assert_int_equal(TEEC_InitializeContext(NULL, &ctx), TEEC_SUCCESS);
	assert_int_equal(e2e_open_session(&ctx, &s, &basic_uuid, &origin),
			 TEEC_ERROR_COMMUNICATION);
	assert_int_equal(origin, TEEC_ORIGIN_TEE);
	assert_true(harness_log_contains(&h, "teed.log",
					 "no tee-supplicant attached"));

	assert_int_equal(harness_start_supplicant(&h), 0);
	assert_int_equal(e2e_open_session(&ctx, &s, &basic_uuid, &origin),
			 TEEC_SUCCESS);
	e2e_close(&ctx, &s);
	harness_stop_ok(&h);
}

/* One supplicant at a time (mainline optee_open: -EBUSY). */
static void test_second_supplicant_is_busy(void **state)
{
	struct harness h;
	struct tdev *d = NULL;

	harness_start_ok(&h, (struct harness_opts){.supplicant = true});
	assert_int_equal(tdev_open("teepriv0", &d), -EBUSY);
	harness_stop_supplicant(&h, false);
	/* Its release frees the slot. */
	for (int i = 0; i < 200 && tdev_open("teepriv0", &d); i++)
		harness_sleep_ms(10);
	assert_non_null(d);
	tdev_close(d);
	harness_stop_ok(&h);
}

/* In a child with uid nobody: the errno opening teepriv0 gives. */
static int open_teepriv_as_nobody(void)
{
	int pipefd[2], rc = 0;
	pid_t pid;

	assert_int_equal(pipe(pipefd), 0);
	pid = fork();
	if (pid == 0) {
		struct tdev *d;

		if (setgid(65534) || setuid(65534))
			_exit(1);
		rc = tdev_open("teepriv0", &d);
		if (write(pipefd[1], &rc, sizeof(rc)) != sizeof(rc))
			_exit(1);
		_exit(0);
	}
	assert_int_equal(read(pipefd[0], &rc, sizeof(rc)), sizeof(rc));
	waitpid(pid, NULL, 0);
	close(pipefd[0]);
	close(pipefd[1]);
	return rc;
}

/* teepriv0 is for privileged peers: the file mode, and the peer's uid. */
static void test_unprivileged_peer_is_refused(void **state)
{
	char path[PATH_MAX];
	struct harness h;

	if (geteuid() != 0)
		skip();
	harness_start_ok(&h, (struct harness_opts){0});
	/* The runtime directory must be reachable for the check to matter. */
	chmod(h.dir, 0755);
	assert_int_equal(open_teepriv_as_nobody(), -EACCES);
	/* Even with the socket opened up, teed checks the credentials. */
	snprintf(path, sizeof(path), "%s/teepriv0", h.dir);
	assert_int_equal(chmod(path, 0666), 0);
	assert_int_equal(open_teepriv_as_nobody(), -EACCES);
	assert_true(harness_log_contains(&h, "teed.log", "not privileged"));
	harness_stop_ok(&h);
}

struct client_arg {
	int failures;
};

/* One client: its own context, two sessions, calls that overlap. */
static void *client_thread(void *p)
{
	struct client_arg *arg = p;
	TEEC_Context ctx;
	TEEC_Session s[2];
	uint32_t origin;

	if (TEEC_InitializeContext(NULL, &ctx)) {
		arg->failures++;
		return NULL;
	}
	for (int i = 0; i < 2; i++)
		if (e2e_open_session(&ctx, &s[i], &basic_uuid, &origin))
			arg->failures++;
	for (int round = 0; round < 25 && !arg->failures; round++) {
		for (int i = 0; i < 2; i++) {
			TEEC_Value v = {.a = 2}, w = {.a = round};

			if (e2e_invoke_values(&s[i], TA_TEST_CMD_SLEEP,
					      TEEC_VALUE_INPUT, TEEC_NONE, &v,
					      NULL, &origin) ||
			    e2e_invoke_values(&s[i], TA_TEST_CMD_VALUE_INC,
					      TEEC_VALUE_INOUT, TEEC_NONE, &w,
					      NULL, &origin) ||
			    w.a != (uint32_t)round + 1)
				arg->failures++;
		}
	}
	for (int i = 0; i < 2; i++)
		TEEC_CloseSession(&s[i]);
	TEEC_FinalizeContext(&ctx);
	return NULL;
}

/*
 * 8 clients x 2 sessions against 2 secure threads: callers beyond the
 * thread count get OPTEE_SMC_RETURN_ETHREAD_LIMIT and wait in the call
 * queue (seed: optee_do_call_with_arg); every call succeeds.
 */
static void test_eight_clients_two_secure_threads(void **state)
{
	struct client_arg args[8] = {0};
	pthread_t threads[8];
	struct harness h;

	harness_start_ok(&h, (struct harness_opts){.supplicant = true,
						   .threads = 2,
						   .log_level = 7});
	for (int i = 0; i < 8; i++)
		assert_int_equal(pthread_create(&threads[i], NULL,
						client_thread, &args[i]),
				 0);
	for (int i = 0; i < 8; i++) {
		pthread_join(threads[i], NULL);
		assert_int_equal(args[i].failures, 0);
	}
	assert_true(harness_log_contains(&h, "teed.log",
					 "all secure threads busy"));
	harness_stop_ok(&h);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hello_world_value_and_memref),
		cmocka_unit_test(test_memref_round_trips),
		cmocka_unit_test(test_registered_memory),
		cmocka_unit_test(test_thousand_invokes_in_one_session),
		cmocka_unit_test(test_bad_ta_images_are_refused),
		cmocka_unit_test(test_ta_signed_with_another_key_is_named),
		cmocka_unit_test(test_xtest_1008_corrupt_tas),
		cmocka_unit_test(test_ta_panic_is_target_dead),
		cmocka_unit_test(test_ta_segv_is_target_dead),
		cmocka_unit_test(test_killed_client_loses_sessions_and_shm),
		cmocka_unit_test(test_no_supplicant_then_late_supplicant),
		cmocka_unit_test(test_second_supplicant_is_busy),
		cmocka_unit_test(test_unprivileged_peer_is_refused),
		cmocka_unit_test(test_eight_clients_two_secure_threads),
	};

	signal(SIGPIPE, SIG_IGN);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
