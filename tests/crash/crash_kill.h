/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The processes of a running teebox that the crash harness kills: teed,
 * the secure world (teed's child), tee-supplicant and the TA processes
 * (the secure world's children), found through /proc.
 */
#ifndef TEEBOX_TESTS_CRASH_KILL_H
#define TEEBOX_TESTS_CRASH_KILL_H

#include <stdbool.h>
#include <sys/types.h>

#include "tests/e2e/harness.h"

/* teed, the secure world, the supplicant and up to a few TA processes. */
#define CRASH_MAX_CHAIN 16

/** enum crash_victim - which process of the chain a trial kills */
enum crash_victim {
	CRASH_KILL_TEED,
	CRASH_KILL_SECURE,
	CRASH_KILL_SUPPLICANT,
	CRASH_KILL_TA,
	CRASH_VICTIMS,
};

/** crash_victim_name() - Return: @v as the report names it. */
const char *crash_victim_name(enum crash_victim v);

/**
 * crash_victim_pid() - the process @v is in @h now
 * Return: its pid, or 0 if there is none.
 */
pid_t crash_victim_pid(const struct harness *h, enum crash_victim v);

/**
 * crash_chain_pids() - every process of @h: teed, the secure world, the
 * supplicant, the TA processes
 * @h:		the teebox
 * @pids:	set to them
 * @max:	@pids' size
 * Return: how many were found.
 */
int crash_chain_pids(const struct harness *h, pid_t *pids, int max);

/**
 * crash_wait_gone() - wait until none of @pids runs (a zombie counts as
 * gone: it holds no file any more)
 * @pids:	the processes
 * @n:		how many
 * @ms:		how long to wait
 * Return: 0, or the first pid still running after @ms.
 */
pid_t crash_wait_gone(const pid_t *pids, int n, int ms);

#endif
