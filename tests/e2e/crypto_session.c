// SPDX-License-Identifier: BSD-2-Clause
/*
 * The fixture the Internal API crypto tests share (crypto_session.h).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <string.h>

#include <cmocka.h>

#include "crypto_session.h"
#include "teec_helpers.h"
#include "ta/tests/test_ta_uuids.h"

const TEEC_UUID crypto_uuid = TA_TEST_CRYPTO_UUID;
struct harness tb;
TEEC_Context ctx;
TEEC_Session sess;

int crypto_stop_leftover(void **state)
{
	(void)state;
	harness_stop_leftover(&tb);
	return 0;
}

void crypto_up(void)
{
	harness_start_ok(&tb, (struct harness_opts){.supplicant = true});
	e2e_open(&ctx, &sess, &crypto_uuid, TEEC_LOGIN_PUBLIC, NULL);
}

void crypto_down(void)
{
	e2e_close(&ctx, &sess);
	harness_stop_ok(&tb);
}

TEEC_Result crypto_invoke_values(uint32_t cmd, uint32_t a, uint32_t b)
{
	TEEC_Value v = {.a = a, .b = b};

	return e2e_invoke_values(&sess, cmd, TEEC_VALUE_INPUT, TEEC_NONE, &v,
				 NULL, NULL);
}

void blob_put_u32(struct blob *bl, uint32_t v)
{
	assert_true(bl->n + 4 <= BLOB_MAX);
	memcpy(bl->b + bl->n, &v, 4);
	bl->n += 4;
}

void blob_add_ref(struct blob *bl, uint32_t id, const void *p, size_t len)
{
	blob_put_u32(bl, id);
	blob_put_u32(bl, (uint32_t)len);
	assert_true(bl->n + len <= BLOB_MAX);
	if (len)
		memcpy(bl->b + bl->n, p, len);
	bl->n += len;
}

void blob_add_val(struct blob *bl, uint32_t id, uint32_t a)
{
	blob_put_u32(bl, id);
	blob_put_u32(bl, 8);
	blob_put_u32(bl, a);
	blob_put_u32(bl, 0);
}
