// SPDX-License-Identifier: BSD-2-Clause
/* The files the shim stands in for, and their lifetimes; see files.h. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <linux/tee.h>

#include "files.h"
#include "maps.h"
#include "real.h"
#include "tee_ioctl.h"
#include "transport/tbx_client.h"

/**
 * struct pl_dev - an open TEE device (one open(2), as a struct file)
 * @tbx:	its connection to teed
 * @refs:	descriptors naming it + its live shms + ioctls in flight;
 *		the connection closes when the last goes
 * @next:	on a &struct doomed list
 */
struct pl_dev {
	struct tbx_dev *tbx;
	unsigned int refs;
	struct pl_dev *next;
};

/**
 * struct pl_shm - a shared memory file of a device
 * @dev:	the device (holds a reference on it)
 * @fd:		the number the transport knows it by: the one the ioctl
 *		returned, kept open until the shm is freed
 * @nfds:	descriptors of the program naming it (@fd while not closed,
 *		and its dups); with the mappings (maps.h), what keeps it
 * @mappable:	SHM_ALLOC memory; registered memory refuses mmap (EINVAL),
 *		as the kernel's tee_shm_fop_mmap() does
 * @next:	on a &struct doomed list
 */
struct pl_shm {
	struct pl_dev *dev;
	int fd;
	unsigned int nfds;
	bool mappable;
	struct pl_shm *next;
};

/**
 * enum kind - what a descriptor is to the shim
 * @FD_OTHER:		none of ours
 * @FD_DEV:		a device placeholder
 * @FD_SHM:		a shm file the program has open
 * @FD_SHM_KEPT:	a shm file the program closed, kept for its mappings
 */
enum kind {
	FD_OTHER = 0,
	FD_DEV,
	FD_SHM,
	FD_SHM_KEPT,
};

struct file {
	enum kind kind;
	union {
		struct pl_dev *dev;
		struct pl_shm *shm;
	};
};

/*
 * files_lock protects files[] and nfiles, the @refs of every pl_dev,
 * every pl_shm, and the ranges of maps.c.  It is never held across a call
 * to teed.  nused (entries not FD_OTHER) is written under it and read
 * without it as a hint.
 */
static pthread_mutex_t files_lock = PTHREAD_MUTEX_INITIALIZER;
static struct file *files;
static size_t nfiles;
static atomic_uint nused;

/**
 * struct doomed - what to let go of once files_lock is dropped
 * @shms:	shms to free in teed
 * @devs:	devices to close
 */
struct doomed {
	struct pl_shm *shms;
	struct pl_dev *devs;
};

bool pl_files_active(void)
{
	return atomic_load_explicit(&nused, memory_order_acquire) != 0;
}

/* What @fd is; called with files_lock held. */
static struct file lookup(int fd)
{
	struct file none = {.kind = FD_OTHER};

	if (fd < 0 || (size_t)fd >= nfiles)
		return none;
	return files[fd];
}

/*
 * Records @f for @fd.  An entry still there is stale (its number was
 * closed behind our back, e.g. by close_range()): it is forgotten.
 * Called with files_lock held; 0 or -ENOMEM.
 */
static int record(int fd, struct file f)
{
	if ((size_t)fd >= nfiles) {
		size_t n = nfiles ? nfiles : 64;
		struct file *t;

		while (n <= (size_t)fd)
			n *= 2;
		t = realloc(files, n * sizeof(*t));
		if (!t)
			return -ENOMEM;
		for (size_t i = nfiles; i < n; i++)
			t[i].kind = FD_OTHER;
		files = t;
		nfiles = n;
	}
	if (files[fd].kind == FD_OTHER)
		atomic_fetch_add(&nused, 1);
	files[fd] = f;
	return 0;
}

/* Forgets @fd; called with files_lock held. */
static void forget(int fd)
{
	if (fd < 0 || (size_t)fd >= nfiles || files[fd].kind == FD_OTHER)
		return;
	files[fd].kind = FD_OTHER;
	atomic_fetch_sub(&nused, 1);
}

/* Drops a device reference; called with files_lock held. */
static void dev_put_locked(struct pl_dev *dev, struct doomed *d)
{
	if (--dev->refs)
		return;
	dev->next = d->devs;
	d->devs = dev;
}

/*
 * Frees @shm once nothing keeps it: no descriptor and no mapping.  Its
 * kept number, if any, is forgotten now and closed by the transport in
 * finish().  Called with files_lock held.
 */
static void shm_check_locked(struct pl_shm *shm, struct doomed *d)
{
	struct file f;

	if (shm->nfds || pl_maps_mapped(shm))
		return;
	f = lookup(shm->fd);
	if (f.kind == FD_SHM_KEPT && f.shm == shm)
		forget(shm->fd);
	shm->next = d->shms;
	d->shms = shm;
}

/* maps.h callback: @owner lost its last mapping. */
static void shm_unmapped(void *owner, void *ctx)
{
	shm_check_locked(owner, ctx);
}

/* Lets go of @d; called without files_lock.  Keeps errno. */
static void finish(struct doomed *d)
{
	int err = errno;

	while (d->shms) {
		struct pl_shm *shm = d->shms;

		d->shms = shm->next;
		/* Closes shm->fd and tells teed, which frees the shm. */
		tbx_dev_close_shm(shm->dev->tbx, shm->fd);
		pthread_mutex_lock(&files_lock);
		dev_put_locked(shm->dev, d);
		pthread_mutex_unlock(&files_lock);
		free(shm);
	}
	while (d->devs) {
		struct pl_dev *dev = d->devs;

		d->devs = dev->next;
		tbx_dev_close(dev->tbx);
		free(dev);
	}
	errno = err;
}

static int fail(int err)
{
	errno = err;
	return -1;
}

/* The placeholder descriptor of a device; -1 with errno on failure. */
static int placeholder(int flags)
{
	int fd = pl_real()->open("/dev/null",
				 O_RDWR | (flags & (O_CLOEXEC | O_NONBLOCK)));

	if (fd < 0)
		fd = memfd_create("teebox-dev",
				  flags & O_CLOEXEC ? MFD_CLOEXEC : 0);
	return fd;
}

int pl_files_open(const char *sock, int flags)
{
	struct tbx_dev *tbx;
	struct pl_dev *dev;
	struct stat st;
	int fd, rc;

	if (flags & O_DIRECTORY)
		return fail(ENOTDIR);
	if ((flags & (O_CREAT | O_EXCL)) == (O_CREAT | O_EXCL))
		return fail(EEXIST);
	if (flags & O_PATH) {
		/* A path-only open does not open the device itself. */
		if (stat(sock, &st))
			return fail(ENOENT);
		return pl_real()->open("/dev/null",
				       O_PATH | (flags & O_CLOEXEC));
	}

	dev = calloc(1, sizeof(*dev));
	if (!dev)
		return fail(ENOMEM);
	/* First, so that the program gets the lowest free number. */
	fd = placeholder(flags);
	if (fd < 0) {
		rc = -errno;
		goto err_free;
	}
	rc = tbx_dev_open(sock, &tbx);
	if (rc)
		goto err_close;
	dev->tbx = tbx;
	dev->refs = 1;
	pthread_mutex_lock(&files_lock);
	rc = record(fd, (struct file){.kind = FD_DEV, .dev = dev});
	pthread_mutex_unlock(&files_lock);
	if (rc)
		goto err_tbx;
	return fd;

err_tbx:
	tbx_dev_close(tbx);
err_close:
	pl_real()->close(fd);
err_free:
	free(dev);
	return fail(-rc);
}

/* The requests the kernel answers for any file (do_vfs_ioctl()). */
static bool vfs_ioctl(unsigned long request)
{
	switch ((unsigned int)request) {
	case FIOCLEX:
	case FIONCLEX:
	case FIONBIO:
	case FIOASYNC:
		return true;
	default:
		return false;
	}
}

static bool fd_ioctl(unsigned long request)
{
	switch ((unsigned int)request) {
	case TEE_IOC_SHM_ALLOC:
	case TEE_IOC_SHM_REGISTER:
	case TEE_IOC_SHM_REGISTER_FD:
		return true;
	default:
		return false;
	}
}

/* Takes in shm file @fd of @dev; returns @fd or -errno. */
static long adopt_shm(struct pl_dev *dev, int fd, bool mappable)
{
	struct pl_shm *shm = calloc(1, sizeof(*shm));
	int rc = -ENOMEM;

	if (shm) {
		shm->dev = dev;
		shm->fd = fd;
		shm->nfds = 1;
		shm->mappable = mappable;
		pthread_mutex_lock(&files_lock);
		rc = record(fd, (struct file){.kind = FD_SHM, .shm = shm});
		if (!rc)
			dev->refs++;
		pthread_mutex_unlock(&files_lock);
	}
	if (!rc)
		return fd;
	free(shm);
	tbx_dev_close_shm(dev->tbx, fd);
	return rc;
}

int pl_files_ioctl(int fd, unsigned long request, void *arg)
{
	struct doomed d = {0};
	struct pl_dev *dev = NULL;
	struct file f;
	long rc;

	pthread_mutex_lock(&files_lock);
	f = lookup(fd);
	if (f.kind == FD_DEV && !vfs_ioctl(request)) {
		dev = f.dev;
		/* Held for the call, as the kernel holds the file. */
		dev->refs++;
	}
	pthread_mutex_unlock(&files_lock);
	if (f.kind == FD_SHM_KEPT)
		return fail(EBADF);
	if (f.kind != FD_DEV || vfs_ioctl(request))
		return pl_real()->ioctl(fd, request, arg);

	rc = pl_tee_ioctl(dev->tbx, request, arg);
	if (rc >= 0 && fd_ioctl(request))
		rc = adopt_shm(dev, (int)rc,
			       (unsigned int)request == TEE_IOC_SHM_ALLOC);
	pthread_mutex_lock(&files_lock);
	dev_put_locked(dev, &d);
	pthread_mutex_unlock(&files_lock);
	finish(&d);
	return rc < 0 ? fail((int)-rc) : (int)rc;
}

int pl_files_close(int fd)
{
	struct doomed d = {0};
	struct file f;
	int rc = 0;

	pthread_mutex_lock(&files_lock);
	f = lookup(fd);
	switch (f.kind) {
	case FD_OTHER:
		pthread_mutex_unlock(&files_lock);
		return pl_real()->close(fd);
	case FD_SHM_KEPT:
		pthread_mutex_unlock(&files_lock);
		return fail(EBADF);
	case FD_DEV:
		forget(fd);
		rc = pl_real()->close(fd);
		dev_put_locked(f.dev, &d);
		break;
	case FD_SHM:
		if (fd == f.shm->fd) {
			/*
			 * The transport's number: kept while anything else
			 * keeps the shm, closed by the transport after.
			 */
			files[fd].kind = FD_SHM_KEPT;
		} else {
			forget(fd);
			rc = pl_real()->close(fd);
		}
		f.shm->nfds--;
		shm_check_locked(f.shm, &d);
		break;
	}
	pthread_mutex_unlock(&files_lock);
	finish(&d);
	return rc;
}

static size_t page_round(size_t len)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);

	return (len + page - 1) & ~(page - 1);
}

/* tee_shm_fop_mmap(): the pages asked for must lie within the shm. */
static bool within_shm(int fd, size_t len, off64_t off)
{
	struct stat st;

	if (fstat(fd, &st) || off < 0)
		return false;
	return len <= page_round((size_t)st.st_size) &&
	       (uint64_t)off <= page_round((size_t)st.st_size) - len;
}

void *pl_files_mmap(void *addr, size_t len, int prot, int flags, int fd,
		    off64_t off)
{
	struct pl_shm *shm = NULL;
	struct doomed d = {0};
	struct file f = {.kind = FD_OTHER};
	void *p;
	int err = 0;

	pthread_mutex_lock(&files_lock);
	/* An anonymous mapping ignores its descriptor. */
	if (!(flags & MAP_ANONYMOUS))
		f = lookup(fd);
	if (f.kind == FD_SHM_KEPT)
		err = EBADF;
	else if (f.kind == FD_DEV)
		err = ENODEV;
	else if (f.kind == FD_SHM && !f.shm->mappable)
		err = EINVAL;
	else if (f.kind == FD_SHM && len &&
		 !within_shm(fd, page_round(len), off))
		err = EINVAL;
	if (err) {
		pthread_mutex_unlock(&files_lock);
		errno = err;
		return MAP_FAILED;
	}
	if (f.kind == FD_SHM)
		shm = f.shm;

	p = pl_real()->mmap64(addr, len, prot, flags, fd, off);
	if (p != MAP_FAILED) {
		/* Whatever was mapped there before is gone (MAP_FIXED). */
		pl_maps_cut((uintptr_t)p, len, shm_unmapped, &d);
		if (shm && pl_maps_add((uintptr_t)p, len, shm)) {
			pl_real()->munmap(p, len);
			p = MAP_FAILED;
			err = ENOMEM;
		}
	}
	pthread_mutex_unlock(&files_lock);
	finish(&d);
	if (err)
		errno = err;
	return p;
}

int pl_files_munmap(void *addr, size_t len)
{
	struct doomed d = {0};
	int rc;

	pthread_mutex_lock(&files_lock);
	rc = pl_real()->munmap(addr, len);
	if (!rc)
		pl_maps_cut((uintptr_t)addr, len, shm_unmapped, &d);
	pthread_mutex_unlock(&files_lock);
	finish(&d);
	return rc;
}

void *pl_files_mremap(void *old, size_t old_len, size_t new_len, int flags,
		      void *new_addr)
{
	struct doomed d = {0};
	struct pl_shm *shm;
	void *p;

	pthread_mutex_lock(&files_lock);
	shm = pl_maps_owner((uintptr_t)old);
	p = pl_real()->mremap(old, old_len, new_len, flags, new_addr);
	if (p != MAP_FAILED) {
		/* Held while its pages move, so they are never all gone. */
		if (shm)
			shm->nfds++;
		/* old_len 0 duplicates a shared mapping; DONTUNMAP keeps. */
		if (old_len && !(flags & MREMAP_DONTUNMAP))
			pl_maps_cut((uintptr_t)old, old_len, shm_unmapped, &d);
		pl_maps_cut((uintptr_t)p, new_len, shm_unmapped, &d);
		if (shm) {
			/* (Without memory to record it, the shm may go early.) */
			pl_maps_add((uintptr_t)p, new_len, shm);
			shm->nfds--;
			shm_check_locked(shm, &d);
		}
	}
	pthread_mutex_unlock(&files_lock);
	finish(&d);
	return p;
}

/* The C library's call that @how names. */
static int real_dup(enum pl_dup_how how, int fd, int arg, int flags)
{
	const struct pl_real *r = pl_real();

	switch (how) {
	case PL_DUP:
		return r->dup(fd);
	case PL_DUPFD:
		return r->fcntl(fd, F_DUPFD, arg);
	case PL_DUPFD_CLOEXEC:
		return r->fcntl(fd, F_DUPFD_CLOEXEC, arg);
	case PL_DUP2:
		return r->dup2(fd, arg);
	case PL_DUP3:
		return r->dup3(fd, arg, flags);
	}
	return fail(EINVAL);
}

/* One more descriptor names @f's object; called with files_lock held. */
static void file_get(struct file f)
{
	if (f.kind == FD_DEV)
		f.dev->refs++;
	else if (f.kind == FD_SHM)
		f.shm->nfds++;
}

/* A descriptor of @f's object went; called with files_lock held. */
static void file_put(struct file f, struct doomed *d)
{
	if (f.kind == FD_DEV) {
		dev_put_locked(f.dev, d);
	} else if (f.kind == FD_SHM) {
		f.shm->nfds--;
		shm_check_locked(f.shm, d);
	}
}

/*
 * dup2()/dup3() onto @target, a shm number: the transport's number can
 * go only with the shm itself.  Returns 0 to go ahead, 1 when the shm
 * was freed here (look again), or -errno.  Called with files_lock held.
 */
static int onto_shm(int target, struct file t, struct doomed *d)
{
	if (t.kind == FD_SHM_KEPT)
		return -EBUSY;
	if (t.kind != FD_SHM || t.shm->fd != target)
		return 0;
	if (t.shm->nfds > 1 || pl_maps_mapped(t.shm))
		return -EBUSY;
	t.shm->nfds--;
	forget(target);
	shm_check_locked(t.shm, d);
	return 1;
}

int pl_files_dup(enum pl_dup_how how, int fd, int arg, int flags)
{
	bool onto = how == PL_DUP2 || how == PL_DUP3;
	struct doomed d = {0};
	struct file f, t = {.kind = FD_OTHER};
	int newfd, rc;

again:
	pthread_mutex_lock(&files_lock);
	f = lookup(fd);
	if (onto && arg != fd)
		t = lookup(arg);
	if (f.kind == FD_OTHER && t.kind == FD_OTHER) {
		pthread_mutex_unlock(&files_lock);
		return real_dup(how, fd, arg, flags);
	}
	if (f.kind == FD_SHM_KEPT) {
		pthread_mutex_unlock(&files_lock);
		return fail(EBADF);
	}
	if (t.kind != FD_OTHER) {
		/* Nothing may be closed for a call that is bound to fail. */
		rc = pl_real()->fcntl(fd, F_GETFD) < 0 ? -EBADF : 0;
		if (!rc && how == PL_DUP3 && (flags & ~O_CLOEXEC))
			rc = -EINVAL;
		if (!rc)
			rc = onto_shm(arg, t, &d);
		if (rc) {
			pthread_mutex_unlock(&files_lock);
			finish(&d);
			if (rc > 0)
				goto again;
			return fail(-rc);
		}
	}

	newfd = real_dup(how, fd, arg, flags);
	if (newfd >= 0 && newfd != fd) {
		/* dup2()/dup3() closed @t's descriptor, atomically. */
		if (f.kind == FD_OTHER) {
			forget(newfd);
		} else if (record(newfd, f)) {
			pl_real()->close(newfd);
			newfd = -1;
			errno = ENOMEM;
		} else {
			file_get(f);
		}
		file_put(t, &d);
	}
	pthread_mutex_unlock(&files_lock);
	finish(&d);
	return newfd;
}

int pl_files_fcntl(int (*real_fcntl)(int fd, int cmd, ...), int fd, int cmd,
		   void *arg)
{
	struct file f;

	pthread_mutex_lock(&files_lock);
	f = lookup(fd);
	pthread_mutex_unlock(&files_lock);
	if (f.kind == FD_SHM_KEPT)
		return fail(EBADF);
	return real_fcntl(fd, cmd, arg);
}
