// SPDX-License-Identifier: BSD-2-Clause
/*
 * The PKCS#11 TA's deserializer on any control buffer a client can send:
 * the arguments of GENERATE_KEY (session, mechanism, template), every
 * attribute of an accepted template read back, and an accepted template
 * rebuilt attribute by attribute, which must check again to the same
 * size.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "serializer.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void walk(const uint8_t *tpl, size_t size)
{
	struct pkcs11_tpl t;
	uint32_t n, id, vsize, v;
	size_t used = 0;

	pkcs11_tpl_init(&t);
	for (n = 0; n < pkcs11_tpl_count(tpl); n++) {
		const uint8_t *val = pkcs11_tpl_attr(tpl, n, &id, &vsize);

		if (!val || val + vsize > tpl + size)
			abort();
		pkcs11_tpl_get(tpl, id, NULL, NULL);
		pkcs11_tpl_get_u32(tpl, id, &v);
		pkcs11_tpl_get_bool(tpl, id, false);
		if (pkcs11_tpl_add(&t, id, val, vsize))
			abort();
	}
	if (t.buf) {
		if (pkcs11_tpl_check(t.buf, t.size, &used) || used != size)
			abort();
		if (n)
			pkcs11_tpl_remove(&t, id);
		if (pkcs11_tpl_check(t.buf, t.size, &used) || used != t.size)
			abort();
	}
	pkcs11_tpl_release(&t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *tpl = NULL;
	const void *param = NULL;
	uint32_t session, mech, psize;
	struct serialargs a;
	size_t tsize = 0;

	/* The template alone (FIND_OBJECTS_INIT after its session). */
	if (!pkcs11_tpl_check(data, size, &tsize))
		walk(data, tsize);

	serialargs_init(&a, data, size);
	if (serialargs_get_u32(&a, &session) || serialargs_get_u32(&a, &mech) ||
	    serialargs_get_u32(&a, &psize) ||
	    serialargs_get_ptr(&a, &param, psize) ||
	    serialargs_get_template(&a, &tpl, &tsize))
		return 0;
	if (tpl < data || tpl + tsize > data + size)
		abort();
	walk(tpl, tsize);
	serialargs_remaining_bytes(&a);
	return 0;
}
