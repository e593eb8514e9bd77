// SPDX-License-Identifier: BSD-2-Clause
/* Function names from a TA's ELF image; see the header. */
#include <elf.h>
#include <stdio.h>
#include <string.h>

#include "ta_elf_sym.h"

/* Symbols looked at, at most: a bound on the time one lookup takes. */
#define MAX_SYMS (1U << 20)

/**
 * struct elf_view - the image and its checked headers
 * @p, @len:	the image
 * @eh:		its ELF header
 */
struct elf_view {
	const unsigned char *p;
	size_t len;
	Elf64_Ehdr eh;
};

/* Copies @size bytes at @off out of the image; false when beyond it. */
static bool copy_at(const struct elf_view *v, uint64_t off, void *dst,
		    size_t size)
{
	if (off > v->len || size > v->len - off)
		return false;
	memcpy(dst, v->p + off, size);
	return true;
}

/* Table @i of @num entries of @entsize at @off: the offset of entry @i. */
static bool entry_off(const struct elf_view *v, uint64_t off, uint64_t num,
		      uint64_t entsize, uint64_t i, uint64_t *out)
{
	if (i >= num || !entsize || off > v->len ||
	    num > (v->len - off) / entsize)
		return false;
	*out = off + i * entsize;
	return true;
}

static bool open_elf(struct elf_view *v, const void *elf, size_t len)
{
	v->p = elf;
	v->len = len;
	if (!elf || !copy_at(v, 0, &v->eh, sizeof(v->eh)))
		return false;
	return !memcmp(v->eh.e_ident, ELFMAG, SELFMAG) &&
	       v->eh.e_ident[EI_CLASS] == ELFCLASS64 &&
	       v->eh.e_phentsize == sizeof(Elf64_Phdr);
}

static bool read_phdr(const struct elf_view *v, unsigned int i, Elf64_Phdr *ph)
{
	uint64_t off;

	return entry_off(v, v->eh.e_phoff, v->eh.e_phnum, sizeof(*ph), i,
			 &off) &&
	       copy_at(v, off, ph, sizeof(*ph));
}

/*
 * The link-time address of @addr (the first PT_LOAD's page is at
 * @load_base), and whether it is in an executable segment.
 */
static bool link_addr(const struct elf_view *v, uint64_t load_base,
		      uint64_t addr, uint64_t *vaddr, bool *in_text)
{
	bool first = true;
	Elf64_Phdr ph;

	*in_text = false;
	for (unsigned int i = 0; i < v->eh.e_phnum; i++) {
		if (!read_phdr(v, i, &ph))
			return false;
		if (ph.p_type != PT_LOAD)
			continue;
		if (first) {
			/* Page-aligned start, as the loader maps it. */
			uint64_t start = ph.p_vaddr & ~(uint64_t)0xfff;

			if (addr < load_base)
				return true;
			*vaddr = addr - load_base + start;
			first = false;
		}
		if ((ph.p_flags & PF_X) && *vaddr >= ph.p_vaddr &&
		    *vaddr - ph.p_vaddr < ph.p_memsz)
			*in_text = true;
	}
	return !first;
}

static bool read_shdr(const struct elf_view *v, uint64_t i, Elf64_Shdr *sh)
{
	uint64_t off;

	if (v->eh.e_shentsize != sizeof(*sh))
		return false;
	return entry_off(v, v->eh.e_shoff, v->eh.e_shnum, sizeof(*sh), i,
			 &off) &&
	       copy_at(v, off, sh, sizeof(*sh));
}

/* The symbol table of @type and its string table. */
static bool find_symtab(const struct elf_view *v, uint32_t type,
			Elf64_Shdr *sym, Elf64_Shdr *str)
{
	for (unsigned int i = 0; i < v->eh.e_shnum; i++) {
		if (!read_shdr(v, i, sym))
			return false;
		if (sym->sh_type != type ||
		    sym->sh_entsize != sizeof(Elf64_Sym))
			continue;
		return read_shdr(v, sym->sh_link, str) &&
		       str->sh_type == SHT_STRTAB;
	}
	return false;
}

/* Copies name @off of string table @str, printable and bounded. */
static void copy_name(const struct elf_view *v, const Elf64_Shdr *str,
		      uint64_t off, char *dst, size_t size)
{
	size_t n = 0;

	if (str->sh_offset <= v->len && off < str->sh_size &&
	    str->sh_size <= v->len - str->sh_offset) {
		const unsigned char *s = v->p + str->sh_offset + off;
		size_t avail = (size_t)(str->sh_size - off);

		for (; n < avail && n + 1 < size && s[n]; n++)
			dst[n] = s[n] >= 0x20 && s[n] < 0x7f ? (char)s[n] : '?';
	}
	if (!n) {
		/* Nameless: said so, not left empty. */
		snprintf(dst, size, "??");
		return;
	}
	dst[n] = '\0';
}

/* Symbol @i of table @sym (@num entries) into *@s. */
static bool sym_at(const struct elf_view *v, const Elf64_Shdr *sym,
		   uint64_t num, uint64_t i, Elf64_Sym *s)
{
	uint64_t off;

	return entry_off(v, sym->sh_offset, num, sizeof(*s), i, &off) &&
	       copy_at(v, off, s, sizeof(*s));
}

/* The function symbol of table @sym that covers @vaddr. */
static bool find_func(const struct elf_view *v, const Elf64_Shdr *sym,
		      const Elf64_Shdr *str, uint64_t vaddr,
		      struct ta_elf_sym *out)
{
	uint64_t num = sym->sh_size / sizeof(Elf64_Sym);
	Elf64_Sym best = {0}, s;
	bool found = false;

	if (num > MAX_SYMS)
		num = MAX_SYMS;
	for (uint64_t i = 0; i < num; i++) {
		if (!sym_at(v, sym, num, i, &s))
			return false;
		if (ELF64_ST_TYPE(s.st_info) != STT_FUNC ||
		    s.st_shndx == SHN_UNDEF || s.st_value > vaddr ||
		    vaddr - s.st_value >= s.st_size)
			continue;
		/* Nested or aliased: the closest start wins. */
		if (!found || s.st_value > best.st_value)
			best = s;
		found = true;
	}
	if (!found)
		return false;
	copy_name(v, str, best.st_name, out->name, sizeof(out->name));
	out->offset = vaddr - best.st_value;
	return true;
}

bool ta_elf_sym_lookup(const void *elf, size_t len, uint64_t load_base,
		       uint64_t addr, struct ta_elf_sym *out)
{
	Elf64_Shdr sym, str;
	struct elf_view v;
	uint64_t vaddr = 0;

	memset(out, 0, sizeof(*out));
	if (!open_elf(&v, elf, len) ||
	    !link_addr(&v, load_base, addr, &vaddr, &out->in_text))
		return false;
	if (!out->in_text)
		return true;
	if (find_symtab(&v, SHT_SYMTAB, &sym, &str) &&
	    find_func(&v, &sym, &str, vaddr, out))
		out->found = true;
	else if (find_symtab(&v, SHT_DYNSYM, &sym, &str) &&
		 find_func(&v, &sym, &str, vaddr, out))
		out->found = true;
	return true;
}

/* Whether name @off of string table @str is @name. */
static bool name_is(const struct elf_view *v, const Elf64_Shdr *str,
		    uint64_t off, const char *name)
{
	size_t n = strlen(name) + 1;

	if (str->sh_offset > v->len || str->sh_size > v->len - str->sh_offset ||
	    off >= str->sh_size || n > str->sh_size - off)
		return false;
	return !memcmp(v->p + str->sh_offset + off, name, n);
}

/*
 * Where the @size bytes at link-time address @vaddr start in the file
 * (*@bss false), or that they lie past a segment's file bytes, where the
 * loader gives zeros (*@bss true).
 */
static bool file_off(const struct elf_view *v, uint64_t vaddr, uint64_t size,
		     uint64_t *off, bool *bss)
{
	Elf64_Phdr ph;

	for (unsigned int i = 0; i < v->eh.e_phnum; i++) {
		uint64_t at;

		if (!read_phdr(v, i, &ph))
			return false;
		if (ph.p_type != PT_LOAD || vaddr < ph.p_vaddr ||
		    ph.p_filesz > ph.p_memsz)
			continue;
		at = vaddr - ph.p_vaddr;
		if (at <= ph.p_filesz && size <= ph.p_filesz - at) {
			*off = ph.p_offset + at;
			*bss = false;
			return true;
		}
		if (at >= ph.p_filesz && at <= ph.p_memsz &&
		    size <= ph.p_memsz - at) {
			*bss = true;
			return true;
		}
	}
	return false;
}

/* The object @name of @size bytes in table @sym: where its bytes are. */
static bool find_object(const struct elf_view *v, const Elf64_Shdr *sym,
			const Elf64_Shdr *str, const char *name, size_t size,
			uint64_t *out, bool *bss)
{
	uint64_t num = sym->sh_size / sizeof(Elf64_Sym);
	Elf64_Sym s;

	if (num > MAX_SYMS)
		num = MAX_SYMS;
	for (uint64_t i = 0; i < num; i++) {
		if (!sym_at(v, sym, num, i, &s))
			return false;
		if (ELF64_ST_TYPE(s.st_info) != STT_OBJECT ||
		    s.st_shndx == SHN_UNDEF || s.st_size != size ||
		    !name_is(v, str, s.st_name, name))
			continue;
		return file_off(v, s.st_value, size, out, bss);
	}
	return false;
}

bool ta_elf_sym_read(const void *elf, size_t len, const char *name, void *dst,
		     size_t size)
{
	Elf64_Shdr sym, str;
	struct elf_view v;
	bool bss = false;
	uint64_t off = 0;

	if (!open_elf(&v, elf, len))
		return false;
	if (!(find_symtab(&v, SHT_SYMTAB, &sym, &str) &&
	      find_object(&v, &sym, &str, name, size, &off, &bss)) &&
	    !(find_symtab(&v, SHT_DYNSYM, &sym, &str) &&
	      find_object(&v, &sym, &str, name, size, &off, &bss)))
		return false;
	if (bss) {
		memset(dst, 0, size);
		return true;
	}
	return copy_at(&v, off, dst, size);
}
