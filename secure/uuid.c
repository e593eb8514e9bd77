// SPDX-License-Identifier: BSD-2-Clause
/*
 * Conversions between TEE_UUID (host order) and its wire and text forms:
 * the bottom library's (tbx/uuid.h), for the secure world's UUID type.
 */
#include <string.h>

#include "uuid.h"

void uuid_from_octets(TEE_UUID *uuid, const uint8_t *octets)
{
	tbx_uuid_from_octets(uuid, octets);
}

void uuid_to_octets(uint8_t *octets, const TEE_UUID *uuid)
{
	tbx_uuid_to_octets(octets, uuid);
}

void uuid_to_str(char *str, const TEE_UUID *uuid)
{
	uint8_t octets[UUID_OCTETS_LEN];

	tbx_uuid_to_octets(octets, uuid);
	tbx_uuid_octets_to_str(str, octets);
}

int uuid_from_str(TEE_UUID *uuid, const char *str)
{
	uint8_t octets[UUID_OCTETS_LEN];
	int rc;

	rc = tbx_uuid_octets_from_str(octets, str);
	if (rc)
		return rc;
	tbx_uuid_from_octets(uuid, octets);
	return 0;
}

bool uuid_equal(const TEE_UUID *a, const TEE_UUID *b)
{
	return a->timeLow == b->timeLow && a->timeMid == b->timeMid &&
	       a->timeHiAndVersion == b->timeHiAndVersion &&
	       !memcmp(a->clockSeqAndNode, b->clockSeqAndNode,
		       sizeof(a->clockSeqAndNode));
}
