/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ta_test_shlib and its TA library: command 0 takes value a and returns
 * in value b what the library's shlib_scale() makes of it: a times the
 * TA's shlib_factor (7), counted through the TA's TEE_Malloc.
 */
#ifndef TA_TEST_SHLIB_H
#define TA_TEST_SHLIB_H

#include <stdint.h>

#define TA_TEST_SHLIB_CMD_SCALE 0

/* The TA's: the library reads it. */
extern uint32_t shlib_factor;

/* The library's. */
uint32_t shlib_scale(uint32_t a);

#endif
