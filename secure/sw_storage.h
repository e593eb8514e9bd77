/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Trusted storage in the running trusted OS: where its state lives, the
 * HUK read (or made) at boot, and the storage service built on it.
 * Storage that cannot start (state directory not writable, HUK file
 * refused) leaves the trusted OS running without it: every storage
 * request then fails with TEE_ERROR_STORAGE_NOT_AVAILABLE.
 */
#ifndef TEEBOX_SECURE_SW_STORAGE_H
#define TEEBOX_SECURE_SW_STORAGE_H

#include <stddef.h>
#include <stdint.h>

#include "huk.h"
#include "ta/include/tee_api_types.h"

struct tee_svc_storage;

/**
 * sw_state_dir_default() - the secure world's state directory when none
 * is given: /var/lib/teebox/secure for root, else
 * $XDG_STATE_HOME/teebox/secure or ~/.local/state/teebox/secure
 * @buf:	receives the path
 * @len:	its size
 * Return: 0, or -ENAMETOOLONG / -ENOENT (no home directory).
 */
int sw_state_dir_default(char *buf, size_t len);

/**
 * sw_storage_init() - create the state directory (0700, parents too),
 * read or make the HUK, derive the SSK and start the storage service
 * @state_dir:	the directory
 * @svc:	receives the service, or NULL when storage is unavailable
 * Return: 0, or a negative errno (logged; @svc is NULL then).
 */
int sw_storage_init(const char *state_dir, struct tee_svc_storage **svc);

struct secure_world;

/**
 * sw_storage_get() - the storage service, started on first use; call
 * with @sw->storage_lock held
 * Return: the service, or NULL when storage is unavailable.
 */
struct tee_svc_storage *sw_storage_get(struct secure_world *sw);

/**
 * sw_huk_load() - the installation's HUK (huk_load()) from @sw's state
 * directory, made on first use; the caller wipes it after use
 * @huk:	receives HUK_SIZE bytes
 * Return: 0, -ENOENT when the trusted OS has no state directory, or
 * huk_load()'s error.
 */
int sw_huk_load(const struct secure_world *sw, uint8_t huk[HUK_SIZE]);

#endif
