/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ta_test_storage (and ta_test_storage2, the same code under another
 * UUID): a remote control for GP Trusted Storage (ch. 5), one GP call
 * per command, whose result is the command's.  A session holds up to
 * STORAGE_TA_SLOTS object handles, named by slot.
 */
#ifndef TA_STORAGE_CMDS_H
#define TA_STORAGE_CMDS_H

#define STORAGE_TA_SLOTS 8

/* Persistent objects in the TA (no key) or with an AES key (KEY). */
enum ta_storage_cmd {
	/* p0 memref IN id, p1 memref IN initial data (or NULL), p2 value
	 * INOUT a = flags in, slot out (a = 0xffffffff in: no handle kept),
	 * p3 value IN a = storage id */
	TA_STORAGE_CMD_CREATE = 1,
	/* p0 memref IN id, p2 value INOUT a = flags in, slot out, p3 value
	 * IN a = storage id */
	TA_STORAGE_CMD_OPEN = 2,
	/* p0 value IN a = slot */
	TA_STORAGE_CMD_CLOSE = 3,
	/* p0 value IN a = slot, p1 memref OUT: size = bytes read */
	TA_STORAGE_CMD_READ = 4,
	/* p0 value IN a = slot, p1 memref IN */
	TA_STORAGE_CMD_WRITE = 5,
	/* p0 value IN a = slot, b = whence, p1 value IN a = offset (int32) */
	TA_STORAGE_CMD_SEEK = 6,
	/* p0 value IN a = slot, b = new size */
	TA_STORAGE_CMD_TRUNCATE = 7,
	/* p0 value IN a = slot, p1 memref IN new id */
	TA_STORAGE_CMD_RENAME = 8,
	/* p0 value IN a = slot (CloseAndDelete1) */
	TA_STORAGE_CMD_DELETE = 9,
	/* p0 value IN a = slot, p1 value OUT a = dataSize, b =
	 * dataPosition, p2 value OUT a = handleFlags, b = objectType,
	 * p3 value OUT a = objectUsage, b = objectSize */
	TA_STORAGE_CMD_INFO = 10,
	/* p0 memref OUT: each id as one length byte and its bytes, p1
	 * value IN a = storage id, p1 value OUT b = how many */
	TA_STORAGE_CMD_ENUM = 11,
	/* p0 memref IN id, p1 memref IN 16 AES key bytes, p2 value IN a =
	 * usage to keep: creates an AES key object (closed) */
	TA_STORAGE_CMD_CREATE_KEY = 12,
	/* p0 value IN a = slot, p1 memref OUT: TEE_ATTR_SECRET_VALUE */
	TA_STORAGE_CMD_GET_KEY = 13,
	/* p0 value IN a = slot, b = usage mask (RestrictObjectUsage1) */
	TA_STORAGE_CMD_RESTRICT = 14,
	/* p0 value OUT a = seconds, b = millis (TEE_GetTAPersistentTime);
	 * the command's result is the call's */
	TA_STORAGE_CMD_GET_TIME = 15,
	/* p0 value IN a = seconds, b = millis (TEE_SetTAPersistentTime) */
	TA_STORAGE_CMD_SET_TIME = 16,
};

#endif
