/* SPDX-License-Identifier: BSD-2-Clause */
/* Reached only through scratch_lib's incdirs-y. */
#ifndef SCRATCH_LIB_BASE_H
#define SCRATCH_LIB_BASE_H

#define SCRATCH_LIB_BASE 1000

#endif
