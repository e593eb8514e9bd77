/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * TEE_UUID and its two external forms: the 16 octets of RFC 4122 (integer
 * fields big-endian), as UUIDs travel in the OP-TEE message protocol and
 * in signed TA images, and the text form 8-4-4-4-12 used in file names
 * and log lines.  TEE_UUID's face of the bottom library's conversions
 * (tbx/uuid.h), which every layer shares.
 */
#ifndef TEEBOX_SECURE_UUID_H
#define TEEBOX_SECURE_UUID_H

#include <stdbool.h>
#include <stdint.h>

#include <tbx/uuid.h>

#include "ta/include/tee_api_types.h"

/* Octets in the wire form of a UUID. */
#define UUID_OCTETS_LEN TBX_UUID_OCTETS
/* Bytes of the text form, including the terminating NUL. */
#define UUID_STR_LEN TBX_UUID_STR_LEN

/**
 * uuid_from_octets() - decode the RFC 4122 wire form
 * @uuid:	written in host byte order
 * @octets:	UUID_OCTETS_LEN bytes: timeLow BE32, timeMid BE16,
 *		timeHiAndVersion BE16, clockSeqAndNode[8]
 *
 * @octets need not be aligned.
 */
void uuid_from_octets(TEE_UUID *uuid, const uint8_t *octets);

/**
 * uuid_to_octets() - encode @uuid in the RFC 4122 wire form
 * @octets:	receives UUID_OCTETS_LEN bytes; need not be aligned
 * @uuid:	host byte order
 */
void uuid_to_octets(uint8_t *octets, const TEE_UUID *uuid);

/**
 * uuid_to_str() - format @uuid as lowercase 8-4-4-4-12 text
 * @str:	receives UUID_STR_LEN bytes, NUL-terminated
 * @uuid:	the UUID
 */
void uuid_to_str(char *str, const TEE_UUID *uuid);

/**
 * uuid_from_str() - parse 8-4-4-4-12 text (either case)
 * @uuid:	written only on success
 * @str:	exactly 36 characters, NUL-terminated
 *
 * Return: 0, or -EINVAL if @str is not a UUID.
 */
int uuid_from_str(TEE_UUID *uuid, const char *str);

/** uuid_equal() - true if @a and @b are the same UUID */
bool uuid_equal(const TEE_UUID *a, const TEE_UUID *b);

#endif /* TEEBOX_SECURE_UUID_H */
