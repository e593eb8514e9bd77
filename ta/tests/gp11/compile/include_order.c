// SPDX-License-Identifier: BSD-2-Clause
/*
 * Must not compile: tee_api_compat.h before tee_internal_api.h (the
 * remapping would come before the prototypes it renames).  Compiled by
 * the ctest test_gp11_include_order, which wants the SDK's #error.
 */
#include <tee_api_compat.h>
#include <tee_internal_api.h>
