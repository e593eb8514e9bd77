/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The REE FS anchored in RPMB (OP-TEE's CFG_REE_FS_INTEGRITY_RPMB=y):
 * dirf.db's counter is kept in the RPMB file "/dirfile.db.hash" as
 * well as in the state directory (nv_counter.h), and the floor is the
 * higher of the two.  So replaying an old storage directory, dirf.db
 * and object files together, is TEE_ERROR_SECURITY even when the state
 * directory went back with it, as long as the RPMB did not.
 */
#ifndef TEEBOX_SECURE_REE_FS_ANCHOR_H
#define TEEBOX_SECURE_REE_FS_ANCHOR_H

#include <stdbool.h>

#include "tee_ree_fs.h"
#include "tee_rpmb_fs.h"

/* OP-TEE's name of the RPMB file that pins dirf.db. */
#define REE_FS_ANCHOR_FILE "/dirfile.db.hash"

/**
 * struct ree_fs_anchor - the context of ree_fs_anchor_ops
 * @state_dir:	the secure world's state directory (nv_counter_ops)
 * @rpmb_fs:	the RPMB FS, or NULL
 * @rpmb_used:	whether an RPMB device was ever used here (the RPMB
 *		write-counter floor exists): then a device that is gone
 *		is an error, never a reason to trust the floor alone
 */
struct ree_fs_anchor {
	const char *state_dir;
	struct tee_rpmb_fs *rpmb_fs;
	bool (*rpmb_used)(const char *state_dir);
};

/*
 * struct tee_fs_rollback_ops over struct ree_fs_anchor.  get: the
 * higher of the state directory's floor and the RPMB file's (none yet:
 * 0); no RPMB device is the state directory's floor alone, unless one
 * was used before (TEE_ERROR_STORAGE_NOT_AVAILABLE).  incr_to: both.
 */
extern const struct tee_fs_rollback_ops ree_fs_anchor_ops;

/**
 * ree_fs_anchor_rpmb_used() - whether the trusted OS with state directory
 * @state_dir has used an RPMB device (its write-counter floor exists)
 * Return: true or false (false when it cannot tell).
 */
bool ree_fs_anchor_rpmb_used(const char *state_dir);

#endif
