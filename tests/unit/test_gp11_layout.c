// SPDX-License-Identifier: BSD-2-Clause
/*
 * test_gp11_layout: the GP 1.1 types a TA built with
 * __OPTEE_CORE_API_COMPAT_1_1 sees under the standard names
 * (ta/include/tee_api_types.h), against ABI-FACTS-INTERNAL §1.8 (OP-TEE's
 * lib/libutee/include/tee_api_types.h), beside their 1.3.1 forms.  A
 * wrong size or offset stops the build (_Static_assert); the cmocka test
 * says the same at run time, for a build that looks at the log only.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "ta/include/tee_api_types.h"

/* A pointer-sized figure: LP64 / ILP32. */
#define LP(a, b) (sizeof(void *) == 8 ? (a) : (b))

#define LAYOUTS(X)                                                             \
	X(sizeof(__GP11_TEE_Param), LP(16, 8))                                 \
	X(offsetof(__GP11_TEE_Param, memref.buffer), 0)                        \
	X(offsetof(__GP11_TEE_Param, memref.size), LP(8, 4))                   \
	X(sizeof(((__GP11_TEE_Param *)0)->memref.size), 4)                     \
	X(offsetof(__GP11_TEE_Param, value.a), 0)                              \
	X(offsetof(__GP11_TEE_Param, value.b), 4)                              \
	X(sizeof(__GP11_TEE_Attribute), LP(24, 12))                            \
	X(offsetof(__GP11_TEE_Attribute, attributeID), 0)                      \
	X(offsetof(__GP11_TEE_Attribute, content.ref.buffer), LP(8, 4))        \
	X(offsetof(__GP11_TEE_Attribute, content.ref.length), LP(16, 8))       \
	X(sizeof(((__GP11_TEE_Attribute *)0)->content.ref.length), 4)          \
	X(offsetof(__GP11_TEE_Attribute, content.value.a), LP(8, 4))           \
	X(offsetof(__GP11_TEE_Attribute, content.value.b), LP(12, 8))          \
	X(sizeof(__GP11_TEE_ObjectInfo), 28)                                   \
	X(offsetof(__GP11_TEE_ObjectInfo, objectType), 0)                      \
	X(offsetof(__GP11_TEE_ObjectInfo, keySize), 4)                         \
	X(offsetof(__GP11_TEE_ObjectInfo, maxKeySize), 8)                      \
	X(offsetof(__GP11_TEE_ObjectInfo, objectUsage), 12)                    \
	X(offsetof(__GP11_TEE_ObjectInfo, dataSize), 16)                       \
	X(offsetof(__GP11_TEE_ObjectInfo, dataPosition), 20)                   \
	X(offsetof(__GP11_TEE_ObjectInfo, handleFlags), 24)                    \
	X(sizeof(TEE_Param), LP(16, 8))                                        \
	X(offsetof(TEE_Param, memref.size), LP(8, 4))                          \
	X(sizeof(((TEE_Param *)0)->memref.size), sizeof(size_t))               \
	X(sizeof(TEE_Attribute), LP(24, 12))                                   \
	X(offsetof(TEE_Attribute, content.ref.length), LP(16, 8))              \
	X(sizeof(TEE_ObjectInfo), LP(40, 28))                                  \
	X(offsetof(TEE_ObjectInfo, dataSize), 16)                              \
	X(offsetof(TEE_ObjectInfo, dataPosition), LP(24, 20))                  \
	X(offsetof(TEE_ObjectInfo, handleFlags), LP(32, 24))

#define STATIC_CHECK(expr, value) _Static_assert((expr) == (value), #expr);
LAYOUTS(STATIC_CHECK)

static void test_layouts(void **state)
{
	(void)state;
#define RUNTIME_CHECK(expr, value) assert_int_equal((expr), (value));
	LAYOUTS(RUNTIME_CHECK)
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_layouts),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
