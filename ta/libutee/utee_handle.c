// SPDX-License-Identifier: BSD-2-Clause
/*
 * The values of object, enumerator and operation handles.
 *
 * A TA may keep a handle in 32 bits: OP-TEE's object and enumerator
 * handles are the 32-bit ids its system calls return, and its operation
 * handles point into a TA heap that lies below 4 GiB, so OP-TEE's own
 * test TAs (optee_test's storage and crypt TAs) pass handles to their
 * client in a TEE_Param value and take them back the same way
 * ((uintptr_t)handle, VAL2HANDLE()).  Here the structures live in the
 * TA process's heap, above 4 GiB on 64-bit hosts, so a handle is not
 * their address but an id: one counter for the three kinds, so that a
 * handle of one kind is never a live handle of another, never 0
 * (TEE_HANDLE_NULL) and not reused while it is live.  Each registry maps
 * its ids back (utee_obj_get(), utee_op_get(), the enumerators') and a
 * value it does not hold makes the TA panic, as before.
 */
#include "utee_crypto.h"

/* The last id handed out; touched by the entry thread only. */
static uint32_t last_id;

uint32_t utee_handle_id_new(void)
{
	do {
		last_id++;
	} while (!last_id || utee_obj_id_live(last_id) ||
		 utee_op_id_live(last_id) || utee_enum_id_live(last_id));
	return last_id;
}

uint32_t utee_handle_id(const void *handle)
{
	uintptr_t v = (uintptr_t)handle;

	return v > UINT32_MAX ? 0 : (uint32_t)v;
}
