// SPDX-License-Identifier: BSD-2-Clause
/*
 * Client identity for session logins: the UUID a TEE sees for a USER or
 * GROUP login, computed from the caller's credentials as mainline's
 * tee_session_calc_client_uuid() does (RFC 4122 name-based UUID, SHA-1,
 * version 5, in the TEE client namespace).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <openssl/evp.h>

#include "tee_private.h"

/* Mainline's TEE_UUID_NS_NAME_SIZE: longest name hashed. */
#define TEE_UUID_NS_NAME_SIZE 128

/* The namespace 58ac9ca0-2086-4683-a1b8-ec4bc08e01b6, RFC byte order. */
static const u8 tee_client_uuid_ns[TEE_IOCTL_UUID_LEN] = {
	0x58, 0xac, 0x9c, 0xa0, 0x20, 0x86, 0x46, 0x83,
	0xa1, 0xb8, 0xec, 0x4b, 0xc0, 0x8e, 0x01, 0xb6,
};

/* RFC 4122 version 5: SHA-1(namespace || name), version and variant set. */
static int uuid_v5(u8 uuid[TEE_IOCTL_UUID_LEN], const char *name,
		   size_t name_len)
{
	unsigned char hash[EVP_MAX_MD_SIZE];
	unsigned int hash_len = 0;
	EVP_MD_CTX *md = EVP_MD_CTX_new();
	int ok;

	if (!md)
		return -ENOMEM;
	ok = EVP_DigestInit_ex(md, EVP_sha1(), NULL) &&
	     EVP_DigestUpdate(md, tee_client_uuid_ns,
			      sizeof(tee_client_uuid_ns)) &&
	     EVP_DigestUpdate(md, name, name_len) &&
	     EVP_DigestFinal_ex(md, hash, &hash_len);
	EVP_MD_CTX_free(md);
	if (!ok || hash_len < TEE_IOCTL_UUID_LEN)
		return -EINVAL;

	memcpy(uuid, hash, TEE_IOCTL_UUID_LEN);
	uuid[6] = (u8)((uuid[6] & 0x0F) | 0x50);
	uuid[8] = (u8)((uuid[8] & 0x3F) | 0x80);
	return 0;
}

/* in_egroup_p(): the effective group or one of the supplementary ones. */
static bool cred_in_group(const struct tee_cred *cred, gid_t gid)
{
	if (cred->egid == gid)
		return true;
	for (size_t i = 0; i < cred->ngroups; i++)
		if (cred->groups[i] == gid)
			return true;
	return false;
}

int tee_session_calc_client_uuid(u8 uuid[TEE_IOCTL_UUID_LEN],
				 u32 connection_method,
				 const u8 connection_data[TEE_IOCTL_UUID_LEN],
				 const struct tee_cred *cred)
{
	char name[TEE_UUID_NS_NAME_SIZE];
	gid_t gid;
	int len;

	switch (connection_method) {
	case TEE_IOCTL_LOGIN_PUBLIC:
	case TEE_IOCTL_LOGIN_REE_KERNEL:
		/* The nil UUID goes to the TEE. */
		memset(uuid, 0, TEE_IOCTL_UUID_LEN);
		return 0;
	case TEE_IOCTL_LOGIN_USER:
		len = snprintf(name, sizeof(name), "uid=%x",
			       (unsigned int)cred->euid);
		break;
	case TEE_IOCTL_LOGIN_GROUP:
		/* The connection data carries a native gid_t. */
		memcpy(&gid, connection_data, sizeof(gid));
		if (gid == (gid_t)-1 || !cred_in_group(cred, gid))
			return -EPERM;
		len = snprintf(name, sizeof(name), "gid=%x", (unsigned int)gid);
		break;
	default:
		/* APPLICATION logins are not in mainline: -EINVAL. */
		return -EINVAL;
	}
	if (len < 0 || (size_t)len >= sizeof(name))
		return -E2BIG;
	/* The hashed name is the printed string without its NUL. */
	return uuid_v5(uuid, name, (size_t)len);
}
