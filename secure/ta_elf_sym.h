/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Function names for a TA's crash report, and the initial values of the
 * TA header's objects, from the TA's own ELF image (.symtab, else
 * .dynsym), as the secure world holds it.
 *
 * The image is the TA author's: signed, but not trusted to be well
 * formed.  Every offset, size and count is checked against the image's
 * length before use, structures are copied out (no unaligned access),
 * and names come out as printable ASCII of bounded length.
 */
#ifndef TEEBOX_SECURE_TA_ELF_SYM_H
#define TEEBOX_SECURE_TA_ELF_SYM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Longest name kept, NUL included; longer ones are cut. */
#define TA_ELF_SYM_NAME_MAX 96

/**
 * struct ta_elf_sym - what an address is in the image
 * @in_text:	it lies in an executable PT_LOAD segment
 * @found:	a function symbol covers it (@name, @offset valid)
 * @name:	the function, printable ASCII, NUL-terminated
 * @offset:	the address's offset in the function
 */
struct ta_elf_sym {
	bool in_text;
	bool found;
	char name[TA_ELF_SYM_NAME_MAX];
	uint64_t offset;
};

/**
 * ta_elf_sym_lookup() - name the function that holds @addr in a process
 * that loaded the image at @load_base
 * @elf, @len:	the ELF image (ELF64, the host's byte order)
 * @load_base:	the address its first PT_LOAD segment was mapped at
 * @addr:	the address to name
 * @out:	[out] the answer (zeroed first)
 * Return: true when @elf is an ELF64 image whose program headers could be
 * read (@out says the rest), false when it is not.
 */
bool ta_elf_sym_lookup(const void *elf, size_t len, uint64_t load_base,
		       uint64_t addr, struct ta_elf_sym *out);

/**
 * ta_elf_sym_read() - the initial bytes of a data object of the image, as
 * the loader maps them (before any relocation)
 * @elf, @len:	the ELF image (ELF64, the host's byte order)
 * @name:	the object's symbol (.symtab, else .dynsym)
 * @dst:	[out] its bytes
 * @size:	its size: a symbol of another size does not count
 * Return: true when an object @name of @size bytes lies within a PT_LOAD
 * segment's file bytes (copied to @dst) or wholly past them, in its
 * zero-filled rest (@dst zeroed), false otherwise.
 */
bool ta_elf_sym_read(const void *elf, size_t len, const char *name, void *dst,
		     size_t size);

#endif
