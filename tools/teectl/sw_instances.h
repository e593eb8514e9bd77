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
 * Return: 0, or 1 after a message on stderr.
 */
int sw_instances_print(FILE *out, bool json);

#endif
