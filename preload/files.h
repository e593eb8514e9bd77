/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The files the shim stands in for: open TEE devices and the shared
 * memory files they hand out, each behind a real file descriptor the
 * program owns, with the kernel's lifetimes.
 *
 * Every function here behaves as the system call it is named for: it
 * returns what that call returns and sets errno the same way, and it
 * passes a file descriptor or range that is none of the shim's straight
 * to the C library (real.h).
 *
 * Device files.  open() of a device makes a placeholder: /dev/null opened
 * with the program's O_CLOEXEC and O_NONBLOCK (a memfd if /dev/null
 * cannot be opened), so select(), fstat() and fcntl() work on it and the
 * number is the lowest free one, as the kernel's would be.  A table maps
 * the number to the device's connection to teed.  ioctl() on it goes to
 * teed (tee_ioctl.h), except the requests the kernel answers itself for
 * any file (FIOCLEX, FIONCLEX, FIONBIO, FIOASYNC), which the placeholder
 * answers; mmap() fails with ENODEV.  dup(), dup2(), dup3() and
 * fcntl(F_DUPFD*) make more numbers for the same open device; it closes
 * when the last number is closed and no shared memory of it remains (a
 * kernel tee_shm holds its context).
 *
 * Shared memory files.  SHM_ALLOC returns the transport's memfd, which
 * mmap() maps directly.  The kernel frees a shm when its file is closed
 * and no mapping of it remains, and until then its id stays valid in
 * memrefs (OP-TEE's libteec closes the fd right after mmap() and keeps
 * using the id).  So the shim counts, per shm, the program's descriptors
 * for it and the pages mapped from them (maps.h: mmap, munmap, mremap,
 * and mappings made over them).  When the last descriptor is closed while
 * pages are still mapped, the memfd stays open inside the shim, its
 * number marked closed (EBADF to close, ioctl, mmap, dup and fcntl
 * through the shim) and not reusable, until the last page is unmapped;
 * then tbx_dev_close_shm() closes it and tells teed, which frees the shm.
 *
 * Known differences from the kernel:
 *  - a shm number kept after close() (above) is not free for reuse, and
 *    dup2()/dup3() onto it, or onto the number of a shm that is still
 *    mapped or dup()ed, fails with EBUSY: the transport knows the shm by
 *    that number, so the shim cannot let it go;
 *  - dup2()/dup3() onto a shm number that is its file's last reference
 *    first frees the shm, then dups: not atomic against another thread's
 *    open();
 *  - close_range(), closefrom() and the C library's internal closes
 *    (fclose() of an fdopen()ed device) bypass the shim: the table then
 *    goes stale and the device or shm leaks until exit;
 *  - device files do not survive exec();
 *  - the transport's own descriptors (the socket to teed) are visible to
 *    the program and take numbers, so a shm's number is not the one the
 *    kernel would pick;
 *  - while the shim has files, close(), mmap() and friends take a lock:
 *    not async-signal-safe, and not fork-safe beyond the transport;
 *  - raw system calls (syscall(SYS_ioctl, ...)) bypass the shim.
 */
#ifndef TEEBOX_PRELOAD_FILES_H
#define TEEBOX_PRELOAD_FILES_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/**
 * pl_files_active() - does the shim stand in for any file now?
 * A lock-free hint for the fast path: when false, every call may go
 * straight to the C library.
 */
bool pl_files_active(void);

/**
 * pl_files_open() - open(2) of a TEE device served by teed
 * @sock:	the device's socket (devpath.h)
 * @flags:	open(2) flags
 * Return: the new descriptor, or -1 with errno: ENOENT when no teed
 * listens there, EBUSY when a supplicant holds teeprivN, EACCES...
 */
int pl_files_open(const char *sock, int flags);

/** pl_files_ioctl() - ioctl(2). */
int pl_files_ioctl(int fd, unsigned long request, void *arg);

/** pl_files_close() - close(2). */
int pl_files_close(int fd);

/** pl_files_mmap() - mmap(2) (the 64-bit offset form). */
void *pl_files_mmap(void *addr, size_t len, int prot, int flags, int fd,
		    off64_t off);

/** pl_files_munmap() - munmap(2). */
int pl_files_munmap(void *addr, size_t len);

/** pl_files_mremap() - mremap(2); @new_addr only with MREMAP_FIXED. */
void *pl_files_mremap(void *old, size_t old_len, size_t new_len, int flags,
		      void *new_addr);

/**
 * enum pl_dup_how - which call makes the new descriptor
 * @PL_DUP:		dup(fd)
 * @PL_DUPFD:		fcntl(fd, F_DUPFD, arg)
 * @PL_DUPFD_CLOEXEC:	fcntl(fd, F_DUPFD_CLOEXEC, arg)
 * @PL_DUP2:		dup2(fd, arg)
 * @PL_DUP3:		dup3(fd, arg, flags)
 */
enum pl_dup_how {
	PL_DUP,
	PL_DUPFD,
	PL_DUPFD_CLOEXEC,
	PL_DUP2,
	PL_DUP3,
};

/** pl_files_dup() - the call @how names, with @fd, @arg and @flags. */
int pl_files_dup(enum pl_dup_how how, int fd, int arg, int flags);

/**
 * pl_files_fcntl() - fcntl(2) other than F_DUPFD*
 * @real_fcntl:	the C library's fcntl or fcntl64, whichever the program
 *		called (they differ in struct flock on 32-bit systems)
 */
int pl_files_fcntl(int (*real_fcntl)(int fd, int cmd, ...), int fd, int cmd,
		   void *arg);

#endif
