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
#include "ree_fs_anchor.h"
#include "kernel/log.h"
#include "secure_world.h"
#include "sw_storage.h"
#include "tee_ree_fs.h"
#include "tee_rpmb.h"
#include "tee_rpmb_fs.h"
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

/* One trusted OS per process: the REE FS's rollback store. */
static struct ree_fs_anchor anchor;

/*
 * The RPMB client and FS: used when tee-supplicant serves a device
 * (teebox's does by default), found out on first use.
 */
static TEE_Result rpmb_start(const char *state_dir, const uint8_t *huk,
			     const uint8_t *ssk, struct tee_svc_storage *svc)
{
	struct tee_rpmb_fs *fs = NULL;
	struct tee_rpmb *rpmb = NULL;
	TEE_Result res;

	res = tee_rpmb_new(huk, &nv_rpmb_floor_ops, (void *)state_dir, &rpmb);
	if (!res)
		res = tee_rpmb_fs_new(ssk, rpmb, &fs);
	if (res) {
		tee_rpmb_free(rpmb);
		return res;
	}
	tee_svc_storage_set_rpmb(svc, rpmb, fs);
	anchor.state_dir = state_dir;
	anchor.rpmb_fs = fs;
	anchor.rpmb_used = ree_fs_anchor_rpmb_used;
	return TEE_SUCCESS;
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
	if (!rc && tee_svc_storage_new(ssk, svc))
		rc = -ENOMEM;
	if (!rc && rpmb_start(state_dir, huk, ssk, *svc)) {
		tee_svc_storage_free(*svc);
		*svc = NULL;
		rc = -ENOMEM;
	}
	OPENSSL_cleanse(huk, sizeof(huk));
	OPENSSL_cleanse(ssk, sizeof(ssk));
	/*
	 * dirf.db's counter lives beside the HUK, out of the supplicant's
	 * reach, and in RPMB when there is one.
	 */
	if (!rc)
		tee_ree_fs_set_rollback(tee_svc_storage_fs(*svc),
					&ree_fs_anchor_ops, &anchor);
	if (rc)
		pr_err("trusted storage unavailable: %s", strerror(-rc));
	return rc;
}

int sw_huk_load(const struct secure_world *sw, uint8_t huk[HUK_SIZE])
{
	int rc;

	if (!sw->state_dir)
		return -ENOENT;
	rc = make_parents(sw->state_dir);
	if (!rc)
		rc = huk_load(sw->state_dir, huk);
	return rc;
}

struct tee_svc_storage *sw_storage_get(struct secure_world *sw)
{
	if (!sw->storage_tried && sw->state_dir)
		sw_storage_init(sw->state_dir, &sw->storage);
	sw->storage_tried = true;
	return sw->storage;
}
