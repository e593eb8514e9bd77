// SPDX-License-Identifier: BSD-2-Clause
/*
 * SM2 key exchange (GM/T 0003-2012 part 3, 6.1) as OP-TEE's core does it
 * (core/lib/libtomcrypt/sm2-kep.c, syscall_cryp_derive_key()): the
 * operation's two keys are this side's keypair and its ephemeral keypair;
 * TEE_DeriveKey's parameters give the peer's public and ephemeral public
 * points, the role (TEE_ATTR_SM2_KEP_USER: a = 0 the initiator), both
 * identities and the confirmation values.  libcrypto 3.0 has no SM2 key
 * exchange: this is built on its EC arithmetic and SM3.  Every failure
 * is a panic of TEE_DeriveKey, a wrong confirmation value too.
 */
#include <string.h>

#include <openssl/bn.h>
#include <openssl/crypto.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <tee_internal_api.h>

#include "utee_crypto.h"

#define SM2_INT 32
#define SM3_LEN 32

/* OP-TEE's first, mistaken ids of the ephemeral point, still taken. */
#define OLD_EPH_X 0xD0000946
#define OLD_EPH_Y 0xD0000A46

/**
 * struct kep - one derivation's inputs
 * @initiator:	this side is the initiator (user A)
 * @peer:	the peer's public point, x then y, 32 bytes each
 * @peer_eph:	the peer's ephemeral public point
 * @id:		the initiator's and the responder's identities
 * @id_len:	their lengths
 * @conf_in:	the peer's confirmation value, or NULL
 * @conf_in_len: its length
 * @conf_out:	where this side's confirmation value goes, or NULL
 * @conf_out_len: its room
 */
struct kep {
	bool initiator;
	const TEE_Attribute *peer[2];
	const TEE_Attribute *peer_eph[2];
	const uint8_t *id[2];
	size_t id_len[2];
	const uint8_t *conf_in;
	size_t conf_in_len;
	uint8_t *conf_out;
	size_t conf_out_len;
};

/* The parameters as OP-TEE's core reads them: the last of each wins,
 * others are ignored. */
static void kep_params(const TEE_Attribute *params, uint32_t count,
		       struct kep *k)
{
	for (uint32_t i = 0; i < count; i++) {
		const TEE_Attribute *p = &params[i];

		switch (p->attributeID) {
		case TEE_ATTR_SM2_KEP_USER:
			k->initiator = !p->content.value.a;
			break;
		case TEE_ATTR_ECC_PUBLIC_VALUE_X:
			k->peer[0] = p;
			break;
		case TEE_ATTR_ECC_PUBLIC_VALUE_Y:
			k->peer[1] = p;
			break;
		case TEE_ATTR_ECC_EPHEMERAL_PUBLIC_VALUE_X:
		case OLD_EPH_X:
			k->peer_eph[0] = p;
			break;
		case TEE_ATTR_ECC_EPHEMERAL_PUBLIC_VALUE_Y:
		case OLD_EPH_Y:
			k->peer_eph[1] = p;
			break;
		case TEE_ATTR_SM2_ID_INITIATOR:
		case TEE_ATTR_SM2_ID_RESPONDER:
			k->id[p->attributeID == TEE_ATTR_SM2_ID_RESPONDER] =
				p->content.ref.buffer;
			k->id_len[p->attributeID == TEE_ATTR_SM2_ID_RESPONDER] =
				p->content.ref.length;
			break;
		case TEE_ATTR_SM2_KEP_CONFIRMATION_IN:
			k->conf_in = p->content.ref.buffer;
			k->conf_in_len = p->content.ref.length;
			break;
		case TEE_ATTR_SM2_KEP_CONFIRMATION_OUT:
			k->conf_out = p->content.ref.buffer;
			k->conf_out_len = p->content.ref.length;
			break;
		default:
			break;
		}
	}
}

/*
 * The point (@x, @y) checked as OP-TEE's sm2_kep_validate_public_key()
 * does (coordinates below p, on the curve), into @xy (x || y).
 */
static EC_POINT *valid_point(const EC_GROUP *g, const uint8_t *x, size_t xl,
			     const uint8_t *y, size_t yl, uint8_t *xy)
{
	BIGNUM *bx = BN_bin2bn(x ? x : (const uint8_t *)"", (int)xl, NULL);
	BIGNUM *by = BN_bin2bn(y ? y : (const uint8_t *)"", (int)yl, NULL);
	const BIGNUM *p = EC_GROUP_get0_field(g);
	EC_POINT *pt = EC_POINT_new(g);
	bool ok = bx && by && pt && p && BN_cmp(bx, p) < 0 &&
		  BN_cmp(by, p) < 0 &&
		  EC_POINT_set_affine_coordinates(g, pt, bx, by, NULL) &&
		  utee_sm2_xy(g, pt, xy);

	BN_free(bx);
	BN_free(by);
	if (!ok) {
		EC_POINT_free(pt);
		pt = NULL;
	}
	return pt;
}

/* The public point of key object @o, checked, into @xy. */
static EC_POINT *obj_point(const EC_GROUP *g, const struct utee_obj *o,
			   uint8_t *xy)
{
	const struct utee_attr *x =
		utee_obj_attr(o, TEE_ATTR_ECC_PUBLIC_VALUE_X);
	const struct utee_attr *y =
		utee_obj_attr(o, TEE_ATTR_ECC_PUBLIC_VALUE_Y);

	if (!x || !y)
		return NULL;
	return valid_point(g, x->buf, x->len, y->buf, y->len, xy);
}

/* A point given by two parameters (absent: not a point). */
static EC_POINT *param_point(const EC_GROUP *g, const TEE_Attribute *const *a,
			     uint8_t *xy)
{
	if (!a[0] || !a[1])
		return NULL;
	return valid_point(g, a[0]->content.ref.buffer,
			   a[0]->content.ref.length, a[1]->content.ref.buffer,
			   a[1]->content.ref.length, xy);
}

/* Z = SM3(ENTL || ID || a || b || xG || yG || x || y) of @xy's owner. */
static TEE_Result kep_z(const EC_GROUP *g, const uint8_t *id, size_t id_len,
			const uint8_t *xy, uint8_t *z)
{
	uint8_t entl[2], abg[4 * SM2_INT];
	BIGNUM *a = BN_new(), *b = BN_new();
	TEE_Result res = TEE_ERROR_BAD_STATE;

	/* ENTL: the identity's length in bits, on 16 bits (as OP-TEE). */
	entl[0] = (uint8_t)((id_len * 8) >> 8);
	entl[1] = (uint8_t)(id_len * 8);
	if (a && b && EC_GROUP_get_curve(g, NULL, a, b, NULL) &&
	    BN_bn2binpad(a, abg, SM2_INT) == SM2_INT &&
	    BN_bn2binpad(b, abg + SM2_INT, SM2_INT) == SM2_INT &&
	    utee_sm2_xy(g, EC_GROUP_get0_generator(g), abg + 2 * SM2_INT)) {
		const struct utee_sm2_chunk c[] = {
			{entl, 2},
			{id, id_len},
			{abg, sizeof(abg)},
			{xy, 2 * SM2_INT},
		};

		res = utee_sm2_sm3(c, 4, z);
	}
	BN_free(a);
	BN_free(b);
	return res;
}

/* x̄ = 2^127 + (x mod 2^127) of the point @xy (w = 127 for SM2). */
static BIGNUM *x_bar(const uint8_t *xy)
{
	uint8_t t[SM2_INT / 2];

	memcpy(t, xy + SM2_INT / 2, sizeof(t));
	t[0] |= 0x80;
	return BN_bin2bn(t, sizeof(t), NULL);
}

/*
 * S = SM3(@flag || yU || SM3(xU || ZA || ZB || x1 || y1 || x2 || y2)),
 * @u = xU || yU || ZA || ZB, @e1 and @e2 the initiator's and the
 * responder's ephemeral points.
 */
static TEE_Result kep_s(uint8_t flag, const uint8_t *u, const uint8_t *e1,
			const uint8_t *e2, uint8_t *s)
{
	const struct utee_sm2_chunk in[] = {
		{u, SM2_INT},
		{u + 2 * SM2_INT, 2 * SM3_LEN},
		{e1, 2 * SM2_INT},
		{e2, 2 * SM2_INT},
	};
	uint8_t h[SM3_LEN];
	const struct utee_sm2_chunk out[] = {
		{&flag, 1},
		{u + SM2_INT, SM2_INT},
		{h, sizeof(h)},
	};
	TEE_Result res = utee_sm2_sm3(in, 4, h);

	return res ? res : utee_sm2_sm3(out, 3, s);
}

/**
 * struct kep_pts - the points of one derivation
 * @me:		this side's public point (x || y)
 * @eph:	this side's ephemeral point
 * @peer:	the peer's point
 * @peer_eph:	the peer's ephemeral point
 * @u:		xU || yU || ZA || ZB
 */
struct kep_pts {
	uint8_t me[2 * SM2_INT], eph[2 * SM2_INT];
	uint8_t peer[2 * SM2_INT], peer_eph[2 * SM2_INT];
	uint8_t u[2 * SM2_INT + 2 * SM3_LEN];
};

/* Steps A4-A7: U = [tA](PB + [x2bar]RB), tA = (dA + x1bar * rA) mod n. */
static TEE_Result kep_u(const EC_GROUP *g, struct utee_op *op,
			const EC_POINT *pb, const EC_POINT *rb,
			struct kep_pts *pt)
{
	BIGNUM *d = utee_sm2_attr_bn(op->key, TEE_ATTR_ECC_PRIVATE_VALUE);
	BIGNUM *r = utee_sm2_attr_bn(op->key2, TEE_ATTR_ECC_PRIVATE_VALUE);
	BIGNUM *x1 = x_bar(pt->eph), *x2 = x_bar(pt->peer_eph);
	BIGNUM *t = BN_secure_new();
	BN_CTX *bc = BN_CTX_new();
	EC_POINT *u = EC_POINT_new(g);
	const BIGNUM *n = EC_GROUP_get0_order(g);
	TEE_Result res = TEE_ERROR_BAD_STATE;

	if (!d || !r || !x1 || !x2 || !t || !bc || !u ||
	    !BN_mod_mul(t, x1, r, n, bc) || !BN_mod_add(t, t, d, n, bc))
		goto out;
	/* The cofactor h is 1. */
	if (!EC_POINT_mul(g, u, NULL, rb, x2, bc) ||
	    !EC_POINT_add(g, u, u, pb, bc) ||
	    !EC_POINT_mul(g, u, NULL, u, t, bc) || !utee_sm2_xy(g, u, pt->u))
		goto out;
	res = TEE_SUCCESS;
out:
	BN_clear_free(d);
	BN_clear_free(r);
	BN_free(x1);
	BN_free(x2);
	BN_clear_free(t);
	BN_CTX_free(bc);
	EC_POINT_free(u);
	return res;
}

/* Steps A9, A10: check the peer's value, give this side's. */
static TEE_Result kep_confirm(const struct kep *k, const struct kep_pts *pt)
{
	const uint8_t *e1 = k->initiator ? pt->eph : pt->peer_eph;
	const uint8_t *e2 = k->initiator ? pt->peer_eph : pt->eph;
	uint8_t s[SM3_LEN];
	TEE_Result res;

	if (k->conf_in) {
		if (k->conf_in_len < SM3_LEN)
			return TEE_ERROR_BAD_PARAMETERS;
		res = kep_s(k->initiator ? 0x02 : 0x03, pt->u, e1, e2, s);
		if (res)
			return res;
		if (CRYPTO_memcmp(s, k->conf_in, SM3_LEN))
			return TEE_ERROR_BAD_STATE;
	}
	if (k->conf_out) {
		if (k->conf_out_len < SM3_LEN)
			return TEE_ERROR_BAD_PARAMETERS;
		return kep_s(k->initiator ? 0x03 : 0x02, pt->u, e1, e2,
			     k->conf_out);
	}
	return TEE_SUCCESS;
}

/* The four points, checked; U; ZA, ZB. */
static TEE_Result kep_points(const EC_GROUP *g, struct utee_op *op,
			     const struct kep *k, struct kep_pts *pt)
{
	EC_POINT *me = obj_point(g, op->key, pt->me);
	EC_POINT *eph = obj_point(g, op->key2, pt->eph);
	EC_POINT *pb = param_point(g, k->peer, pt->peer);
	EC_POINT *rb = param_point(g, k->peer_eph, pt->peer_eph);
	uint8_t *z = pt->u + 2 * SM2_INT;
	TEE_Result res = TEE_ERROR_BAD_PARAMETERS;

	if (!me || !eph || !pb || !rb)
		goto out;
	res = kep_u(g, op, pb, rb, pt);
	if (!res)
		res = kep_z(g, k->id[0], k->id_len[0],
			    k->initiator ? pt->me : pt->peer, z);
	if (!res)
		res = kep_z(g, k->id[1], k->id_len[1],
			    k->initiator ? pt->peer : pt->me, z + SM3_LEN);
out:
	EC_POINT_free(me);
	EC_POINT_free(eph);
	EC_POINT_free(pb);
	EC_POINT_free(rb);
	return res;
}

TEE_Result utee_sm2_kep_derive(struct utee_op *op, const TEE_Attribute *params,
			       uint32_t count, size_t len, uint8_t **out)
{
	EC_GROUP *g = utee_sm2_group();
	struct kep k = {0};
	struct kep_pts pt;
	TEE_Result res = TEE_ERROR_OUT_OF_MEMORY;

	*out = TEE_Malloc(len ? len : 1, TEE_MALLOC_FILL_ZERO);
	if (!g || !*out)
		goto out;
	kep_params(params, count, &k);
	res = kep_points(g, op, &k, &pt);
	/* Step A8: K = KDF(xU || yU || ZA || ZB, klen). */
	if (!res)
		res = utee_sm2_kdf(pt.u, sizeof(pt.u), *out, len);
	if (!res)
		res = kep_confirm(&k, &pt);
	OPENSSL_cleanse(&pt, sizeof(pt));
out:
	EC_GROUP_free(g);
	ERR_clear_error();
	return res;
}
