// SPDX-License-Identifier: BSD-2-Clause
/*
 * Trusted storage's start in the trusted OS (sw_storage.h).  The HUK
 * and the SSK are wiped from this stack frame once the service holds
 * the SSK.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <openssl/crypto.h>

#include "huk.h"
#include "nv_counter.h"
#include "kernel/log.h"
#include "secure_world.h"
#include "sw_storage.h"
#include "tee_ree_fs.h"
#include "tee_svc_storage.h"

int sw_state_dir_default(char *buf, size_t len)
{
	const char *xdg = getenv("XDG_STATE_HOME");
	const char *home = getenv("HOME");
	int n;

	if (!geteuid())
		n = snprintf(buf, len, "/var/lib/teebox/secure");
	else if (xdg && *xdg == '/')
		n = snprintf(buf, len, "%s/teebox/secure", xdg);
	else if (home && *home == '/')
		n = snprintf(buf, len, "%s/.local/state/teebox/secure", home);
	else
		return -ENOENT;
	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

/* mkdir -p with mode 0700 for the directories it makes. */
static int make_parents(const char *path)
{
	char tmp[4096];
	size_t len = strlen(path);

	if (len >= sizeof(tmp))
		return -ENAMETOOLONG;
	memcpy(tmp, path, len + 1);
	for (char *p = tmp + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = 0;
		if (mkdir(tmp, 0700) && errno != EEXIST)
			return -errno;
		*p = '/';
	}
	return 0;
}

int sw_storage_init(const char *state_dir, struct tee_svc_storage **svc)
{
	uint8_t huk[HUK_SIZE], ssk[32];
	int rc;

	*svc = NULL;
	rc = make_parents(state_dir);
	if (!rc)
		rc = huk_load(state_dir, huk);
	if (rc) {
		pr_err("trusted storage unavailable: no hardware unique key in "
		       "%s (%s)",
		       state_dir, strerror(-rc));
		return rc;
	}
	rc = huk_ssk_derive(huk, ssk);
	OPENSSL_cleanse(huk, sizeof(huk));
	if (!rc && tee_svc_storage_new(ssk, svc))
		rc = -ENOMEM;
	OPENSSL_cleanse(ssk, sizeof(ssk));
	/* dirf.db's counter lives beside the HUK, out of the supplicant's reach. */
	if (!rc)
		tee_ree_fs_set_rollback(tee_svc_storage_fs(*svc),
					&nv_counter_ops, (void *)state_dir);
	if (rc)
		pr_err("trusted storage unavailable: %s", strerror(-rc));
	return rc;
}

struct tee_svc_storage *sw_storage_get(struct secure_world *sw)
{
	if (!sw->storage_tried && sw->state_dir)
		sw_storage_init(sw->state_dir, &sw->storage);
	sw->storage_tried = true;
	return sw->storage;
}
