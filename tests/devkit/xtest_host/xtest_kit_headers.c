// SPDX-License-Identifier: BSD-2-Clause
/*
 * Every header xtest takes from the TA dev kit's host_include and from
 * the client export, included as optee_test's host/xtest sources
 * include them (regression_1000.c, xtest_test.c, xtest_helpers.c,
 * regression_6000.c, install_ta.c, stats.c and the old
 * regression_20000.c), next to <tee_client_api.h>, and the values xtest
 * relies on checked against OP-TEE's.
 *
 * Built and run by test_xtest_host.sh with xtest's Makefile lines and
 * its CMake lines; exit status 0 when every check holds.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* optee_test host/xtest/regression_1000.c */
#include <pta_attestation.h>
#include <pta_invoke_tests.h>
#include <pta_secstor_ta_mgmt.h>
#include <signed_hdr.h>
#include <utee_defines.h>
#include <util.h>

/* xtest_helpers.h, xtest_test.c */
#include <__tee_isocket_defines.h>
#include <__tee_tcpsocket_defines.h>
#include <__tee_udpsocket_defines.h>
#include <tee_api_defines.h>
#include <tee_api_types.h>
#include <tee_client_api.h>
#include <tee_client_api_extensions.h>

/* regression_6000.c, install_ta.c, regression_20000.c */
#include <compiler.h>
#include <fs_htree.h>
#include <pta_stats.h>
#include <pta_system.h>
#include <tee_api_defines_extensions.h>
#include <tee_fs_key_manager.h>
#include <types_ext.h>

#include "xtest_kit.h"

/* xtest_helpers.c defines its own after <utee_defines.h>: no clash. */
#define ROUNDUP_XTEST(v, size) (((v) + ((size)-1)) & ~((size)-1))
/* regression_1000.c: "#ifndef MIN" after <util.h>. */
#ifndef MIN
#error "util.h gives MIN, as OP-TEE's does"
#endif

/* What conf.h says teebox has, and what it must leave unset. */
#if !defined(CFG_REE_FS) || !defined(CFG_RPMB_FS) || !defined(CFG_PKCS11_TA)
#error "conf.h lacks an option teebox has"
#endif
#if defined(CFG_SECURE_DATA_PATH) || defined(CFG_SECSTOR_TA_MGMT_PTA) ||       \
	defined(CFG_GP_SOCKETS) || defined(CFG_TA_MBEDTLS)
#error "conf.h sets an option teebox does not have"
#endif

static int failures;

void kit_check(bool ok, const char *what)
{
	printf("%s %s\n", ok ? "ok  " : "FAIL", what);
	if (!ok)
		failures++;
}

/* A UUID macro of the kit as the TEEC_UUID xtest makes of it. */
static bool uuid_is(const TEEC_UUID *u, uint32_t tl, uint16_t tm, uint16_t th,
		    const uint8_t node[8])
{
	return u->timeLow == tl && u->timeMid == tm &&
	       u->timeHiAndVersion == th &&
	       !memcmp(u->clockSeqAndNode, node, 8);
}

/* OP-TEE lib/libutee/include/pta_invoke_tests.h, pta_secstor_ta_mgmt.h */
static void check_pta_ids(void)
{
	static const TEEC_UUID invoke = PTA_INVOKE_TESTS_UUID;
	static const TEEC_UUID secstor = PTA_SECSTOR_TA_MGMT_UUID;
	static const uint8_t invoke_node[8] = {0x87, 0x94, 0x10, 0x02,
					       0xa5, 0xd5, 0xc6, 0x1b};
	static const uint8_t secstor_node[8] = {0xad, 0x09, 0x2c, 0xa1,
						0x86, 0x03, 0x42, 0xdd};

	kit_check(uuid_is(&invoke, 0xd96a5b40, 0xc3e5, 0x21e3, invoke_node),
		  "PTA_INVOKE_TESTS_UUID d96a5b40-c3e5-21e3-8794-1002a5d5c61b");
	kit_check(PTA_INVOKE_TESTS_CMD_PARAMS == 1 &&
			  PTA_INVOKE_TESTS_CMD_SELF_TESTS == 2 &&
			  PTA_INVOKE_TESTS_CMD_FS_HTREE == 6 &&
			  PTA_INVOKE_TESTS_CMD_MUTEX == 7 &&
			  PTA_MUTEX_TEST_WRITER == 0 &&
			  PTA_MUTEX_TEST_READER == 1 &&
			  PTA_INVOKE_TEST_CMD_AES_PERF == 9 &&
			  PTA_INVOKE_TESTS_CMD_MEMREF_NULL == 10,
		  "pta_invoke_tests.h command ids");
	kit_check(uuid_is(&secstor, 0x6e256cba, 0xfc4d, 0x4941, secstor_node) &&
			  PTA_SECSTOR_TA_MGMT_BOOTSTRAP == 0,
		  "PTA_SECSTOR_TA_MGMT_UUID and BOOTSTRAP");
}

/*
 * The signed header as regression 1008 corrupts it field by field
 * (OP-TEE core/include/signed_hdr.h; docs/ta-image-format.md).
 */
static void check_shdr(void)
{
	union {
		struct shdr h;
		uint8_t b[sizeof(struct shdr) + 32 + 256];
	} img = {.h = {.magic = SHDR_MAGIC,
		       .img_type = SHDR_BOOTSTRAP_TA,
		       .hash_size = 32,
		       .sig_size = 256}};

	kit_check(sizeof(struct shdr) == 20 &&
			  offsetof(struct shdr, img_type) == 4 &&
			  offsetof(struct shdr, img_size) == 8 &&
			  offsetof(struct shdr, algo) == 12 &&
			  offsetof(struct shdr, hash_size) == 16 &&
			  offsetof(struct shdr, sig_size) == 18,
		  "struct shdr: 20 bytes, OP-TEE's offsets");
	kit_check(SHDR_GET_SIZE(&img.h) == 20 + 32 + 256,
		  "SHDR_GET_SIZE = header + hash + signature");
	kit_check(SHDR_GET_HASH(&img.h) == img.b + 20 &&
			  SHDR_GET_SIG(&img.h) == img.b + 20 + 32,
		  "SHDR_GET_HASH and SHDR_GET_SIG");
	kit_check(SHDR_MAGIC == 0x4f545348 && SHDR_TA == 0 &&
			  SHDR_BOOTSTRAP_TA == 1 && SHDR_ENCRYPTED_TA == 2 &&
			  SHDR_SUBKEY == 3,
		  "SHDR_MAGIC and image types");
	kit_check(sizeof(struct shdr_bootstrap_ta) == 20 &&
			  sizeof(struct shdr_encrypted_ta) == 12 &&
			  offsetof(struct shdr_subkey, attrs) == 36,
		  "sub-header sizes (ABI-FACTS: 20, 12, attrs at 36)");
}

/* Storage layouts (ABI-FACTS-INTERNAL 5.4: 68 and 66 bytes). */
static void check_storage(void)
{
	kit_check(sizeof(struct tee_fs_htree_image) == 68 &&
			  offsetof(struct tee_fs_htree_image, counter) == 64,
		  "struct tee_fs_htree_image: 68 bytes, counter at 64");
	kit_check(offsetof(struct tee_fs_htree_node_image, flags) == 64,
		  "struct tee_fs_htree_node_image: flags at 64");
	kit_check(TEE_FS_KM_FEK_SIZE == 16 && TEE_FS_KM_TSK_SIZE == 32 &&
			  TEE_FS_KM_HMAC_ALG == TEE_ALG_HMAC_SHA256,
		  "tee_fs_key_manager.h sizes");
	kit_check(TEE_STORAGE_PRIVATE_REE == 0x80000000 &&
			  TEE_STORAGE_PRIVATE_RPMB == 0x80000100,
		  "storage ids regression_6000.c iterates");
}

/* xtest_test.c's TEEC_Result table mixes TEEC_ and TEE_ names. */
static void check_results(void)
{
	kit_check(TEEC_ERROR_ITEM_NOT_FOUND == TEE_ERROR_ITEM_NOT_FOUND &&
			  TEEC_ERROR_TARGET_DEAD == TEE_ERROR_TARGET_DEAD &&
			  TEE_ERROR_CORRUPT_OBJECT == 0xf0100001 &&
			  TEE_ISOCKET_ERROR_PROTOCOL == 0xf1007001,
		  "result codes both headers name");
	kit_check(ROUNDUP_XTEST(5u, 4u) == 8 && ROUNDUP(5u, 4u) == 8 &&
			  TEE_SHA256_HASH_SIZE == 32,
		  "util.h and utee_defines.h beside xtest's own macros");
}

/* Taken, not called: no TEE needs to run for this program. */
static void *const teec_fns[] = {
	(void *)TEEC_InitializeContext, (void *)TEEC_FinalizeContext,
	(void *)TEEC_OpenSession,	(void *)TEEC_InvokeCommand,
	(void *)TEEC_CloseSession,	(void *)TEEC_AllocateSharedMemory,
};

int main(void)
{
	check_pta_ids();
	check_shdr();
	check_storage();
	check_results();
	kit_check(teec_fns[0] != NULL, "libteec linked");
#ifdef CFG_PKCS11_TA
	kit_check_pkcs11();
#endif
	printf("%d failure(s)\n", failures);
	return failures ? 1 : 0;
}
