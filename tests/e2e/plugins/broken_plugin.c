// SPDX-License-Identifier: BSD-2-Clause
/* The "broken" plugin (test_plugins.h): its init fails. */
#include <stddef.h>

#include <tee_plugin_method.h>

#include "test_plugins.h"

static TEEC_Result init(void)
{
	return TEEC_ERROR_GENERIC;
}

static TEEC_Result invoke(unsigned int cmd, unsigned int sub_cmd, void *data,
			  size_t len, size_t *out_len)
{
	(void)cmd;
	(void)sub_cmd;
	(void)data;
	(void)len;
	(void)out_len;
	return TEEC_SUCCESS;
}

struct plugin_method plugin_method = {
	.name = "broken",
	.uuid = TEST_PLUGIN_BROKEN_UUID,
	.init = init,
	.invoke = invoke,
};
