/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The settings a `teebox up` ran with, kept in the runtime directory so
 * that the next up can tell whether it asks for the same teebox, and
 * status can say where the TAs, storage and logs are.
 */
#ifndef TEEBOX_UP_SETTINGS_H
#define TEEBOX_UP_SETTINGS_H

#include <stddef.h>

/* The file, in the runtime directory. */
#define UP_SETTINGS_FILE "teebox.settings"

/**
 * struct up_settings - the text of a settings file, "key=value" lines
 * @text:	NUL-terminated
 * @len:	bytes in @text
 */
struct up_settings {
	char text[8192];
	size_t len;
};

/**
 * up_settings_add() - add the line "@key=@value" (nothing if @value is NULL)
 * @s: the settings being built
 * @key: the setting's name
 * @value: its value as given, or NULL when not set
 *
 * Return: 0, or -ENAMETOOLONG when @s is full.
 */
int up_settings_add(struct up_settings *s, const char *key, const char *value);

/**
 * up_settings_write() - replace the settings file in @dir with @s, mode 0600
 * @dir: the runtime directory (already checked to be the caller's alone)
 * @s: what up ran with
 *
 * Return: 0, or -errno.
 */
int up_settings_write(const char *dir, const struct up_settings *s);

/**
 * up_settings_read() - the settings file in @dir
 * @dir: the runtime directory
 * @s: filled in
 *
 * Return: 0, -ENOENT when there is none, or -errno.
 */
int up_settings_read(const char *dir, struct up_settings *s);

/**
 * up_settings_get() - the value of @key in @s
 * @s: settings read back
 * @key: the setting's name
 * @buf: receives the value, NUL-terminated ("" when not set)
 * @len: size of @buf
 *
 * Return: @buf.
 */
const char *up_settings_get(const struct up_settings *s, const char *key,
			    char *buf, size_t len);

#endif
