/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Deliberate faults for the crash harness's own test: the harness must
 * report each of them.  "flip" damages both header slots of one object
 * file (what a torn, non-atomic header write could leave);
 * "rollback" puts back the storage and state directories as they were a
 * few successful operations earlier (what a supplicant that acknowledged
 * writes it never made durable would leave).
 */
#ifndef TEEBOX_TESTS_CRASH_INJECT_H
#define TEEBOX_TESTS_CRASH_INJECT_H

/** enum crash_inject - the fault a trial adds, if any */
enum crash_inject {
	CRASH_INJECT_NONE,
	CRASH_INJECT_FLIP,
	CRASH_INJECT_ROLLBACK,
};

/**
 * crash_inject_flip() - flip a byte in both header slots (offsets 4 and
 * 72: docs/storage.md, "Files") of one object file in @storage_dir
 * Return: 0, or -errno (-ENOENT: no object file).
 */
int crash_inject_flip(const char *storage_dir);

/**
 * crash_dir_copy() - copy the regular files of @from (flat, as the
 * storage and state directories are) into @to, made if missing, after
 * removing every regular file @to had
 * Return: 0, or -errno.
 */
int crash_dir_copy(const char *from, const char *to);

#endif
