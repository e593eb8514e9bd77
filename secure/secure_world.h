/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The trusted OS as one object: its configuration and the state its parts
 * share.  Each part has a header of its own:
 *
 *  entry.h	  where SMCs enter (entry.c, entry_fast.c, entry_std.c)
 *  thread.h	  secure threads: the pool, their states, the RPC round trip
 *  thread_rpc.h  RPC requests to the normal world (ALLOC, FREE, CMD)
 *  nw_shm.h	  normal-world shared memory the secure world accepts
 *  ta_manager.h  TA instances and sessions, GP lifecycle rules
 *  ta_loader.h   LOAD_TA through tee-supplicant and signature checking
 *  ta_ver_db.h   TA and subkey versions against rollback (ta_ver.db)
 *  ta_proc.h	  TA processes (the sandbox and the private channel)
 *  ta_syscall.h  what a TA may ask for during a call (time, waits), and
 *		  the yield of long calls
 *  mutex.h	  mutexes of secure threads, waiting through the normal world
 *  pta.h	  pseudo TAs
 *  sw_storage.h  trusted storage: state directory, HUK, the service
 *		  (tee_svc_storage.h over tee_ree_fs.h, fs_dirfile.h,
 *		  fs_htree.h; tee_fs_rpc.h to tee-supplicant)
 */
#ifndef TEEBOX_SECURE_SECURE_WORLD_H
#define TEEBOX_SECURE_SECURE_WORLD_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kernel/list.h"
#include "kernel/types.h"
#include "machine/nw_ram_sw.h"
#include "machine/smc_sw.h"
#include "mutex.h"
#include "ta_manager.h"
#include "thread.h"

struct tee_svc_storage;

/**
 * struct sw_config - how the firmware was built and configured
 * @nthreads:	secure threads
 * @shm_base:	reserved shared memory (GET_SHM_CONFIG)
 * @shm_size:	its size
 * @secure_base: secure RAM (refused as normal-world memory)
 * @secure_size: its size
 * @dynamic_shm: offer OPTEE_SMC_SEC_CAP_DYNAMIC_SHM: accept messages and
 *		buffers anywhere in normal-world RAM, page lists, and
 *		registered shared memory
 */
struct sw_config {
	unsigned int nthreads;
	phys_addr_t shm_base;
	size_t shm_size;
	phys_addr_t secure_base;
	size_t secure_size;
	bool dynamic_shm;
};

/**
 * struct secure_world - the trusted OS
 * @cfg:	configuration
 * @conduit:	the SMC conduit
 * @ram:	normal-world RAM as we see it
 * @lock:	protects @threads' states, cancel requests and TA
 *		processes, and @shm_cache_enabled
 * @threads:	the secure threads
 * @shm_cache_enabled: RPC buffers are kept between calls
 * @tm:		the TA manager
 * @pubkey:	DER public key TA images must be signed with
 * @pubkey_len:	its length
 * @have_ta_enc_key: @ta_enc_key was given (teed --ta-enc-key)
 * @ta_enc_key:	the class-wide TA encryption key (ta_enc_key.h), read
 *		at boot; never leaves the secure world
 * @reg_lock:	protects @reg_shms
 * @reg_shms:	memory the normal world registered (nw_shm.c)
 * @state_dir:	the secure world's state directory (the HUK), or NULL
 * @storage_lock: serializes every use of @storage (held across RPCs)
 * @storage_tried: @storage was started (or failed to start)
 * @storage:	the trusted storage service, NULL when unavailable
 *		(sw_storage.h)
 */
struct secure_world {
	struct sw_config cfg;
	struct smc_sw conduit;
	struct nw_ram_sw ram;
	pthread_mutex_t lock;
	struct sthread threads[SW_MAX_THREADS];
	bool shm_cache_enabled;
	struct ta_manager tm;
	const uint8_t *pubkey;
	size_t pubkey_len;
	bool have_ta_enc_key;
	uint8_t ta_enc_key[32];
	pthread_mutex_t reg_lock;
	struct list_head reg_shms;
	const char *state_dir;
	struct sw_mutex storage_lock;
	bool storage_tried;
	struct tee_svc_storage *storage;
};

#endif
