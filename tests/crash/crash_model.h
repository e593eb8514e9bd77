/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The crash harness's model of a TA's persistent objects: what each of a
 * fixed set of object ids holds, the operations a trial makes on them,
 * and the seeded generator that picks those operations, so that a trial
 * can be replayed from its seed.
 */
#ifndef TEEBOX_TESTS_CRASH_MODEL_H
#define TEEBOX_TESTS_CRASH_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Object ids "obj-0" ... "obj-5"; object data up to 100 KiB. */
#define CRASH_OBJECTS  6
#define CRASH_MAX_DATA (100 * 1024)
#define CRASH_ID_SIZE  8

/** struct crash_rng - splitmix64: small, seedable, good enough */
struct crash_rng {
	uint64_t state;
};

/**
 * struct crash_object - one object id as the TA should find it
 * @exists:	an object of this id is stored
 * @len:	its data stream's length
 * @data:	the data stream (CRASH_MAX_DATA bytes allocated)
 */
struct crash_object {
	bool exists;
	size_t len;
	uint8_t *data;
};

/** struct crash_state - every object id of a trial */
struct crash_state {
	struct crash_object obj[CRASH_OBJECTS];
};

/** enum crash_op_kind - the GP calls a trial makes */
enum crash_op_kind {
	CRASH_CREATE,	/* TEE_CreatePersistentObject, OVERWRITE, data */
	CRASH_WRITE,	/* TEE_SeekObjectData + TEE_WriteObjectData */
	CRASH_TRUNCATE, /* TEE_TruncateObjectData */
	CRASH_RENAME,	/* TEE_RenamePersistentObject to a free id */
	CRASH_DELETE,	/* TEE_CloseAndDeletePersistentObject1 */
};

/**
 * struct crash_op - one operation
 * @kind:	what
 * @obj:	the object it acts on
 * @to:		CRASH_RENAME: the new id
 * @off:	CRASH_WRITE: the position; CRASH_TRUNCATE: the new size
 * @len:	CRASH_CREATE, CRASH_WRITE: bytes of @data
 * @data:	the bytes (the caller's buffer)
 */
struct crash_op {
	enum crash_op_kind kind;
	unsigned int obj;
	unsigned int to;
	size_t off;
	size_t len;
	const uint8_t *data;
};

/** crash_rng_next() - Return: the next 64 random bits of @r. */
uint64_t crash_rng_next(struct crash_rng *r);

/** crash_rng_below() - Return: a number in [0, @n) from @r (@n > 0). */
uint64_t crash_rng_below(struct crash_rng *r, uint64_t n);

/**
 * crash_state_init() - every id absent, buffers allocated
 * @s:	the state
 * Return: 0, or -ENOMEM (nothing left allocated).
 */
int crash_state_init(struct crash_state *s);

/** crash_state_free() - free what crash_state_init() allocated in @s. */
void crash_state_free(struct crash_state *s);

/** crash_state_clear() - @s with every id absent. */
void crash_state_clear(struct crash_state *s);

/** crash_state_copy() - @dst becomes what @src says. */
void crash_state_copy(struct crash_state *dst, const struct crash_state *src);

/**
 * crash_state_diff() - where @got differs from @want
 * Return: the first object id that differs, or -1 if none does.
 */
int crash_state_diff(const struct crash_state *got,
		     const struct crash_state *want);

/** crash_object_id() - the id of object @i, NUL-terminated, in @id. */
void crash_object_id(unsigned int i, char id[CRASH_ID_SIZE]);

/**
 * crash_op_pick() - a random operation that must succeed on @s
 * @op:		set to it
 * @s:		the objects now
 * @r:		the trial's generator
 * @buf:	CRASH_MAX_DATA bytes for the operation's data
 */
void crash_op_pick(struct crash_op *op, const struct crash_state *s,
		   struct crash_rng *r, uint8_t *buf);

/** crash_op_apply() - what @s becomes once @op succeeded. */
void crash_op_apply(struct crash_state *s, const struct crash_op *op);

/** crash_op_name() - Return: @kind as the report names it. */
const char *crash_op_name(enum crash_op_kind kind);

#endif
