// SPDX-License-Identifier: BSD-2-Clause
/*
 * The crash report's symbolizer (secure/ta_elf_sym.c) on a real image,
 * this test's own executable, as the TA's crash report uses it: names and
 * offsets from .symtab at the load address the process reports; and on
 * broken copies of it (cut, section table out of range, a name with
 * control bytes), which must give no name or a sanitised one, never a
 * read beyond the image (ASan build).  And the initial bytes of data
 * objects, as the secure world reads a TA's ta_head and ta_heap_size
 * for the memory limit the TA zygote's child sets (ta_proc_limits.c).
 */
#include <link.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "secure/ta_elf_sym.h"

static unsigned char *image;
static size_t image_len;
static uint64_t load_base;

/* A function to find; noinline so that it exists as itself. */
__attribute__((noinline)) int probe_function_for_sym(int x);
__attribute__((noinline)) int probe_function_for_sym(int x)
{
	return x * 3 + 1;
}

/* Objects to read: initialised (file bytes) and not (.bss: zeros). */
const uint64_t probe_object_for_sym = 0x1122334455667788ULL;
uint64_t probe_bss_for_sym;

static int first_load(struct dl_phdr_info *info, size_t len, void *arg)
{
	(void)len;
	(void)arg;
	for (size_t i = 0; i < info->dlpi_phnum; i++)
		if (info->dlpi_phdr[i].p_type == PT_LOAD) {
			load_base =
				(info->dlpi_addr + info->dlpi_phdr[i].p_vaddr) &
				~(uint64_t)0xfff;
			break;
		}
	return 1;
}

static int setup(void **state)
{
	FILE *f = fopen("/proc/self/exe", "rb");
	long n;

	(void)state;
	if (!f || fseek(f, 0, SEEK_END) || (n = ftell(f)) <= 0)
		return -1;
	rewind(f);
	image_len = (size_t)n;
	image = malloc(image_len);
	if (!image || fread(image, 1, image_len, f) != image_len)
		return -1;
	fclose(f);
	dl_iterate_phdr(first_load, NULL);
	return load_base ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	free(image);
	return 0;
}

static uint64_t probe_addr(void)
{
	return (uint64_t)(uintptr_t)&probe_function_for_sym;
}

static void test_names_a_function_with_its_offset(void **state)
{
	struct ta_elf_sym s;

	(void)state;
	assert_int_equal(probe_function_for_sym(2), 7);
	assert_true(ta_elf_sym_lookup(image, image_len, load_base,
				      probe_addr() + 3, &s));
	assert_true(s.in_text);
	assert_true(s.found);
	assert_string_equal(s.name, "probe_function_for_sym");
	assert_int_equal(s.offset, 3);
}

/* Below the load address, or far above: not the TA's code, no name. */
static void test_addresses_outside_the_image(void **state)
{
	struct ta_elf_sym s;

	(void)state;
	assert_true(ta_elf_sym_lookup(image, image_len, load_base,
				      load_base - 1, &s));
	assert_false(s.in_text);
	assert_false(s.found);
	assert_true(ta_elf_sym_lookup(image, image_len, load_base,
				      load_base + (1ULL << 40), &s));
	assert_false(s.in_text);
	assert_false(s.found);
	assert_true(ta_elf_sym_lookup(image, image_len, UINT64_MAX,
				      probe_addr(), &s));
	assert_false(s.found);
}

/* Every cut of the image: no read beyond it, no name past its end. */
static void test_cut_images(void **state)
{
	struct ta_elf_sym s;

	(void)state;
	assert_false(ta_elf_sym_lookup(NULL, 0, load_base, probe_addr(), &s));
	for (size_t len = 0; len < sizeof(Elf64_Ehdr); len++)
		assert_false(ta_elf_sym_lookup(image, len, load_base,
					       probe_addr(), &s));
	for (size_t len = sizeof(Elf64_Ehdr); len < image_len;
	     len += len / 3 + 1) {
		unsigned char *cut = malloc(len);

		assert_non_null(cut);
		memcpy(cut, image, len);
		ta_elf_sym_lookup(cut, len, load_base, probe_addr(), &s);
		assert_true(strlen(s.name) < sizeof(s.name));
		free(cut);
	}
}

/* A section table out of range: the code is known, the name is not. */
static void test_section_table_out_of_range(void **state)
{
	unsigned char *bad = malloc(image_len);
	Elf64_Ehdr eh;
	struct ta_elf_sym s;

	(void)state;
	assert_non_null(bad);
	memcpy(bad, image, image_len);
	memcpy(&eh, bad, sizeof(eh));
	eh.e_shoff = UINT64_MAX - 8;
	memcpy(bad, &eh, sizeof(eh));
	assert_true(
		ta_elf_sym_lookup(bad, image_len, load_base, probe_addr(), &s));
	assert_true(s.in_text);
	assert_false(s.found);
	free(bad);
}

/* A name with an escape byte comes out printable. */
static void test_names_are_printable(void **state)
{
	static const char name[] = "probe_function_for_sym";
	unsigned char *bad = malloc(image_len), *at;
	struct ta_elf_sym s;

	(void)state;
	assert_non_null(bad);
	memcpy(bad, image, image_len);
	/* Every copy of the name (the string tables may hold several). */
	at = memmem(bad, image_len, name, sizeof(name));
	assert_non_null(at);
	for (; at; at = memmem(at, image_len - (size_t)(at - bad), name,
			       sizeof(name)))
		*at++ = 0x1b;
	assert_true(
		ta_elf_sym_lookup(bad, image_len, load_base, probe_addr(), &s));
	assert_true(s.found);
	assert_string_equal(s.name, "?robe_function_for_sym");
	free(bad);
}

/* An initialised object's bytes, as the file holds them. */
static void test_reads_an_object(void **state)
{
	uint64_t v = 0;
	uint32_t small;

	(void)state;
	/* Its address taken: the object is kept as itself. */
	assert_int_equal(*(volatile const uint64_t *)&probe_object_for_sym,
			 0x1122334455667788ULL);
	assert_true(ta_elf_sym_read(image, image_len, "probe_object_for_sym",
				    &v, sizeof(v)));
	assert_int_equal(v, 0x1122334455667788ULL);
	/* Another size, another name, a function: not it. */
	assert_false(ta_elf_sym_read(image, image_len, "probe_object_for_sym",
				     &small, sizeof(small)));
	assert_false(ta_elf_sym_read(image, image_len, "probe_object_for_sy",
				     &v, sizeof(v)));
	assert_false(ta_elf_sym_read(image, image_len, "probe_function_for_sym",
				     &v, sizeof(v)));
	/* No bytes in the file: the zeros the loader gives, not today's. */
	probe_bss_for_sym = 1;
	v = 1;
	assert_true(ta_elf_sym_read(image, image_len, "probe_bss_for_sym", &v,
				    sizeof(v)));
	assert_int_equal(v, 0);
}

/* Every cut of the image: no read beyond it, the value or nothing. */
static void test_reads_from_cut_images(void **state)
{
	uint64_t v;

	(void)state;
	assert_false(ta_elf_sym_read(NULL, 0, "probe_object_for_sym", &v,
				     sizeof(v)));
	for (size_t len = 0; len < image_len; len += len / 3 + 1) {
		unsigned char *cut = malloc(len ? len : 1);

		assert_non_null(cut);
		memcpy(cut, image, len);
		v = 0;
		if (ta_elf_sym_read(cut, len, "probe_object_for_sym", &v,
				    sizeof(v)))
			assert_int_equal(v, 0x1122334455667788ULL);
		free(cut);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_names_a_function_with_its_offset),
		cmocka_unit_test(test_addresses_outside_the_image),
		cmocka_unit_test(test_cut_images),
		cmocka_unit_test(test_section_table_out_of_range),
		cmocka_unit_test(test_names_are_printable),
		cmocka_unit_test(test_reads_an_object),
		cmocka_unit_test(test_reads_from_cut_images),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
