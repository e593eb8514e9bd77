// SPDX-License-Identifier: BSD-2-Clause
/*
 * The system pseudo TA (OP-TEE's core/pta/system.c; the interface and
 * what teebox answers to each command are in ta/include/pta_system.h).
 * Only a TA may open a session, as in OP-TEE: it serves the calling TA,
 * whose identity the trusted OS knows, never a client.
 *
 * Decoder: the parameters come from a TA through the TA-to-TA path,
 * which checked that each memref lies in the caller's transfer bank.
 * Types are checked exactly; sizes against OP-TEE's limits; every input
 * buffer is copied once before it is used, and the TA may keep writing
 * its bank meanwhile.
 */
#include <errno.h>
#include <limits.h>
#include <string.h>

#include <openssl/crypto.h>
#include <openssl/rand.h>

#include "huk.h"
#include "kernel/alloc.h"
#include "kernel/log.h"
#include "pta.h"
#include "secure_world.h"
#include "sw_storage.h"
#include "ta/include/pta_system.h"
#include "ta/include/tee_api_defines.h"
#include "tee_supp_plugin_rpc.h"
#include "thread.h"

#define PT(a, b, c, d)                                                         \
	TEE_PARAM_TYPES(TEE_PARAM_TYPE_##a, TEE_PARAM_TYPE_##b,                \
			TEE_PARAM_TYPE_##c, TEE_PARAM_TYPE_##d)

/* What RAND_add() takes at once (its length is an int). */
#define RNG_CHUNK 4096

/*
 * PTA_SYSTEM_ADD_RNG_ENTROPY: OP-TEE mixes the bytes into its one RNG
 * pool (crypto_rng_add_event(), as a non-secure source).  Here they
 * reseed the trusted OS's libcrypto DRBG as additional input, credited
 * with no entropy: the caller's bytes can only add to the DRBG's state,
 * never replace what the kernel's RNG gives it.  A TA's own
 * TEE_GenerateRandom() draws from its process's DRBG, which this does
 * not reach (docs/ta-developer-guide.md).
 */
static TEE_Result rng_reseed(uint32_t types, struct ta_call_param params[4])
{
	const uint8_t *in = pta_memref_buffer(&params[0]);
	size_t size = params[0].u.memref.size;
	uint8_t *copy;

	if (types != PT(MEMREF_INPUT, NONE, NONE, NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	if (!size || !in)
		return TEE_ERROR_BAD_PARAMETERS;
	copy = kmalloc(size);
	if (!copy)
		return TEE_ERROR_OUT_OF_MEMORY;
	memcpy(copy, in, size);
	for (size_t off = 0; off < size; off += RNG_CHUNK) {
		size_t n = size - off < RNG_CHUNK ? size - off : RNG_CHUNK;

		RAND_add(copy + off, (int)n, 0.0);
	}
	OPENSSL_cleanse(copy, size);
	kfree(copy);
	return TEE_SUCCESS;
}

/* HUK_SUBKEY_UNIQUE_TA of @data into @key; the HUK stays on this stack. */
static TEE_Result derive_unique_ta(const struct secure_world *sw,
				   const uint8_t *data, size_t len,
				   uint8_t *key, size_t key_len)
{
	uint8_t huk[HUK_SIZE];
	int rc;

	rc = sw_huk_load(sw, huk);
	if (rc) {
		pr_err("system PTA: no hardware unique key (%s)",
		       strerror(-rc));
		return TEE_ERROR_GENERIC;
	}
	rc = huk_subkey_derive(huk, HUK_SUBKEY_UNIQUE_TA, data, len, key,
			       key_len);
	OPENSSL_cleanse(huk, sizeof(huk));
	return rc ? TEE_ERROR_GENERIC : TEE_SUCCESS;
}

/*
 * PTA_SYSTEM_DERIVE_TA_UNIQUE_KEY, with OP-TEE's rules: extra data of at
 * most TA_DERIVED_EXTRA_DATA_MAX_SIZE bytes, a key of
 * TA_DERIVED_KEY_MIN_SIZE..TA_DERIVED_KEY_MAX_SIZE bytes (else
 * BAD_PARAMETERS), and an output buffer that is secure memory (else
 * TEE_ERROR_SECURITY: the key must not land in a client's shared memory
 * by mistake).  The key is HMAC-SHA-256(HUK, usage UNIQUE_TA || the
 * caller's TEE_UUID as it lies in memory || the extra data), cut to
 * size, as OP-TEE's huk_subkey_derive().
 */
static TEE_Result derive_ta_unique_key(struct sthread *t,
				       const struct pta_caller *caller,
				       uint32_t types,
				       struct ta_call_param params[4])
{
	const uint8_t *extra = pta_memref_buffer(&params[0]);
	size_t extra_len = params[0].u.memref.size;
	uint8_t *out = pta_memref_buffer(&params[1]);
	size_t key_len = params[1].u.memref.size;
	uint8_t key[TA_DERIVED_KEY_MAX_SIZE];
	uint8_t data[sizeof(TEE_UUID) + TA_DERIVED_EXTRA_DATA_MAX_SIZE];
	TEE_Result res;

	if (types != PT(MEMREF_INPUT, MEMREF_OUTPUT, NONE, NONE))
		return TEE_ERROR_BAD_PARAMETERS;
	if (extra_len > TA_DERIVED_EXTRA_DATA_MAX_SIZE ||
	    key_len < TA_DERIVED_KEY_MIN_SIZE ||
	    key_len > TA_DERIVED_KEY_MAX_SIZE)
		return TEE_ERROR_BAD_PARAMETERS;
	if (!pta_memref_secure(&params[1]) || !out)
		return TEE_ERROR_SECURITY;

	memcpy(data, &caller->client.uuid, sizeof(TEE_UUID));
	if (extra_len)
		memcpy(data + sizeof(TEE_UUID), extra, extra_len);
	res = derive_unique_ta(t->sw, data, sizeof(TEE_UUID) + extra_len, key,
			       key_len);
	if (!res)
		memcpy(out, key, key_len);
	OPENSSL_cleanse(key, sizeof(key));
	OPENSSL_cleanse(data, sizeof(data));
	return res;
}

/*
 * PTA_SYSTEM_SUPP_PLUGIN_INVOKE: OP-TEE's parameter rules, then the RPC
 * with the data copied out of the TA's bank and back.  The answer's
 * length goes to the TA as the supplicant gave it (OP-TEE's
 * (uint32_t)outlen; saturated here rather than cut), even when the
 * plugin claims more than the buffer held: only the buffer's worth of
 * bytes comes back.
 */
static TEE_Result supp_plugin_invoke(struct sthread *t, uint32_t types,
				     struct ta_call_param params[4])
{
	const void *uuid_buf = pta_memref_buffer(&params[0]);
	size_t outlen = 0;
	TEE_Result res;
	TEE_UUID uuid;

	if (types != PT(MEMREF_INPUT, VALUE_INPUT, MEMREF_INOUT, VALUE_OUTPUT))
		return TEE_ERROR_BAD_PARAMETERS;
	if (!uuid_buf || params[0].u.memref.size != sizeof(uuid))
		return TEE_ERROR_BAD_PARAMETERS;
	memcpy(&uuid, uuid_buf, sizeof(uuid));
	/* The data is read once into the RPC's buffer, written back once. */
	res = tee_invoke_supp_plugin_rpc(t, &uuid, params[1].u.value.a,
					 params[1].u.value.b,
					 pta_memref_buffer(&params[2]),
					 params[2].u.memref.size, &outlen);
	params[3].u.value.a =
		outlen > UINT32_MAX ? UINT32_MAX : (uint32_t)outlen;
	params[3].u.value.b = 0;
	return res;
}

static TEE_Result system_open(const struct pta_caller *caller)
{
	/* OP-TEE: the calling session must be a user TA's. */
	return caller->from_ta ? TEE_SUCCESS : TEE_ERROR_ACCESS_DENIED;
}

static TEE_Result system_invoke(struct sthread *t,
				const struct pta_caller *caller, uint32_t cmd,
				uint32_t types, struct ta_call_param params[4])
{
	switch (cmd) {
	case PTA_SYSTEM_ADD_RNG_ENTROPY:
		return rng_reseed(types, params);
	case PTA_SYSTEM_DERIVE_TA_UNIQUE_KEY:
		return derive_ta_unique_key(t, caller, types, params);
	case PTA_SYSTEM_SUPP_PLUGIN_INVOKE:
		return supp_plugin_invoke(t, types, params);
	case PTA_SYSTEM_MAP_ZI:
	case PTA_SYSTEM_UNMAP:
	case PTA_SYSTEM_DLOPEN:
	case PTA_SYSTEM_DLSYM:
	case PTA_SYSTEM_GET_TPM_EVENT_LOG:
		/*
		 * A TA's address space, ldelf's libraries and a firmware
		 * TPM log, which the trusted OS does not have here.
		 */
		return TEE_ERROR_NOT_SUPPORTED;
	default:
		/* OP-TEE's answer to any other command, ldelf's included. */
		return TEE_ERROR_NOT_IMPLEMENTED;
	}
}

const struct pseudo_ta pta_system = {
	.name = "system.pta",
	.uuid = PTA_SYSTEM_UUID,
	.open = system_open,
	.invoke = system_invoke,
};
