// SPDX-License-Identifier: BSD-2-Clause
/* The crash harness's model of persistent objects; see crash_model.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crash_model.h"

uint64_t crash_rng_next(struct crash_rng *r)
{
	uint64_t z = (r->state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

uint64_t crash_rng_below(struct crash_rng *r, uint64_t n)
{
	return crash_rng_next(r) % n;
}

int crash_state_init(struct crash_state *s)
{
	memset(s, 0, sizeof(*s));
	for (int i = 0; i < CRASH_OBJECTS; i++) {
		s->obj[i].data = malloc(CRASH_MAX_DATA);
		if (!s->obj[i].data)
			goto err;
	}
	return 0;
err:
	crash_state_free(s);
	return -ENOMEM;
}

void crash_state_free(struct crash_state *s)
{
	for (int i = 0; i < CRASH_OBJECTS; i++) {
		free(s->obj[i].data);
		s->obj[i].data = NULL;
	}
}

void crash_state_clear(struct crash_state *s)
{
	for (int i = 0; i < CRASH_OBJECTS; i++) {
		s->obj[i].exists = false;
		s->obj[i].len = 0;
	}
}

void crash_state_copy(struct crash_state *dst, const struct crash_state *src)
{
	for (int i = 0; i < CRASH_OBJECTS; i++) {
		dst->obj[i].exists = src->obj[i].exists;
		dst->obj[i].len = src->obj[i].len;
		memcpy(dst->obj[i].data, src->obj[i].data, src->obj[i].len);
	}
}

int crash_state_diff(const struct crash_state *got,
		     const struct crash_state *want)
{
	for (int i = 0; i < CRASH_OBJECTS; i++) {
		const struct crash_object *g = &got->obj[i], *w = &want->obj[i];

		if (g->exists != w->exists)
			return i;
		if (w->exists &&
		    (g->len != w->len || memcmp(g->data, w->data, w->len)))
			return i;
	}
	return -1;
}

void crash_object_id(unsigned int i, char id[CRASH_ID_SIZE])
{
	snprintf(id, CRASH_ID_SIZE, "obj-%u", i);
}

/*
 * Sizes spread over what the hash tree treats differently: inside the
 * first 4 KiB block, a few blocks, and up to 25 blocks (two node
 * levels are not reached: 31 children per node).
 */
static size_t pick_size(struct crash_rng *r, size_t max)
{
	static const size_t ceiling[] = {64, 4096, 32 * 1024, CRASH_MAX_DATA};
	size_t c = ceiling[crash_rng_below(r, 4)];

	if (c > max)
		c = max;
	return (size_t)crash_rng_below(r, c + 1);
}

static void fill(uint8_t *buf, size_t len, struct crash_rng *r)
{
	for (size_t i = 0; i < len; i += 8) {
		uint64_t v = crash_rng_next(r);

		memcpy(buf + i, &v, len - i < 8 ? len - i : 8);
	}
}

static int pick_id(const struct crash_state *s, struct crash_rng *r,
		   bool exists)
{
	int ids[CRASH_OBJECTS], n = 0;

	for (int i = 0; i < CRASH_OBJECTS; i++)
		if (s->obj[i].exists == exists)
			ids[n++] = i;
	return n ? ids[crash_rng_below(r, (uint64_t)n)] : -1;
}

void crash_op_pick(struct crash_op *op, const struct crash_state *s,
		   struct crash_rng *r, uint8_t *buf)
{
	int obj = pick_id(s, r, true), to = pick_id(s, r, false);
	unsigned int dice = (unsigned int)crash_rng_below(r, 100);
	const struct crash_object *o;

	memset(op, 0, sizeof(*op));
	op->data = buf;
	/* Create (or overwrite) a quarter of the time, and when empty. */
	if (obj < 0 || dice < 25) {
		op->kind = CRASH_CREATE;
		op->obj = (unsigned int)crash_rng_below(r, CRASH_OBJECTS);
		op->len = pick_size(r, CRASH_MAX_DATA);
		fill(buf, op->len, r);
		return;
	}
	op->obj = (unsigned int)obj;
	o = &s->obj[obj];
	if (dice < 45 && to >= 0) {
		op->kind = CRASH_RENAME;
		op->to = (unsigned int)to;
	} else if (dice < 60) {
		op->kind = CRASH_DELETE;
	} else if (dice < 75) {
		op->kind = CRASH_TRUNCATE;
		op->off = pick_size(r, CRASH_MAX_DATA);
	} else {
		op->kind = CRASH_WRITE;
		/* Anywhere up to a little past the end (a zero-filled gap). */
		op->off = (size_t)crash_rng_below(r, o->len + 1024 + 1);
		if (op->off > CRASH_MAX_DATA)
			op->off = CRASH_MAX_DATA;
		op->len = pick_size(r, CRASH_MAX_DATA - op->off);
		fill(buf, op->len, r);
	}
}

/* @o's stream at least @len long, any new bytes zero (GP 5.9). */
static void extend(struct crash_object *o, size_t len)
{
	if (len > o->len)
		memset(o->data + o->len, 0, len - o->len);
}

void crash_op_apply(struct crash_state *s, const struct crash_op *op)
{
	struct crash_object *o = &s->obj[op->obj], *to = &s->obj[op->to];

	switch (op->kind) {
	case CRASH_CREATE:
		o->exists = true;
		o->len = op->len;
		memcpy(o->data, op->data, op->len);
		break;
	case CRASH_WRITE:
		/*
		 * Writing nothing changes nothing, even past the end: the
		 * trusted OS returns before the position matters
		 * (secure/tee_svc_storage.c, tee_svc_storage_write()).
		 */
		if (!op->len)
			break;
		extend(o, op->off);
		memcpy(o->data + op->off, op->data, op->len);
		if (op->off + op->len > o->len)
			o->len = op->off + op->len;
		break;
	case CRASH_TRUNCATE:
		extend(o, op->off);
		o->len = op->off;
		break;
	case CRASH_RENAME:
		to->exists = true;
		to->len = o->len;
		memcpy(to->data, o->data, o->len);
		o->exists = false;
		o->len = 0;
		break;
	case CRASH_DELETE:
		o->exists = false;
		o->len = 0;
		break;
	}
}

const char *crash_op_name(enum crash_op_kind kind)
{
	static const char *const names[] = {
		[CRASH_CREATE] = "create",     [CRASH_WRITE] = "write",
		[CRASH_TRUNCATE] = "truncate", [CRASH_RENAME] = "rename",
		[CRASH_DELETE] = "delete",
	};

	return names[kind];
}
