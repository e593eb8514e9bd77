// SPDX-License-Identifier: BSD-2-Clause
/* The crash harness's client of ta_test_storage; see crash_client.h. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "crash_client.h"
#include "ta/tests/storage/ta_storage_cmds.h"
#include "ta/tests/test_ta_uuids.h"

/* GP values (tee_api_defines.h), spelt out: a client sees numbers. */
#define TEE_STORAGE_PRIVATE		0x00000001
#define TEE_DATA_FLAG_ACCESS_READ	0x00000001
#define TEE_DATA_FLAG_ACCESS_WRITE	0x00000002
#define TEE_DATA_FLAG_ACCESS_WRITE_META 0x00000004
#define TEE_DATA_FLAG_OVERWRITE		0x00000400
#define TEE_DATA_SEEK_SET		0

/* Enumeration output: a length byte and the id, for every object. */
#define ENUM_BUF_SIZE (CRASH_OBJECTS * 2 * (1 + 64))

static const TEEC_UUID storage_ta = TA_TEST_STORAGE_UUID;

TEEC_Result crash_client_open(struct crash_client *c)
{
	uint32_t origin;
	TEEC_Result res;

	memset(c, 0, sizeof(*c));
	res = TEEC_InitializeContext(NULL, &c->ctx);
	if (res)
		return res;
	c->has_ctx = true;
	res = TEEC_OpenSession(&c->ctx, &c->s, &storage_ta, TEEC_LOGIN_PUBLIC,
			       NULL, NULL, &origin);
	if (res)
		return res;
	c->has_session = true;
	return TEEC_SUCCESS;
}

void crash_client_close(struct crash_client *c)
{
	if (c->has_session)
		TEEC_CloseSession(&c->s);
	if (c->has_ctx)
		TEEC_FinalizeContext(&c->ctx);
	c->has_session = false;
	c->has_ctx = false;
}

static TEEC_Result invoke(struct crash_client *c, uint32_t cmd,
			  TEEC_Operation *op)
{
	uint32_t origin;

	op->started = 0;
	return TEEC_InvokeCommand(&c->s, cmd, op, &origin);
}

/* CREATE (with @data, @len) or OPEN object @obj; *@slot: its handle. */
static TEEC_Result obj_open(struct crash_client *c, uint32_t cmd,
			    unsigned int obj, const void *data, size_t len,
			    uint32_t flags, uint32_t *slot)
{
	TEEC_Operation op = {0};
	char id[CRASH_ID_SIZE];
	TEEC_Result res;

	crash_object_id(obj, id);
	op.paramTypes = TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_INPUT,
					 cmd == TA_STORAGE_CMD_CREATE
						 ? TEEC_MEMREF_TEMP_INPUT
						 : TEEC_NONE,
					 TEEC_VALUE_INOUT, TEEC_VALUE_INPUT);
	op.params[0].tmpref.buffer = id;
	op.params[0].tmpref.size = strlen(id);
	op.params[1].tmpref.buffer = (void *)data;
	op.params[1].tmpref.size = len;
	op.params[2].value.a = flags;
	op.params[3].value.a = TEE_STORAGE_PRIVATE;
	res = invoke(c, cmd, &op);
	*slot = op.params[2].value.a;
	return res;
}

/* A command on @slot with value b @b and value param 1 a @v1. */
static TEEC_Result on_slot(struct crash_client *c, uint32_t cmd, uint32_t slot,
			   uint32_t b, uint32_t v1)
{
	TEEC_Operation op = {0};

	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_INPUT, TEEC_VALUE_INPUT,
					 TEEC_NONE, TEEC_NONE);
	op.params[0].value.a = slot;
	op.params[0].value.b = b;
	op.params[1].value.a = v1;
	return invoke(c, cmd, &op);
}

/* READ, WRITE or RENAME with a buffer; *@len: the bytes the TA used. */
static TEEC_Result on_buf(struct crash_client *c, uint32_t cmd, uint32_t slot,
			  void *buf, size_t *len)
{
	TEEC_Operation op = {0};
	TEEC_Result res;

	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_INPUT,
					 cmd == TA_STORAGE_CMD_READ
						 ? TEEC_MEMREF_TEMP_OUTPUT
						 : TEEC_MEMREF_TEMP_INPUT,
					 TEEC_NONE, TEEC_NONE);
	op.params[0].value.a = slot;
	op.params[1].tmpref.buffer = buf;
	op.params[1].tmpref.size = *len;
	res = invoke(c, cmd, &op);
	*len = op.params[1].tmpref.size;
	return res;
}

/* The call of @op that changes storage, on the open handle @slot. */
static TEEC_Result change(struct crash_client *c, const struct crash_op *op,
			  uint32_t slot)
{
	char id[CRASH_ID_SIZE];
	size_t len = op->len;

	switch (op->kind) {
	case CRASH_WRITE:
		return on_buf(c, TA_STORAGE_CMD_WRITE, slot, (void *)op->data,
			      &len);
	case CRASH_TRUNCATE:
		return on_slot(c, TA_STORAGE_CMD_TRUNCATE, slot,
			       (uint32_t)op->off, 0);
	case CRASH_RENAME:
		crash_object_id(op->to, id);
		len = strlen(id);
		return on_buf(c, TA_STORAGE_CMD_RENAME, slot, id, &len);
	case CRASH_DELETE:
		return on_slot(c, TA_STORAGE_CMD_DELETE, slot, 0, 0);
	default:
		return TEEC_ERROR_BAD_PARAMETERS;
	}
}

static uint32_t open_flags(enum crash_op_kind kind)
{
	if (kind == CRASH_WRITE || kind == CRASH_TRUNCATE)
		return TEE_DATA_FLAG_ACCESS_READ | TEE_DATA_FLAG_ACCESS_WRITE;
	return TEE_DATA_FLAG_ACCESS_WRITE_META;
}

TEEC_Result crash_client_run(struct crash_client *c, const struct crash_op *op,
			     enum crash_progress *progress)
{
	TEEC_Result res;
	uint32_t slot;

	*progress = CRASH_NOT_SENT;
	if (op->kind == CRASH_CREATE) {
		*progress = CRASH_SENT;
		res = obj_open(
			c, TA_STORAGE_CMD_CREATE, op->obj, op->data, op->len,
			TEE_DATA_FLAG_ACCESS_WRITE | TEE_DATA_FLAG_OVERWRITE,
			&slot);
		if (res)
			return res;
		*progress = CRASH_APPLIED;
		return on_slot(c, TA_STORAGE_CMD_CLOSE, slot, 0, 0);
	}
	res = obj_open(c, TA_STORAGE_CMD_OPEN, op->obj, NULL, 0,
		       open_flags(op->kind), &slot);
	if (res)
		return res;
	if (op->kind == CRASH_WRITE) {
		res = on_slot(c, TA_STORAGE_CMD_SEEK, slot, TEE_DATA_SEEK_SET,
			      (uint32_t)op->off);
		if (res)
			return res;
	}
	*progress = CRASH_SENT;
	res = change(c, op, slot);
	if (res)
		return res;
	*progress = CRASH_APPLIED;
	/* A delete closed the handle itself. */
	if (op->kind == CRASH_DELETE)
		return TEEC_SUCCESS;
	return on_slot(c, TA_STORAGE_CMD_CLOSE, slot, 0, 0);
}

/* Object @i's data into @o, or @o absent if there is no such object. */
static TEEC_Result read_object(struct crash_client *c, unsigned int i,
			       struct crash_object *o, char *why, size_t len)
{
	/* One byte more than any object may hold: a longer one shows. */
	static uint8_t buf[CRASH_MAX_DATA + 1];
	size_t got = sizeof(buf);
	TEEC_Result res;
	uint32_t slot;

	o->exists = false;
	o->len = 0;
	res = obj_open(c, TA_STORAGE_CMD_OPEN, i, NULL, 0,
		       TEE_DATA_FLAG_ACCESS_READ, &slot);
	if (res == TEEC_ERROR_ITEM_NOT_FOUND)
		return TEEC_SUCCESS;
	if (res) {
		snprintf(why, len, "opening obj-%u: 0x%08x", i, res);
		return res;
	}
	res = on_buf(c, TA_STORAGE_CMD_READ, slot, buf, &got);
	if (res) {
		snprintf(why, len, "reading obj-%u: 0x%08x", i, res);
		return res;
	}
	if (got > CRASH_MAX_DATA) {
		snprintf(why, len, "obj-%u holds more than was ever written",
			 i);
		return TEEC_ERROR_GENERIC;
	}
	o->exists = true;
	o->len = got;
	memcpy(o->data, buf, got);
	return on_slot(c, TA_STORAGE_CMD_CLOSE, slot, 0, 0);
}

/* The ids the TA enumerates, as a bit set of object numbers. */
static TEEC_Result enumerate(struct crash_client *c, unsigned int *found,
			     char *why, size_t len)
{
	uint8_t buf[ENUM_BUF_SIZE];
	TEEC_Operation op = {0};
	TEEC_Result res;
	size_t off = 0;

	*found = 0;
	op.paramTypes =
		TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_OUTPUT, TEEC_VALUE_INOUT,
				 TEEC_NONE, TEEC_NONE);
	op.params[0].tmpref.buffer = buf;
	op.params[0].tmpref.size = sizeof(buf);
	op.params[1].value.a = TEE_STORAGE_PRIVATE;
	res = invoke(c, TA_STORAGE_CMD_ENUM, &op);
	if (res) {
		snprintf(why, len, "enumerating: 0x%08x", res);
		return res;
	}
	while (off < op.params[0].tmpref.size) {
		size_t n = buf[off];
		unsigned int i;
		char id[CRASH_ID_SIZE], name[65] = "";

		memcpy(name, buf + off + 1, n < 64 ? n : 64);
		off += 1 + n;
		for (i = 0; i < CRASH_OBJECTS; i++) {
			crash_object_id(i, id);
			if (!strcmp(id, name))
				break;
		}
		if (i == CRASH_OBJECTS || (*found & (1u << i))) {
			snprintf(why, len, "enumeration: unexpected id \"%s\"",
				 name);
			return TEEC_ERROR_GENERIC;
		}
		*found |= 1u << i;
	}
	return TEEC_SUCCESS;
}

TEEC_Result crash_client_read_state(struct crash_client *c,
				    struct crash_state *s, char *why,
				    size_t len)
{
	unsigned int listed;
	TEEC_Result res;

	res = enumerate(c, &listed, why, len);
	if (res)
		return res;
	for (unsigned int i = 0; i < CRASH_OBJECTS; i++) {
		res = read_object(c, i, &s->obj[i], why, len);
		if (res)
			return res;
		if (s->obj[i].exists != !!(listed & (1u << i))) {
			snprintf(why, len, "obj-%u %s but %s enumerated", i,
				 s->obj[i].exists ? "opens" : "does not open",
				 s->obj[i].exists ? "is not" : "is");
			return TEEC_ERROR_GENERIC;
		}
	}
	return TEEC_SUCCESS;
}
