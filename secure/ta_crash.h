/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The abort dump of a TA that a fatal signal killed: what OP-TEE prints
 * when a TA aborts (the fault, its address, the registers, the call stack
 * with function names), in the secure world's log, and a one-line
 * summary per TA UUID that teectl tas shows.
 *
 * What the TA reported (struct ta_ipc_crash) is numbers only: copied once,
 * its counts clipped, printed as numbers.  The signal is the one the
 * kernel reported; a record that names another is not used.  Names come
 * from the secure world's copy of the TA's image (ta_elf_sym.h).
 */
#ifndef TEEBOX_SECURE_TA_CRASH_H
#define TEEBOX_SECURE_TA_CRASH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ta/include/pta_teebox_info.h"
#include "ta/include/tee_api_types.h"
#include "teebox/ta_ipc.h"

/* A summary's length, NUL included. */
#define TA_CRASH_SUMMARY_LEN TEEBOX_INFO_CRASH_LEN

/**
 * struct ta_crash_info - a dead TA, as the secure world knows it
 * @name:	its UUID as text
 * @uuid:	its UUID
 * @sig:	the signal that killed it, as waitpid() reported it
 * @rec:	the crash record in the shared page (the TA is dead: nothing
 *		writes it any more; still copied once)
 * @elf, @elf_len: its image (NULL: no names)
 * @stack_size:	TA_STACK_SIZE from its header
 */
struct ta_crash_info {
	const char *name;
	const TEE_UUID *uuid;
	int sig;
	const struct ta_ipc_crash *rec;
	const void *elf;
	size_t elf_len;
	uint32_t stack_size;
};

/**
 * ta_crash_report() - log the abort dump of a TA killed by a signal and
 * keep its summary for ta_crash_last()
 * @c:		the TA
 */
void ta_crash_report(const struct ta_crash_info *c);

/**
 * ta_crash_last() - the summary of the last crash of TA @uuid
 * @buf:	[out] the summary, TA_CRASH_SUMMARY_LEN bytes
 * @count:	[out] how many of its instances crashed (may be NULL)
 * Return: false when no instance of it crashed (that the secure world
 * still remembers: it keeps the last TA_CRASH_REMEMBER TAs).
 */
bool ta_crash_last(const TEE_UUID *uuid, char *buf, uint32_t *count);

/* How many TAs' last crash are remembered. */
#define TA_CRASH_REMEMBER TEEBOX_INFO_CRASHES_MAX

/**
 * ta_crash_list() - the last crash of every TA remembered, least recent
 * first, into @out (up to @max cells)
 * Return: how many there are (more than @max: the rest was left out).
 */
size_t ta_crash_list(struct teebox_ta_crash *out, size_t max);

#endif
