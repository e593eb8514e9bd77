/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The REE FS rollback floor (OP-TEE's nv_counter.c): dirf.db's header
 * counter, kept in the secure world's state directory where the normal
 * world cannot set it back.  It is as replay-protected as that
 * directory is private (docs/storage.md).
 */
#ifndef TEEBOX_SECURE_NV_COUNTER_H
#define TEEBOX_SECURE_NV_COUNTER_H

#include "tee_ree_fs.h"
#include "tee_rpmb.h"

/* The counter's file in the state directory. */
#define NV_COUNTER_FILE "ree_fs.counter"
/* The highest RPMB write counter the trusted OS has seen. */
#define NV_RPMB_COUNTER_FILE "rpmb.counter"

/*
 * struct tee_fs_rollback_ops over the file; the context is the state
 * directory's path (a NUL-terminated string that must outlive it).
 * get: a missing file is 0; a file of the wrong size or mode is
 * TEE_ERROR_SECURITY.  incr_to: never lowers it; writes a temporary
 * file, syncs it and renames it over the old one.
 */
extern const struct tee_fs_rollback_ops nv_counter_ops;

/*
 * struct tee_rpmb_floor_ops over NV_RPMB_COUNTER_FILE, same context and
 * rules: the file exists once the trusted OS has used an RPMB device.
 */
extern const struct tee_rpmb_floor_ops nv_rpmb_floor_ops;

#endif
