/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * UUIDs in their two external forms: the 16 octets of RFC 4122 (integer
 * fields big-endian), as UUIDs travel in the TEE UAPI, the OP-TEE message
 * protocol and signed TA images; and the text form 8-4-4-4-12 of file
 * names and log lines.
 *
 * In memory a UUID is GlobalPlatform's struct of four fields in host byte
 * order: TEE_UUID in the trusted OS and in TAs, TEEC_UUID in clients.
 * This library sits below both worlds and knows neither type:
 * tbx_uuid_to_octets() and tbx_uuid_from_octets() take either by its
 * field names, so one conversion serves every layer.
 */
#ifndef TBX_UUID_H
#define TBX_UUID_H

#include <stdint.h>

/* Octets in the wire form of a UUID. */
#define TBX_UUID_OCTETS 16
/* Bytes of the text form, including the terminating NUL. */
#define TBX_UUID_STR_LEN 37

/**
 * tbx_uuid_encode() - the RFC 4122 wire form of a UUID given by its fields
 * @octets:	receives TBX_UUID_OCTETS bytes; need not be aligned
 * @time_low:	timeLow, host byte order
 * @time_mid:	timeMid, host byte order
 * @time_hi_and_version: timeHiAndVersion, host byte order
 * @clock_seq_and_node: the 8 octets of clockSeqAndNode, copied as they are
 */
void tbx_uuid_encode(uint8_t *octets, uint32_t time_low, uint16_t time_mid,
		     uint16_t time_hi_and_version,
		     const uint8_t *clock_seq_and_node);

/**
 * tbx_uuid_decode() - the fields of a UUID from its RFC 4122 wire form
 * @octets:	TBX_UUID_OCTETS bytes: timeLow BE32, timeMid BE16,
 *		timeHiAndVersion BE16, clockSeqAndNode[8]; need not be aligned
 * @time_low:	receives timeLow in host byte order
 * @time_mid:	receives timeMid in host byte order
 * @time_hi_and_version: receives timeHiAndVersion in host byte order
 * @clock_seq_and_node: receives the 8 octets of clockSeqAndNode
 */
void tbx_uuid_decode(const uint8_t *octets, uint32_t *time_low,
		     uint16_t *time_mid, uint16_t *time_hi_and_version,
		     uint8_t *clock_seq_and_node);

/* @u: a TEE_UUID or TEEC_UUID; @octets as tbx_uuid_encode(). */
#define tbx_uuid_to_octets(octets, u)                                          \
	tbx_uuid_encode((octets), (u)->timeLow, (u)->timeMid,                  \
			(u)->timeHiAndVersion, (u)->clockSeqAndNode)

/* @u: a TEE_UUID or TEEC_UUID, written in full; @octets as decode. */
#define tbx_uuid_from_octets(u, octets)                                        \
	tbx_uuid_decode((octets), &(u)->timeLow, &(u)->timeMid,                \
			&(u)->timeHiAndVersion, (u)->clockSeqAndNode)

/**
 * tbx_uuid_octets_to_str() - format a UUID as lowercase 8-4-4-4-12 text
 * @str:	receives TBX_UUID_STR_LEN bytes, NUL-terminated
 * @octets:	the UUID's wire form (TBX_UUID_OCTETS bytes)
 */
void tbx_uuid_octets_to_str(char *str, const uint8_t *octets);

/**
 * tbx_uuid_octets_from_str() - parse 8-4-4-4-12 text (either case)
 * @octets:	receives the wire form; written only on success
 * @str:	exactly TBX_UUID_STR_LEN - 1 characters, NUL-terminated
 *
 * Return: 0, or -EINVAL if @str is not a UUID.
 */
int tbx_uuid_octets_from_str(uint8_t *octets, const char *str);

#endif /* TBX_UUID_H */
