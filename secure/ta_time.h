/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * TA persistent time (GP TEE Internal Core API 1.3.1 §7.2.2, OP-TEE's
 * tee_time.c semantics): each TA may set its own time; the trusted OS
 * keeps the offset between it and the system's wall clock, per TA UUID,
 * in the secure world's state directory ("ta_time/<UUID>"), so that it
 * survives a restart.  A TA reaches only its own record: the UUID is the
 * calling instance's, never an argument.
 *
 * The wall clock is the one the normal world sets (teebox has no secure
 * RTC): a clock set back before the moment the time was set makes the
 * time TEE_ERROR_TIME_NEEDS_RESET, as does a damaged record.
 */
#ifndef TEEBOX_SECURE_TA_TIME_H
#define TEEBOX_SECURE_TA_TIME_H

#include <stdint.h>

#include "ta/include/tee_api_types.h"

/* The directory of the records, in the state directory. */
#define TA_TIME_DIR "ta_time"

/**
 * ta_time_get() - TEE_GetTAPersistentTime() of TA @uuid
 * @state_dir:	the secure world's state directory
 * @uuid:	the TA
 * @now_ms:	the wall clock now, in milliseconds since the Epoch
 * @sec:	[out] seconds (wrapped to 32 bits on overflow)
 * @millis:	[out] milliseconds
 * Return: TEE_SUCCESS, TEE_ERROR_OVERFLOW (the wrapped value is in
 * @sec), TEE_ERROR_TIME_NOT_SET, TEE_ERROR_TIME_NEEDS_RESET.
 */
TEE_Result ta_time_get(const char *state_dir, const TEE_UUID *uuid,
		       int64_t now_ms, uint32_t *sec, uint32_t *millis);

/**
 * ta_time_set() - TEE_SetTAPersistentTime() of TA @uuid
 * @state_dir:	the secure world's state directory
 * @uuid:	the TA
 * @now_ms:	the wall clock now
 * @sec:	the TA's time: seconds
 * @millis:	and milliseconds
 * Return: TEE_SUCCESS, TEE_ERROR_STORAGE_NO_SPACE or
 * TEE_ERROR_OUT_OF_MEMORY (the only errors GP lets it return; any
 * other failure to write is reported as TEE_ERROR_STORAGE_NO_SPACE).
 */
TEE_Result ta_time_set(const char *state_dir, const TEE_UUID *uuid,
		       int64_t now_ms, uint32_t sec, uint32_t millis);

#endif
