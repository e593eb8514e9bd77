/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ta_test_gp11 (b0daf31d-b7ed-400f-820c-7cfa625b7178): a TA written for
 * GP Internal Core API 1.1 and built with __OPTEE_CORE_API_COMPAT_1_1
 * (add_teebox_ta(... GP11_COMPAT)), so that every call it makes goes
 * through libutee's __GP11_ twins (ta/include/tee_api_compat.h).  TA_FLAGS
 * 0: an instance per session, so a panic ends only its own session.
 *
 * Each command runs one group of twins and checks what it can itself; a
 * failed check returns GP11_FAIL | the line of ta_test_gp11.c.  Commands
 * named *_PANIC must end the instance (TEEC_ERROR_TARGET_DEAD).
 */
#ifndef TA_GP11_CMDS_H
#define TA_GP11_CMDS_H

#define TA_TEST_GP11_UUID                                                      \
	{                                                                      \
		0xb0daf31d, 0xb7ed, 0x400f,                                    \
		{                                                              \
			0x82, 0x0c, 0x7c, 0xfa, 0x62, 0x5b, 0x71, 0x78         \
		}                                                              \
	}

/* A failed check inside the TA: this | __LINE__. */
#define GP11_FAIL 0x7E110000

/* The Base64 value of the TA's binary-block property: bytes 1, 2, 3. */
#define GP11_PROP_BLOCK "teebox.gp11.block"

enum ta_gp11_cmd {
	/* p0 memref INOUT: the TA reads memref.size (a uint32_t), fills
	 * the buffer with 0xA5 and sets size to half; p1 value OUT a =
	 * the size it saw, b = sizeof(TEE_Param); p2 value INOUT a += 1.
	 * Open session: p0 value INOUT a += 1, b = sizeof(TEE_Param). */
	GP11_CMD_PARAMS = 1,
	/* TEE_Malloc/Realloc/MemMove/MemCompare/MemFill/
	 * CheckMemoryAccessRights with 32-bit sizes. */
	GP11_CMD_MEMORY = 2,
	/* GetPropertyAsString/AsBinaryBlock/Name with uint32_t lengths;
	 * p0 memref OUT: the first property name of the TA's set. */
	GP11_CMD_PROPERTY = 3,
	/* An AES object through 1.1 attributes; p0 value OUT a = keySize,
	 * b = maxKeySize; p1 value OUT a = objectType, b = handleFlags;
	 * p2 value OUT a = sizeof(TEE_ObjectInfo), b = dataSize;
	 * p3 value OUT a = sizeof(TEE_Attribute), b = the secret's length
	 * GetObjectBufferAttribute reported. */
	GP11_CMD_OBJECTS = 4,
	/* AllocateTransientObject(TEE_TYPE_DATA, 0) and (.., 128): p0
	 * value OUT a, b = their results; p1 value OUT a = the DATA
	 * object's type, b = its maxKeySize. */
	GP11_CMD_DATA_OBJECT = 5,
	/* A persistent object through every storage twin; p0 value OUT a
	 * = dataSize, b = dataPosition after the seek; p1 value OUT a =
	 * bytes read, b = the id length enumerated. */
	GP11_CMD_STORAGE = 6,
	/* SHA-256 of p0 memref IN into p1 memref OUT (first a short
	 * buffer: p2 value OUT a = its result, b = the length asked). */
	GP11_CMD_DIGEST = 7,
	/* AES-128-CBC-NOPAD: p0 memref IN key (16) ‖ IV (16) ‖ data,
	 * p1 memref OUT ciphertext (the TA decrypts it back itself). */
	GP11_CMD_CIPHER = 8,
	/* HMAC-SHA256: p0 memref IN key (32) ‖ message, p1 memref OUT the
	 * MAC (the TA checks CompareFinal both ways). */
	GP11_CMD_MAC = 9,
	/* AES-GCM round trip; p0 value OUT a = the operation state after
	 * AEUpdateAAD, b = the tag length. */
	GP11_CMD_AE = 10,
	/* RSA: PKCS#1 v1.5 encryption and PSS signatures with a salt
	 * length attribute, both round trips. */
	GP11_CMD_ASYM = 11,
	/* ECDH P-256 between two keypairs through 1.1 attributes. */
	GP11_CMD_DERIVE = 12,
	/* GenerateRandom, the arithmetical twins. */
	GP11_CMD_ARITH = 13,
	/* SetOperationKey after AEInit (1.1: allowed: the state is still
	 * INITIAL), then AES-GCM with the new key. */
	GP11_CMD_SET_KEY_INIT = 14,
	/* SetOperationKey2 with the same key twice: p0 value OUT a = its
	 * result (1.1: TEE_SUCCESS; 1.3.1: TEE_ERROR_SECURITY). */
	GP11_CMD_SET_KEY2_SAME = 15,
	/* SetOperationKey on an ACTIVE operation: panics. */
	GP11_CMD_SET_KEY_ACTIVE_PANIC = 16,
	/* FreeOperation(TEE_HANDLE_NULL): panics. */
	GP11_CMD_FREE_NULL_PANIC = 17,
	/* Populate a TEE_TYPE_DATA object: panics. */
	GP11_CMD_DATA_POPULATE_PANIC = 18,
	/* TA-to-TA through the twins: open a session to
	 * ta_test_ta2ta_multi (p0 value INOUT there) and run its MIX with
	 * heap and stack buffers of this TA, first with an output too
	 * small (SHORT_BUFFER and the size needed in the uint32_t size).
	 * p0 value OUT a = the open's result, b = its origin; p1 value OUT
	 * a = the short invoke's result, b = the size it asked for;
	 * p2 value OUT a = the second invoke's result, b = the output
	 * size it gave; p3 value OUT a = MIX's value a, b = value b. */
	GP11_CMD_TA2TA = 19,
};

/* The bytes GP11_CMD_TA2TA passes through MIX. */
#define GP11_TA2TA_LEN 24

#endif /* TA_GP11_CMDS_H */
