// SPDX-License-Identifier: BSD-2-Clause
/*
 * Fuzz target: tee-supplicant's OPTEE_RPC_CMD_SUPP_PLUGIN decoder
 * (supplicant/plugin.c) through supp_dispatch(), with the test plugins
 * of tests/e2e/plugins loaded from their directory, so that requests
 * reach a plugin's invoke.  Parameters and shared memory come from the
 * input; ASan checks that nothing reads or writes outside the shared
 * memory the request names.
 *
 * Input: n (1 byte: n % 5 parameters; with bit 7 set and four of them,
 * the "test" plugin's UUID goes into value[0].b/c and value[1].a/b),
 * then per parameter: type (1 byte) and a, b, c (2 bytes each); the rest
 * is the shared memory.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "drivers/tee/optee/optee_rpc_cmd.h"
#include "fuzz_supp_param.h"
#include "supplicant/supplicant.h"

#define SHM_ID	 FUZZ_SUPP_SHM_ID
#define SHM_SIZE FUZZ_SUPP_SHM_SIZE

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The "test" plugin's UUID as the secure world sends it (4 words). */
static const uint32_t test_words[4] = {0xaef8b215, 0x034a8539, 0xddc79a9f,
				       0x193be3af};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct supplicant s;
	static uint8_t *mem;
	struct tee_ioctl_param params[4];
	struct supp_shm shm = {.id = SHM_ID, .fd = -1, .size = SHM_SIZE};
	size_t n;

	if (!mem) {
		/* Exactly the shared memory's size: ASan sees any overrun. */
		mem = malloc(SHM_SIZE);
		if (!mem)
			abort();
		supp_init(&s, "/nonexistent");
		s.plugin_path = TEEBOX_TEST_PLUGIN_DIR;
		supp_plugin_load_all(&s);
	}
	if (size < 1)
		return 0;
	n = data[0] % 5;
	if (size < 1 + 7 * n)
		return 0;
	for (size_t i = 0; i < n; i++)
		fuzz_supp_param(&params[i], data + 1 + 7 * i, 8, 0);
	if (n == 4 && (data[0] & 0x80)) {
		params[0].b = test_words[0];
		params[0].c = test_words[1];
		params[1].a = test_words[2];
		params[1].b = test_words[3];
	}
	memset(mem, 0, SHM_SIZE);
	memcpy(mem, data + 1 + 7 * n,
	       size - 1 - 7 * n < SHM_SIZE ? size - 1 - 7 * n : SHM_SIZE);
	shm.va = mem;
	s.shms = &shm;
	s.nshms = 1;
	supp_dispatch(&s, OPTEE_RPC_CMD_SUPP_PLUGIN, n, params);
	s.shms = NULL;
	s.nshms = 0;
	return 0;
}
