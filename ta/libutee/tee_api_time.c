// SPDX-License-Identifier: BSD-2-Clause
/*
 * GP TEE Internal Core API, Time Functions.
 *
 * System time and REE time come from the trusted OS (system calls): the
 * system time is its monotonic clock, the REE time the normal world's
 * clock, which it asks for (OPTEE_RPC_CMD_GET_TIME).  TEE_Wait() sleeps in
 * the trusted OS, which asks the normal world to sleep
 * (OPTEE_RPC_CMD_SUSPEND) a slice at a time, so that a cancel request ends
 * a wait whose cancellation is unmasked.
 *
 * TA persistent time is the trusted OS's (secure/ta_time.c): per TA,
 * kept across restarts.  The results GP allows are returned, with OP-TEE's
 * libutee rules: TIME_NOT_SET and TIME_NEEDS_RESET zero the time,
 * OVERFLOW keeps the wrapped one.
 *
 * GP makes every other error a panic: a TA cannot go on without a clock.
 */
#include <tee_internal_api.h>
#include <utee_syscalls.h>

#include "utee_priv.h"

#define NSEC_PER_MSEC 1000000ULL

/* A clock system call's seconds and nanoseconds as a TEE_Time. */
static void get_time(uint32_t nr, TEE_Time *time)
{
	uint64_t out[TA_IPC_SYS_NUM_ARGS];
	TEE_Result res;

	if (!time)
		TEE_Panic(TEE_ERROR_BAD_PARAMETERS);
	res = utee_syscall(nr, NULL, out);
	if (res)
		TEE_Panic(res);
	/* GP's seconds are 32 bits: they wrap in 2106. */
	time->seconds = (uint32_t)out[0];
	time->millis = (uint32_t)(out[1] / NSEC_PER_MSEC);
}

void TEE_GetSystemTime(TEE_Time *time)
{
	get_time(TA_IPC_SYS_GET_SYSTEM_TIME, time);
}

TEE_Result TEE_Wait(uint32_t timeout)
{
	bool cancellable = !*utee_session_cancel_mask();
	uint64_t args[TA_IPC_SYS_NUM_ARGS] = {timeout, cancellable};
	TEE_Result res;

	/* A request that came already: no need to ask. */
	if (cancellable && utee_channel_cancelled())
		return TEE_ERROR_CANCEL;
	res = utee_syscall(TA_IPC_SYS_WAIT, args, NULL);
	if (res != TEE_SUCCESS && res != TEE_ERROR_CANCEL)
		TEE_Panic(res);
	return res;
}

TEE_Result TEE_GetTAPersistentTime(TEE_Time *time)
{
	uint64_t out[TA_IPC_SYS_NUM_ARGS];
	TEE_Result res;

	if (!time)
		TEE_Panic(TEE_ERROR_BAD_PARAMETERS);
	res = utee_syscall(TA_IPC_SYS_GET_TA_TIME, NULL, out);
	if (res)
		TEE_Panic(res);
	res = (TEE_Result)out[2];
	time->seconds = (uint32_t)out[0];
	time->millis = (uint32_t)out[1];
	if (res == TEE_SUCCESS || res == TEE_ERROR_OVERFLOW)
		return res;
	time->seconds = 0;
	time->millis = 0;
	if (res != TEE_ERROR_TIME_NOT_SET && res != TEE_ERROR_TIME_NEEDS_RESET)
		TEE_Panic(res);
	return res;
}

TEE_Result TEE_SetTAPersistentTime(const TEE_Time *time)
{
	uint64_t args[TA_IPC_SYS_NUM_ARGS] = {0};
	TEE_Result res;

	if (!time)
		TEE_Panic(TEE_ERROR_BAD_PARAMETERS);
	args[0] = time->seconds;
	args[1] = time->millis;
	res = utee_syscall(TA_IPC_SYS_SET_TA_TIME, args, NULL);
	if (res != TEE_SUCCESS && res != TEE_ERROR_OUT_OF_MEMORY &&
	    res != TEE_ERROR_STORAGE_NO_SPACE)
		TEE_Panic(res);
	return res;
}

void TEE_GetREETime(TEE_Time *time)
{
	get_time(TA_IPC_SYS_GET_REE_TIME, time);
}
