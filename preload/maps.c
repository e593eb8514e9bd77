// SPDX-License-Identifier: BSD-2-Clause
/* Which address ranges map which shared memory; see maps.h. */
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "maps.h"

/**
 * struct range - pages that map one shm
 * @start:	first byte
 * @end:	one past the last byte
 * @owner:	the shm (struct pl_shm of files.c)
 */
struct range {
	uintptr_t start;
	uintptr_t end;
	void *owner;
};

/* The recorded ranges, in no order; the caller's lock protects them. */
static struct range *ranges;
static size_t nranges;
static size_t cap;

static size_t page_round(size_t len)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);

	return (len + page - 1) & ~(page - 1);
}

/* Room for @n ranges; 0 or -ENOMEM. */
static int reserve(size_t n)
{
	struct range *r;
	size_t want;

	if (n <= cap)
		return 0;
	want = cap ? cap * 2 : 16;
	while (want < n)
		want *= 2;
	r = realloc(ranges, want * sizeof(*r));
	if (!r)
		return -ENOMEM;
	ranges = r;
	cap = want;
	return 0;
}

int pl_maps_add(uintptr_t start, size_t len, void *owner)
{
	if (reserve(nranges + 1))
		return -ENOMEM;
	ranges[nranges].start = start;
	ranges[nranges].end = start + page_round(len);
	ranges[nranges].owner = owner;
	nranges++;
	return 0;
}

/* Is @owner in ranges [@from, @to)? */
static bool owns_in(const void *owner, size_t from, size_t to)
{
	for (size_t i = from; i < to; i++)
		if (ranges[i].owner == owner)
			return true;
	return false;
}

void pl_maps_cut(uintptr_t start, size_t len,
		 void (*gone)(void *owner, void *ctx), void *ctx)
{
	uintptr_t end = start + page_round(len);
	bool can_split = !reserve(nranges + 1);
	struct range split = {0};
	size_t live = nranges, old = nranges;

	/* Removed ranges move behind @live; they are looked at below. */
	for (size_t i = 0; i < live;) {
		struct range *r = &ranges[i];

		if (r->end <= start || r->start >= end) {
			i++;
		} else if (r->start >= start && r->end <= end) {
			struct range t = *r;

			*r = ranges[live - 1];
			ranges[--live] = t;
		} else if (r->start < start && r->end > end) {
			/* Ranges never overlap: only one can be split. */
			if (can_split) {
				split = (struct range){end, r->end, r->owner};
				r->end = start;
			}
			i++;
		} else {
			if (r->start < start)
				r->end = start;
			else
				r->start = end;
			i++;
		}
	}
	nranges = live;
	for (size_t i = live; i < old; i++) {
		void *owner = ranges[i].owner;

		if (!owns_in(owner, live, i) && !owns_in(owner, 0, live))
			gone(owner, ctx);
	}
	if (split.owner)
		ranges[nranges++] = split;
}

void *pl_maps_owner(uintptr_t addr)
{
	for (size_t i = 0; i < nranges; i++)
		if (addr >= ranges[i].start && addr < ranges[i].end)
			return ranges[i].owner;
	return NULL;
}

bool pl_maps_mapped(const void *owner)
{
	return owns_in(owner, 0, nranges);
}
