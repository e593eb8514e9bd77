// SPDX-License-Identifier: BSD-2-Clause
/*
 * The TA heap: libc's malloc family, replaced in the TA executable, so
 * that every allocation counts against TA_DATA_SIZE as on OP-TEE, where
 * libutils' malloc is the TA heap: TEE_Malloc, the TA's own malloc,
 * calloc, realloc, posix_memalign, aligned_alloc, memalign, and what
 * glibc and libcrypto allocate for the TA (they call malloc through the
 * symbol the executable defines).  libcrypto's own allocations are not
 * the TA's: on OP-TEE the crypto states and keys live in the TEE core's
 * heap, not in TA_DATA_SIZE, so libcrypto gets uncounted functions
 * (utee_heap_exempt_crypto()).
 *
 * The blocks themselves come from the allocator below (libc's, or the
 * sanitizer's in sanitizer builds), found with dlsym(RTLD_NEXT) on first
 * use; a small static arena serves whatever dlsym allocates meanwhile.
 * Each block counts its usable size (malloc_usable_size) from when it is
 * handed out until it is freed.  What the runtime took to start (libcrypto
 * above all) is not the TA's: the limit, TA_DATA_SIZE, holds from the
 * first call on (utee_heap_start()) above what was in use then.
 *
 * Nothing here allocates, takes a lock or recurses: counters are atomic
 * (the main thread may allocate while the entry thread runs), and the
 * one line that names TA_DATA_SIZE is formatted on the stack.
 *
 * In sanitizer builds the sanitizer's runtime owns libc's names (it
 * allocates through them before it is up): only TEE_Malloc comes here,
 * on top of the sanitizer's allocator, and libc's malloc is not counted.
 */
#include <dlfcn.h>
#include <errno.h>
#include <malloc.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <openssl/crypto.h>
#include <tee_internal_api.h>

#include "utee_priv.h"

#define BOOT_ARENA_SIZE 4096

static struct {
	void *(*malloc)(size_t);
	void (*free)(void *);
	void *(*calloc)(size_t, size_t);
	void *(*realloc)(void *, size_t);
	void *(*memalign)(size_t, size_t);
	size_t (*usable)(void *);
} next;
static atomic_int resolved; /* 0: not yet, 1: resolving, 2: done */

static _Alignas(16) char boot[BOOT_ARENA_SIZE];
static atomic_size_t boot_used;

static atomic_size_t used;     /* usable bytes of live blocks */
static atomic_size_t baseline; /* in use when the TA started */
static atomic_size_t max_used; /* most in use at once, over baseline */
static atomic_bool limited;    /* the limit holds (utee_heap_start()) */
static size_t limit;	       /* TA_DATA_SIZE */
static atomic_uint num_fail;
static atomic_size_t biggest_fail;
static atomic_size_t biggest_fail_used;
static atomic_bool told;

static uint32_t clamp32(size_t v)
{
	return v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
}

static bool in_boot(const void *p)
{
	return (const char *)p >= boot && (const char *)p < boot + sizeof(boot);
}

/* Block @q (if any) gets arena block @p's bytes, as far as @size goes. */
static void *copy_from_boot(void *q, const void *p, size_t size)
{
	size_t left = (size_t)(boot + sizeof(boot) - (const char *)p);

	if (q)
		memcpy(q, p, size < left ? size : left);
	return q;
}

/* Zeroed (the arena is never reused): serves calloc too. */
static void *boot_alloc(size_t size)
{
	size_t n = (size + 15) & ~(size_t)15, at;

	at = atomic_fetch_add(&boot_used, n);
	if (n < size || at > sizeof(boot) || n > sizeof(boot) - at)
		return NULL;
	return boot + at;
}

static bool resolve(void)
{
	int expect = 0;

	if (atomic_load_explicit(&resolved, memory_order_acquire) == 2)
		return true;
	if (!atomic_compare_exchange_strong(&resolved, &expect, 1))
		return false; /* dlsym's own allocations: the arena */
#if defined(TEEBOX_SANITIZED) && TEEBOX_SANITIZED
	next.malloc = malloc;
	next.free = free;
	next.calloc = calloc;
	next.realloc = realloc;
	next.memalign = memalign;
	next.usable = malloc_usable_size;
#else
	next.malloc = (void *(*)(size_t))dlsym(RTLD_NEXT, "malloc");
	next.free = (void (*)(void *))dlsym(RTLD_NEXT, "free");
	next.calloc = (void *(*)(size_t, size_t))dlsym(RTLD_NEXT, "calloc");
	next.realloc = (void *(*)(void *, size_t))dlsym(RTLD_NEXT, "realloc");
	next.memalign = (void *(*)(size_t, size_t))dlsym(RTLD_NEXT, "memalign");
	next.usable = (size_t(*)(void *))dlsym(RTLD_NEXT, "malloc_usable_size");
#endif
	if (!next.malloc || !next.free || !next.calloc || !next.realloc ||
	    !next.memalign || !next.usable)
		abort(); /* no allocator below: nothing can work */
	atomic_store_explicit(&resolved, 2, memory_order_release);
	return true;
}

static size_t in_use(void)
{
	size_t u = atomic_load(&used), b = atomic_load(&baseline);

	return u > b ? u - b : 0;
}

/* Publishes the figures on the shared page, each on its own. */
static void publish(void)
{
	struct ta_ipc_heap *h = utee_channel_heap();
	size_t now = in_use(), max = atomic_load(&max_used);

	while (now > max && !atomic_compare_exchange_weak(&max_used, &max, now))
		;
	if (!h)
		return;
	atomic_store_explicit(&h->allocated, clamp32(now),
			      memory_order_relaxed);
	atomic_store_explicit(&h->max_allocated,
			      clamp32(atomic_load(&max_used)),
			      memory_order_relaxed);
	atomic_store_explicit(&h->size, clamp32(limit), memory_order_relaxed);
	atomic_store_explicit(&h->num_alloc_fail, atomic_load(&num_fail),
			      memory_order_relaxed);
	atomic_store_explicit(&h->biggest_alloc_fail,
			      clamp32(atomic_load(&biggest_fail)),
			      memory_order_relaxed);
	atomic_store_explicit(&h->biggest_alloc_fail_used,
			      clamp32(atomic_load(&biggest_fail_used)),
			      memory_order_relaxed);
}

/*
 * An allocation of @size was refused: counted as OP-TEE's bget does, and
 * said once per instance, naming the setting to raise.
 */
static void *heap_refused(size_t size)
{
	size_t big = atomic_load(&biggest_fail);

	if (atomic_load(&limited) && !atomic_exchange(&told, true))
		EMSG("heap exhausted: %zu bytes refused with %zu of "
		     "TA_DATA_SIZE = %zu bytes in use; raise TA_DATA_SIZE in "
		     "user_ta_header_defines.h",
		     size, in_use(), limit);
	atomic_fetch_add(&num_fail, 1);
	if (size > big &&
	    atomic_compare_exchange_strong(&biggest_fail, &big, size))
		atomic_store(&biggest_fail_used, in_use());
	publish();
	errno = ENOMEM;
	return NULL;
}

/* Whether @n more bytes stay within the limit. */
static bool room_for(size_t n)
{
	size_t u = atomic_load(&used), b = atomic_load(&baseline);

	if (!atomic_load(&limited))
		return true;
	return n <= limit && u - (u > b ? b : u) <= limit - n;
}

/* Counts block @p, or gives it back when it does not fit. */
static void *account(void *p, size_t size)
{
	size_t n;

	if (!p)
		return heap_refused(size);
	n = next.usable(p);
	if (!room_for(n)) {
		next.free(p);
		return heap_refused(size);
	}
	atomic_fetch_add(&used, n);
	publish();
	return p;
}

static void uncount(size_t n)
{
	size_t u = atomic_load(&used);

	while (!atomic_compare_exchange_weak(&used, &u, u > n ? u - n : 0))
		;
}

void *utee_heap_malloc(size_t size)
{
	if (!resolve())
		return boot_alloc(size);
	if (!room_for(size))
		return heap_refused(size);
	return account(next.malloc(size), size);
}

void *utee_heap_calloc(size_t n, size_t size)
{
	size_t total;

	if (__builtin_mul_overflow(n, size, &total)) {
		errno = ENOMEM;
		return NULL;
	}
	if (!resolve())
		return boot_alloc(total);
	if (!room_for(total))
		return heap_refused(total);
	return account(next.calloc(n, size), total);
}

void utee_heap_free(void *p)
{
	if (!p || in_boot(p))
		return;
	if (!resolve())
		return; /* cannot be: a block came from below */
	uncount(next.usable(p));
	next.free(p);
	publish();
}

void *utee_heap_realloc(void *p, size_t size)
{
	size_t old;
	void *q;

	if (!p)
		return utee_heap_malloc(size);
	if (in_boot(p))
		return copy_from_boot(utee_heap_malloc(size), p, size);
	if (!size) {
		utee_heap_free(p);
		return NULL;
	}
	resolve();
	old = next.usable(p);
	if (size > old && !room_for(size - old))
		return heap_refused(size);
	q = next.realloc(p, size);
	if (!q)
		return heap_refused(size);
	/* Rounding may take a few bytes beyond: the block is there. */
	uncount(old);
	atomic_fetch_add(&used, next.usable(q));
	publish();
	return q;
}

void *utee_heap_memalign(size_t align, size_t size)
{
	if (!resolve())
		return NULL;
	if (!room_for(size))
		return heap_refused(size);
	return account(next.memalign(align, size), size);
}

void *utee_heap_raw_malloc(size_t size)
{
	return resolve() ? next.malloc(size) : NULL;
}

void *utee_heap_raw_realloc(void *p, size_t size)
{
	return resolve() ? next.realloc(p, size) : NULL;
}

void utee_heap_raw_free(void *p)
{
	if (p && !in_boot(p) && resolve())
		next.free(p);
}

#if !(defined(TEEBOX_SANITIZED) && TEEBOX_SANITIZED)
/*
 * libc's names, defined in the TA executable: glibc, libcrypto and the TA
 * reach the TA heap through them.  Not in sanitizer builds, whose runtime
 * owns them (and allocates through them before it is up).
 */
void *malloc(size_t size)
{
	return utee_heap_malloc(size);
}

void *calloc(size_t n, size_t size)
{
	return utee_heap_calloc(n, size);
}

void free(void *p)
{
	utee_heap_free(p);
}

void *realloc(void *p, size_t size)
{
	return utee_heap_realloc(p, size);
}

void *memalign(size_t align, size_t size)
{
	return utee_heap_memalign(align, size);
}

void *aligned_alloc(size_t align, size_t size)
{
	return utee_heap_memalign(align, size);
}

int posix_memalign(void **out, size_t align, size_t size)
{
	void *p;

	if (!align || (align & (align - 1)) || align % sizeof(void *))
		return EINVAL;
	p = utee_heap_memalign(align, size);
	if (!p)
		return ENOMEM;
	*out = p;
	return 0;
}

void *valloc(size_t size)
{
	return utee_heap_memalign((size_t)sysconf(_SC_PAGESIZE), size);
}

void *pvalloc(size_t size)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);

	if (size > SIZE_MAX - pg)
		return heap_refused(size);
	return utee_heap_memalign(pg, (size + pg - 1) & ~(pg - 1));
}

#endif

#if !(defined(TEEBOX_SANITIZED) && TEEBOX_SANITIZED)
/*
 * libcrypto's allocator: the blocks below, uncounted.  OpenSSL frees what
 * it allocates with its own free, so nothing counted is freed here.
 */
static void *crypto_malloc(size_t size, const char *file, int line)
{
	(void)file;
	(void)line;
	if (!resolve())
		return boot_alloc(size);
	return next.malloc(size);
}

static void *crypto_realloc(void *p, size_t size, const char *file, int line)
{
	(void)file;
	(void)line;
	if (!p)
		return crypto_malloc(size, file, line);
	if (in_boot(p))
		return copy_from_boot(crypto_malloc(size, file, line), p, size);
	resolve();
	return next.realloc(p, size);
}

static void crypto_free(void *p, const char *file, int line)
{
	(void)file;
	(void)line;
	if (!p || in_boot(p) || !resolve())
		return;
	next.free(p);
}
#endif

int utee_heap_exempt_crypto(void)
{
#if defined(TEEBOX_SANITIZED) && TEEBOX_SANITIZED
	return 0; /* libc's malloc is not counted there */
#else
	/* Refused once libcrypto has allocated: it must come first. */
	return CRYPTO_set_mem_functions(crypto_malloc, crypto_realloc,
					crypto_free)
		       ? 0
		       : -EBUSY;
#endif
}

void utee_heap_init(size_t heap_limit)
{
	limit = heap_limit;
	publish();
}

void utee_heap_start(void)
{
	atomic_store(&baseline, atomic_load(&used));
	atomic_store(&max_used, 0);
	atomic_store(&limited, true);
	publish();
}
