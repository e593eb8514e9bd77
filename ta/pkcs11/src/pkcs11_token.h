/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The PKCS#11 TA's state: tokens (persisted in trusted storage), clients
 * (one per TEE session), PKCS#11 sessions and objects, and the command
 * handlers entry.c dispatches to.  Modelled on OP-TEE's ta/pkcs11
 * (pkcs11_token.h, object.h, handle.h).
 */
#ifndef PKCS11_TA_TOKEN_H
#define PKCS11_TA_TOKEN_H

#include <stdbool.h>
#include <stdint.h>
#include <tee_internal_api.h>

#include "pkcs11_ta.h"
#include "serializer.h"

#define PKCS11_PIN_HASH_SIZE 64

/*
 * struct token_persistent_main - a token's record in trusted storage, as
 * OP-TEE's (184 bytes, ABI-FACTS-INTERNAL §6.10); the list of token
 * object UUIDs follows it in the same persistent object.
 */
struct token_persistent_main {
	uint32_t version;
	uint8_t label[PKCS11_TOKEN_LABEL_SIZE];
	uint32_t flags;
	uint32_t so_pin_count;
	uint32_t so_pin_salt;
	uint8_t so_pin_hash[PKCS11_PIN_HASH_SIZE];
	uint32_t user_pin_count;
	uint32_t user_pin_salt;
	uint8_t user_pin_hash[PKCS11_PIN_HASH_SIZE];
};

struct pkcs11_session;
struct asymm_op;
struct proc_state;

/**
 * struct pkcs11_object - an object: its serialized attributes
 * @next:	next object of the same list (token's or session's)
 * @attrs:	the attributes (pkcs11_object_head format)
 * @uuid:	its trusted storage id (token objects)
 * @session:	the session that owns it (session objects), else NULL
 */
struct pkcs11_object {
	struct pkcs11_object *next;
	struct pkcs11_tpl attrs;
	TEE_UUID uuid;
	struct pkcs11_session *session;
};

/**
 * struct ck_token - one token (slot id = token id)
 * @id:		token id
 * @db:		its persistent record
 * @objects:	its token objects
 * @session_count: open sessions, all clients
 * @rw_session_count: open R/W sessions, all clients
 */
struct ck_token {
	uint32_t id;
	struct token_persistent_main db;
	struct pkcs11_object *objects;
	uint32_t session_count;
	uint32_t rw_session_count;
};

/** struct handle_db - handles 1…n mapping to pointers (0 is invalid) */
struct handle_db {
	void **ptr;
	uint32_t count;
};

enum pkcs11_login {
	LOGIN_PUBLIC,
	LOGIN_USER,
	LOGIN_SO,
};

/**
 * struct pkcs11_client - a TEE session of the TA
 * @next:	next client
 * @sessions:	its PKCS#11 sessions by handle
 * @objects:	the object handles it was given
 * @login:	its login state per token
 */
struct pkcs11_client {
	struct pkcs11_client *next;
	struct handle_db sessions;
	struct handle_db objects;
	enum pkcs11_login login[PKCS11_TOKEN_COUNT];
};

/**
 * struct pkcs11_session - a PKCS#11 session
 * @handle:	its handle in the client's table
 * @client:	its client
 * @token:	its token
 * @rw:		opened R/W
 * @objects:	its session objects
 * @find_active: FIND_OBJECTS_INIT done and not finalised
 * @found:	object handles found
 * @found_count: how many
 * @found_next: next to return
 * @proc_cmd:	the INIT command of the operation running, or 0
 * @proc_op:	its GP operation
 * @proc_pending: bytes of an incomplete block it holds
 * @asymm:	its RSA or ECDSA signature operation (processing_asymm.c)
 * @proc_state:	what else it keeps (struct proc_state, processing.h)
 */
struct pkcs11_session {
	uint32_t handle;
	struct pkcs11_client *client;
	struct ck_token *token;
	bool rw;
	struct pkcs11_object *objects;
	bool find_active;
	uint32_t *found;
	uint32_t found_count;
	uint32_t found_next;
	uint32_t proc_cmd;
	TEE_OperationHandle proc_op;
	uint32_t proc_pending;
	struct asymm_op *asymm;
	struct proc_state *proc_state;
};

/*
 * handle.c
 */
/** handle_put() - Return: the smallest free handle of @db for @p, or 0. */
uint32_t handle_put(struct handle_db *db, void *p);
/** handle_get() - Return: what handle @h of @db maps to, or NULL. */
void *handle_get(struct handle_db *db, uint32_t h);
/** handle_lookup() - Return: the handle of @p in @db, or 0. */
uint32_t handle_lookup(struct handle_db *db, void *p);
/** handle_remove() - free handle @h of @db. */
void handle_remove(struct handle_db *db, uint32_t h);
/** handle_db_release() - free the table of @db. */
void handle_db_release(struct handle_db *db);

/*
 * token.c: tokens and their persistence
 */
/**
 * pkcs11_tokens_init() - load (or create) every token's record and objects
 * Return: TEE_SUCCESS or the storage error
 */
TEE_Result pkcs11_tokens_init(void);
/** get_token() - Return: token @id, or NULL if there is none. */
struct ck_token *get_token(uint32_t id);
/**
 * update_persistent_db() - write @token's record and object list
 * Return: PKCS11_CKR_OK or PKCS11_CKR_DEVICE_ERROR
 */
enum pkcs11_rc update_persistent_db(struct ck_token *token);
/**
 * token_objects_clear() - destroy all @token's token objects (INIT_TOKEN)
 * Return: PKCS11_CKR_OK or an error of the storage
 */
enum pkcs11_rc token_objects_clear(struct ck_token *token);

/*
 * pin.c: PIN hashing and checking with OP-TEE's counters
 */
/**
 * hash_pin() - a fresh salt and SHA-256(user ‖ salt ‖ PIN), zero-padded
 * @user:	PKCS11_CKU_SO or PKCS11_CKU_USER
 * @pin:	the PIN
 * @len:	its length
 * @salt:	set to a random non-zero salt
 * @hash:	set to the hash
 * Return: PKCS11_CKR_OK or PKCS11_CKR_GENERAL_ERROR
 */
enum pkcs11_rc hash_pin(uint32_t user, const uint8_t *pin, uint32_t len,
			uint32_t *salt, uint8_t hash[PKCS11_PIN_HASH_SIZE]);
/**
 * check_pin() - check a PIN of @token against its record, counting tries
 * @token:	the token
 * @user:	PKCS11_CKU_SO or PKCS11_CKU_USER
 * @pin:	the PIN tried
 * @len:	its length
 * Return: PKCS11_CKR_OK, PKCS11_CKR_PIN_INCORRECT, PKCS11_CKR_PIN_LOCKED
 * or PKCS11_CKR_DEVICE_ERROR
 */
enum pkcs11_rc check_pin(struct ck_token *token, uint32_t user,
			 const uint8_t *pin, uint32_t len);

/*
 * session.c
 */
/** pkcs11_client_new() - Return: a new client, or NULL. */
struct pkcs11_client *pkcs11_client_new(void);
/** pkcs11_client_release() - close all of @c's sessions and free it. */
void pkcs11_client_release(struct pkcs11_client *c);
/** pkcs11_clients() - Return: the first client (the list). */
struct pkcs11_client *pkcs11_clients(void);
/**
 * get_session() - Return: @c's session @handle, or NULL
 */
struct pkcs11_session *get_session(struct pkcs11_client *c, uint32_t handle);
/** session_state() - Return: @s's CKS_* state. */
uint32_t session_state(struct pkcs11_session *s);
/** session_is_user() - Return: true if @s's client is user-logged-in. */
bool session_is_user(struct pkcs11_session *s);
/** session_is_so() - Return: true if @s's client is SO-logged-in. */
bool session_is_so(struct pkcs11_session *s);

/*
 * object.c
 */
/**
 * object_release() - free @obj (not its storage)
 */
void object_release(struct pkcs11_object *obj);
/**
 * object_forget() - remove @obj from every client's handle table
 */
void object_forget(struct pkcs11_object *obj);
/**
 * session_objects_release() - destroy @s's session objects (all, or only
 * the private ones if @private_only)
 */
void session_objects_release(struct pkcs11_session *s, bool private_only);
/** session_find_release() - end @s's object search. */
void session_find_release(struct pkcs11_session *s);
/**
 * object_get() - Return: object handle @h of @s's client if @s may use it
 * (on @s's token, not private unless the user is logged in), else NULL
 */
struct pkcs11_object *object_get(struct pkcs11_session *s, uint32_t h);

/*
 * processing.c
 */
/** session_processing_release() - end @s's operation, if any. */
void session_processing_release(struct pkcs11_session *s);

/*
 * Command handlers: @c the client, @ptypes the TEE parameter types,
 * @params the parameters.  Return: the PKCS#11 rc for the client.
 */
#define PKCS11_HANDLER(name)                                                   \
	enum pkcs11_rc name(struct pkcs11_client *c, uint32_t ptypes,          \
			    TEE_Param *params)

/** entry_ck_slot_list() - PKCS11_CMD_SLOT_LIST. Return: the rc. */
PKCS11_HANDLER(entry_ck_slot_list);
/** entry_ck_slot_info() - PKCS11_CMD_SLOT_INFO. Return: the rc. */
PKCS11_HANDLER(entry_ck_slot_info);
/** entry_ck_token_info() - PKCS11_CMD_TOKEN_INFO. Return: the rc. */
PKCS11_HANDLER(entry_ck_token_info);
/** entry_ck_token_initialize() - PKCS11_CMD_INIT_TOKEN. Return: the rc. */
PKCS11_HANDLER(entry_ck_token_initialize);
/** entry_ck_token_mecha_ids() - PKCS11_CMD_MECHANISM_IDS. Return: rc. */
PKCS11_HANDLER(entry_ck_token_mecha_ids);
/** entry_ck_token_mecha_info() - PKCS11_CMD_MECHANISM_INFO. Return: rc. */
PKCS11_HANDLER(entry_ck_token_mecha_info);
/** entry_ck_open_session() - PKCS11_CMD_OPEN_SESSION. Return: the rc. */
PKCS11_HANDLER(entry_ck_open_session);
/** entry_ck_close_session() - PKCS11_CMD_CLOSE_SESSION. Return: the rc. */
PKCS11_HANDLER(entry_ck_close_session);
/** entry_ck_close_all_sessions() - CLOSE_ALL_SESSIONS. Return: the rc. */
PKCS11_HANDLER(entry_ck_close_all_sessions);
/** entry_ck_session_info() - PKCS11_CMD_SESSION_INFO. Return: the rc. */
PKCS11_HANDLER(entry_ck_session_info);
/** entry_ck_init_pin() - PKCS11_CMD_INIT_PIN. Return: the rc. */
PKCS11_HANDLER(entry_ck_init_pin);
/** entry_ck_set_pin() - PKCS11_CMD_SET_PIN. Return: the rc. */
PKCS11_HANDLER(entry_ck_set_pin);
/** entry_ck_login() - PKCS11_CMD_LOGIN. Return: the rc. */
PKCS11_HANDLER(entry_ck_login);
/** entry_ck_logout() - PKCS11_CMD_LOGOUT. Return: the rc. */
PKCS11_HANDLER(entry_ck_logout);
/** entry_create_object() - PKCS11_CMD_CREATE_OBJECT. Return: the rc. */
PKCS11_HANDLER(entry_create_object);
/** entry_destroy_object() - PKCS11_CMD_DESTROY_OBJECT. Return: the rc. */
PKCS11_HANDLER(entry_destroy_object);
/** entry_generate_secret() - PKCS11_CMD_GENERATE_KEY. Return: the rc. */
PKCS11_HANDLER(entry_generate_secret);
/** entry_find_objects_init() - FIND_OBJECTS_INIT. Return: the rc. */
PKCS11_HANDLER(entry_find_objects_init);
/** entry_find_objects() - PKCS11_CMD_FIND_OBJECTS. Return: the rc. */
PKCS11_HANDLER(entry_find_objects);
/** entry_find_objects_final() - FIND_OBJECTS_FINAL. Return: the rc. */
PKCS11_HANDLER(entry_find_objects_final);
/** entry_get_object_size() - GET_OBJECT_SIZE. Return: the rc. */
PKCS11_HANDLER(entry_get_object_size);
/** entry_get_attribute_value() - GET_ATTRIBUTE_VALUE. Return: the rc. */
PKCS11_HANDLER(entry_get_attribute_value);
/** entry_ck_generate_random() - GENERATE_RANDOM. Return: the rc. */
PKCS11_HANDLER(entry_ck_generate_random);
/** entry_encrypt_init() - PKCS11_CMD_ENCRYPT_INIT. Return: the rc. */
PKCS11_HANDLER(entry_encrypt_init);
/** entry_decrypt_init() - PKCS11_CMD_DECRYPT_INIT. Return: the rc. */
PKCS11_HANDLER(entry_decrypt_init);
/** entry_encrypt_update() - ENCRYPT_UPDATE. Return: the rc. */
PKCS11_HANDLER(entry_encrypt_update);
/** entry_decrypt_update() - DECRYPT_UPDATE. Return: the rc. */
PKCS11_HANDLER(entry_decrypt_update);
/** entry_encrypt_final() - ENCRYPT_FINAL. Return: the rc. */
PKCS11_HANDLER(entry_encrypt_final);
/** entry_decrypt_final() - DECRYPT_FINAL. Return: the rc. */
PKCS11_HANDLER(entry_decrypt_final);
/** entry_encrypt_oneshot() - ENCRYPT_ONESHOT. Return: the rc. */
PKCS11_HANDLER(entry_encrypt_oneshot);
/** entry_decrypt_oneshot() - DECRYPT_ONESHOT. Return: the rc. */
PKCS11_HANDLER(entry_decrypt_oneshot);
/*
 * The HMAC and AES-CMAC signatures (processing_mac.c): processing_asymm.c's
 * entry_sign_*() and entry_verify_*() hand them every other mechanism.
 */
/** entry_mac_sign_init() - SIGN_INIT of a MAC. Return: the rc. */
PKCS11_HANDLER(entry_mac_sign_init);
/** entry_mac_verify_init() - VERIFY_INIT of a MAC. Return: the rc. */
PKCS11_HANDLER(entry_mac_verify_init);
/** entry_mac_sign_update() - SIGN_UPDATE of a MAC. Return: the rc. */
PKCS11_HANDLER(entry_mac_sign_update);
/** entry_mac_verify_update() - VERIFY_UPDATE of a MAC. Return: the rc. */
PKCS11_HANDLER(entry_mac_verify_update);
/** entry_mac_sign_final() - SIGN_FINAL of a MAC. Return: the rc. */
PKCS11_HANDLER(entry_mac_sign_final);
/** entry_mac_verify_final() - VERIFY_FINAL of a MAC. Return: the rc. */
PKCS11_HANDLER(entry_mac_verify_final);
/** entry_mac_sign_oneshot() - SIGN_ONESHOT of a MAC. Return: the rc. */
PKCS11_HANDLER(entry_mac_sign_oneshot);
/** entry_mac_verify_oneshot() - VERIFY_ONESHOT of a MAC. Return: rc. */
PKCS11_HANDLER(entry_mac_verify_oneshot);
/** entry_set_attribute_value() - SET_ATTRIBUTE_VALUE. Return: the rc. */
PKCS11_HANDLER(entry_set_attribute_value);
/** entry_copy_object() - PKCS11_CMD_COPY_OBJECT. Return: the rc. */
PKCS11_HANDLER(entry_copy_object);
/** entry_wrap_key() - PKCS11_CMD_WRAP_KEY. Return: the rc. */
PKCS11_HANDLER(entry_wrap_key);
/** entry_unwrap_key() - PKCS11_CMD_UNWRAP_KEY. Return: the rc. */
PKCS11_HANDLER(entry_unwrap_key);
/** entry_derive_key() - PKCS11_CMD_DERIVE_KEY. Return: the rc. */
PKCS11_HANDLER(entry_derive_key);
/** entry_digest_init() - PKCS11_CMD_DIGEST_INIT. Return: the rc. */
PKCS11_HANDLER(entry_digest_init);
/** entry_digest_key() - PKCS11_CMD_DIGEST_KEY. Return: the rc. */
PKCS11_HANDLER(entry_digest_key);
/** entry_digest_update() - DIGEST_UPDATE. Return: the rc. */
PKCS11_HANDLER(entry_digest_update);
/** entry_digest_final() - DIGEST_FINAL. Return: the rc. */
PKCS11_HANDLER(entry_digest_final);
/** entry_digest_oneshot() - DIGEST_ONESHOT. Return: the rc. */
PKCS11_HANDLER(entry_digest_oneshot);
/** entry_release_active_processing() - RELEASE_…. Return: the rc. */
PKCS11_HANDLER(entry_release_active_processing);
/** entry_generate_key_pair() - GENERATE_KEY_PAIR. Return: the rc. */
PKCS11_HANDLER(entry_generate_key_pair);

/*
 * mechanism.c
 */
/**
 * mechanism_keygen_check() - @mech generates secret keys of key type
 * @key_type, @bytes long, here
 * Return: PKCS11_CKR_OK, PKCS11_CKR_MECHANISM_INVALID,
 * PKCS11_CKR_KEY_SIZE_RANGE or PKCS11_CKR_TEMPLATE_INCONSISTENT
 */
enum pkcs11_rc mechanism_keygen_check(uint32_t mech, uint32_t key_type,
				      uint32_t bytes);

/** The memref of param @n (its buffer and size). */
#define PARAM_BUF(n)  (params[n].memref.buffer)
#define PARAM_SIZE(n) (params[n].memref.size)

/**
 * ctrl_args() - start reading the control arguments of param[0]
 * Return: nothing; @a reads param[0]'s input bytes
 */
void ctrl_args(struct serialargs *a, TEE_Param *params);

#endif
