// SPDX-License-Identifier: BSD-2-Clause
/* A TEE device's ioctl on the caller's memory; see tee_ioctl.h. */
#include <linux/tee.h>

#include "tee_ioctl.h"
#include "transport/tbx_client.h"
#include "uaccess.h"

long pl_tee_ioctl(struct tbx_dev *tbx, unsigned long cmd, void *arg)
{
	/* The system call takes the request as an unsigned int. */
	return tbx_dev_ioctl_user(tbx, (unsigned int)cmd, arg, pl_uaccess_ok);
}
