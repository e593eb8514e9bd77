// SPDX-License-Identifier: BSD-2-Clause
/* A TEE device's ioctl with the kernel's user memory checks; tee_ioctl.h. */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <linux/tee.h>

#include "tee_ioctl.h"
#include "transport/tbx_client.h"
#include "uaccess.h"

/**
 * struct buf_layout - how the kernel reads the buffer of a buffer ioctl
 * @cmd:	the ioctl
 * @hdr:	size of the header before the params
 * @num_off:	offset of num_params in the header
 * @exact:	buf_len must be hdr + 32 * num_params (else at least that)
 * @writes:	results are written back into the buffer
 * @supplicant:	only a privileged device has it
 * @no_op:	the OP-TEE driver does not have it: EINVAL before anything is
 *		read (tee_ioctl_object_invoke(), no object_invoke_func)
 */
struct buf_layout {
	unsigned long cmd;
	size_t hdr;
	size_t num_off;
	bool exact;
	bool writes;
	bool supplicant;
	bool no_op;
};

#define LAYOUT(c, type, ex, wr, supp, noop)                                    \
	{                                                                      \
		.cmd = (c), .hdr = sizeof(struct type),                        \
		.num_off = offsetof(struct type, num_params), .exact = (ex),   \
		.writes = (wr), .supplicant = (supp), .no_op = (noop),         \
	}

static const struct buf_layout buf_layouts[] = {
	LAYOUT(TEE_IOC_OPEN_SESSION, tee_ioctl_open_session_arg, true, true,
	       false, false),
	LAYOUT(TEE_IOC_INVOKE, tee_ioctl_invoke_arg, true, true, false, false),
	LAYOUT(TEE_IOC_OBJECT_INVOKE, tee_ioctl_object_invoke_arg, true, true,
	       false, true),
	LAYOUT(TEE_IOC_SUPPL_RECV, tee_iocl_supp_recv_arg, true, true, true,
	       false),
	LAYOUT(TEE_IOC_SUPPL_SEND, tee_iocl_supp_send_arg, false, false, true,
	       false),
};

static const struct buf_layout *buf_layout(unsigned long cmd)
{
	for (size_t i = 0; i < sizeof(buf_layouts) / sizeof(buf_layouts[0]);
	     i++)
		if (buf_layouts[i].cmd == cmd)
			return &buf_layouts[i];
	return NULL;
}

/* The buffer is unusable: the first error the kernel would find. */
static long buf_error(const struct buf_layout *l, uint64_t buf_len,
		      const char *p)
{
	uint32_t num;
	uint64_t need;

	if (buf_len < l->hdr)
		return -EINVAL;
	if (!pl_uaccess_ok(p, l->hdr, false))
		return -EFAULT;
	memcpy(&num, p + l->num_off, sizeof(num));
	need = l->hdr + (uint64_t)num * sizeof(struct tee_ioctl_param);
	if (l->exact ? need != buf_len : need > buf_len)
		return -EINVAL;
	return -EFAULT;
}

/* 0 when the transport may touch what a buffer ioctl names. */
static long check_buf(const struct buf_layout *l, bool privileged,
		      const void *arg)
{
	/* Refused by the kernel before it reads anything. */
	bool no_op = l->no_op || (l->supplicant && !privileged);
	struct tee_ioctl_buf_data buf;
	const char *p;

	if (!pl_uaccess_ok(arg, sizeof(buf), false))
		return no_op ? -EINVAL : -EFAULT;
	memcpy(&buf, arg, sizeof(buf));
	/* The transport sends no buffer of these sizes; teed refuses them. */
	if (!buf.buf_len || buf.buf_len > TEE_MAX_ARG_SIZE)
		return 0;
	p = (const char *)(uintptr_t)buf.buf_ptr;
	if (pl_uaccess_ok(p, buf.buf_len, l->writes))
		return 0;
	return no_op ? -EINVAL : buf_error(l, buf.buf_len, p);
}

/* Does the kernel write results back into the argument struct? */
static bool arg_written(unsigned long cmd)
{
	return cmd == TEE_IOC_VERSION || cmd == TEE_IOC_SHM_ALLOC ||
	       cmd == TEE_IOC_SHM_REGISTER || cmd == TEE_IOC_SHM_REGISTER_FD;
}

static bool known(unsigned long cmd)
{
	return arg_written(cmd) || cmd == TEE_IOC_CANCEL ||
	       cmd == TEE_IOC_CLOSE_SESSION;
}

static long check_user_memory(bool privileged, unsigned long cmd,
			      const void *arg)
{
	const struct buf_layout *l = buf_layout(cmd);

	if (l)
		return check_buf(l, privileged, arg);
	if (known(cmd))
		return pl_uaccess_ok(arg, _IOC_SIZE(cmd), arg_written(cmd))
			       ? 0
			       : -EFAULT;
	/*
	 * The kernel refuses an unknown request without reading anything;
	 * teed says so when the transport can copy the argument, we say it
	 * when it cannot.
	 */
	return arg && pl_uaccess_ok(arg, _IOC_SIZE(cmd), false) ? 0 : -EINVAL;
}

long pl_tee_ioctl(struct tbx_dev *tbx, bool privileged, unsigned long cmd,
		  void *arg)
{
	long rc;

	/* The system call takes the request as an unsigned int. */
	cmd = (unsigned int)cmd;
	rc = check_user_memory(privileged, cmd, arg);

	return rc ? rc : tbx_dev_ioctl(tbx, cmd, arg);
}
