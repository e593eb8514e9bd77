/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * UUIDs of the test TAs (random version-4 UUIDs, chosen for teebox), as
 * TEE_UUID initialisers and as text.
 *
 *  ta_test_basic                  fad5cb5b-1331-41ee-89a2-836c47328bba
 *	SINGLE_INSTANCE | MULTI_SESSION; the runtime's test bench
 *  ta_test_flags_multi_instance   c3105053-99c2-41fa-a580-abd6ad016ca3
 *	TA_FLAGS 0: one instance (process) per session
 *  ta_test_flags_single_instance  47bb22f2-8e73-4f31-9b6a-5a358cb43489
 *	SINGLE_INSTANCE: one session at a time
 *  ta_test_flags_keep_alive       dfdfed91-b120-46d6-8e94-feec70b87a66
 *	SINGLE_INSTANCE | MULTI_SESSION | INSTANCE_KEEP_ALIVE
 *  ta_test_arith                  76548157-9192-4baf-b3f3-c0f5fcc6b6cc
 *	TA_FLAGS 0; the Arithmetical API, one function per call
 *  ta_test_optee_style            244223b7-2ac2-47bf-bb16-d18f20983e75
 *	SINGLE_INSTANCE | MULTI_SESSION | INSTANCE_KEEP_ALIVE; a TA
 *	written as for OP-TEE: implicit headers, extension properties,
 *	instance data
 *  ta_test_crypto                 91dc9ca8-68c0-4bc5-bc3c-64b13e364601
 *	TA_FLAGS 0 (an instance per session); the Internal API's objects
 *	and crypto (crypto/)
 */
#ifndef TEST_TA_UUIDS_H
#define TEST_TA_UUIDS_H

#define TA_TEST_BASIC_UUID                                                     \
	{                                                                      \
		0xfad5cb5b, 0x1331, 0x41ee,                                    \
		{                                                              \
			0x89, 0xa2, 0x83, 0x6c, 0x47, 0x32, 0x8b, 0xba         \
		}                                                              \
	}
#define TA_TEST_BASIC_UUID_STR "fad5cb5b-1331-41ee-89a2-836c47328bba"

#define TA_TEST_FLAGS_MULTI_INSTANCE_UUID                                      \
	{                                                                      \
		0xc3105053, 0x99c2, 0x41fa,                                    \
		{                                                              \
			0xa5, 0x80, 0xab, 0xd6, 0xad, 0x01, 0x6c, 0xa3         \
		}                                                              \
	}
#define TA_TEST_FLAGS_MULTI_INSTANCE_UUID_STR                                  \
	"c3105053-99c2-41fa-a580-abd6ad016ca3"

#define TA_TEST_FLAGS_SINGLE_INSTANCE_UUID                                     \
	{                                                                      \
		0x47bb22f2, 0x8e73, 0x4f31,                                    \
		{                                                              \
			0x9b, 0x6a, 0x5a, 0x35, 0x8c, 0xb4, 0x34, 0x89         \
		}                                                              \
	}
#define TA_TEST_FLAGS_SINGLE_INSTANCE_UUID_STR                                 \
	"47bb22f2-8e73-4f31-9b6a-5a358cb43489"

#define TA_TEST_FLAGS_KEEP_ALIVE_UUID                                          \
	{                                                                      \
		0xdfdfed91, 0xb120, 0x46d6,                                    \
		{                                                              \
			0x8e, 0x94, 0xfe, 0xec, 0x70, 0xb8, 0x7a, 0x66         \
		}                                                              \
	}
#define TA_TEST_FLAGS_KEEP_ALIVE_UUID_STR "dfdfed91-b120-46d6-8e94-feec70b87a66"

#define TA_TEST_ARITH_UUID                                                     \
	{                                                                      \
		0x76548157, 0x9192, 0x4baf,                                    \
		{                                                              \
			0xb3, 0xf3, 0xc0, 0xf5, 0xfc, 0xc6, 0xb6, 0xcc         \
		}                                                              \
	}
#define TA_TEST_ARITH_UUID_STR "76548157-9192-4baf-b3f3-c0f5fcc6b6cc"

#define TA_TEST_OPTEE_STYLE_UUID                                               \
	{                                                                      \
		0x244223b7, 0x2ac2, 0x47bf,                                    \
		{                                                              \
			0xbb, 0x16, 0xd1, 0x8f, 0x20, 0x98, 0x3e, 0x75         \
		}                                                              \
	}
#define TA_TEST_OPTEE_STYLE_UUID_STR "244223b7-2ac2-47bf-bb16-d18f20983e75"
#define TA_TEST_CRYPTO_UUID                                                    \
	{                                                                      \
		0x91dc9ca8, 0x68c0, 0x4bc5,                                    \
		{                                                              \
			0xbc, 0x3c, 0x64, 0xb1, 0x3e, 0x36, 0x46, 0x01         \
		}                                                              \
	}
#define TA_TEST_CRYPTO_UUID_STR "91dc9ca8-68c0-4bc5-bc3c-64b13e364601"

#define TA_TEST_STORAGE_UUID                                                   \
	{                                                                      \
		0xff6dac85, 0x8f27, 0x4e28,                                    \
		{                                                              \
			0xad, 0x94, 0xde, 0x3c, 0xc7, 0x23, 0x42, 0xee         \
		}                                                              \
	}
#define TA_TEST_STORAGE_UUID_STR "ff6dac85-8f27-4e28-ad94-de3cc72342ee"

#define TA_TEST_STORAGE2_UUID                                                  \
	{                                                                      \
		0x7f4e2836, 0xb8cd, 0x4bb1,                                    \
		{                                                              \
			0xa5, 0x06, 0x6c, 0x72, 0x32, 0x11, 0x58, 0x8b         \
		}                                                              \
	}
#define TA_TEST_STORAGE2_UUID_STR "7f4e2836-b8cd-4bb1-a506-6c723211588b"

#define TA_TEST_SYSTEM_UUID                                                    \
	{                                                                      \
		0x9dd6a492, 0x0258, 0x4e92,                                    \
		{                                                              \
			0x85, 0x99, 0x14, 0x5b, 0xbf, 0x75, 0xc0, 0x88         \
		}                                                              \
	}
#define TA_TEST_SYSTEM_UUID_STR "9dd6a492-0258-4e92-8599-145bbf75c088"

#define TA_TEST_SYSTEM2_UUID                                                   \
	{                                                                      \
		0x50efa19a, 0x250f, 0x4b5b,                                    \
		{                                                              \
			0x90, 0x98, 0x55, 0xe8, 0x05, 0x2f, 0xf5, 0xc2         \
		}                                                              \
	}
#define TA_TEST_SYSTEM2_UUID_STR "50efa19a-250f-4b5b-9098-55e8052ff5c2"

#define TA_TEST_EXT_UUID                                                       \
	{                                                                      \
		0xbbe4e138, 0x6ffd, 0x4a71,                                    \
		{                                                              \
			0x84, 0x09, 0xbb, 0x5c, 0xff, 0xb8, 0x91, 0x11         \
		}                                                              \
	}
#define TA_TEST_EXT_UUID_STR "bbe4e138-6ffd-4a71-8409-bb5cffb89111"

#define TA_TEST_EXT2_UUID                                                      \
	{                                                                      \
		0xf4497147, 0x225c, 0x4171,                                    \
		{                                                              \
			0x8e, 0x5c, 0x0d, 0x2a, 0x2f, 0x5e, 0x66, 0x94         \
		}                                                              \
	}
#define TA_TEST_EXT2_UUID_STR "f4497147-225c-4171-8e5c-0d2a2f5e6694"

/* A TA built with add_teebox_ta(LIBRARIES), and its TA library. */
#define TA_TEST_SHLIB_UUID                                                     \
	{                                                                      \
		0x6e1c3f52, 0x8a47, 0x4d0b,                                    \
		{                                                              \
			0xb3, 0x29, 0x71, 0x0e, 0x5c, 0xa4, 0x88, 0x3d         \
		}                                                              \
	}
#define TA_TEST_SHLIB_UUID_STR	   "6e1c3f52-8a47-4d0b-b329-710e5ca4883d"
#define TA_TEST_SHLIB_LIB_UUID_STR "d7a0b6e4-1f35-4c92-8e6b-3a5f9c0d2e71"

#endif
