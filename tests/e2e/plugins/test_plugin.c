// SPDX-License-Identifier: BSD-2-Clause
/*
 * The "test" tee-supplicant plugin (test_plugins.h), written against the
 * installed interface, tee_plugin_method.h, as a plugin author would.
 */
#include <stdint.h>
#include <string.h>

#include <tee_plugin_method.h>

#include "test_plugins.h"

static TEEC_Result values(unsigned int sub_cmd, void *data, size_t len,
			  size_t *out_len)
{
	uint32_t v[2];

	if (len < sizeof(v))
		return TEEC_ERROR_BAD_PARAMETERS;
	memcpy(v, data, sizeof(v));
	v[0] = sub_cmd == '+' ? v[0] + v[1] : v[0] - v[1];
	memcpy(data, v, sizeof(v[0]));
	*out_len = sizeof(v[0]);
	return TEEC_SUCCESS;
}

static TEEC_Result sum(void *data, size_t len, size_t *out_len)
{
	uint8_t *d = data;
	uint8_t s = 0;

	if (!len)
		return TEEC_ERROR_BAD_PARAMETERS;
	for (size_t i = 0; i < len; i++)
		s += d[i];
	d[0] = s;
	*out_len = 1;
	return TEEC_SUCCESS;
}

static TEEC_Result get(void *data, size_t len, size_t *out_len)
{
	static const char text[] = TEST_PLUGIN_GET_TEXT;

	*out_len = sizeof(text);
	if (len < sizeof(text))
		return TEEC_ERROR_SHORT_BUFFER;
	memcpy(data, text, sizeof(text));
	return TEEC_SUCCESS;
}

static TEEC_Result invoke(unsigned int cmd, unsigned int sub_cmd, void *data,
			  size_t len, size_t *out_len)
{
	switch (cmd) {
	case TEST_PLUGIN_CMD_PING:
		return TEEC_SUCCESS;
	case TEST_PLUGIN_CMD_VALUES:
		return values(sub_cmd, data, len, out_len);
	case TEST_PLUGIN_CMD_SUM:
		return sum(data, len, out_len);
	case TEST_PLUGIN_CMD_GET:
		return get(data, len, out_len);
	case TEST_PLUGIN_CMD_LIE:
		if (len)
			memset(data, TEST_PLUGIN_LIE_BYTE, len);
		*out_len = len + sub_cmd;
		return TEEC_SUCCESS;
	case TEST_PLUGIN_CMD_RESULT:
		return sub_cmd;
	default:
		return TEEC_ERROR_NOT_SUPPORTED;
	}
}

struct plugin_method plugin_method = {
	.name = "test",
	.uuid = TEST_PLUGIN_UUID,
	.invoke = invoke,
};
