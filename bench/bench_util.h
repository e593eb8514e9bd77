/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What bench_tempref and bench_lifecycle share: a clock, medians, failing
 * loudly (a benchmark that goes on after a wrong answer times nonsense)
 * and what /proc says about a process.
 */
#ifndef TEEBOX_BENCH_UTIL_H
#define TEEBOX_BENCH_UTIL_H

#include <stddef.h>
#include <sys/types.h>

#include <tee_client_api.h>

/**
 * bench_now_ns() - CLOCK_MONOTONIC in nanoseconds
 * Return: the time.
 */
long bench_now_ns(void);

/**
 * bench_median() - sort @v in place and pick its middle
 * @v:	the samples
 * @n:	how many (at least 1)
 * Return: the median.
 */
double bench_median(double *v, size_t n);

/**
 * bench_fail() - print "bench: @what" and exit 1
 * @what:	what went wrong
 */
void bench_fail(const char *what) __attribute__((noreturn));

/**
 * bench_check() - bench_fail() unless @res is TEEC_SUCCESS
 * @res:	a TEEC result
 * @what:	the call that gave it
 */
void bench_check(TEEC_Result res, const char *what);

/**
 * bench_rss_kib() - resident set of process @pid
 * @pid:	the process
 * Return: VmRSS in KiB, or -1 if /proc does not say.
 */
long bench_rss_kib(pid_t pid);

/**
 * bench_cpu_ms() - CPU time process @pid used so far, user and system
 * @pid:	the process
 * Return: milliseconds, or -1 if /proc does not say.
 */
double bench_cpu_ms(pid_t pid);

#endif
