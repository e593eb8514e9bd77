// SPDX-License-Identifier: BSD-2-Clause
/*
 * teebox-sign: the TA's UUID in its ELF's .ta_head section, read from an
 * untrusted file of either ELF class and byte order with every offset
 * and size checked against the file's length.
 */
#include <elf.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "sign_priv.h"

/* A bounds-checked view of an ELF file of either class and byte order. */
struct elf_view {
	const uint8_t *buf;
	size_t len;
	bool is64;
	bool msb;
};

/* Reads an @n-byte (1, 2, 4 or 8) integer at @off; false if out of bounds. */
static bool elf_read(const struct elf_view *e, uint64_t off, unsigned int n,
		     uint64_t *val)
{
	uint64_t v = 0;
	unsigned int i;

	if (off > e->len || e->len - off < n)
		return false;
	for (i = 0; i < n; i++) {
		unsigned int k = e->msb ? i : n - 1 - i;

		v = v << 8 | e->buf[off + k];
	}
	*val = v;
	return true;
}

/* A natural-width field: @off32/@off64 are its offsets in either class. */
static bool elf_word(const struct elf_view *e, uint64_t base,
		     unsigned int off32, unsigned int off64, uint64_t *val)
{
	return elf_read(e, base + (e->is64 ? off64 : off32), e->is64 ? 8 : 4,
			val);
}

/* Is [@off, @off + @size) inside the file? */
static bool elf_range_ok(const struct elf_view *e, uint64_t off, uint64_t size)
{
	return off <= e->len && size <= e->len - off;
}

struct elf_section {
	uint64_t name, type, offset, size, link;
};

/*
 * Reads section header @i of the table at @shoff.  @shentsize has been
 * checked to be at least the size of a section header of the class.
 */
static bool elf_section_at(const struct elf_view *e, uint64_t shoff,
			   uint64_t shentsize, uint64_t i,
			   struct elf_section *s)
{
	uint64_t base;

	/* No sum or product below can wrap: all stay within the file. */
	if (shoff > e->len || i > (e->len - shoff) / shentsize)
		return false;
	base = shoff + i * shentsize;
	if (!elf_range_ok(e, base, e->is64 ? 64 : 40))
		return false;
	return elf_read(e, base, 4, &s->name) &&
	       elf_read(e, base + 4, 4, &s->type) &&
	       elf_word(e, base, 16, 24, &s->offset) &&
	       elf_word(e, base, 20, 32, &s->size) &&
	       elf_read(e, base + (e->is64 ? 40 : 24), 4, &s->link);
}

int elf_ta_uuid(const uint8_t *buf, size_t len, TEE_UUID *uuid,
		const char **why)
{
	struct elf_view e = {.buf = buf, .len = len};
	uint64_t shoff, shentsize, shnum, shstrndx, i, v;
	struct elf_section s, strtab;
	bool found = false;
	uint64_t where = 0;

	*why = "not an ELF file";
	if (len < EI_NIDENT || memcmp(buf, ELFMAG, SELFMAG))
		return -1;
	if (buf[EI_CLASS] != ELFCLASS32 && buf[EI_CLASS] != ELFCLASS64) {
		*why = "unknown ELF class";
		return -1;
	}
	if (buf[EI_DATA] != ELFDATA2LSB && buf[EI_DATA] != ELFDATA2MSB) {
		*why = "unknown ELF byte order";
		return -1;
	}
	e.is64 = buf[EI_CLASS] == ELFCLASS64;
	e.msb = buf[EI_DATA] == ELFDATA2MSB;

	*why = "truncated ELF header";
	if (!elf_word(&e, 0, 0x20, 0x28, &shoff) ||
	    !elf_read(&e, e.is64 ? 0x3a : 0x2e, 2, &shentsize) ||
	    !elf_read(&e, e.is64 ? 0x3c : 0x30, 2, &shnum) ||
	    !elf_read(&e, e.is64 ? 0x3e : 0x32, 2, &shstrndx))
		return -1;
	if (!shoff)
		return 1; /* no section headers at all */
	*why = "bad section header table";
	if (shentsize < (e.is64 ? 64u : 40u))
		return -1;
	/* Section 0 carries the real counts when they do not fit 16 bits. */
	if (!elf_section_at(&e, shoff, shentsize, 0, &s))
		return -1;
	if (!shnum)
		shnum = s.size;
	if (shstrndx == SHN_XINDEX)
		shstrndx = s.link;
	if (!shnum || shnum > len / shentsize ||
	    !elf_range_ok(&e, shoff, shnum * shentsize))
		return -1;
	if (shstrndx == SHN_UNDEF)
		return 1; /* sections have no names */
	*why = "bad section name table";
	if (shstrndx >= shnum ||
	    !elf_section_at(&e, shoff, shentsize, shstrndx, &strtab) ||
	    strtab.type == SHT_NOBITS ||
	    !elf_range_ok(&e, strtab.offset, strtab.size))
		return -1;

	for (i = 0; i < shnum; i++) {
		const char name[] = TA_HEAD_SECTION;

		if (!elf_section_at(&e, shoff, shentsize, i, &s)) {
			*why = "bad section header table";
			return -1;
		}
		/* The name, NUL included, must lie inside the name table. */
		if (s.name > strtab.size ||
		    strtab.size - s.name < sizeof(name) ||
		    memcmp(buf + strtab.offset + s.name, name, sizeof(name)))
			continue;
		if (found) {
			*why = "more than one " TA_HEAD_SECTION " section";
			return -1;
		}
		found = true;
		*why = TA_HEAD_SECTION " is too small or outside the file";
		if (s.type == SHT_NOBITS || s.size < sizeof(TEE_UUID) ||
		    !elf_range_ok(&e, s.offset, s.size))
			return -1;
		where = s.offset;
	}
	if (!found)
		return 1;

	/* struct ta_head starts with a TEE_UUID, in the ELF's byte order. */
	elf_read(&e, where, 4, &v);
	uuid->timeLow = (uint32_t)v;
	elf_read(&e, where + 4, 2, &v);
	uuid->timeMid = (uint16_t)v;
	elf_read(&e, where + 6, 2, &v);
	uuid->timeHiAndVersion = (uint16_t)v;
	memcpy(uuid->clockSeqAndNode, buf + where + 8,
	       sizeof(uuid->clockSeqAndNode));
	*why = NULL;
	return 0;
}
