/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The system pseudo TA: OP-TEE's interface (its pta_system.h; the pseudo
 * TA is OP-TEE's core/pta/system.c).  A TA opens a session to
 * PTA_SYSTEM_UUID like to any TA; libutee's tee_invoke_supp_plugin()
 * goes through it.  As in OP-TEE, only a user TA may open a session: a
 * client application is refused with TEE_ERROR_ACCESS_DENIED.
 *
 * What teebox answers:
 * - PTA_SYSTEM_ADD_RNG_ENTROPY: reseeds the trusted OS's random
 *   generator with the bytes; a TA's TEE_GenerateRandom() draws from its
 *   own process's, which they do not reach (docs/ta-developer-guide.md).
 * - PTA_SYSTEM_DERIVE_TA_UNIQUE_KEY: a key derived in the trusted OS from
 *   the hardware unique key, the caller's UUID and its extra data.
 * - PTA_SYSTEM_SUPP_PLUGIN_INVOKE: a tee-supplicant plugin call.
 * - PTA_SYSTEM_MAP_ZI, PTA_SYSTEM_UNMAP, PTA_SYSTEM_DLOPEN,
 *   PTA_SYSTEM_DLSYM, PTA_SYSTEM_GET_TPM_EVENT_LOG: TEE_ERROR_NOT_SUPPORTED.
 *   In OP-TEE they act on the TA's address space as mapped by the trusted
 *   OS, on ldelf's loaded libraries and on a firmware TPM event log; a
 *   teebox TA is a host process whose memory and libraries the trusted OS
 *   does not map, and there is no TPM event log.  libutee's tee_map_zi()
 *   and tee_unmap() map in the TA process instead.
 * - PTA_SYSTEM_OPEN_TA_BINARY .. PTA_SYSTEM_REMAP (4..9): ldelf's
 *   commands, which OP-TEE's system pseudo TA no longer serves (ldelf
 *   reaches them through its own syscalls): TEE_ERROR_NOT_IMPLEMENTED, as
 *   OP-TEE answers any command it does not know.
 */
#ifndef __PTA_SYSTEM_H
#define __PTA_SYSTEM_H

/*
 * OP-TEE's header brings util.h to the TAs that include it.  The trusted
 * OS has its own BIT() and friends (kernel/types.h), included first.
 */
#ifndef TEEBOX_KERNEL_TYPES_H
#include "util.h"
#endif
#include <stdint.h>

/* 3a2f8978-5dc0-11e8-9c2d-fa7ae01bbebc */
#define PTA_SYSTEM_UUID                                                        \
	{                                                                      \
		0x3a2f8978, 0x5dc0, 0x11e8,                                    \
		{                                                              \
			0x9c, 0x2d, 0xfa, 0x7a, 0xe0, 0x1b, 0xbe, 0xbc         \
		}                                                              \
	}

/* A derived key is at least 128 bits long */
#define TA_DERIVED_KEY_MIN_SIZE 16
/* and at most what the HUK subkey derivation gives (OP-TEE's limit) */
#define TA_DERIVED_KEY_MAX_SIZE	       32
#define TA_DERIVED_EXTRA_DATA_MAX_SIZE 1024

/*
 * PTA_SYSTEM_ADD_RNG_ENTROPY - reseed with caller-provided entropy
 * [in] memref[0]: the entropy bytes, not empty
 */
#define PTA_SYSTEM_ADD_RNG_ENTROPY 0

/*
 * PTA_SYSTEM_DERIVE_TA_UNIQUE_KEY - a key unique to this device and the
 * calling TA, mixed with optional extra data
 * [in]  memref[0]: extra data, at most TA_DERIVED_EXTRA_DATA_MAX_SIZE bytes
 * [out] memref[1]: the key, TA_DERIVED_KEY_MIN_SIZE..TA_DERIVED_KEY_MAX_SIZE
 *		    bytes; must be the TA's own memory, never a client's
 *		    shared memory (TEE_ERROR_SECURITY otherwise)
 */
#define PTA_SYSTEM_DERIVE_TA_UNIQUE_KEY 1

/* Memory can be shared with other TAs */
#define PTA_SYSTEM_MAP_FLAG_SHAREABLE (UINT32_C(1) << 0)
/* Read/write memory */
#define PTA_SYSTEM_MAP_FLAG_WRITEABLE (UINT32_C(1) << 1)
/* Executable memory */
#define PTA_SYSTEM_MAP_FLAG_EXECUTABLE (UINT32_C(1) << 2)

/*
 * PTA_SYSTEM_MAP_ZI - map zero-initialised memory
 * [in]     value[0]: a = number of bytes, b = 0 or
 *		      PTA_SYSTEM_MAP_FLAG_SHAREABLE
 * [in/out] value[1]: a = address bits 63..32, b = bits 31..0
 * [in]     value[2]: a = pad before the range, b = pad after it
 */
#define PTA_SYSTEM_MAP_ZI 2

/*
 * PTA_SYSTEM_UNMAP - unmap memory
 * [in] value[0]: a = number of bytes, b = 0
 * [in] value[1]: a = address bits 63..32, b = bits 31..0
 */
#define PTA_SYSTEM_UNMAP 3

/* ldelf's TA binary commands (see the comment at the top) */
#define PTA_SYSTEM_OPEN_TA_BINARY      4
#define PTA_SYSTEM_CLOSE_TA_BINARY     5
#define PTA_SYSTEM_MAP_TA_BINARY       6
#define PTA_SYSTEM_COPY_FROM_TA_BINARY 7
#define PTA_SYSTEM_SET_PROT	       8
#define PTA_SYSTEM_REMAP	       9

/*
 * PTA_SYSTEM_DLOPEN - load a TA library (libdl's dlopen)
 * [in] memref[0]: the library's UUID
 * [in] value[1]: a = flags, RTLD_NOW | RTLD_GLOBAL | RTLD_NODELETE
 */
#define PTA_SYSTEM_DLOPEN 10

/*
 * PTA_SYSTEM_DLSYM - resolve a symbol (libdl's dlsym)
 * [in]  memref[0]: the library's UUID, or the nil UUID for the whole TA
 * [in]  memref[1]: the symbol name
 * [out] value[2]: a = address bits 63..32, b = bits 31..0
 */
#define PTA_SYSTEM_DLSYM 11

/*
 * PTA_SYSTEM_GET_TPM_EVENT_LOG - the firmware's TPM event log
 * [out] memref[0]: the log
 */
#define PTA_SYSTEM_GET_TPM_EVENT_LOG 12

/*
 * PTA_SYSTEM_SUPP_PLUGIN_INVOKE - call a tee-supplicant plugin
 * [in]     memref[0]: the plugin's UUID (a TEE_UUID)
 * [in]     value[1]: a = command, b = sub-command for the plugin
 * [in/out] memref[2]: data for the plugin, and its answer
 * [out]    value[3]: a = the length of the answer
 */
#define PTA_SYSTEM_SUPP_PLUGIN_INVOKE 13

#endif /* __PTA_SYSTEM_H */
