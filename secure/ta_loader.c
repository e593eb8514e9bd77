// SPDX-License-Identifier: BSD-2-Clause
/*
 * Loading a TA from the normal world (OP-TEE's ree_fs_ta.c): the image is
 * fetched from tee-supplicant with the two-phase OPTEE_RPC_CMD_LOAD_TA
 * (docs/abi.md §5.7), copied into secure memory, and only then verified:
 * the normal world can change its copy at any time.
 */
#include <stdlib.h>
#include <string.h>

#include "drivers/tee/optee/optee_msg.h"
#include "drivers/tee/optee/optee_rpc_cmd.h"
#include "kernel/log.h"
#include "machine/nw_ram_sw.h"
#include "secure_world.h"
#include "shdr.h"
#include "shdr_enc.h"
#include "ta_enc_key.h"
#include "ta_loader.h"
#include "ta_proc.h"
#include "ta_shlib.h"
#include "ta_ver_db.h"
#include "thread.h"
#include "thread_rpc.h"
#include "uuid.h"

/* Largest TA image accepted. */
#define TA_MAX_IMAGE_SIZE (64u << 20)

static void load_ta_params(struct rpc_param p[2], const TEE_UUID *uuid)
{
	memset(p, 0, 2 * sizeof(*p));
	p[0].attr = OPTEE_MSG_ATTR_TYPE_VALUE_INPUT;
	/* value a and b carry the 16 UUID octets in memory order. */
	uuid_to_octets((uint8_t *)&p[0].u.value, uuid);
	p[1].attr = OPTEE_MSG_ATTR_TYPE_TMEM_OUTPUT;
}

/* Phase 1: how big is the TA?  (A memref without buffer asks.) */
static TEE_Result query_size(struct sthread *t, const TEE_UUID *uuid,
			     size_t *size)
{
	struct rpc_param p[2];
	TEE_Result res;

	load_ta_params(p, uuid);
	res = thread_rpc_cmd(t, OPTEE_RPC_CMD_LOAD_TA, 2, p);
	if (res)
		return res;
	if (!p[1].u.tmem.size || p[1].u.tmem.size > TA_MAX_IMAGE_SIZE)
		return TEE_ERROR_SECURITY;
	*size = (size_t)p[1].u.tmem.size;
	return TEE_SUCCESS;
}

/* Phase 2: fetch it into normal-world memory, then copy it here. */
static TEE_Result fetch_image(struct sthread *t, const TEE_UUID *uuid,
			      size_t size, void **img, size_t *len)
{
	struct rpc_param p[2];
	struct nw_mem mem;
	uint64_t cookie;
	TEE_Result res;

	res = thread_rpc_shm_alloc(t, OPTEE_RPC_SHM_TYPE_APPL, size, &mem,
				   &cookie);
	if (res)
		return res;
	load_ta_params(p, uuid);
	p[1].u.tmem.buf_ptr = mem.pa;
	p[1].u.tmem.size = size;
	p[1].u.tmem.shm_ref = cookie;
	res = thread_rpc_cmd(t, OPTEE_RPC_CMD_LOAD_TA, 2, p);
	if (!res && (!p[1].u.tmem.size || p[1].u.tmem.size > size))
		res = TEE_ERROR_SECURITY;
	if (!res) {
		*len = (size_t)p[1].u.tmem.size;
		*img = malloc(*len);
		if (*img)
			memcpy(*img, mem.va, *len);
		else
			res = TEE_ERROR_OUT_OF_MEMORY;
	}
	thread_rpc_shm_free(t, OPTEE_RPC_SHM_TYPE_APPL, cookie, &mem);
	return res;
}

/* Says in teed.log why image @name was refused, and what to do about it. */
static void report_refused(const struct secure_world *sw, const char *name,
			   const char *why, const struct shdr_ta_info *info)
{
	char key[SHDR_FINGERPRINT_LEN], other[UUID_STR_LEN];

	/* A key of another size shows first as a signature of another size. */
	if (why && (!strcmp(why, "signature mismatch") ||
		    !strcmp(why, "signature size does not match the key"))) {
		shdr_pubkey_fingerprint(sw->pubkey, sw->pubkey_len, key);
		pr_err("secure world refused TA %s: it is not signed with the "
		       "TA key this teebox was built with (public key "
		       "SHA-256 %s); re-sign it with that key: teebox-sign "
		       "sign --key KEY.pem --in TA.elf --out TA_DIR",
		       name, key);
	} else if (why && !strcmp(why, "UUID mismatch")) {
		uuid_to_str(other, &info->uuid);
		pr_err("secure world refused TA %s: the file under that name "
		       "holds TA %s (the UUID in its signed header); name it "
		       "%s.ta",
		       name, other, other);
	} else if (why && strstr(why, "TA encryption key")) {
		pr_err("secure world refused TA %s: it is encrypted and %s",
		       name, why);
	} else if (why && strstr(why, "subkey")) {
		pr_err("secure world refused TA %s: its subkey chain does not "
		       "allow it (%s)",
		       name, why);
	} else {
		pr_err("secure world refused TA %s: corrupt image (%s)", name,
		       why ? why : "unknown");
	}
}

/* struct shdr_enc_keys .subkey_version: OP-TEE's subkey_ver.db check. */
static TEE_Result subkey_version(void *arg, const uint8_t uuid[16],
				 uint32_t version)
{
	const struct secure_world *sw = arg;

	return ta_ver_db_check_update(sw->state_dir, SUBKEY_VER_DB, uuid,
				      version);
}

/*
 * As OP-TEE once the whole image is verified: a TA older than one loaded
 * before is refused with TEE_ERROR_ACCESS_CONFLICT, check_update_version()'s
 * code, and a newer one raises the record in ta_ver.db.
 */
static TEE_Result check_ta_version(const struct secure_world *sw,
				   const char *name, const TEE_UUID *uuid,
				   uint32_t version)
{
	uint8_t oct[16];
	TEE_Result res;

	uuid_to_octets(oct, uuid);
	res = ta_ver_db_check_update(sw->state_dir, TA_VER_DB, oct, version);
	if (res == TEE_ERROR_ACCESS_CONFLICT)
		pr_err("secure world refused TA %s: its ta_version %u is lower "
		       "than that of a version loaded before (anti-rollback, "
		       "%s in the secure world's state directory)",
		       name, version, TA_VER_DB);
	else if (res)
		pr_err("secure world refused TA %s: its version could not be "
		       "checked against %s (0x%08x)",
		       name, TA_VER_DB, res);
	return res;
}

/**
 * struct ta_image - a fetched and verified image
 * @img:	the signed image, as fetched (owned)
 * @info:	what it holds; @info.payload is the ELF (@info.owned too)
 */
struct ta_image {
	void *img;
	struct shdr_ta_info info;
};

static void ta_image_free(struct ta_image *im)
{
	free(im->info.owned);
	free(im->img);
	memset(im, 0, sizeof(*im));
}

/*
 * Fetches image @uuid from tee-supplicant and verifies it as OP-TEE's
 * TA store does every binary it opens, a TA or a TA library: signature,
 * UUID, encryption, subkeys, then the version against ta_ver.db.  The
 * codes are OP-TEE's: TEE_ERROR_ITEM_NOT_FOUND, TEE_ERROR_SECURITY,
 * TEE_ERROR_ACCESS_CONFLICT.  Logged.
 */
static TEE_Result fetch_verified(struct sthread *t, const TEE_UUID *uuid,
				 struct ta_image *im)
{
	struct secure_world *sw = t->sw;
	struct shdr_enc_keys keys = {.get = ta_enc_key_get,
				     .subkey_version = subkey_version,
				     .arg = sw};
	char name[UUID_STR_LEN];
	const char *why = NULL;
	size_t size, len;
	TEE_Result res;

	memset(im, 0, sizeof(*im));
	uuid_to_str(name, uuid);
	res = query_size(t, uuid, &size);
	if (res == TEE_ERROR_ITEM_NOT_FOUND) {
		pr_err("TA %s not found: tee-supplicant has no %s.ta in its TA "
		       "directories (its log lists those it searched)",
		       name, name);
		return res;
	}
	if (res) {
		pr_err("TA %s could not be loaded (0x%08x)", name, res);
		return res;
	}
	res = fetch_image(t, uuid, size, &im->img, &len);
	if (res) {
		pr_err("TA %s could not be fetched (0x%08x)", name, res);
		return res;
	}
	res = shdr_verify_ta_enc(im->img, len, uuid, sw->pubkey, sw->pubkey_len,
				 &keys, &im->info, &why);
	if (res == TEE_ERROR_OUT_OF_MEMORY) {
		pr_err("TA %s: out of memory while verifying it", name);
		ta_image_free(im);
		return res;
	}
	if (res) {
		report_refused(sw, name, why, &im->info);
		ta_image_free(im);
		return TEE_ERROR_SECURITY;
	}
	res = check_ta_version(sw, name, uuid, im->info.ta_version);
	if (res)
		ta_image_free(im);
	return res;
}

/* ta_shlib_fetch_fn for a TA's libraries: @arg is the thread. */
static TEE_Result fetch_lib(void *arg, const TEE_UUID *uuid, void **elf,
			    size_t *len)
{
	struct ta_image im;
	TEE_Result res;

	res = fetch_verified(arg, uuid, &im);
	if (res)
		return res;
	*len = im.info.payload_len;
	*elf = malloc(*len);
	if (*elf)
		memcpy(*elf, im.info.payload, *len);
	else
		res = TEE_ERROR_OUT_OF_MEMORY;
	ta_image_free(&im);
	return res;
}

TEE_Result ta_load(struct sthread *t, const TEE_UUID *uuid,
		   struct ta_proc **proc, struct ta_proc_info *info)
{
	struct ta_shlib_set libs;
	struct ta_image im;
	TEE_Result res;

	res = fetch_verified(t, uuid, &im);
	if (res)
		return res;
	/* As ldelf: each TA library it links, verified as a TA is. */
	res = ta_shlib_resolve(im.info.payload, im.info.payload_len, uuid,
			       fetch_lib, t, &libs);
	if (!res)
		res = ta_proc_spawn_libs(
			libs.ta_elf ? libs.ta_elf : im.info.payload,
			im.info.payload_len, uuid, &libs, proc, info);
	ta_shlib_release(&libs);
	ta_image_free(&im);
	return res;
}
