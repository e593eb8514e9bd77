// SPDX-License-Identifier: BSD-2-Clause
/*
 * GP TEE Internal Core API, Cancellation Functions.  A client's cancel
 * request reaches the TA as a flag in the shared page, tagged with the
 * call it is for.  Each session starts with cancellation masked (GP), and
 * keeps its mask from call to call; outside sessions (create, destroy) it
 * stays masked unless the TA unmasks it there.
 */
#include <tee_internal_api.h>

#include "utee_priv.h"

bool TEE_GetCancellationFlag(void)
{
	if (*utee_session_cancel_mask())
		return false;
	return utee_channel_cancelled();
}

bool TEE_UnmaskCancellation(void)
{
	bool *mask = utee_session_cancel_mask();
	bool was = *mask;

	*mask = false;
	return was;
}

bool TEE_MaskCancellation(void)
{
	bool *mask = utee_session_cancel_mask();
	bool was = *mask;

	*mask = true;
	return was;
}
