/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Trace levels (OP-TEE numbering).  A TA prints the messages at or below
 * its level: CFG_TEE_TA_LOG_LEVEL, 1 unless the TA defines it, as
 * OP-TEE's default (optee_os mk/config.mk, CFG_TEE_TA_LOG_LEVEL ?= 1):
 * errors only.  2 adds IMSG, 3 DMSG, 4 FMSG; 0 keeps only EMSG, which
 * always prints.  A TA sets its own with
 * target_compile_definitions(<ta> PRIVATE CFG_TEE_TA_LOG_LEVEL=<n>)
 * (docs/ta-developer-guide.md).
 */
#ifndef TRACE_LEVELS_H
#define TRACE_LEVELS_H

#define TRACE_MIN   1
#define TRACE_ERROR TRACE_MIN
#define TRACE_INFO  2
#define TRACE_DEBUG 3
#define TRACE_FLOW  4
#define TRACE_MAX   TRACE_FLOW

#ifndef CFG_TEE_TA_LOG_LEVEL
#define CFG_TEE_TA_LOG_LEVEL 1
#endif

#ifndef TRACE_LEVEL
#define TRACE_LEVEL CFG_TEE_TA_LOG_LEVEL
#endif

#endif /* TRACE_LEVELS_H */
