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
 *  - the DRBGs are left to their first use (RAND_bytes(), in a TA call,
 *    under the sandbox): instantiating them fetches the DRBG and its
 *    AES-256-CTR cipher, which builds libcrypto's method stores, about
 *    2.5 ms of every TA start on this kind of VM, needed only by a TA
 *    that asks for random bytes or generates keys.  That needs no file:
 *    the seed comes from getrandom() (allowed by the sandbox, as for
 *    reseeding), and the cipher from the built-in provider loaded here.
 *    A DRBG that cannot start makes that call fail (TEE_GenerateRandom
 *    panics, as for any failed reseed); tests/e2e/test_internal_crypto.c
 *    draws the first random bytes of a fresh TA under the sandbox.
 */
#include <openssl/crypto.h>
#include <openssl/provider.h>

#include "utee_crypto.h"
#include "utee_priv.h"

int utee_crypto_init(void)
{
	if (utee_heap_exempt_crypto())
		return -1;
	if (!OPENSSL_init_crypto(
		    OPENSSL_INIT_NO_LOAD_CONFIG | OPENSSL_INIT_NO_ATEXIT, NULL))
		return -1;
	if (!OSSL_PROVIDER_load(NULL, "default"))
		return -1;
	return 0;
}
