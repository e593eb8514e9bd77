/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The TA's system calls into the trusted OS, as libutee makes them: the
 * GP functions (tee_api.h) are built on these, and TAs use those.  This
 * raw entry is for the runtime itself and for tests that must send the
 * trusted OS what a well-behaved runtime never would.
 */
#ifndef UTEE_SYSCALLS_H
#define UTEE_SYSCALLS_H

#include <stdint.h>

#include "tee_api_types.h"

/**
 * utee_syscall() - make system call @nr (enum ta_ipc_sys in
 * teebox/ta_ipc.h) with @args and wait for its answer
 * @args:	its four arguments (NULL: all 0)
 * @out:	[out] its four results (NULL: not wanted)
 * Only during a call (an entry point runs); the trusted OS checks the
 * number and every argument.
 * Return: the system call's result, or TEE_ERROR_BAD_STATE outside a call.
 */
TEE_Result utee_syscall(uint32_t nr, const uint64_t args[4], uint64_t out[4]);

#endif /* UTEE_SYSCALLS_H */
