// SPDX-License-Identifier: BSD-2-Clause
/* Can the TA zygote load an image? See ta_elf_dyn.h. */
#include <elf.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "ta_elf_dyn.h"
#include "teebox/ta_zygote.h"

/* [@off, @off + @n * @size) lies in the image. */
static bool in_image(size_t len, uint64_t off, uint64_t n, uint64_t size)
{
	uint64_t total;

	if (__builtin_mul_overflow(n, size, &total))
		return false;
	return off <= len && total <= len - off;
}

/* Program header @i, copied out; false when it is not in the image. */
static bool phdr(const void *elf, size_t len, const Elf64_Ehdr *eh,
		 unsigned int i, Elf64_Phdr *ph)
{
	if (eh->e_phentsize != sizeof(*ph) ||
	    !in_image(len, eh->e_phoff, eh->e_phnum, sizeof(*ph)))
		return false;
	memcpy(ph, (const char *)elf + eh->e_phoff + (uint64_t)i * sizeof(*ph),
	       sizeof(*ph));
	return true;
}

/* The DT_FLAGS_1 entry of PT_DYNAMIC @dyn; false when it is malformed. */
static bool find_flags1(const void *elf, size_t len, const Elf64_Phdr *dyn,
			struct ta_elf_dyn *out)
{
	uint64_t n = dyn->p_filesz / sizeof(Elf64_Dyn);
	Elf64_Dyn d;

	if (!in_image(len, dyn->p_offset, n, sizeof(d)))
		return false;
	for (uint64_t i = 0; i < n; i++) {
		uint64_t off = dyn->p_offset + i * sizeof(d);

		memcpy(&d, (const char *)elf + off, sizeof(d));
		if (d.d_tag == DT_NULL)
			break;
		if (d.d_tag == DT_FLAGS_1) {
			out->flags1_off = off + offsetof(Elf64_Dyn, d_un);
			out->flags1 = d.d_un.d_val & ~(uint64_t)DF_1_PIE;
			return true;
		}
	}
	return true;
}

/* Whether .dynsym defines @name (section @sh: SHT_DYNSYM). */
static bool dynsym_defines(const void *elf, size_t len, const Elf64_Ehdr *eh,
			   const Elf64_Shdr *sh, const char *name)
{
	size_t nlen = strlen(name) + 1;
	Elf64_Shdr str;
	Elf64_Sym sym;
	uint64_t n;

	if (sh->sh_entsize != sizeof(sym) || sh->sh_link >= eh->e_shnum)
		return false;
	memcpy(&str,
	       (const char *)elf + eh->e_shoff +
		       (uint64_t)sh->sh_link * sizeof(str),
	       sizeof(str));
	n = sh->sh_size / sizeof(sym);
	if (!in_image(len, sh->sh_offset, n, sizeof(sym)) ||
	    !in_image(len, str.sh_offset, 1, str.sh_size))
		return false;
	for (uint64_t i = 0; i < n; i++) {
		memcpy(&sym,
		       (const char *)elf + sh->sh_offset + i * sizeof(sym),
		       sizeof(sym));
		if (sym.st_shndx == SHN_UNDEF ||
		    ELF64_ST_TYPE(sym.st_info) != STT_FUNC ||
		    sym.st_name >= str.sh_size ||
		    str.sh_size - sym.st_name < nlen)
			continue;
		if (!memcmp((const char *)elf + str.sh_offset + sym.st_name,
			    name, nlen))
			return true;
	}
	return false;
}

/* Whether the image's dynamic symbols define the zygote's entry. */
static bool exports_entry(const void *elf, size_t len, const Elf64_Ehdr *eh)
{
	Elf64_Shdr sh;

	if (eh->e_shentsize != sizeof(sh) ||
	    !in_image(len, eh->e_shoff, eh->e_shnum, sizeof(sh)))
		return false;
	for (unsigned int i = 0; i < eh->e_shnum; i++) {
		memcpy(&sh,
		       (const char *)elf + eh->e_shoff +
			       (uint64_t)i * sizeof(sh),
		       sizeof(sh));
		if (sh.sh_type == SHT_DYNSYM)
			return dynsym_defines(elf, len, eh, &sh,
					      TA_ZYGOTE_ENTRY);
	}
	return false;
}

const char *ta_elf_dyn_zygote_check(const void *elf, size_t len,
				    struct ta_elf_dyn *out)
{
	bool dynamic = false;
	Elf64_Ehdr eh;
	Elf64_Phdr ph;

	memset(out, 0, sizeof(*out));
	if (len < sizeof(eh))
		return "it is not an ELF64 image";
	memcpy(&eh, elf, sizeof(eh));
	if (memcmp(eh.e_ident, ELFMAG, SELFMAG) ||
	    eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_type != ET_DYN)
		return "it is not a position-independent ELF64 image";
	for (unsigned int i = 0; i < eh.e_phnum; i++) {
		if (!phdr(elf, len, &eh, i, &ph))
			return "its program headers are malformed";
		if (ph.p_type == PT_TLS)
			return "it has thread-local storage, which a loaded "
			       "PIE cannot address";
		if (ph.p_type != PT_DYNAMIC)
			continue;
		if (dynamic || !find_flags1(elf, len, &ph, out))
			return "its dynamic section is malformed";
		dynamic = true;
	}
	if (!dynamic)
		return "it is not dynamically linked";
	if (!exports_entry(elf, len, &eh))
		return "it does not export " TA_ZYGOTE_ENTRY
		       " (built before the TA zygote, or EXEC_ONLY)";
	return NULL;
}

/* The image's PT_DYNAMIC in @dyn: 1, 0 for none, -1 when malformed. */
static int find_dynamic(const void *elf, size_t len, const Elf64_Ehdr *eh,
			Elf64_Phdr *dyn)
{
	int found = 0;
	Elf64_Phdr ph;

	for (unsigned int i = 0; i < eh->e_phnum; i++) {
		if (!phdr(elf, len, eh, i, &ph))
			return -1;
		if (ph.p_type != PT_DYNAMIC)
			continue;
		if (found)
			return -1;
		*dyn = ph;
		found = 1;
	}
	return found;
}

/* The file offset of address @va, in the PT_LOAD segment that holds it. */
static bool va_to_off(const void *elf, size_t len, const Elf64_Ehdr *eh,
		      uint64_t va, uint64_t *off)
{
	Elf64_Phdr ph;

	for (unsigned int i = 0; i < eh->e_phnum; i++) {
		if (!phdr(elf, len, eh, i, &ph))
			return false;
		if (ph.p_type != PT_LOAD || va < ph.p_vaddr ||
		    va - ph.p_vaddr >= ph.p_filesz)
			continue;
		*off = ph.p_offset + (va - ph.p_vaddr);
		return true;
	}
	return false;
}

/**
 * struct dyn_strtab - the dynamic string table, as file offsets
 * @off:	where it starts
 * @size:	DT_STRSZ, cut to what the image holds
 */
struct dyn_strtab {
	uint64_t off;
	uint64_t size;
};

/* DT_STRTAB and DT_STRSZ of PT_DYNAMIC @dyn; false when malformed. */
static bool find_strtab(const void *elf, size_t len, const Elf64_Ehdr *eh,
			const Elf64_Phdr *dyn, struct dyn_strtab *st)
{
	uint64_t n = dyn->p_filesz / sizeof(Elf64_Dyn), va = 0, size = 0;
	bool has_va = false, has_size = false;
	Elf64_Dyn d;

	if (!in_image(len, dyn->p_offset, n, sizeof(d)))
		return false;
	for (uint64_t i = 0; i < n; i++) {
		memcpy(&d, (const char *)elf + dyn->p_offset + i * sizeof(d),
		       sizeof(d));
		if (d.d_tag == DT_NULL)
			break;
		if (d.d_tag == DT_STRTAB) {
			va = d.d_un.d_ptr;
			has_va = true;
		} else if (d.d_tag == DT_STRSZ) {
			size = d.d_un.d_val;
			has_size = true;
		}
	}
	if (!has_va || !has_size || !va_to_off(elf, len, eh, va, &st->off) ||
	    st->off > len)
		return false;
	st->size = size < len - st->off ? size : len - st->off;
	return true;
}

/* The name at @val in @st, into *@out; false unless NUL-terminated. */
static bool needed_name(const void *elf, const struct dyn_strtab *st,
			uint64_t val, struct ta_elf_needed *out)
{
	const char *s, *nul;

	if (val >= st->size)
		return false;
	s = (const char *)elf + st->off + val;
	nul = memchr(s, '\0', st->size - val);
	if (!nul)
		return false;
	out->off = st->off + val;
	out->len = (size_t)(nul - s);
	return true;
}

int ta_elf_dyn_needed(const void *elf, size_t len, struct ta_elf_needed *out,
		      unsigned int max)
{
	struct ta_elf_needed e;
	struct dyn_strtab st;
	Elf64_Phdr dyn;
	Elf64_Ehdr eh;
	Elf64_Dyn d;
	uint64_t n;
	int count = 0, r;

	if (len < sizeof(eh))
		return -1;
	memcpy(&eh, elf, sizeof(eh));
	if (memcmp(eh.e_ident, ELFMAG, SELFMAG) ||
	    eh.e_ident[EI_CLASS] != ELFCLASS64)
		return -1;
	r = find_dynamic(elf, len, &eh, &dyn);
	if (r <= 0)
		return r; /* 0: static, it needs nothing */
	if (!find_strtab(elf, len, &eh, &dyn, &st))
		return -1;
	n = dyn.p_filesz / sizeof(d);
	for (uint64_t i = 0; i < n && count < INT32_MAX; i++) {
		memcpy(&d, (const char *)elf + dyn.p_offset + i * sizeof(d),
		       sizeof(d));
		if (d.d_tag == DT_NULL)
			break;
		if (d.d_tag != DT_NEEDED)
			continue;
		if (!needed_name(elf, &st, d.d_un.d_val, &e))
			return -1;
		if ((unsigned int)count < max)
			out[count] = e;
		count++;
	}
	return count;
}
