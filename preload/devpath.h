/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Which paths the shim takes over: /dev/teeN and /dev/teeprivN, when
 * teebox serves this process's devices.
 */
#ifndef TEEBOX_PRELOAD_DEVPATH_H
#define TEEBOX_PRELOAD_DEVPATH_H

#include <stddef.h>

/**
 * pl_devpath_socket() - the teed socket standing in for device node @path
 * @path:	what the program opens
 * @sock:	gets the socket path (<runtime dir>/teeN or teeprivN)
 * @len:	size of @sock
 *
 * @path must be exactly "/dev/tee" or "/dev/teepriv" followed by a
 * decimal number without leading zeros: the names the kernel gives its
 * nodes.  Relative paths, other spellings and paths under a directory fd
 * are not recognised.  teebox serves the devices when $TEEBOX_RUNTIME_DIR
 * is set, or else when the default runtime directory holds the device's
 * socket.
 *
 * Return: 1 when the shim serves @path (the socket need not exist: the
 * open then fails with ENOENT, as for a missing node), 0 when @path is
 * none of ours, or -ENAMETOOLONG.
 */
int pl_devpath_socket(const char *path, char *sock, size_t len);

#endif
