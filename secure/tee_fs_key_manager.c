// SPDX-License-Identifier: BSD-2-Clause
/*
 * TSK derivation and FEK wrapping (tee_fs_key_manager.h), with OP-TEE's
 * algorithms so that the same HUK gives the same keys.
 */
#include <string.h>
#include <sys/random.h>

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "tee_fs_key_manager.h"

/* The TEE_UUID memory layout on a little-endian machine, made explicit. */
static void uuid_mem_bytes(uint8_t out[16], const TEE_UUID *u)
{
	out[0] = (uint8_t)u->timeLow;
	out[1] = (uint8_t)(u->timeLow >> 8);
	out[2] = (uint8_t)(u->timeLow >> 16);
	out[3] = (uint8_t)(u->timeLow >> 24);
	out[4] = (uint8_t)u->timeMid;
	out[5] = (uint8_t)(u->timeMid >> 8);
	out[6] = (uint8_t)u->timeHiAndVersion;
	out[7] = (uint8_t)(u->timeHiAndVersion >> 8);
	memcpy(out + 8, u->clockSeqAndNode, 8);
}

TEE_Result tee_fs_tsk_derive(const uint8_t ssk[TEE_FS_KM_SSK_SIZE],
			     const TEE_UUID *uuid,
			     uint8_t tsk[TEE_FS_KM_TSK_SIZE])
{
	uint8_t msg[16] = {0};
	size_t msg_len = 1;
	unsigned int len = TEE_FS_KM_TSK_SIZE;

	if (uuid) {
		uuid_mem_bytes(msg, uuid);
		msg_len = sizeof(msg);
	}
	if (!HMAC(EVP_sha256(), ssk, TEE_FS_KM_SSK_SIZE, msg, msg_len, tsk,
		  &len) ||
	    len != TEE_FS_KM_TSK_SIZE)
		return TEE_ERROR_GENERIC;
	return TEE_SUCCESS;
}

TEE_Result tee_fs_fek_crypt(const uint8_t tsk[TEE_FS_KM_TSK_SIZE], bool encrypt,
			    const uint8_t in[TEE_FS_KM_FEK_SIZE],
			    uint8_t out[TEE_FS_KM_FEK_SIZE])
{
	TEE_Result res = TEE_ERROR_GENERIC;
	EVP_CIPHER_CTX *ctx;
	int len = 0;

	ctx = EVP_CIPHER_CTX_new();
	if (!ctx)
		return TEE_ERROR_GENERIC;
	if (EVP_CipherInit_ex(ctx, EVP_aes_256_ecb(), NULL, tsk, NULL,
			      encrypt) != 1)
		goto out;
	EVP_CIPHER_CTX_set_padding(ctx, 0);
	if (EVP_CipherUpdate(ctx, out, &len, in, TEE_FS_KM_FEK_SIZE) != 1 ||
	    len != TEE_FS_KM_FEK_SIZE)
		goto out;
	res = TEE_SUCCESS;
out:
	EVP_CIPHER_CTX_free(ctx);
	return res;
}

TEE_Result tee_fs_fek_generate(const uint8_t tsk[TEE_FS_KM_TSK_SIZE],
			       uint8_t fek[TEE_FS_KM_FEK_SIZE],
			       uint8_t enc_fek[TEE_FS_KM_FEK_SIZE])
{
	if (getrandom(fek, TEE_FS_KM_FEK_SIZE, 0) != TEE_FS_KM_FEK_SIZE)
		return TEE_ERROR_GENERIC;
	return tee_fs_fek_crypt(tsk, true, fek, enc_fek);
}
