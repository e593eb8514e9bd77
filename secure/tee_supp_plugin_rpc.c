// SPDX-License-Identifier: BSD-2-Clause
/*
 * OPTEE_RPC_CMD_SUPP_PLUGIN requests (tee_supp_plugin_rpc.h), laid out
 * as OP-TEE's tee_invoke_supp_plugin_rpc() lays them out (docs/abi.md
 * §5.4): value[0] = INVOKE and UUID words 0-1, value[1] = words 2-3 and
 * the command, value[2] = the sub-command in, the answer's length out,
 * memref[3] = the data in normal-world memory of type APPL.
 *
 * Decoder: the supplicant and its plugins are not trusted.  The data
 * comes back once, after the answer, and never more than was sent
 * whatever length the answer claims.
 */
#include <string.h>

#include "drivers/tee/optee/optee_msg.h"
#include "drivers/tee/optee/optee_rpc_cmd.h"
#include "machine/nw_ram_sw.h"
#include "tee_supp_plugin_rpc.h"
#include "thread_rpc.h"
#include "uuid.h"

/*
 * The UUID as four u32 words of its RFC 4122 octets in memory order (what
 * OP-TEE's tee_uuid_to_octets() into a u32 array gives): the supplicant
 * puts the words back into octets the same way.
 */
static void uuid_words(const TEE_UUID *uuid, uint32_t w[4])
{
	uint8_t octets[UUID_OCTETS_LEN];

	uuid_to_octets(octets, uuid);
	memcpy(w, octets, sizeof(octets));
}

TEE_Result tee_invoke_supp_plugin_rpc(struct sthread *t, const TEE_UUID *uuid,
				      uint32_t cmd, uint32_t sub_cmd, void *buf,
				      size_t len, size_t *outlen)
{
	struct rpc_param p[4];
	struct nw_mem mem = {0};
	uint64_t cookie = 0;
	uint32_t w[4];
	TEE_Result res;
	size_t n;

	*outlen = 0;
	if (!uuid || (len && !buf) || (!len && buf))
		return TEE_ERROR_BAD_PARAMETERS;
	if (len) {
		res = thread_rpc_shm_alloc(t, OPTEE_RPC_SHM_TYPE_APPL, len,
					   &mem, &cookie);
		if (res)
			return res;
		memcpy(mem.va, buf, len);
	}
	uuid_words(uuid, w);
	rpc_param_value(&p[0], OPTEE_MSG_ATTR_TYPE_VALUE_INPUT,
			OPTEE_RPC_SUPP_PLUGIN_INVOKE, w[0], w[1]);
	rpc_param_value(&p[1], OPTEE_MSG_ATTR_TYPE_VALUE_INPUT, w[2], w[3],
			cmd);
	rpc_param_value(&p[2], OPTEE_MSG_ATTR_TYPE_VALUE_INOUT, sub_cmd, 0, 0);
	memset(&p[3], 0, sizeof(p[3]));
	p[3].attr = OPTEE_MSG_ATTR_TYPE_TMEM_INOUT;
	if (len) {
		p[3].u.tmem.buf_ptr = mem.pa;
		p[3].u.tmem.size = len;
		p[3].u.tmem.shm_ref = cookie;
	}

	res = thread_rpc_cmd(t, OPTEE_RPC_CMD_SUPP_PLUGIN, 4, p);
	*outlen = (size_t)p[2].u.value.b;
	/* A plugin may say more than it had room for: never read past. */
	n = *outlen < len ? *outlen : len;
	if (n)
		memcpy(buf, mem.va, n);
	if (len)
		thread_rpc_shm_free(t, OPTEE_RPC_SHM_TYPE_APPL, cookie, &mem);
	return res;
}
