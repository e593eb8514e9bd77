// SPDX-License-Identifier: BSD-2-Clause
/*
 * The values of object, enumerator and operation handles.
 *
 * A TA may keep a handle in 32 bits, in either of the two ways OP-TEE's
 * own test TAs do when they pass handles to their client in a TEE_Param
 * value and take them back:
 *
 * - the handle itself, cut to 32 bits (optee_test's storage TA:
 *   (uintptr_t)o into value.a, VAL2HANDLE(v) = (void *)(uintptr_t)v);
 * - its offset from the TA's ta_head, cut to 32 bits (optee_test's
 *   crypt TA, cryp_taf.c: HANDLE2VAL(h) = h - &ta_head, VAL2HANDLE(v) =
 *   v + &ta_head).
 *
 * On OP-TEE both work because the TA's image, its heap (where operation
 * handles point) and the ids its system calls return all lie in the low
 * 4 GiB above ta_head.  Here the structures live in the TA process's
 * heap and the image is loaded above 4 GiB on 64-bit hosts, so a handle
 * is &ta_head plus an id: the offset form gives the id back exactly,
 * and the cut form is the same value modulo 2^32, which is all
 * utee_handle_id() looks at.  The id comes from one counter for the
 * three kinds, so that a handle of one kind is never a live handle of
 * another, never 0 and not reused while it is live.  Each registry maps
 * its ids back (utee_obj_get(), utee_op_get(), the enumerators') and a
 * value it does not hold makes the TA panic, as before.
 */
#include <user_ta_header.h>

#include "utee_crypto.h"

/* The last id handed out; touched by the entry thread only. */
static uint32_t last_id;

/*
 * Whether @id would give a handle that is 0 once cut to 32 bits: a TA
 * keeping it that way would hand back TEE_HANDLE_NULL.
 */
static bool cuts_to_null(uint32_t id)
{
	return !(uint32_t)((uintptr_t)&ta_head + id);
}

uint32_t utee_handle_id_new(void)
{
	do {
		last_id++;
	} while (!last_id || cuts_to_null(last_id) ||
		 utee_obj_id_live(last_id) || utee_op_id_live(last_id) ||
		 utee_enum_id_live(last_id));
	return last_id;
}

void *utee_handle_of(uint32_t id)
{
	return (void *)((uintptr_t)&ta_head + id);
}

uint32_t utee_handle_id(const void *handle)
{
	/* TEE_HANDLE_NULL is no handle, whatever its offset. */
	if (!handle)
		return 0;
	return (uint32_t)((uintptr_t)handle - (uintptr_t)&ta_head);
}
