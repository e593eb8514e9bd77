/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Trace levels (OP-TEE numbering).  A TA prints the messages at or below
 * its level: CFG_TEE_TA_LOG_LEVEL, 3 unless the TA defines it, so errors,
 * information and debug messages show and flow messages do not.  0 keeps
 * only EMSG, which always prints.
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
#define CFG_TEE_TA_LOG_LEVEL 3
#endif

#ifndef TRACE_LEVEL
#define TRACE_LEVEL CFG_TEE_TA_LOG_LEVEL
#endif

#endif /* TRACE_LEVELS_H */
