/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The secure world's side of the TA zygote (teebox/ta_zygote.h): it
 * starts the zygote on first need, as a TA process is started
 * (ta_monitor_spawn()), asks it for TA processes, checks its answers, and
 * restarts it at the next request once it died.  Every failure is the
 * caller's cue to start the TA by exec.
 */
#ifndef TEEBOX_SECURE_TA_PROC_ZYGOTE_H
#define TEEBOX_SECURE_TA_PROC_ZYGOTE_H

#include <stdbool.h>
#include <sys/types.h>

#include "ta_proc_monitor.h"

/**
 * ta_zygote_enabled() - whether TA processes are started by the zygote:
 * not in sanitizer builds whose runtime is linked into each executable
 * (clang's), nor when TEEBOX_TA_ZYGOTE=0 is in the secure world's
 * environment, nor with TEEBOX_TA_DEBUG=1 (gdb -p then finds the TA's
 * executable, as docs/ta-developer-guide.md shows) (an absolute path there names the zygote's executable,
 * which is otherwise the one beside the secure world's)
 */
bool ta_zygote_enabled(void);

/**
 * ta_zygote_spawn() - start a TA process from the zygote
 * @args:	as for ta_monitor_spawn(), @args->image_fd with DF_1_PIE
 *		cleared; @args->envp is the zygote's environment if it has
 *		to be started, @args->argv is not used
 * @pid, @pidfd: [out] the process, a child of the secure world, as
 *		ta_monitor_spawn() gives them
 * The caller still owns the descriptors in @args.
 * Return: 0, or -errno: no process was started; -ENOENT: there is no
 * zygote to start (said once, here).
 */
int ta_zygote_spawn(const struct ta_exec_args *args, pid_t *pid, int *pidfd);

/**
 * ta_zygote_pid() - the zygote's pid, -1 while there is none (once it
 * died, as soon as the TA monitor reaped it); for tests
 */
pid_t ta_zygote_pid(void);

#endif
