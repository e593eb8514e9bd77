/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The device tree teed boots with: a built-in default describing an
 * OP-TEE reached by SMC (as the seed's HiKey node), or a flattened tree
 * from a file (--dtb).
 */
#ifndef TEEBOX_TEED_DT_H
#define TEEBOX_TEED_DT_H

/**
 * dt_builtin() - the default tree: /firmware/optee with compatible
 * "linaro,optee-tz" and method "smc"
 * Return: a malloc()ed blob, or NULL when out of memory.
 */
void *dt_builtin(void);

/**
 * dt_load() - read a flattened device tree from @path and check its header
 * Return: a malloc()ed blob, or NULL (the reason is logged).
 */
void *dt_load(const char *path);

#endif
