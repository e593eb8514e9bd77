/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The fixture the Internal API crypto tests share: a teebox, a context
 * and a session to ta_test_crypto, and the attribute blobs
 * (ta_crypto_cmds.h) they send it.
 */
#ifndef TEEBOX_TESTS_E2E_CRYPTO_SESSION_H
#define TEEBOX_TESTS_E2E_CRYPTO_SESSION_H

#include <stddef.h>
#include <stdint.h>

#include <tee_client_api.h>

#include "harness.h"

#define BLOB_MAX 4096

extern const TEEC_UUID crypto_uuid;
extern struct harness tb;
extern TEEC_Context ctx;
extern TEEC_Session sess;

/**
 * crypto_stop_leftover() - cmocka teardown: stops a teebox a failed test
 * left running
 * Return: 0.
 */
int crypto_stop_leftover(void **state);

/** crypto_up() - start a teebox and open @sess to ta_test_crypto. */
void crypto_up(void);

/** crypto_down() - close @sess and stop the teebox. */
void crypto_down(void);

/**
 * crypto_invoke_values() - command @cmd with one VALUE_INPUT (@a, @b)
 * Return: the command's result.
 */
TEEC_Result crypto_invoke_values(uint32_t cmd, uint32_t a, uint32_t b);

/** struct blob - an attribute blob (ta_crypto_cmds.h) being built */
struct blob {
	uint8_t b[BLOB_MAX];
	size_t n;
};

/** blob_put_u32() - append @v in host order */
void blob_put_u32(struct blob *bl, uint32_t v);

/** blob_add_ref() - append buffer attribute @id of @len bytes at @p */
void blob_add_ref(struct blob *bl, uint32_t id, const void *p, size_t len);

/** blob_add_val() - append value attribute @id with a = @a, b = 0 */
void blob_add_val(struct blob *bl, uint32_t id, uint32_t a);

#endif
