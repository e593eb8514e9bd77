/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The secure world's view for teectl tas: the TA instances, asked of the
 * trusted OS as a GP client through teebox's information pseudo TA
 * (ta/include/pta_teebox_info.h).
 */
#ifndef TEEBOX_TEECTL_SW_INSTANCES_H
#define TEEBOX_TEECTL_SW_INSTANCES_H

#include <stdbool.h>
#include <stdio.h>

/**
 * sw_instances_print() - print the TA instances of the TEE that
 * $TEEBOX_RUNTIME_DIR names, to @out: a table, or with @json a JSON array
 * @timeout_s:	how long to wait for the answer: the pseudo TA needs a
 *		free secure thread, and calls that never end may hold them
 *		all; teectl then says the TEE is busy instead of hanging
 * Return: 0, or 1 after a message on stderr (and, when the TEE was busy,
 * "busy" in @out: a line, or the JSON string "busy").
 */
int sw_instances_print(FILE *out, bool json, unsigned int timeout_s);

#endif
