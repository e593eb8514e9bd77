// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unit tests for libteec (libteec/src), the GlobalPlatform TEE Client API,
 * against a fake TEE device plugged into the library's seam
 * (teec_dev_ops.h).
 *
 * The fake plays the kernel: it checks every OPEN_SESSION and INVOKE
 * argument as tee_core.c does (buf_len, attributes, shm ids and bounds,
 * logins), runs a scripted "TEE" on a copy of the params, and writes back
 * only what the kernel writes back (ABI-FACTS §1.5).  It records every
 * ioctl with its decoded argument, and counts device opens/closes, shared
 * memory allocations/closes and mappings, so that every test ends by
 * checking that nothing was leaked (teardown).
 *
 * Threads never call cmocka assertions: they record what they saw and the
 * test thread checks it after joining them.  Threads are ordered with the
 * fake's condition variable, never with sleeps.
 */
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/types.h>

#include <cmocka.h>

#include <linux/tee.h>

#include "tee_client_api.h"
#include "tee_client_api_extensions.h"
#include "teec_dev_ops.h"

/* ------------------------------------------------------------------ */
/* The fake device                                                     */
/* ------------------------------------------------------------------ */

#define NDEVS	      10
#define NPARAMS	      TEEC_CONFIG_PAYLOAD_REF_COUNT
#define FAKE_MAX_SHM  64
#define FAKE_MAX_RECS 256
#define FAKE_FD_BASE  500
#define SEEN_MAX      64

/* Commands the scripted TEE treats specially. */
#define CMD_BLOCK  0xB10C /* blocks until a CANCEL arrives */
#define CMD_DOUBLE 0xD0	  /* the concurrency test's command */

/* A fake device file. */
struct tdev {
	int index;
};

/**
 * struct fake_shm - shared memory the fake handed out
 * @used:	slot in use
 * @dev:	device index it belongs to
 * @id:		shm id
 * @fd:		its fd
 * @buf:	its memory (ours, or the application's for SHM_REGISTER)
 * @size:	its size
 * @owned:	@buf is ours to free
 * @maps:	live mappings
 */
struct fake_shm {
	bool used;
	int dev;
	int id;
	int fd;
	uint8_t *buf;
	size_t size;
	bool owned;
	int maps;
};

/* The decoded arguments of OPEN_SESSION and INVOKE. */
struct rec_open {
	uint8_t uuid[TEE_IOCTL_UUID_LEN];
	uint8_t clnt_uuid[TEE_IOCTL_UUID_LEN];
	uint32_t clnt_login;
	uint32_t cancel_id;
	uint32_t num_params;
	struct tee_ioctl_param params[NPARAMS];
};

struct rec_invoke {
	uint32_t func;
	uint32_t session;
	uint32_t cancel_id;
	uint32_t num_params;
	struct tee_ioctl_param params[NPARAMS];
};

/**
 * struct rec - one recorded ioctl
 * @cmd:	the command
 * @dev:	device index
 * @buf_len:	buf_len of OPEN_SESSION and INVOKE
 * @u:		the decoded argument, as the library passed it
 */
struct rec {
	unsigned long cmd;
	int dev;
	uint64_t buf_len;
	union {
		struct tee_ioctl_version_data version;
		struct tee_ioctl_shm_alloc_data alloc;
		struct tee_ioctl_shm_register_data reg;
		struct tee_ioctl_shm_register_fd_data regfd;
		struct tee_ioctl_cancel_arg cancel;
		struct tee_ioctl_close_session_arg close;
		struct rec_open open;
		struct rec_invoke invoke;
	} u;
};

/**
 * struct script - what the scripted TEE answers to OPEN_SESSION / INVOKE
 * @ret:	result
 * @ret_origin:	origin
 * @session:	session id an open returns
 * @data:	bytes the TA writes into memref @n (at its offset)
 * @data_len:	how many (never more than the memref's size)
 * @set_b:	return @b[n] as the memref size / value b
 * @b:		see @set_b
 * @set_val:	return @a, @b and @c as the value of param @n
 * @a:		value a
 * @c:		value c
 */
struct script {
	uint32_t ret;
	uint32_t ret_origin;
	uint32_t session;
	uint8_t data[NPARAMS][SEEN_MAX];
	size_t data_len[NPARAMS];
	bool set_b[NPARAMS];
	uint64_t b[NPARAMS];
	bool set_val[NPARAMS];
	uint64_t a[NPARAMS];
	uint64_t c[NPARAMS];
};

/**
 * struct fake - the fake kernel; @lock protects everything below it
 * @devs:	the devices tee0..tee9 (present, version answer)
 * @fail_cmd:	ioctl that fails with -@fail_err (0: none)
 * @mmap_fail:	mmap fails
 * @regfd_err:	SHM_REGISTER_FD fails with -@regfd_err (0: succeeds)
 * @regfd_size:	the size SHM_REGISTER_FD reports
 * @record:	record ioctls in @recs
 * @recs:	recorded ioctls
 * @nrecs:	ioctls seen (may exceed FAKE_MAX_RECS)
 * @shms:	shared memory handed out
 * @next_id:	next shm id
 * @opens:	device opens
 * @closes:	device closes
 * @shm_made:	shm fds handed out
 * @shm_closed:	shm fds closed
 * @maps:	mappings made
 * @unmaps:	mappings removed
 * @errors:	misuse the fake saw (bad unmap, close while mapped, ...)
 * @cancels:	CANCEL ioctls
 * @block_open:	OPEN_SESSION blocks like CMD_BLOCK
 * @blocked:	a CMD_BLOCK call is waiting
 * @seen:	memref bytes the TEE saw in the last call
 * @seen_len:	how many
 * @script:	the answers
 */
struct fake {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	struct {
		bool present;
		bool version_fails;
		struct tee_ioctl_version_data v;
	} devs[NDEVS];
	unsigned long fail_cmd;
	int fail_err;
	bool mmap_fail;
	int regfd_err;
	uint64_t regfd_size;
	bool record;
	struct rec recs[FAKE_MAX_RECS];
	int nrecs;
	struct fake_shm shms[FAKE_MAX_SHM];
	int next_id;
	int opens;
	int closes;
	int shm_made;
	int shm_closed;
	int maps;
	int unmaps;
	int errors;
	int cancels;
	bool block_open;
	bool blocked;
	uint8_t seen[NPARAMS][SEEN_MAX];
	size_t seen_len[NPARAMS];
	struct script script;
};

static struct fake fake = {
	.lock = PTHREAD_MUTEX_INITIALIZER,
	.cond = PTHREAD_COND_INITIALIZER,
};

/* Called with fake.lock held. */
static struct fake_shm *shm_by_id(int dev, uint64_t id)
{
	for (int i = 0; i < FAKE_MAX_SHM; i++)
		if (fake.shms[i].used && fake.shms[i].dev == dev &&
		    (uint64_t)fake.shms[i].id == id)
			return &fake.shms[i];
	return NULL;
}

/* Called with fake.lock held. */
static struct fake_shm *shm_by_fd(int fd)
{
	for (int i = 0; i < FAKE_MAX_SHM; i++)
		if (fake.shms[i].used && fake.shms[i].fd == fd)
			return &fake.shms[i];
	return NULL;
}

/* Called with fake.lock held; returns the new fd or -ENOMEM. */
static long shm_new(int dev, uint8_t *buf, size_t size, bool owned, int *id)
{
	for (int i = 0; i < FAKE_MAX_SHM; i++) {
		struct fake_shm *s = &fake.shms[i];

		if (s->used)
			continue;
		*s = (struct fake_shm){.used = true,
				       .dev = dev,
				       .id = fake.next_id++,
				       .fd = 0,
				       .buf = buf,
				       .size = size,
				       .owned = owned};
		s->fd = FAKE_FD_BASE + s->id;
		*id = s->id;
		fake.shm_made++;
		return s->fd;
	}
	return -ENOMEM;
}

/* Called with fake.lock held. */
static struct rec *rec_new(unsigned long cmd, int dev)
{
	struct rec *r = NULL;

	if (fake.record && fake.nrecs < FAKE_MAX_RECS) {
		r = &fake.recs[fake.nrecs];
		memset(r, 0, sizeof(*r));
		r->cmd = cmd;
		r->dev = dev;
	}
	fake.nrecs++;
	return r;
}

/* The kernel's checks of one client param (tee_core.c, §1.5). */
static bool param_ok(int dev, const struct tee_ioctl_param *p)
{
	struct fake_shm *s;

	if (p->attr & ~(uint64_t)TEE_IOCTL_PARAM_ATTR_MASK)
		return false;
	switch (p->attr) {
	case TEE_IOCTL_PARAM_ATTR_TYPE_NONE:
	case TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT:
	case TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_OUTPUT:
	case TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT:
		return true;
	case TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT:
	case TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT:
	case TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT:
		if (p->c == TEE_MEMREF_NULL)
			return fake.devs[dev].v.gen_caps &
			       TEE_GEN_CAP_MEMREF_NULL;
		s = shm_by_id(dev, p->c);
		return s && p->a + p->b >= p->a && p->a + p->b <= s->size;
	default:
		return false; /* META from a client: OP-TEE refuses it */
	}
}

static bool is_memref(uint64_t attr)
{
	return attr >= TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT &&
	       attr <= TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT;
}

static bool is_output(uint64_t attr)
{
	return attr == TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_OUTPUT ||
	       attr == TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT ||
	       attr == TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT ||
	       attr == TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT;
}

/* The memory of memref @p, or NULL (TEE_MEMREF_NULL). */
static uint8_t *memref_mem(int dev, const struct tee_ioctl_param *p)
{
	struct fake_shm *s;
	uint8_t *mem = NULL;

	pthread_mutex_lock(&fake.lock);
	s = shm_by_id(dev, p->c);
	if (s)
		mem = s->buf + p->a;
	pthread_mutex_unlock(&fake.lock);
	return mem;
}

/*
 * The TEE: runs @func (or an open when @open) on the params @p.  Called
 * without fake.lock.  Returns ret and ret_origin through @ret.
 */
static void tee_run(int dev, bool open, uint32_t func,
		    struct tee_ioctl_param *p, uint32_t *ret,
		    uint32_t *ret_origin, uint32_t *session)
{
	struct script sc;
	bool block;

	pthread_mutex_lock(&fake.lock);
	block = open ? fake.block_open : func == CMD_BLOCK;
	pthread_mutex_unlock(&fake.lock);
	if (block) {
		pthread_mutex_lock(&fake.lock);
		fake.blocked = true;
		pthread_cond_broadcast(&fake.cond);
		while (!fake.cancels)
			pthread_cond_wait(&fake.cond, &fake.lock);
		pthread_mutex_unlock(&fake.lock);
		*ret = TEEC_ERROR_CANCEL;
		*ret_origin = TEEC_ORIGIN_TEE;
		return;
	}
	if (!open && func == CMD_DOUBLE) {
		/* value: a -> a + 1, b = 2a; memref: reversed in place */
		uint8_t *m = memref_mem(dev, &p[1]);

		p[0].b = p[0].a * 2;
		p[0].a = p[0].a + 1;
		for (size_t i = 0; m && i < p[1].b / 2; i++) {
			uint8_t t = m[i];

			m[i] = m[p[1].b - 1 - i];
			m[p[1].b - 1 - i] = t;
		}
		*ret = TEEC_SUCCESS;
		*ret_origin = TEEC_ORIGIN_TRUSTED_APP;
		return;
	}

	pthread_mutex_lock(&fake.lock);
	sc = fake.script;
	pthread_mutex_unlock(&fake.lock);
	for (int n = 0; n < NPARAMS; n++) {
		uint8_t *m =
			is_memref(p[n].attr) ? memref_mem(dev, &p[n]) : NULL;
		size_t len = p[n].b < SEEN_MAX ? p[n].b : SEEN_MAX;

		if (m) {
			pthread_mutex_lock(&fake.lock);
			memcpy(fake.seen[n], m, len);
			fake.seen_len[n] = len;
			pthread_mutex_unlock(&fake.lock);
			if (is_output(p[n].attr))
				memcpy(m, sc.data[n],
				       sc.data_len[n] < len ? sc.data_len[n]
							    : len);
		}
		if (sc.set_b[n])
			p[n].b = sc.b[n];
		if (sc.set_val[n]) {
			p[n].a = sc.a[n];
			p[n].b = sc.b[n];
			p[n].c = sc.c[n];
		}
	}
	*ret = sc.ret;
	*ret_origin = sc.ret_origin;
	*session = sc.session;
}

/* The kernel's login check (§1.5, §2). */
static int login_err(uint32_t login)
{
	if (login >= TEE_IOCTL_LOGIN_REE_KERNEL_MIN &&
	    login <= TEE_IOCTL_LOGIN_REE_KERNEL_MAX)
		return EPERM;
	if (login > TEE_IOCTL_LOGIN_GROUP)
		return EINVAL;
	return 0;
}

/*
 * OPEN_SESSION or INVOKE: check as the kernel, run the TEE on a copy of
 * the params, write back what the kernel writes back.
 */
static long fake_call(int dev, unsigned long cmd, struct tee_ioctl_buf_data *d)
{
	bool open = cmd == TEE_IOC_OPEN_SESSION;
	size_t hdr = open ? sizeof(struct tee_ioctl_open_session_arg)
			  : sizeof(struct tee_ioctl_invoke_arg);
	struct tee_ioctl_open_session_arg *oa = (void *)(uintptr_t)d->buf_ptr;
	struct tee_ioctl_invoke_arg *ia = (void *)(uintptr_t)d->buf_ptr;
	struct tee_ioctl_param *up = open ? oa->params : ia->params;
	uint32_t num = open ? oa->num_params : ia->num_params;
	struct tee_ioctl_param p[NPARAMS];
	uint32_t ret = 0, origin = 0, session = 0;
	struct rec *r;
	int err = 0;

	pthread_mutex_lock(&fake.lock);
	r = rec_new(cmd, dev);
	if (r) {
		r->buf_len = d->buf_len;
		if (open) {
			memcpy(r->u.open.uuid, oa->uuid, sizeof(oa->uuid));
			memcpy(r->u.open.clnt_uuid, oa->clnt_uuid,
			       sizeof(oa->clnt_uuid));
			r->u.open.clnt_login = oa->clnt_login;
			r->u.open.cancel_id = oa->cancel_id;
			r->u.open.num_params = oa->num_params;
			if (num <= NPARAMS)
				memcpy(r->u.open.params, up, num * sizeof(*up));
		} else {
			r->u.invoke.func = ia->func;
			r->u.invoke.session = ia->session;
			r->u.invoke.cancel_id = ia->cancel_id;
			r->u.invoke.num_params = ia->num_params;
			if (num <= NPARAMS)
				memcpy(r->u.invoke.params, up,
				       num * sizeof(*up));
		}
	}
	if (d->buf_len < hdr || d->buf_len > TEE_MAX_ARG_SIZE ||
	    d->buf_len != hdr + num * sizeof(*up) || num != NPARAMS)
		err = EINVAL;
	for (uint32_t n = 0; !err && n < num; n++)
		if (!param_ok(dev, &up[n]))
			err = EINVAL;
	if (!err && open)
		err = login_err(oa->clnt_login);
	if (!err && fake.fail_cmd == cmd)
		err = fake.fail_err;
	pthread_mutex_unlock(&fake.lock);
	if (err)
		return -err;

	memcpy(p, up, sizeof(p));
	tee_run(dev, open, open ? 0 : ia->func, p, &ret, &origin, &session);
	for (int n = 0; n < NPARAMS; n++) {
		if (!is_output(up[n].attr))
			continue;
		if (is_memref(up[n].attr)) {
			up[n].b = p[n].b;
		} else {
			up[n].a = p[n].a;
			up[n].b = p[n].b;
			up[n].c = p[n].c;
		}
	}
	if (open) {
		oa->session = session;
		oa->ret = ret;
		oa->ret_origin = origin;
	} else {
		ia->ret = ret;
		ia->ret_origin = origin;
	}
	return 0;
}

static int fake_open(const char *name, struct tdev **out)
{
	struct tdev *d;
	int n;

	if (sscanf(name, "tee%d", &n) != 1 || n < 0 || n >= NDEVS)
		return -ENOENT;
	pthread_mutex_lock(&fake.lock);
	if (!fake.devs[n].present) {
		pthread_mutex_unlock(&fake.lock);
		return -ENOENT;
	}
	fake.opens++;
	pthread_mutex_unlock(&fake.lock);
	d = calloc(1, sizeof(*d));
	if (!d)
		return -ENOMEM;
	d->index = n;
	*out = d;
	return 0;
}

static long fake_ioctl(struct tdev *d, unsigned long cmd, void *arg)
{
	struct tee_ioctl_shm_register_fd_data *rfd = arg;
	struct tee_ioctl_shm_register_data *reg = arg;
	struct tee_ioctl_shm_alloc_data *alloc = arg;
	long rc = 0;
	struct rec *r;
	uint8_t *buf;
	int id;

	if (cmd == TEE_IOC_OPEN_SESSION || cmd == TEE_IOC_INVOKE)
		return fake_call(d->index, cmd, arg);

	pthread_mutex_lock(&fake.lock);
	r = rec_new(cmd, d->index);
	if (fake.fail_cmd == cmd) {
		rc = -fake.fail_err;
		goto out;
	}
	switch (cmd) {
	case TEE_IOC_VERSION:
		if (fake.devs[d->index].version_fails) {
			rc = -EIO;
			break;
		}
		*(struct tee_ioctl_version_data *)arg = fake.devs[d->index].v;
		if (r)
			r->u.version = fake.devs[d->index].v;
		break;
	case TEE_IOC_SHM_ALLOC:
		if (r)
			r->u.alloc = *alloc;
		if (alloc->flags || !alloc->size) {
			rc = -EINVAL;
			break;
		}
		buf = calloc(1, alloc->size);
		if (!buf) {
			rc = -ENOMEM;
			break;
		}
		rc = shm_new(d->index, buf, alloc->size, true, &id);
		if (rc < 0)
			free(buf);
		else
			alloc->id = id;
		break;
	case TEE_IOC_SHM_REGISTER:
		if (r)
			r->u.reg = *reg;
		if (!(fake.devs[d->index].v.gen_caps & TEE_GEN_CAP_REG_MEM) ||
		    reg->flags || !reg->length) {
			rc = -EINVAL;
			break;
		}
		rc = shm_new(d->index, (uint8_t *)(uintptr_t)reg->addr,
			     reg->length, false, &id);
		if (rc >= 0)
			reg->id = id;
		break;
	case TEE_IOC_SHM_REGISTER_FD:
		if (r)
			r->u.regfd = *rfd;
		if (fake.regfd_err) {
			rc = -fake.regfd_err;
			break;
		}
		buf = calloc(1, fake.regfd_size);
		if (!buf) {
			rc = -ENOMEM;
			break;
		}
		rc = shm_new(d->index, buf, fake.regfd_size, true, &id);
		if (rc < 0) {
			free(buf);
			break;
		}
		rfd->id = id;
		rfd->size = fake.regfd_size;
		break;
	case TEE_IOC_CANCEL:
		if (r)
			r->u.cancel = *(struct tee_ioctl_cancel_arg *)arg;
		fake.cancels++;
		pthread_cond_broadcast(&fake.cond);
		break;
	case TEE_IOC_CLOSE_SESSION:
		if (r)
			r->u.close = *(struct tee_ioctl_close_session_arg *)arg;
		break;
	default:
		rc = -EINVAL;
		break;
	}
out:
	pthread_mutex_unlock(&fake.lock);
	return rc;
}

static int fake_close_shm(struct tdev *d, int fd)
{
	struct fake_shm *s;
	int rc = 0;

	pthread_mutex_lock(&fake.lock);
	s = shm_by_fd(fd);
	if (!s || s->dev != d->index) {
		fake.errors++;
		rc = -EBADF;
	} else {
		if (s->maps) /* tdev.h: unmap first */
			fake.errors++;
		if (s->owned)
			free(s->buf);
		s->used = false;
		fake.shm_closed++;
	}
	pthread_mutex_unlock(&fake.lock);
	return rc;
}

static void fake_close(struct tdev *d)
{
	pthread_mutex_lock(&fake.lock);
	fake.closes++;
	for (int i = 0; i < FAKE_MAX_SHM; i++)
		if (fake.shms[i].used && fake.shms[i].dev == d->index)
			fake.errors++; /* shm outlived its device */
	pthread_mutex_unlock(&fake.lock);
	free(d);
}

static void *fake_mmap(void *addr, size_t len, int prot, int flags, int fd,
		       off_t off)
{
	struct fake_shm *s;
	void *va = MAP_FAILED;

	pthread_mutex_lock(&fake.lock);
	s = shm_by_fd(fd);
	if (!fake.mmap_fail && s && s->owned && !addr && len &&
	    len <= s->size && !off && prot == (PROT_READ | PROT_WRITE) &&
	    flags == MAP_SHARED) {
		s->maps++;
		fake.maps++;
		va = s->buf;
	}
	pthread_mutex_unlock(&fake.lock);
	return va;
}

static int fake_munmap(void *addr, size_t len)
{
	int rc = -1;

	pthread_mutex_lock(&fake.lock);
	for (int i = 0; i < FAKE_MAX_SHM; i++) {
		struct fake_shm *s = &fake.shms[i];

		if (s->used && s->buf == addr && s->maps && len <= s->size) {
			s->maps--;
			fake.unmaps++;
			rc = 0;
			break;
		}
	}
	if (rc)
		fake.errors++;
	pthread_mutex_unlock(&fake.lock);
	return rc;
}

static const struct teec_dev_ops fake_ops = {
	.open = fake_open,
	.ioctl = fake_ioctl,
	.close_shm = fake_close_shm,
	.close = fake_close,
	.mmap = fake_mmap,
	.munmap = fake_munmap,
};

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
/* ------------------------------------------------------------------ */

#define GP_OPTEE (TEE_GEN_CAP_GP)
#define ALL_CAPS                                                               \
	(TEE_GEN_CAP_GP | TEE_GEN_CAP_REG_MEM | TEE_GEN_CAP_MEMREF_NULL)
#define SESSION_ID 0x1234

static const TEEC_UUID ta_uuid = {
	0x12345678,
	0x9abc,
	0xdef0,
	{0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef}};

static void dev_set(int n, uint32_t impl_id, uint32_t impl_caps,
		    uint32_t gen_caps)
{
	fake.devs[n].present = true;
	fake.devs[n].v = (struct tee_ioctl_version_data){
		.impl_id = impl_id,
		.impl_caps = impl_caps,
		.gen_caps = gen_caps,
	};
}

static void fake_reset(void)
{
	pthread_mutex_lock(&fake.lock);
	for (int i = 0; i < FAKE_MAX_SHM; i++)
		if (fake.shms[i].used && fake.shms[i].owned)
			free(fake.shms[i].buf);
	memset(fake.devs, 0, sizeof(fake.devs));
	memset(fake.shms, 0, sizeof(fake.shms));
	memset(&fake.script, 0, sizeof(fake.script));
	memset(fake.seen, 0, sizeof(fake.seen));
	memset(fake.seen_len, 0, sizeof(fake.seen_len));
	fake.script.ret_origin = TEEC_ORIGIN_TRUSTED_APP;
	fake.script.session = SESSION_ID;
	fake.fail_cmd = 0;
	fake.fail_err = 0;
	fake.mmap_fail = false;
	fake.regfd_err = 0;
	fake.regfd_size = 0;
	fake.record = true;
	fake.nrecs = 0;
	fake.next_id = 1;
	fake.opens = fake.closes = 0;
	fake.shm_made = fake.shm_closed = 0;
	fake.maps = fake.unmaps = 0;
	fake.errors = 0;
	fake.cancels = 0;
	fake.block_open = false;
	fake.blocked = false;
	pthread_mutex_unlock(&fake.lock);
}

static int setup(void **state)
{
	fake_reset();
	teec_set_dev_ops(&fake_ops);
	return 0;
}

/* Every test ends here: nothing the library took may be left. */
static int teardown(void **state)
{
	int bad;

	teec_set_dev_ops(NULL);
	pthread_mutex_lock(&fake.lock);
	bad = fake.opens != fake.closes || fake.shm_made != fake.shm_closed ||
	      fake.maps != fake.unmaps || fake.errors;
	if (bad)
		fprintf(stderr,
			"leak: opens %d closes %d shm %d/%d maps %d/%d "
			"errors %d\n",
			fake.opens, fake.closes, fake.shm_made, fake.shm_closed,
			fake.maps, fake.unmaps, fake.errors);
	pthread_mutex_unlock(&fake.lock);
	fake_reset();
	return bad ? -1 : 0;
}

static int nrecs(void)
{
	int n;

	pthread_mutex_lock(&fake.lock);
	n = fake.nrecs;
	pthread_mutex_unlock(&fake.lock);
	return n;
}

/* The last recorded ioctl with @cmd. */
static struct rec *last_rec(unsigned long cmd)
{
	for (int i = (fake.nrecs < FAKE_MAX_RECS ? fake.nrecs : FAKE_MAX_RECS) -
		     1;
	     i >= 0; i--)
		if (fake.recs[i].cmd == cmd)
			return &fake.recs[i];
	return NULL;
}

static int count_recs(unsigned long cmd)
{
	int n = 0;

	for (int i = 0; i < fake.nrecs && i < FAKE_MAX_RECS; i++)
		n += fake.recs[i].cmd == cmd;
	return n;
}

/* One OP-TEE device tee0 with @gen_caps, a context and a session on it. */
static void open_ctx(TEEC_Context *ctx, uint32_t gen_caps)
{
	dev_set(0, TEE_IMPL_ID_OPTEE, TEE_OPTEE_CAP_TZ, gen_caps);
	assert_int_equal(TEEC_InitializeContext(NULL, ctx), TEEC_SUCCESS);
}

static void open_sess(TEEC_Context *ctx, TEEC_Session *s, uint32_t gen_caps)
{
	uint32_t origin = 0;

	open_ctx(ctx, gen_caps);
	assert_int_equal(TEEC_OpenSession(ctx, s, &ta_uuid, TEEC_LOGIN_PUBLIC,
					  NULL, NULL, &origin),
			 TEEC_SUCCESS);
}

static void close_all(TEEC_Context *ctx, TEEC_Session *s)
{
	TEEC_CloseSession(s);
	TEEC_FinalizeContext(ctx);
}

static TEEC_Operation op_of(uint32_t types)
{
	TEEC_Operation op;

	memset(&op, 0, sizeof(op));
	op.paramTypes = types;
	return op;
}

/* ------------------------------------------------------------------ */
/* TEEC_InitializeContext / TEEC_FinalizeContext (§6.4)                */
/* ------------------------------------------------------------------ */

/* NULL takes the first device with GEN_CAP_GP; others are closed again. */
static void test_init_null_name_takes_first_gp_device(void **state)
{
	TEEC_Context ctx;

	dev_set(1, TEE_IMPL_ID_OPTEE, TEE_OPTEE_CAP_TZ, 0); /* not GP */
	dev_set(2, TEE_IMPL_ID_AMDTEE, 0, TEE_GEN_CAP_GP);
	dev_set(3, TEE_IMPL_ID_OPTEE, TEE_OPTEE_CAP_TZ, ALL_CAPS);
	assert_int_equal(TEEC_InitializeContext(NULL, &ctx), TEEC_SUCCESS);
	assert_int_equal(last_rec(TEE_IOC_VERSION)->dev, 2);
	assert_int_equal(fake.opens, 2);
	assert_int_equal(fake.closes, 1);
	assert_false(ctx.imp.reg_mem);
	assert_false(ctx.imp.memref_null);
	TEEC_FinalizeContext(&ctx);
	assert_int_equal(fake.closes, 2);
	assert_int_equal(ctx.imp.fd, -1);
}

/* "optee-tz" needs impl_id OPTEE and TEE_OPTEE_CAP_TZ. */
static void test_init_optee_tz_needs_optee_with_tz(void **state)
{
	TEEC_Context ctx;

	dev_set(0, TEE_IMPL_ID_AMDTEE, TEE_OPTEE_CAP_TZ, TEE_GEN_CAP_GP);
	dev_set(1, TEE_IMPL_ID_OPTEE, 0, TEE_GEN_CAP_GP);   /* no TZ */
	dev_set(2, TEE_IMPL_ID_OPTEE, TEE_OPTEE_CAP_TZ, 0); /* not GP */
	dev_set(4, TEE_IMPL_ID_OPTEE, TEE_OPTEE_CAP_TZ, ALL_CAPS);
	assert_int_equal(TEEC_InitializeContext("optee-tz", &ctx),
			 TEEC_SUCCESS);
	assert_int_equal(last_rec(TEE_IOC_VERSION)->dev, 4);
	assert_true(ctx.imp.reg_mem);
	assert_true(ctx.imp.memref_null);
	TEEC_FinalizeContext(&ctx);

	fake.devs[4].present = false;
	assert_int_equal(TEEC_InitializeContext("optee-tz", &ctx),
			 TEEC_ERROR_ITEM_NOT_FOUND);
	/* tee9 is the last one tried. */
	dev_set(9, TEE_IMPL_ID_OPTEE, TEE_OPTEE_CAP_TZ, TEE_GEN_CAP_GP);
	assert_int_equal(TEEC_InitializeContext("optee-tz", &ctx),
			 TEEC_SUCCESS);
	TEEC_FinalizeContext(&ctx);
}

/* Any other name matches nothing; no device is even opened. */
static void test_init_unknown_name_is_item_not_found(void **state)
{
	TEEC_Context ctx;

	dev_set(0, TEE_IMPL_ID_OPTEE, TEE_OPTEE_CAP_TZ, ALL_CAPS);
	assert_int_equal(TEEC_InitializeContext("foo", &ctx),
			 TEEC_ERROR_ITEM_NOT_FOUND);
	assert_int_equal(TEEC_InitializeContext("", &ctx),
			 TEEC_ERROR_ITEM_NOT_FOUND);
	assert_int_equal(TEEC_InitializeContext("optee-tz2", &ctx),
			 TEEC_ERROR_ITEM_NOT_FOUND);
	assert_int_equal(fake.opens, 0);
}

static void test_init_no_device_and_null_context(void **state)
{
	TEEC_Context ctx;

	assert_int_equal(TEEC_InitializeContext(NULL, &ctx),
			 TEEC_ERROR_ITEM_NOT_FOUND);
	dev_set(0, TEE_IMPL_ID_OPTEE, TEE_OPTEE_CAP_TZ, ALL_CAPS);
	fake.devs[0].version_fails = true;
	assert_int_equal(TEEC_InitializeContext(NULL, &ctx),
			 TEEC_ERROR_ITEM_NOT_FOUND);
	assert_int_equal(fake.opens, fake.closes);
	assert_int_equal(TEEC_InitializeContext(NULL, NULL),
			 TEEC_ERROR_BAD_PARAMETERS);
	TEEC_FinalizeContext(NULL);
}

/* REG_MEM and MEMREF_NULL are recorded one by one. */
static void test_init_records_caps(void **state)
{
	TEEC_Context a, b;

	dev_set(0, TEE_IMPL_ID_OPTEE, TEE_OPTEE_CAP_TZ,
		TEE_GEN_CAP_GP | TEE_GEN_CAP_REG_MEM);
	assert_int_equal(TEEC_InitializeContext(NULL, &a), TEEC_SUCCESS);
	assert_true(a.imp.reg_mem);
	assert_false(a.imp.memref_null);
	dev_set(0, TEE_IMPL_ID_OPTEE, TEE_OPTEE_CAP_TZ,
		TEE_GEN_CAP_GP | TEE_GEN_CAP_MEMREF_NULL);
	assert_int_equal(TEEC_InitializeContext(NULL, &b), TEEC_SUCCESS);
	assert_false(b.imp.reg_mem);
	assert_true(b.imp.memref_null);
	/* Two contexts, two handles. */
	assert_int_not_equal(a.imp.fd, b.imp.fd);
	TEEC_FinalizeContext(&a);
	TEEC_FinalizeContext(&b);
}

/* A finalized context refuses further use; finalizing twice is harmless. */
static void test_finalize_then_use(void **state)
{
	TEEC_Context ctx;
	TEEC_Session s;
	TEEC_SharedMemory shm = {.size = 8, .flags = TEEC_MEM_INPUT};
	uint32_t origin = 0;

	open_ctx(&ctx, GP_OPTEE);
	TEEC_FinalizeContext(&ctx);
	TEEC_FinalizeContext(&ctx);
	assert_int_equal(fake.closes, 1);
	assert_int_equal(TEEC_OpenSession(&ctx, &s, &ta_uuid, TEEC_LOGIN_PUBLIC,
					  NULL, NULL, &origin),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEEC_ORIGIN_API);
	assert_int_equal(TEEC_AllocateSharedMemory(&ctx, &shm),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(count_recs(TEE_IOC_OPEN_SESSION), 0);
}

/*
 * Shared memory keeps its device, as in the kernel where each shm holds
 * its context: finalizing first closes the device only after release.
 */
static void test_finalize_with_live_shm(void **state)
{
	TEEC_SharedMemory shm = {.size = 16, .flags = TEEC_MEM_INPUT};
	TEEC_Context ctx;

	open_ctx(&ctx, GP_OPTEE);
	assert_int_equal(TEEC_AllocateSharedMemory(&ctx, &shm), TEEC_SUCCESS);
	TEEC_FinalizeContext(&ctx);
	assert_int_equal(fake.closes, 0);
	TEEC_ReleaseSharedMemory(&shm);
	assert_int_equal(fake.shm_closed, 1);
	assert_int_equal(fake.closes, 1);
}

/* ------------------------------------------------------------------ */
/* TEEC_OpenSession                                                    */
/* ------------------------------------------------------------------ */

/* UUID as big-endian octets, 4 params, buf_len 184, cancel_id 0. */
static void test_open_session_arg_encoding(void **state)
{
	static const uint8_t octets[16] = {0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc,
					   0xde, 0xf0, 0x01, 0x23, 0x45, 0x67,
					   0x89, 0xab, 0xcd, 0xef};
	static const uint8_t zero[16];
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t origin = 0;
	struct rec *r;

	open_ctx(&ctx, GP_OPTEE);
	fake.script.ret_origin = TEEC_ORIGIN_TEE;
	assert_int_equal(TEEC_OpenSession(&ctx, &s, &ta_uuid, TEEC_LOGIN_PUBLIC,
					  NULL, NULL, &origin),
			 TEEC_SUCCESS);
	assert_int_equal(origin, TEEC_ORIGIN_TEE);
	r = last_rec(TEE_IOC_OPEN_SESSION);
	assert_non_null(r);
	assert_int_equal(r->buf_len, 184);
	assert_memory_equal(r->u.open.uuid, octets, 16);
	assert_memory_equal(r->u.open.clnt_uuid, zero, 16);
	assert_int_equal(r->u.open.clnt_login, TEE_IOCTL_LOGIN_PUBLIC);
	assert_int_equal(r->u.open.cancel_id, 0);
	assert_int_equal(r->u.open.num_params, 4);
	for (int n = 0; n < NPARAMS; n++)
		assert_int_equal(r->u.open.params[n].attr,
				 TEE_IOCTL_PARAM_ATTR_TYPE_NONE);
	assert_ptr_equal(s.imp.ctx, &ctx);
	assert_int_equal(s.imp.session_id, SESSION_ID);

	TEEC_CloseSession(&s);
	r = last_rec(TEE_IOC_CLOSE_SESSION);
	assert_non_null(r);
	assert_int_equal(r->u.close.session, SESSION_ID);
	/* Closing again does not reach the device. */
	TEEC_CloseSession(&s);
	assert_int_equal(count_recs(TEE_IOC_CLOSE_SESSION), 1);
	TEEC_CloseSession(NULL);
	TEEC_FinalizeContext(&ctx);
}

/* USER: nothing in clnt_uuid; GROUP*: the gid_t in clnt_uuid[0..3]. */
static void test_open_session_logins(void **state)
{
	static const uint8_t zero[16];
	uint8_t want[16] = {0};
	gid_t gid = 0x01020304;
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t origin;
	struct rec *r;

	open_ctx(&ctx, GP_OPTEE);
	assert_int_equal(TEEC_OpenSession(&ctx, &s, &ta_uuid, TEEC_LOGIN_USER,
					  NULL, NULL, &origin),
			 TEEC_SUCCESS);
	r = last_rec(TEE_IOC_OPEN_SESSION);
	assert_int_equal(r->u.open.clnt_login, TEE_IOCTL_LOGIN_USER);
	assert_memory_equal(r->u.open.clnt_uuid, zero, 16);
	TEEC_CloseSession(&s);

	memcpy(want, &gid, sizeof(gid));
	assert_int_equal(TEEC_OpenSession(&ctx, &s, &ta_uuid, TEEC_LOGIN_GROUP,
					  &gid, NULL, &origin),
			 TEEC_SUCCESS);
	r = last_rec(TEE_IOC_OPEN_SESSION);
	assert_int_equal(r->u.open.clnt_login, TEE_IOCTL_LOGIN_GROUP);
	assert_memory_equal(r->u.open.clnt_uuid, want, 16);
	TEEC_CloseSession(&s);

	/* GROUP without its gid: refused here, nothing sent. */
	origin = 0;
	assert_int_equal(TEEC_OpenSession(&ctx, &s, &ta_uuid, TEEC_LOGIN_GROUP,
					  NULL, NULL, &origin),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEEC_ORIGIN_API);
	assert_int_equal(count_recs(TEE_IOC_OPEN_SESSION), 2);

	/* APPLICATION logins go to the kernel, which refuses them (§2). */
	assert_int_equal(TEEC_OpenSession(&ctx, &s, &ta_uuid,
					  TEEC_LOGIN_GROUP_APPLICATION, &gid,
					  NULL, &origin),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEEC_ORIGIN_COMMS);
	r = last_rec(TEE_IOC_OPEN_SESSION);
	assert_int_equal(r->u.open.clnt_login,
			 TEE_IOCTL_LOGIN_GROUP_APPLICATION);
	assert_memory_equal(r->u.open.clnt_uuid, want, 16);
	assert_int_equal(TEEC_OpenSession(&ctx, &s, &ta_uuid,
					  TEEC_LOGIN_APPLICATION, NULL, NULL,
					  &origin),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEEC_ORIGIN_COMMS);
	assert_int_equal(last_rec(TEE_IOC_OPEN_SESSION)->u.open.clnt_login,
			 TEE_IOCTL_LOGIN_APPLICATION);
	assert_int_equal(TEEC_OpenSession(&ctx, &s, &ta_uuid,
					  TEEC_LOGIN_USER_APPLICATION, NULL,
					  NULL, &origin),
			 TEEC_ERROR_BAD_PARAMETERS);
	/* The kernel-only range: EPERM -> GENERIC. */
	assert_int_equal(TEEC_OpenSession(&ctx, &s, &ta_uuid,
					  TEE_IOCTL_LOGIN_REE_KERNEL, NULL,
					  NULL, &origin),
			 TEEC_ERROR_GENERIC);
	assert_int_equal(origin, TEEC_ORIGIN_COMMS);
	/* A failed open leaves nothing to close. */
	TEEC_CloseSession(&s);
	assert_int_equal(count_recs(TEE_IOC_CLOSE_SESSION), 2);
	TEEC_FinalizeContext(&ctx);
}

/* Every parameter kind in an open session, and the answers written back. */
static void test_open_session_params(void **state)
{
	TEEC_SharedMemory shm = {.size = 32,
				 .flags = TEEC_MEM_INPUT | TEEC_MEM_OUTPUT};
	uint8_t tmp[12] = "hello world";
	TEEC_Operation op = op_of(TEEC_PARAM_TYPES(
		TEEC_VALUE_INOUT, TEEC_MEMREF_TEMP_INOUT, TEEC_MEMREF_WHOLE,
		TEEC_MEMREF_PARTIAL_OUTPUT));
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t origin;
	struct rec *r;

	open_ctx(&ctx, GP_OPTEE);
	assert_int_equal(TEEC_AllocateSharedMemory(&ctx, &shm), TEEC_SUCCESS);
	op.params[0].value.a = 7;
	op.params[0].value.b = 8;
	op.params[1].tmpref.buffer = tmp;
	op.params[1].tmpref.size = sizeof(tmp);
	op.params[2].memref.parent = &shm;
	op.params[3].memref.parent = &shm;
	op.params[3].memref.offset = 4;
	op.params[3].memref.size = 20;
	fake.script.set_val[0] = true;
	fake.script.a[0] = 70;
	fake.script.b[0] = 80;
	fake.script.set_b[3] = true;
	fake.script.b[3] = 3;
	assert_int_equal(TEEC_OpenSession(&ctx, &s, &ta_uuid, TEEC_LOGIN_PUBLIC,
					  NULL, &op, &origin),
			 TEEC_SUCCESS);
	r = last_rec(TEE_IOC_OPEN_SESSION);
	assert_int_equal(r->u.open.params[0].attr,
			 TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT);
	assert_int_equal(r->u.open.params[0].a, 7);
	assert_int_equal(r->u.open.params[0].b, 8);
	assert_int_equal(r->u.open.params[0].c, 0);
	assert_int_equal(r->u.open.params[1].attr,
			 TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT);
	assert_int_equal(r->u.open.params[1].a, 0);
	assert_int_equal(r->u.open.params[1].b, sizeof(tmp));
	assert_int_not_equal(r->u.open.params[1].c, shm.imp.id);
	assert_int_equal(r->u.open.params[2].attr,
			 TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT);
	assert_int_equal(r->u.open.params[2].a, 0);
	assert_int_equal(r->u.open.params[2].b, 32);
	assert_int_equal(r->u.open.params[2].c, shm.imp.id);
	assert_int_equal(r->u.open.params[3].attr,
			 TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT);
	assert_int_equal(r->u.open.params[3].a, 4);
	assert_int_equal(r->u.open.params[3].b, 20);
	assert_int_equal(r->u.open.params[3].c, shm.imp.id);
	assert_memory_equal(fake.seen[1], "hello world", 12);
	assert_int_equal(op.params[0].value.a, 70);
	assert_int_equal(op.params[0].value.b, 80);
	assert_int_equal(op.params[3].memref.size, 3);
	assert_int_equal(op.started, 1);
	assert_null(op.imp.session);
	TEEC_ReleaseSharedMemory(&shm);
	close_all(&ctx, &s);
}

/* The TA's error comes back with its origin; the session is not open. */
static void test_open_session_ta_error(void **state)
{
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t origin = 0;

	open_ctx(&ctx, GP_OPTEE);
	fake.script.ret = TEEC_ERROR_ITEM_NOT_FOUND;
	fake.script.ret_origin = TEEC_ORIGIN_TEE;
	assert_int_equal(TEEC_OpenSession(&ctx, &s, &ta_uuid, TEEC_LOGIN_PUBLIC,
					  NULL, NULL, &origin),
			 TEEC_ERROR_ITEM_NOT_FOUND);
	assert_int_equal(origin, TEEC_ORIGIN_TEE);
	/* returnOrigin may be NULL. */
	fake.script.ret = TEEC_ERROR_ACCESS_DENIED;
	fake.script.ret_origin = TEEC_ORIGIN_TRUSTED_APP;
	assert_int_equal(TEEC_OpenSession(&ctx, &s, &ta_uuid, TEEC_LOGIN_PUBLIC,
					  NULL, NULL, NULL),
			 TEEC_ERROR_ACCESS_DENIED);
	TEEC_CloseSession(&s);
	assert_int_equal(count_recs(TEE_IOC_CLOSE_SESSION), 0);
	TEEC_FinalizeContext(&ctx);
}

/* ------------------------------------------------------------------ */
/* TEEC_InvokeCommand                                                  */
/* ------------------------------------------------------------------ */

/* func, session, 4 params, buf_len 152; VALUE a/b in, c = 0; outputs. */
static void test_invoke_arg_encoding_values(void **state)
{
	TEEC_Operation op =
		op_of(TEEC_PARAM_TYPES(TEEC_VALUE_INPUT, TEEC_VALUE_OUTPUT,
				       TEEC_VALUE_INOUT, TEEC_NONE));
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t origin = 0;
	struct rec *r;

	open_sess(&ctx, &s, GP_OPTEE);
	op.params[0].value = (TEEC_Value){1, 2};
	op.params[1].value = (TEEC_Value){3, 4};
	op.params[2].value = (TEEC_Value){5, 6};
	for (int n = 0; n < 3; n++) {
		fake.script.set_val[n] = true;
		fake.script.a[n] = 100 + n;
		fake.script.b[n] = 200 + n;
		fake.script.c[n] = 300 + n;
	}
	assert_int_equal(TEEC_InvokeCommand(&s, 0x42, &op, &origin),
			 TEEC_SUCCESS);
	assert_int_equal(origin, TEEC_ORIGIN_TRUSTED_APP);
	r = last_rec(TEE_IOC_INVOKE);
	assert_non_null(r);
	assert_int_equal(r->buf_len, 152);
	assert_int_equal(r->u.invoke.func, 0x42);
	assert_int_equal(r->u.invoke.session, SESSION_ID);
	assert_int_equal(r->u.invoke.cancel_id, 0);
	assert_int_equal(r->u.invoke.num_params, 4);
	for (int n = 0; n < 3; n++) {
		assert_int_equal(r->u.invoke.params[n].attr, n + 1);
		assert_int_equal(r->u.invoke.params[n].a, 2 * n + 1);
		assert_int_equal(r->u.invoke.params[n].b, 2 * n + 2);
		assert_int_equal(r->u.invoke.params[n].c, 0);
	}
	assert_int_equal(r->u.invoke.params[3].attr,
			 TEE_IOCTL_PARAM_ATTR_TYPE_NONE);
	/* VALUE_INPUT is not written back; the outputs are. */
	assert_int_equal(op.params[0].value.a, 1);
	assert_int_equal(op.params[0].value.b, 2);
	assert_int_equal(op.params[1].value.a, 101);
	assert_int_equal(op.params[1].value.b, 201);
	assert_int_equal(op.params[2].value.a, 102);
	assert_int_equal(op.params[2].value.b, 202);
	assert_int_equal(op.started, 1);

	/* No operation: four NONE params. */
	assert_int_equal(TEEC_InvokeCommand(&s, 1, NULL, NULL), TEEC_SUCCESS);
	r = last_rec(TEE_IOC_INVOKE);
	assert_int_equal(r->u.invoke.num_params, 4);
	for (int n = 0; n < NPARAMS; n++)
		assert_int_equal(r->u.invoke.params[n].attr, 0);
	close_all(&ctx, &s);
}

/* TEMP memrefs: copied in, copied back up to the size the TA returned. */
static void test_invoke_tmpref_copy_in_and_out(void **state)
{
	uint8_t in[8] = "input!!", out[16], io[6] = "abcde";
	TEEC_Operation op = op_of(TEEC_PARAM_TYPES(
		TEEC_MEMREF_TEMP_INPUT, TEEC_MEMREF_TEMP_OUTPUT,
		TEEC_MEMREF_TEMP_INOUT, TEEC_NONE));
	TEEC_Context ctx;
	TEEC_Session s;
	struct rec *r;

	open_sess(&ctx, &s, GP_OPTEE);
	memset(out, 'x', sizeof(out));
	op.params[0].tmpref = (TEEC_TempMemoryReference){in, sizeof(in)};
	op.params[1].tmpref = (TEEC_TempMemoryReference){out, sizeof(out)};
	op.params[2].tmpref = (TEEC_TempMemoryReference){io, sizeof(io)};
	memcpy(fake.script.data[1], "12345", 5);
	fake.script.data_len[1] = 5;
	fake.script.set_b[1] = true;
	fake.script.b[1] = 5;
	memcpy(fake.script.data[2], "ABC", 3);
	fake.script.data_len[2] = 3;
	fake.script.set_b[2] = true;
	fake.script.b[2] = 3;
	/* The TA's size of an input memref is not written back. */
	fake.script.set_b[0] = true;
	fake.script.b[0] = 1;
	assert_int_equal(TEEC_InvokeCommand(&s, 2, &op, NULL), TEEC_SUCCESS);
	r = last_rec(TEE_IOC_INVOKE);
	assert_int_equal(r->u.invoke.params[0].attr,
			 TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT);
	assert_int_equal(r->u.invoke.params[1].attr,
			 TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT);
	assert_int_equal(r->u.invoke.params[2].attr,
			 TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT);
	for (int n = 0; n < 3; n++) {
		assert_int_equal(r->u.invoke.params[n].a, 0);
		assert_true(r->u.invoke.params[n].c != TEE_MEMREF_NULL);
	}
	assert_int_equal(r->u.invoke.params[0].b, 8);
	assert_int_equal(r->u.invoke.params[1].b, 16);
	assert_int_equal(r->u.invoke.params[2].b, 6);
	/* Three temporaries, all distinct, all gone. */
	assert_int_not_equal(r->u.invoke.params[0].c, r->u.invoke.params[1].c);
	assert_int_not_equal(r->u.invoke.params[1].c, r->u.invoke.params[2].c);
	assert_int_equal(count_recs(TEE_IOC_SHM_ALLOC), 3);
	assert_int_equal(fake.shm_closed, 3);
	assert_memory_equal(fake.seen[0], "input!!", 8);
	assert_memory_equal(fake.seen[2], "abcde", 6);
	assert_int_equal(op.params[0].tmpref.size, 8);
	assert_int_equal(op.params[1].tmpref.size, 5);
	assert_memory_equal(out, "12345xxxxxxxxxxx", 16);
	assert_int_equal(op.params[2].tmpref.size, 3);
	assert_memory_equal(io, "ABCde", 6);
	close_all(&ctx, &s);
}

/* SHORT_BUFFER: the size the TA needs comes back, the buffer is kept. */
static void test_invoke_tmpref_short_buffer(void **state)
{
	TEEC_Operation op = op_of(TEEC_PARAM_TYPES(
		TEEC_MEMREF_TEMP_OUTPUT, TEEC_NONE, TEEC_NONE, TEEC_NONE));
	uint8_t out[16];
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t origin = 0;

	open_sess(&ctx, &s, GP_OPTEE);
	memset(out, 'x', sizeof(out));
	op.params[0].tmpref = (TEEC_TempMemoryReference){out, sizeof(out)};
	fake.script.ret = TEEC_ERROR_SHORT_BUFFER;
	fake.script.set_b[0] = true;
	fake.script.b[0] = 64;
	assert_int_equal(TEEC_InvokeCommand(&s, 3, &op, &origin),
			 TEEC_ERROR_SHORT_BUFFER);
	assert_int_equal(origin, TEEC_ORIGIN_TRUSTED_APP);
	assert_int_equal(op.params[0].tmpref.size, 64);
	for (size_t i = 0; i < sizeof(out); i++)
		assert_int_equal(out[i], 'x');
	close_all(&ctx, &s);
}

/* NULL buffer, size 0: TEE_MEMREF_NULL when the device accepts it. */
static void test_invoke_tmpref_null(void **state)
{
	TEEC_Operation op = op_of(TEEC_PARAM_TYPES(
		TEEC_MEMREF_TEMP_OUTPUT, TEEC_NONE, TEEC_NONE, TEEC_NONE));
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t origin;
	struct rec *r;

	open_sess(&ctx, &s, GP_OPTEE | TEE_GEN_CAP_MEMREF_NULL);
	op.params[0].tmpref = (TEEC_TempMemoryReference){NULL, 0};
	fake.script.ret = TEEC_ERROR_SHORT_BUFFER;
	fake.script.set_b[0] = true;
	fake.script.b[0] = 32;
	assert_int_equal(TEEC_InvokeCommand(&s, 4, &op, &origin),
			 TEEC_ERROR_SHORT_BUFFER);
	r = last_rec(TEE_IOC_INVOKE);
	assert_int_equal(r->u.invoke.params[0].c, TEE_MEMREF_NULL);
	assert_int_equal(r->u.invoke.params[0].b, 0);
	assert_int_equal(count_recs(TEE_IOC_SHM_ALLOC), 0);
	assert_int_equal(op.params[0].tmpref.size, 32);
	assert_null(op.params[0].tmpref.buffer);

	/* NULL with a size is refused here. */
	op.params[0].tmpref = (TEEC_TempMemoryReference){NULL, 5};
	assert_int_equal(TEEC_InvokeCommand(&s, 4, &op, &origin),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEEC_ORIGIN_API);
	assert_int_equal(count_recs(TEE_IOC_INVOKE), 1);
	close_all(&ctx, &s);
}

/* Without MEMREF_NULL a NULL buffer gets a small allocation of size 0. */
static void test_invoke_tmpref_null_without_cap(void **state)
{
	TEEC_Operation op = op_of(TEEC_PARAM_TYPES(
		TEEC_MEMREF_TEMP_INOUT, TEEC_NONE, TEEC_NONE, TEEC_NONE));
	TEEC_Context ctx;
	TEEC_Session s;
	struct rec *r;

	open_sess(&ctx, &s, GP_OPTEE);
	op.params[0].tmpref = (TEEC_TempMemoryReference){NULL, 0};
	fake.script.set_b[0] = true;
	fake.script.b[0] = 0;
	assert_int_equal(TEEC_InvokeCommand(&s, 5, &op, NULL), TEEC_SUCCESS);
	r = last_rec(TEE_IOC_INVOKE);
	assert_int_equal(count_recs(TEE_IOC_SHM_ALLOC), 1);
	assert_true(last_rec(TEE_IOC_SHM_ALLOC)->u.alloc.size > 0);
	assert_int_equal(r->u.invoke.params[0].b, 0);
	assert_int_not_equal(r->u.invoke.params[0].c, TEE_MEMREF_NULL);
	assert_int_equal(op.params[0].tmpref.size, 0);
	assert_int_equal(fake.shm_closed, 1);
	close_all(&ctx, &s);
}

/* WHOLE: the direction comes from the parent's flags, b its size. */
static void test_invoke_whole_direction(void **state)
{
	static const struct {
		uint32_t flags;
		uint64_t attr;
	} cases[] = {
		{TEEC_MEM_INPUT, TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT},
		{TEEC_MEM_OUTPUT, TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT},
		{TEEC_MEM_INPUT | TEEC_MEM_OUTPUT,
		 TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT},
	};
	TEEC_Context ctx;
	TEEC_Session s;

	open_sess(&ctx, &s, GP_OPTEE);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		TEEC_SharedMemory shm = {.size = 24, .flags = cases[i].flags};
		TEEC_Operation op = op_of(TEEC_PARAM_TYPES(
			TEEC_NONE, TEEC_MEMREF_WHOLE, TEEC_NONE, TEEC_NONE));
		struct rec *r;

		assert_int_equal(TEEC_AllocateSharedMemory(&ctx, &shm),
				 TEEC_SUCCESS);
		op.params[1].memref.parent = &shm;
		op.params[1].memref.size = 999; /* ignored for WHOLE */
		op.params[1].memref.offset = 5; /* ignored for WHOLE */
		fake.script.set_b[1] = true;
		fake.script.b[1] = 10;
		assert_int_equal(TEEC_InvokeCommand(&s, 6, &op, NULL),
				 TEEC_SUCCESS);
		r = last_rec(TEE_IOC_INVOKE);
		assert_int_equal(r->u.invoke.params[1].attr, cases[i].attr);
		assert_int_equal(r->u.invoke.params[1].a, 0);
		assert_int_equal(r->u.invoke.params[1].b, 24);
		assert_int_equal(r->u.invoke.params[1].c, shm.imp.id);
		/* The size the TA wrote, for parents the TA may write. */
		assert_int_equal(op.params[1].memref.size,
				 cases[i].flags & TEEC_MEM_OUTPUT ? 10 : 999);
		TEEC_ReleaseSharedMemory(&shm);
	}
	close_all(&ctx, &s);
}

/* PARTIAL: the parent must allow the direction and hold the range. */
static void test_invoke_partial_rules(void **state)
{
	static const struct {
		uint32_t flags;
		uint32_t type;
		size_t offset, size;
		bool ok;
	} cases[] = {
		{TEEC_MEM_INPUT, TEEC_MEMREF_PARTIAL_INPUT, 0, 32, true},
		{TEEC_MEM_OUTPUT, TEEC_MEMREF_PARTIAL_INPUT, 0, 4, false},
		{TEEC_MEM_OUTPUT, TEEC_MEMREF_PARTIAL_OUTPUT, 8, 24, true},
		{TEEC_MEM_INPUT, TEEC_MEMREF_PARTIAL_OUTPUT, 0, 4, false},
		{TEEC_MEM_INPUT, TEEC_MEMREF_PARTIAL_INOUT, 0, 4, false},
		{TEEC_MEM_OUTPUT, TEEC_MEMREF_PARTIAL_INOUT, 0, 4, false},
		{TEEC_MEM_INPUT | TEEC_MEM_OUTPUT, TEEC_MEMREF_PARTIAL_INOUT,
		 31, 1, true},
		{TEEC_MEM_INPUT | TEEC_MEM_OUTPUT, TEEC_MEMREF_PARTIAL_INOUT,
		 32, 0, true},
		{TEEC_MEM_INPUT, TEEC_MEMREF_PARTIAL_INPUT, 1, 32, false},
		{TEEC_MEM_INPUT, TEEC_MEMREF_PARTIAL_INPUT, 33, 0, false},
		{TEEC_MEM_INPUT, TEEC_MEMREF_PARTIAL_INPUT, SIZE_MAX, 2, false},
		{TEEC_MEM_INPUT, TEEC_MEMREF_PARTIAL_INPUT, 16, SIZE_MAX - 8,
		 false},
	};
	TEEC_Context ctx;
	TEEC_Session s;

	open_sess(&ctx, &s, GP_OPTEE);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		TEEC_SharedMemory shm = {.size = 32, .flags = cases[i].flags};
		TEEC_Operation op = op_of(TEEC_PARAM_TYPES(
			cases[i].type, TEEC_NONE, TEEC_NONE, TEEC_NONE));
		uint32_t origin = 0;
		int before;
		struct rec *r;

		assert_int_equal(TEEC_AllocateSharedMemory(&ctx, &shm),
				 TEEC_SUCCESS);
		op.params[0].memref.parent = &shm;
		op.params[0].memref.offset = cases[i].offset;
		op.params[0].memref.size = cases[i].size;
		before = count_recs(TEE_IOC_INVOKE);
		fake.script.set_b[0] = true;
		fake.script.b[0] = 1;
		if (!cases[i].ok) {
			assert_int_equal(
				TEEC_InvokeCommand(&s, 7, &op, &origin),
				TEEC_ERROR_BAD_PARAMETERS);
			assert_int_equal(origin, TEEC_ORIGIN_API);
			assert_int_equal(count_recs(TEE_IOC_INVOKE), before);
			TEEC_ReleaseSharedMemory(&shm);
			continue;
		}
		assert_int_equal(TEEC_InvokeCommand(&s, 7, &op, &origin),
				 TEEC_SUCCESS);
		r = last_rec(TEE_IOC_INVOKE);
		assert_int_equal(
			r->u.invoke.params[0].attr,
			TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT +
				(cases[i].type - TEEC_MEMREF_PARTIAL_INPUT));
		assert_int_equal(r->u.invoke.params[0].a, cases[i].offset);
		assert_int_equal(r->u.invoke.params[0].b, cases[i].size);
		assert_int_equal(r->u.invoke.params[0].c, shm.imp.id);
		assert_int_equal(op.params[0].memref.size,
				 cases[i].type == TEEC_MEMREF_PARTIAL_INPUT
					 ? cases[i].size
					 : 1);
		TEEC_ReleaseSharedMemory(&shm);
	}
	close_all(&ctx, &s);
}

/* ------------------------------------------------------------------ */
/* Shared memory                                                       */
/* ------------------------------------------------------------------ */

/* REG_MEM: the application's buffer itself is registered. */
static void test_register_with_reg_mem(void **state)
{
	uint8_t buf[32] = "registered";
	TEEC_SharedMemory shm = {.buffer = buf,
				 .size = sizeof(buf),
				 .flags = TEEC_MEM_INPUT | TEEC_MEM_OUTPUT};
	TEEC_Operation op = op_of(TEEC_PARAM_TYPES(
		TEEC_MEMREF_PARTIAL_INOUT, TEEC_NONE, TEEC_NONE, TEEC_NONE));
	TEEC_Context ctx;
	TEEC_Session s;
	struct rec *r;

	open_sess(&ctx, &s, GP_OPTEE | TEE_GEN_CAP_REG_MEM);
	assert_int_equal(TEEC_RegisterSharedMemory(&ctx, &shm), TEEC_SUCCESS);
	r = last_rec(TEE_IOC_SHM_REGISTER);
	assert_non_null(r);
	assert_int_equal(r->u.reg.addr, (uintptr_t)buf);
	assert_int_equal(r->u.reg.length, sizeof(buf));
	assert_int_equal(r->u.reg.flags, 0);
	assert_null(shm.imp.shadow_buffer);
	assert_ptr_equal(shm.buffer, buf);
	assert_int_equal(count_recs(TEE_IOC_SHM_ALLOC), 0);

	op.params[0].memref.parent = &shm;
	op.params[0].memref.offset = 2;
	op.params[0].memref.size = 8;
	memcpy(fake.script.data[0], "TEE", 3);
	fake.script.data_len[0] = 3;
	fake.script.set_b[0] = true;
	fake.script.b[0] = 3;
	assert_int_equal(TEEC_InvokeCommand(&s, 8, &op, NULL), TEEC_SUCCESS);
	assert_memory_equal(fake.seen[0], "gistered", 8);
	assert_memory_equal(buf, "reTEEtered", 10);
	assert_int_equal(op.params[0].memref.size, 3);
	assert_int_equal(fake.maps, 0);
	TEEC_ReleaseSharedMemory(&shm);
	assert_ptr_equal(shm.buffer, buf); /* still the application's */
	assert_int_equal(shm.size, sizeof(buf));
	assert_int_equal(fake.shm_closed, 1);
	close_all(&ctx, &s);
}

/*
 * REG_MEM, but the device will not register this memory (OP-TEE
 * TEEC_RegisterSharedMemory(): read-only pages; teed: the caller's own
 * stack): a shadow buffer instead, and the registration succeeds.
 */
static void test_register_falls_back_to_shadow(void **state)
{
	uint8_t buf[32];
	TEEC_SharedMemory shm = {
		.buffer = buf, .size = sizeof(buf), .flags = TEEC_MEM_INPUT};
	TEEC_Context ctx;

	open_ctx(&ctx, GP_OPTEE | TEE_GEN_CAP_REG_MEM);
	fake.fail_cmd = TEE_IOC_SHM_REGISTER;
	fake.fail_err = EFAULT;
	assert_int_equal(TEEC_RegisterSharedMemory(&ctx, &shm), TEEC_SUCCESS);
	assert_int_equal(count_recs(TEE_IOC_SHM_REGISTER), 1);
	assert_int_equal(last_rec(TEE_IOC_SHM_ALLOC)->u.alloc.size, 32);
	assert_non_null(shm.imp.shadow_buffer);
	assert_ptr_equal(shm.buffer, buf);
	TEEC_ReleaseSharedMemory(&shm);
	assert_null(shm.imp.shadow_buffer);
	assert_ptr_equal(shm.buffer, buf);
	assert_int_equal(fake.shm_closed, 1);
	fake.fail_cmd = 0;
	TEEC_FinalizeContext(&ctx);
}

/*
 * Without REG_MEM: a shadow buffer, copied in before and back after each
 * call, only the referenced part and only in the right direction.
 */
static void test_register_with_shadow_buffer(void **state)
{
	uint8_t buf[32];
	TEEC_SharedMemory shm = {.buffer = buf,
				 .size = sizeof(buf),
				 .flags = TEEC_MEM_INPUT | TEEC_MEM_OUTPUT};
	TEEC_Operation op = op_of(TEEC_PARAM_TYPES(TEEC_MEMREF_WHOLE, TEEC_NONE,
						   TEEC_NONE, TEEC_NONE));
	uint8_t *shadow;
	TEEC_Context ctx;
	TEEC_Session s;

	open_sess(&ctx, &s, GP_OPTEE);
	memset(buf, 'a', sizeof(buf));
	assert_int_equal(TEEC_RegisterSharedMemory(&ctx, &shm), TEEC_SUCCESS);
	assert_int_equal(count_recs(TEE_IOC_SHM_REGISTER), 0);
	assert_int_equal(last_rec(TEE_IOC_SHM_ALLOC)->u.alloc.size, 32);
	shadow = shm.imp.shadow_buffer;
	assert_non_null(shadow);
	assert_ptr_equal(shm.buffer, buf);

	/* WHOLE INOUT: all of it in, the returned size back. */
	op.params[0].memref.parent = &shm;
	memcpy(fake.script.data[0], "WHOLE", 5);
	fake.script.data_len[0] = 5;
	fake.script.set_b[0] = true;
	fake.script.b[0] = 5;
	assert_int_equal(TEEC_InvokeCommand(&s, 9, &op, NULL), TEEC_SUCCESS);
	assert_int_equal(fake.seen_len[0], 32);
	for (int i = 0; i < 32; i++)
		assert_int_equal(fake.seen[0][i], 'a');
	assert_memory_equal(buf, "WHOLEaaa", 8);
	assert_int_equal(op.params[0].memref.size, 5);

	/* PARTIAL_INPUT: only [4, 12) goes in; nothing comes back. */
	memset(buf, 'b', sizeof(buf));
	memset(shadow, 0, 32);
	op = op_of(TEEC_PARAM_TYPES(TEEC_MEMREF_PARTIAL_INPUT, TEEC_NONE,
				    TEEC_NONE, TEEC_NONE));
	op.params[0].memref = (TEEC_RegisteredMemoryReference){&shm, 8, 4};
	fake.script.b[0] = 8;
	assert_int_equal(TEEC_InvokeCommand(&s, 9, &op, NULL), TEEC_SUCCESS);
	assert_memory_equal(fake.seen[0], "bbbbbbbb", 8);
	assert_int_equal(shadow[3], 0);
	assert_int_equal(shadow[12], 0);
	for (int i = 0; i < 32; i++)
		assert_int_equal(buf[i], 'b');

	/* PARTIAL_OUTPUT: nothing in; the returned bytes back at offset. */
	memset(shadow, 0, 32);
	op = op_of(TEEC_PARAM_TYPES(TEEC_MEMREF_PARTIAL_OUTPUT, TEEC_NONE,
				    TEEC_NONE, TEEC_NONE));
	op.params[0].memref = (TEEC_RegisteredMemoryReference){&shm, 10, 20};
	memcpy(fake.script.data[0], "xyz", 3);
	fake.script.data_len[0] = 3;
	fake.script.b[0] = 3;
	assert_int_equal(TEEC_InvokeCommand(&s, 9, &op, NULL), TEEC_SUCCESS);
	assert_int_equal(fake.seen[0][0], 0);
	assert_memory_equal(buf + 20, "xyzbb", 5);
	assert_int_equal(buf[19], 'b');
	assert_int_equal(op.params[0].memref.size, 3);

	/* A size larger than the memref (short buffer) copies nothing. */
	memset(buf, 'c', sizeof(buf));
	op.params[0].memref = (TEEC_RegisteredMemoryReference){&shm, 4, 0};
	fake.script.ret = TEEC_ERROR_SHORT_BUFFER;
	fake.script.b[0] = 12;
	assert_int_equal(TEEC_InvokeCommand(&s, 9, &op, NULL),
			 TEEC_ERROR_SHORT_BUFFER);
	assert_int_equal(op.params[0].memref.size, 12);
	for (int i = 0; i < 32; i++)
		assert_int_equal(buf[i], 'c');

	TEEC_ReleaseSharedMemory(&shm);
	assert_null(shm.imp.shadow_buffer);
	assert_ptr_equal(shm.buffer, buf);
	assert_int_equal(fake.unmaps, 1);
	close_all(&ctx, &s);
}

/* A zero-sized registration still shares a small non-zero size. */
static void test_register_size_zero_and_bad_args(void **state)
{
	uint8_t buf[1];
	TEEC_SharedMemory shm = {.buffer = buf, .flags = TEEC_MEM_INPUT};
	TEEC_Context ctx;

	open_ctx(&ctx, GP_OPTEE);
	assert_int_equal(TEEC_RegisterSharedMemory(&ctx, &shm), TEEC_SUCCESS);
	assert_true(last_rec(TEE_IOC_SHM_ALLOC)->u.alloc.size > 0);
	assert_int_equal(shm.size, 0);
	TEEC_ReleaseSharedMemory(&shm);

	assert_int_equal(TEEC_RegisterSharedMemory(NULL, &shm),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(TEEC_RegisterSharedMemory(&ctx, NULL),
			 TEEC_ERROR_BAD_PARAMETERS);
	shm.buffer = NULL;
	assert_int_equal(TEEC_RegisterSharedMemory(&ctx, &shm),
			 TEEC_ERROR_BAD_PARAMETERS);
	shm.buffer = buf;
	shm.flags = 0;
	assert_int_equal(TEEC_RegisterSharedMemory(&ctx, &shm),
			 TEEC_ERROR_BAD_PARAMETERS);
	shm.flags = 0x4;
	assert_int_equal(TEEC_RegisterSharedMemory(&ctx, &shm),
			 TEEC_ERROR_BAD_PARAMETERS);
	/* The device refusing: errno mapped. */
	shm.flags = TEEC_MEM_INPUT;
	fake.fail_cmd = TEE_IOC_SHM_ALLOC;
	fake.fail_err = ENOMEM;
	assert_int_equal(TEEC_RegisterSharedMemory(&ctx, &shm),
			 TEEC_ERROR_OUT_OF_MEMORY);
	TEEC_FinalizeContext(&ctx);
}

/* Allocated memory is the mapping of the SHM_ALLOC fd. */
static void test_allocate(void **state)
{
	TEEC_SharedMemory shm = {.size = 16, .flags = TEEC_MEM_INPUT};
	TEEC_Operation op = op_of(TEEC_PARAM_TYPES(TEEC_MEMREF_WHOLE, TEEC_NONE,
						   TEEC_NONE, TEEC_NONE));
	TEEC_Context ctx;
	TEEC_Session s;

	open_sess(&ctx, &s, GP_OPTEE | TEE_GEN_CAP_REG_MEM);
	assert_int_equal(TEEC_AllocateSharedMemory(&ctx, &shm), TEEC_SUCCESS);
	assert_non_null(shm.buffer);
	assert_int_equal(last_rec(TEE_IOC_SHM_ALLOC)->u.alloc.size, 16);
	assert_int_equal(last_rec(TEE_IOC_SHM_ALLOC)->u.alloc.flags, 0);
	assert_int_equal(fake.maps, 1);
	/* The TEE sees what the application wrote, with no copy. */
	memcpy(shm.buffer, "shared memory!!", 16);
	op.params[0].memref.parent = &shm;
	assert_int_equal(TEEC_InvokeCommand(&s, 10, &op, NULL), TEEC_SUCCESS);
	assert_memory_equal(fake.seen[0], "shared memory!!", 16);
	TEEC_ReleaseSharedMemory(&shm);
	assert_null(shm.buffer);
	assert_int_equal(shm.size, 0);
	assert_int_equal(fake.unmaps, 1);
	assert_int_equal(fake.shm_closed, 1);
	/* Releasing twice, or NULL, does nothing. */
	TEEC_ReleaseSharedMemory(&shm);
	TEEC_ReleaseSharedMemory(NULL);
	assert_int_equal(fake.shm_closed, 1);

	/* Size 0 allocates a small non-zero size; buffer is not NULL. */
	shm.size = 0;
	shm.flags = TEEC_MEM_OUTPUT;
	assert_int_equal(TEEC_AllocateSharedMemory(&ctx, &shm), TEEC_SUCCESS);
	assert_non_null(shm.buffer);
	assert_true(last_rec(TEE_IOC_SHM_ALLOC)->u.alloc.size > 0);
	TEEC_ReleaseSharedMemory(&shm);

	shm.flags = 0;
	assert_int_equal(TEEC_AllocateSharedMemory(&ctx, &shm),
			 TEEC_ERROR_BAD_PARAMETERS);
	shm.flags = TEEC_MEM_INPUT | 0x100;
	assert_int_equal(TEEC_AllocateSharedMemory(&ctx, &shm),
			 TEEC_ERROR_BAD_PARAMETERS);
	shm.flags = TEEC_MEM_INPUT;
	assert_int_equal(TEEC_AllocateSharedMemory(NULL, &shm),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(TEEC_AllocateSharedMemory(&ctx, NULL),
			 TEEC_ERROR_BAD_PARAMETERS);
	/* mmap failing: out of memory, the fd closed again. */
	fake.mmap_fail = true;
	assert_int_equal(TEEC_AllocateSharedMemory(&ctx, &shm),
			 TEEC_ERROR_OUT_OF_MEMORY);
	fake.mmap_fail = false;
	fake.fail_cmd = TEE_IOC_SHM_ALLOC;
	fake.fail_err = EINVAL;
	assert_int_equal(TEEC_AllocateSharedMemory(&ctx, &shm),
			 TEEC_ERROR_BAD_PARAMETERS);
	close_all(&ctx, &s);
}

/* The dma-buf extension: the device may refuse; errno is mapped. */
static void test_register_fd(void **state)
{
	TEEC_SharedMemory shm = {.flags = TEEC_MEM_INPUT | TEEC_MEM_OUTPUT};
	TEEC_Operation op = op_of(TEEC_PARAM_TYPES(
		TEEC_MEMREF_PARTIAL_INOUT, TEEC_NONE, TEEC_NONE, TEEC_NONE));
	TEEC_Context ctx;
	TEEC_Session s;
	struct rec *r;

	open_sess(&ctx, &s, GP_OPTEE);
	fake.regfd_err = EINVAL;
	assert_int_equal(TEEC_RegisterSharedMemoryFileDescriptor(&ctx, &shm, 7),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(last_rec(TEE_IOC_SHM_REGISTER_FD)->u.regfd.fd, 7);
	fake.regfd_err = ENOMEM;
	assert_int_equal(TEEC_RegisterSharedMemoryFileDescriptor(&ctx, &shm, 7),
			 TEEC_ERROR_OUT_OF_MEMORY);
	fake.regfd_err = ENOTTY;
	assert_int_equal(TEEC_RegisterSharedMemoryFileDescriptor(&ctx, &shm, 7),
			 TEEC_ERROR_GENERIC);
	assert_int_equal(
		TEEC_RegisterSharedMemoryFileDescriptor(&ctx, &shm, -1),
		TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(TEEC_RegisterSharedMemoryFileDescriptor(NULL, &shm, 7),
			 TEEC_ERROR_BAD_PARAMETERS);

	fake.regfd_err = 0;
	fake.regfd_size = 4096;
	r = NULL;
	assert_int_equal(TEEC_RegisterSharedMemoryFileDescriptor(&ctx, &shm, 9),
			 TEEC_SUCCESS);
	r = last_rec(TEE_IOC_SHM_REGISTER_FD);
	assert_int_equal(r->u.regfd.fd, 9);
	assert_int_equal(r->u.regfd.flags, 0);
	assert_int_equal(shm.size, 4096);
	assert_null(shm.buffer);
	op.params[0].memref = (TEEC_RegisteredMemoryReference){&shm, 100, 1000};
	fake.script.set_b[0] = true;
	fake.script.b[0] = 50;
	assert_int_equal(TEEC_InvokeCommand(&s, 11, &op, NULL), TEEC_SUCCESS);
	r = last_rec(TEE_IOC_INVOKE);
	assert_int_equal(r->u.invoke.params[0].c, shm.imp.id);
	assert_int_equal(r->u.invoke.params[0].a, 1000);
	assert_int_equal(op.params[0].memref.size, 50);
	TEEC_ReleaseSharedMemory(&shm);
	assert_int_equal(fake.shm_closed, 1);
	close_all(&ctx, &s);
}

/* ------------------------------------------------------------------ */
/* returnOrigin and errors                                             */
/* ------------------------------------------------------------------ */

/* Invokes command 1 with @op: expects @res, said to come from @origin. */
static void expect_invoke(TEEC_Session *s, TEEC_Operation *op, TEEC_Result res,
			  uint32_t origin)
{
	uint32_t got = 0;

	assert_int_equal(TEEC_InvokeCommand(s, 1, op, &got), res);
	assert_int_equal(got, origin);
}

/* ioctl errno -> result, origin COMMS (§6.4). */
static void test_errno_mapping(void **state)
{
	static const struct {
		int err;
		TEEC_Result res;
	} cases[] = {
		{ENOMEM, TEEC_ERROR_OUT_OF_MEMORY},
		{EINVAL, TEEC_ERROR_BAD_PARAMETERS},
		{EIO, TEEC_ERROR_GENERIC},
		{EPERM, TEEC_ERROR_GENERIC},
		{EBADF, TEEC_ERROR_GENERIC},
		{ENODEV, TEEC_ERROR_GENERIC},
	};
	TEEC_Context ctx;
	TEEC_Session s;

	open_sess(&ctx, &s, GP_OPTEE);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		TEEC_Session s2;
		uint32_t origin = 0;

		fake.fail_cmd = TEE_IOC_INVOKE;
		fake.fail_err = cases[i].err;
		expect_invoke(&s, NULL, cases[i].res, TEEC_ORIGIN_COMMS);
		fake.fail_cmd = TEE_IOC_OPEN_SESSION;
		assert_int_equal(TEEC_OpenSession(&ctx, &s2, &ta_uuid,
						  TEEC_LOGIN_PUBLIC, NULL, NULL,
						  &origin),
				 cases[i].res);
		assert_int_equal(origin, TEEC_ORIGIN_COMMS);
	}
	fake.fail_cmd = 0;
	close_all(&ctx, &s);
}

/* One error of each class, each with its origin. */
static void test_return_origin_classes(void **state)
{
	TEEC_Operation op = op_of(TEEC_PARAM_TYPES(
		TEEC_MEMREF_TEMP_INPUT, TEEC_NONE, TEEC_NONE, TEEC_NONE));
	uint8_t buf[4] = {0};
	TEEC_Context ctx;
	TEEC_Session s;

	open_sess(&ctx, &s, GP_OPTEE);
	op.params[0].tmpref = (TEEC_TempMemoryReference){buf, sizeof(buf)};

	/* API: refused here. */
	op.paramTypes = 0x4;
	expect_invoke(&s, &op, TEEC_ERROR_BAD_PARAMETERS, TEEC_ORIGIN_API);
	op.paramTypes = TEEC_MEMREF_TEMP_INPUT;

	/* COMMS: the device refused the temporary memory. */
	fake.fail_cmd = TEE_IOC_SHM_ALLOC;
	fake.fail_err = ENOMEM;
	expect_invoke(&s, &op, TEEC_ERROR_OUT_OF_MEMORY, TEEC_ORIGIN_COMMS);
	fake.fail_cmd = 0;

	/* API: the mapping failed in this process. */
	fake.mmap_fail = true;
	expect_invoke(&s, &op, TEEC_ERROR_OUT_OF_MEMORY, TEEC_ORIGIN_API);
	fake.mmap_fail = false;

	/* COMMS: the ioctl failed. */
	fake.fail_cmd = TEE_IOC_INVOKE;
	fake.fail_err = EIO;
	expect_invoke(&s, &op, TEEC_ERROR_GENERIC, TEEC_ORIGIN_COMMS);
	fake.fail_cmd = 0;

	/* TEE and TRUSTED_APP: what the kernel says. */
	fake.script.ret = TEEC_ERROR_TARGET_DEAD;
	fake.script.ret_origin = TEEC_ORIGIN_TEE;
	expect_invoke(&s, &op, TEEC_ERROR_TARGET_DEAD, TEEC_ORIGIN_TEE);
	fake.script.ret = 0xF0000001;
	fake.script.ret_origin = TEEC_ORIGIN_TRUSTED_APP;
	expect_invoke(&s, &op, 0xF0000001, TEEC_ORIGIN_TRUSTED_APP);
	/* returnOrigin may be NULL in every class. */
	assert_int_equal(TEEC_InvokeCommand(&s, 1, &op, NULL), 0xF0000001);
	op.paramTypes = 0x8;
	assert_int_equal(TEEC_InvokeCommand(&s, 1, &op, NULL),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(TEEC_InvokeCommand(NULL, 1, &op, NULL),
			 TEEC_ERROR_BAD_PARAMETERS);
	close_all(&ctx, &s);
}

/* ------------------------------------------------------------------ */
/* Misuse                                                              */
/* ------------------------------------------------------------------ */

static void test_misuse_null_arguments(void **state)
{
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t origin;

	open_ctx(&ctx, GP_OPTEE);
	origin = 0;
	assert_int_equal(TEEC_OpenSession(NULL, &s, &ta_uuid, TEEC_LOGIN_PUBLIC,
					  NULL, NULL, &origin),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEEC_ORIGIN_API);
	origin = 0;
	assert_int_equal(TEEC_OpenSession(&ctx, NULL, &ta_uuid,
					  TEEC_LOGIN_PUBLIC, NULL, NULL,
					  &origin),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEEC_ORIGIN_API);
	origin = 0;
	assert_int_equal(TEEC_OpenSession(&ctx, &s, NULL, TEEC_LOGIN_PUBLIC,
					  NULL, NULL, &origin),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEEC_ORIGIN_API);
	origin = 0;
	assert_int_equal(TEEC_InvokeCommand(NULL, 1, NULL, &origin),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEEC_ORIGIN_API);
	assert_int_equal(nrecs(), 1); /* VERSION only */
	TEEC_CloseSession(NULL);
	TEEC_ReleaseSharedMemory(NULL);
	TEEC_RequestCancellation(NULL);
	TEEC_FinalizeContext(NULL);
	TEEC_FinalizeContext(&ctx);
}

/* Sessions never opened, or closed, are refused without a device call. */
static void test_misuse_dead_sessions(void **state)
{
	TEEC_Context ctx, zero_ctx;
	TEEC_Session s, zero_s;
	uint32_t origin = 0;

	memset(&zero_s, 0, sizeof(zero_s));
	memset(&zero_ctx, 0, sizeof(zero_ctx));
	open_sess(&ctx, &s, GP_OPTEE);
	assert_int_equal(TEEC_InvokeCommand(&zero_s, 1, NULL, &origin),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEEC_ORIGIN_API);
	assert_int_equal(TEEC_OpenSession(&zero_ctx, &zero_s, &ta_uuid,
					  TEEC_LOGIN_PUBLIC, NULL, NULL,
					  &origin),
			 TEEC_ERROR_BAD_PARAMETERS);
	TEEC_CloseSession(&s);
	origin = 0;
	assert_int_equal(TEEC_InvokeCommand(&s, 1, NULL, &origin),
			 TEEC_ERROR_BAD_PARAMETERS);
	assert_int_equal(origin, TEEC_ORIGIN_API);
	assert_int_equal(count_recs(TEE_IOC_INVOKE), 0);
	TEEC_FinalizeContext(&ctx);
}

/* Types 4 and 8..0xB do not exist: refused, nothing allocated or sent. */
static void test_misuse_invalid_param_types(void **state)
{
	static const uint32_t bad[] = {0x4, 0x8, 0x9, 0xA, 0xB};
	uint8_t buf[4];
	TEEC_Context ctx;
	TEEC_Session s;

	open_sess(&ctx, &s, GP_OPTEE);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		for (int pos = 0; pos < NPARAMS; pos++) {
			TEEC_Operation op =
				op_of(TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_INPUT,
						       TEEC_NONE, TEEC_NONE,
						       TEEC_NONE) |
				      bad[i] << (4 * pos));
			uint32_t origin = 0;

			if (pos == 0)
				op.paramTypes = bad[i];
			op.params[0].tmpref =
				(TEEC_TempMemoryReference){buf, sizeof(buf)};
			assert_int_equal(
				TEEC_InvokeCommand(&s, 1, &op, &origin),
				TEEC_ERROR_BAD_PARAMETERS);
			assert_int_equal(origin, TEEC_ORIGIN_API);
			assert_int_equal(op.started, 1);
			assert_null(op.imp.session);
		}
	}
	assert_int_equal(count_recs(TEE_IOC_INVOKE), 0);
	/* Temporaries made before the bad param were released again. */
	assert_int_equal(fake.shm_made, fake.shm_closed);
	close_all(&ctx, &s);
}

/* Memref parents: NULL, never registered, released, another context's. */
static void test_misuse_memref_parents(void **state)
{
	TEEC_SharedMemory mine = {.size = 8, .flags = TEEC_MEM_INPUT};
	TEEC_SharedMemory theirs = {.size = 8, .flags = TEEC_MEM_INPUT};
	TEEC_SharedMemory zero;
	TEEC_Context ctx, other;
	TEEC_Session s;
	uint32_t types[] = {TEEC_MEMREF_WHOLE, TEEC_MEMREF_PARTIAL_INPUT};

	memset(&zero, 0, sizeof(zero));
	zero.size = 8;
	zero.flags = TEEC_MEM_INPUT;
	open_sess(&ctx, &s, GP_OPTEE);
	assert_int_equal(TEEC_InitializeContext(NULL, &other), TEEC_SUCCESS);
	assert_int_equal(TEEC_AllocateSharedMemory(&other, &theirs),
			 TEEC_SUCCESS);
	assert_int_equal(TEEC_AllocateSharedMemory(&ctx, &mine), TEEC_SUCCESS);
	TEEC_ReleaseSharedMemory(&mine);
	mine.size = 8;
	for (size_t t = 0; t < 2; t++) {
		TEEC_SharedMemory *parents[] = {NULL, &zero, &mine, &theirs};

		for (size_t i = 0; i < 4; i++) {
			TEEC_Operation op = op_of(types[t]);
			uint32_t origin = 0;

			op.params[0].memref.parent = parents[i];
			op.params[0].memref.size = 4;
			assert_int_equal(
				TEEC_InvokeCommand(&s, 1, &op, &origin),
				TEEC_ERROR_BAD_PARAMETERS);
			assert_int_equal(origin, TEEC_ORIGIN_API);
		}
	}
	assert_int_equal(count_recs(TEE_IOC_INVOKE), 0);
	/* A parent whose size grew past what was shared. */
	assert_int_equal(TEEC_AllocateSharedMemory(&ctx, &mine), TEEC_SUCCESS);
	mine.size = 4096;
	{
		TEEC_Operation op = op_of(TEEC_MEMREF_WHOLE);

		op.params[0].memref.parent = &mine;
		assert_int_equal(TEEC_InvokeCommand(&s, 1, &op, NULL),
				 TEEC_ERROR_BAD_PARAMETERS);
	}
	mine.size = 8;
	TEEC_ReleaseSharedMemory(&mine);
	TEEC_ReleaseSharedMemory(&theirs);
	TEEC_ReleaseSharedMemory(&zero); /* never registered: ignored */
	TEEC_FinalizeContext(&other);
	close_all(&ctx, &s);
}

/* started goes to 1 when the call starts; imp.session only during it. */
static void test_operation_started(void **state)
{
	TEEC_Operation op = op_of(0);
	TEEC_Context ctx;
	TEEC_Session s;

	open_sess(&ctx, &s, GP_OPTEE);
	assert_int_equal(op.started, 0);
	assert_int_equal(TEEC_InvokeCommand(&s, 1, &op, NULL), TEEC_SUCCESS);
	assert_int_equal(op.started, 1);
	assert_null(op.imp.session);
	/* Not in flight: a cancellation request sends nothing. */
	TEEC_RequestCancellation(&op);
	assert_int_equal(count_recs(TEE_IOC_CANCEL), 0);
	close_all(&ctx, &s);
}

/* ------------------------------------------------------------------ */
/* Threads                                                             */
/* ------------------------------------------------------------------ */

struct invoke_job {
	TEEC_Session *s;
	TEEC_Operation op;
	uint32_t cmd;
	TEEC_Result res;
	uint32_t origin;
};

static void *invoke_thread(void *arg)
{
	struct invoke_job *j = arg;

	j->res = TEEC_InvokeCommand(j->s, j->cmd, &j->op, &j->origin);
	return NULL;
}

static void wait_blocked(void)
{
	pthread_mutex_lock(&fake.lock);
	while (!fake.blocked)
		pthread_cond_wait(&fake.cond, &fake.lock);
	pthread_mutex_unlock(&fake.lock);
}

/* A cancellation from another thread reaches the call blocked in the TEE. */
static void test_cancel_from_another_thread(void **state)
{
	struct invoke_job j = {0};
	TEEC_Context ctx;
	TEEC_Session s;
	pthread_t t;
	struct rec *r;

	open_sess(&ctx, &s, GP_OPTEE);
	j.s = &s;
	j.cmd = CMD_BLOCK;
	j.op = op_of(TEEC_PARAM_TYPES(TEEC_VALUE_INPUT, TEEC_NONE, TEEC_NONE,
				      TEEC_NONE));
	assert_int_equal(pthread_create(&t, NULL, invoke_thread, &j), 0);
	wait_blocked();
	assert_ptr_equal(__atomic_load_n(&j.op.imp.session, __ATOMIC_ACQUIRE),
			 &s);
	assert_int_equal(__atomic_load_n(&j.op.started, __ATOMIC_ACQUIRE), 1);
	TEEC_RequestCancellation(&j.op);
	pthread_join(t, NULL);
	assert_int_equal(j.res, TEEC_ERROR_CANCEL);
	assert_int_equal(j.origin, TEEC_ORIGIN_TEE);
	assert_int_equal(count_recs(TEE_IOC_CANCEL), 1);
	r = last_rec(TEE_IOC_CANCEL);
	assert_int_equal(r->u.cancel.session, SESSION_ID);
	assert_int_equal(r->u.cancel.cancel_id, 0);
	assert_null(j.op.imp.session);
	close_all(&ctx, &s);
}

struct open_job {
	TEEC_Context *ctx;
	TEEC_Session s;
	TEEC_Operation op;
	TEEC_Result res;
	uint32_t origin;
};

static void *open_thread(void *arg)
{
	struct open_job *j = arg;

	j->res = TEEC_OpenSession(j->ctx, &j->s, &ta_uuid, TEEC_LOGIN_PUBLIC,
				  NULL, &j->op, &j->origin);
	return NULL;
}

/* Cancelling an open session names session 0: there is no id yet. */
static void test_cancel_open_session(void **state)
{
	struct open_job j = {0};
	TEEC_Context ctx;
	pthread_t t;
	struct rec *r;

	open_ctx(&ctx, GP_OPTEE);
	fake.block_open = true;
	j.ctx = &ctx;
	assert_int_equal(pthread_create(&t, NULL, open_thread, &j), 0);
	wait_blocked();
	TEEC_RequestCancellation(&j.op);
	pthread_join(t, NULL);
	assert_int_equal(j.res, TEEC_ERROR_CANCEL);
	assert_int_equal(j.origin, TEEC_ORIGIN_TEE);
	r = last_rec(TEE_IOC_CANCEL);
	assert_non_null(r);
	assert_int_equal(r->u.cancel.session, 0);
	assert_int_equal(r->u.cancel.cancel_id, 0);
	assert_null(j.op.imp.session);
	/* The session did not open: closing it sends nothing. */
	TEEC_CloseSession(&j.s);
	assert_int_equal(count_recs(TEE_IOC_CLOSE_SESSION), 0);
	TEEC_FinalizeContext(&ctx);
}

#define NTHREADS 8
#define NCALLS	 200

struct hammer {
	TEEC_Session *s;
	int id;
	int bad;
};

/* Many invokes with a value and a TEMP memref; checks every answer. */
static void *hammer_thread(void *arg)
{
	struct hammer *h = arg;

	for (int i = 0; i < NCALLS; i++) {
		TEEC_Operation op = op_of(TEEC_PARAM_TYPES(
			TEEC_VALUE_INOUT, TEEC_MEMREF_TEMP_INOUT, TEEC_NONE,
			TEEC_NONE));
		uint32_t v = (uint32_t)(h->id * 100000 + i);
		char buf[16];
		uint32_t origin;
		size_t len = 1 + (size_t)(i % 15);

		for (size_t k = 0; k < len; k++)
			buf[k] = (char)('a' + (h->id + (int)k) % 26);
		op.params[0].value.a = v;
		op.params[1].tmpref.buffer = buf;
		op.params[1].tmpref.size = len;
		if (TEEC_InvokeCommand(h->s, CMD_DOUBLE, &op, &origin) !=
			    TEEC_SUCCESS ||
		    op.params[0].value.a != v + 1 ||
		    op.params[0].value.b != v * 2 ||
		    op.params[1].tmpref.size != len) {
			h->bad++;
			continue;
		}
		for (size_t k = 0; k < len; k++)
			if (buf[k] !=
			    (char)('a' + (h->id + (int)(len - 1 - k)) % 26))
				h->bad++;
	}
	return NULL;
}

/* 8 threads invoking on one context and one session at once. */
static void test_concurrent_invokes_one_session(void **state)
{
	struct hammer h[NTHREADS];
	pthread_t t[NTHREADS];
	TEEC_Context ctx;
	TEEC_Session s;

	open_sess(&ctx, &s, GP_OPTEE);
	fake.record = false;
	for (int i = 0; i < NTHREADS; i++) {
		h[i] = (struct hammer){.s = &s, .id = i};
		assert_int_equal(
			pthread_create(&t[i], NULL, hammer_thread, &h[i]), 0);
	}
	for (int i = 0; i < NTHREADS; i++) {
		pthread_join(t[i], NULL);
		assert_int_equal(h[i].bad, 0);
	}
	assert_int_equal(fake.shm_made, NTHREADS * NCALLS);
	assert_int_equal(fake.shm_closed, fake.shm_made);
	close_all(&ctx, &s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
		T(test_init_null_name_takes_first_gp_device),
		T(test_init_optee_tz_needs_optee_with_tz),
		T(test_init_unknown_name_is_item_not_found),
		T(test_init_no_device_and_null_context),
		T(test_init_records_caps),
		T(test_finalize_then_use),
		T(test_finalize_with_live_shm),
		T(test_open_session_arg_encoding),
		T(test_open_session_logins),
		T(test_open_session_params),
		T(test_open_session_ta_error),
		T(test_invoke_arg_encoding_values),
		T(test_invoke_tmpref_copy_in_and_out),
		T(test_invoke_tmpref_short_buffer),
		T(test_invoke_tmpref_null),
		T(test_invoke_tmpref_null_without_cap),
		T(test_invoke_whole_direction),
		T(test_invoke_partial_rules),
		T(test_register_with_reg_mem),
		T(test_register_falls_back_to_shadow),
		T(test_register_with_shadow_buffer),
		T(test_register_size_zero_and_bad_args),
		T(test_allocate),
		T(test_register_fd),
		T(test_errno_mapping),
		T(test_return_origin_classes),
		T(test_misuse_null_arguments),
		T(test_misuse_dead_sessions),
		T(test_misuse_invalid_param_types),
		T(test_misuse_memref_parents),
		T(test_operation_started),
		T(test_cancel_from_another_thread),
		T(test_cancel_open_session),
		T(test_concurrent_invokes_one_session),
#undef T
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
