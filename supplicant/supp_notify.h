/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * systemd's readiness protocol, as OP-TEE's tee-supplicant speaks it
 * since its unit became Type=notify (optee_client
 * tee-supplicant@.service.in): "READY=1" to $NOTIFY_SOCKET once the
 * device is open.  Without $NOTIFY_SOCKET it does nothing.
 */
#ifndef TEEBOX_SUPP_NOTIFY_H
#define TEEBOX_SUPP_NOTIFY_H

/**
 * supp_notify_ready() - tell the service manager we are ready
 * Return: 1 when told, 0 when there is no $NOTIFY_SOCKET, or -errno.
 */
int supp_notify_ready(void);

#endif
