// SPDX-License-Identifier: BSD-2-Clause
/*
 * libcrypto in a TA process.  Crypto runs in the TA, on the system's
 * OpenSSL libcrypto (docs/architecture.md, "Where TA crypto runs"); it
 * is brought up in main() before the seccomp filter, while files may
 * still be opened: afterwards it needs nothing the sandbox forbids.
 *  - its allocations are not the TA's heap (utee_malloc.c);
 *  - no configuration file (OPENSSL_INIT_NO_LOAD_CONFIG): a TA's crypto
 *    does not depend on the machine's openssl.cnf;
 *  - the default provider, which is built into libcrypto (no module is
 *    loaded from disk), fetched now;
 *  - the DRBGs seeded from getrandom(), which the sandbox allows for
 *    reseeding as well.
 */
#include <openssl/crypto.h>
#include <openssl/provider.h>
#include <openssl/rand.h>

#include "utee_crypto.h"
#include "utee_priv.h"

int utee_crypto_init(void)
{
	unsigned char probe[1];

	if (utee_heap_exempt_crypto())
		return -1;
	if (!OPENSSL_init_crypto(
		    OPENSSL_INIT_NO_LOAD_CONFIG | OPENSSL_INIT_NO_ATEXIT, NULL))
		return -1;
	if (!OSSL_PROVIDER_load(NULL, "default"))
		return -1;
	if (RAND_bytes(probe, sizeof(probe)) != 1 ||
	    RAND_priv_bytes(probe, sizeof(probe)) != 1)
		return -1;
	OPENSSL_cleanse(probe, sizeof(probe));
	return 0;
}
