// SPDX-License-Identifier: BSD-2-Clause
/*
 * Fuzz target: the trusted OS's RPMB answer decoder and the RPMB FS on
 * top of it (secure/tee_rpmb.c, tee_rpmb_fs.c).  Every answer the
 * client gets comes from the input, as from a hostile tee-supplicant.
 *
 * Input: flags (1 byte), then the bytes answers are cut from, in turn.
 * Flag bit 0 makes the relay sign each data answer with the key the
 * client derives (fixed HUK, the CID the relay reports), so the checks
 * past the MAC (type, nonce, address, counter, FAT decoding) are
 * reached too.  Without it nothing may verify: a read that succeeds is
 * a bug (abort).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>
#include <openssl/core_names.h>

#include "secure/tee_rpmb.h"
#include "secure/tee_rpmb_fs.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const uint8_t huk[16] = "fuzz-huk-fuzz-hu";
static const uint8_t ssk[32] = "fuzz-ssk";
static const uint8_t cid[16] = "fuzz-cid-fuzz-ci";
static const TEE_UUID ta = {1, 2, 3, {4}};

static struct feed {
	const uint8_t *p;
	size_t left;
	bool sign;
	uint8_t key[32];
} feed;

static void sign(uint8_t *rsp, size_t n)
{
	EVP_MAC *alg = EVP_MAC_fetch(NULL, "HMAC", NULL);
	EVP_MAC_CTX *ctx = alg ? EVP_MAC_CTX_new(alg) : NULL;
	OSSL_PARAM params[] = {
		OSSL_PARAM_construct_utf8_string("digest", (char *)"SHA256", 0),
		OSSL_PARAM_construct_end(),
	};
	size_t outl = 0;

	if (ctx && EVP_MAC_init(ctx, feed.key, 32, params)) {
		for (size_t i = 0; i < n; i++)
			EVP_MAC_update(ctx, rsp + i * 512 + 228, 512 - 228);
		EVP_MAC_final(ctx, rsp + (n - 1) * 512 + 196, &outl, 32);
	}
	EVP_MAC_CTX_free(ctx);
	EVP_MAC_free(alg);
}

static TEE_Result relay(void *ctx, const void *req, size_t req_size, void *rsp,
			size_t rsp_size)
{
	const uint8_t *r = req;

	(void)ctx;
	if (feed.sign && req_size == 6 && rsp_size == 19) {
		memcpy(rsp, cid, 16);
		memcpy((uint8_t *)rsp + 16, "\x02\x01\x00", 3);
		return TEE_SUCCESS;
	}
	if (feed.left < rsp_size)
		return TEE_ERROR_COMMUNICATION;
	memcpy(rsp, feed.p, rsp_size);
	feed.p += rsp_size;
	feed.left -= rsp_size;
	/* Echo the nonce now and then, so that reads can verify. */
	if (feed.sign && req_size >= 6 + 512 && rsp_size % 512 == 0) {
		for (size_t i = 0; (r[6 + 511] & 1) == 0 && i < rsp_size / 512;
		     i++)
			memcpy((uint8_t *)rsp + i * 512 + 484, r + 6 + 484, 16);
		sign(rsp, rsp_size / 512);
	}
	return TEE_SUCCESS;
}

static const struct tee_fs_rpc_ops ops = {.rpmb = relay};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct tee_fs_rpc rpc = {.ops = &ops};
	struct tee_rpmb_fs_file *f = NULL;
	struct tee_rpmb_fs *fs = NULL;
	struct tee_rpmb *r = NULL;
	uint8_t buf[300];
	size_t got;

	if (!size)
		return 0;
	feed.sign = data[0] & 1;
	feed.p = data + 1;
	feed.left = size - 1;
	if (tee_rpmb_key_derive(huk, cid, feed.key))
		abort();
	if (tee_rpmb_new(huk, NULL, NULL, &r) || tee_rpmb_fs_new(ssk, r, &fs))
		abort();
	if (!tee_rpmb_init(r, &rpc) && !feed.sign)
		abort();
	if (!tee_rpmb_read(r, &rpc, 3, 1, buf) && !feed.sign)
		abort();
	if (!tee_rpmb_fs_open(fs, &rpc, &ta, "id", 2, &f)) {
		(void)tee_rpmb_fs_read(f, &rpc, 0, buf, sizeof(buf), &got);
		(void)tee_rpmb_fs_write(f, &rpc, 1, "x", 1);
		tee_rpmb_fs_close(f, &rpc);
	}
	if (!tee_rpmb_fs_create(fs, &rpc, &ta, "n", 1, true, "abc", 3, &f))
		tee_rpmb_fs_close(f, &rpc);
	(void)tee_rpmb_fs_raw_read(fs, &rpc, "/dirfile.db.hash", buf, 4, &got);
	tee_rpmb_fs_free(fs);
	tee_rpmb_free(r);
	return 0;
}
