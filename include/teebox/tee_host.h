/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The host side of the generic TEE subsystem: what the program that plays
 * the kernel around it (teed, and the tests that stand in for it) uses to
 * probe drivers, expose their devices to user space and look inside.
 *
 * The kernel has these pieces in places a driver does not see: the file
 * operations of /dev/teeN (teedev_open(), tee_ioctl()), the class
 * iteration and sysfs of the TEE class, the platform bus that probes
 * drivers.  Drivers use <linux/tee_drv.h> only; this header adds, for the
 * host alone:
 *  - the built-in drivers, probed in order through struct tee_driver;
 *  - the device registry: look-up, iteration, user references;
 *  - the file of a device: open with the caller's credentials, ioctl;
 *  - what diagnostics (teectl) read: version and attributes without a
 *    context, the driver's description of a device and of a context's
 *    sessions (struct tee_diag_ops), a context's shared memory.
 */
#ifndef TEEBOX_TEE_HOST_H
#define TEEBOX_TEE_HOST_H

#include <linux/tee_drv.h>

/*
 * The drivers built into the host, NULL-terminated,
 * in probe order: devices get ids in that order (OP-TEE's tee0 first)
 */
extern const struct tee_driver *const tee_builtin_drivers[];

/**
 * tee_device_find() - look a registered device up by name and take a user
 * reference on it (drop it with tee_device_put())
 * Return: the device or NULL.
 */
struct tee_device *tee_device_find(const char *name);

/**
 * tee_class_for_each() - call @fn for each registered device, in id order,
 * until it returns nonzero (which is returned)
 */
int tee_class_for_each(int (*fn)(struct tee_device *teedev, void *arg),
		       void *arg);

/** tee_device_get() - take a user reference; false when going away. */
bool tee_device_get(struct tee_device *teedev);

/** tee_device_put() - drop a user reference. */
void tee_device_put(struct tee_device *teedev);

/**
 * teedev_open() - open a context on @teedev for a caller with @cred (the
 * file open of /dev/teeN)
 * Return: the context or an ERR_PTR: -EINVAL when the device is going
 * away, -ENOMEM, or the driver's error (-EBUSY: second supplicant).
 * Close it with teedev_close_context().
 */
struct tee_context *teedev_open(struct tee_device *teedev,
				const struct tee_cred *cred);

/**
 * tee_ioctl() - run one ioctl of the UAPI on @ctx
 * @cmd:	TEE_IOC_* value
 * @uarg:	user address of the argument
 * @us:		the caller's memory and file table
 * Return: >= 0 (a new fd for SHM_ALLOC/SHM_REGISTER) or -errno.
 */
long tee_ioctl(struct tee_context *ctx, unsigned int cmd, u64 uarg,
	       struct tee_uspace *us);

/**
 * tee_device_get_version() - what TEE_IOC_VERSION answers on a context of
 * @teedev: the driver's version data, with TEE_GEN_CAP_PRIVILEGED for a
 * privileged device (diagnostics, e.g. teectl info, without opening a
 * context)
 */
void tee_device_get_version(struct tee_device *teedev,
			    struct tee_ioctl_version_data *vers);

/**
 * tee_device_attr_show() - read a sysfs attribute of the device:
 * "implementation_id" (decimal impl_id) or "revision" (when the driver
 * has get_tee_revision), each ending in a newline
 * Return: the length written, -ENOENT for an unknown or absent attribute.
 */
int tee_device_attr_show(struct tee_device *teedev, const char *attr, char *buf,
			 size_t len);

/**
 * tee_device_describe() - the driver's description of @teedev (its
 * tee_diag_ops.describe_device), into *@info
 * Return: 0, or -EOPNOTSUPP when the driver gives none (*@info is then
 * zeroed).
 */
int tee_device_describe(struct tee_device *teedev,
			struct tee_diag_device *info);

/**
 * tee_context_for_each_session() - call @fn for each session open on
 * @ctx, as its driver keeps them (tee_diag_ops.for_each_session), until
 * it returns nonzero
 * @ctx must stay open meanwhile; @fn runs under the driver's lock and
 * must not call into the driver.  A driver without the op has none to
 * show.
 * Return: what @fn returned last (0 when it always returned 0).
 */
int tee_context_for_each_session(struct tee_context *ctx,
				 int (*fn)(const struct tee_diag_session *s,
					   void *arg),
				 void *arg);

/**
 * tee_shm_for_each() - call @fn for each shared memory object @ctx owns,
 * oldest first, until it returns nonzero
 * Runs under the device's mutex: @fn must not allocate, free or look up
 * shared memory of the device, nor take or drop references.  Objects
 * whose context is gone (still used elsewhere) are not on the list.
 * Meant for diagnostics (teectl shm).
 * Return: what @fn returned last (0 when it always returned 0, or when
 * @ctx owns nothing).
 */
int tee_shm_for_each(struct tee_context *ctx,
		     int (*fn)(const struct tee_shm *shm, void *arg),
		     void *arg);

#endif /* TEEBOX_TEE_HOST_H */
