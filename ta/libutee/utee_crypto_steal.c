// SPDX-License-Identifier: BSD-2-Clause
/*
 * The AES modes with ciphertext stealing, as OP-TEE runs them: CTS
 * (CBC-CS3: RFC 2040, RFC 3962 section 5, NIST SP 800-38A addendum;
 * the last two blocks always swap) and XTS (IEEE 1619-2007, the tweak
 * is the IV; keys 1 and 2 are the operation's two keys).
 *
 * libcrypto has both, but only for a whole message in one call; a GP
 * operation streams, so the modes are built here on AES-ECB, a block at
 * a time.  Like OP-TEE, an update keeps the last two blocks (and any
 * partial one) back: what they become depends on where the message
 * ends.  op->last holds the chaining value (CTS) or the tweak (XTS).
 */
#include <string.h>

#include <openssl/crypto.h>
#include <openssl/err.h>
#include <tee_internal_api.h>

#include "utee_crypto.h"

#define B 16

/* An AES-ECB context on @key (@len bytes) for @enc. */
static bool ecb_init(EVP_CIPHER_CTX *ctx, const uint8_t *key, size_t len,
		     bool enc)
{
	EVP_CIPHER *c = NULL;
	bool ok;

	switch (len) {
	case 16:
		c = EVP_CIPHER_fetch(NULL, "AES-128-ECB", NULL);
		break;
	case 24:
		c = EVP_CIPHER_fetch(NULL, "AES-192-ECB", NULL);
		break;
	case 32:
		c = EVP_CIPHER_fetch(NULL, "AES-256-ECB", NULL);
		break;
	default:
		break;
	}
	ok = c && EVP_CipherInit_ex2(ctx, c, key, NULL, enc, NULL) &&
	     EVP_CIPHER_CTX_set_padding(ctx, 0);
	EVP_CIPHER_free(c);
	return ok;
}

static void block(EVP_CIPHER_CTX *ctx, const uint8_t *in, uint8_t *out)
{
	int n;

	/* Cannot fail on an initialised ECB context and a whole block. */
	EVP_CipherUpdate(ctx, out, &n, in, B);
}

static void xor_into(uint8_t *dst, const uint8_t *a, const uint8_t *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		dst[i] = a[i] ^ b[i];
}

/* The next XTS tweak: times alpha in GF(2^128), little-endian. */
static void next_tweak(uint8_t *t)
{
	uint8_t carry = 0;

	for (size_t i = 0; i < B; i++) {
		uint8_t c = t[i] >> 7;

		t[i] = (uint8_t)(t[i] << 1) | carry;
		carry = c;
	}
	if (carry)
		t[0] ^= 0x87;
}

static bool is_xts(const struct utee_op *op)
{
	return op->alg->kind == UTEE_ALG_XTS;
}

TEE_Result utee_steal_start(struct utee_op *op, const void *iv, size_t iv_len)
{
	bool enc = op->info.mode == TEE_MODE_ENCRYPT;
	size_t len1 = 0, len2 = 0;
	const uint8_t *k1 = utee_obj_secret(op->key, &len1), *k2;
	EVP_CIPHER_CTX *t;
	bool ok;

	if (iv_len != B || !k1 || !ecb_init(op->cipher, k1, len1, enc))
		return TEE_ERROR_BAD_PARAMETERS;
	memcpy(op->last, iv, B);
	op->held = 0;
	if (!is_xts(op))
		return TEE_SUCCESS;
	/* XTS: the first tweak is the IV encrypted with key 2. */
	k2 = utee_obj_secret(op->key2, &len2);
	t = EVP_CIPHER_CTX_new();
	ok = t && k2 && ecb_init(t, k2, len2, true);
	if (ok)
		block(t, op->last, op->last);
	EVP_CIPHER_CTX_free(t);
	ERR_clear_error();
	return ok ? TEE_SUCCESS : TEE_ERROR_GENERIC;
}

size_t utee_steal_out_len(const struct utee_op *op, size_t len, bool final)
{
	size_t whole = (op->held + len) / B * B;

	if (final)
		return op->held + len;
	return whole > 2 * B ? whole - 2 * B : 0;
}

/* One block of the mode in @op's direction, chaining kept in op->last. */
static void one(struct utee_op *op, const uint8_t *in, uint8_t *out)
{
	bool enc = op->info.mode == TEE_MODE_ENCRYPT;
	uint8_t x[B], prev[B];

	if (is_xts(op)) {
		xor_into(x, in, op->last, B);
		block(op->cipher, x, out);
		xor_into(out, out, op->last, B);
		next_tweak(op->last);
	} else if (enc) {
		xor_into(x, in, op->last, B);
		block(op->cipher, x, out);
		memcpy(op->last, out, B);
	} else {
		memcpy(prev, in, B);
		block(op->cipher, in, x);
		xor_into(out, x, op->last, B);
		memcpy(op->last, prev, B);
	}
	OPENSSL_cleanse(x, sizeof(x));
}

/* Byte @pos of the held bytes followed by @src. */
static uint8_t at(const struct utee_op *op, const uint8_t *src, size_t pos)
{
	return pos < op->held ? op->hold[pos] : src[pos - op->held];
}

/* Runs the first @n (whole blocks) of held || @src into @dest. */
static void run_blocks(struct utee_op *op, const uint8_t *src, size_t n,
		       uint8_t *dest)
{
	uint8_t in[B];

	for (size_t pos = 0; pos < n; pos += B) {
		for (size_t i = 0; i < B; i++)
			in[i] = at(op, src, pos + i);
		one(op, in, dest + pos);
	}
}

/* CBC-CS3's last @t bytes (B < t <= 2B) of @in into @out. */
static void cts_tail(struct utee_op *op, const uint8_t *in, size_t t,
		     uint8_t *out)
{
	size_t r = t - B;
	uint8_t c1[B], d[B], pad[B] = {0};

	if (op->info.mode == TEE_MODE_ENCRYPT) {
		one(op, in, c1); /* C(n-1) */
		memcpy(pad, in + B, r);
		one(op, pad, out); /* C(n): P(n) zero-padded, chained */
		memcpy(out + B, c1, r);
	} else {
		block(op->cipher, in, d); /* (P(n) || 0) ^ C(n-1) */
		memcpy(c1, in + B, r);
		memcpy(c1 + r, d + r, B - r);
		xor_into(out + B, d, c1, r);
		one(op, c1, out);
	}
	OPENSSL_cleanse(d, sizeof(d));
	OPENSSL_cleanse(pad, sizeof(pad));
}

/* XTS's last @t bytes (B < t < 2B): the stolen ciphertext. */
static void xts_tail(struct utee_op *op, const uint8_t *in, size_t t,
		     uint8_t *out)
{
	size_t r = t - B;
	uint8_t t1[B], cc[B], pp[B];

	if (op->info.mode == TEE_MODE_ENCRYPT) {
		one(op, in, cc); /* tweak m-1, moves to m */
		memcpy(pp, in + B, r);
		memcpy(pp + r, cc + r, B - r);
		one(op, pp, out);
		memcpy(out + B, cc, r);
	} else {
		/* Decrypting takes the two tweaks the other way round. */
		memcpy(t1, op->last, B);
		next_tweak(op->last);
		one(op, in, pp);
		memcpy(op->last, t1, B);
		memcpy(cc, in + B, r);
		memcpy(cc + r, pp + r, B - r);
		one(op, cc, out);
		memcpy(out + B, pp, r);
	}
	OPENSSL_cleanse(pp, sizeof(pp));
	OPENSSL_cleanse(cc, sizeof(cc));
}

TEE_Result utee_steal_run(struct utee_op *op, const void *src, size_t len,
			  void *dest, size_t *out_len, bool final)
{
	size_t total = op->held + len, n, tail;
	uint8_t last[3 * B];

	if (!final) {
		n = utee_steal_out_len(op, len, false);
		run_blocks(op, src, n, dest);
		/* What is left (under 3 blocks) is held for later. */
		for (size_t i = n; i < total; i++)
			last[i - n] = at(op, src, i);
		memcpy(op->hold, last, total - n);
		op->held = total - n;
		*out_len = n;
		OPENSSL_cleanse(last, sizeof(last));
		return TEE_SUCCESS;
	}
	/* Both modes need one whole block at least. */
	if (total < B)
		return TEE_ERROR_BAD_PARAMETERS;
	tail = total % B ? B + total % B : 2 * B;
	if (total == B || (is_xts(op) && !(total % B)))
		tail = 0; /* nothing to steal */
	n = total - tail;
	run_blocks(op, src, n, dest);
	for (size_t i = n; i < total; i++)
		last[i - n] = at(op, src, i);
	if (tail && is_xts(op))
		xts_tail(op, last, tail, (uint8_t *)dest + n);
	else if (tail)
		cts_tail(op, last, tail, (uint8_t *)dest + n);
	op->held = 0;
	*out_len = total;
	OPENSSL_cleanse(last, sizeof(last));
	return TEE_SUCCESS;
}
