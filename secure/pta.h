/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Pseudo TAs (OP-TEE's pseudo_ta.c): services of the trusted OS that a
 * client reaches like a TA, by UUID, with no image to load and no process
 * of their own.  Their entry point runs on the calling secure thread,
 * with the call's parameters as the trusted OS validated and mapped them.
 * As in OP-TEE they are single instance and multi-session; one with an
 * @open hook chooses its callers, the others accept any login.
 */
#ifndef TEEBOX_SECURE_PTA_H
#define TEEBOX_SECURE_PTA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ta/include/tee_api_types.h"
#include "ta_manager.h"
#include "ta_proc.h"

struct sthread;

/**
 * struct pta_caller - who opened the session a pseudo TA serves
 * @client:	the identity the session was opened with (a TA's:
 *		TEE_LOGIN_TRUSTED_APP and the TA's UUID)
 * @from_ta:	a TA opened it (OP-TEE: the calling session is a user
 *		TA's), not a client of the normal world
 */
struct pta_caller {
	TEE_Identity client;
	bool from_ta;
};

/**
 * struct pseudo_ta - a pseudo TA
 * @name:	for logs
 * @uuid:	how clients name it
 * @open:	may refuse a session to @caller (the result goes to the
 *		caller, origin TEE_ORIGIN_TRUSTED_APP); NULL: every session
 *		opens
 * @invoke:	runs command @cmd for @caller on secure thread @t; values
 *		and memref sizes it changes in @params go back to the client
 *		as a TA's would (memref buffers through pta_memref_buffer())
 */
struct pseudo_ta {
	const char *name;
	TEE_UUID uuid;
	TEE_Result (*open)(const struct pta_caller *caller);
	TEE_Result (*invoke)(struct sthread *t, const struct pta_caller *caller,
			     uint32_t cmd, uint32_t types,
			     struct ta_call_param params[4]);
};

/** pta_find() - the pseudo TA with @uuid, or NULL. */
const struct pseudo_ta *pta_find(const TEE_UUID *uuid);

/**
 * pta_memref_buffer() - where a memref parameter's memory is mapped in
 * the trusted OS, or NULL for a null memref
 */
void *pta_memref_buffer(const struct ta_call_param *p);

/**
 * pta_memref_secure() - a memref parameter is secure memory: a calling
 * TA's own (copied by the trusted OS, OP-TEE's bounce buffer), not the
 * normal world's shared memory, whether a client passed it or a TA
 * passed on its client's memref (OP-TEE's vm_check_access_rights() with
 * TEE_MEMORY_ACCESS_SECURE)
 */
bool pta_memref_secure(const struct ta_call_param *p);

/**
 * pta_instances() - answer a "one cell per TA instance" command, whose
 * parameters are a MEMREF_OUTPUT alone: fill it with a cell of
 * @cell_size per instance (@fill writes one, zeroed before), or say how
 * much is needed
 * Return: TEE_SUCCESS, TEE_ERROR_SHORT_BUFFER with the memref's size set
 * to the size needed, or TEE_ERROR_BAD_PARAMETERS for other @types.
 */
TEE_Result pta_instances(struct sthread *t, uint32_t types,
			 struct ta_call_param params[4], size_t cell_size,
			 void (*fill)(const struct tm_instance_view *v,
				      void *cell));

/* The pseudo TAs (one file each). */
extern const struct pseudo_ta pta_stats;
extern const struct pseudo_ta pta_system;
extern const struct pseudo_ta pta_teebox_info;

#endif
