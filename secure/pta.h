/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Pseudo TAs (OP-TEE's pseudo_ta.c): services of the trusted OS that a
 * client reaches like a TA, by UUID, with no image to load and no process
 * of their own.  Their entry point runs on the calling secure thread,
 * with the call's parameters as the trusted OS validated and mapped them.
 * As in OP-TEE they are single instance and multi-session, and accept
 * any login.
 */
#ifndef TEEBOX_SECURE_PTA_H
#define TEEBOX_SECURE_PTA_H

#include <stddef.h>
#include <stdint.h>

#include "ta/include/tee_api_types.h"
#include "ta_manager.h"
#include "ta_proc.h"

struct sthread;

/**
 * struct pseudo_ta - a pseudo TA
 * @name:	for logs
 * @uuid:	how clients name it
 * @invoke:	runs command @cmd on secure thread @t; values and memref
 *		sizes it changes in @params go back to the client as a TA's
 *		would (memref buffers through pta_memref_buffer())
 */
struct pseudo_ta {
	const char *name;
	TEE_UUID uuid;
	TEE_Result (*invoke)(struct sthread *t, uint32_t cmd, uint32_t types,
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
extern const struct pseudo_ta pta_teebox_info;

#endif
