// SPDX-License-Identifier: BSD-2-Clause
/*
 * fuzz_ta_elf_symbols: libFuzzer target for the symbolizer of TA crash
 * reports (secure/ta_elf_sym.c), which reads the TA author's ELF image
 * and addresses the crashed TA reported.
 *
 * Input: 8 bytes of load base, 8 bytes of address, then the image, which
 * sits in a heap block of exactly its size (ASan catches a read beyond
 * it).  The address is looked up as given and at a few offsets from the
 * base, so that mutations of a real image reach its symbol tables.  The
 * answer must be a printable, NUL-terminated name.  The TA header's
 * objects the memory limit comes from (ta_elf_sym_read()) are read from
 * the same image.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "secure/ta_elf_sym.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(const struct ta_elf_sym *s)
{
	size_t n = strnlen(s->name, sizeof(s->name));

	if (n == sizeof(s->name))
		abort();
	for (size_t i = 0; i < n; i++)
		if (s->name[i] < 0x20 || s->name[i] > 0x7e)
			abort();
	if (s->found && (!s->in_text || !n))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const uint64_t offsets[] = {0, 0x1000, 0x1234, 0x2810, 0x4000};
	uint64_t base, addr, heap;
	unsigned char head[32];
	struct ta_elf_sym s;
	uint8_t *elf;

	if (size < 16)
		return 0;
	memcpy(&base, data, 8);
	memcpy(&addr, data + 8, 8);
	size -= 16;
	elf = malloc(size ? size : 1);
	if (!elf)
		return 0;
	memcpy(elf, data + 16, size);
	ta_elf_sym_lookup(elf, size, base, addr, &s);
	check(&s);
	for (size_t i = 0; i < sizeof(offsets) / sizeof(offsets[0]); i++) {
		ta_elf_sym_lookup(elf, size, base, base + offsets[i], &s);
		check(&s);
	}
	ta_elf_sym_read(elf, size, "ta_head", head, sizeof(head));
	ta_elf_sym_read(elf, size, "ta_heap_size", &heap, sizeof(heap));
	free(elf);
	return 0;
}
