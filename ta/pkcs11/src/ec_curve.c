// SPDX-License-Identifier: BSD-2-Clause
/*
 * The named curves of CKA_EC_PARAMS (PKCS#11 3.0 §2.3.3: the DER of an
 * ECParameters CHOICE, here its namedCurve OBJECT IDENTIFIER) and the
 * CKA_EC_POINT encoding (the DER OCTET STRING of the uncompressed point
 * of SEC 1 §2.3.3).  The OIDs are those of RFC 5480 §2.1.1.1.
 */
#include <string.h>
#include <tee_internal_api.h>

#include "asymm.h"

static const uint8_t oid_p192[] = {0x06, 0x08, 0x2a, 0x86, 0x48,
				   0xce, 0x3d, 0x03, 0x01, 0x01};
static const uint8_t oid_p224[] = {0x06, 0x05, 0x2b, 0x81, 0x04, 0x00, 0x21};
static const uint8_t oid_p256[] = {0x06, 0x08, 0x2a, 0x86, 0x48,
				   0xce, 0x3d, 0x03, 0x01, 0x07};
static const uint8_t oid_p384[] = {0x06, 0x05, 0x2b, 0x81, 0x04, 0x00, 0x22};
static const uint8_t oid_p521[] = {0x06, 0x05, 0x2b, 0x81, 0x04, 0x00, 0x23};

#define CURVE(oid, tee, bits)                                                  \
	{                                                                      \
		oid, sizeof(oid), tee, bits                                    \
	}

static const struct ec_curve curves[] = {
	CURVE(oid_p192, TEE_ECC_CURVE_NIST_P192, 192),
	CURVE(oid_p224, TEE_ECC_CURVE_NIST_P224, 224),
	CURVE(oid_p256, TEE_ECC_CURVE_NIST_P256, 256),
	CURVE(oid_p384, TEE_ECC_CURVE_NIST_P384, 384),
	CURVE(oid_p521, TEE_ECC_CURVE_NIST_P521, 521),
};

const struct ec_curve *ec_curve_of_params(const void *der, uint32_t size)
{
	size_t n;

	for (n = 0; n < sizeof(curves) / sizeof(curves[0]); n++)
		if (size == curves[n].oid_len &&
		    !memcmp(der, curves[n].oid, size))
			return &curves[n];
	return NULL;
}

static uint32_t field_bytes(const struct ec_curve *c)
{
	return (c->bits + 7) / 8;
}

uint32_t ec_point_encode(const struct ec_curve *c, const uint8_t *x,
			 uint32_t xlen, const uint8_t *y, uint32_t ylen,
			 uint8_t *out)
{
	uint32_t f = field_bytes(c), len = 1 + 2 * f, h = 0;

	if (xlen > f || ylen > f)
		return 0;
	out[h++] = 0x04; /* OCTET STRING */
	/* DER lengths: short form below 128, else 0x81 and one byte. */
	if (len >= 0x80)
		out[h++] = 0x81;
	out[h++] = len;
	memset(out + h, 0, len);
	out[h] = 0x04; /* uncompressed */
	memcpy(out + h + 1 + f - xlen, x, xlen);
	memcpy(out + h + 1 + 2 * f - ylen, y, ylen);
	return h + len;
}

bool ec_point_decode(const struct ec_curve *c, const uint8_t *pt, uint32_t size,
		     const uint8_t **xy)
{
	uint32_t len = 1 + 2 * field_bytes(c), h;

	if (size == len && pt[0] == 0x04) {
		*xy = pt + 1;
		return true;
	}
	h = len >= 0x80 ? 3 : 2;
	if (size != h + len || pt[0] != 0x04 || (h == 3 && pt[1] != 0x81) ||
	    pt[h - 1] != len || pt[h] != 0x04)
		return false;
	*xy = pt + h + 1;
	return true;
}
