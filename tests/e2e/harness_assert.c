// SPDX-License-Identifier: BSD-2-Clause
/* The harness for cmocka tests; see harness.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "harness.h"

void harness_start_ok(struct harness *h, struct harness_opts o)
{
	assert_int_equal(harness_start(h, &o), 0);
}

void harness_stop_ok(struct harness *h)
{
	assert_int_equal(harness_stop(h), 0);
}

void harness_stop_leftover(struct harness *h)
{
	/* harness_stop() clears teed's pid: only a running teebox has one. */
	if (h->teed > 0)
		harness_stop(h);
}
