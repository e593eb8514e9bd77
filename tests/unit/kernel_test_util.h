/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the unit tests of the kernel services (test_kernel_*.c) share: a
 * repeatable random sequence and a sleep that signals do not cut short.
 */
#ifndef TEEBOX_TESTS_KERNEL_TEST_UTIL_H
#define TEEBOX_TESTS_KERNEL_TEST_UTIL_H

#include <errno.h>
#include <stdint.h>
#include <time.h>

/**
 * next_rand() - the next number of a small deterministic PRNG (xorshift32)
 * @s:	its state, updated; runs with the same seed repeat exactly
 *
 * Return: the next number.
 */
static inline uint32_t next_rand(uint32_t *s)
{
	uint32_t x = *s;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	*s = x;
	return x;
}

/** sleep_ms() - sleep @ms milliseconds, also across signals. */
static inline void sleep_ms(long ms)
{
	struct timespec ts = {
		.tv_sec = ms / 1000,
		.tv_nsec = (ms % 1000) * 1000000L,
	};

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

#endif /* TEEBOX_TESTS_KERNEL_TEST_UTIL_H */
