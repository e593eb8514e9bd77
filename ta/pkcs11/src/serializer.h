/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * OP-TEE's PKCS#11 serialization (ABI-FACTS-INTERNAL §6.4), shared by the
 * TA and libckteec: reading control arguments, and building, checking and
 * searching attribute templates (struct pkcs11_object_head followed by
 * attrs_count struct pkcs11_attribute_head + value).  Everything is
 * byte-aligned little-endian; nothing here dereferences a u32 in place.
 */
#ifndef PKCS11_SERIALIZER_H
#define PKCS11_SERIALIZER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pkcs11_ta.h"

/**
 * struct serialargs - a cursor over a control buffer
 * @start:	first byte
 * @next:	next byte to read
 * @size:	bytes from @start
 */
struct serialargs {
	const uint8_t *start;
	const uint8_t *next;
	size_t size;
};

/**
 * struct pkcs11_tpl - a growable serialized template
 * @buf:	object head then the attributes (NULL until the first add)
 * @size:	bytes used in @buf (8 + attrs_size)
 */
struct pkcs11_tpl {
	uint8_t *buf;
	size_t size;
};

/** get_u32() - Return: the little-endian u32 at @p. */
uint32_t get_u32(const void *p);
/** put_u32() - store @v little-endian at @p. */
void put_u32(void *p, uint32_t v);

/** serialargs_init() - start reading @size bytes at @in. */
void serialargs_init(struct serialargs *a, const void *in, size_t size);

/**
 * serialargs_get() - take @size bytes
 * @a:		the cursor
 * @out:	where they are copied (NULL: only skip them)
 * @size:	how many
 * Return: PKCS11_CKR_OK, or PKCS11_CKR_ARGUMENTS_BAD if fewer remain
 */
enum pkcs11_rc serialargs_get(struct serialargs *a, void *out, size_t size);

/**
 * serialargs_get_u32() - take a u32
 * @a:	the cursor
 * @v:	the value read
 * Return: PKCS11_CKR_OK, or PKCS11_CKR_ARGUMENTS_BAD if fewer than 4 bytes
 */
enum pkcs11_rc serialargs_get_u32(struct serialargs *a, uint32_t *v);

/**
 * serialargs_get_ptr() - take @size bytes in place
 * @a:		the cursor
 * @p:		set to the first of them
 * @size:	how many
 * Return: PKCS11_CKR_OK, or PKCS11_CKR_ARGUMENTS_BAD if fewer remain
 */
enum pkcs11_rc serialargs_get_ptr(struct serialargs *a, const void **p,
				  size_t size);

/**
 * serialargs_get_template() - take a whole template and check it
 * @a:		the cursor
 * @tpl:	set to the template, in place (byte-aligned)
 * @size:	set to its size (8 + attrs_size)
 * Return: PKCS11_CKR_OK, or PKCS11_CKR_ARGUMENTS_BAD if it is truncated or
 * malformed (pkcs11_tpl_check())
 */
enum pkcs11_rc serialargs_get_template(struct serialargs *a,
				       const uint8_t **tpl, size_t *size);

/**
 * serialargs_remaining_bytes() - Return: true if @a was not consumed
 * entirely (the TA then answers ARGUMENTS_BAD, as OP-TEE's)
 */
bool serialargs_remaining_bytes(const struct serialargs *a);

/**
 * pkcs11_tpl_check() - check a serialized template
 * @buf:	the bytes
 * @size:	how many there are
 * @used:	set to 8 + attrs_size (may be NULL)
 *
 * Each attribute must fit in attrs_size, attrs_size must be exactly the
 * sum of the attributes and attrs_count their number.
 * Return: PKCS11_CKR_OK or PKCS11_CKR_ARGUMENTS_BAD
 */
enum pkcs11_rc pkcs11_tpl_check(const void *buf, size_t size, size_t *used);

/**
 * pkcs11_tpl_count() - Return: attrs_count of the checked template @tpl
 */
uint32_t pkcs11_tpl_count(const uint8_t *tpl);

/**
 * pkcs11_tpl_attr() - the @index-th attribute of a checked template
 * @tpl:	the template
 * @index:	0 … attrs_count - 1
 * @id:		set to its id
 * @size:	set to its size
 * Return: its value, in place, or NULL past the end
 */
const uint8_t *pkcs11_tpl_attr(const uint8_t *tpl, uint32_t index, uint32_t *id,
			       uint32_t *size);

/**
 * pkcs11_tpl_get() - find an attribute of a checked template
 * @tpl:	the template
 * @id:		the attribute id
 * @val:	set to its value, in place (may be NULL)
 * @size:	set to its size (may be NULL)
 * Return: PKCS11_CKR_OK, or PKCS11_RV_NOT_FOUND
 */
enum pkcs11_rc pkcs11_tpl_get(const uint8_t *tpl, uint32_t id, const void **val,
			      uint32_t *size);

/**
 * pkcs11_tpl_get_u32() - the 4-byte attribute @id as a u32
 * @tpl:	the template
 * @id:		the attribute id
 * @v:		the value
 * Return: PKCS11_CKR_OK, PKCS11_RV_NOT_FOUND, or
 * PKCS11_CKR_ATTRIBUTE_VALUE_INVALID if it is not 4 bytes
 */
enum pkcs11_rc pkcs11_tpl_get_u32(const uint8_t *tpl, uint32_t id, uint32_t *v);

/**
 * pkcs11_tpl_get_bool() - the boolean attribute @id, @dflt if absent
 * Return: its value (any non-zero byte is true)
 */
bool pkcs11_tpl_get_bool(const uint8_t *tpl, uint32_t id, bool dflt);

/** pkcs11_tpl_init() - an empty template (no allocation yet). */
void pkcs11_tpl_init(struct pkcs11_tpl *t);

/** pkcs11_tpl_release() - free what @t holds; it is empty again. */
void pkcs11_tpl_release(struct pkcs11_tpl *t);

/**
 * pkcs11_tpl_add() - append an attribute
 * @t:		the template
 * @id:		attribute id
 * @val:	value (may be NULL when @size is 0)
 * @size:	value size
 * Return: PKCS11_CKR_OK, PKCS11_CKR_DEVICE_MEMORY, or
 * PKCS11_CKR_ARGUMENTS_BAD if the template would pass 4 GiB
 */
enum pkcs11_rc pkcs11_tpl_add(struct pkcs11_tpl *t, uint32_t id,
			      const void *val, uint32_t size);

/**
 * pkcs11_tpl_remove() - drop every attribute @id of @t
 * Return: true if there was one
 */
bool pkcs11_tpl_remove(struct pkcs11_tpl *t, uint32_t id);

/**
 * pkcs11_tpl_set() - pkcs11_tpl_remove() then pkcs11_tpl_add()
 * Return: as pkcs11_tpl_add()
 */
enum pkcs11_rc pkcs11_tpl_set(struct pkcs11_tpl *t, uint32_t id,
			      const void *val, uint32_t size);

#endif
