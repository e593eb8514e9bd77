// SPDX-License-Identifier: BSD-2-Clause
/*
 * A TA as OP-TEE TAs are written: it relies on what the dev kit gives
 * (compiler.h's __unused and __maybe_unused, <inttypes.h>'s PRIx32,
 * snprintf, utee_defines.h, the extension constants) and reports what
 * the build defined.
 */
#include <string.h>
#include <tee_internal_api.h>
#include <tee_internal_api_extensions.h>
#include <utee_defines.h>

#include <scratch_ta.h>

#ifdef CFG_SCRATCH_FEATURE
#define FEATURE CFG_SCRATCH_FEATURE
#else
#define FEATURE (-1)
#endif
#ifdef CFG_SCRATCH_ABSENT
#define ABSENT CFG_SCRATCH_ABSENT
#else
#define ABSENT (-1)
#endif
#ifdef CFG_SCRATCH_VALUE
#define VALUE CFG_SCRATCH_VALUE
#else
#define VALUE (-1)
#endif
#ifdef SCRATCH_DIR_FLAG
#define DIR_FLAG_HERE SCRATCH_DIR_FLAG
#else
#define DIR_FLAG_HERE (-1)
#endif
#ifdef __OPTEE_CORE_API_COMPAT_1_1
#define COMPAT __OPTEE_CORE_API_COMPAT_1_1
#else
#define COMPAT (-1)
#endif

/* libscratch (tests/devkit/scratch_lib), when linked. */
#ifdef CFG_SCRATCH_LIB
int scratch_lib_value(void);
#define LIB_VALUE scratch_lib_value()
#else
#define LIB_VALUE (-1)
#endif

/* lib/'s generated scratch_gen.c (gensrcs-y), when made: " gen=<value>". */
#ifdef CFG_SCRATCH_GEN
int scratch_gen_value(void);
#define GEN_FMT " gen=%d"
#define GEN_ARG , scratch_gen_value()
#else
#define GEN_FMT ""
#define GEN_ARG
#endif

static const uint32_t hash_size __maybe_unused = TEE_SHA256_HASH_SIZE;

TEE_Result TA_CreateEntryPoint(void)
{
	return TEE_SUCCESS;
}

void TA_DestroyEntryPoint(void)
{
}

TEE_Result TA_OpenSessionEntryPoint(uint32_t types __unused,
				    TEE_Param params[4] __unused,
				    void **sess_ctx __unused)
{
	IMSG("scratch TA: info message (level 2)");
	DMSG("scratch TA: debug message (level 3)");
	return TEE_SUCCESS;
}

void TA_CloseSessionEntryPoint(void *sess_ctx __unused)
{
}

static TEE_Result report(uint32_t types, TEE_Param params[4])
{
	int dir_flag = 0, file_flag = 0, helper;
	int n;

	if (types != TEE_PARAM_TYPES(TEE_PARAM_TYPE_MEMREF_OUTPUT,
				     TEE_PARAM_TYPE_NONE, TEE_PARAM_TYPE_NONE,
				     TEE_PARAM_TYPE_NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	helper = scratch_helper(&dir_flag, &file_flag);
	n = snprintf(params[0].memref.buffer, params[0].memref.size,
		     "feature=%d absent=%d value=%d file=%d dir=%d level=%d "
		     "compat=%d hex=%" PRIx32 " helper=%d,%d,%d here=%d "
		     "probe=%d lib=%d" GEN_FMT,
		     FEATURE, ABSENT, VALUE, SCRATCH_FILE_FLAG, DIR_FLAG_HERE,
		     TRACE_LEVEL, COMPAT, (uint32_t)TEE_ALG_SHA256, helper,
		     dir_flag, file_flag, DIR_FLAG_HERE, SCRATCH_PROBE,
		     LIB_VALUE GEN_ARG);
	if (n < 0 || (size_t)n >= params[0].memref.size)
		return TEE_ERROR_SHORT_BUFFER;
	params[0].memref.size = (size_t)n + 1;
	return TEE_SUCCESS;
}

TEE_Result TA_InvokeCommandEntryPoint(void *sess_ctx __unused, uint32_t cmd,
				      uint32_t types, TEE_Param params[4])
{
	switch (cmd) {
	case TA_SCRATCH_CMD_REPORT:
		return report(types, params);
	default:
		return TEE_ERROR_NOT_SUPPORTED;
	}
}
