/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Where teebox's programs and files are, seen from a running program.
 *
 * There are two layouts.  In a build tree every program is in build/bin,
 * the shim in build/lib/teebox and the signed TAs in build/optee_armtz.
 * Installed, they follow GNUInstallDirs: teebox and teebox-sign in bin/,
 * teed, tee-supplicant and teectl in sbin/, the secure world in
 * libexec/teebox/ (firmware teed starts, not a command), the shim and
 * libutee.a in lib/teebox/, TAs in lib/optee_armtz/.
 *
 * An installed program finds the others relative to itself rather than
 * through the prefix it was configured with: `cmake --install --prefix`
 * and `make install PREFIX=` install a build configured for /usr/local
 * anywhere, and the result must work there.
 */
#ifndef TEEBOX_TBX_INSTALL_H
#define TEEBOX_TBX_INSTALL_H

#include <stddef.h>

/**
 * enum tbx_install_dir - the directories teebox installs into
 * @TBX_DIR_BIN:	commands for everyone (teebox, teebox-sign)
 * @TBX_DIR_SBIN:	daemons and admin commands (teed, tee-supplicant,
 *			teectl)
 * @TBX_DIR_LIBEXEC:	the secure world, teebox-secure
 * @TBX_DIR_PKGLIB:	libteebox-preload.so and libutee.a
 * @TBX_DIR_TA:		signed TAs, <uuid>.ta (tee-supplicant's default)
 */
enum tbx_install_dir {
	TBX_DIR_BIN,
	TBX_DIR_SBIN,
	TBX_DIR_LIBEXEC,
	TBX_DIR_PKGLIB,
	TBX_DIR_TA,
	TBX_DIR_COUNT,
};

/**
 * tbx_install_path() - the path of a teebox directory or file for the
 * running program
 * @buf:	receives the path
 * @len:	size of @buf
 * @self:	where the running program is installed (TBX_DIR_BIN or
 *		TBX_DIR_SBIN): it tells how far above it the prefix is
 * @dir:	the directory wanted
 * @name:	a file in @dir, or NULL for @dir itself
 *
 * A program running from the build tree's bin/ gets the build tree's
 * places.  Otherwise the prefix is the program's directory without
 * @self's part (/opt/tb/sbin/teed: /opt/tb); a program found elsewhere
 * (copied out of its prefix) falls back to the prefix configured at build
 * time.  Directories configured as absolute paths are used as they are.
 *
 * Return: 0, or -ENAMETOOLONG (then @buf is empty).
 */
int tbx_install_path(char *buf, size_t len, enum tbx_install_dir self,
		     enum tbx_install_dir dir, const char *name);

#endif
