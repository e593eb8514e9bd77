// SPDX-License-Identifier: BSD-2-Clause
/*
 * The PKCS#11 TA on the wire, through libteec as OP-TEE's libckteec
 * calls it: the invocation convention (ABI-FACTS-INTERNAL §6.2, OP-TEE
 * ta/pkcs11/src/entry.c), exact control arguments, size queries, handle
 * numbering and GET_ATTRIBUTE_VALUE's in-place reply (§6.4, object.c).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>
#include <tee_client_api.h>

#include "harness.h"

static const TEEC_UUID p11_uuid = {
	0xfd02c9da,
	0x306c,
	0x48c7,
	{0xa4, 0x9c, 0xbb, 0xd8, 0x27, 0xae, 0x86, 0xee}};

/* Values of pkcs11_ta.h, spelt out: a client sees numbers. */
enum {
	CMD_PING = 0,
	CMD_SLOT_LIST = 1,
	CMD_SLOT_INFO = 2,
	CMD_MECHANISM_INFO = 5,
	CMD_OPEN_SESSION = 6,
	CMD_CLOSE_SESSION = 7,
	CMD_CREATE_OBJECT = 15,
	CMD_SEED_RANDOM = 41,
	CMD_DERIVE_KEY = 43,
	CMD_GET_ATTRIBUTE_VALUE = 38,
	CMD_ENCRYPT_INIT = 17,
	CMD_ENCRYPT_ONESHOT = 23,
	CMD_SIGN_INIT = 25,
	CMD_SIGN_ONESHOT = 31,
	CMD_VERIFY_FINAL = 30,
	CMD_GENERATE_KEY_PAIR = 50,
	CKR_MECHANISM_PARAM_INVALID = 0x71,
	CKR_OPERATION_NOT_INITIALIZED = 0x91,
	CKR_OK = 0,
	CKR_ARGUMENTS_BAD = 0x7,
	CKR_ATTRIBUTE_TYPE_INVALID = 0x12,
	CKR_MECHANISM_INVALID = 0x70,
	CKR_SLOT_ID_INVALID = 0x3,
	CKR_SESSION_PARALLEL_NOT_SUPPORTED = 0xB4,
	CKR_BUFFER_TOO_SMALL = 0x150,
};

static struct harness tb;
static TEEC_Context ctx;
static TEEC_Session sess;

static void put32(uint8_t *p, uint32_t v)
{
	memcpy(p, &v, 4); /* the TA's wire is little-endian, as this host */
}

static uint32_t get32(const uint8_t *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return v;
}

/*
 * Invoke @cmd with @ctrl (INOUT) and an optional OUTPUT @out.
 * Return: the TEEC result; *@rc the PKCS#11 rc when param[0] came back
 * 4 bytes long.
 */
static TEEC_Result call(uint32_t cmd, uint8_t *ctrl, size_t clen, void *out,
			size_t *olen, uint32_t *rc)
{
	TEEC_Operation op;
	TEEC_Result res;
	uint32_t origin = 0;

	memset(&op, 0, sizeof(op));
	op.paramTypes = TEEC_PARAM_TYPES(
		TEEC_MEMREF_TEMP_INOUT, TEEC_NONE,
		olen ? TEEC_MEMREF_TEMP_OUTPUT : TEEC_NONE, TEEC_NONE);
	op.params[0].tmpref.buffer = ctrl;
	op.params[0].tmpref.size = clen;
	if (olen) {
		op.params[2].tmpref.buffer = out;
		op.params[2].tmpref.size = *olen;
	}
	res = TEEC_InvokeCommand(&sess, cmd, &op, &origin);
	*rc = 0xdeadbeef;
	if (op.params[0].tmpref.size == 4)
		*rc = get32(ctrl);
	if (olen)
		*olen = op.params[2].tmpref.size;
	return res;
}

static int setup(void **state)
{
	uint32_t origin = 0;

	(void)state;
	harness_start_ok(&tb, (struct harness_opts){.supplicant = true});
	assert_int_equal(TEEC_InitializeContext(NULL, &ctx), TEEC_SUCCESS);
	assert_int_equal(TEEC_OpenSession(&ctx, &sess, &p11_uuid,
					  TEEC_LOGIN_PUBLIC, NULL, NULL,
					  &origin),
			 TEEC_SUCCESS);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	TEEC_CloseSession(&sess);
	TEEC_FinalizeContext(&ctx);
	harness_stop_ok(&tb);
	return 0;
}

static void test_convention(void **state)
{
	uint8_t ctrl[8] = {0}, out[16];
	TEEC_Operation op;
	uint32_t rc, origin = 0;
	size_t olen = 12;

	(void)state;
	/* PING: 1.0.0 (libckteec accepts major 1, ABI-FACTS §6.1). */
	assert_int_equal(call(CMD_PING, ctrl, 4, out, &olen, &rc),
			 TEEC_SUCCESS);
	assert_int_equal(rc, CKR_OK);
	assert_int_equal(get32(out), 1);
	assert_int_equal(get32(out + 4), 0);
	assert_int_equal(get32(out + 8), 0);
	/* Exact sizes: a PING reply of 8 bytes is ARGUMENTS_BAD. */
	olen = 8;
	assert_int_equal(call(CMD_PING, ctrl, 4, out, &olen, &rc),
			 TEEC_SUCCESS);
	assert_int_equal(rc, CKR_ARGUMENTS_BAD);
	/* param[0] under 4 bytes or not a memref: the TEE result says so. */
	assert_int_equal(call(CMD_PING, ctrl, 2, NULL, NULL, &rc),
			 TEEC_ERROR_BAD_PARAMETERS);
	memset(&op, 0, sizeof(op));
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_INOUT, TEEC_NONE, TEEC_NONE,
					 TEEC_NONE);
	assert_int_equal(TEEC_InvokeCommand(&sess, CMD_PING, &op, &origin),
			 TEEC_ERROR_BAD_PARAMETERS);
	/* Unknown ids, and ids this slice does not carry. */
	assert_int_equal(call(99, ctrl, 4, NULL, NULL, &rc),
			 TEEC_ERROR_NOT_SUPPORTED);
	assert_int_equal(call(CMD_SEED_RANDOM, ctrl, 4, NULL, NULL, &rc),
			 TEEC_ERROR_NOT_SUPPORTED);
}

static void test_slots(void **state)
{
	uint8_t ctrl[8] = {0}, out[128];
	uint32_t rc;
	size_t olen = 0;

	(void)state;
	/* A size query (NULL, 0): OK with the size; a short buffer:
	 * BUFFER_TOO_SMALL, i.e. TEEC_ERROR_SHORT_BUFFER with the size.
	 */
	assert_int_equal(call(CMD_SLOT_LIST, ctrl, 4, NULL, &olen, &rc),
			 TEEC_SUCCESS);
	assert_int_equal(rc, CKR_OK);
	assert_int_equal(olen, 12);
	olen = 4;
	assert_int_equal(call(CMD_SLOT_LIST, ctrl, 4, out, &olen, &rc),
			 TEEC_ERROR_SHORT_BUFFER);
	assert_int_equal(olen, 12);
	olen = 12;
	assert_int_equal(call(CMD_SLOT_LIST, ctrl, 4, out, &olen, &rc),
			 TEEC_SUCCESS);
	assert_int_equal(get32(out), 0);
	assert_int_equal(get32(out + 8), 2);

	put32(ctrl, 3);
	olen = 104;
	assert_int_equal(call(CMD_SLOT_INFO, ctrl, 4, out, &olen, &rc),
			 TEEC_SUCCESS);
	assert_int_equal(rc, CKR_SLOT_ID_INVALID);
	/* Trailing control bytes are refused. */
	put32(ctrl, 0);
	assert_int_equal(call(CMD_SLOT_INFO, ctrl, 5, out, &olen, &rc),
			 TEEC_SUCCESS);
	assert_int_equal(rc, CKR_ARGUMENTS_BAD);
	/* The TA wrote its rc over the control bytes: set them again. */
	put32(ctrl, 0);
	assert_int_equal(call(CMD_SLOT_INFO, ctrl, 4, out, &olen, &rc),
			 TEEC_SUCCESS);
	assert_int_equal(rc, CKR_OK);
	assert_memory_equal(out, "OP-TEE PKCS11 TA - TEE UUID ", 28);
	assert_memory_equal(out + 64, "Linaro  ", 8);

	put32(ctrl, 0);
	put32(ctrl + 4, 0x1089); /* AES_CTS: not carried */
	olen = 12;
	assert_int_equal(call(CMD_MECHANISM_INFO, ctrl, 8, out, &olen, &rc),
			 TEEC_SUCCESS);
	assert_int_equal(rc, CKR_MECHANISM_INVALID);
	put32(ctrl, 0);
	put32(ctrl + 4, 0x1086); /* AES_CTR: 16–32 bytes, ENCRYPT|DECRYPT */
	assert_int_equal(call(CMD_MECHANISM_INFO, ctrl, 8, out, &olen, &rc),
			 TEEC_SUCCESS);
	assert_int_equal(rc, CKR_OK);
	assert_int_equal(get32(out), 16);
	assert_int_equal(get32(out + 4), 32);
	assert_int_equal(get32(out + 8), 0x300);
	put32(ctrl, 0);
	put32(ctrl + 4, 0x251); /* SHA256_HMAC: 24–128 bytes, SIGN|VERIFY */
	assert_int_equal(call(CMD_MECHANISM_INFO, ctrl, 8, out, &olen, &rc),
			 TEEC_SUCCESS);
	assert_int_equal(get32(out), 24);
	assert_int_equal(get32(out + 4), 128);
	assert_int_equal(get32(out + 8), 0x2800);
	put32(ctrl, 0);
	put32(ctrl + 4, 0x1080); /* AES_KEY_GEN: 16–32 bytes, GENERATE */
	assert_int_equal(call(CMD_MECHANISM_INFO, ctrl, 8, out, &olen, &rc),
			 TEEC_SUCCESS);
	assert_int_equal(rc, CKR_OK);
	assert_int_equal(get32(out), 16);
	assert_int_equal(get32(out + 4), 32);
	assert_int_equal(get32(out + 8), 0x8000);
}

static uint32_t open_session(uint32_t flags, uint32_t *rc)
{
	uint8_t ctrl[8], out[4] = {0};
	size_t olen = 4;

	put32(ctrl, 0);
	put32(ctrl + 4, flags);
	assert_int_equal(call(CMD_OPEN_SESSION, ctrl, 8, out, &olen, rc),
			 TEEC_SUCCESS);
	return get32(out);
}

static void test_sessions_and_objects(void **state)
{
	uint8_t ctrl[128], out[128];
	uint32_t rc, s1, s2, obj;
	size_t olen, n;

	(void)state;
	open_session(0x2, &rc);
	assert_int_equal(rc, CKR_SESSION_PARALLEL_NOT_SUPPORTED);
	open_session(0x4 | 0x8, &rc);
	assert_int_equal(rc, CKR_ARGUMENTS_BAD);
	/* Handles: the smallest free number from 1 (handle.c). */
	s1 = open_session(0x4, &rc);
	assert_int_equal(rc, CKR_OK);
	s2 = open_session(0x6, &rc);
	assert_int_equal(s1, 1);
	assert_int_equal(s2, 2);
	put32(ctrl, s1);
	assert_int_equal(call(CMD_CLOSE_SESSION, ctrl, 4, NULL, NULL, &rc),
			 TEEC_SUCCESS);
	assert_int_equal(rc, CKR_OK);
	assert_int_equal(open_session(0x4, &rc), 1);

	/* A data session object: CLASS(4) = DATA, VALUE "abc". */
	n = 0;
	put32(ctrl + n, s2), n += 4;
	put32(ctrl + n, 8 + 4 + 8 + 3), n += 4;
	put32(ctrl + n, 2), n += 4;
	put32(ctrl + n, 0x0), n += 4;
	put32(ctrl + n, 4), n += 4;
	put32(ctrl + n, 0), n += 4;
	put32(ctrl + n, 0x11), n += 4;
	put32(ctrl + n, 3), n += 4;
	memcpy(ctrl + n, "abc", 3), n += 3;
	/* The count says 3 attributes: the template is refused. */
	put32(ctrl + 8, 3);
	olen = 4;
	assert_int_equal(call(CMD_CREATE_OBJECT, ctrl, n, out, &olen, &rc),
			 TEEC_SUCCESS);
	assert_int_equal(rc, CKR_ARGUMENTS_BAD);
	put32(ctrl, s2);
	put32(ctrl + 8, 2);
	olen = 4;
	assert_int_equal(call(CMD_CREATE_OBJECT, ctrl, n, out, &olen, &rc),
			 TEEC_SUCCESS);
	assert_int_equal(rc, CKR_OK);
	obj = get32(out);
	assert_int_equal(obj, 1);

	/* GET_ATTRIBUTE_VALUE: VALUE as a length query (size 0), ID absent
	 * (size rewritten to 0xFFFFFFFF), LABEL-less: the template comes
	 * back in place with TYPE_INVALID.
	 */
	n = 0;
	put32(ctrl + n, s2), n += 4;
	put32(ctrl + n, obj), n += 4;
	put32(ctrl + n, 16), n += 4;
	put32(ctrl + n, 2), n += 4;
	put32(ctrl + n, 0x11), n += 4;
	put32(ctrl + n, 0), n += 4;
	put32(ctrl + n, 0x102), n += 4;
	put32(ctrl + n, 0), n += 4;
	olen = 24;
	assert_int_equal(
		call(CMD_GET_ATTRIBUTE_VALUE, ctrl, n, out, &olen, &rc),
		TEEC_SUCCESS);
	assert_int_equal(rc, CKR_ATTRIBUTE_TYPE_INVALID);
	assert_int_equal(olen, 24);
	assert_int_equal(get32(out + 8), 0x11);
	assert_int_equal(get32(out + 12), 3);
	assert_int_equal(get32(out + 16), 0x102);
	assert_int_equal(get32(out + 20), 0xffffffff);
	/* With room for the value: copied. */
	n = 0;
	put32(ctrl + n, s2), n += 4;
	put32(ctrl + n, obj), n += 4;
	put32(ctrl + n, 11), n += 4;
	put32(ctrl + n, 1), n += 4;
	put32(ctrl + n, 0x11), n += 4;
	put32(ctrl + n, 3), n += 4;
	memset(ctrl + n, 0, 3), n += 3;
	olen = 19;
	assert_int_equal(
		call(CMD_GET_ATTRIBUTE_VALUE, ctrl, n, out, &olen, &rc),
		TEEC_SUCCESS);
	assert_int_equal(rc, CKR_OK);
	assert_memory_equal(out + 16, "abc", 3);
	/* A reply buffer smaller than the template: BUFFER_TOO_SMALL. */
	put32(ctrl, s2);
	olen = 10;
	assert_int_equal(
		call(CMD_GET_ATTRIBUTE_VALUE, ctrl, n, out, &olen, &rc),
		TEEC_ERROR_SHORT_BUFFER);
	(void)CKR_BUFFER_TOO_SMALL;
}

/* Append attribute @id of @len bytes at @val to @p; Return: bytes. */
static size_t put_attr(uint8_t *p, uint32_t id, const void *val, size_t len)
{
	put32(p, id);
	put32(p + 4, len);
	memcpy(p + 8, val, len);
	return 8 + len;
}

/* DERIVE_KEY of @s, key @k, ECDH1_DERIVE: kdf, no shared data, @plen. */
static size_t derive_ctrl(uint8_t *ctrl, uint32_t s, uint32_t k, uint32_t kdf,
			  uint32_t plen)
{
	size_t n = 0;

	put32(ctrl + n, s), n += 4;
	put32(ctrl + n, k), n += 4;
	put32(ctrl + n, 0x1050), n += 4; /* CKM_ECDH1_DERIVE */
	put32(ctrl + n, 12 + 65), n += 4;
	put32(ctrl + n, kdf), n += 4;
	put32(ctrl + n, 0), n += 4;
	put32(ctrl + n, plen), n += 4;
	memset(ctrl + n, 4, 65), n += 65;
	put32(ctrl + n, 0), n += 4; /* an empty template */
	put32(ctrl + n, 0), n += 4;
	return n;
}

/*
 * DERIVE_KEY on the wire (ABI-FACTS-INTERNAL §6.3, §6.8; OP-TEE's
 * processing_ec.c pkcs2tee_param_ecdh()): the handle comes back in
 * exactly 4 bytes, else ARGUMENTS_BAD; a public data length that runs
 * past the blob is ARGUMENTS_BAD; a KDF but CKD_NULL is
 * MECHANISM_PARAM_INVALID.
 */
static void test_derive_wire(uint32_t s, uint32_t k)
{
	uint8_t ctrl[160], out[8];
	uint32_t rc;
	size_t n, olen = 8;

	n = derive_ctrl(ctrl, s, k, 1, 65);
	assert_int_equal(call(CMD_DERIVE_KEY, ctrl, n, out, &olen, &rc),
			 TEEC_SUCCESS);
	assert_int_equal(rc, CKR_ARGUMENTS_BAD);
	n = derive_ctrl(ctrl, s, k, 1, 66);
	olen = 4;
	assert_int_equal(call(CMD_DERIVE_KEY, ctrl, n, out, &olen, &rc),
			 TEEC_SUCCESS);
	assert_int_equal(rc, CKR_ARGUMENTS_BAD);
	n = derive_ctrl(ctrl, s, k, 2, 65); /* CKD_SHA1_KDF */
	olen = 4;
	assert_int_equal(call(CMD_DERIVE_KEY, ctrl, n, out, &olen, &rc),
			 TEEC_SUCCESS);
	assert_int_equal(rc, CKR_MECHANISM_PARAM_INVALID);
}

/*
 * GENERATE_KEY_PAIR on the wire (ABI-FACTS-INTERNAL §6.3): session,
 * mechanism, two templates in; two handles (exactly 8 bytes) out.  A
 * short reply buffer or control arguments that do not add up are
 * ARGUMENTS_BAD; the EC private key's hidden point never comes out.
 */
static void test_key_pair(void **state)
{
	static const uint8_t p256[] = {0x06, 0x08, 0x2a, 0x86, 0x48,
				       0xce, 0x3d, 0x03, 0x01, 0x07};
	uint8_t ctrl[160], out[16], t = 1;
	uint32_t rc, s, pub_h, priv_h;
	size_t n = 0, a, olen;

	(void)state;
	s = open_session(0x6, &rc);
	assert_int_equal(rc, CKR_OK);
	put32(ctrl + n, s), n += 4;
	put32(ctrl + n, 0x1040), n += 4; /* CKM_EC_KEY_PAIR_GEN */
	put32(ctrl + n, 0), n += 4;
	a = n, n += 8; /* the public template */
	n += put_attr(ctrl + n, 0x180, p256, sizeof(p256));
	n += put_attr(ctrl + n, 0x10A, &t, 1);
	put32(ctrl + a, n - a - 8);
	put32(ctrl + a + 4, 2);
	a = n, n += 8; /* the private template */
	n += put_attr(ctrl + n, 0x108, &t, 1);
	put32(ctrl + a, n - a - 8);
	put32(ctrl + a + 4, 1);

	olen = 4;
	assert_int_equal(call(CMD_GENERATE_KEY_PAIR, ctrl, n, out, &olen, &rc),
			 TEEC_SUCCESS);
	assert_int_equal(rc, CKR_ARGUMENTS_BAD);
	put32(ctrl, s);
	olen = 8;
	assert_int_equal(
		call(CMD_GENERATE_KEY_PAIR, ctrl, n - 1, out, &olen, &rc),
		TEEC_SUCCESS);
	assert_int_equal(rc, CKR_ARGUMENTS_BAD);
	put32(ctrl, s);
	olen = 8;
	assert_int_equal(call(CMD_GENERATE_KEY_PAIR, ctrl, n, out, &olen, &rc),
			 TEEC_SUCCESS);
	assert_int_equal(rc, CKR_OK);
	pub_h = get32(out);
	priv_h = get32(out + 4);
	assert_true(pub_h && priv_h && pub_h != priv_h);

	/* CKA_OPTEE_HIDDEN_EC_POINT: absent to a client. */
	n = 0;
	put32(ctrl + n, s), n += 4;
	put32(ctrl + n, priv_h), n += 4;
	put32(ctrl + n, 8), n += 4;
	put32(ctrl + n, 1), n += 4;
	put32(ctrl + n, 0x80010000), n += 4;
	put32(ctrl + n, 0), n += 4;
	olen = 16;
	assert_int_equal(
		call(CMD_GET_ATTRIBUTE_VALUE, ctrl, n, out, &olen, &rc),
		TEEC_SUCCESS);
	assert_int_equal(rc, CKR_ATTRIBUTE_TYPE_INVALID);
	assert_int_equal(get32(out + 12), 0xffffffff);

	/* SIGN_INIT whose parameter size runs past the buffer. */
	n = 0;
	put32(ctrl + n, s), n += 4;
	put32(ctrl + n, priv_h), n += 4;
	put32(ctrl + n, 0x1041), n += 4; /* CKM_ECDSA */
	put32(ctrl + n, 100), n += 4;
	assert_int_equal(call(CMD_SIGN_INIT, ctrl, n, NULL, NULL, &rc),
			 TEEC_SUCCESS);
	assert_int_equal(rc, CKR_ARGUMENTS_BAD);

	test_derive_wire(s, priv_h);
}

/*
 * Invoke @cmd with @ctrl, INPUT @in (unless NULL) and OUTPUT @out.
 * Return: the TEEC result; *@rc as call().
 */
static TEEC_Result call_data(uint32_t cmd, uint8_t *ctrl, size_t clen,
			     const void *in, size_t ilen, void *out,
			     size_t *olen, uint32_t *rc)
{
	TEEC_Operation op;
	TEEC_Result res;
	uint32_t origin = 0;

	memset(&op, 0, sizeof(op));
	op.paramTypes = TEEC_PARAM_TYPES(
		TEEC_MEMREF_TEMP_INOUT, in ? TEEC_MEMREF_TEMP_INPUT : TEEC_NONE,
		TEEC_MEMREF_TEMP_OUTPUT, TEEC_NONE);
	op.params[0].tmpref.buffer = ctrl;
	op.params[0].tmpref.size = clen;
	op.params[1].tmpref.buffer = (void *)in;
	op.params[1].tmpref.size = ilen;
	op.params[2].tmpref.buffer = out;
	op.params[2].tmpref.size = *olen;
	res = TEEC_InvokeCommand(&sess, cmd, &op, &origin);
	*rc = op.params[0].tmpref.size == 4 ? get32(ctrl) : 0xdeadbeef;
	*olen = op.params[2].tmpref.size;
	return res;
}

/* An INIT (@cmd) of session @s, key @k with mechanism @mech, @p: the rc. */
static uint32_t init_with(uint32_t cmd, uint32_t s, uint32_t k, uint32_t mech,
			  const uint8_t *p, size_t psize)
{
	uint8_t ctrl[128];
	uint32_t rc;
	size_t n = 0;

	put32(ctrl + n, s), n += 4;
	put32(ctrl + n, k), n += 4;
	put32(ctrl + n, mech), n += 4;
	put32(ctrl + n, psize), n += 4;
	memcpy(ctrl + n, p, psize), n += psize;
	assert_int_equal(call(cmd, ctrl, n, NULL, NULL, &rc), TEEC_SUCCESS);
	return rc;
}

/*
 * The mechanism parameters as OP-TEE's TA reads them (ABI-FACTS-
 * INTERNAL §6.8, processing_symm.c): a blob that ends early or goes on
 * is ARGUMENTS_BAD, values it refuses MECHANISM_PARAM_INVALID (PKCS#11
 * §5.8); output buffers too small are TEEC_ERROR_SHORT_BUFFER with the
 * size wanted, as every step (§6.2).  libckteec cannot send these.
 */
static void test_mechanism_params(void **state)
{
	uint8_t ctrl[128], p[64], out[64], data[16] = {0};
	uint32_t rc, s, key;
	size_t n = 0, olen;

	(void)state;
	s = open_session(0x6, &rc);
	assert_int_equal(rc, CKR_OK);
	/* An AES-128 session key for ENCRYPT and SIGN. */
	put32(ctrl + n, s), n += 4;
	put32(ctrl + n, 2 * 12 + 8 + 16 + 2 * 9), n += 4;
	put32(ctrl + n, 5), n += 4;
	put32(ctrl + n, 0x0), n += 4; /* CLASS: SECRET_KEY */
	put32(ctrl + n, 4), n += 4;
	put32(ctrl + n, 4), n += 4;
	put32(ctrl + n, 0x100), n += 4; /* KEY_TYPE: AES */
	put32(ctrl + n, 4), n += 4;
	put32(ctrl + n, 0x1f), n += 4;
	put32(ctrl + n, 0x11), n += 4; /* VALUE */
	put32(ctrl + n, 16), n += 4;
	memset(ctrl + n, 0x5a, 16), n += 16;
	put32(ctrl + n, 0x104), n += 4; /* ENCRYPT */
	put32(ctrl + n, 1), n += 4;
	ctrl[n++] = 1;
	put32(ctrl + n, 0x108), n += 4; /* SIGN */
	put32(ctrl + n, 1), n += 4;
	ctrl[n++] = 1;
	olen = 4;
	assert_int_equal(call(CMD_CREATE_OBJECT, ctrl, n, out, &olen, &rc),
			 TEEC_SUCCESS);
	assert_int_equal(rc, CKR_OK);
	key = get32(out);

	/* CBC-PAD: a 16-byte IV, not 8. */
	memset(p, 0, sizeof(p));
	assert_int_equal(init_with(CMD_ENCRYPT_INIT, s, key, 0x1085, p, 8),
			 CKR_MECHANISM_PARAM_INVALID);
	/* CTR: u32 counter bits (1 only, as OP-TEE) ‖ 16-byte block. */
	put32(p, 128);
	assert_int_equal(init_with(CMD_ENCRYPT_INIT, s, key, 0x1086, p, 20),
			 CKR_MECHANISM_PARAM_INVALID);
	put32(p, 1);
	assert_int_equal(init_with(CMD_ENCRYPT_INIT, s, key, 0x1086, p, 19),
			 CKR_ARGUMENTS_BAD);
	assert_int_equal(init_with(CMD_ENCRYPT_INIT, s, key, 0x1086, p, 21),
			 CKR_ARGUMENTS_BAD);
	/* GCM: u32 12 ‖ IV ‖ u32 0 (no AAD) ‖ u32 tag bits. */
	memset(p, 0, sizeof(p));
	put32(p, 12);
	put32(p + 16, 0);
	put32(p + 20, 100);
	assert_int_equal(init_with(CMD_ENCRYPT_INIT, s, key, 0x1087, p, 24),
			 CKR_MECHANISM_PARAM_INVALID);
	put32(p + 20, 136);
	assert_int_equal(init_with(CMD_ENCRYPT_INIT, s, key, 0x1087, p, 24),
			 CKR_MECHANISM_PARAM_INVALID);
	assert_int_equal(init_with(CMD_ENCRYPT_INIT, s, key, 0x1087, p, 22),
			 CKR_ARGUMENTS_BAD);
	put32(p, 0xffffff00); /* an IV longer than the blob */
	put32(p + 20, 128);
	assert_int_equal(init_with(CMD_ENCRYPT_INIT, s, key, 0x1087, p, 24),
			 CKR_ARGUMENTS_BAD);

	/* A short output: SHORT_BUFFER with the size; the operation stays. */
	put32(p, 1);
	assert_int_equal(init_with(CMD_ENCRYPT_INIT, s, key, 0x1086, p, 20),
			 CKR_OK);
	put32(ctrl, s);
	olen = 4;
	assert_int_equal(call_data(CMD_ENCRYPT_ONESHOT, ctrl, 4, data, 16, out,
				   &olen, &rc),
			 TEEC_ERROR_SHORT_BUFFER);
	assert_int_equal(olen, 16);
	put32(ctrl, s);
	olen = 16;
	assert_int_equal(call_data(CMD_ENCRYPT_ONESHOT, ctrl, 4, data, 16, out,
				   &olen, &rc),
			 TEEC_SUCCESS);
	assert_int_equal(rc, CKR_OK);

	/* CMAC_GENERAL: a u32 length, no shorter blob. */
	assert_int_equal(init_with(CMD_SIGN_INIT, s, key, 0x108b, p, 2),
			 CKR_ARGUMENTS_BAD);
	assert_int_equal(init_with(CMD_SIGN_INIT, s, key, 0x108a, p, 4),
			 CKR_MECHANISM_PARAM_INVALID);
	assert_int_equal(init_with(CMD_SIGN_INIT, s, key, 0x108a, p, 0),
			 CKR_OK);
	put32(ctrl, s);
	olen = 8;
	assert_int_equal(
		call_data(CMD_SIGN_ONESHOT, ctrl, 4, data, 16, out, &olen, &rc),
		TEEC_ERROR_SHORT_BUFFER);
	assert_int_equal(olen, 16);
	/* A step of an operation the session does not run. */
	put32(ctrl, s);
	olen = 16;
	assert_int_equal(
		call_data(CMD_VERIFY_FINAL, ctrl, 4, NULL, 0, out, &olen, &rc),
		TEEC_SUCCESS);
	assert_int_equal(rc, CKR_OPERATION_NOT_INITIALIZED);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_convention),
		cmocka_unit_test(test_slots),
		cmocka_unit_test(test_sessions_and_objects),
		cmocka_unit_test(test_key_pair),
		cmocka_unit_test(test_mechanism_params),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
