/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The reports teed gives teectl over the control endpoint (control.h),
 * as text for people or as JSON for programs.
 *
 *  info      every registered device: name, driver, implementation id,
 *	      revision, gen_caps (what TEE_IOC_VERSION answers), then the
 *	      facts its driver adds (struct tee_diag_device): for OP-TEE
 *	      the secure thread count and the shared memory mode
 *	      (reserved or dynamic)
 *	      json: {"devices":[{"name","driver","privileged",
 *	      "implementation_id","revision","impl_caps","gen_caps",
 *	      [the driver's facts: OP-TEE "secure_threads","shm"]}]}
 *  sessions  every open context (a connection to a device): device,
 *	      peer pid and uid, and its sessions as its driver shows them
 *	      (tee_diag_ops.for_each_session): id, TA UUID, login
 *	      json: {"contexts":[{"device","pid","uid","sessions":[{"id",
 *	      "ta","login"[,"service"]}]}]}
 *  shm	      every shared memory object an open context owns: device,
 *	      owner pid and uid, id (-1: driver-private), size, flags
 *	      json: {"shm":[{"device","pid","uid","id","size","flags"}]}
 *  tas	      sessions grouped by TA UUID and device, with the number of
 *	      contexts holding them: what the normal world knows.  TA
 *	      instances and their flags live in the secure world, which
 *	      teed cannot see; the report says so.
 *	      json: {"scope":"normal world","tas":[{"ta","device",
 *	      "sessions","contexts"}]}
 * The driver's own contexts (not connections) are not shown.
 */
#ifndef TEEBOX_TEED_REPORT_H
#define TEEBOX_TEED_REPORT_H

#include "control.h"

/**
 * report_build() - the report for @cmd from @view, as JSON or text
 * Return: a NUL-terminated string (free() it), or NULL when out of
 * memory.
 */
char *report_build(const struct control_view *view, enum control_cmd cmd,
		   bool json);

#endif
