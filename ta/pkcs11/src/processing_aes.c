// SPDX-License-Identifier: BSD-2-Clause
/*
 * AES encryption and decryption: ENCRYPT_INIT, DECRYPT_INIT and their
 * UPDATE, FINAL and ONESHOT steps, on the GP cipher and AE APIs, with
 * OP-TEE's mechanism parameters and processing rules (processing.c,
 * processing_symm.c; ABI-FACTS-INTERNAL §6.2, §6.8):
 *  - ECB (no parameter) and CBC (the 16-byte IV), no padding: data that
 *    is not whole blocks is DATA_LEN_RANGE (ENCRYPTED_DATA_LEN_RANGE);
 *  - CBC-PAD (the IV): PKCS#7 padding (PKCS#11 3.0 §2.10.x, RFC 5652
 *    §6.3); decryption holds the last block back until FINAL, as it may
 *    be the padding, and a bad padding is ENCRYPTED_DATA_INVALID;
 *  - CTR (u32 counter bits ‖ 16-byte counter block): OP-TEE takes only
 *    a counter bits value of 1 (else MECHANISM_PARAM_INVALID) and runs
 *    GP's AES-CTR, which increments the whole block;
 *  - GCM (u32 IV length ‖ IV ‖ u32 AAD length ‖ AAD ‖ u32 tag bits):
 *    encryption appends the tag at FINAL; decryption keeps the data until
 *    FINAL, which checks the tag (a wrong one: ENCRYPTED_DATA_INVALID,
 *    PKCS#11 3.0 §2.10.x) before any plaintext leaves.
 */
#include <string.h>
#include <tee_internal_api.h>

#include "object.h"
#include "processing.h"

enum step { STEP_UPDATE, STEP_FINAL, STEP_ONESHOT };

static enum pkcs11_rc len_range(struct pkcs11_session *s)
{
	return s->proc_cmd == PKCS11_CMD_ENCRYPT_INIT
		       ? PKCS11_CKR_DATA_LEN_RANGE
		       : PKCS11_CKR_ENCRYPTED_DATA_LEN_RANGE;
}

/* A size query or not room enough for @need: answer @need. */
static bool short_out(struct proc_io *io, size_t need, enum pkcs11_rc *rc)
{
	if (io->out_len >= need && (io->out || !need))
		return false;
	*rc = io->out ? PKCS11_CKR_BUFFER_TOO_SMALL : PKCS11_CKR_OK;
	io->out_len = need;
	return true;
}

static enum pkcs11_rc tee_rc(TEE_Result res)
{
	if (res == TEE_ERROR_MAC_INVALID)
		return PKCS11_CKR_ENCRYPTED_DATA_INVALID;
	if (res == TEE_ERROR_OUT_OF_MEMORY)
		return PKCS11_CKR_DEVICE_MEMORY;
	return res ? PKCS11_CKR_GENERAL_ERROR : PKCS11_CKR_OK;
}

/* GP cipher update of @len bytes into @out (room @room): @done grows. */
static TEE_Result feed(struct pkcs11_session *s, const void *in, size_t len,
		       uint8_t *out, size_t room, size_t *done)
{
	uint8_t dummy[AES_BLOCK];
	size_t n = room - *done;
	TEE_Result res;

	if (!len)
		return TEE_SUCCESS;
	res = TEE_CipherUpdate(s->proc_op, in, len, out ? out + *done : dummy,
			       &n);
	if (!res)
		*done += n;
	return res;
}

/* ECB, CBC: whole blocks only; GP keeps an incomplete one. */
static enum pkcs11_rc step_block(struct pkcs11_session *s, enum step step,
				 struct proc_io *io)
{
	size_t total = s->proc_pending + io->in_len, need, done = 0;
	enum pkcs11_rc rc;
	TEE_Result res;

	if (step != STEP_UPDATE && total % AES_BLOCK)
		return len_range(s);
	need = total / AES_BLOCK * AES_BLOCK;
	if (short_out(io, need, &rc))
		return rc;
	res = feed(s, io->in, io->in_len, io->out, io->out_len, &done);
	if (res)
		return tee_rc(res);
	s->proc_pending = total % AES_BLOCK;
	io->out_len = done;
	return PKCS11_CKR_OK;
}

/* CTR: a stream, as many bytes out as in. */
static enum pkcs11_rc step_ctr(struct pkcs11_session *s, struct proc_io *io)
{
	size_t done = 0;
	enum pkcs11_rc rc;
	TEE_Result res;

	if (short_out(io, io->in_len, &rc))
		return rc;
	res = feed(s, io->in, io->in_len, io->out, io->out_len, &done);
	io->out_len = done;
	return tee_rc(res);
}

/* CBC-PAD encryption: FINAL adds 1 to 16 bytes of value their count. */
static enum pkcs11_rc step_pad_enc(struct pkcs11_session *s, enum step step,
				   struct proc_io *io)
{
	size_t total = s->proc_pending + io->in_len, need, done = 0;
	uint8_t pad[AES_BLOCK];
	uint8_t n = AES_BLOCK - total % AES_BLOCK;
	enum pkcs11_rc rc;
	TEE_Result res;

	need = total / AES_BLOCK * AES_BLOCK;
	if (step != STEP_UPDATE)
		need += AES_BLOCK;
	if (short_out(io, need, &rc))
		return rc;
	res = feed(s, io->in, io->in_len, io->out, io->out_len, &done);
	if (!res && step != STEP_UPDATE) {
		memset(pad, n, n);
		res = feed(s, pad, n, io->out, io->out_len, &done);
	}
	if (res)
		return tee_rc(res);
	s->proc_pending = total % AES_BLOCK;
	io->out_len = done;
	return PKCS11_CKR_OK;
}

/* CBC-PAD decryption, UPDATE: all but the last 1 to 16 bytes go to GP. */
static enum pkcs11_rc pad_dec_update(struct pkcs11_session *s,
				     struct proc_io *io)
{
	struct proc_state *st = s->proc_state;
	size_t total = st->block_len + io->in_len, n, done = 0;
	enum pkcs11_rc rc;
	TEE_Result res;

	if (total <= AES_BLOCK) {
		if (short_out(io, 0, &rc))
			return rc;
		memcpy(st->block + st->block_len, io->in, io->in_len);
		st->block_len = total;
		io->out_len = 0;
		return PKCS11_CKR_OK;
	}
	n = (total - 1) / AES_BLOCK * AES_BLOCK;
	if (short_out(io, n, &rc))
		return rc;
	res = feed(s, st->block, st->block_len, io->out, io->out_len, &done);
	if (!res)
		res = feed(s, io->in, n - st->block_len, io->out, io->out_len,
			   &done);
	if (res)
		return tee_rc(res);
	memmove(st->block, io->in + n - st->block_len, total - n);
	st->block_len = total - n;
	io->out_len = done;
	return PKCS11_CKR_OK;
}

/* CBC-PAD decryption, FINAL: the held block, its padding checked once. */
static enum pkcs11_rc pad_dec_final(struct pkcs11_session *s,
				    struct proc_io *io)
{
	struct proc_state *st = s->proc_state;
	uint8_t plain[AES_BLOCK], n;
	size_t len = sizeof(plain), i;
	enum pkcs11_rc rc;

	if (!st->block_plain) {
		if (st->block_len != AES_BLOCK)
			return PKCS11_CKR_ENCRYPTED_DATA_LEN_RANGE;
		if (TEE_CipherDoFinal(s->proc_op, st->block, AES_BLOCK, plain,
				      &len))
			return PKCS11_CKR_GENERAL_ERROR;
		n = plain[AES_BLOCK - 1];
		if (!n || n > AES_BLOCK)
			return PKCS11_CKR_ENCRYPTED_DATA_INVALID;
		for (i = AES_BLOCK - n; i < AES_BLOCK; i++)
			if (plain[i] != n)
				return PKCS11_CKR_ENCRYPTED_DATA_INVALID;
		memcpy(st->block, plain, AES_BLOCK - n);
		st->block_len = AES_BLOCK - n;
		st->block_plain = true;
	}
	if (short_out(io, st->block_len, &rc))
		return rc;
	memcpy(io->out, st->block, st->block_len);
	io->out_len = st->block_len;
	return PKCS11_CKR_OK;
}

/*
 * CBC-PAD decryption, ONESHOT: a size query answers the input's size (a
 * bound, as PKCS#11 allows); room for all but the last block is needed
 * to start, and when the plaintext's last block then does not fit the
 * operation ends (its first blocks are spent).
 */
static enum pkcs11_rc pad_dec_oneshot(struct pkcs11_session *s,
				      struct proc_io *io)
{
	size_t total = s->proc_state->block_len + io->in_len, done;
	struct proc_io last = *io;
	enum pkcs11_rc rc;

	if (!total || total % AES_BLOCK)
		return PKCS11_CKR_ENCRYPTED_DATA_LEN_RANGE;
	if (short_out(io, total - AES_BLOCK + 1, &rc)) {
		io->out_len = total;
		return rc;
	}
	rc = pad_dec_update(s, io);
	if (rc)
		return rc;
	done = io->out_len;
	last.out = io->out + done;
	last.out_len -= done;
	rc = pad_dec_final(s, &last);
	io->out_len = done + last.out_len;
	if (rc == PKCS11_CKR_BUFFER_TOO_SMALL)
		session_processing_release(s);
	return rc;
}

static enum pkcs11_rc gcm_enc(struct pkcs11_session *s, enum step step,
			      struct proc_io *io)
{
	struct proc_state *st = s->proc_state;
	uint8_t tag[AES_BLOCK], dummy[AES_BLOCK];
	size_t need = io->in_len, n = 0, tl = sizeof(tag);
	uint8_t *out = io->out ? io->out : dummy;
	enum pkcs11_rc rc;
	TEE_Result res;

	if (step != STEP_UPDATE)
		need += st->tag_len;
	if (short_out(io, need, &rc))
		return rc;
	n = io->out_len;
	if (step == STEP_UPDATE)
		res = TEE_AEUpdate(s->proc_op, io->in, io->in_len, out, &n);
	else
		res = TEE_AEEncryptFinal(s->proc_op, io->in, io->in_len, out,
					 &n, tag, &tl);
	if (res)
		return tee_rc(res);
	if (step != STEP_UPDATE) {
		memcpy(out + n, tag, st->tag_len);
		n += st->tag_len;
	}
	io->out_len = n;
	return PKCS11_CKR_OK;
}

/* GCM decryption keeps everything: the tag is the data's last bytes. */
static enum pkcs11_rc gcm_keep(struct proc_state *st, struct proc_io *io)
{
	void *nb;

	if (!io->in_len)
		return PKCS11_CKR_OK;
	nb = TEE_Realloc(st->buf, st->len + io->in_len);
	if (!nb)
		return PKCS11_CKR_DEVICE_MEMORY;
	st->buf = nb;
	memcpy(st->buf + st->len, io->in, io->in_len);
	st->len += io->in_len;
	return PKCS11_CKR_OK;
}

static enum pkcs11_rc gcm_dec(struct pkcs11_session *s, enum step step,
			      struct proc_io *io)
{
	struct proc_state *st = s->proc_state;
	size_t total = st->len + io->in_len, n, need;
	uint8_t dummy[AES_BLOCK];
	enum pkcs11_rc rc;

	if (step == STEP_UPDATE) {
		io->out_len = 0;
		return gcm_keep(st, io);
	}
	if (total < st->tag_len)
		return PKCS11_CKR_ENCRYPTED_DATA_LEN_RANGE;
	need = total - st->tag_len;
	/* Sized before the data is kept: the query is asked again. */
	if (short_out(io, need, &rc))
		return rc;
	rc = gcm_keep(st, io);
	if (rc)
		return rc;
	n = io->out_len;
	rc = tee_rc(TEE_AEDecryptFinal(s->proc_op, st->buf, need,
				       io->out ? io->out : dummy, &n,
				       st->buf + need, st->tag_len));
	io->out_len = rc ? 0 : n;
	return rc;
}

static enum pkcs11_rc cipher_step(struct pkcs11_session *s, enum step step,
				  struct proc_io *io)
{
	const bool enc = s->proc_cmd == PKCS11_CMD_ENCRYPT_INIT;

	switch (s->proc_state->mech) {
	case PKCS11_CKM_AES_CTR:
		return step_ctr(s, io);
	case PKCS11_CKM_AES_GCM:
		return enc ? gcm_enc(s, step, io) : gcm_dec(s, step, io);
	case PKCS11_CKM_AES_CBC_PAD:
		if (enc)
			return step_pad_enc(s, step, io);
		if (step == STEP_UPDATE)
			return pad_dec_update(s, io);
		if (step == STEP_FINAL)
			return pad_dec_final(s, io);
		return pad_dec_oneshot(s, io);
	default:
		return step_block(s, step, io);
	}
}

/* CTR's parameter: counter bits (OP-TEE: 1 only), the counter block. */
static enum pkcs11_rc ctr_params(const void *p, uint32_t size, const void **iv)
{
	struct serialargs a;
	uint32_t bits = 0;

	serialargs_init(&a, p, size);
	if (serialargs_get_u32(&a, &bits) ||
	    serialargs_get_ptr(&a, iv, AES_BLOCK) ||
	    serialargs_remaining_bytes(&a))
		return PKCS11_CKR_ARGUMENTS_BAD;
	return bits == 1 ? PKCS11_CKR_OK : PKCS11_CKR_MECHANISM_PARAM_INVALID;
}

enum pkcs11_rc aes_gcm_start(TEE_OperationHandle op, const void *p,
			     uint32_t size, uint32_t *tag_len)
{
	uint32_t iv_len = 0, aad_len = 0, bits = 0;
	const void *iv = NULL, *aad = NULL;
	struct serialargs a;

	serialargs_init(&a, p, size);
	if (serialargs_get_u32(&a, &iv_len) ||
	    serialargs_get_ptr(&a, &iv, iv_len) ||
	    serialargs_get_u32(&a, &aad_len) ||
	    serialargs_get_ptr(&a, &aad, aad_len) ||
	    serialargs_get_u32(&a, &bits) || serialargs_remaining_bytes(&a))
		return PKCS11_CKR_ARGUMENTS_BAD;
	/* GP's GCM tags: 96 to 128 bits, whole bytes (Internal API 6.2.5). */
	if (!iv_len || bits < 96 || bits > 128 || bits % 8)
		return PKCS11_CKR_MECHANISM_PARAM_INVALID;
	if (TEE_AEInit(op, iv, iv_len, bits, aad_len, 0))
		return PKCS11_CKR_MECHANISM_PARAM_INVALID;
	if (aad_len)
		TEE_AEUpdateAAD(op, aad, aad_len);
	*tag_len = bits / 8;
	return PKCS11_CKR_OK;
}

static uint32_t aes_alg(uint32_t mech)
{
	switch (mech) {
	case PKCS11_CKM_AES_ECB:
		return TEE_ALG_AES_ECB_NOPAD;
	case PKCS11_CKM_AES_CBC:
	case PKCS11_CKM_AES_CBC_PAD:
		return TEE_ALG_AES_CBC_NOPAD;
	case PKCS11_CKM_AES_CTR:
		return TEE_ALG_AES_CTR;
	case PKCS11_CKM_AES_GCM:
		return TEE_ALG_AES_GCM;
	default:
		return 0;
	}
}

/* The parameter of @mech: the IV, checked; GCM's are used at start. */
static enum pkcs11_rc iv_of(uint32_t mech, const void *p, uint32_t size,
			    const void **iv, uint32_t *iv_len)
{
	*iv = p;
	*iv_len = size;
	switch (mech) {
	case PKCS11_CKM_AES_ECB:
		return size ? PKCS11_CKR_MECHANISM_PARAM_INVALID
			    : PKCS11_CKR_OK;
	case PKCS11_CKM_AES_CTR:
		*iv_len = AES_BLOCK;
		return ctr_params(p, size, iv);
	case PKCS11_CKM_AES_GCM:
		return PKCS11_CKR_OK;
	default:
		return size == AES_BLOCK ? PKCS11_CKR_OK
					 : PKCS11_CKR_MECHANISM_PARAM_INVALID;
	}
}

static enum pkcs11_rc cipher_start(struct pkcs11_session *s, uint32_t cmd,
				   struct pkcs11_object *key, uint32_t mech,
				   const void *param, uint32_t psize)
{
	const bool encrypt = cmd == PKCS11_CMD_ENCRYPT_INIT;
	TEE_OperationHandle op = TEE_HANDLE_NULL;
	const void *iv = NULL;
	uint32_t iv_len = 0;
	struct proc_state *st;
	enum pkcs11_rc rc;

	rc = iv_of(mech, param, psize, &iv, &iv_len);
	if (rc)
		return rc;
	st = TEE_Malloc(sizeof(*st), TEE_MALLOC_FILL_ZERO);
	if (!st)
		return PKCS11_CKR_DEVICE_MEMORY;
	st->mech = mech;
	rc = proc_key_load(key, aes_alg(mech),
			   encrypt ? TEE_MODE_ENCRYPT : TEE_MODE_DECRYPT,
			   TEE_TYPE_AES, &op);
	if (!rc && mech == PKCS11_CKM_AES_GCM)
		rc = aes_gcm_start(op, param, psize, &st->tag_len);
	else if (!rc)
		TEE_CipherInit(op, iv, iv_len);
	if (rc) {
		if (op)
			TEE_FreeOperation(op);
		TEE_Free(st);
		return rc;
	}
	proc_start(s, cmd, op, st);
	return PKCS11_CKR_OK;
}

static enum pkcs11_rc cipher_init(struct pkcs11_client *c, uint32_t ptypes,
				  TEE_Param *params, uint32_t cmd)
{
	const bool encrypt = cmd == PKCS11_CMD_ENCRYPT_INIT;
	uint32_t sh = 0, kh = 0, mech = 0, psize = 0;
	struct pkcs11_session *s = NULL;
	const void *param = NULL;
	struct pkcs11_object *key;
	enum pkcs11_rc rc;

	if (ptypes != TEE_PARAM_TYPES(TEE_PARAM_TYPE_MEMREF_INOUT,
				      TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE,
				      TEE_PARAM_TYPE_NONE))
		return PKCS11_CKR_ARGUMENTS_BAD;
	rc = proc_init_args(params, true, &sh, &kh, &mech, &param, &psize);
	if (rc)
		return rc;
	s = get_session(c, sh);
	if (!s)
		return PKCS11_CKR_SESSION_HANDLE_INVALID;
	if (s->proc_cmd)
		return PKCS11_CKR_OPERATION_ACTIVE;
	if (!aes_alg(mech))
		return PKCS11_CKR_MECHANISM_INVALID;
	key = object_get(s, kh);
	if (!key)
		return PKCS11_CKR_KEY_HANDLE_INVALID;
	rc = proc_key_check(key,
			    encrypt ? PKCS11_CKA_ENCRYPT : PKCS11_CKA_DECRYPT,
			    PKCS11_CKK_AES, PKCS11_CKK_AES);
	if (rc)
		return rc;
	return cipher_start(s, cmd, key, mech, param, psize);
}

PKCS11_HANDLER(entry_encrypt_init)
{
	return cipher_init(c, ptypes, params, PKCS11_CMD_ENCRYPT_INIT);
}

PKCS11_HANDLER(entry_decrypt_init)
{
	return cipher_init(c, ptypes, params, PKCS11_CMD_DECRYPT_INIT);
}

/* A step of the encrypt (@init ENCRYPT_INIT) or decrypt operation. */
static enum pkcs11_rc cipher_step_entry(struct pkcs11_client *c,
					uint32_t ptypes, TEE_Param *params,
					uint32_t init, enum step step)
{
	struct pkcs11_session *s;
	struct proc_io io;
	enum pkcs11_rc rc;

	s = proc_step_session(c, ptypes, params, init, &io, &rc);
	if (!s)
		return rc;
	if (io.in2 || (step == STEP_FINAL && io.in))
		rc = PKCS11_CKR_ARGUMENTS_BAD;
	else
		rc = cipher_step(s, step, &io);
	return proc_step_done(s, params, &io, rc, step != STEP_UPDATE);
}

#define CIPHER_STEP(name, init, step)                                          \
	PKCS11_HANDLER(name)                                                   \
	{                                                                      \
		return cipher_step_entry(c, ptypes, params, init, step);       \
	}

CIPHER_STEP(entry_encrypt_update, PKCS11_CMD_ENCRYPT_INIT, STEP_UPDATE)
CIPHER_STEP(entry_decrypt_update, PKCS11_CMD_DECRYPT_INIT, STEP_UPDATE)
CIPHER_STEP(entry_encrypt_final, PKCS11_CMD_ENCRYPT_INIT, STEP_FINAL)
CIPHER_STEP(entry_decrypt_final, PKCS11_CMD_DECRYPT_INIT, STEP_FINAL)
CIPHER_STEP(entry_encrypt_oneshot, PKCS11_CMD_ENCRYPT_INIT, STEP_ONESHOT)
CIPHER_STEP(entry_decrypt_oneshot, PKCS11_CMD_DECRYPT_INIT, STEP_ONESHOT)
