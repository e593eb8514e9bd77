// SPDX-License-Identifier: BSD-2-Clause
/*
 * tee-supplicant plugins (OPTEE_RPC_CMD_SUPP_PLUGIN, docs/abi.md §5.4),
 * as OP-TEE's tee-supplicant loads and calls them (optee_client
 * tee-supplicant/src/plugin.c; the interface is tee_plugin_method.h):
 * at start, every file of the plugin directory (-p, else OP-TEE's
 * /usr/lib/tee-supplicant/plugins) is dlopen()ed and must export a
 * struct plugin_method "plugin_method" with a name and an invoke
 * function; its init, if any, must succeed.  A missing directory is not
 * an error; a file that is not a plugin is logged and skipped.
 *
 * Decoder: the request comes from the secure world through teed and is
 * checked as OP-TEE checks it (four params of the expected types), and
 * its data must lie in shared memory of ours.  A plugin is the
 * supplicant's own code, but the length it claims for its answer is
 * checked: more than it was given is logged and passed on as it is (as
 * OP-TEE passes it), and the secure world copies back no more than it
 * sent.
 *
 * Where OP-TEE differs: it reads the directory in readdir() order and a
 * later plugin with the same UUID hides an earlier one; here the files
 * are read in name order and the first plugin with a UUID keeps it (the
 * other is logged and unloaded), so which one answers does not depend on
 * the file system.
 */
#include <dirent.h>
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drivers/tee/optee/optee_rpc_cmd.h"
#include "supplicant.h"
#include "tee_plugin_method.h"

/**
 * struct supp_plugin - a loaded plugin
 * @handle:	dlopen()'s handle
 * @method:	its "plugin_method"
 * @next:	the next one loaded
 */
struct supp_plugin {
	void *handle;
	const struct plugin_method *method;
	struct supp_plugin *next;
};

static struct supp_plugin *find_plugin(struct supplicant *s, const TEEC_UUID *u)
{
	for (struct supp_plugin *p = s->plugins; p; p = p->next)
		if (!memcmp(&p->method->uuid, u, sizeof(*u)))
			return p;
	return NULL;
}

/* dlopen() @path: a plugin with a usable plugin_method, or NULL (logged). */
static struct supp_plugin *open_plugin(const char *path)
{
	const struct plugin_method *m;
	struct supp_plugin *p;
	void *handle;

	handle = dlopen(path, RTLD_LAZY);
	if (!handle) {
		fprintf(stderr, "tee-supplicant: cannot load plugin %s: %s\n",
			path, dlerror());
		return NULL;
	}
	m = dlsym(handle, "plugin_method");
	if (!m || !m->name || !m->invoke) {
		fprintf(stderr,
			"tee-supplicant: %s is not a plugin: no "
			"plugin_method with a name and an invoke function\n",
			path);
		dlclose(handle);
		return NULL;
	}
	p = calloc(1, sizeof(*p));
	if (!p) {
		dlclose(handle);
		return NULL;
	}
	p->handle = handle;
	p->method = m;
	return p;
}

/* Loads, initialises and keeps the plugin in @path, or logs why not. */
static void load_plugin(struct supplicant *s, const char *path)
{
	struct supp_plugin *p = open_plugin(path);
	TEEC_Result res;

	if (!p)
		return;
	if (find_plugin(s, &p->method->uuid)) {
		fprintf(stderr,
			"tee-supplicant: plugin %s (%s): its UUID is an "
			"earlier plugin's; not loaded\n",
			p->method->name, path);
		goto drop;
	}
	if (p->method->init) {
		res = p->method->init();
		if (res) {
			fprintf(stderr,
				"tee-supplicant: plugin %s (%s): init failed "
				"with 0x%x; not loaded\n",
				p->method->name, path, res);
			goto drop;
		}
	}
	fprintf(stderr, "tee-supplicant: plugin %s loaded from %s\n",
		p->method->name, path);
	p->next = s->plugins;
	s->plugins = p;
	return;
drop:
	dlclose(p->handle);
	free(p);
}

static int not_dot(const struct dirent *d)
{
	return strcmp(d->d_name, ".") && strcmp(d->d_name, "..");
}

void supp_plugin_load_all(struct supplicant *s)
{
	const char *dir = s->plugin_path ? s->plugin_path : SUPP_PLUGIN_DIR;
	struct dirent **names;
	char path[PATH_MAX];
	int n;

	n = scandir(dir, &names, not_dot, alphasort);
	if (n < 0) {
		/* As OP-TEE: no directory, no plugins, and no error. */
		fprintf(stderr,
			"tee-supplicant: no plugins: cannot open %s: %m\n",
			dir);
		return;
	}
	for (int i = 0; i < n; i++) {
		int len = snprintf(path, sizeof(path), "%s/%s", dir,
				   names[i]->d_name);

		if (len >= 0 && (size_t)len < sizeof(path))
			load_plugin(s, path);
		free(names[i]);
	}
	free(names);
}

void supp_plugin_unload_all(struct supplicant *s)
{
	while (s->plugins) {
		struct supp_plugin *p = s->plugins;

		s->plugins = p->next;
		dlclose(p->handle);
		free(p);
	}
}

static bool has_type(const struct tee_ioctl_param *p, uint64_t type)
{
	return (p->attr & TEE_IOCTL_PARAM_ATTR_TYPE_MASK) == type;
}

/*
 * The UUID the secure world sent: four u32 words holding the RFC 4122
 * octets in memory order (OP-TEE's tee_uuid_to_octets() into a u32
 * array), back into octets, then into TEEC_UUID's fields.
 */
static void uuid_of(const struct tee_ioctl_param *params, TEEC_UUID *u)
{
	uint32_t w[4] = {(uint32_t)params[0].b, (uint32_t)params[0].c,
			 (uint32_t)params[1].a, (uint32_t)params[1].b};
	uint8_t o[16];

	memcpy(o, w, sizeof(o));
	u->timeLow = (uint32_t)o[0] << 24 | (uint32_t)o[1] << 16 |
		     (uint32_t)o[2] << 8 | o[3];
	u->timeMid = (uint16_t)(o[4] << 8 | o[5]);
	u->timeHiAndVersion = (uint16_t)(o[6] << 8 | o[7]);
	memcpy(u->clockSeqAndNode, o + 8, sizeof(u->clockSeqAndNode));
}

uint32_t supp_plugin(struct supplicant *s, size_t num_params,
		     struct tee_ioctl_param *params)
{
	struct supp_plugin *p;
	size_t out_len = 0;
	size_t len;
	void *data = NULL;
	TEEC_Result res;
	TEEC_UUID uuid;

	if (num_params != 4 ||
	    !has_type(&params[0], TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT) ||
	    !has_type(&params[1], TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT) ||
	    !has_type(&params[2], TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT) ||
	    !has_type(&params[3], TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT))
		return TEEC_ERROR_BAD_PARAMETERS;
	/* Data that names no shared memory of ours (b is its size). */
	len = (size_t)params[3].b;
	if (len) {
		data = supp_param_mem(s, &params[3]);
		if (!data)
			return TEEC_ERROR_BAD_PARAMETERS;
	}
	if (params[0].a != OPTEE_RPC_SUPP_PLUGIN_INVOKE)
		return TEEC_ERROR_NOT_SUPPORTED;
	params[2].b = 0;
	uuid_of(params, &uuid);
	p = find_plugin(s, &uuid);
	if (!p)
		return TEEC_ERROR_ITEM_NOT_FOUND;
	res = p->method->invoke((unsigned int)params[1].c,
				(unsigned int)params[2].a, data, len, &out_len);
	if (out_len > len)
		fprintf(stderr,
			"tee-supplicant: plugin %s answered %zu bytes in a "
			"%zu-byte buffer; the TA gets at most %zu\n",
			p->method->name, out_len, len, len);
	params[2].b = out_len;
	return res;
}
