/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The TEE class's sysfs attributes as files: for each registered device,
 * <rundir>/class/tee/<name>/implementation_id and, when its driver has
 * one, revision - what the kernel shows under /sys/class/tee/<name>/
 * (docs/abi.md §1.1, Documentation/ABI/testing/sysfs-class-tee), with the
 * same contents (tee_device_attr_show()).
 */
#ifndef TEEBOX_TEED_SYSFS_H
#define TEEBOX_TEED_SYSFS_H

#include <limits.h>

/* Devices the view can hold: every id the class has. */
#define SYSFS_MAX_DEVICES 32
#define SYSFS_MAX_NAME	  32

/**
 * struct sysfs_view - the files teed wrote
 * @root:	<rundir>/class/tee
 * @names:	the device directories made under @root
 * @ndevices:	entries used in @names
 */
struct sysfs_view {
	char root[PATH_MAX];
	char names[SYSFS_MAX_DEVICES][SYSFS_MAX_NAME];
	unsigned int ndevices;
};

/**
 * sysfs_publish() - write the attribute files of every registered device
 * under @rundir, replacing whatever an earlier teed left there
 * Each file appears whole (written aside, then renamed), mode 0444.
 * Return: 0 or -errno; what was written is still recorded in @view for
 * sysfs_unpublish().
 */
int sysfs_publish(struct sysfs_view *view, const char *rundir);

/** sysfs_unpublish() - remove the files and directories it wrote. */
void sysfs_unpublish(struct sysfs_view *view);

#endif
