// SPDX-License-Identifier: BSD-2-Clause
/*
 * tee-supplicant keeps the memory the secure world frees (supplicant/shm.c)
 * and answers the next SHM_ALLOC it fits with it.  The protocol stays
 * OP-TEE's (optee_client tee-supplicant/src/tee_supplicant.c,
 * process_alloc() and process_free(): one id per allocation, named in the
 * answer), but the bytes must not: a reused buffer shows what a new one
 * would, zeros, never an earlier payload (a TA image, a storage block).
 *
 * The first tests drive supp_shm_alloc() and supp_shm_free() on a real
 * teepriv0 of teed (this process is the supplicant); the last one loads a
 * TA twice through the real tee-supplicant and sees the second load take
 * the memory the first one gave back.
 */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>
#include <linux/tee.h>
#include <tee_client_api.h>

#include "harness.h"
#include "supplicant/supplicant.h"
#include "ta/tests/test_ta_uuids.h"
#include "transport/tdev.h"

/* A TA image's size: the test TAs are about 150 KiB. */
#define IMAGE_SIZE (150 * 1024)

static const TEEC_UUID single_uuid = TA_TEST_FLAGS_SINGLE_INSTANCE_UUID;

struct fixture {
	struct harness h;
	struct supplicant s;
};

static int setup(void **state)
{
	struct harness_opts o = {.supplicant = false};
	struct fixture *f = calloc(1, sizeof(*f));

	if (!f || harness_start(&f->h, &o))
		return -1;
	supp_init(&f->s, f->h.dir);
	if (tdev_open("teepriv0", &f->s.dev))
		return -1;
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;
	int rc;

	supp_shm_free_all(&f->s);
	tdev_close(f->s.dev);
	rc = harness_stop(&f->h);
	free(f);
	return rc ? -1 : 0;
}

/* SHM_ALLOC of @size as the driver asks it: the id answered. */
static uint64_t alloc_ok(struct supplicant *s, size_t size)
{
	struct tee_ioctl_param p = {
		.attr = TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT,
		.a = 0, /* OPTEE_RPC_SHM_TYPE_APPL */
		.b = size,
	};

	assert_int_equal(supp_shm_alloc(s, 1, &p), TEEC_SUCCESS);
	assert_non_null(supp_shm_find(s, p.c));
	assert_true(supp_shm_find(s, p.c)->size >= size);
	return p.c;
}

static void free_ok(struct supplicant *s, uint64_t id)
{
	struct tee_ioctl_param p = {
		.attr = TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT,
		.b = id,
	};

	assert_int_equal(supp_shm_free(s, 1, &p), TEEC_SUCCESS);
}

static size_t kept(const struct supplicant *s)
{
	size_t n = 0;

	for (size_t i = 0; i < s->nshms; i++)
		n += s->shms[i].kept;
	return n;
}

static bool all_zero(const void *p, size_t len)
{
	const uint8_t *b = p;

	for (size_t i = 0; i < len; i++)
		if (b[i])
			return false;
	return true;
}

/* A freed buffer comes back to the next allocation, zeroed. */
static void test_reused_memory_is_zeroed(void **state)
{
	struct fixture *f = *state;
	struct tee_ioctl_param mem = {.a = 0, .b = 16};
	struct supp_shm *m;
	uint64_t id, again;

	id = alloc_ok(&f->s, IMAGE_SIZE);
	m = supp_shm_find(&f->s, id);
	memset(m->va, 0xa5, m->size);
	free_ok(&f->s, id);
	assert_int_equal(kept(&f->s), 1);

	/* Freed is freed: no request reaches it, no second free. */
	assert_null(supp_shm_find(&f->s, id));
	mem.c = id;
	assert_null(supp_param_mem(&f->s, &mem));
	{
		struct tee_ioctl_param p = {
			.attr = TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT,
			.b = id,
		};

		assert_int_equal(supp_shm_free(&f->s, 1, &p),
				 TEEC_ERROR_BAD_PARAMETERS);
	}

	again = alloc_ok(&f->s, IMAGE_SIZE - 1000);
	assert_int_equal(again, id);
	assert_int_equal(kept(&f->s), 0);
	m = supp_shm_find(&f->s, again);
	assert_true(all_zero(m->va, m->size));
	free_ok(&f->s, again);
}

/*
 * Only a request of at least half a kept buffer's size gets it, so a
 * reuse never zeroes more than twice what it needs; the smallest fitting
 * one is taken.
 */
static void test_reuse_fits_the_request(void **state)
{
	struct fixture *f = *state;
	uint64_t big, small, id;

	big = alloc_ok(&f->s, 64 * 1024);
	small = alloc_ok(&f->s, 16 * 1024);
	free_ok(&f->s, big);
	free_ok(&f->s, small);

	id = alloc_ok(&f->s, 4096);
	assert_int_not_equal(id, big);
	assert_int_not_equal(id, small);
	free_ok(&f->s, id);

	id = alloc_ok(&f->s, 12 * 1024);
	assert_int_equal(id, small);
	free_ok(&f->s, id);
	id = alloc_ok(&f->s, 40 * 1024);
	assert_int_equal(id, big);
	free_ok(&f->s, id);
	supp_shm_free_all(&f->s);
}

/* At most SUPP_SHM_KEEP_MAX buffers, SUPP_SHM_KEEP_BYTES bytes are kept. */
static void test_keep_is_bounded(void **state)
{
	struct fixture *f = *state;
	uint64_t id[SUPP_SHM_KEEP_MAX + 1];

	for (int i = 0; i <= SUPP_SHM_KEEP_MAX; i++)
		id[i] = alloc_ok(&f->s, 4096);
	for (int i = 0; i <= SUPP_SHM_KEEP_MAX; i++)
		free_ok(&f->s, id[i]);
	assert_int_equal(kept(&f->s), SUPP_SHM_KEEP_MAX);
	assert_int_equal(f->s.nshms, SUPP_SHM_KEEP_MAX);
	supp_shm_free_all(&f->s);

	id[0] = alloc_ok(&f->s, SUPP_SHM_KEEP_BYTES + 4096);
	free_ok(&f->s, id[0]);
	assert_int_equal(f->s.nshms, 0);
}

/*
 * What is kept takes room in the reserved shared-memory pool (teed's
 * default mode) that other allocations may need: when the device refuses
 * one, the kept buffers are let go and it is asked again.
 */
static void test_kept_memory_yields(void **state)
{
	struct fixture *f = *state;
	struct tee_ioctl_param p = {
		.attr = TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT,
		.b = 256 * 1024,
	};
	uint64_t id;
	int n = 0;

	/*
	 * With dynamic shared memory (make test-dynamic) there is no reserved
	 * pool to fill: the device refuses only at teed's per-context bound,
	 * far beyond 256 of these.  The same code yields either way.
	 */
	if (getenv("TEEBOX_TEST_DYNAMIC_SHM"))
		skip();
	id = alloc_ok(&f->s, SUPP_SHM_KEEP_BYTES);
	free_ok(&f->s, id);
	assert_int_equal(kept(&f->s), 1);

	/* Too small for the kept buffer: they fill the pool beside it. */
	while (n < 256 && supp_shm_alloc(&f->s, 1, &p) == TEEC_SUCCESS)
		n++;
	assert_in_range(n, 4, 255);
	assert_int_equal(kept(&f->s), 0);
	assert_int_equal(f->s.nshms, (size_t)n);
	supp_shm_free_all(&f->s);
}

/* Opens and closes a session: the TA is loaded, and unloaded after. */
static void open_close(void)
{
	TEEC_Context ctx;
	TEEC_Session sess;
	uint32_t origin;

	assert_int_equal(TEEC_InitializeContext(NULL, &ctx), TEEC_SUCCESS);
	assert_int_equal(TEEC_OpenSession(&ctx, &sess, &single_uuid,
					  TEEC_LOGIN_PUBLIC, NULL, NULL,
					  &origin),
			 TEEC_SUCCESS);
	TEEC_CloseSession(&sess);
	TEEC_FinalizeContext(&ctx);
}

/*
 * The memory files tee-supplicant has open (shared memory reaches it as
 * one): how many, and the inode of one of them in *@ino.
 */
static int supp_memfds(pid_t pid, ino_t *ino)
{
	char path[300], link[64];
	struct dirent *de;
	struct stat st;
	int n = 0;
	DIR *d;

	snprintf(path, sizeof(path), "/proc/%d/fd", (int)pid);
	d = opendir(path);
	assert_non_null(d);
	while ((de = readdir(d))) {
		ssize_t len;

		snprintf(path, sizeof(path), "/proc/%d/fd/%s", (int)pid,
			 de->d_name);
		len = readlink(path, link, sizeof(link) - 1);
		if (len <= 0)
			continue;
		link[len] = '\0';
		if (strncmp(link, "/memfd:", 7) || stat(path, &st))
			continue;
		*ino = st.st_ino;
		n++;
	}
	closedir(d);
	return n;
}

/*
 * Through the real tee-supplicant: the first load keeps its image's
 * buffer (a memory file the supplicant keeps open), and the next loads
 * take that one again instead of a new one.
 */
static void test_loads_reuse_the_buffer(void **state)
{
	struct harness_opts o = {.supplicant = true};
	struct harness h;
	ino_t first = 0, now = 0;

	(void)state;
	harness_start_ok(&h, o);
	assert_int_equal(supp_memfds(h.supp, &first), 0);
	open_close();
	assert_int_equal(supp_memfds(h.supp, &first), 1);
	for (int i = 0; i < 3; i++) {
		open_close();
		assert_int_equal(supp_memfds(h.supp, &now), 1);
		assert_int_equal(now, first);
	}
	assert_int_equal(harness_stop(&h), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_reused_memory_is_zeroed,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_reuse_fits_the_request,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_keep_is_bounded, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_kept_memory_yields, setup,
						teardown),
		cmocka_unit_test(test_loads_reuse_the_buffer),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
