// SPDX-License-Identifier: BSD-2-Clause
/*
 * Slots, tokens, mechanisms, sessions and login over the TA (as OP-TEE's
 * libckteec pkcs11_token.c): CK_ULONG values travel as u32, handles are
 * the TA's u32 handles.
 */
#include <stdlib.h>
#include <string.h>

#include "ck_api.h"

/* A u32 list command (SLOT_LIST, MECHANISM_IDS) into CK_ULONG[*count]. */
static CK_RV get_u32_list(uint32_t cmd, struct ctrl_buf *c, CK_ULONG_PTR list,
			  CK_ULONG_PTR count)
{
	size_t size, n;
	uint8_t *buf = NULL;
	CK_RV rv;

	if (!count) {
		ctrl_release(c);
		return CKR_ARGUMENTS_BAD;
	}
	size = list ? *count * 4 : 0;
	if (list && *count > SIZE_MAX / 4) {
		ctrl_release(c);
		return CKR_ARGUMENTS_BAD;
	}
	if (size) {
		buf = malloc(size);
		if (!buf) {
			ctrl_release(c);
			return CKR_HOST_MEMORY;
		}
	}
	rv = ctrl_invoke(cmd, c, NULL, 0, buf, &size);
	if (rv == CKR_OK || rv == CKR_BUFFER_TOO_SMALL) {
		if (rv == CKR_OK && list)
			for (n = 0; n < size / 4; n++)
				list[n] = get_u32(buf + 4 * n);
		/* No buffer: a size query, which is not an error. */
		if (!list && rv == CKR_BUFFER_TOO_SMALL)
			rv = CKR_OK;
		*count = size / 4;
	}
	free(buf);
	return rv;
}

CK_RV C_GetSlotList(CK_BBOOL present, CK_SLOT_ID_PTR list, CK_ULONG_PTR count)
{
	struct ctrl_buf c = {0};
	CK_RV rv = ck_ready();

	(void)present; /* every slot holds its token */
	if (rv)
		return rv;
	return get_u32_list(PKCS11_CMD_SLOT_LIST, &c, list, count);
}

static CK_RV slot_cmd(uint32_t cmd, CK_SLOT_ID slot, void *out, size_t size)
{
	struct ctrl_buf c = {0};
	size_t got = size;
	CK_RV rv = ck_ready();

	if (rv)
		return rv;
	if (slot > UINT32_MAX)
		return CKR_SLOT_ID_INVALID;
	ctrl_put_u32(&c, slot);
	rv = ctrl_invoke(cmd, &c, NULL, 0, out, &got);
	if (rv == CKR_OK && got != size)
		return CKR_DEVICE_ERROR;
	return rv;
}

CK_RV C_GetSlotInfo(CK_SLOT_ID slot, CK_SLOT_INFO_PTR info)
{
	struct pkcs11_slot_info ta;
	CK_RV rv;

	if (!info)
		return ck_ready() ? ck_ready() : CKR_ARGUMENTS_BAD;
	rv = slot_cmd(PKCS11_CMD_SLOT_INFO, slot, &ta, sizeof(ta));
	if (rv)
		return rv;
	memcpy(info->slotDescription, ta.slot_description,
	       sizeof(info->slotDescription));
	memcpy(info->manufacturerID, ta.manufacturer_id,
	       sizeof(info->manufacturerID));
	info->flags = get_u32(&ta.flags);
	info->hardwareVersion.major = ta.hardware_version[0];
	info->hardwareVersion.minor = ta.hardware_version[1];
	info->firmwareVersion.major = ta.firmware_version[0];
	info->firmwareVersion.minor = ta.firmware_version[1];
	return CKR_OK;
}

/* The TA's 0xFFFFFFFF ("no limit / unknown") as PKCS#11 spells it. */
static CK_ULONG ta_count(const uint32_t *v, CK_ULONG none)
{
	uint32_t x = get_u32(v);

	return x == UINT32_MAX ? none : x;
}

CK_RV C_GetTokenInfo(CK_SLOT_ID slot, CK_TOKEN_INFO_PTR info)
{
	struct pkcs11_token_info ta;
	CK_RV rv;

	if (!info)
		return ck_ready() ? ck_ready() : CKR_ARGUMENTS_BAD;
	rv = slot_cmd(PKCS11_CMD_TOKEN_INFO, slot, &ta, sizeof(ta));
	if (rv)
		return rv;
	memcpy(info->label, ta.label, sizeof(info->label));
	memcpy(info->manufacturerID, ta.manufacturer_id,
	       sizeof(info->manufacturerID));
	memcpy(info->model, ta.model, sizeof(info->model));
	memcpy(info->serialNumber, ta.serial_number,
	       sizeof(info->serialNumber));
	info->flags = get_u32(&ta.flags);
	info->ulMaxSessionCount =
		ta_count(&ta.max_session_count, CK_EFFECTIVELY_INFINITE);
	info->ulSessionCount = get_u32(&ta.session_count);
	info->ulMaxRwSessionCount =
		ta_count(&ta.max_rw_session_count, CK_EFFECTIVELY_INFINITE);
	info->ulRwSessionCount = get_u32(&ta.rw_session_count);
	info->ulMaxPinLen = get_u32(&ta.max_pin_len);
	info->ulMinPinLen = get_u32(&ta.min_pin_len);
	info->ulTotalPublicMemory =
		ta_count(&ta.total_public_memory, CK_UNAVAILABLE_INFORMATION);
	info->ulFreePublicMemory =
		ta_count(&ta.free_public_memory, CK_UNAVAILABLE_INFORMATION);
	info->ulTotalPrivateMemory =
		ta_count(&ta.total_private_memory, CK_UNAVAILABLE_INFORMATION);
	info->ulFreePrivateMemory =
		ta_count(&ta.free_private_memory, CK_UNAVAILABLE_INFORMATION);
	info->hardwareVersion.major = ta.hardware_version[0];
	info->hardwareVersion.minor = ta.hardware_version[1];
	info->firmwareVersion.major = ta.firmware_version[0];
	info->firmwareVersion.minor = ta.firmware_version[1];
	memcpy(info->utcTime, ta.utc_time, sizeof(info->utcTime));
	return CKR_OK;
}

CK_RV C_GetMechanismList(CK_SLOT_ID slot, CK_MECHANISM_TYPE_PTR list,
			 CK_ULONG_PTR count)
{
	struct ctrl_buf c = {0};
	CK_RV rv = ck_ready();

	if (rv)
		return rv;
	if (slot > UINT32_MAX)
		return CKR_SLOT_ID_INVALID;
	ctrl_put_u32(&c, slot);
	return get_u32_list(PKCS11_CMD_MECHANISM_IDS, &c, list, count);
}

CK_RV C_GetMechanismInfo(CK_SLOT_ID slot, CK_MECHANISM_TYPE type,
			 CK_MECHANISM_INFO_PTR info)
{
	struct ctrl_buf c = {0};
	uint8_t out[12];
	size_t size = sizeof(out);
	CK_RV rv = ck_ready();

	if (rv)
		return rv;
	if (!info)
		return CKR_ARGUMENTS_BAD;
	if (slot > UINT32_MAX)
		return CKR_SLOT_ID_INVALID;
	if (type > UINT32_MAX)
		return CKR_MECHANISM_INVALID;
	ctrl_put_u32(&c, slot);
	ctrl_put_u32(&c, type);
	rv = ctrl_invoke(PKCS11_CMD_MECHANISM_INFO, &c, NULL, 0, out, &size);
	if (rv)
		return rv;
	info->ulMinKeySize = get_u32(out);
	info->ulMaxKeySize = get_u32(out + 4);
	info->flags = get_u32(out + 8);
	return CKR_OK;
}

CK_RV C_InitToken(CK_SLOT_ID slot, CK_UTF8CHAR_PTR pin, CK_ULONG pin_len,
		  CK_UTF8CHAR_PTR label)
{
	struct ctrl_buf c = {0};
	CK_RV rv = ck_ready();

	if (rv)
		return rv;
	if (!label || (pin_len && !pin) || pin_len > UINT32_MAX)
		return CKR_ARGUMENTS_BAD;
	if (slot > UINT32_MAX)
		return CKR_SLOT_ID_INVALID;
	ctrl_put_u32(&c, slot);
	ctrl_put_u32(&c, pin_len);
	ctrl_put(&c, label, PKCS11_TOKEN_LABEL_SIZE);
	ctrl_put(&c, pin, pin_len);
	return ctrl_invoke(PKCS11_CMD_INIT_TOKEN, &c, NULL, 0, NULL, NULL);
}

CK_RV C_InitPIN(CK_SESSION_HANDLE session, CK_UTF8CHAR_PTR pin,
		CK_ULONG pin_len)
{
	struct ctrl_buf c = {0};
	CK_RV rv = ck_ready();

	if (rv)
		return rv;
	if ((pin_len && !pin) || pin_len > UINT32_MAX)
		return CKR_ARGUMENTS_BAD;
	ctrl_put_u32(&c, session);
	ctrl_put_u32(&c, pin_len);
	ctrl_put(&c, pin, pin_len);
	return ctrl_invoke(PKCS11_CMD_INIT_PIN, &c, NULL, 0, NULL, NULL);
}

CK_RV C_SetPIN(CK_SESSION_HANDLE session, CK_UTF8CHAR_PTR old, CK_ULONG old_len,
	       CK_UTF8CHAR_PTR new, CK_ULONG new_len)
{
	struct ctrl_buf c = {0};
	CK_RV rv = ck_ready();

	if (rv)
		return rv;
	if ((old_len && !old) || (new_len && !new) || old_len > UINT32_MAX ||
	    new_len > UINT32_MAX)
		return CKR_ARGUMENTS_BAD;
	ctrl_put_u32(&c, session);
	ctrl_put_u32(&c, old_len);
	ctrl_put_u32(&c, new_len);
	ctrl_put(&c, old, old_len);
	ctrl_put(&c, new, new_len);
	return ctrl_invoke(PKCS11_CMD_SET_PIN, &c, NULL, 0, NULL, NULL);
}

CK_RV C_OpenSession(CK_SLOT_ID slot, CK_FLAGS flags, CK_VOID_PTR app,
		    CK_NOTIFY notify, CK_SESSION_HANDLE_PTR session)
{
	struct ctrl_buf c = {0};
	uint8_t out[4];
	size_t size = sizeof(out);
	CK_RV rv = ck_ready();

	(void)app;
	(void)notify; /* no callbacks: nothing is ever surrendered */
	if (rv)
		return rv;
	if (!session)
		return CKR_ARGUMENTS_BAD;
	if (slot > UINT32_MAX)
		return CKR_SLOT_ID_INVALID;
	if (flags > UINT32_MAX)
		return CKR_ARGUMENTS_BAD;
	ctrl_put_u32(&c, slot);
	ctrl_put_u32(&c, flags);
	rv = ctrl_invoke(PKCS11_CMD_OPEN_SESSION, &c, NULL, 0, out, &size);
	if (rv == CKR_OK)
		*session = get_u32(out);
	return rv;
}

static CK_RV u32_cmd(uint32_t cmd, CK_ULONG v)
{
	struct ctrl_buf c = {0};
	CK_RV rv = ck_ready();

	if (rv)
		return rv;
	ctrl_put_u32(&c, v > UINT32_MAX ? 0 : v);
	return ctrl_invoke(cmd, &c, NULL, 0, NULL, NULL);
}

CK_RV C_CloseSession(CK_SESSION_HANDLE session)
{
	return u32_cmd(PKCS11_CMD_CLOSE_SESSION, session);
}

CK_RV C_CloseAllSessions(CK_SLOT_ID slot)
{
	if (slot > UINT32_MAX)
		return ck_ready() ? ck_ready() : CKR_SLOT_ID_INVALID;
	return u32_cmd(PKCS11_CMD_CLOSE_ALL_SESSIONS, slot);
}

CK_RV C_Logout(CK_SESSION_HANDLE session)
{
	return u32_cmd(PKCS11_CMD_LOGOUT, session);
}

CK_RV C_GetSessionInfo(CK_SESSION_HANDLE session, CK_SESSION_INFO_PTR info)
{
	struct ctrl_buf c = {0};
	uint8_t out[16];
	size_t size = sizeof(out);
	CK_RV rv = ck_ready();

	if (rv)
		return rv;
	if (!info)
		return CKR_ARGUMENTS_BAD;
	ctrl_put_u32(&c, session > UINT32_MAX ? 0 : session);
	rv = ctrl_invoke(PKCS11_CMD_SESSION_INFO, &c, NULL, 0, out, &size);
	if (rv)
		return rv;
	info->slotID = get_u32(out);
	info->state = get_u32(out + 4);
	info->flags = get_u32(out + 8);
	info->ulDeviceError = get_u32(out + 12);
	return CKR_OK;
}

CK_RV C_Login(CK_SESSION_HANDLE session, CK_USER_TYPE user, CK_UTF8CHAR_PTR pin,
	      CK_ULONG pin_len)
{
	struct ctrl_buf c = {0};
	CK_RV rv = ck_ready();

	if (rv)
		return rv;
	if ((pin_len && !pin) || pin_len > UINT32_MAX)
		return CKR_ARGUMENTS_BAD;
	if (user > UINT32_MAX)
		return CKR_USER_TYPE_INVALID;
	ctrl_put_u32(&c, session > UINT32_MAX ? 0 : session);
	ctrl_put_u32(&c, user);
	ctrl_put_u32(&c, pin_len);
	ctrl_put(&c, pin, pin_len);
	return ctrl_invoke(PKCS11_CMD_LOGIN, &c, NULL, 0, NULL, NULL);
}

CK_RV C_GenerateRandom(CK_SESSION_HANDLE session, CK_BYTE_PTR out, CK_ULONG len)
{
	struct ctrl_buf c = {0};
	size_t size = len;
	CK_RV rv = ck_ready();

	if (rv)
		return rv;
	if (len && !out)
		return CKR_ARGUMENTS_BAD;
	ctrl_put_u32(&c, session > UINT32_MAX ? 0 : session);
	return ctrl_invoke(PKCS11_CMD_GENERATE_RANDOM, &c, NULL, 0, out, &size);
}
