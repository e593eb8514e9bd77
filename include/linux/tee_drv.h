/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The API the generic TEE subsystem offers to TEE drivers.
 *
 * A driver describes itself with a struct tee_desc and a struct
 * tee_driver_ops vtable, allocates a device with tee_device_alloc() and
 * makes it visible with tee_device_register().  The core knows drivers
 * only through the vtable; drivers know the core only through this file.
 * The host that probes drivers (struct tee_driver) and exposes their
 * devices to user space uses teebox/tee_host.h besides.
 */
#ifndef TEEBOX_TEE_DRV_H
#define TEEBOX_TEE_DRV_H

#include <sys/types.h>
#include <linux/tee.h>

#include "kernel/err.h"
#include "kernel/kref.h"
#include "kernel/list.h"
#include "kernel/types.h"
#include "kernel/uaccess.h"

/* tee_shm.flags */
#define TEE_SHM_MAPPED	 0x1 /* memory mapped by the kernel side */
#define TEE_SHM_DMA_BUF	 0x2 /* may be handed to user space (memfd) */
#define TEE_SHM_REGISTER 0x4 /* user memory registered with the TEE */

/* Sizes of TEE_IOC_VERSION and sysfs attribute buffers. */
#define TEE_ATTR_MAX_LEN 64

struct tee_device;
struct tee_shm;
struct tee_shm_pool;

/* The most supplementary groups a struct tee_cred records. */
#define TEE_CRED_MAX_GROUPS 64

/**
 * struct tee_cred - who the caller of a context is, for login methods
 * @pid:	caller's process id (diagnostics)
 * @euid:	effective user id
 * @egid:	effective group id
 * @groups:	supplementary groups
 * @ngroups:	entries in @groups
 */
struct tee_cred {
	pid_t pid;
	uid_t euid;
	gid_t egid;
	gid_t groups[TEE_CRED_MAX_GROUPS];
	size_t ngroups;
};

/**
 * struct tee_context - driver specific context on file pointer data
 * @teedev:	the device this context was opened on
 * @list_shm:	shared memory objects owned by this context (teedev->mutex)
 * @data:	driver specific context data, managed by the driver
 * @cred:	credentials of the process that opened the context
 * @supp_nowait: requests to the supplicant fail at once when none is
 *		attached, instead of waiting (in-kernel style clients)
 * @cap_memref_null: the driver accepts memrefs without shared memory
 *		(TEE_MEMREF_NULL); set by the driver's open
 *
 * Lifetime: created by the host's teedev_open() (a file open) or by
 * tee_kernel_open_context() (a driver's own), destroyed by
 * teedev_close_context().  Shared memory owned by the context may outlive it; its ctx pointer is
 * then cleared (the seed's tee_release).
 */
struct tee_context {
	struct tee_device *teedev;
	struct list_head list_shm;
	void *data;
	struct tee_cred cred;
	bool supp_nowait;
	bool cap_memref_null;
};

struct tee_param_memref {
	size_t shm_offs;
	size_t size;
	struct tee_shm *shm;
};

struct tee_param_value {
	u64 a;
	u64 b;
	u64 c;
};

/**
 * struct tee_param - one parameter as the core hands it to a driver
 * @attr:	TEE_IOCTL_PARAM_ATTR_* (type and META bit)
 * @u:		memref or value; a memref holds a reference on its shm for
 *		the duration of the call (NULL shm: a null memref)
 */
struct tee_param {
	u64 attr;
	union {
		struct tee_param_memref memref;
		struct tee_param_value value;
	} u;
};

/**
 * tee_param_is_memref() - whether @param is a memref (of any direction)
 * The core and the drivers drop the reference a memref holds; one test
 * of the type serves them all (mainline has the same inline).
 */
static inline bool tee_param_is_memref(const struct tee_param *param)
{
	switch (param->attr & TEE_IOCTL_PARAM_ATTR_TYPE_MASK) {
	case TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT:
	case TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT:
	case TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT:
		return true;
	default:
		return false;
	}
}

/**
 * struct tee_driver_ops - driver operations vtable
 * @get_version:	fill in the version data of the device
 * @get_tee_revision:	optional: revision string (sysfs "revision")
 * @open:		a context was opened; set up ctx->data
 * @release:		the context is being closed; close its sessions
 * @open_session:	open a new session
 * @close_session:	close a session
 * @invoke_func:	invoke a trusted function
 * @cancel_req:		request cancellation of an open session or invoke
 * @supp_recv:		supplicant waits for a request; @param holds the
 *			supplicant's input params, and the op drops the
 *			references of any memref among them before it
 *			returns, then fills @param with the request (its
 *			memrefs borrowed from the request, no references)
 * @supp_send:		supplicant sends a response
 * @shm_register:	register user memory as shared memory with the TEE
 * @shm_unregister:	unregister it (called when the last reference goes,
 *			possibly after the owning context is gone, hence
 *			the device rather than the context)
 *
 * Each op returns 0 or -errno; a TEE-level failure travels in arg->ret.
 */
struct tee_driver_ops {
	void (*get_version)(struct tee_device *teedev,
			    struct tee_ioctl_version_data *vers);
	int (*get_tee_revision)(struct tee_device *teedev, char *buf,
				size_t len);
	int (*open)(struct tee_context *ctx);
	void (*release)(struct tee_context *ctx);
	int (*open_session)(struct tee_context *ctx,
			    struct tee_ioctl_open_session_arg *arg,
			    struct tee_param *param);
	int (*close_session)(struct tee_context *ctx, u32 session);
	int (*invoke_func)(struct tee_context *ctx,
			   struct tee_ioctl_invoke_arg *arg,
			   struct tee_param *param);
	int (*cancel_req)(struct tee_context *ctx, u32 cancel_id, u32 session);
	int (*supp_recv)(struct tee_context *ctx, u32 *func, u32 *num_params,
			 struct tee_param *param);
	int (*supp_send)(struct tee_context *ctx, u32 ret, u32 num_params,
			 struct tee_param *param);
	int (*shm_register)(struct tee_context *ctx, struct tee_shm *shm);
	int (*shm_unregister)(struct tee_device *teedev, struct tee_shm *shm);
};

/* Facts a driver may add to its device's description (tee_diag_device). */
#define TEE_DIAG_MAX_PROPS 4

/**
 * struct tee_diag_prop - one fact of a driver's own about a device
 * @key:	name for programs (a JSON member: letters, digits, '_')
 * @label:	the same in words for people ("secure threads")
 * @str:	the value as text, or NULL when it is @num
 * @num:	the value as a number (when @str is NULL)
 *
 * The strings must live as long as the device.
 */
struct tee_diag_prop {
	const char *key;
	const char *label;
	const char *str;
	u32 num;
};

/**
 * struct tee_diag_device - what a driver says of one of its devices,
 * beyond TEE_IOC_VERSION and the sysfs attributes (teectl info)
 * @driver:	the driver's name ("optee")
 * @impl_name:	name of the implementation impl_id stands for, or NULL
 * @props:	facts of the driver's own, in the order they are shown
 * @nprops:	entries used in @props
 *
 * The strings must live as long as the device.
 */
struct tee_diag_device {
	const char *driver;
	const char *impl_name;
	struct tee_diag_prop props[TEE_DIAG_MAX_PROPS];
	unsigned int nprops;
};

/**
 * struct tee_diag_session - an open session as a driver shows it
 * @id:		session id, as user space knows it
 * @uuid:	the TA's (or service's) UUID
 * @login:	login method the session was opened with
 * @service:	name of what the session talks to, or NULL; must live as
 *		long as the device
 */
struct tee_diag_session {
	u32 id;
	u8 uuid[TEE_IOCTL_UUID_LEN];
	u32 login;
	const char *service;
};

/**
 * struct tee_diag_ops - what a driver lets diagnostics (teectl) see; each
 * op only reads the driver's own state, never calls the TEE, and never
 * waits for a call in flight
 * @describe_device: fill in *@info (zeroed by the core) for @teedev
 * @for_each_session: call @fn for each session open on @ctx, under the
 *		driver's lock, until it returns nonzero; @fn must not call
 *		into the driver.  The result is what @fn returned last (0 when it
 *		always returned 0, or there were no sessions).
 */
struct tee_diag_ops {
	void (*describe_device)(struct tee_device *teedev,
				struct tee_diag_device *info);
	int (*for_each_session)(struct tee_context *ctx,
				int (*fn)(const struct tee_diag_session *s,
					  void *arg),
				void *arg);
};

/* struct tee_desc flags */
#define TEE_DESC_PRIVILEGED 0x1 /* the device is for the supplicant */

/**
 * struct tee_desc - describes a TEE driver to the subsystem
 * @name:	name of the driver
 * @ops:	driver operations vtable
 * @diag:	optional: what diagnostics may see of the driver's state
 * @flags:	TEE_DESC_* above
 */
struct tee_desc {
	const char *name;
	const struct tee_driver_ops *ops;
	const struct tee_diag_ops *diag;
	u32 flags;
};

struct platform;

/**
 * struct tee_driver_options - what the host gives a driver's probe
 * @fdt:	the flattened device tree the machine booted with, or NULL
 * @plat:	the machine: memory, conduit to the secure world
 * @supp_timeout_ms: how long a request for the supplicant waits for one
 *		to attach (drivers whose requests wait)
 * @stuck_call_ms: how long a call whose client is gone may run on after
 *		it was cancelled before the TEE is asked to end it by force
 *		(drivers whose calls can be abandoned)
 */
struct tee_driver_options {
	const void *fdt;
	struct platform *plat;
	unsigned int supp_timeout_ms;
	unsigned int stuck_call_ms;
};

/**
 * struct tee_driver - a driver as the host probes it (the kernel's
 * platform driver)
 * @name:	the driver's name, as the host's options spell it
 * @probe:	find the driver's TEE and register its devices; returns the
 *		instance, or an ERR_PTR (-ENODEV: the machine has none; the
 *		driver logs why it failed)
 * @remove:	unregister the devices (waiting for their last user) and
 *		free the instance @probe returned
 * @on_request:	probed only when the host is asked for it by name; else
 *		always, and the host runs on without it if it fails
 */
struct tee_driver {
	const char *name;
	void *(*probe)(const struct tee_driver_options *opts);
	void (*remove)(void *drv);
	bool on_request;
};

/**
 * struct tee_shm - shared memory object
 * @teedev:	device the object was allocated on
 * @ctx:	owning context; NULL once that context is released
 * @link:	entry in ctx->list_shm (teedev->mutex)
 * @paddr:	physical address of the memory
 * @kaddr:	where the kernel side has the memory mapped
 * @size:	size in bytes
 * @offset:	registered memory: offset of its first byte in its first
 *		page (the memory is pages [paddr - offset, ...))
 * @backing_fd:	file that holds the memory, handed to user space (the
 *		kernel's dma-buf); -1 when it cannot be exported
 * @refcount:	one per holder: the creator, the user's file, each param
 *		in flight, each driver use; freed when it drops to zero
 * @flags:	TEE_SHM_*
 * @id:		unique id on the device (>= 1), shown to user space
 * @sec_world_id: driver data: cookie known to the secure world
 * @priv_flags:	driver data: the driver's own flags
 * @pool_data:	pool manager data
 */
struct tee_shm {
	struct tee_device *teedev;
	struct tee_context *ctx;
	struct list_head link;
	phys_addr_t paddr;
	void *kaddr;
	size_t size;
	size_t offset;
	int backing_fd;
	refcount_t refcount;
	u32 flags;
	int id;
	u64 sec_world_id;
	u32 priv_flags;
	void *pool_data;
};

struct tee_shm_pool_mgr;

/**
 * struct tee_shm_pool_mgr_ops - shared memory pool manager operations
 * @alloc:	allocate at least @size bytes for @shm: set paddr, kaddr,
 *		size (and backing_fd when user space may map it); the
 *		memory must read as zero; it returns 0 or -errno
 * @free:	release what @alloc set up
 * @destroy_poolmgr: free the manager itself
 */
struct tee_shm_pool_mgr_ops {
	int (*alloc)(struct tee_shm_pool_mgr *poolmgr, struct tee_shm *shm,
		     size_t size);
	void (*free)(struct tee_shm_pool_mgr *poolmgr, struct tee_shm *shm);
	void (*destroy_poolmgr)(struct tee_shm_pool_mgr *poolmgr);
};

/**
 * struct tee_shm_pool_mgr - shared memory manager
 * @ops:		operations
 * @private_data:	manager's own data
 */
struct tee_shm_pool_mgr {
	const struct tee_shm_pool_mgr_ops *ops;
	void *private_data;
};

/**
 * struct tee_shm_pool - the two managers of a device
 * @private_mgr: memory shared only between the kernel side and the TEE
 * @dma_buf_mgr: memory that user space may also map
 */
struct tee_shm_pool {
	struct tee_shm_pool_mgr *private_mgr;
	struct tee_shm_pool_mgr *dma_buf_mgr;
};

/**
 * struct tee_shm_pool_mem_info - a memory range for a pool
 * @vaddr:	where the range is mapped
 * @paddr:	physical address of the range
 * @size:	size in bytes
 */
struct tee_shm_pool_mem_info {
	unsigned long vaddr;
	phys_addr_t paddr;
	size_t size;
};

/**
 * tee_device_alloc() - allocate a new struct tee_device instance
 * @teedesc:	descriptor of the driver (must outlive the device)
 * @pool:	shared memory pool (not NULL)
 * @driver_data: private driver data, see tee_get_drvdata()
 *
 * Client devices get ids 0..15 (tee0..tee15), privileged ones 16..31
 * (teepriv0..teepriv15).  The device is removed by tee_device_unregister().
 *
 * Return: the device or an ERR_PTR: -EINVAL for a bad descriptor, -ENOMEM
 * when out of memory or out of device ids.
 */
struct tee_device *tee_device_alloc(const struct tee_desc *teedesc,
				    struct tee_shm_pool *pool,
				    void *driver_data);

/**
 * tee_device_register() - make a device visible (tee_device_find() and
 * tee_class_for_each() see it)
 * Return: 0, or -EINVAL when registered twice.  If this fails,
 * tee_device_unregister() must still be called.
 */
int tee_device_register(struct tee_device *teedev);

/**
 * tee_device_unregister() - remove a device
 * Hides the device, then waits until its last user (open context, shared
 * memory object) is gone, then frees it.  Does nothing for NULL; safe for
 * a device that was never registered.
 */
void tee_device_unregister(struct tee_device *teedev);

/** tee_get_drvdata() - the driver_data given to tee_device_alloc(). */
void *tee_get_drvdata(struct tee_device *teedev);

/** tee_device_name() - "teeN" or "teeprivN". */
const char *tee_device_name(const struct tee_device *teedev);

/** tee_device_id() - minor number: 0..15 clients, 16..31 privileged. */
int tee_device_id(const struct tee_device *teedev);

/**
 * tee_kernel_open_context() - open a context of the driver's own on
 * @teedev, for calls no client makes (mainline's optee_probe() does the
 * same with teedev_open()): no credentials, and requests to the
 * supplicant fail at once when none is attached (supp_nowait)
 * Close it with teedev_close_context().
 * Return: the context or an ERR_PTR: -EINVAL when the device is going
 * away, -ENOMEM, or the driver's error.
 */
struct tee_context *tee_kernel_open_context(struct tee_device *teedev);

/**
 * teedev_close_context() - release a context (the last close of the file)
 * Runs the driver's release, which closes the context's sessions, then
 * detaches its remaining shared memory and frees the context.
 */
void teedev_close_context(struct tee_context *ctx);

/**
 * tee_shm_pool_mgr_alloc_res_mem() - a best-fit manager over a mapped range
 * @vaddr, @paddr, @size must be page aligned (else -EINVAL).
 * @min_alloc_order: log2 of the allocation granule (3: 8 bytes).
 * Return: the manager or an ERR_PTR.
 */
struct tee_shm_pool_mgr *tee_shm_pool_mgr_alloc_res_mem(unsigned long vaddr,
							phys_addr_t paddr,
							size_t size,
							int min_alloc_order);

/**
 * tee_shm_pool_mgr_alloc_plugged() - tee_shm_pool_mgr_alloc_res_mem() over
 * [@pa, @pa + @size), which @plat plugs as RAM now and unplugs when the
 * manager is destroyed (driver-private memory of a teebox driver)
 * Return: the manager or an ERR_PTR (the platform's error if it could not
 * plug the RAM).
 */
struct tee_shm_pool_mgr *tee_shm_pool_mgr_alloc_plugged(struct platform *plat,
							phys_addr_t pa,
							size_t size,
							int min_alloc_order);

/**
 * tee_shm_pool_mgr_alloc_plug_each() - a manager of memory user space maps
 * where each allocation is RAM of its own that @plat plugs at an address
 * picked, page by page, in [@pa, @pa + @size); backing_fd is its file.
 * Its private_data is that address allocator (struct gen_pool), for a
 * driver that places other memory in the same range.  An allocation the
 * platform cannot back fails with -ENOMEM.
 * Return: the manager or ERR_PTR(-ENOMEM).
 */
struct tee_shm_pool_mgr *tee_shm_pool_mgr_alloc_plug_each(struct platform *plat,
							  phys_addr_t pa,
							  size_t size);

/**
 * tee_shm_pool_alloc_plugged() - the pool of a teebox driver over
 * [@pa, @pa + @size): the first @priv_size bytes are driver-private memory
 * that @plat plugs as RAM now (8-byte granule), the rest is address space
 * where each allocation user space maps is RAM of its own
 * (tee_shm_pool_mgr_alloc_plugged(), tee_shm_pool_mgr_alloc_plug_each())
 * @wrap:	optional: called with each manager (@dma_buf: the one of
 *		memory user space maps) before the pool is made; returns
 *		the manager the pool is to use, the one given or one that
 *		wraps (and then owns) it, or an ERR_PTR after freeing it
 * @wrap_arg:	passed to @wrap
 * Return: the pool or an ERR_PTR (-EINVAL: no room past @priv_size).
 */
struct tee_shm_pool *tee_shm_pool_alloc_plugged(
	struct platform *plat, phys_addr_t pa, size_t size, size_t priv_size,
	struct tee_shm_pool_mgr *(*wrap)(void *arg,
					 struct tee_shm_pool_mgr *mgr,
					 bool dma_buf),
	void *wrap_arg);

/**
 * tee_shm_pool_alloc() - a pool from two managers; the pool owns them.
 * Return: the pool or an ERR_PTR(-EINVAL/-ENOMEM).
 */
struct tee_shm_pool *tee_shm_pool_alloc(struct tee_shm_pool_mgr *priv_mgr,
					struct tee_shm_pool_mgr *dmabuf_mgr);

/**
 * tee_shm_pool_alloc_res_mem() - a pool from two mapped, page-aligned
 * ranges: driver-private memory (8-byte granule) and user-visible memory
 * (page granule), as in the seed
 * Return: the pool or an ERR_PTR(-EINVAL/-ENOMEM).
 */
struct tee_shm_pool *
tee_shm_pool_alloc_res_mem(struct tee_shm_pool_mem_info *priv_info,
			   struct tee_shm_pool_mem_info *dmabuf_info);

/**
 * tee_shm_pool_free() - free a pool and its managers
 * No memory from the pool may still be allocated.
 */
void tee_shm_pool_free(struct tee_shm_pool *pool);

/**
 * tee_shm_alloc() - allocate shared memory
 * @ctx:	context that allocates the memory (owner)
 * @size:	requested size (0 fails with -ENOMEM: the seed's pool cannot
 *		allocate 0 bytes)
 * @flags:	TEE_SHM_MAPPED, plus TEE_SHM_DMA_BUF for memory user space may
 *		map (else driver-private memory)
 *
 * The memory is zeroed.  The caller holds the one reference.
 * Return: the object or an ERR_PTR: -EINVAL, -ENOMEM.
 */
struct tee_shm *tee_shm_alloc(struct tee_context *ctx, size_t size, u32 flags);

/**
 * tee_shm_register() - register user memory as shared memory
 * @kaddr:	where the kernel side has it mapped (NULL: the driver maps it)
 * @offset:	offset of the memory's first byte in its first page
 * @size:	size in bytes
 * @backing_fd:	the file holding the memory from its first page on, or -1;
 *		the object takes it over (closed on failure or release)
 * Return: the object (one reference, for the caller) or an ERR_PTR;
 * -ENOTSUPP (524) when the driver cannot register memory.
 */
struct tee_shm *tee_shm_register(struct tee_context *ctx, void *kaddr,
				 size_t offset, size_t size, int backing_fd);

/** tee_shm_free() - drop the caller's reference (alias of tee_shm_put()). */
void tee_shm_free(struct tee_shm *shm);

/** tee_shm_get() - take another reference. */
void tee_shm_get(struct tee_shm *shm);

/** tee_shm_put() - drop a reference; the last one frees the object. */
void tee_shm_put(struct tee_shm *shm);

/**
 * tee_params_put_memrefs() - drop the reference every memref among
 * @params holds and clear its shm, so a second call drops nothing
 * (the core after a call; a driver for the supplicant's RECV params
 * and its own RPC params)
 */
void tee_params_put_memrefs(struct tee_param *params, size_t num_params);

/**
 * tee_shm_get_from_id() - find the shared memory @id of @ctx and take a
 * reference
 * Return: the object, or ERR_PTR(-EINVAL) when @id does not exist or
 * belongs to another context.
 */
struct tee_shm *tee_shm_get_from_id(struct tee_context *ctx, int id);

/**
 * tee_shm_get_fd() - give user space a file for @shm; the file holds a new
 * reference
 * Return: the fd (>= 0) or -errno (-EINVAL: not exportable).
 */
int tee_shm_get_fd(struct tee_shm *shm, struct tee_uspace *us);

/** tee_shm_get_id() - id of @shm. */
int tee_shm_get_id(struct tee_shm *shm);

/** tee_shm_get_size() - size of @shm. */
size_t tee_shm_get_size(struct tee_shm *shm);

/**
 * tee_shm_get_va() - kernel address of @offs in @shm
 * Return: the address, or ERR_PTR(-EINVAL) when @offs is outside.
 */
void *tee_shm_get_va(struct tee_shm *shm, size_t offs);

/**
 * tee_shm_get_pa() - physical address of @offs in @shm, into *@pa (may
 * be NULL to only check the offset)
 * Return: 0, or -EINVAL when @offs is outside.
 */
int tee_shm_get_pa(struct tee_shm *shm, size_t offs, phys_addr_t *pa);

/** tee_shm_va2pa() - physical address of kernel address @va in @shm. */
int tee_shm_va2pa(struct tee_shm *shm, void *va, phys_addr_t *pa);

/** tee_shm_pa2va() - kernel address of physical address @pa in @shm. */
int tee_shm_pa2va(struct tee_shm *shm, phys_addr_t pa, void **va);

/**
 * tee_session_calc_client_uuid() - the client UUID the TEE sees for a
 * login, computed from the caller's credentials (mainline semantics)
 * @uuid:	[out] 16 bytes, RFC 4122 byte order
 * @connection_method: TEE_IOCTL_LOGIN_*
 * @connection_data: the caller's clnt_uuid field (gid for GROUP)
 * @cred:	the caller
 * Return: 0, -EPERM (GROUP the caller is not in), -EINVAL (unsupported
 * method), -ENOMEM.
 */
int tee_session_calc_client_uuid(u8 uuid[TEE_IOCTL_UUID_LEN],
				 u32 connection_method,
				 const u8 connection_data[TEE_IOCTL_UUID_LEN],
				 const struct tee_cred *cred);

struct mutex;

/**
 * struct tee_session_node - what a driver's session embeds so that the
 * core's helpers find it by id
 * @link:	entry in the list a driver keeps of a context's sessions
 * @id:		the session id user space knows
 */
struct tee_session_node {
	struct list_head link;
	u32 id;
};

/**
 * tee_session_find() - the session @id among @sessions (struct
 * tee_session_node entries), or NULL; the caller holds the list's lock
 */
struct tee_session_node *tee_session_find(struct list_head *sessions, u32 id);

/**
 * tee_session_unlink() - take session @id off @sessions under @lock, as a
 * close does
 * Return: the node, now the caller's alone, or NULL when there is no
 * session @id (the driver then answers -EINVAL).
 */
struct tee_session_node *tee_session_unlink(struct mutex *lock,
					    struct list_head *sessions, u32 id);

#endif /* TEEBOX_TEE_DRV_H */
