// SPDX-License-Identifier: BSD-2-Clause
/* ID allocator over a growable slot array; see idr.h. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "idr.h"

struct idr_slot {
	void *ptr;
	bool used;
};

void idr_init(struct idr *idr)
{
	memset(idr, 0, sizeof(*idr));
}

void idr_destroy(struct idr *idr)
{
	kfree(idr->slots);
	idr_init(idr);
}

/* Makes slot @id exist; returns 0 or -ENOMEM. */
static int idr_grow(struct idr *idr, int id)
{
	int cap = idr->capacity ? idr->capacity : 16;
	struct idr_slot *slots;

	if (id < idr->capacity)
		return 0;
	while (cap <= id)
		cap = cap > INT_MAX / 2 ? INT_MAX : cap * 2;
	slots = kcalloc((size_t)cap, sizeof(*slots));
	if (!slots)
		return -ENOMEM;
	if (idr->slots)
		memcpy(slots, idr->slots,
		       sizeof(*slots) * (size_t)idr->capacity);
	kfree(idr->slots);
	idr->slots = slots;
	idr->capacity = cap;
	return 0;
}

int idr_alloc(struct idr *idr, void *ptr, int start, int end)
{
	int id;

	if (start < 0)
		return -EINVAL;
	if (end <= 0)
		end = INT_MAX;
	if (start >= end)
		return -ENOSPC;

	id = start > idr->free_hint ? start : idr->free_hint;
	while (id < idr->capacity && idr->slots[id].used)
		id++;
	if (id >= end)
		return -ENOSPC;
	if (idr_grow(idr, id))
		return -ENOMEM;

	idr->slots[id].ptr = ptr;
	idr->slots[id].used = true;
	idr->count++;
	if (start <= idr->free_hint)
		idr->free_hint = id + 1;
	return id;
}

static bool idr_used(const struct idr *idr, int id)
{
	return id >= 0 && id < idr->capacity && idr->slots[id].used;
}

void *idr_find(const struct idr *idr, int id)
{
	return idr_used(idr, id) ? idr->slots[id].ptr : NULL;
}

bool idr_replace(struct idr *idr, void *ptr, int id)
{
	if (!idr_used(idr, id))
		return false;
	idr->slots[id].ptr = ptr;
	return true;
}

void *idr_remove(struct idr *idr, int id)
{
	void *ptr;

	if (!idr_used(idr, id))
		return NULL;
	ptr = idr->slots[id].ptr;
	idr->slots[id].ptr = NULL;
	idr->slots[id].used = false;
	idr->count--;
	if (id < idr->free_hint)
		idr->free_hint = id;
	return ptr;
}

int idr_count(const struct idr *idr)
{
	return idr->count;
}
