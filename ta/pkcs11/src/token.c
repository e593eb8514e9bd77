// SPDX-License-Identifier: BSD-2-Clause
/*
 * Tokens: OP-TEE's 3 default tokens (CFG_PKCS11_TA_TOKEN_COUNT), their
 * record in TEE_STORAGE_PRIVATE under "token.db.<id>" (id length 32,
 * NUL-padded) with the list of token object UUIDs after it, as
 * persistent_token.c lays it out (ABI-FACTS-INTERNAL §6.10); SLOT_LIST,
 * SLOT_INFO, TOKEN_INFO and INIT_TOKEN (pkcs11_token.c).
 */
#include <stdio.h>
#include <string.h>
#include <tee_internal_api.h>
#include <trace.h>

#include "pkcs11_token.h"

_Static_assert(sizeof(struct token_persistent_main) == 184,
	       "OP-TEE's token record is 184 bytes");
_Static_assert(sizeof(struct pkcs11_slot_info) == 104, "slot info");
_Static_assert(sizeof(struct pkcs11_token_info) == 160, "token info");

#define DB_ID_SIZE 32
#define DB_FLAGS                                                               \
	(TEE_DATA_FLAG_ACCESS_READ | TEE_DATA_FLAG_ACCESS_WRITE |              \
	 TEE_DATA_FLAG_OVERWRITE)

static struct ck_token tokens[PKCS11_TOKEN_COUNT];

struct ck_token *get_token(uint32_t id)
{
	return id < PKCS11_TOKEN_COUNT ? &tokens[id] : NULL;
}

static void db_id(uint32_t id, char buf[DB_ID_SIZE])
{
	memset(buf, 0, DB_ID_SIZE);
	snprintf(buf, DB_ID_SIZE, "token.db.%u", (unsigned int)id);
}

enum pkcs11_rc update_persistent_db(struct ck_token *token)
{
	TEE_ObjectHandle h = TEE_HANDLE_NULL;
	struct pkcs11_object *o;
	uint32_t count = 0, n = 0;
	char id[DB_ID_SIZE];
	uint8_t *buf;
	size_t size;
	TEE_Result res;

	for (o = token->objects; o; o = o->next)
		count++;
	size = sizeof(token->db) + 4 + count * sizeof(TEE_UUID);
	buf = TEE_Malloc(size, 0);
	if (!buf)
		return PKCS11_CKR_DEVICE_MEMORY;
	memcpy(buf, &token->db, sizeof(token->db));
	memcpy(buf + sizeof(token->db), &count, 4);
	for (o = token->objects; o; o = o->next, n++)
		memcpy(buf + sizeof(token->db) + 4 + n * sizeof(TEE_UUID),
		       &o->uuid, sizeof(TEE_UUID));
	db_id(token->id, id);
	res = TEE_CreatePersistentObject(TEE_STORAGE_PRIVATE, id, DB_ID_SIZE,
					 DB_FLAGS, TEE_HANDLE_NULL, buf, size,
					 &h);
	TEE_Free(buf);
	if (res) {
		/* What the client sees is DEVICE_ERROR: say which storage error. */
		EMSG("token %u: writing its record failed: 0x%08x",
		     (unsigned int)token->id, (unsigned int)res);
		return PKCS11_CKR_DEVICE_ERROR;
	}
	TEE_CloseObject(h);
	return PKCS11_CKR_OK;
}

/* A fresh token, as init_persistent_db(): label of '*', PINs unset. */
static void token_db_fresh(struct ck_token *token)
{
	memset(&token->db, 0, sizeof(token->db));
	memset(token->db.label, '*', sizeof(token->db.label));
	token->db.flags = PKCS11_CKFT_SO_PIN_TO_BE_CHANGED |
			  PKCS11_CKFT_USER_PIN_TO_BE_CHANGED | PKCS11_CKFT_RNG |
			  PKCS11_CKFT_LOGIN_REQUIRED;
}

static TEE_Result read_all(TEE_ObjectHandle h, uint8_t **out, size_t *size)
{
	TEE_ObjectInfo info;
	size_t got = 0;
	uint8_t *buf;
	TEE_Result res;

	res = TEE_GetObjectInfo1(h, &info);
	if (res)
		return res;
	buf = TEE_Malloc(info.dataSize ? info.dataSize : 1, 0);
	if (!buf)
		return TEE_ERROR_OUT_OF_MEMORY;
	res = TEE_ReadObjectData(h, buf, info.dataSize, &got);
	if (res || got != info.dataSize) {
		TEE_Free(buf);
		return res ? res : TEE_ERROR_CORRUPT_OBJECT;
	}
	*out = buf;
	*size = got;
	return TEE_SUCCESS;
}

static TEE_Result load_object(struct ck_token *token, const TEE_UUID *uuid)
{
	TEE_ObjectHandle h = TEE_HANDLE_NULL;
	struct pkcs11_object *o;
	uint8_t *buf = NULL;
	size_t size = 0, used = 0;
	TEE_Result res;

	res = TEE_OpenPersistentObject(TEE_STORAGE_PRIVATE, uuid, sizeof(*uuid),
				       TEE_DATA_FLAG_ACCESS_READ, &h);
	if (res)
		return res;
	res = read_all(h, &buf, &size);
	TEE_CloseObject(h);
	if (res)
		return res;
	if (pkcs11_tpl_check(buf, size, &used) || used != size)
		goto corrupt;
	o = TEE_Malloc(sizeof(*o), TEE_MALLOC_FILL_ZERO);
	if (!o)
		goto nomem;
	o->attrs.buf = buf;
	o->attrs.size = size;
	o->uuid = *uuid;
	o->next = token->objects;
	token->objects = o;
	return TEE_SUCCESS;
corrupt:
	TEE_Free(buf);
	return TEE_ERROR_CORRUPT_OBJECT;
nomem:
	TEE_Free(buf);
	return TEE_ERROR_OUT_OF_MEMORY;
}

static TEE_Result token_load(struct ck_token *token)
{
	TEE_ObjectHandle h = TEE_HANDLE_NULL;
	uint8_t *buf = NULL;
	size_t size = 0;
	uint32_t count, n;
	char id[DB_ID_SIZE];
	TEE_Result res;

	db_id(token->id, id);
	res = TEE_OpenPersistentObject(TEE_STORAGE_PRIVATE, id, DB_ID_SIZE,
				       TEE_DATA_FLAG_ACCESS_READ, &h);
	if (res == TEE_ERROR_ITEM_NOT_FOUND) {
		token_db_fresh(token);
		return update_persistent_db(token) ? TEE_ERROR_STORAGE_NO_SPACE
						   : TEE_SUCCESS;
	}
	if (res)
		return res;
	res = read_all(h, &buf, &size);
	TEE_CloseObject(h);
	if (res)
		return res;
	if (size < sizeof(token->db) + 4)
		goto corrupt;
	memcpy(&token->db, buf, sizeof(token->db));
	memcpy(&count, buf + sizeof(token->db), 4);
	if (count > (size - sizeof(token->db) - 4) / sizeof(TEE_UUID))
		goto corrupt;
	for (n = 0; n < count; n++) {
		TEE_UUID uuid;

		memcpy(&uuid, buf + sizeof(token->db) + 4 + n * sizeof(uuid),
		       sizeof(uuid));
		res = load_object(token, &uuid);
		if (res)
			goto out;
	}
out:
	TEE_Free(buf);
	return res;
corrupt:
	TEE_Free(buf);
	return TEE_ERROR_CORRUPT_OBJECT;
}

TEE_Result pkcs11_tokens_init(void)
{
	TEE_Result res;
	uint32_t n;

	for (n = 0; n < PKCS11_TOKEN_COUNT; n++) {
		tokens[n].id = n;
		res = token_load(&tokens[n]);
		if (res) {
			EMSG("token %u: reading its record failed: 0x%08x",
			     (unsigned int)n, (unsigned int)res);
			return res;
		}
	}
	return TEE_SUCCESS;
}

enum pkcs11_rc token_objects_clear(struct ck_token *token)
{
	struct pkcs11_object *o;

	while ((o = token->objects)) {
		TEE_ObjectHandle h = TEE_HANDLE_NULL;

		token->objects = o->next;
		if (!TEE_OpenPersistentObject(
			    TEE_STORAGE_PRIVATE, &o->uuid, sizeof(o->uuid),
			    TEE_DATA_FLAG_ACCESS_WRITE_META, &h))
			TEE_CloseAndDeletePersistentObject1(h);
		object_forget(o);
		object_release(o);
	}
	return update_persistent_db(token);
}

/* Copy @s into @dst of @size bytes, space-padded, no NUL (PKCS#11). */
static void pad_copy(uint8_t *dst, size_t size, const char *s)
{
	size_t len = strlen(s);

	memset(dst, ' ', size);
	memcpy(dst, s, len < size ? len : size);
}

/* Control arguments made of one u32 slot id, consumed exactly. */
static enum pkcs11_rc get_slot_arg(TEE_Param *params, struct ck_token **t)
{
	struct serialargs a;
	uint32_t slot = 0;

	ctrl_args(&a, params);
	if (serialargs_get_u32(&a, &slot) || serialargs_remaining_bytes(&a))
		return PKCS11_CKR_ARGUMENTS_BAD;
	*t = get_token(slot);
	return *t ? PKCS11_CKR_OK : PKCS11_CKR_SLOT_ID_INVALID;
}

#define OUT_TYPES                                                              \
	TEE_PARAM_TYPES(TEE_PARAM_TYPE_MEMREF_INOUT, TEE_PARAM_TYPE_NONE,      \
			TEE_PARAM_TYPE_MEMREF_OUTPUT, TEE_PARAM_TYPE_NONE)
#define CTRL_TYPES                                                             \
	TEE_PARAM_TYPES(TEE_PARAM_TYPE_MEMREF_INOUT, TEE_PARAM_TYPE_NONE,      \
			TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE)

PKCS11_HANDLER(entry_ck_slot_list)
{
	uint32_t need = PKCS11_TOKEN_COUNT * 4, n;
	uint8_t *out = PARAM_BUF(2);

	(void)c;
	if (ptypes != OUT_TYPES || PARAM_SIZE(0) != 4)
		return PKCS11_CKR_ARGUMENTS_BAD;
	if (PARAM_SIZE(2) < need) {
		PARAM_SIZE(2) = need;
		/* A NULL buffer is libckteec's size query: not an error. */
		return out ? PKCS11_CKR_BUFFER_TOO_SMALL : PKCS11_CKR_OK;
	}
	for (n = 0; n < PKCS11_TOKEN_COUNT; n++)
		put_u32(out + 4 * n, n);
	PARAM_SIZE(2) = need;
	return PKCS11_CKR_OK;
}

static void device_id_string(char *buf, size_t size)
{
	TEE_UUID u;

	if (TEE_GetPropertyAsUUID(TEE_PROPSET_TEE_IMPLEMENTATION,
				  "gpd.tee.deviceID", &u)) {
		snprintf(buf, size, "No TEE UUID");
		return;
	}
	snprintf(buf, size,
		 "TEE UUID %08x-%04x-%04x-%02x%02x-%02x%02x%02x%02x%02x%02x",
		 (unsigned int)u.timeLow, u.timeMid, u.timeHiAndVersion,
		 u.clockSeqAndNode[0], u.clockSeqAndNode[1],
		 u.clockSeqAndNode[2], u.clockSeqAndNode[3],
		 u.clockSeqAndNode[4], u.clockSeqAndNode[5],
		 u.clockSeqAndNode[6], u.clockSeqAndNode[7]);
}

PKCS11_HANDLER(entry_ck_slot_info)
{
	struct pkcs11_slot_info info;
	struct ck_token *t = NULL;
	char desc[80], dev[48];
	enum pkcs11_rc rc;

	(void)c;
	if (ptypes != OUT_TYPES || PARAM_SIZE(2) != sizeof(info))
		return PKCS11_CKR_ARGUMENTS_BAD;
	rc = get_slot_arg(params, &t);
	if (rc)
		return rc;
	memset(&info, 0, sizeof(info));
	device_id_string(dev, sizeof(dev));
	snprintf(desc, sizeof(desc), "OP-TEE PKCS11 TA - %s", dev);
	pad_copy(info.slot_description, sizeof(info.slot_description), desc);
	pad_copy(info.manufacturer_id, sizeof(info.manufacturer_id), "Linaro");
	info.flags = PKCS11_CKFS_TOKEN_PRESENT;
	info.firmware_version[0] = PKCS11_TA_VERSION_MAJOR;
	info.firmware_version[1] = PKCS11_TA_VERSION_MINOR;
	TEE_MemMove(PARAM_BUF(2), &info, sizeof(info));
	return PKCS11_CKR_OK;
}

PKCS11_HANDLER(entry_ck_token_info)
{
	struct pkcs11_token_info info;
	struct ck_token *t = NULL;
	char serial[17];
	enum pkcs11_rc rc;

	(void)c;
	if (ptypes != OUT_TYPES || PARAM_SIZE(2) != sizeof(info))
		return PKCS11_CKR_ARGUMENTS_BAD;
	rc = get_slot_arg(params, &t);
	if (rc)
		return rc;
	memset(&info, 0, sizeof(info));
	memcpy(info.label, t->db.label, sizeof(info.label));
	pad_copy(info.manufacturer_id, sizeof(info.manufacturer_id), "Linaro");
	pad_copy(info.model, sizeof(info.model), "OP-TEE TA");
	snprintf(serial, sizeof(serial), "%016u", (unsigned int)t->id);
	memcpy(info.serial_number, serial, sizeof(info.serial_number));
	info.flags = t->db.flags;
	info.max_session_count = UINT32_MAX;
	info.session_count = t->session_count;
	info.max_rw_session_count = UINT32_MAX;
	info.rw_session_count = t->rw_session_count;
	info.max_pin_len = PKCS11_PIN_MAX_LEN;
	info.min_pin_len = PKCS11_PIN_MIN_LEN;
	info.total_public_memory = UINT32_MAX;
	info.free_public_memory = UINT32_MAX;
	info.total_private_memory = UINT32_MAX;
	info.free_private_memory = UINT32_MAX;
	info.firmware_version[0] = PKCS11_TA_VERSION_MAJOR;
	info.firmware_version[1] = PKCS11_TA_VERSION_MINOR;
	TEE_MemMove(PARAM_BUF(2), &info, sizeof(info));
	return PKCS11_CKR_OK;
}

/* A first initialisation sets the SO PIN; later ones must present it. */
static enum pkcs11_rc init_so_pin(struct ck_token *t, const uint8_t *pin,
				  uint32_t len)
{
	if (t->db.so_pin_salt)
		return check_pin(t, PKCS11_CKU_SO, pin, len);
	/* PIN_LEN_RANGE is not a C_InitToken code: OP-TEE answers this. */
	if (len < PKCS11_PIN_MIN_LEN || len > PKCS11_PIN_MAX_LEN)
		return PKCS11_CKR_ARGUMENTS_BAD;
	t->db.flags &= ~PKCS11_CKFT_SO_PIN_TO_BE_CHANGED;
	return hash_pin(PKCS11_CKU_SO, pin, len, &t->db.so_pin_salt,
			t->db.so_pin_hash);
}

PKCS11_HANDLER(entry_ck_token_initialize)
{
	const uint8_t *pin = NULL, *label = NULL;
	struct ck_token *t;
	struct serialargs a;
	uint32_t slot = 0, len = 0;
	enum pkcs11_rc rc;

	(void)c;
	if (ptypes != CTRL_TYPES)
		return PKCS11_CKR_ARGUMENTS_BAD;
	ctrl_args(&a, params);
	if (serialargs_get_u32(&a, &slot) || serialargs_get_u32(&a, &len) ||
	    serialargs_get_ptr(&a, (const void **)&label,
			       PKCS11_TOKEN_LABEL_SIZE) ||
	    serialargs_get_ptr(&a, (const void **)&pin, len) ||
	    serialargs_remaining_bytes(&a))
		return PKCS11_CKR_ARGUMENTS_BAD;
	t = get_token(slot);
	if (!t)
		return PKCS11_CKR_SLOT_ID_INVALID;
	if (t->db.flags & PKCS11_CKFT_SO_PIN_LOCKED)
		return PKCS11_CKR_PIN_LOCKED;
	if (t->session_count)
		return PKCS11_CKR_SESSION_EXISTS;
	rc = init_so_pin(t, pin, len);
	if (rc)
		return rc;

	memcpy(t->db.label, label, PKCS11_TOKEN_LABEL_SIZE);
	t->db.flags |= PKCS11_CKFT_TOKEN_INITIALIZED;
	/* The user PIN and every token object go (pkcs11_token.c). */
	t->db.user_pin_salt = 0;
	t->db.user_pin_count = 0;
	memset(t->db.user_pin_hash, 0, sizeof(t->db.user_pin_hash));
	t->db.flags &=
		~(PKCS11_CKFT_USER_PIN_INITIALIZED |
		  PKCS11_CKFT_USER_PIN_COUNT_LOW |
		  PKCS11_CKFT_USER_PIN_FINAL_TRY | PKCS11_CKFT_USER_PIN_LOCKED);
	return token_objects_clear(t);
}
