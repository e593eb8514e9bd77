/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * OP-TEE's pseudo TA that installs TAs into secure storage
 * (CFG_SECSTOR_TA_MGMT_PTA): its interface as OP-TEE's libutee exports
 * it (pta_secstor_ta_mgmt.h), which xtest includes in every build.
 *
 * teebox loads TAs from the TA directory through tee-supplicant and has
 * no TA store in secure storage, so it has no such pseudo TA: a session
 * to PTA_SECSTOR_TA_MGMT_UUID fails with TEE_ERROR_ITEM_NOT_FOUND, and
 * the dev kit's conf.h leaves CFG_SECSTOR_TA_MGMT_PTA unset (xtest then
 * builds without --install-ta).
 */
#ifndef TEEBOX_PTA_SECSTOR_TA_MGMT_H
#define TEEBOX_PTA_SECSTOR_TA_MGMT_H

/* 6e256cba-fc4d-4941-ad09-2ca1860342dd */
#define PTA_SECSTOR_TA_MGMT_UUID                                               \
	{                                                                      \
		0x6e256cba, 0xfc4d, 0x4941,                                    \
		{                                                              \
			0xad, 0x09, 0x2c, 0xa1, 0x86, 0x03, 0x42, 0xdd         \
		}                                                              \
	}

/* [in] memref[0]: a signed TA image (bootstrap form) to install. */
#define PTA_SECSTOR_TA_MGMT_BOOTSTRAP 0

#endif /* TEEBOX_PTA_SECSTOR_TA_MGMT_H */
