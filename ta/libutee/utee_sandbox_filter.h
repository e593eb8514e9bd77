/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The TA sandbox's seccomp filter (utee_sandbox_filter.c), shared by
 * libutee, which installs it (utee_sandbox.c), and the TA zygote, which
 * builds it once for all the TAs it forks (teebox/ta_zygote.h).
 */
#ifndef UTEE_SANDBOX_FILTER_H
#define UTEE_SANDBOX_FILTER_H

#include <seccomp.h>
#include <sys/types.h>

/**
 * utee_sandbox_filter_build() - the TA sandbox's filter for process @self
 * (the target its kill, tkill and tgkill rules allow), with
 * SCMP_FLTATR_CTL_TSYNC set; not loaded
 * @out:	[out] the filter; the caller releases it (seccomp_release())
 * Return: 0 or -errno.
 */
int utee_sandbox_filter_build(scmp_filter_ctx *out, pid_t self);

#endif
