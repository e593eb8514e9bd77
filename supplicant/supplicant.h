/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * tee-supplicant: serves the secure world's requests that need the normal
 * world's user space (docs/abi.md §5): TA images now, the file system later.
 *
 *  tee_supplicant.c  the request loop (SUPPL_RECV / SUPPL_SEND), options
 *  dispatch.c        one request to its handler
 *  shm.c             shared memory the secure world asks for
 *  load_ta.c         LOAD_TA: TA images from the TA directories
 *  fs.c              FS: OP-TEE's REE file system sub-commands
 *  fs_name.c         FS: the names the secure world may use
 *  fs_root.c         FS: the storage directory, and walking beneath it
 *  rpmb.c            RPMB: requests to the emulated eMMC device
 *  rpmb_emu.c        RPMB: the device (key, write counter, MACs)
 *  rpmb_store.c      RPMB: its backing file, crash-safe
 *  plugin.c          SUPP_PLUGIN: plugins from the plugin directory
 *  supp_daemon.c     -d: the child opens the device, then the parent goes
 *  supp_notify.c     READY=1 to systemd (Type=notify units)
 */
#ifndef TEEBOX_SUPPLICANT_H
#define TEEBOX_SUPPLICANT_H

#include <dirent.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <linux/tee.h>

/* The GlobalPlatform results it answers with, as OP-TEE's supplicant. */
#include "tee_client_api.h"
#include "transport/tdev.h"

/**
 * struct supp_shm - shared memory allocated for the secure world
 * @id:		shm id (what the secure world's requests name)
 * @fd:		its fd
 * @va:		where we mapped it
 * @size:	its size
 * @kept:	the secure world freed it and it is kept, zeroed, for its
 *		next SHM_ALLOC (shm.c): no request names it until then
 */
struct supp_shm {
	int id;
	int fd;
	void *va;
	size_t size;
	bool kept;
};

/*
 * Freed memory kept for the next SHM_ALLOC, at most SUPP_SHM_KEEP_MAX
 * buffers and SUPP_SHM_KEEP_BYTES bytes (libteec's bounds for its
 * temporary memrefs): a TA load asks for its image's size each time.
 */
#define SUPP_SHM_KEEP_MAX   4
#define SUPP_SHM_KEEP_BYTES (1024 * 1024)

/* OP-TEE's default FS parent path (CFG_TEE_FS_PARENT_PATH). */
#define SUPP_FS_DEFAULT_DIR "/var/lib/tee"

/**
 * struct supp_fs - the REE file system served from the storage directory
 * @dir:	the storage directory (OP-TEE's fs_parent_path)
 * @root_fd:	the directory, opened and checked on first use; -1 before
 * @unavailable: it could not be made or is not ours: every request gets
 *		TEEC_ERROR_STORAGE_NOT_AVAILABLE (said once on stderr)
 * @files:	open files by handle - 1; -1 marks a free slot
 * @nfiles:	slots in @files
 * @dirs:	open directories by handle - 1; NULL marks a free slot
 * @ndirs:	slots in @dirs
 */
struct supp_fs {
	const char *dir;
	int root_fd;
	bool unavailable;
	int *files;
	size_t nfiles;
	DIR **dirs;
	size_t ndirs;
};

struct rpmb_emu;
struct supp_plugin;

/* OP-TEE's default plugin directory (CFG_TEE_PLUGIN_LOAD_PATH). */
#define SUPP_PLUGIN_DIR "/usr/lib/tee-supplicant/plugins"

/**
 * struct supplicant - the running supplicant
 * @dev:	the privileged device
 * @ta_path:	colon-separated TA directories
 * @fs:		the REE file system (secure storage)
 * @rpmb:	the emulated RPMB device, opened on first use
 * @rpmb_cid:	the CID a new emulated device gets (-r), or NULL
 * @plugin_path: the plugin directory (-p), NULL: SUPP_PLUGIN_DIR
 * @plugins:	the plugins loaded from it (plugin.c)
 * @shms:	shared memory we hold
 * @nshms:	entries used
 */
struct supplicant {
	struct tdev *dev;
	const char *ta_path;
	struct supp_fs fs;
	struct rpmb_emu *rpmb;
	const uint8_t *rpmb_cid;
	const char *plugin_path;
	struct supp_plugin *plugins;
	struct supp_shm *shms;
	size_t nshms;
};

/**
 * supp_init() - a supplicant with nothing open yet
 * @s:		to fill
 * @fs_dir:	the storage directory
 */
void supp_init(struct supplicant *s, const char *fs_dir);

/** supp_release() - close the files, directories and RPMB device of @s. */
void supp_release(struct supplicant *s);

/**
 * supp_dispatch() - serve one request of the secure world
 * @s:		the supplicant
 * @func:	the RPC command (OPTEE_RPC_CMD_*)
 * @num_params:	its parameters, without the meta one
 * @params:	them; outputs are written back in place
 * Return: the TEEC_* result for the secure world.
 */
uint32_t supp_dispatch(struct supplicant *s, uint32_t func, size_t num_params,
		       struct tee_ioctl_param *params);

/**
 * supp_param_mem() - the bytes a memref parameter names in our shared
 * memory
 * @s:		the supplicant
 * @p:		the parameter (a = offset, b = size, c = shm id)
 * Return: the address, or NULL when @p names no shared memory of ours or
 * runs past its end.
 */
void *supp_param_mem(struct supplicant *s, const struct tee_ioctl_param *p);

/**
 * supp_fs() - OPTEE_RPC_CMD_FS: one of OP-TEE's REE file system
 * sub-commands (value[0].a), served beneath the storage directory
 * @s:		the supplicant
 * @num_params:	parameters
 * @params:	them
 * Return: TEEC_SUCCESS or the TEEC_* error of ABI-FACTS §5.2 / §5.9.
 */
uint32_t supp_fs(struct supplicant *s, size_t num_params,
		 struct tee_ioctl_param *params);

/** supp_fs_release() - close every file and directory the FS holds. */
void supp_fs_release(struct supp_fs *fs);

/**
 * supp_rpmb() - OPTEE_RPC_CMD_RPMB: a request to the emulated eMMC RPMB
 * partition (memref[0] IN request, memref[1] OUT response)
 * @s:		the supplicant
 * @num_params:	parameters
 * @params:	them
 * Return: TEEC_SUCCESS (the device's own verdict is in the frames), or
 * TEEC_ERROR_BAD_PARAMETERS for a malformed request,
 * TEEC_ERROR_STORAGE_NOT_AVAILABLE when the device cannot be opened.
 */
uint32_t supp_rpmb(struct supplicant *s, size_t num_params,
		   struct tee_ioctl_param *params);

/**
 * supp_shm_alloc() - OPTEE_RPC_CMD_SHM_ALLOC: allocate b bytes, answer
 * the id in c (§5.9); a kept buffer of a fitting size (zeroed when it
 * was kept) is answered before a new one is asked of the device
 */
uint32_t supp_shm_alloc(struct supplicant *s, size_t num_params,
			struct tee_ioctl_param *params);

/**
 * supp_shm_free() - OPTEE_RPC_CMD_SHM_FREE of the id in b: the memory is
 * zeroed and kept for the next SHM_ALLOC within the keep bounds, else
 * unmapped and closed
 */
uint32_t supp_shm_free(struct supplicant *s, size_t num_params,
		       struct tee_ioctl_param *params);

/**
 * supp_shm_find() - our shared memory with @id that the secure world
 * holds (not kept), or NULL
 */
struct supp_shm *supp_shm_find(struct supplicant *s, uint64_t id);

/** supp_shm_free_all() - release everything (exit). */
void supp_shm_free_all(struct supplicant *s);

/**
 * supp_plugin_load_all() - load every plugin of the plugin directory and
 * run its init (OP-TEE's plugin_load_all()); what cannot be loaded is
 * logged and skipped
 */
void supp_plugin_load_all(struct supplicant *s);

/** supp_plugin_unload_all() - unload the plugins of @s. */
void supp_plugin_unload_all(struct supplicant *s);

/**
 * supp_plugin() - OPTEE_RPC_CMD_SUPP_PLUGIN: call the plugin the request
 * names (OP-TEE's plugin_process())
 * @s:		the supplicant
 * @num_params:	parameters
 * @params:	them (value[2].b gets the plugin's output length)
 * Return: TEEC_ERROR_BAD_PARAMETERS for a malformed request,
 * TEEC_ERROR_NOT_SUPPORTED for a sub-command other than
 * OPTEE_RPC_SUPP_PLUGIN_INVOKE, TEEC_ERROR_ITEM_NOT_FOUND when no plugin
 * has the UUID, else what the plugin returned.
 */
uint32_t supp_plugin(struct supplicant *s, size_t num_params,
		     struct tee_ioctl_param *params);

/**
 * supp_load_ta() - OPTEE_RPC_CMD_LOAD_TA, both phases (§5.7)
 */
uint32_t supp_load_ta(struct supplicant *s, size_t num_params,
		      struct tee_ioctl_param *params);

#endif
