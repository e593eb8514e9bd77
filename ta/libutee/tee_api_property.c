// SPDX-License-Identifier: BSD-2-Clause
/*
 * GP TEE Internal Core API, Property Access Functions (GP 4.4).
 *
 * Three property sets, named by pseudo handles:
 *
 *  TEE_PROPSET_CURRENT_TA     the TA's own table, ta_props[] of
 *		user_ta_header.c (TA_FLAGS, TA_DATA_SIZE, TA_STACK_SIZE,
 *		TA_VERSION, TA_DESCRIPTION, then the TA's
 *		TA_CURRENT_TA_EXT_PROPERTIES), then gpd.ta.appID, in
 *		OP-TEE's order
 *  TEE_PROPSET_CURRENT_CLIENT the current session's client:
 *		gpd.client.identity (login and client UUID as the trusted
 *		OS delivered them at open session), gpd.client.endian; no
 *		identity outside sessions (create, destroy)
 *  TEE_PROPSET_TEE_IMPLEMENTATION  teebox itself: every gpd.tee.*
 *		property OP-TEE reports, in its order
 *		(ABI-FACTS-INTERNAL.md §4.1)
 *
 * Each property has a native type.  A getter of another type converts
 * as GP says, or fails with TEE_ERROR_BAD_FORMAT:
 *
 *  as string	bool "true"/"false", integers in decimal, a UUID in RFC
 *		4122 form (lowercase), an identity as "<login in
 *		decimal>:<uuid>" (GP leaves it to the implementation),
 *		binary in Base64
 *  from string	bool "true"/"false" (any case); integers in decimal, 0x
 *		hex or 0b binary; UUID and identity in the forms above;
 *		binary in Base64 (padded)
 *  u32 <-> u64	widened, or narrowed when the value fits
 *
 * Enumerators are TEE_Malloc'd, kept in a list so that a handle that is
 * none of them makes the TA panic (GP) instead of crashing it.  Like the
 * rest of the runtime's state they are touched by the entry thread only.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include <openssl/crypto.h>
#include <tbx/uuid.h>
#include <tee_internal_api.h>
#include <tee_internal_api_extensions.h>
#include <user_ta_header.h>

#include "utee_priv.h"

/* gpd.tee.deviceID: fixed for teebox (a random version-4 UUID). */
#define TEEBOX_DEVICE_ID                                                       \
	{                                                                      \
		0x1ebb9ce9, 0xe619, 0x413b,                                    \
		{                                                              \
			0x8f, 0xff, 0x53, 0x15, 0x93, 0x71, 0xda, 0x2a         \
		}                                                              \
	}

/*
 * Protection levels (gpd.tee.systemTime, TAPersistentTime and
 * trustedStorage.antiRollback): 100, what the REE can see and tamper
 * with, as OP-TEE reports without secure hardware.
 */
#define REE_PROTECTION_LEVEL 100U

/* gpd.tee.sockets.version, .tcp.version: OP-TEE's TEE_ISOCKET_VERSION. */
#define ISOCKET_VERSION 0x01000000U

#ifndef TEEBOX_VERSION
#define TEEBOX_VERSION "unknown"
#endif

/* "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx" */
#define UUID_STR_LEN 36

enum prop_type {
	PROP_BOOL,
	PROP_U32,
	PROP_U64,
	PROP_STRING,
	PROP_BINARY,
	PROP_BASE64,
	PROP_UUID,
	PROP_IDENTITY,
};

/**
 * struct prop_value - a property's value in its native type
 * @type:	which member of @u holds it
 */
struct prop_value {
	enum prop_type type;
	union {
		bool b;
		uint32_t u32;
		uint64_t u64;
		const char *str; /* PROP_STRING, PROP_BASE64 */
		struct {
			const void *buf;
			size_t len;
		} bin;
		TEE_UUID uuid;
		TEE_Identity id;
	} u;
};

/**
 * struct prop - one property of a set
 * @name:	its name
 * @get:	fills its current value; false when it does not exist now
 */
struct prop {
	const char *name;
	bool (*get)(struct prop_value *v);
};

/**
 * struct prop_set - the properties behind a pseudo handle
 * @props, @count: the table, or
 * @ta:		the TA's own table (ta_props[]) then gpd.ta.appID
 */
struct prop_set {
	const struct prop *props;
	size_t count;
	bool ta;
};

/**
 * struct prop_enum - what a property enumerator handle points to
 * @set:	the set it enumerates; NULL before Start and after Reset
 * @pos:	the current property's index in @set
 * @next:	list of allocated enumerators
 */
struct prop_enum {
	const struct prop_set *set;
	size_t pos;
	struct prop_enum *next;
};

static struct prop_enum *enumerators;

static bool get_app_id(struct prop_value *v)
{
	v->type = PROP_UUID;
	v->u.uuid = ta_head.uuid;
	return true;
}

/* Entry @p of the TA's table in our terms; false for an unknown type. */
static bool get_ta_prop(const struct user_ta_property *p, struct prop_value *v)
{
	switch (p->type) {
	case USER_TA_PROP_TYPE_BOOL:
		v->type = PROP_BOOL;
		v->u.b = *(const bool *)p->value;
		return true;
	case USER_TA_PROP_TYPE_U32:
		v->type = PROP_U32;
		v->u.u32 = *(const uint32_t *)p->value;
		return true;
	case USER_TA_PROP_TYPE_U64:
		v->type = PROP_U64;
		v->u.u64 = *(const uint64_t *)p->value;
		return true;
	case USER_TA_PROP_TYPE_UUID:
		v->type = PROP_UUID;
		v->u.uuid = *(const TEE_UUID *)p->value;
		return true;
	case USER_TA_PROP_TYPE_IDENTITY:
		v->type = PROP_IDENTITY;
		v->u.id = *(const TEE_Identity *)p->value;
		return true;
	case USER_TA_PROP_TYPE_STRING:
	case USER_TA_PROP_TYPE_BINARY_BLOCK:
		v->type = p->type == USER_TA_PROP_TYPE_STRING ? PROP_STRING
							      : PROP_BASE64;
		v->u.str = p->value;
		return p->value != NULL;
	default:
		return false;
	}
}

/* gpd.ta.endian and gpd.client.endian: 0, little-endian. */
static bool get_endian(struct prop_value *v)
{
	v->type = PROP_U32;
	v->u.u32 = 0;
	return true;
}

static bool get_string(struct prop_value *v, const char *s)
{
	v->type = PROP_STRING;
	v->u.str = s;
	return s != NULL;
}

static bool get_client_identity(struct prop_value *v)
{
	const TEE_Identity *client = utee_session_client();

	if (!client)
		return false;
	v->type = PROP_IDENTITY;
	v->u.id = *client;
	return true;
}

static bool get_api_version(struct prop_value *v)
{
	return get_string(v, "1.3.1");
}

static bool get_tee_description(struct prop_value *v)
{
	return get_string(v, "teebox");
}

static bool get_device_id(struct prop_value *v)
{
	static const TEE_UUID id = TEEBOX_DEVICE_ID;

	v->type = PROP_UUID;
	v->u.uuid = id;
	return true;
}

static bool get_u32(struct prop_value *v, uint32_t x)
{
	v->type = PROP_U32;
	v->u.u32 = x;
	return true;
}

static bool get_protection(struct prop_value *v)
{
	return get_u32(v, REE_PROTECTION_LEVEL);
}

static bool get_core_version(struct prop_value *v)
{
	return get_u32(v, TEE_CORE_API_VERSION);
}

/* CFG_TA_BIGNUM_MAX_BITS: the Arithmetical API's largest size. */
static bool get_max_bigint(struct prop_value *v)
{
	return get_u32(v, 2048);
}

static bool get_socket_version(struct prop_value *v)
{
	return get_u32(v, ISOCKET_VERSION);
}

static bool get_zero(struct prop_value *v)
{
	return get_u32(v, 0);
}

/* ECC keys and operations are part of the crypto API (OP-TEE: true). */
static bool get_ecc(struct prop_value *v)
{
	v->type = PROP_BOOL;
	v->u.b = true;
	return true;
}

static bool get_os_version(struct prop_value *v)
{
	return get_string(v, "teebox-" TEEBOX_VERSION);
}

static bool get_os_manufacturer(struct prop_value *v)
{
	return get_string(v, "teebox");
}

/* No firmware below teebox: OP-TEE's defaults for an unknown one. */
static bool get_fw_version(struct prop_value *v)
{
	return get_string(v, "FW_IMPL_UNDEF");
}

static bool get_fw_manufacturer(struct prop_value *v)
{
	return get_string(v, "FW_MAN_UNDEF");
}

static const struct prop client_props[] = {
	{"gpd.client.identity", get_client_identity},
	{"gpd.client.endian", get_endian},
};

/* OP-TEE's order (ABI-FACTS-INTERNAL.md §4.1). */
static const struct prop tee_props[] = {
	{"gpd.tee.arith.maxBigIntSize", get_max_bigint},
	{"gpd.tee.sockets.version", get_socket_version},
	{"gpd.tee.sockets.tcp.version", get_socket_version},
	{"gpd.tee.internalCore.version", get_core_version},
	{"gpd.tee.apiversion", get_api_version},
	{"gpd.tee.description", get_tee_description},
	{"gpd.tee.deviceID", get_device_id},
	{"gpd.tee.systemTime.protectionLevel", get_protection},
	{"gpd.tee.TAPersistentTime.protectionLevel", get_protection},
	{"gpd.tee.cryptography.ecc", get_ecc},
	{"gpd.tee.trustedStorage.antiRollback.protectionLevel", get_protection},
	{"gpd.tee.trustedos.implementation.version", get_os_version},
	{"gpd.tee.trustedos.implementation.binaryversion", get_zero},
	{"gpd.tee.trustedos.manufacturer", get_os_manufacturer},
	{"gpd.tee.firmware.implementation.version", get_fw_version},
	{"gpd.tee.firmware.implementation.binaryversion", get_zero},
	{"gpd.tee.firmware.manufacturer", get_fw_manufacturer},
};

#define SET(t)                                                                 \
	{                                                                      \
		t, sizeof(t) / sizeof((t)[0]), false                           \
	}
static const struct prop_set ta_set = {NULL, 0, true};
static const struct prop_set client_set = SET(client_props);
static const struct prop_set tee_set = SET(tee_props);
#undef SET

/* The set of a pseudo handle, or NULL. */
static const struct prop_set *pseudo_set(TEE_PropSetHandle h)
{
	if (h == TEE_PROPSET_CURRENT_TA)
		return &ta_set;
	if (h == TEE_PROPSET_CURRENT_CLIENT)
		return &client_set;
	if (h == TEE_PROPSET_TEE_IMPLEMENTATION)
		return &tee_set;
	return NULL;
}

static size_t set_count(const struct prop_set *set)
{
	return set->ta ? ta_num_props + 1 : set->count;
}

/* The name of property @i (< set_count()). */
static const char *set_name(const struct prop_set *set, size_t i)
{
	if (!set->ta)
		return set->props[i].name;
	return i < ta_num_props ? ta_props[i].name : "gpd.ta.appID";
}

/* The value of property @i (< set_count()); false if it has none now. */
static bool set_get(const struct prop_set *set, size_t i, struct prop_value *v)
{
	if (!set->ta)
		return set->props[i].get(v);
	return i < ta_num_props ? get_ta_prop(&ta_props[i], v) : get_app_id(v);
}

/* The enumerator behind @h; a handle that is none makes the TA panic. */
static struct prop_enum *enum_of(TEE_PropSetHandle h)
{
	for (struct prop_enum *e = enumerators; e; e = e->next)
		if ((TEE_PropSetHandle)e == h)
			return e;
	TEE_Panic(TEE_ERROR_BAD_PARAMETERS);
}

/* Moves @e to the first property at or after @pos that exists now. */
static TEE_Result enum_seek(struct prop_enum *e, size_t pos)
{
	struct prop_value v;

	for (; pos < set_count(e->set); pos++) {
		if (set_get(e->set, pos, &v)) {
			e->pos = pos;
			return TEE_SUCCESS;
		}
	}
	e->pos = set_count(e->set);
	return TEE_ERROR_ITEM_NOT_FOUND;
}

/*
 * The property @name of pseudo handle @h, or the current one of
 * enumerator @h (@name ignored).
 */
static TEE_Result lookup(TEE_PropSetHandle h, const char *name,
			 struct prop_value *v)
{
	const struct prop_set *set = pseudo_set(h);
	struct prop_enum *e;

	if (set) {
		if (!name)
			TEE_Panic(TEE_ERROR_BAD_PARAMETERS);
		for (size_t i = 0; i < set_count(set); i++)
			if (!strcmp(set_name(set, i), name))
				return set_get(set, i, v)
					       ? TEE_SUCCESS
					       : TEE_ERROR_ITEM_NOT_FOUND;
		return TEE_ERROR_ITEM_NOT_FOUND;
	}
	e = enum_of(h);
	if (!e->set || e->pos >= set_count(e->set) ||
	    !set_get(e->set, e->pos, v))
		return TEE_ERROR_ITEM_NOT_FOUND;
	return TEE_SUCCESS;
}

/* ---- text forms ---- */

static const char base64_chars[] =
	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* Base64 of @len bytes into @out (room for 4 * ((len + 2) / 3) + 1). */
static void base64_encode(const uint8_t *in, size_t len, char *out)
{
	size_t o = 0;

	for (size_t i = 0; i < len; i += 3) {
		uint32_t w = (uint32_t)in[i] << 16;

		if (i + 1 < len)
			w |= (uint32_t)in[i + 1] << 8;
		if (i + 2 < len)
			w |= in[i + 2];
		out[o++] = base64_chars[(w >> 18) & 0x3f];
		out[o++] = base64_chars[(w >> 12) & 0x3f];
		out[o++] = i + 1 < len ? base64_chars[(w >> 6) & 0x3f] : '=';
		out[o++] = i + 2 < len ? base64_chars[w & 0x3f] : '=';
	}
	out[o] = '\0';
}

static int base64_value(char c)
{
	const char *p = c ? strchr(base64_chars, c) : NULL;

	return p ? (int)(p - base64_chars) : -1;
}

/*
 * Decodes padded Base64 @s into @out (NULL: only count); *@len gets the
 * byte count.  Returns false when @s is not Base64.
 */
static bool base64_decode(const char *s, uint8_t *out, size_t *len)
{
	size_t n = strlen(s), o = 0;

	if (n % 4)
		return false;
	for (size_t i = 0; i < n; i += 4) {
		int v[4];
		uint32_t w = 0;
		size_t pad = 0;

		for (size_t k = 0; k < 4; k++) {
			v[k] = base64_value(s[i + k]);
			/* '=' only in the last two places of the last group */
			if (v[k] < 0) {
				if (s[i + k] != '=' || i + 4 != n || k < 2)
					return false;
				pad++;
				v[k] = 0;
			} else if (pad) {
				return false;
			}
			w = w << 6 | (uint32_t)v[k];
		}
		for (size_t k = 0; k < 3 - pad; k++) {
			if (out)
				out[o] = (uint8_t)(w >> (16 - 8 * k));
			o++;
		}
	}
	*len = o;
	return true;
}

static void uuid_to_str(const TEE_UUID *u, char *buf, size_t size)
{
	uint8_t octets[TBX_UUID_OCTETS];
	char str[TBX_UUID_STR_LEN];

	tbx_uuid_to_octets(octets, u);
	tbx_uuid_octets_to_str(str, octets);
	snprintf(buf, size, "%s", str);
}

/*
 * Parses the RFC 4122 form (UUID_STR_LEN characters) at @s.  The whole
 * text is read before @u is written: they may share a union.
 */
static bool str_to_uuid(const char *s, TEE_UUID *u)
{
	uint8_t octets[TBX_UUID_OCTETS];

	if (tbx_uuid_octets_from_str(octets, s))
		return false;
	tbx_uuid_from_octets(u, octets);
	return true;
}

/* Parses a GP integer: decimal, 0x hex or 0b binary, the whole of @s. */
static bool str_to_u64(const char *s, uint64_t *out)
{
	unsigned int base = 10;
	uint64_t v = 0;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	} else if (s[0] == '0' && (s[1] == 'b' || s[1] == 'B')) {
		base = 2;
		s += 2;
	}
	if (!*s)
		return false;
	for (; *s; s++) {
		int d = OPENSSL_hexchar2int((unsigned char)*s);

		if (d < 0 || (unsigned int)d >= base ||
		    v > (UINT64_MAX - (uint64_t)d) / base)
			return false;
		v = v * base + (uint64_t)d;
	}
	*out = v;
	return true;
}

/* Parses "<login>:<uuid>", the login a GP integer. */
static bool str_to_identity(const char *s, TEE_Identity *id)
{
	const char *colon = strchr(s, ':');
	char login[24];
	uint64_t v;

	if (!colon || (size_t)(colon - s) >= sizeof(login))
		return false;
	memcpy(login, s, (size_t)(colon - s));
	login[colon - s] = '\0';
	if (!str_to_u64(login, &v) || v > UINT32_MAX ||
	    !str_to_uuid(colon + 1, &id->uuid))
		return false;
	id->login = (uint32_t)v;
	return true;
}

/* ---- getters ---- */

/* Copies @len bytes to the caller's buffer, or asks for a larger one. */
static TEE_Result give(const void *data, size_t len, void *buf, size_t *buf_len)
{
	if (*buf_len < len) {
		*buf_len = len;
		return TEE_ERROR_SHORT_BUFFER;
	}
	memcpy(buf, data, len);
	*buf_len = len;
	return TEE_SUCCESS;
}

TEE_Result TEE_GetPropertyAsString(TEE_PropSetHandle propsetOrEnumerator,
				   const char *name, char *valueBuffer,
				   size_t *valueBufferLen)
{
	/* The longest form that is not a property's own text or binary. */
	char tmp[16 + UUID_STR_LEN];
	struct prop_value v;
	const char *str = tmp;
	char *b64 = NULL;
	TEE_Result res;

	if (!valueBufferLen || (!valueBuffer && *valueBufferLen))
		TEE_Panic(TEE_ERROR_BAD_PARAMETERS);
	res = lookup(propsetOrEnumerator, name, &v);
	if (res)
		return res;
	switch (v.type) {
	case PROP_BOOL:
		str = v.u.b ? "true" : "false";
		break;
	case PROP_U32:
		snprintf(tmp, sizeof(tmp), "%u", v.u.u32);
		break;
	case PROP_U64:
		snprintf(tmp, sizeof(tmp), "%llu", (unsigned long long)v.u.u64);
		break;
	case PROP_STRING:
	case PROP_BASE64:
		str = v.u.str;
		break;
	case PROP_BINARY:
		b64 = TEE_Malloc(4 * ((v.u.bin.len + 2) / 3) + 1,
				 TEE_USER_MEM_HINT_NO_FILL_ZERO);
		if (!b64)
			return TEE_ERROR_OUT_OF_MEMORY;
		base64_encode(v.u.bin.buf, v.u.bin.len, b64);
		str = b64;
		break;
	case PROP_UUID:
		uuid_to_str(&v.u.uuid, tmp, sizeof(tmp));
		break;
	case PROP_IDENTITY: {
		int n = snprintf(tmp, sizeof(tmp), "%u:", v.u.id.login);

		uuid_to_str(&v.u.id.uuid, tmp + n, sizeof(tmp) - (size_t)n);
		break;
	}
	}
	res = give(str, strlen(str) + 1, valueBuffer, valueBufferLen);
	TEE_Free(b64);
	return res;
}

/*
 * Looks a property up as @type: one of that type as it is, a string in
 * the form GP gives for that type parsed into it (bool, UUID and
 * identity; integers go through as_u64()).
 */
static TEE_Result lookup_as(TEE_PropSetHandle h, const char *name,
			    enum prop_type type, struct prop_value *v)
{
	const char *str;
	TEE_Result res;
	bool ok = false;

	res = lookup(h, name, v);
	if (res || v->type == type)
		return res;
	if (v->type != PROP_STRING)
		return TEE_ERROR_BAD_FORMAT;
	/* The string and the parsed value share the union. */
	str = v->u.str;
	switch (type) {
	case PROP_BOOL:
		ok = !strcasecmp(str, "true") || !strcasecmp(str, "false");
		v->u.b = !strcasecmp(str, "true");
		break;
	case PROP_UUID:
		ok = str_to_uuid(str, &v->u.uuid);
		break;
	case PROP_IDENTITY:
		ok = str_to_identity(str, &v->u.id);
		break;
	default:
		break;
	}
	v->type = type;
	return ok ? TEE_SUCCESS : TEE_ERROR_BAD_FORMAT;
}

TEE_Result TEE_GetPropertyAsBool(TEE_PropSetHandle propsetOrEnumerator,
				 const char *name, bool *value)
{
	struct prop_value v;
	TEE_Result res;

	if (!value)
		TEE_Panic(TEE_ERROR_BAD_PARAMETERS);
	res = lookup_as(propsetOrEnumerator, name, PROP_BOOL, &v);
	if (!res)
		*value = v.u.b;
	return res;
}

/* Any integer property (or a string holding one) as a u64. */
static TEE_Result as_u64(TEE_PropSetHandle h, const char *name, uint64_t *out)
{
	struct prop_value v;
	TEE_Result res;

	res = lookup(h, name, &v);
	if (res)
		return res;
	switch (v.type) {
	case PROP_U32:
		*out = v.u.u32;
		return TEE_SUCCESS;
	case PROP_U64:
		*out = v.u.u64;
		return TEE_SUCCESS;
	case PROP_STRING:
		return str_to_u64(v.u.str, out) ? TEE_SUCCESS
						: TEE_ERROR_BAD_FORMAT;
	default:
		return TEE_ERROR_BAD_FORMAT;
	}
}

TEE_Result TEE_GetPropertyAsU32(TEE_PropSetHandle propsetOrEnumerator,
				const char *name, uint32_t *value)
{
	TEE_Result res;
	uint64_t v;

	if (!value)
		TEE_Panic(TEE_ERROR_BAD_PARAMETERS);
	res = as_u64(propsetOrEnumerator, name, &v);
	if (res)
		return res;
	if (v > UINT32_MAX)
		return TEE_ERROR_BAD_FORMAT;
	*value = (uint32_t)v;
	return TEE_SUCCESS;
}

TEE_Result TEE_GetPropertyAsU64(TEE_PropSetHandle propsetOrEnumerator,
				const char *name, uint64_t *value)
{
	if (!value)
		TEE_Panic(TEE_ERROR_BAD_PARAMETERS);
	return as_u64(propsetOrEnumerator, name, value);
}

TEE_Result TEE_GetPropertyAsBinaryBlock(TEE_PropSetHandle propsetOrEnumerator,
					const char *name, void *valueBuffer,
					size_t *valueBufferLen)
{
	struct prop_value v;
	TEE_Result res;
	size_t len;

	if (!valueBufferLen || (!valueBuffer && *valueBufferLen))
		TEE_Panic(TEE_ERROR_BAD_PARAMETERS);
	res = lookup(propsetOrEnumerator, name, &v);
	if (res)
		return res;
	if (v.type == PROP_BINARY)
		return give(v.u.bin.buf, v.u.bin.len, valueBuffer,
			    valueBufferLen);
	if ((v.type != PROP_STRING && v.type != PROP_BASE64) ||
	    !base64_decode(v.u.str, NULL, &len))
		return TEE_ERROR_BAD_FORMAT;
	if (*valueBufferLen < len) {
		*valueBufferLen = len;
		return TEE_ERROR_SHORT_BUFFER;
	}
	base64_decode(v.u.str, valueBuffer, &len);
	*valueBufferLen = len;
	return TEE_SUCCESS;
}

TEE_Result TEE_GetPropertyAsUUID(TEE_PropSetHandle propsetOrEnumerator,
				 const char *name, TEE_UUID *value)
{
	struct prop_value v;
	TEE_Result res;

	if (!value)
		TEE_Panic(TEE_ERROR_BAD_PARAMETERS);
	res = lookup_as(propsetOrEnumerator, name, PROP_UUID, &v);
	if (!res)
		*value = v.u.uuid;
	return res;
}

TEE_Result TEE_GetPropertyAsIdentity(TEE_PropSetHandle propsetOrEnumerator,
				     const char *name, TEE_Identity *value)
{
	struct prop_value v;
	TEE_Result res;

	if (!value)
		TEE_Panic(TEE_ERROR_BAD_PARAMETERS);
	res = lookup_as(propsetOrEnumerator, name, PROP_IDENTITY, &v);
	if (!res)
		*value = v.u.id;
	return res;
}

/* ---- enumerators ---- */

TEE_Result TEE_AllocatePropertyEnumerator(TEE_PropSetHandle *enumerator)
{
	struct prop_enum *e;

	if (!enumerator)
		TEE_Panic(TEE_ERROR_BAD_PARAMETERS);
	e = TEE_Malloc(sizeof(*e), TEE_MALLOC_FILL_ZERO);
	if (!e) {
		*enumerator = TEE_HANDLE_NULL;
		return TEE_ERROR_OUT_OF_MEMORY;
	}
	e->next = enumerators;
	enumerators = e;
	*enumerator = (TEE_PropSetHandle)e;
	return TEE_SUCCESS;
}

void TEE_FreePropertyEnumerator(TEE_PropSetHandle enumerator)
{
	struct prop_enum **pp;

	if (enumerator == TEE_HANDLE_NULL)
		return;
	for (pp = &enumerators; *pp; pp = &(*pp)->next) {
		if ((TEE_PropSetHandle)*pp == enumerator) {
			struct prop_enum *e = *pp;

			*pp = e->next;
			TEE_Free(e);
			return;
		}
	}
	TEE_Panic(TEE_ERROR_BAD_PARAMETERS);
}

void TEE_StartPropertyEnumerator(TEE_PropSetHandle enumerator,
				 TEE_PropSetHandle propSet)
{
	struct prop_enum *e = enum_of(enumerator);
	const struct prop_set *set = pseudo_set(propSet);

	if (!set)
		TEE_Panic(TEE_ERROR_BAD_PARAMETERS);
	e->set = set;
	enum_seek(e, 0);
}

void TEE_ResetPropertyEnumerator(TEE_PropSetHandle enumerator)
{
	struct prop_enum *e = enum_of(enumerator);

	e->set = NULL;
	e->pos = 0;
}

TEE_Result TEE_GetPropertyName(TEE_PropSetHandle enumerator, void *nameBuffer,
			       size_t *nameBufferLen)
{
	struct prop_enum *e = enum_of(enumerator);
	struct prop_value v;
	const char *name;

	if (!nameBufferLen || (!nameBuffer && *nameBufferLen))
		TEE_Panic(TEE_ERROR_BAD_PARAMETERS);
	if (!e->set || e->pos >= set_count(e->set) ||
	    !set_get(e->set, e->pos, &v))
		return TEE_ERROR_ITEM_NOT_FOUND;
	name = set_name(e->set, e->pos);
	return give(name, strlen(name) + 1, nameBuffer, nameBufferLen);
}

TEE_Result TEE_GetNextProperty(TEE_PropSetHandle enumerator)
{
	struct prop_enum *e = enum_of(enumerator);

	if (!e->set || e->pos >= set_count(e->set))
		return TEE_ERROR_ITEM_NOT_FOUND;
	return enum_seek(e, e->pos + 1);
}
