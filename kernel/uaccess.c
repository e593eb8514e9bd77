// SPDX-License-Identifier: BSD-2-Clause
/* User memory copies for ioctls; see uaccess.h. */
#include <errno.h>
#include <string.h>

#include "uaccess.h"

void tee_uspace_init(struct tee_uspace *us, const struct tee_uspace_ops *ops,
		     void *priv)
{
	memset(us, 0, sizeof(*us));
	us->ops = ops;
	us->priv = priv;
}

int tee_uspace_add(struct tee_uspace *us, uint64_t uaddr, void *kbuf,
		   size_t len)
{
	return tee_uspace_add_part(us, uaddr, kbuf, len, 0, len);
}

int tee_uspace_add_part(struct tee_uspace *us, uint64_t uaddr, void *kbuf,
			size_t len, size_t wr_off, size_t wr_len)
{
	struct tee_uregion *r;

	if (us->nregions == TEE_USPACE_MAX_REGIONS)
		return -ENOSPC;
	if (uaddr + len < uaddr || wr_off > len || wr_len > len - wr_off)
		return -EINVAL;
	r = &us->regions[us->nregions++];
	memset(r, 0, sizeof(*r));
	r->uaddr = uaddr;
	r->len = len;
	r->kbuf = kbuf;
	r->wr_off = wr_off;
	r->wr_len = wr_len;
	return 0;
}

/* The region holding all of [uaddr, uaddr + n), or NULL. */
static struct tee_uregion *find_region(const struct tee_uspace *us,
				       uint64_t uaddr, size_t n)
{
	for (size_t i = 0; i < us->nregions; i++) {
		const struct tee_uregion *r = &us->regions[i];

		if (uaddr >= r->uaddr && uaddr - r->uaddr <= r->len &&
		    n <= r->len - (uaddr - r->uaddr))
			return (struct tee_uregion *)r;
	}
	return NULL;
}

int copy_from_user(void *dst, const struct tee_uspace *us, uint64_t uaddr,
		   size_t n)
{
	const struct tee_uregion *r = find_region(us, uaddr, n);

	if (!r)
		return -EFAULT;
	memcpy(dst, r->kbuf + (uaddr - r->uaddr), n);
	return 0;
}

/* Inserts [off, off + len) into the sorted span list, merging neighbours. */
static void record_span(struct tee_uregion *r, size_t off, size_t len)
{
	size_t end = off + len;
	size_t i = 0;
	size_t j;

	while (i < r->nspans && r->spans[i].off + r->spans[i].len < off)
		i++;
	/* Spans i..j-1 touch or overlap the new one: fold them in. */
	j = i;
	while (j < r->nspans && r->spans[j].off <= end) {
		size_t s_end = r->spans[j].off + r->spans[j].len;

		if (r->spans[j].off < off)
			off = r->spans[j].off;
		if (s_end > end)
			end = s_end;
		j++;
	}
	if (j == i && r->nspans == TEE_USPACE_MAX_SPANS) {
		/* No room: keep one span that covers everything written. */
		size_t lo = off < r->spans[0].off ? off : r->spans[0].off;
		struct tee_uspan *last = &r->spans[r->nspans - 1];
		size_t hi = last->off + last->len > end ? last->off + last->len
							: end;

		r->spans[0].off = lo;
		r->spans[0].len = hi - lo;
		r->nspans = 1;
		return;
	}
	memmove(&r->spans[i + 1], &r->spans[j],
		(r->nspans - j) * sizeof(r->spans[0]));
	r->nspans = r->nspans - (j - i) + 1;
	r->spans[i].off = off;
	r->spans[i].len = end - off;
}

int copy_to_user(struct tee_uspace *us, uint64_t uaddr, const void *src,
		 size_t n)
{
	struct tee_uregion *r = find_region(us, uaddr, n);
	size_t off;

	if (!r)
		return -EFAULT;
	off = (size_t)(uaddr - r->uaddr);
	/* Readable but not writable (read-only pages): as the kernel. */
	if (n && (off < r->wr_off || off - r->wr_off > r->wr_len ||
		  n > r->wr_len - (off - r->wr_off)))
		return -EFAULT;
	memcpy(r->kbuf + off, src, n);
	if (n)
		record_span(r, off, n);
	return 0;
}
