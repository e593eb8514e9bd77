/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libckteec's link to the PKCS#11 TA: one TEE context and session per
 * process, and OP-TEE's invocation convention (ABI-FACTS-INTERNAL §6.2).
 */
#ifndef CKTEEC_INVOKE_TA_H
#define CKTEEC_INVOKE_TA_H

#include <stddef.h>
#include <stdint.h>

#include "pkcs11_ta.h"
#include "serializer.h"

#include <p11-kit/pkcs11.h>

/**
 * ckteec_open() - open the TEE context and the session to the TA (login
 * from $CKTEEC_LOGIN_TYPE: public, user or group with $CKTEEC_LOGIN_GID),
 * then PING it
 * Return: CKR_OK, or CKR_DEVICE_ERROR on any failure
 */
CK_RV ckteec_open(void);

/** ckteec_close() - close the session and the context. */
void ckteec_close(void);

/** ckteec_is_open() - Return: true between ckteec_open() and close. */
int ckteec_is_open(void);

/**
 * ckteec_invoke() - run command @cmd of the TA
 * @cmd:	PKCS11_CMD_*
 * @ctrl:	the serialized control arguments (at least 4 bytes: the TA
 *		writes its rc over them)
 * @ctrl_size:	their size
 * @in:		input data (param[1]) or NULL
 * @in_size:	its size
 * @out:	output buffer (param[2]) or NULL: a 0-byte OUTPUT memref then
 *		(a size query), unless @out_size is NULL too (no param[2])
 * @out_size:	in: room in @out; out: the size the TA answered (on CKR_OK
 *		and CKR_BUFFER_TOO_SMALL)
 * Return: the TA's rc; CKR_BUFFER_TOO_SMALL for TEEC_ERROR_SHORT_BUFFER,
 * CKR_DEVICE_MEMORY for TEEC_ERROR_OUT_OF_MEMORY, else CKR_GENERAL_ERROR
 * when the TEE call itself failed
 */
CK_RV ckteec_invoke(uint32_t cmd, void *ctrl, size_t ctrl_size, const void *in,
		    size_t in_size, void *out, size_t *out_size);

/**
 * ckteec_invoke_in2() - run command @cmd of the TA with a second input
 * in param[2] (the signature of VERIFY_FINAL and VERIFY_ONESHOT)
 * @cmd:	PKCS11_CMD_*
 * @ctrl:	the serialized control arguments (at least 4 bytes)
 * @ctrl_size:	their size
 * @in:		input data (param[1]) or NULL
 * @in_size:	its size
 * @in2:	the second input (param[2], INPUT)
 * @in2_size:	its size
 * Return: the TA's rc, or as ckteec_invoke() when the TEE call failed
 */
CK_RV ckteec_invoke_in2(uint32_t cmd, void *ctrl, size_t ctrl_size,
			const void *in, size_t in_size, const void *in2,
			size_t in2_size);

/**
 * struct ctrl_buf - a control argument buffer being built
 * @buf:	the bytes
 * @size:	bytes used
 * @failed:	an allocation failed
 */
struct ctrl_buf {
	uint8_t *buf;
	size_t size;
	int failed;
};

/** ctrl_put() - append @size bytes at @p to @c. */
void ctrl_put(struct ctrl_buf *c, const void *p, size_t size);
/** ctrl_put_u32() - append a little-endian u32 to @c. */
void ctrl_put_u32(struct ctrl_buf *c, uint32_t v);
/** ctrl_release() - free @c's bytes. */
void ctrl_release(struct ctrl_buf *c);

/**
 * ctrl_invoke() - ckteec_invoke() with @c as control arguments, which are
 * then released
 * Return: as ckteec_invoke(), or CKR_HOST_MEMORY if @c failed to grow
 */
CK_RV ctrl_invoke(uint32_t cmd, struct ctrl_buf *c, const void *in,
		  size_t in_size, void *out, size_t *out_size);

/**
 * serialize_ck_template() - append a CK_ATTRIBUTE template in the TA's
 * format to @c: CK_ULONG attributes become u32, the rest is copied
 * @c:		the control buffer
 * @tpl:	the attributes
 * @count:	how many
 * @query:	GET_ATTRIBUTE_VALUE: NULL pValue sends a 0-size slot
 * Return: CKR_OK, CKR_ARGUMENTS_BAD or CKR_ATTRIBUTE_VALUE_INVALID
 */
CK_RV serialize_ck_template(struct ctrl_buf *c, CK_ATTRIBUTE_PTR tpl,
			    CK_ULONG count, int query);

/**
 * ck_attr_is_ulong() - Return: true if attribute @id is a CK_ULONG that
 * travels as a u32
 */
int ck_attr_is_ulong(CK_ATTRIBUTE_TYPE id);

#endif
