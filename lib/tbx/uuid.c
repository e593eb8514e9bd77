// SPDX-License-Identifier: BSD-2-Clause
/* UUIDs between their fields, wire and text forms; see uuid.h. */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "uuid.h"

/* Bytes of clockSeqAndNode, the octets copied as they are. */
#define NODE_OCTETS 8

void tbx_uuid_encode(uint8_t *octets, uint32_t time_low, uint16_t time_mid,
		     uint16_t time_hi_and_version,
		     const uint8_t *clock_seq_and_node)
{
	uint8_t *o = octets;

	o[0] = (uint8_t)(time_low >> 24);
	o[1] = (uint8_t)(time_low >> 16);
	o[2] = (uint8_t)(time_low >> 8);
	o[3] = (uint8_t)time_low;
	o[4] = (uint8_t)(time_mid >> 8);
	o[5] = (uint8_t)time_mid;
	o[6] = (uint8_t)(time_hi_and_version >> 8);
	o[7] = (uint8_t)time_hi_and_version;
	memcpy(o + 8, clock_seq_and_node, NODE_OCTETS);
}

void tbx_uuid_decode(const uint8_t *octets, uint32_t *time_low,
		     uint16_t *time_mid, uint16_t *time_hi_and_version,
		     uint8_t *clock_seq_and_node)
{
	const uint8_t *o = octets;

	*time_low = (uint32_t)o[0] << 24 | (uint32_t)o[1] << 16 |
		    (uint32_t)o[2] << 8 | o[3];
	*time_mid = (uint16_t)(o[4] << 8 | o[5]);
	*time_hi_and_version = (uint16_t)(o[6] << 8 | o[7]);
	memcpy(clock_seq_and_node, o + 8, NODE_OCTETS);
}

void tbx_uuid_octets_to_str(char *str, const uint8_t *octets)
{
	const uint8_t *o = octets;

	snprintf(str, TBX_UUID_STR_LEN,
		 "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-"
		 "%02x%02x%02x%02x%02x%02x",
		 o[0], o[1], o[2], o[3], o[4], o[5], o[6], o[7], o[8], o[9],
		 o[10], o[11], o[12], o[13], o[14], o[15]);
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

int tbx_uuid_octets_from_str(uint8_t *octets, const char *str)
{
	uint8_t o[TBX_UUID_OCTETS];
	size_t i, nibbles = 0;

	if (strlen(str) != TBX_UUID_STR_LEN - 1)
		return -EINVAL;
	for (i = 0; i < TBX_UUID_STR_LEN - 1; i++) {
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
			o[nibbles / 2] |= (uint8_t)d;
		else
			o[nibbles / 2] = (uint8_t)(d << 4);
		nibbles++;
	}
	memcpy(octets, o, sizeof(o));
	return 0;
}
