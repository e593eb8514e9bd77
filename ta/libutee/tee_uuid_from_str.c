// SPDX-License-Identifier: BSD-2-Clause
/*
 * OP-TEE's tee_uuid_from_str() (tee_internal_api_extensions.h), with the
 * syntax of OP-TEE's lib/libutee/tee_uuid_from_str.c:
 *
 *  - exactly 36 characters (a longer or shorter string, or NULL, is
 *    TEE_ERROR_BAD_FORMAT);
 *  - '-' at offsets 8, 13, 18 and 23, hexadecimal digits (either case)
 *    everywhere else, read as timeLow, timeMid, timeHiAndVersion and the
 *    eight clockSeqAndNode bytes, big-endian;
 *  - anything else is TEE_ERROR_BAD_FORMAT, and *@uuid is written only on
 *    success.
 */
#include <tbx/uuid.h>
#include <tee_internal_api.h>
#include <tee_internal_api_extensions.h>

TEE_Result tee_uuid_from_str(TEE_UUID *uuid, const char *s)
{
	uint8_t octets[TBX_UUID_OCTETS];

	/* tbx's parser has OP-TEE's syntax, and writes only on success. */
	if (!s || tbx_uuid_octets_from_str(octets, s))
		return TEE_ERROR_BAD_FORMAT;
	tbx_uuid_decode(octets, &uuid->timeLow, &uuid->timeMid,
			&uuid->timeHiAndVersion, uuid->clockSeqAndNode);
	return TEE_SUCCESS;
}
