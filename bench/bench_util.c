// SPDX-License-Identifier: BSD-2-Clause
/* Helpers of bench_tempref and bench_lifecycle (bench/bench_util.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench/bench_util.h"

long bench_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000L + ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

double bench_median(double *v, size_t n)
{
	qsort(v, n, sizeof(*v), cmp_double);
	return v[n / 2];
}

void bench_fail(const char *what)
{
	fprintf(stderr, "bench: %s\n", what);
	exit(1);
}

void bench_check(TEEC_Result res, const char *what)
{
	if (res != TEEC_SUCCESS) {
		fprintf(stderr, "bench: %s failed: 0x%08x\n", what, res);
		exit(1);
	}
}

long bench_rss_kib(pid_t pid)
{
	char path[64], line[256];
	long kib = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "VmRSS: %ld kB", &kib) == 1)
			break;
	fclose(f);
	return kib;
}

double bench_cpu_ms(pid_t pid)
{
	unsigned long utime, stime;
	char path[64], buf[1024];
	const char *p;
	size_t n;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	/* The name may hold spaces and parentheses: start after the last. */
	p = strrchr(buf, ')');
	if (!p ||
	    sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu",
		   &utime, &stime) != 2)
		return -1;
	return (double)(utime + stime) * 1000.0 / (double)sysconf(_SC_CLK_TCK);
}
