/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ta_test_system: the system pseudo TA (pta_system.h) and tee-supplicant
 * plugins as a TA reaches them.  Each command returns what the pseudo TA
 * or tee_invoke_supp_plugin() returned.
 */
#ifndef TA_SYSTEM_CMDS_H
#define TA_SYSTEM_CMDS_H

/*
 * TA_SYSTEM_CMD_DERIVE - PTA_SYSTEM_DERIVE_TA_UNIQUE_KEY into the TA's
 * own memory
 * [in]  memref[0]: extra data (passed on as it is: the client's memory)
 * [in]  value[1]: a = the key size asked for, b = 1: pass a NULL extra
 *		   data buffer of size 0
 * [out] memref[2]: the key (value[1].a bytes)
 */
#define TA_SYSTEM_CMD_DERIVE 0

/*
 * TA_SYSTEM_CMD_DERIVE_TO_CLIENT - the same with the client's memref[1]
 * as the output buffer (OP-TEE refuses: TEE_ERROR_SECURITY); INOUT, so
 * that the client sees what became of its bytes
 * [in]     memref[0]: extra data
 * [in/out] memref[1]: the key
 */
#define TA_SYSTEM_CMD_DERIVE_TO_CLIENT 1

/*
 * TA_SYSTEM_CMD_ADD_ENTROPY - PTA_SYSTEM_ADD_RNG_ENTROPY of memref[0]
 * (copied into the TA's memory first; a NULL memref of size 0 as it is)
 * [in] memref[0]: the bytes
 */
#define TA_SYSTEM_CMD_ADD_ENTROPY 2

/*
 * TA_SYSTEM_CMD_RAW - command value[0].a of the system pseudo TA with no
 * parameters
 * [in] value[0]: a = the command
 */
#define TA_SYSTEM_CMD_RAW 3

/*
 * TA_SYSTEM_CMD_PLUGIN - tee_invoke_supp_plugin() with the data in the
 * TA's memory, followed by a guard the plugin must not reach
 * [in]     memref[0]: the plugin's TEE_UUID
 * [in]     value[1]: a = command, b = sub-command
 * [in/out] memref[2]: the data (size 0: a NULL buffer)
 * [out]    value[3]: a = outlen, b = 1 if the guard after the data was
 *		      overwritten
 */
#define TA_SYSTEM_CMD_PLUGIN 4

/*
 * TA_SYSTEM_CMD_PLUGIN_BAD - tee_invoke_supp_plugin() with bad inputs
 * (optee_test's supp_plugin TA): value[0].a = 0: NULL UUID, 1: NULL data
 * of length 10, 2: data with length 0
 */
#define TA_SYSTEM_CMD_PLUGIN_BAD 5

/*
 * TA_SYSTEM_CMD_MAP_ZI - tee_map_zi() and tee_unmap() through OP-TEE's
 * rules, checked in the TA
 * [out] value[0]: a = the first check that failed (0: none)
 */
#define TA_SYSTEM_CMD_MAP_ZI 6

/* The data a TA_SYSTEM_CMD_PLUGIN call can carry. */
#define TA_SYSTEM_PLUGIN_DATA_MAX 4096

#endif
