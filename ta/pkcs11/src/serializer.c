// SPDX-License-Identifier: BSD-2-Clause
/*
 * OP-TEE's PKCS#11 serialization (ta/pkcs11/src/serializer.c and
 * libckteec's serializer.c do the same job on each side).  The TA runs it
 * on what any client sends: every length is checked against what is left
 * before it is used, and sums are done in size_t after such checks.
 */
#include <string.h>

#include "serializer.h"

#ifdef PKCS11_TA_SIDE
#include <tee_internal_api.h>
#define ser_realloc(p, n) TEE_Realloc((p), (n))
#define ser_free(p)	  TEE_Free(p)
#else
#include <stdlib.h>
#define ser_realloc(p, n) realloc((p), (n))
#define ser_free(p)	  free(p)
#endif

#define HEAD_SIZE 8U

uint32_t get_u32(const void *p)
{
	const uint8_t *b = p;

	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
	       (uint32_t)b[3] << 24;
}

void put_u32(void *p, uint32_t v)
{
	uint8_t *b = p;

	b[0] = v;
	b[1] = v >> 8;
	b[2] = v >> 16;
	b[3] = v >> 24;
}

void serialargs_init(struct serialargs *a, const void *in, size_t size)
{
	a->start = in;
	a->next = in;
	a->size = size;
}

static size_t serialargs_left(const struct serialargs *a)
{
	return a->size - (size_t)(a->next - a->start);
}

enum pkcs11_rc serialargs_get_ptr(struct serialargs *a, const void **p,
				  size_t size)
{
	if (size > serialargs_left(a))
		return PKCS11_CKR_ARGUMENTS_BAD;
	*p = a->next;
	a->next += size;
	return PKCS11_CKR_OK;
}

enum pkcs11_rc serialargs_get(struct serialargs *a, void *out, size_t size)
{
	const void *p = NULL;
	enum pkcs11_rc rc = serialargs_get_ptr(a, &p, size);

	if (rc == PKCS11_CKR_OK && out && size)
		memcpy(out, p, size);
	return rc;
}

enum pkcs11_rc serialargs_get_u32(struct serialargs *a, uint32_t *v)
{
	const void *p = NULL;
	enum pkcs11_rc rc = serialargs_get_ptr(a, &p, 4);

	if (rc == PKCS11_CKR_OK)
		*v = get_u32(p);
	return rc;
}

enum pkcs11_rc serialargs_get_template(struct serialargs *a,
				       const uint8_t **tpl, size_t *size)
{
	size_t used = 0;
	const void *p = NULL;
	enum pkcs11_rc rc;

	rc = pkcs11_tpl_check(a->next, serialargs_left(a), &used);
	if (rc)
		return rc;
	rc = serialargs_get_ptr(a, &p, used);
	if (rc)
		return rc;
	*tpl = p;
	*size = used;
	return PKCS11_CKR_OK;
}

bool serialargs_remaining_bytes(const struct serialargs *a)
{
	return serialargs_left(a) != 0;
}

enum pkcs11_rc pkcs11_tpl_check(const void *buf, size_t size, size_t *used)
{
	const uint8_t *b = buf;
	size_t attrs_size, off = HEAD_SIZE;
	uint32_t count, n;

	if (size < HEAD_SIZE)
		return PKCS11_CKR_ARGUMENTS_BAD;
	attrs_size = get_u32(b);
	count = get_u32(b + 4);
	if (attrs_size > size - HEAD_SIZE)
		return PKCS11_CKR_ARGUMENTS_BAD;
	for (n = 0; n < count; n++) {
		size_t left = HEAD_SIZE + attrs_size - off;
		size_t vsize;

		if (left < HEAD_SIZE)
			return PKCS11_CKR_ARGUMENTS_BAD;
		vsize = get_u32(b + off + 4);
		if (vsize > left - HEAD_SIZE)
			return PKCS11_CKR_ARGUMENTS_BAD;
		off += HEAD_SIZE + vsize;
	}
	if (off != HEAD_SIZE + attrs_size)
		return PKCS11_CKR_ARGUMENTS_BAD;
	if (used)
		*used = off;
	return PKCS11_CKR_OK;
}

uint32_t pkcs11_tpl_count(const uint8_t *tpl)
{
	return get_u32(tpl + 4);
}

const uint8_t *pkcs11_tpl_attr(const uint8_t *tpl, uint32_t index, uint32_t *id,
			       uint32_t *size)
{
	const uint8_t *p = tpl + HEAD_SIZE;
	uint32_t n;

	if (index >= pkcs11_tpl_count(tpl))
		return NULL;
	for (n = 0; n < index; n++)
		p += HEAD_SIZE + get_u32(p + 4);
	*id = get_u32(p);
	*size = get_u32(p + 4);
	return p + HEAD_SIZE;
}

enum pkcs11_rc pkcs11_tpl_get(const uint8_t *tpl, uint32_t id, const void **val,
			      uint32_t *size)
{
	const uint8_t *p = tpl + HEAD_SIZE;
	uint32_t n, count = pkcs11_tpl_count(tpl);

	for (n = 0; n < count; n++) {
		uint32_t vsize = get_u32(p + 4);

		if (get_u32(p) == id) {
			if (val)
				*val = p + HEAD_SIZE;
			if (size)
				*size = vsize;
			return PKCS11_CKR_OK;
		}
		p += HEAD_SIZE + vsize;
	}
	return PKCS11_RV_NOT_FOUND;
}

enum pkcs11_rc pkcs11_tpl_get_u32(const uint8_t *tpl, uint32_t id, uint32_t *v)
{
	const void *val = NULL;
	uint32_t size = 0;
	enum pkcs11_rc rc = pkcs11_tpl_get(tpl, id, &val, &size);

	if (rc)
		return rc;
	if (size != 4)
		return PKCS11_CKR_ATTRIBUTE_VALUE_INVALID;
	*v = get_u32(val);
	return PKCS11_CKR_OK;
}

bool pkcs11_tpl_get_bool(const uint8_t *tpl, uint32_t id, bool dflt)
{
	const void *val = NULL;
	uint32_t size = 0;

	if (pkcs11_tpl_get(tpl, id, &val, &size) || size != 1)
		return dflt;
	return *(const uint8_t *)val != 0;
}

void pkcs11_tpl_init(struct pkcs11_tpl *t)
{
	t->buf = NULL;
	t->size = 0;
}

void pkcs11_tpl_release(struct pkcs11_tpl *t)
{
	ser_free(t->buf);
	pkcs11_tpl_init(t);
}

enum pkcs11_rc pkcs11_tpl_add(struct pkcs11_tpl *t, uint32_t id,
			      const void *val, uint32_t size)
{
	size_t cur = t->buf ? t->size : HEAD_SIZE;
	size_t need = cur + HEAD_SIZE + (size_t)size;
	uint8_t *nb;

	if (need < cur || need - HEAD_SIZE > UINT32_MAX)
		return PKCS11_CKR_ARGUMENTS_BAD;
	nb = ser_realloc(t->buf, need);
	if (!nb)
		return PKCS11_CKR_DEVICE_MEMORY;
	if (!t->buf)
		memset(nb, 0, HEAD_SIZE);
	put_u32(nb + cur, id);
	put_u32(nb + cur + 4, size);
	if (size)
		memcpy(nb + cur + HEAD_SIZE, val, size);
	put_u32(nb, need - HEAD_SIZE);
	put_u32(nb + 4, get_u32(nb + 4) + 1);
	t->buf = nb;
	t->size = need;
	return PKCS11_CKR_OK;
}

bool pkcs11_tpl_remove(struct pkcs11_tpl *t, uint32_t id)
{
	uint8_t *p;
	uint32_t n, count;
	bool found = false;

	if (!t->buf)
		return false;
	p = t->buf + HEAD_SIZE;
	count = pkcs11_tpl_count(t->buf);
	for (n = 0; n < count;) {
		size_t len = HEAD_SIZE + get_u32(p + 4);

		if (get_u32(p) != id) {
			p += len;
			n++;
			continue;
		}
		memmove(p, p + len, t->size - (size_t)(p - t->buf) - len);
		t->size -= len;
		count--;
		found = true;
	}
	put_u32(t->buf, t->size - HEAD_SIZE);
	put_u32(t->buf + 4, count);
	return found;
}

enum pkcs11_rc pkcs11_tpl_set(struct pkcs11_tpl *t, uint32_t id,
			      const void *val, uint32_t size)
{
	pkcs11_tpl_remove(t, id);
	return pkcs11_tpl_add(t, id, val, size);
}
