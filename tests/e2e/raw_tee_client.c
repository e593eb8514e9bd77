// SPDX-License-Identifier: BSD-2-Clause
/*
 * raw_tee_client: a TEE client written against the kernel's UAPI alone,
 * <linux/tee.h> and open/ioctl/mmap/munmap/close on /dev/tee0, as a
 * program for a real OP-TEE device would be.  No libteec, nothing of
 * teebox: run under libteebox-preload.so it checks that the shim gives
 * the kernel's behaviour (drivers/tee/tee_core.c and the OP-TEE driver),
 * error paths included.
 *
 * It talks to the test TA ta_test_basic (fad5cb5b-1331-41ee-89a2-
 * 836c47328bba, ta/tests/test_ta_cmds.h) and expects a tee-supplicant to
 * hold /dev/teepriv0.  One line per check; exit status 0 only when every
 * check passed.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <linux/tee.h>

#ifndef ENOTSUPP
#define ENOTSUPP 524 /* the kernel's internal "not supported" */
#endif

/* The test TA and its commands (ta/tests/test_ta_cmds.h). */
static const uint8_t ta_uuid[TEE_IOCTL_UUID_LEN] = {
	0xfa, 0xd5, 0xcb, 0x5b, 0x13, 0x31, 0x41, 0xee,
	0x89, 0xa2, 0x83, 0x6c, 0x47, 0x32, 0x8b, 0xba,
};
#define CMD_VALUE_INC	1
#define CMD_MEMREF_SUM	2
#define CMD_MEMREF_FILL 3

#define NPARAMS	 4
#define SHM_SIZE 8192

static int failures;

/* Prints one check's outcome; returns @ok. */
static bool check(bool ok, const char *name, const char *fmt, ...)
{
	va_list ap;

	printf("%s %s", ok ? "PASS" : "FAIL", name);
	if (fmt) {
		printf(": ");
		va_start(ap, fmt);
		vprintf(fmt, ap);
		va_end(ap);
	}
	printf("\n");
	fflush(stdout);
	if (!ok)
		failures++;
	return ok;
}

/* ioctl() that returns -errno on failure. */
static long xioctl(int fd, unsigned long cmd, void *arg)
{
	long rc = ioctl(fd, cmd, arg);

	return rc < 0 ? -errno : rc;
}

/* Checks that @rc is -@want. */
static void check_err(long rc, int want, const char *name)
{
	check(rc == -want, name, "got %ld (%s), want -%d (%s)", rc,
	      rc < 0 ? strerror((int)-rc) : "success", want, strerror(want));
}

/* An invoke argument with room for NPARAMS params. */
struct invoke_buf {
	struct tee_ioctl_invoke_arg arg;
	struct tee_ioctl_param params[NPARAMS];
};

struct open_buf {
	struct tee_ioctl_open_session_arg arg;
	struct tee_ioctl_param params[NPARAMS];
};

static long invoke(int fd, struct invoke_buf *b, uint32_t session,
		   uint32_t func)
{
	struct tee_ioctl_buf_data data = {
		.buf_ptr = (uintptr_t)b,
		.buf_len = sizeof(*b),
	};

	b->arg.func = func;
	b->arg.session = session;
	b->arg.num_params = NPARAMS;
	return xioctl(fd, TEE_IOC_INVOKE, &data);
}

static long open_session(int fd, uint32_t login, uint32_t *session,
			 uint32_t *ret)
{
	struct open_buf b;
	struct tee_ioctl_buf_data data = {
		.buf_ptr = (uintptr_t)&b,
		.buf_len = sizeof(b),
	};
	long rc;

	memset(&b, 0, sizeof(b));
	memcpy(b.arg.uuid, ta_uuid, sizeof(ta_uuid));
	b.arg.clnt_login = login;
	b.arg.num_params = NPARAMS;
	rc = xioctl(fd, TEE_IOC_OPEN_SESSION, &data);
	*session = b.arg.session;
	*ret = b.arg.ret;
	return rc;
}

static long shm_alloc(int fd, size_t size, int *id, uint64_t *got_size)
{
	struct tee_ioctl_shm_alloc_data data = {.size = size};
	long rc = xioctl(fd, TEE_IOC_SHM_ALLOC, &data);

	*id = data.id;
	if (got_size)
		*got_size = data.size;
	return rc;
}

static void set_memref(struct tee_ioctl_param *p, uint64_t attr, int id,
		       uint64_t off, uint64_t size)
{
	p->attr = attr;
	p->a = off;
	p->b = size;
	p->c = (uint64_t)id;
}

/* TA_TEST_CMD_MEMREF_SUM over [off, off + size) of shm @id. */
static long memref_sum(int fd, uint32_t session, int id, uint64_t off,
		       uint64_t size, uint32_t *ret, uint64_t *sum)
{
	struct invoke_buf b;
	long rc;

	memset(&b, 0, sizeof(b));
	set_memref(&b.params[0], TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT, id,
		   off, size);
	b.params[1].attr = TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_OUTPUT;
	rc = invoke(fd, &b, session, CMD_MEMREF_SUM);
	*ret = b.arg.ret;
	*sum = b.params[1].a;
	return rc;
}

/* A page that is mapped but unreadable. */
static void *bad_page(void)
{
	void *p = mmap(NULL, (size_t)getpagesize(), PROT_NONE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

/* Checks VERSION; returns whether the device registers memory. */
static bool check_version(int fd)
{
	struct tee_ioctl_version_data v = {0};
	long rc = xioctl(fd, TEE_IOC_VERSION, &v);

	check(rc == 0 && v.impl_id == TEE_IMPL_ID_OPTEE &&
		      (v.gen_caps & TEE_GEN_CAP_GP) &&
		      !(v.gen_caps & TEE_GEN_CAP_PRIVILEGED),
	      "VERSION", "rc %ld impl_id %u impl_caps 0x%x gen_caps 0x%x", rc,
	      v.impl_id, v.impl_caps, v.gen_caps);
	return v.gen_caps & TEE_GEN_CAP_REG_MEM;
}

/* Allocation, mapping and the kernel's mmap rules. */
static int check_shm_alloc(int fd, uint8_t **mem, int *id)
{
	struct tee_ioctl_shm_alloc_data data = {.size = SHM_SIZE, .flags = 1};
	uint64_t size = 0;
	bool zero = true;
	void *p;
	int shm;

	check_err(xioctl(fd, TEE_IOC_SHM_ALLOC, &data), EINVAL,
		  "SHM_ALLOC flags != 0 -> EINVAL");

	shm = (int)shm_alloc(fd, SHM_SIZE, id, &size);
	if (!check(shm >= 0 && *id >= 1 && size >= SHM_SIZE, "SHM_ALLOC",
		   "fd %d id %d size %llu", shm, *id, (unsigned long long)size))
		return -1;

	p = mmap(NULL, SHM_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, shm, 0);
	if (!check(p != MAP_FAILED, "mmap of the shm fd", "%s",
		   p == MAP_FAILED ? strerror(errno) : "mapped"))
		return -1;
	for (size_t i = 0; i < SHM_SIZE; i++)
		zero = zero && !((uint8_t *)p)[i];
	check(zero, "new shm is zeroed", NULL);
	*mem = p;

	p = mmap(NULL, 2 * (size_t)size, PROT_READ | PROT_WRITE, MAP_SHARED,
		 shm, 0);
	check(p == MAP_FAILED && errno == EINVAL,
	      "mmap past the shm's end -> EINVAL", "%s",
	      p == MAP_FAILED ? strerror(errno) : "mapped");
	if (p != MAP_FAILED)
		munmap(p, 2 * (size_t)size);
	check_err(xioctl(shm, TEE_IOC_VERSION,
			 &(struct tee_ioctl_version_data){}),
		  ENOTTY, "ioctl on a shm fd -> ENOTTY");
	return shm;
}

static void check_values(int fd, uint32_t session)
{
	struct invoke_buf b;
	long rc;

	memset(&b, 0, sizeof(b));
	b.params[0].attr = TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT;
	b.params[0].a = 41;
	b.params[0].b = 100;
	rc = invoke(fd, &b, session, CMD_VALUE_INC);
	check(rc == 0 && b.arg.ret == 0 && b.params[0].a == 42 &&
		      b.params[0].b == 102,
	      "INVOKE VALUE_INC", "rc %ld ret 0x%x a %llu b %llu", rc,
	      b.arg.ret, (unsigned long long)b.params[0].a,
	      (unsigned long long)b.params[0].b);
}

static void check_memrefs(int fd, uint32_t session, uint8_t *mem, int id)
{
	uint64_t sum = 0, want = 0;
	struct invoke_buf b;
	uint32_t ret = 0;
	bool filled = true;
	long rc;

	for (size_t i = 0; i < 1000; i++) {
		mem[100 + i] = (uint8_t)(i * 7);
		want += (uint8_t)(i * 7);
	}
	rc = memref_sum(fd, session, id, 100, 1000, &ret, &sum);
	check(rc == 0 && ret == 0 && sum == want,
	      "INVOKE MEMREF_SUM from the mapping",
	      "rc %ld ret 0x%x sum %llu "
	      "want %llu",
	      rc, ret, (unsigned long long)sum, (unsigned long long)want);

	memset(&b, 0, sizeof(b));
	set_memref(&b.params[0], TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT, id,
		   4096, 300);
	b.params[1].attr = TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT;
	b.params[1].a = 5;
	rc = invoke(fd, &b, session, CMD_MEMREF_FILL);
	for (size_t i = 0; i < 300; i++)
		filled = filled && mem[4096 + i] == (uint8_t)(5 + i);
	check(rc == 0 && b.arg.ret == 0 && filled && b.params[0].b == 300,
	      "INVOKE MEMREF_FILL into the mapping",
	      "rc %ld ret 0x%x size "
	      "%llu",
	      rc, b.arg.ret, (unsigned long long)b.params[0].b);
}

/* The kernel's checks of an INVOKE argument (tee_core.c). */
static void check_invoke_errors(int fd, uint32_t session, int id)
{
	struct tee_ioctl_buf_data data;
	struct invoke_buf b;
	uint8_t *big;
	void *bad;

	memset(&b, 0, sizeof(b));
	b.arg.session = session;
	b.arg.func = CMD_VALUE_INC;
	b.arg.num_params = NPARAMS;
	data.buf_ptr = (uintptr_t)&b;
	data.buf_len = sizeof(b) - 8;
	check_err(xioctl(fd, TEE_IOC_INVOKE, &data), EINVAL,
		  "INVOKE buf_len != 24 + 32 * num_params -> EINVAL");

	big = calloc(1, 8192);
	if (big) {
		struct tee_ioctl_invoke_arg *a = (void *)big;

		a->session = session;
		a->num_params = (8192 - sizeof(*a)) / 32;
		data.buf_ptr = (uintptr_t)big;
		data.buf_len = sizeof(*a) + 32 * a->num_params;
		check_err(xioctl(fd, TEE_IOC_INVOKE, &data), EINVAL,
			  "INVOKE buf_len > 4096 -> EINVAL");
		free(big);
	}

	memset(&b, 0, sizeof(b));
	b.params[0].attr = TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT | 0x200;
	check_err(invoke(fd, &b, session, CMD_VALUE_INC), EINVAL,
		  "INVOKE param attr with unknown bits -> EINVAL");

	memset(&b, 0, sizeof(b));
	b.params[0].attr = TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT |
			   TEE_IOCTL_PARAM_ATTR_META;
	check_err(invoke(fd, &b, session, CMD_VALUE_INC), EINVAL,
		  "INVOKE META param from a client -> EINVAL");

	memset(&b, 0, sizeof(b));
	set_memref(&b.params[0], TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT,
		   0x7ffffff0, 0, 16);
	check_err(invoke(fd, &b, session, CMD_MEMREF_SUM), EINVAL,
		  "INVOKE memref to a nonexistent shm id -> EINVAL");

	memset(&b, 0, sizeof(b));
	set_memref(&b.params[0], TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT, id,
		   SHM_SIZE - 8, 16);
	check_err(invoke(fd, &b, session, CMD_MEMREF_SUM), EINVAL,
		  "INVOKE memref offset + size past the shm -> EINVAL");

	memset(&b, 0, sizeof(b));
	set_memref(&b.params[0], TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT, id,
		   UINT64_MAX - 4, 16);
	check_err(invoke(fd, &b, session, CMD_MEMREF_SUM), EINVAL,
		  "INVOKE memref offset + size overflowing -> EINVAL");

	bad = bad_page();
	data.buf_ptr = (uintptr_t)bad;
	data.buf_len = sizeof(b);
	check_err(xioctl(fd, TEE_IOC_INVOKE, &data), EFAULT,
		  "INVOKE with an unreadable buf_ptr -> EFAULT");
	check_err(xioctl(fd, TEE_IOC_INVOKE, bad), EFAULT,
		  "INVOKE with an unreadable argument -> EFAULT");
	check_err(xioctl(fd, TEE_IOC_VERSION, bad), EFAULT,
		  "VERSION into unreadable memory -> EFAULT");
	check_err(xioctl(fd, TEE_IOC_VERSION, NULL), EFAULT,
		  "VERSION into NULL -> EFAULT");
	if (bad) {
		/* Readable but read-only: the kernel cannot write back. */
		mprotect(bad, (size_t)getpagesize(), PROT_READ);
		check_err(xioctl(fd, TEE_IOC_VERSION, bad), EFAULT,
			  "VERSION into read-only memory -> EFAULT");
		munmap(bad, (size_t)getpagesize());
	}
}

/*
 * Two pages, the second unreadable: a buffer near the end of the first
 * runs into it.  NULL if they cannot be mapped.
 */
static uint8_t *edge_pages(void)
{
	size_t pg = (size_t)getpagesize();
	uint8_t *p = mmap(NULL, 2 * pg, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		return NULL;
	mprotect(p + pg, pg, PROT_NONE);
	return p;
}

/* Unreadable memory: what the core reads first decides. */
static void unusable_reads(int fd, uint32_t session, uint8_t *end, void *bad)
{
	struct tee_ioctl_buf_data data;
	struct invoke_buf *b;

	/* Header readable, params in the unreadable page. */
	b = (void *)(end - sizeof(b->arg) - sizeof(b->params[0]));
	memset(b, 0, sizeof(b->arg) + sizeof(b->params[0]));
	b->arg.session = session;
	b->arg.func = CMD_VALUE_INC;
	b->arg.num_params = NPARAMS;
	data.buf_ptr = (uintptr_t)b;
	data.buf_len = sizeof(*b);
	check_err(xioctl(fd, TEE_IOC_INVOKE, &data), EFAULT,
		  "INVOKE with params in an unreadable page -> EFAULT");
	data.buf_len = sizeof(*b) - sizeof(b->params[0]);
	check_err(xioctl(fd, TEE_IOC_INVOKE, &data), EINVAL,
		  "INVOKE, readable header, buf_len not its num_params -> "
		  "EINVAL");
	data.buf_ptr = (uintptr_t)bad;
	data.buf_len = sizeof(b->arg) - 1;
	check_err(xioctl(fd, TEE_IOC_INVOKE, &data), EINVAL,
		  "INVOKE, unreadable buffer shorter than a header -> EINVAL");

	check_err(xioctl(fd, TEE_IOC_OBJECT_INVOKE, bad), EINVAL,
		  "OBJECT_INVOKE with an unreadable argument -> EINVAL");
	check_err(xioctl(fd, TEE_IOC_SUPPL_RECV, bad), EINVAL,
		  "SUPPL_RECV on tee0 with an unreadable argument -> EINVAL");
	check_err(xioctl(fd,
			 _IOR(TEE_IOC_MAGIC, TEE_IOC_BASE + 11,
			      struct tee_ioctl_buf_data),
			 bad),
		  EINVAL,
		  "unknown ioctl with an unreadable argument -> EINVAL");
	check_err(xioctl(fd, TEE_IOC_CLOSE_SESSION, bad), EFAULT,
		  "CLOSE_SESSION with an unreadable argument -> EFAULT");
}

/* Read-only memory: the call is made, its result cannot be written. */
static void unusable_writes(int fd, uint32_t session, uint8_t *page)
{
	size_t pg = (size_t)getpagesize();
	struct tee_ioctl_buf_data data;
	struct tee_ioctl_shm_alloc_data *alloc;
	struct invoke_buf *b;
	struct open_buf *ob;

	b = (void *)page;
	memset(b, 0, sizeof(*b));
	b->arg.session = session;
	b->arg.func = CMD_VALUE_INC;
	b->arg.num_params = NPARAMS;
	b->params[0].attr = TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT;
	data.buf_ptr = (uintptr_t)b;
	data.buf_len = sizeof(*b);
	mprotect(page, pg, PROT_READ);
	check_err(xioctl(fd, TEE_IOC_INVOKE, &data), EFAULT,
		  "INVOKE into a read-only buffer -> EFAULT");
	check(b->params[0].a == 0,
	      "INVOKE into a read-only buffer writes "
	      "nothing",
	      "a = %llu", (unsigned long long)b->params[0].a);
	mprotect(page, pg, PROT_READ | PROT_WRITE);
	ob = (void *)page;
	memset(ob, 0, sizeof(*ob));
	memcpy(ob->arg.uuid, ta_uuid, sizeof(ta_uuid));
	ob->arg.clnt_login = TEE_IOCTL_LOGIN_PUBLIC;
	ob->arg.num_params = NPARAMS;
	data.buf_ptr = (uintptr_t)ob;
	data.buf_len = sizeof(*ob);
	mprotect(page, pg, PROT_READ);
	check_err(xioctl(fd, TEE_IOC_OPEN_SESSION, &data), EFAULT,
		  "OPEN_SESSION into a read-only buffer -> EFAULT");
	mprotect(page, pg, PROT_READ | PROT_WRITE);
	alloc = (void *)page;
	memset(alloc, 0, sizeof(*alloc));
	alloc->size = SHM_SIZE;
	mprotect(page, pg, PROT_READ);
	check_err(xioctl(fd, TEE_IOC_SHM_ALLOC, alloc), EFAULT,
		  "SHM_ALLOC into a read-only argument -> EFAULT");
	mprotect(page, pg, PROT_READ | PROT_WRITE);
}

/*
 * Memory the kernel cannot use, met where tee_core.c meets it: what it
 * reads first decides, and a result it cannot write back fails the call
 * after it was made.
 */
static void check_unusable_memory(int fd, uint32_t session)
{
	size_t pg = (size_t)getpagesize();
	uint8_t *edge = edge_pages();
	void *bad = bad_page();

	if (!edge || !bad) {
		check(false, "map the test pages", NULL);
		goto out;
	}
	unusable_reads(fd, session, edge + pg, bad);
	unusable_writes(fd, session, edge);
out:
	if (edge)
		munmap(edge, 2 * pg);
	if (bad)
		munmap(bad, pg);
}

static void check_session_errors(int fd, uint32_t session)
{
	struct tee_ioctl_cancel_arg cancel = {.session = 0x7ffffff0};
	struct tee_ioctl_close_session_arg close_arg = {.session = 0x7ffffff0};
	uint32_t s2, ret;
	struct invoke_buf b;

	check_err(xioctl(fd, TEE_IOC_CANCEL, &cancel), EINVAL,
		  "CANCEL on a bad session -> EINVAL");
	check_err(xioctl(fd, TEE_IOC_CLOSE_SESSION, &close_arg), EINVAL,
		  "CLOSE_SESSION of a bad id -> EINVAL");

	check_err(open_session(fd, TEE_IOCTL_LOGIN_REE_KERNEL, &s2, &ret),
		  EPERM, "OPEN_SESSION with a REE kernel login -> EPERM");

	close_arg.session = session;
	check(xioctl(fd, TEE_IOC_CLOSE_SESSION, &close_arg) == 0,
	      "CLOSE_SESSION", NULL);
	memset(&b, 0, sizeof(b));
	b.params[0].attr = TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT;
	check_err(invoke(fd, &b, session, CMD_VALUE_INC), EINVAL,
		  "INVOKE on a closed session -> EINVAL");
	check_err(xioctl(fd, TEE_IOC_CLOSE_SESSION, &close_arg), EINVAL,
		  "CLOSE_SESSION twice -> EINVAL");
}

/* The ioctls a client device of the OP-TEE driver does not have. */
static void check_other_ioctls(int fd, int shm, bool reg_mem)
{
	struct {
		struct tee_iocl_supp_recv_arg arg;
		struct tee_ioctl_param params[NPARAMS];
	} supp;
	struct {
		struct tee_ioctl_object_invoke_arg arg;
		struct tee_ioctl_param params[NPARAMS];
	} obj;
	struct tee_ioctl_buf_data data;
	struct tee_ioctl_shm_register_data reg = {0};
	struct tee_ioctl_shm_register_fd_data regfd = {0};
	static uint8_t page[4096] __attribute__((aligned(4096)));
	long rc;

	memset(&supp, 0, sizeof(supp));
	supp.arg.num_params = NPARAMS;
	data.buf_ptr = (uintptr_t)&supp;
	data.buf_len = sizeof(supp);
	check_err(xioctl(fd, TEE_IOC_SUPPL_RECV, &data), EINVAL,
		  "SUPPL_RECV on tee0 -> EINVAL");
	check_err(xioctl(fd, TEE_IOC_SUPPL_SEND, &data), EINVAL,
		  "SUPPL_SEND on tee0 -> EINVAL");

	reg.addr = (uintptr_t)page;
	reg.length = sizeof(page);
	rc = xioctl(fd, TEE_IOC_SHM_REGISTER, &reg);
	/*
	 * With dynamic shared memory (gen_caps REG_MEM) registration works;
	 * without, OP-TEE refuses it and the driver answers EINVAL.
	 */
	if (reg_mem)
		check(rc >= 0 && reg.id >= 1 && reg.length == sizeof(page),
		      "SHM_REGISTER -> fd", "got %ld, id %d", rc, reg.id);
	else
		check(rc == -EINVAL, "SHM_REGISTER -> EINVAL (no REG_MEM)",
		      "got %ld", rc);
	if (rc >= 0)
		close((int)rc);

	regfd.fd = shm;
	check_err(xioctl(fd, TEE_IOC_SHM_REGISTER_FD, &regfd), EINVAL,
		  "SHM_REGISTER_FD -> EINVAL");

	memset(&obj, 0, sizeof(obj));
	obj.arg.num_params = NPARAMS;
	data.buf_ptr = (uintptr_t)&obj;
	data.buf_len = sizeof(obj);
	check_err(xioctl(fd, TEE_IOC_OBJECT_INVOKE, &data), EINVAL,
		  "OBJECT_INVOKE -> EINVAL");

	check_err(xioctl(fd,
			 _IOR(TEE_IOC_MAGIC, TEE_IOC_BASE + 11,
			      struct tee_ioctl_buf_data),
			 &data),
		  EINVAL, "unknown ioctl nr 11 -> EINVAL");
	check_err(xioctl(fd, _IO(TEE_IOC_MAGIC, 0x40), NULL), EINVAL,
		  "unknown ioctl without an argument -> EINVAL");
	check_err(xioctl(fd,
			 _IOR(TEE_IOC_MAGIC, TEE_IOC_BASE + 0,
			      struct tee_ioctl_buf_data),
			 &data),
		  EINVAL, "VERSION number with the wrong size -> EINVAL");
}

/*
 * The kernel frees a shm when its fd is closed and no mapping remains:
 * closed but mapped, its id still works; unmapped, it is gone.
 */
static void check_shm_lifetime(int fd, uint32_t session)
{
	uint64_t sum = 0;
	uint32_t ret = 0;
	uint8_t *p;
	int shm, id;
	long rc;

	shm = (int)shm_alloc(fd, 4096, &id, NULL);
	if (!check(shm >= 0, "SHM_ALLOC for the lifetime checks", "%d", shm))
		return;
	p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, shm, 0);
	if (!check(p != MAP_FAILED, "mmap before close", NULL)) {
		close(shm);
		return;
	}
	check(close(shm) == 0, "close of a mapped shm fd", NULL);
	memset(p, 3, 4096);
	rc = memref_sum(fd, session, id, 0, 4096, &ret, &sum);
	check(rc == 0 && ret == 0 && sum == 3 * 4096,
	      "closed but mapped shm still usable (memref by id)",
	      "rc %ld ret 0x%x sum %llu", rc, ret, (unsigned long long)sum);
	check(p[17] == 3, "closed but mapped shm memory readable", NULL);
	check(munmap(p, 4096) == 0, "munmap of the last mapping", NULL);
	rc = memref_sum(fd, session, id, 0, 4096, &ret, &sum);
	check_err(rc, EINVAL, "shm freed after close and munmap: id -> EINVAL");

	shm = (int)shm_alloc(fd, 4096, &id, NULL);
	if (shm < 0)
		return;
	close(shm);
	rc = memref_sum(fd, session, id, 0, 16, &ret, &sum);
	check_err(rc, EINVAL,
		  "shm closed unmapped is freed at once: id -> "
		  "EINVAL");
}

/* Device files behave as files: dup, mmap, a second open, teepriv. */
static void check_device_files(int fd)
{
	struct tee_ioctl_version_data v;
	struct stat st;
	void *p;
	int fd2, priv;

	p = mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, 0);
	check(p == MAP_FAILED && errno == ENODEV,
	      "mmap of the device -> ENODEV", "%s",
	      p == MAP_FAILED ? strerror(errno) : "mapped");
	check(fstat(fd, &st) == 0 && S_ISCHR(st.st_mode),
	      "fstat of the device: a character device", NULL);

	fd2 = dup(fd);
	check(fd2 >= 0 && xioctl(fd2, TEE_IOC_VERSION, &v) == 0,
	      "ioctl through a dup()ed device fd", NULL);
	if (fd2 >= 0)
		close(fd2);
	check(xioctl(fd, TEE_IOC_VERSION, &v) == 0,
	      "the device survives closing its dup", NULL);

	fd2 = open("/dev/tee9", O_RDWR);
	check(fd2 < 0 && errno == ENOENT, "open of /dev/tee9 -> ENOENT",
	      "%d (%s)", fd2, fd2 < 0 ? strerror(errno) : "opened");
	if (fd2 >= 0)
		close(fd2);

	priv = open("/dev/teepriv0", O_RDWR);
	if (geteuid() == 0)
		check(priv < 0 && errno == EBUSY,
		      "open of /dev/teepriv0 while tee-supplicant runs -> "
		      "EBUSY",
		      "%d (%s)", priv, priv < 0 ? strerror(errno) : "opened");
	else
		check(priv < 0 && (errno == EBUSY || errno == EACCES),
		      "open of /dev/teepriv0 (not root) -> EACCES or EBUSY",
		      "%d (%s)", priv, priv < 0 ? strerror(errno) : "opened");
	if (priv >= 0)
		close(priv);
}

int main(void)
{
	uint32_t session = 0, ret = 0;
	uint8_t *mem = NULL;
	int fd, shm, id = 0;
	bool reg_mem;
	long rc;

	fd = open("/dev/tee0", O_RDWR | O_CLOEXEC);
	if (!check(fd >= 0, "open /dev/tee0", "%s",
		   fd < 0 ? strerror(errno) : "opened"))
		return 1;

	reg_mem = check_version(fd);
	shm = check_shm_alloc(fd, &mem, &id);

	rc = open_session(fd, TEE_IOCTL_LOGIN_PUBLIC, &session, &ret);
	if (!check(rc == 0 && ret == 0, "OPEN_SESSION to ta_test_basic",
		   "rc %ld ret 0x%x session %u", rc, ret, session))
		return 1;

	check_values(fd, session);
	if (shm >= 0) {
		check_memrefs(fd, session, mem, id);
		check_invoke_errors(fd, session, id);
		check_unusable_memory(fd, session);
		check_shm_lifetime(fd, session);
		check_other_ioctls(fd, shm, reg_mem);
	}
	check_device_files(fd);
	check_session_errors(fd, session);

	if (shm >= 0) {
		check(munmap(mem, SHM_SIZE) == 0, "munmap", NULL);
		check(close(shm) == 0, "close of the shm fd", NULL);
	}
	check(close(fd) == 0, "close /dev/tee0", NULL);
	check(close(fd) < 0 && errno == EBADF, "close twice -> EBADF", NULL);

	printf("%s: %d check(s) failed\n", failures ? "FAILED" : "PASSED",
	       failures);
	return failures ? 1 : 0;
}
