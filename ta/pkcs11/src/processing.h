/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the processing files share: the state of a session's running
 * operation beyond its GP operation handle, the key loading and checks,
 * and the step plumbing (which data memrefs a step has).
 */
#ifndef PKCS11_TA_PROCESSING_H
#define PKCS11_TA_PROCESSING_H

#include "pkcs11_token.h"

#define AES_BLOCK 16

/**
 * struct proc_state - what an operation keeps between its steps
 * @mech:	its mechanism
 * @buf:	GCM decryption: the data so far (the tag is its end)
 * @len:	bytes in @buf
 * @block:	CBC-PAD decryption: bytes held back (the last block may be
 *		padding), plaintext once @block_plain
 * @block_len:	bytes in @block
 * @block_plain: @block was decrypted and its padding checked
 * @tag_len:	GCM: tag bytes
 * @mac_len:	MAC signatures: bytes of the signature (_GENERAL: asked)
 * @mac_full:	MAC signatures: bytes the algorithm makes
 */
struct proc_state {
	uint32_t mech;
	uint8_t *buf;
	size_t len;
	uint8_t block[AES_BLOCK];
	size_t block_len;
	bool block_plain;
	uint32_t tag_len;
	uint32_t mac_len;
	uint32_t mac_full;
};

/**
 * struct proc_io - the data memrefs of a step
 * @in:		param[1] (NULL if NONE)
 * @in_len:	its size
 * @out:	param[2] as output (NULL if NONE or a size query)
 * @out_len:	in: its room; out: the size answered
 * @has_out:	param[2] is an OUTPUT memref
 * @in2:	param[2] as input (the signature VERIFY_* checks)
 * @in2_len:	its size
 */
struct proc_io {
	const uint8_t *in;
	size_t in_len;
	uint8_t *out;
	size_t out_len;
	bool has_out;
	const uint8_t *in2;
	size_t in2_len;
};

/**
 * proc_key_load() - a GP operation for @alg keyed with @key's CKA_VALUE
 * @key:	the key object (a secret key)
 * @alg:	TEE_ALG_*
 * @mode:	TEE_MODE_*
 * @obj_type:	TEE_TYPE_* of the key for @alg
 * @op:		set to the operation
 * Return: PKCS11_CKR_OK, PKCS11_CKR_KEY_SIZE_RANGE if GP refuses the
 * key's size for @alg, PKCS11_CKR_DEVICE_MEMORY
 */
enum pkcs11_rc proc_key_load(struct pkcs11_object *key, uint32_t alg,
			     uint32_t mode, uint32_t obj_type,
			     TEE_OperationHandle *op);

/**
 * proc_key_check() - may @key of @s do @usage with a key of @type?
 * @key:	the key object
 * @usage:	PKCS11_CKA_ENCRYPT, _DECRYPT, _SIGN or _VERIFY
 * @type:	the key type the mechanism needs
 * @alt:	another key type it takes (PKCS11_CKK_GENERIC_SECRET for
 *		HMAC), or @type
 * Return: PKCS11_CKR_OK, PKCS11_CKR_KEY_TYPE_INCONSISTENT or
 * PKCS11_CKR_KEY_FUNCTION_NOT_PERMITTED
 */
enum pkcs11_rc proc_key_check(struct pkcs11_object *key, uint32_t usage,
			      uint32_t type, uint32_t alt);

/**
 * proc_init_args() - parse an INIT command's control arguments
 * @params:	the TEE parameters
 * @has_key:	a key handle follows the session handle (not DIGEST_INIT)
 * @sh:		set to the session handle
 * @kh:		set to the key handle
 * @mech:	set to the mechanism id
 * @param:	set to its parameter blob
 * @psize:	set to the blob's size
 * Return: PKCS11_CKR_OK or PKCS11_CKR_ARGUMENTS_BAD
 */
enum pkcs11_rc proc_init_args(TEE_Param *params, bool has_key, uint32_t *sh,
			      uint32_t *kh, uint32_t *mech, const void **param,
			      uint32_t *psize);

/**
 * proc_start() - make @op and @st the running operation of @s
 * Return: nothing; @s owns both from here
 */
void proc_start(struct pkcs11_session *s, uint32_t cmd, TEE_OperationHandle op,
		struct proc_state *st);

/**
 * proc_step_session() - the session a step command names, with its data
 * @c:		the client
 * @ptypes:	the TEE parameter types
 * @params:	the TEE parameters
 * @init:	the INIT command the step belongs to
 * @io:		set to the step's data
 * @rc:		set to the rc to answer if NULL is returned
 * Return: the session, or NULL
 */
struct pkcs11_session *proc_step_session(struct pkcs11_client *c,
					 uint32_t ptypes, TEE_Param *params,
					 uint32_t init, struct proc_io *io,
					 enum pkcs11_rc *rc);

/**
 * proc_step_done() - end a step: answer the output size, end the
 * operation unless @rc and @last say it goes on
 * @s:		the session
 * @params:	the TEE parameters (param[2]'s size is set)
 * @io:		the step's data
 * @rc:		the step's rc
 * @last:	a FINAL or ONESHOT step
 * Return: @rc
 */
enum pkcs11_rc proc_step_done(struct pkcs11_session *s, TEE_Param *params,
			      struct proc_io *io, enum pkcs11_rc rc, bool last);

/**
 * aes_gcm_start() - start AES-GCM operation @op with a CKM_AES_GCM
 * parameter blob (u32 IV length ‖ IV ‖ u32 AAD length ‖ AAD ‖ u32 tag
 * bits), the AAD fed
 * @op:		the AE operation, keyed
 * @p:		the blob
 * @size:	its size
 * @tag_len:	set to the tag's bytes
 * Return: PKCS11_CKR_OK, PKCS11_CKR_ARGUMENTS_BAD (malformed) or
 * PKCS11_CKR_MECHANISM_PARAM_INVALID (no IV, tag bits GP lacks)
 */
enum pkcs11_rc aes_gcm_start(TEE_OperationHandle op, const void *p,
			     uint32_t size, uint32_t *tag_len);

#endif
