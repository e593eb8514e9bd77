/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the trusted OS does for a TA in the middle of a call (OP-TEE's
 * system calls, and its tee_time.h for the clocks): the host ta_proc
 * calls back for a TA's system calls and for the yield of a long call.
 */
#ifndef TEEBOX_SECURE_TA_SYSCALL_H
#define TEEBOX_SECURE_TA_SYSCALL_H

#include <stdint.h>

#include "ta/include/tee_api_types.h"
#include "ta_proc.h"

struct sthread;

/**
 * sw_ree_time() - the normal world's time, asked on secure thread @t
 * with OPTEE_RPC_CMD_GET_TIME (TEE_GetREETime())
 * Return: TEE_SUCCESS, or the RPC's error (TEE_ERROR_COMMUNICATION for a
 * malformed answer).
 */
TEE_Result sw_ree_time(struct sthread *t, uint64_t *sec, uint32_t *nsec);

/** sw_system_time() - the trusted OS's own clock (TEE_GetSystemTime()). */
void sw_system_time(uint64_t *sec, uint32_t *nsec);

/**
 * ta_syscall_host() - fill @host for a TA call made on secure thread @t:
 * it serves the TA's system calls (enum ta_ipc_sys), with RPCs on @t
 * where needed, and yields to the normal world with a foreign-interrupt
 * RPC during long calls.  @host is valid as long as @t runs the call.
 */
void ta_syscall_host(struct sthread *t, struct ta_proc_host *host);

#endif
