/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Little- and big-endian integers at any byte address: the on-disk and
 * on-wire layouts OP-TEE defines (signed headers, secure storage, RPMB
 * frames) are byte arrays in a fixed order, whatever the host's.
 */
#ifndef TBX_BYTEORDER_H
#define TBX_BYTEORDER_H

#include <stdint.h>

static inline uint16_t tbx_get_le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static inline uint32_t tbx_get_le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static inline uint64_t tbx_get_le64(const uint8_t *p)
{
	return (uint64_t)tbx_get_le32(p) | (uint64_t)tbx_get_le32(p + 4) << 32;
}

static inline void tbx_put_le16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

static inline void tbx_put_le32(uint8_t *p, uint32_t v)
{
	tbx_put_le16(p, (uint16_t)v);
	tbx_put_le16(p + 2, (uint16_t)(v >> 16));
}

static inline void tbx_put_le64(uint8_t *p, uint64_t v)
{
	tbx_put_le32(p, (uint32_t)v);
	tbx_put_le32(p + 4, (uint32_t)(v >> 32));
}

static inline uint16_t tbx_get_be16(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

static inline void tbx_put_be16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

static inline uint32_t tbx_get_be32(const uint8_t *p)
{
	return (uint32_t)tbx_get_be16(p) << 16 | tbx_get_be16(p + 2);
}

static inline void tbx_put_be32(uint8_t *p, uint32_t v)
{
	tbx_put_be16(p, (uint16_t)(v >> 16));
	tbx_put_be16(p + 2, (uint16_t)v);
}

#endif
