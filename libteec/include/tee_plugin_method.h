/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The tee-supplicant plugin interface (optee_client's public
 * tee_plugin_method.h): a plugin is a shared object in the supplicant's
 * plugin directory (-p/--plugin-path) that exports one
 * "struct plugin_method plugin_method".  A TA reaches it by @uuid with
 * tee_invoke_supp_plugin() (tee_internal_api_extensions.h).
 *
 * tee-supplicant calls @init once when it loads the plugin, at start (a
 * plugin whose @init fails is not loaded), and @invoke for each request,
 * one at a time: @data holds @in_len bytes from the TA, which @invoke may
 * overwrite in place; it sets *@out_len to the length of its answer,
 * which must not exceed @in_len (the TA gets no more than @in_len bytes
 * back).  Both return TEEC_SUCCESS or a TEEC_ERROR_* code, which is what
 * tee_invoke_supp_plugin() returns to the TA.
 */
#ifndef TEE_PLUGIN_METHOD_H
#define TEE_PLUGIN_METHOD_H

#include <stddef.h>

#include <tee_client_api.h>

/**
 * struct plugin_method - what a plugin exports as "plugin_method"
 * @name:	a short name, for the supplicant's log; must not be NULL
 * @uuid:	the UUID TAs call it by
 * @init:	called once after loading; may be NULL
 * @invoke:	serves command @cmd, sub-command @sub_cmd; must not be NULL
 */
struct plugin_method {
	const char *name;
	TEEC_UUID uuid;
	TEEC_Result (*init)(void);
	TEEC_Result (*invoke)(unsigned int cmd, unsigned int sub_cmd,
			      void *data, size_t in_len, size_t *out_len);
};

#endif /* TEE_PLUGIN_METHOD_H */
