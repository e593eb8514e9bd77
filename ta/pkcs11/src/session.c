// SPDX-License-Identifier: BSD-2-Clause
/*
 * Clients (TEE sessions), PKCS#11 sessions and login, with OP-TEE's rules
 * (pkcs11_token.c; ABI-FACTS-INTERNAL §6.7): login is per client and
 * token, shared by all that client's sessions on the token; another
 * client's login is its own.
 */
#include <string.h>
#include <tee_internal_api.h>

#include "asymm.h"

static struct pkcs11_client *clients;

struct pkcs11_client *pkcs11_clients(void)
{
	return clients;
}

struct pkcs11_client *pkcs11_client_new(void)
{
	struct pkcs11_client *c = TEE_Malloc(sizeof(*c), TEE_MALLOC_FILL_ZERO);

	if (!c)
		return NULL;
	c->next = clients;
	clients = c;
	return c;
}

struct pkcs11_session *get_session(struct pkcs11_client *c, uint32_t handle)
{
	return handle_get(&c->sessions, handle);
}

bool session_is_user(struct pkcs11_session *s)
{
	return s->client->login[s->token->id] == LOGIN_USER;
}

bool session_is_so(struct pkcs11_session *s)
{
	return s->client->login[s->token->id] == LOGIN_SO;
}

uint32_t session_state(struct pkcs11_session *s)
{
	switch (s->client->login[s->token->id]) {
	case LOGIN_SO:
		return PKCS11_CKS_RW_SO_FUNCTIONS;
	case LOGIN_USER:
		return s->rw ? PKCS11_CKS_RW_USER_FUNCTIONS
			     : PKCS11_CKS_RO_USER_FUNCTIONS;
	default:
		return s->rw ? PKCS11_CKS_RW_PUBLIC_SESSION
			     : PKCS11_CKS_RO_PUBLIC_SESSION;
	}
}

/* Does client @c have a session on @t (R/O only if @ro_only)? */
static bool client_has_session(struct pkcs11_client *c, struct ck_token *t,
			       bool ro_only)
{
	struct pkcs11_session *s;
	uint32_t h;

	for (h = 1; h <= c->sessions.count; h++) {
		s = handle_get(&c->sessions, h);
		if (s && s->token == t && (!ro_only || !s->rw))
			return true;
	}
	return false;
}

static void close_session(struct pkcs11_session *s)
{
	struct pkcs11_client *c = s->client;
	struct ck_token *t = s->token;

	session_find_release(s);
	session_processing_release(s);
	asymm_release(s);
	session_objects_release(s, false);
	handle_remove(&c->sessions, s->handle);
	t->session_count--;
	if (s->rw)
		t->rw_session_count--;
	TEE_Free(s);
	/* The last session closed logs the client out of the token. */
	if (!client_has_session(c, t, false))
		c->login[t->id] = LOGIN_PUBLIC;
}

void pkcs11_client_release(struct pkcs11_client *c)
{
	struct pkcs11_client **pp;
	uint32_t h;

	if (!c)
		return;
	for (h = 1; h <= c->sessions.count; h++) {
		struct pkcs11_session *s = handle_get(&c->sessions, h);

		if (s)
			close_session(s);
	}
	for (pp = &clients; *pp; pp = &(*pp)->next) {
		if (*pp == c) {
			*pp = c->next;
			break;
		}
	}
	handle_db_release(&c->sessions);
	handle_db_release(&c->objects);
	TEE_Free(c);
}

#define OUT_TYPES                                                              \
	TEE_PARAM_TYPES(TEE_PARAM_TYPE_MEMREF_INOUT, TEE_PARAM_TYPE_NONE,      \
			TEE_PARAM_TYPE_MEMREF_OUTPUT, TEE_PARAM_TYPE_NONE)
#define CTRL_TYPES                                                             \
	TEE_PARAM_TYPES(TEE_PARAM_TYPE_MEMREF_INOUT, TEE_PARAM_TYPE_NONE,      \
			TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE)

PKCS11_HANDLER(entry_ck_open_session)
{
	struct pkcs11_session *s;
	struct ck_token *t;
	struct serialargs a;
	uint32_t slot = 0, flags = 0;

	if (ptypes != OUT_TYPES || PARAM_SIZE(2) != 4)
		return PKCS11_CKR_ARGUMENTS_BAD;
	ctrl_args(&a, params);
	if (serialargs_get_u32(&a, &slot) || serialargs_get_u32(&a, &flags) ||
	    serialargs_remaining_bytes(&a))
		return PKCS11_CKR_ARGUMENTS_BAD;
	t = get_token(slot);
	if (!t)
		return PKCS11_CKR_SLOT_ID_INVALID;
	if (flags & ~(PKCS11_CKFSS_RW_SESSION | PKCS11_CKFSS_SERIAL_SESSION))
		return PKCS11_CKR_ARGUMENTS_BAD;
	if (!(flags & PKCS11_CKFSS_SERIAL_SESSION))
		return PKCS11_CKR_SESSION_PARALLEL_NOT_SUPPORTED;
	if (!(flags & PKCS11_CKFSS_RW_SESSION) && c->login[t->id] == LOGIN_SO)
		return PKCS11_CKR_SESSION_READ_WRITE_SO_EXISTS;

	s = TEE_Malloc(sizeof(*s), TEE_MALLOC_FILL_ZERO);
	if (!s)
		return PKCS11_CKR_DEVICE_MEMORY;
	s->client = c;
	s->token = t;
	s->rw = flags & PKCS11_CKFSS_RW_SESSION;
	s->handle = handle_put(&c->sessions, s);
	if (!s->handle) {
		TEE_Free(s);
		return PKCS11_CKR_DEVICE_MEMORY;
	}
	t->session_count++;
	if (s->rw)
		t->rw_session_count++;
	put_u32(PARAM_BUF(2), s->handle);
	return PKCS11_CKR_OK;
}

/* Control arguments starting with a session handle. */
static enum pkcs11_rc get_session_arg(struct pkcs11_client *c,
				      struct serialargs *a,
				      struct pkcs11_session **s)
{
	uint32_t h = 0;

	if (serialargs_get_u32(a, &h))
		return PKCS11_CKR_ARGUMENTS_BAD;
	*s = get_session(c, h);
	return *s ? PKCS11_CKR_OK : PKCS11_CKR_SESSION_HANDLE_INVALID;
}

PKCS11_HANDLER(entry_ck_close_session)
{
	struct pkcs11_session *s = NULL;
	struct serialargs a;
	enum pkcs11_rc rc;

	if (ptypes != CTRL_TYPES)
		return PKCS11_CKR_ARGUMENTS_BAD;
	ctrl_args(&a, params);
	rc = get_session_arg(c, &a, &s);
	if (rc == PKCS11_CKR_OK && serialargs_remaining_bytes(&a))
		rc = PKCS11_CKR_ARGUMENTS_BAD;
	if (rc)
		return rc;
	close_session(s);
	return PKCS11_CKR_OK;
}

PKCS11_HANDLER(entry_ck_close_all_sessions)
{
	struct serialargs a;
	struct ck_token *t;
	uint32_t slot = 0, h;

	if (ptypes != CTRL_TYPES)
		return PKCS11_CKR_ARGUMENTS_BAD;
	ctrl_args(&a, params);
	if (serialargs_get_u32(&a, &slot) || serialargs_remaining_bytes(&a))
		return PKCS11_CKR_ARGUMENTS_BAD;
	t = get_token(slot);
	if (!t)
		return PKCS11_CKR_SLOT_ID_INVALID;
	for (h = 1; h <= c->sessions.count; h++) {
		struct pkcs11_session *s = handle_get(&c->sessions, h);

		if (s && s->token == t)
			close_session(s);
	}
	return PKCS11_CKR_OK;
}

PKCS11_HANDLER(entry_ck_session_info)
{
	struct pkcs11_session *s = NULL;
	struct serialargs a;
	uint8_t *out = PARAM_BUF(2);
	enum pkcs11_rc rc;

	if (ptypes != OUT_TYPES ||
	    PARAM_SIZE(2) != sizeof(struct pkcs11_session_info))
		return PKCS11_CKR_ARGUMENTS_BAD;
	ctrl_args(&a, params);
	rc = get_session_arg(c, &a, &s);
	if (rc == PKCS11_CKR_OK && serialargs_remaining_bytes(&a))
		rc = PKCS11_CKR_ARGUMENTS_BAD;
	if (rc)
		return rc;
	put_u32(out, s->token->id);
	put_u32(out + 4, session_state(s));
	put_u32(out + 8, PKCS11_CKFSS_SERIAL_SESSION |
				 (s->rw ? PKCS11_CKFSS_RW_SESSION : 0));
	put_u32(out + 12, 0);
	return PKCS11_CKR_OK;
}

static enum pkcs11_rc login_so(struct pkcs11_session *s, const uint8_t *pin,
			       uint32_t len)
{
	struct pkcs11_client *c = s->client;
	enum pkcs11_rc rc;

	if (c->login[s->token->id] == LOGIN_SO)
		return PKCS11_CKR_USER_ALREADY_LOGGED_IN;
	if (c->login[s->token->id] == LOGIN_USER)
		return PKCS11_CKR_USER_ANOTHER_ALREADY_LOGGED_IN;
	if (client_has_session(c, s->token, true))
		return PKCS11_CKR_SESSION_READ_ONLY_EXISTS;
	rc = check_pin(s->token, PKCS11_CKU_SO, pin, len);
	if (rc == PKCS11_CKR_OK)
		c->login[s->token->id] = LOGIN_SO;
	return rc;
}

static enum pkcs11_rc login_user(struct pkcs11_session *s, const uint8_t *pin,
				 uint32_t len)
{
	struct pkcs11_client *c = s->client;
	enum pkcs11_rc rc;

	if (c->login[s->token->id] == LOGIN_SO)
		return PKCS11_CKR_USER_ANOTHER_ALREADY_LOGGED_IN;
	if (c->login[s->token->id] == LOGIN_USER)
		return PKCS11_CKR_USER_ALREADY_LOGGED_IN;
	if (!(s->token->db.flags & PKCS11_CKFT_USER_PIN_INITIALIZED))
		return PKCS11_CKR_USER_PIN_NOT_INITIALIZED;
	rc = check_pin(s->token, PKCS11_CKU_USER, pin, len);
	if (rc == PKCS11_CKR_OK)
		c->login[s->token->id] = LOGIN_USER;
	return rc;
}

PKCS11_HANDLER(entry_ck_login)
{
	struct pkcs11_session *s = NULL;
	const void *pin = NULL;
	struct serialargs a;
	uint32_t user = 0, len = 0;
	enum pkcs11_rc rc;

	if (ptypes != CTRL_TYPES)
		return PKCS11_CKR_ARGUMENTS_BAD;
	ctrl_args(&a, params);
	rc = get_session_arg(c, &a, &s);
	if (rc == PKCS11_CKR_ARGUMENTS_BAD)
		return rc;
	if (serialargs_get_u32(&a, &user) || serialargs_get_u32(&a, &len) ||
	    serialargs_get_ptr(&a, &pin, len) || serialargs_remaining_bytes(&a))
		return PKCS11_CKR_ARGUMENTS_BAD;
	if (rc)
		return rc;
	switch (user) {
	case PKCS11_CKU_SO:
		return login_so(s, pin, len);
	case PKCS11_CKU_USER:
		return login_user(s, pin, len);
	case PKCS11_CKU_CONTEXT_SPECIFIC:
		/* No operation here ever asks for re-authentication. */
		return PKCS11_CKR_OPERATION_NOT_INITIALIZED;
	default:
		return PKCS11_CKR_USER_TYPE_INVALID;
	}
}

PKCS11_HANDLER(entry_ck_logout)
{
	struct pkcs11_session *s = NULL;
	struct serialargs a;
	enum pkcs11_rc rc;
	uint32_t h;

	if (ptypes != CTRL_TYPES)
		return PKCS11_CKR_ARGUMENTS_BAD;
	ctrl_args(&a, params);
	rc = get_session_arg(c, &a, &s);
	if (rc == PKCS11_CKR_OK && serialargs_remaining_bytes(&a))
		rc = PKCS11_CKR_ARGUMENTS_BAD;
	if (rc)
		return rc;
	if (c->login[s->token->id] == LOGIN_PUBLIC)
		return PKCS11_CKR_USER_NOT_LOGGED_IN;
	/* Private session objects go; private token objects hide. */
	for (h = 1; h <= c->sessions.count; h++) {
		struct pkcs11_session *o = handle_get(&c->sessions, h);

		if (o && o->token == s->token) {
			session_find_release(o);
			session_processing_release(o);
			asymm_release(o);
			session_objects_release(o, true);
		}
	}
	c->login[s->token->id] = LOGIN_PUBLIC;
	return PKCS11_CKR_OK;
}

static enum pkcs11_rc set_user_pin(struct ck_token *t, const uint8_t *pin,
				   uint32_t len)
{
	enum pkcs11_rc rc;

	rc = hash_pin(PKCS11_CKU_USER, pin, len, &t->db.user_pin_salt,
		      t->db.user_pin_hash);
	if (rc)
		return rc;
	t->db.user_pin_count = 0;
	t->db.flags |= PKCS11_CKFT_USER_PIN_INITIALIZED;
	t->db.flags &=
		~(PKCS11_CKFT_USER_PIN_COUNT_LOW |
		  PKCS11_CKFT_USER_PIN_FINAL_TRY | PKCS11_CKFT_USER_PIN_LOCKED |
		  PKCS11_CKFT_USER_PIN_TO_BE_CHANGED);
	return update_persistent_db(t);
}

PKCS11_HANDLER(entry_ck_init_pin)
{
	struct pkcs11_session *s = NULL;
	const void *pin = NULL;
	struct serialargs a;
	uint32_t len = 0;
	enum pkcs11_rc rc;

	if (ptypes != CTRL_TYPES)
		return PKCS11_CKR_ARGUMENTS_BAD;
	ctrl_args(&a, params);
	rc = get_session_arg(c, &a, &s);
	if (rc == PKCS11_CKR_ARGUMENTS_BAD)
		return rc;
	if (serialargs_get_u32(&a, &len) || serialargs_get_ptr(&a, &pin, len) ||
	    serialargs_remaining_bytes(&a))
		return PKCS11_CKR_ARGUMENTS_BAD;
	if (rc)
		return rc;
	if (!s->rw)
		return PKCS11_CKR_SESSION_READ_ONLY;
	if (!session_is_so(s))
		return PKCS11_CKR_USER_NOT_LOGGED_IN;
	if (len < PKCS11_PIN_MIN_LEN || len > PKCS11_PIN_MAX_LEN)
		return PKCS11_CKR_PIN_LEN_RANGE;
	return set_user_pin(s->token, pin, len);
}

PKCS11_HANDLER(entry_ck_set_pin)
{
	struct pkcs11_session *s = NULL;
	const void *old = NULL, *new = NULL;
	uint32_t old_len = 0, new_len = 0;
	struct serialargs a;
	struct ck_token *t;
	enum pkcs11_rc rc;

	if (ptypes != CTRL_TYPES)
		return PKCS11_CKR_ARGUMENTS_BAD;
	ctrl_args(&a, params);
	rc = get_session_arg(c, &a, &s);
	if (rc == PKCS11_CKR_ARGUMENTS_BAD)
		return rc;
	if (serialargs_get_u32(&a, &old_len) ||
	    serialargs_get_u32(&a, &new_len) ||
	    serialargs_get_ptr(&a, &old, old_len) ||
	    serialargs_get_ptr(&a, &new, new_len) ||
	    serialargs_remaining_bytes(&a))
		return PKCS11_CKR_ARGUMENTS_BAD;
	if (rc)
		return rc;
	if (!s->rw)
		return PKCS11_CKR_SESSION_READ_ONLY;
	if (new_len < PKCS11_PIN_MIN_LEN || new_len > PKCS11_PIN_MAX_LEN)
		return PKCS11_CKR_PIN_LEN_RANGE;
	t = s->token;
	if (session_is_so(s)) {
		rc = check_pin(t, PKCS11_CKU_SO, old, old_len);
		if (rc)
			return rc;
		rc = hash_pin(PKCS11_CKU_SO, new, new_len, &t->db.so_pin_salt,
			      t->db.so_pin_hash);
		if (rc)
			return rc;
		t->db.flags &= ~PKCS11_CKFT_SO_PIN_TO_BE_CHANGED;
		return update_persistent_db(t);
	}
	if (!(t->db.flags & PKCS11_CKFT_USER_PIN_INITIALIZED))
		return PKCS11_CKR_GENERAL_ERROR;
	rc = check_pin(t, PKCS11_CKU_USER, old, old_len);
	if (rc)
		return rc;
	return set_user_pin(t, new, new_len);
}
