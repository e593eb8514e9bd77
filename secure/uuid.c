// SPDX-License-Identifier: BSD-2-Clause
/*
 * Conversions between TEE_UUID (host order) and its wire and text forms.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "uuid.h"

void uuid_from_octets(TEE_UUID *uuid, const uint8_t *octets)
{
	const uint8_t *o = octets;

	uuid->timeLow = (uint32_t)o[0] << 24 | (uint32_t)o[1] << 16 |
			(uint32_t)o[2] << 8 | o[3];
	uuid->timeMid = (uint16_t)(o[4] << 8 | o[5]);
	uuid->timeHiAndVersion = (uint16_t)(o[6] << 8 | o[7]);
	memcpy(uuid->clockSeqAndNode, o + 8, sizeof(uuid->clockSeqAndNode));
}

void uuid_to_octets(uint8_t *octets, const TEE_UUID *uuid)
{
	uint8_t *o = octets;

	o[0] = (uint8_t)(uuid->timeLow >> 24);
	o[1] = (uint8_t)(uuid->timeLow >> 16);
	o[2] = (uint8_t)(uuid->timeLow >> 8);
	o[3] = (uint8_t)uuid->timeLow;
	o[4] = (uint8_t)(uuid->timeMid >> 8);
	o[5] = (uint8_t)uuid->timeMid;
	o[6] = (uint8_t)(uuid->timeHiAndVersion >> 8);
	o[7] = (uint8_t)uuid->timeHiAndVersion;
	memcpy(o + 8, uuid->clockSeqAndNode, sizeof(uuid->clockSeqAndNode));
}

void uuid_to_str(char *str, const TEE_UUID *uuid)
{
	const uint8_t *c = uuid->clockSeqAndNode;

	snprintf(str, UUID_STR_LEN,
		 "%08x-%04x-%04x-%02x%02x-%02x%02x%02x%02x%02x%02x",
		 (unsigned int)uuid->timeLow, (unsigned int)uuid->timeMid,
		 (unsigned int)uuid->timeHiAndVersion, c[0], c[1], c[2], c[3],
		 c[4], c[5], c[6], c[7]);
}

static int hex_digit(char ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	if (ch >= 'A' && ch <= 'F')
		return ch - 'A' + 10;
	return -1;
}

static bool is_dash_position(size_t i)
{
	return i == 8 || i == 13 || i == 18 || i == 23;
}

int uuid_from_str(TEE_UUID *uuid, const char *str)
{
	uint8_t octets[UUID_OCTETS_LEN];
	size_t i, nibbles = 0;

	if (strlen(str) != UUID_STR_LEN - 1)
		return -EINVAL;
	for (i = 0; i < UUID_STR_LEN - 1; i++) {
		int d;

		if (is_dash_position(i)) {
			if (str[i] != '-')
				return -EINVAL;
			continue;
		}
		d = hex_digit(str[i]);
		if (d < 0)
			return -EINVAL;
		if (nibbles % 2)
			octets[nibbles / 2] |= (uint8_t)d;
		else
			octets[nibbles / 2] = (uint8_t)(d << 4);
		nibbles++;
	}
	uuid_from_octets(uuid, octets);
	return 0;
}

bool uuid_equal(const TEE_UUID *a, const TEE_UUID *b)
{
	return a->timeLow == b->timeLow && a->timeMid == b->timeMid &&
	       a->timeHiAndVersion == b->timeHiAndVersion &&
	       !memcmp(a->clockSeqAndNode, b->clockSeqAndNode,
		       sizeof(a->clockSeqAndNode));
}
