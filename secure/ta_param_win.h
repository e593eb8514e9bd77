/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The parameter window of a TA process, the secure world's side (see
 * teebox/ta_ipc.h): the only memory through which memref parameters
 * reach a TA.
 *
 * Linux cannot give a process a view of part of a file that can be taken
 * back, so the client's memory never enters the TA process.  Before a
 * call, the secure world copies each memref's bytes from normal-world
 * RAM into the window (every direction: on hardware the TA sees the
 * client's pages even for OUTPUT, and no byte of an earlier call may
 * show); after the reply it copies OUTPUT and INOUT memrefs back, the
 * whole buffer the client gave, as a TA writing in place would leave it.
 * What the TA does to the window after that reaches no one.
 *
 * The window is a sealed (neither shrinks nor grows) sparse memory file
 * of TA_IPC_WIN_SIZE bytes, mapped once by both sides.  Every call lays
 * its memrefs out from the start of bank 0 (bank 1 is then the TA's
 * transfer bank), so that calls of the same shape use the same span,
 * which the TA then keeps open instead of reprotecting it (see
 * ta/libutee/utee_memref.c): a pointer a TA kept from one call reaches
 * the next call's own bytes where that call's span covers it, as on
 * OP-TEE, which maps the next call's params where the last call's were.
 * After a call that used more than TA_IPC_WIN_KEEP of a bank, the pages
 * above that are given back.
 *
 * Calls on one TA process are serialised by the caller, whose thread
 * owns the window during a call.
 */
#ifndef TEEBOX_SECURE_TA_PARAM_WIN_H
#define TEEBOX_SECURE_TA_PARAM_WIN_H

#include <stdint.h>

#include "ta/include/tee_api_types.h"
#include "ta_proc.h"
#include "teebox/ta_ipc.h"

/**
 * struct ta_param_win - a TA process's parameter window
 * @fd:		the memory file (-1: none); the TA got a copy at exec
 * @va:		our mapping of all of it
 * @high:	per bank, the end of what our copies may have made resident
 */
struct ta_param_win {
	int fd;
	uint8_t *va;
	uint64_t high[2];
};

/**
 * ta_param_win_create() - make and map the window of a new TA process
 * @w:		filled; its @fd goes to the child at TA_IPC_WIN_FD
 * Return: 0 or -errno (@w then holds nothing: ta_param_win_destroy()
 * is still safe).
 */
int ta_param_win_create(struct ta_param_win *w);

/**
 * ta_param_win_destroy() - unmap and close; safe on a @w whose creation
 * failed or that was never created (@fd -1, @va NULL)
 */
void ta_param_win_destroy(struct ta_param_win *w);

/**
 * ta_param_win_in() - lay the memrefs of a call out from the start of bank
 * 0 and copy their bytes in, zeros around them
 * @types:	the call's TEE_PARAM_TYPES (checked by the caller)
 * @params:	the call's params (memrefs with their normal-world memory)
 * @req:	gets each memref's flags, offset and size, and the span
 * Return: TEE_SUCCESS, or TEE_ERROR_OUT_OF_MEMORY when the memrefs do not
 * fit in a bank (OP-TEE fails so when it cannot map a call's params into
 * the TA); nothing was copied then.
 */
TEE_Result ta_param_win_in(struct ta_param_win *w, uint32_t types,
			   const struct ta_call_param *params,
			   struct ta_ipc_request *req);

/**
 * ta_param_win_out() - after a reply: copy OUTPUT and INOUT memrefs of
 * @req back to the normal-world memory of @params, whole
 */
void ta_param_win_out(struct ta_param_win *w, uint32_t types,
		      const struct ta_ipc_request *req,
		      const struct ta_call_param *params);

/**
 * ta_param_win_trim() - after a call: give back the pages of its bank
 * above TA_IPC_WIN_KEEP, so that one large call does not stay resident
 */
void ta_param_win_trim(struct ta_param_win *w,
		       const struct ta_ipc_request *req);

/**
 * ta_param_win_trim_bank() - bank @bank was written up to @end (offset
 * in the window; a TA-to-TA transfer): give back its pages above
 * TA_IPC_WIN_KEEP
 */
void ta_param_win_trim_bank(struct ta_param_win *w, unsigned int bank,
			    uint64_t end);

#endif
