// SPDX-License-Identifier: BSD-2-Clause
/* The TEE device behind libteec's unit tests; see test_libteec_dev.h. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include <cmocka.h>

#include <linux/tee_drv.h>
#include "teebox/tee_host.h"

#include "kernel/uaccess.h"
#include "tee_test_driver.h"
#include "teec_dev_ops.h"
#include "test_libteec_dev.h"
#include "transport/tbx_proto.h"

/**
 * struct tdev - an open device file
 * @index:	which device
 * @ctx:	the core's context of the file
 */
struct tdev {
	int index;
	struct tee_context *ctx;
};

struct fake fake = {
	.lock = PTHREAD_MUTEX_INITIALIZER,
	.cond = PTHREAD_COND_INITIALIZER,
};

const TEEC_UUID ta_uuid = {0x12345678,
			   0x9abc,
			   0xdef0,
			   {0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef}};

/* Who the tests' process is: GROUP logins for FAKE_GID are its own. */
static const struct tee_cred fake_cred = {
	.pid = 1,
	.euid = 1000,
	.egid = FAKE_GID,
};

/* Called with fake.lock held. */
static struct fake_shm *shm_by_fd(int fd)
{
	for (int i = 0; i < FAKE_MAX_SHM; i++)
		if (fake.shms[i].used && fake.shms[i].fd == fd)
			return &fake.shms[i];
	return NULL;
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

/* OPEN_SESSION's argument as the library passed it. */
static void rec_open(struct rec *r, const struct tee_ioctl_buf_data *d)
{
	const struct tee_ioctl_open_session_arg *oa =
		(const void *)(uintptr_t)d->buf_ptr;

	r->buf_len = d->buf_len;
	memcpy(r->u.open.uuid, oa->uuid, sizeof(oa->uuid));
	memcpy(r->u.open.clnt_uuid, oa->clnt_uuid, sizeof(oa->clnt_uuid));
	r->u.open.clnt_login = oa->clnt_login;
	r->u.open.cancel_id = oa->cancel_id;
	r->u.open.num_params = oa->num_params;
	if (oa->num_params <= NPARAMS)
		memcpy(r->u.open.params, oa->params,
		       oa->num_params * sizeof(oa->params[0]));
}

/* INVOKE's argument as the library passed it. */
static void rec_invoke(struct rec *r, const struct tee_ioctl_buf_data *d)
{
	const struct tee_ioctl_invoke_arg *ia =
		(const void *)(uintptr_t)d->buf_ptr;

	r->buf_len = d->buf_len;
	r->u.invoke.func = ia->func;
	r->u.invoke.session = ia->session;
	r->u.invoke.cancel_id = ia->cancel_id;
	r->u.invoke.num_params = ia->num_params;
	if (ia->num_params <= NPARAMS)
		memcpy(r->u.invoke.params, ia->params,
		       ia->num_params * sizeof(ia->params[0]));
}

/* Records ioctl @cmd with its argument; called with fake.lock held. */
static void record(int dev, unsigned long cmd, const void *arg)
{
	struct rec *r = rec_new(cmd, dev);

	if (!r)
		return;
	switch (cmd) {
	case TEE_IOC_OPEN_SESSION:
		rec_open(r, arg);
		break;
	case TEE_IOC_INVOKE:
		rec_invoke(r, arg);
		break;
	case TEE_IOC_SHM_ALLOC:
		r->u.alloc = *(const struct tee_ioctl_shm_alloc_data *)arg;
		break;
	case TEE_IOC_SHM_REGISTER:
		r->u.reg = *(const struct tee_ioctl_shm_register_data *)arg;
		break;
	case TEE_IOC_SHM_REGISTER_FD:
		r->u.regfd =
			*(const struct tee_ioctl_shm_register_fd_data *)arg;
		break;
	case TEE_IOC_CANCEL:
		r->u.cancel = *(const struct tee_ioctl_cancel_arg *)arg;
		break;
	case TEE_IOC_CLOSE_SESSION:
		r->u.close = *(const struct tee_ioctl_close_session_arg *)arg;
		break;
	default:
		break;
	}
}

static bool is_output(u64 attr)
{
	return attr == TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_OUTPUT ||
	       attr == TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT ||
	       attr == TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT ||
	       attr == TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT;
}

/* The memory of memref @p, or NULL (a null memref). */
static uint8_t *memref_mem(const struct tee_param *p)
{
	const struct tee_param_memref *m = &p->u.memref;
	void *va;

	if (!m->shm)
		return NULL;
	va = tee_shm_get_va(m->shm, m->shm_offs);
	return IS_ERR(va) ? NULL : va;
}

/* CMD_BLOCK: waits until a CANCEL arrives. */
static void tee_block(u32 *ret, u32 *ret_origin)
{
	pthread_mutex_lock(&fake.lock);
	fake.blocked = true;
	pthread_cond_broadcast(&fake.cond);
	while (!fake.cancels)
		pthread_cond_wait(&fake.cond, &fake.lock);
	pthread_mutex_unlock(&fake.lock);
	*ret = TEEC_ERROR_CANCEL;
	*ret_origin = TEEC_ORIGIN_TEE;
}

/* CMD_DOUBLE: value: a -> a + 1, b = 2a; memref: reversed in place. */
static void tee_double(struct tee_param *p, u32 *ret, u32 *ret_origin)
{
	uint8_t *m = memref_mem(&p[1]);
	size_t len = p[1].u.memref.size;

	p[0].u.value.b = p[0].u.value.a * 2;
	p[0].u.value.a = p[0].u.value.a + 1;
	for (size_t i = 0; m && i < len / 2; i++) {
		uint8_t t = m[i];

		m[i] = m[len - 1 - i];
		m[len - 1 - i] = t;
	}
	*ret = TEEC_SUCCESS;
	*ret_origin = TEEC_ORIGIN_TRUSTED_APP;
}

/* Param @n as the script says: what the TA saw, wrote and answers. */
static void tee_param_run(const struct script *sc, int n, struct tee_param *p)
{
	bool memref = tee_param_is_memref(p);
	uint8_t *m = memref ? memref_mem(p) : NULL;
	size_t size = memref ? p->u.memref.size : 0;
	size_t len = size < SEEN_MAX ? size : SEEN_MAX;

	if (m) {
		pthread_mutex_lock(&fake.lock);
		memcpy(fake.seen[n], m, len);
		fake.seen_len[n] = len;
		pthread_mutex_unlock(&fake.lock);
		if (is_output(p->attr))
			memcpy(m, sc->data[n],
			       sc->data_len[n] < len ? sc->data_len[n] : len);
	}
	if (memref) {
		if (sc->set_b[n])
			p->u.memref.size = sc->b[n];
		return;
	}
	if (sc->set_b[n])
		p->u.value.b = sc->b[n];
	if (sc->set_val[n]) {
		p->u.value.a = sc->a[n];
		p->u.value.b = sc->b[n];
		p->u.value.c = sc->c[n];
	}
}

/* The scripted TEE, as the test driver's open_session / invoke_func. */
static void scripted_tee(void *arg, bool open, u32 func, u32 num_params,
			 struct tee_param *p, u32 *ret, u32 *ret_origin,
			 u32 *session)
{
	struct script sc;
	bool block;

	pthread_mutex_lock(&fake.lock);
	block = open ? fake.block_open : func == CMD_BLOCK;
	sc = fake.script;
	pthread_mutex_unlock(&fake.lock);
	if (block) {
		tee_block(ret, ret_origin);
		return;
	}
	if (!open && func == CMD_DOUBLE && num_params >= 2) {
		tee_double(p, ret, ret_origin);
		return;
	}
	for (u32 n = 0; n < num_params && n < NPARAMS; n++)
		tee_param_run(&sc, (int)n, &p[n]);
	*ret = sc.ret;
	*ret_origin = sc.ret_origin;
	if (session)
		*session = sc.session;
}

/* The process's fd table: a new fd holding the core's reference. */
static int install_shm_fd(struct tee_uspace *us, struct tee_shm *shm)
{
	struct tdev *d = us->priv;
	int fd = -EMFILE;

	pthread_mutex_lock(&fake.lock);
	for (int i = 0; i < FAKE_MAX_SHM; i++) {
		struct fake_shm *s = &fake.shms[i];

		if (s->used)
			continue;
		*s = (struct fake_shm){
			.used = true,
			.dev = d->index,
			.owner = d,
			.fd = fake.next_fd++,
			.shm = shm,
			.mappable = !(shm->flags & TEE_SHM_REGISTER),
		};
		fake.shm_made++;
		fd = s->fd;
		break;
	}
	pthread_mutex_unlock(&fake.lock);
	return fd;
}

/* SHM_REGISTER pins the application's own buffer (no copy). */
static struct tee_shm *register_user_mem(struct tee_uspace *us,
					 struct tee_context *ctx, u64 addr,
					 u64 len)
{
	return tee_shm_register(ctx, (void *)(uintptr_t)addr, 0, len, -1);
}

static const struct tee_uspace_ops fake_uspace_ops = {
	.install_shm_fd = install_shm_fd,
	.register_user_mem = register_user_mem,
};

/*
 * The ioctl in the core, on this process's memory: the argument struct
 * and, for a buffer ioctl, the buffer it names (transport/tbx_proto.h,
 * the one list of those) are the user memory the core may touch.
 */
static long core_ioctl(struct tdev *d, unsigned long cmd, void *arg)
{
	struct tee_ioctl_buf_data buf;
	struct tee_uspace us;

	tee_uspace_init(&us, &fake_uspace_ops, d);
	if (tee_uspace_add(&us, (uintptr_t)arg, arg, _IOC_SIZE(cmd)))
		return -EFAULT;
	if (tbx_is_buf_ioctl((unsigned int)cmd)) {
		memcpy(&buf, arg, sizeof(buf));
		if (tee_uspace_add(&us, buf.buf_ptr,
				   (void *)(uintptr_t)buf.buf_ptr, buf.buf_len))
			return -EFAULT;
	}
	return tee_ioctl(d->ctx, (unsigned int)cmd, (uintptr_t)arg, &us);
}

/*
 * SHM_REGISTER_FD: the core imports no dma-buf; the device plays the
 * import with memory the core allocates, so the id is a real one.
 */
static long register_fd(struct tdev *d,
			struct tee_ioctl_shm_register_fd_data *rfd)
{
	struct tee_uspace us;
	struct tee_shm *shm;
	int fd;

	shm = tee_shm_alloc(d->ctx, fake.regfd_size,
			    TEE_SHM_MAPPED | TEE_SHM_DMA_BUF);
	if (IS_ERR(shm))
		return PTR_ERR(shm);
	tee_uspace_init(&us, &fake_uspace_ops, d);
	fd = install_shm_fd(&us, shm);
	if (fd < 0) {
		tee_shm_put(shm);
		return fd;
	}
	rfd->id = shm->id;
	rfd->size = fake.regfd_size;
	return fd;
}

/* A failure the test asked for, or 0; called with fake.lock held. */
static long injected(struct tdev *d, unsigned long cmd)
{
	if (fake.fail_cmd == cmd)
		return -fake.fail_err;
	if (cmd == TEE_IOC_VERSION && fake.devs[d->index].version_fails)
		return -EIO;
	if (cmd == TEE_IOC_SHM_REGISTER_FD && fake.regfd_err)
		return -fake.regfd_err;
	return 0;
}

static long fake_ioctl(struct tdev *d, unsigned long cmd, void *arg)
{
	long rc;

	pthread_mutex_lock(&fake.lock);
	record(d->index, cmd, arg);
	if (cmd == TEE_IOC_CANCEL) {
		fake.cancels++;
		pthread_cond_broadcast(&fake.cond);
	}
	rc = injected(d, cmd);
	pthread_mutex_unlock(&fake.lock);
	if (rc)
		return rc;
	if (cmd == TEE_IOC_SHM_REGISTER_FD)
		return register_fd(d, arg);
	return core_ioctl(d, cmd, arg);
}

/* Remembers an open file; called with fake.lock held. */
static void tdev_add(struct tdev *d)
{
	for (size_t i = 0; i < sizeof(fake.tdevs) / sizeof(fake.tdevs[0]);
	     i++) {
		if (!fake.tdevs[i]) {
			fake.tdevs[i] = d;
			return;
		}
	}
	fake.errors++;
}

/* Forgets an open file; called with fake.lock held. */
static void tdev_del(struct tdev *d)
{
	for (size_t i = 0; i < sizeof(fake.tdevs) / sizeof(fake.tdevs[0]); i++)
		if (fake.tdevs[i] == d)
			fake.tdevs[i] = NULL;
}

static int fake_open(const char *name, struct tdev **out)
{
	struct tee_context *ctx;
	struct testdrv *td;
	struct tdev *d;
	int n;

	if (sscanf(name, "tee%d", &n) != 1 || n < 0 || n >= NDEVS)
		return -ENOENT;
	pthread_mutex_lock(&fake.lock);
	td = fake.devs[n].present ? fake.devs[n].td : NULL;
	pthread_mutex_unlock(&fake.lock);
	if (!td)
		return -ENOENT;
	d = calloc(1, sizeof(*d));
	if (!d)
		return -ENOMEM;
	ctx = teedev_open(td->clnt_dev, &fake_cred);
	if (IS_ERR(ctx)) {
		free(d);
		return (int)PTR_ERR(ctx);
	}
	d->index = n;
	d->ctx = ctx;
	pthread_mutex_lock(&fake.lock);
	fake.opens++;
	tdev_add(d);
	pthread_mutex_unlock(&fake.lock);
	*out = d;
	return 0;
}

static int fake_close_shm(struct tdev *d, int fd)
{
	struct tee_shm *shm = NULL;
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
		shm = s->shm;
		s->used = false;
		fake.shm_closed++;
	}
	pthread_mutex_unlock(&fake.lock);
	if (shm)
		tee_shm_put(shm);
	return rc;
}

static void fake_close(struct tdev *d)
{
	pthread_mutex_lock(&fake.lock);
	fake.closes++;
	tdev_del(d);
	for (int i = 0; i < FAKE_MAX_SHM; i++)
		if (fake.shms[i].used && fake.shms[i].owner == d)
			fake.errors++; /* shm outlived its device */
	pthread_mutex_unlock(&fake.lock);
	teedev_close_context(d->ctx);
	free(d);
}

static void *fake_mmap(void *addr, size_t len, int prot, int flags, int fd,
		       off_t off)
{
	struct fake_shm *s;
	void *va = MAP_FAILED;

	pthread_mutex_lock(&fake.lock);
	s = shm_by_fd(fd);
	if (!fake.mmap_fail && s && s->mappable && !addr && len &&
	    len <= s->shm->size && !off && prot == (PROT_READ | PROT_WRITE) &&
	    flags == MAP_SHARED) {
		s->maps++;
		fake.maps++;
		va = s->shm->kaddr;
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

		if (s->used && s->shm->kaddr == addr && s->maps &&
		    len <= s->shm->size) {
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

/*
 * Only PROT_NONE and read-write, of a whole live mapping, as libteec
 * hides the memory it keeps after a release (tmpref_cache.c).
 */
static int fake_mprotect(void *addr, size_t len, int prot)
{
	int rc = -1;

	pthread_mutex_lock(&fake.lock);
	for (int i = 0; i < FAKE_MAX_SHM; i++) {
		struct fake_shm *s = &fake.shms[i];

		if (!s->used || s->shm->kaddr != addr || !s->maps ||
		    len > s->shm->size)
			continue;
		if (fake.mprotect_fail)
			break;
		if (prot == PROT_NONE && !s->hidden) {
			s->hidden = true;
			fake.hides++;
			rc = 0;
		} else if (prot == (PROT_READ | PROT_WRITE) && s->hidden) {
			s->hidden = false;
			fake.unhides++;
			rc = 0;
		}
		break;
	}
	if (rc && !fake.mprotect_fail)
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
	.mprotect = fake_mprotect,
};

/* The test driver instance behind device @n, registered with the core. */
static struct testdrv *dev_driver(int n)
{
	struct testdrv *td = testdrv_new();
	struct tee_device *teedev;

	assert_non_null(td);
	teedev = tee_device_alloc(&testdrv_full_desc, td->pool, td);
	assert_false(IS_ERR(teedev));
	assert_int_equal(tee_device_register(teedev), 0);
	/* testdrv_free() unregisters it. */
	td->clnt_dev = teedev;
	td->version = &fake.devs[n].v;
	td->tee = scripted_tee;
	return td;
}

void dev_set(int n, uint32_t impl_id, uint32_t impl_caps, uint32_t gen_caps)
{
	struct testdrv *td = fake.devs[n].td ? fake.devs[n].td : dev_driver(n);

	pthread_mutex_lock(&fake.lock);
	fake.devs[n].td = td;
	fake.devs[n].present = true;
	fake.devs[n].v = (struct tee_ioctl_version_data){
		.impl_id = impl_id,
		.impl_caps = impl_caps,
		.gen_caps = gen_caps,
	};
	pthread_mutex_unlock(&fake.lock);
	/* What the driver tells the core about null memrefs. */
	pthread_mutex_lock(&td->lock);
	td->cap_memref_null = gen_caps & TEE_GEN_CAP_MEMREF_NULL;
	pthread_mutex_unlock(&td->lock);
}

/*
 * Drops what a failed test left open (shm fds, device files), then the
 * devices.  Nothing may run a call now.
 */
static void release_all(void)
{
	for (int i = 0; i < FAKE_MAX_SHM; i++) {
		if (fake.shms[i].used)
			tee_shm_put(fake.shms[i].shm);
		fake.shms[i].used = false;
	}
	for (size_t i = 0; i < sizeof(fake.tdevs) / sizeof(fake.tdevs[0]);
	     i++) {
		if (fake.tdevs[i]) {
			teedev_close_context(fake.tdevs[i]->ctx);
			free(fake.tdevs[i]);
		}
		fake.tdevs[i] = NULL;
	}
	for (int n = 0; n < NDEVS; n++) {
		testdrv_free(fake.devs[n].td);
		fake.devs[n].td = NULL;
	}
}

static void fake_reset(void)
{
	release_all();
	pthread_mutex_lock(&fake.lock);
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
	fake.mprotect_fail = false;
	fake.regfd_err = 0;
	fake.regfd_size = 0;
	fake.record = true;
	fake.nrecs = 0;
	fake.next_fd = FAKE_FD_BASE;
	fake.opens = fake.closes = 0;
	fake.shm_made = fake.shm_closed = 0;
	fake.maps = fake.unmaps = 0;
	fake.hides = fake.unhides = 0;
	fake.errors = 0;
	fake.cancels = 0;
	fake.block_open = false;
	fake.blocked = false;
	pthread_mutex_unlock(&fake.lock);
}

int setup(void **state)
{
	fake_reset();
	teec_set_dev_ops(&fake_ops);
	return 0;
}

/* Every test ends here: nothing the library took may be left. */
int teardown(void **state)
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

int nrecs(void)
{
	int n;

	pthread_mutex_lock(&fake.lock);
	n = fake.nrecs;
	pthread_mutex_unlock(&fake.lock);
	return n;
}

/* The last recorded ioctl with @cmd. */
struct rec *last_rec(unsigned long cmd)
{
	for (int i = (fake.nrecs < FAKE_MAX_RECS ? fake.nrecs : FAKE_MAX_RECS) -
		     1;
	     i >= 0; i--)
		if (fake.recs[i].cmd == cmd)
			return &fake.recs[i];
	return NULL;
}

int count_recs(unsigned long cmd)
{
	int n = 0;

	for (int i = 0; i < fake.nrecs && i < FAKE_MAX_RECS; i++)
		n += fake.recs[i].cmd == cmd;
	return n;
}

const uint8_t *fake_shm_bytes(int64_t id, size_t *size)
{
	const uint8_t *va = NULL;

	pthread_mutex_lock(&fake.lock);
	for (int i = 0; i < FAKE_MAX_SHM; i++) {
		struct fake_shm *s = &fake.shms[i];

		if (s->used && s->shm->id == id) {
			va = s->shm->kaddr;
			*size = s->shm->size;
			break;
		}
	}
	pthread_mutex_unlock(&fake.lock);
	return va;
}

void open_ctx(TEEC_Context *ctx, uint32_t gen_caps)
{
	dev_set(0, TEE_IMPL_ID_OPTEE, TEE_OPTEE_CAP_TZ, gen_caps);
	assert_int_equal(TEEC_InitializeContext(NULL, ctx), TEEC_SUCCESS);
}

void open_sess(TEEC_Context *ctx, TEEC_Session *s, uint32_t gen_caps)
{
	uint32_t origin = 0;

	open_ctx(ctx, gen_caps);
	assert_int_equal(TEEC_OpenSession(ctx, s, &ta_uuid, TEEC_LOGIN_PUBLIC,
					  NULL, NULL, &origin),
			 TEEC_SUCCESS);
}

void close_all(TEEC_Context *ctx, TEEC_Session *s)
{
	TEEC_CloseSession(s);
	TEEC_FinalizeContext(ctx);
}

TEEC_Operation op_of(uint32_t types)
{
	TEEC_Operation op;

	memset(&op, 0, sizeof(op));
	op.paramTypes = types;
	return op;
}

void wait_blocked(void)
{
	pthread_mutex_lock(&fake.lock);
	while (!fake.blocked)
		pthread_cond_wait(&fake.cond, &fake.lock);
	pthread_mutex_unlock(&fake.lock);
}
