/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The compiler attribute shorthands OP-TEE gives every TA through
 * <tee_internal_api.h> (OP-TEE's compiler.h: the same names and
 * meanings), for GCC and clang.  Each is defined only when the C library
 * or the TA has not defined it already (glibc's <sys/cdefs.h> has some).
 */
#ifndef TEEBOX_TA_COMPILER_H
#define TEEBOX_TA_COMPILER_H

#ifndef __unused
#define __unused __attribute__((unused))
#endif
#ifndef __maybe_unused
#define __maybe_unused __attribute__((unused))
#endif
#ifndef __used
#define __used __attribute__((__used__))
#endif
#ifndef __weak
#define __weak __attribute__((weak))
#endif
#ifndef __alias
#define __alias(x) __attribute__((alias(x)))
#endif
#ifndef __packed
#define __packed __attribute__((packed))
#endif
#ifndef __aligned
#define __aligned(x) __attribute__((aligned(x)))
#endif
#ifndef __section
#define __section(x) __attribute__((section(x)))
#endif
#ifndef __data
#define __data __section(".data")
#endif
#ifndef __bss
#define __bss __section(".bss")
#endif
#ifndef __rodata
#define __rodata __section(".rodata")
#endif
#ifndef __noreturn
#define __noreturn __attribute__((__noreturn__))
#endif
#ifndef __pure
#define __pure __attribute__((pure))
#endif
#ifndef __attr_const
#define __attr_const __attribute__((__const__))
#endif
#ifndef __cold
#define __cold __attribute__((__cold__))
#endif
#ifndef __noinline
#define __noinline __attribute__((noinline))
#endif
#ifndef __must_check
#define __must_check __attribute__((warn_unused_result))
#endif
#ifndef __deprecated
#define __deprecated __attribute__((deprecated))
#endif
#ifndef __printf
#define __printf(a, b) __attribute__((format(printf, a, b)))
#endif
#ifndef __no_stack_protector
#define __no_stack_protector __attribute__((no_stack_protector))
#endif
#ifndef __no_stackprot
#define __no_stackprot __no_stack_protector
#endif
#ifndef __noprof
#define __noprof __attribute__((no_instrument_function))
#endif
#ifndef __nostackcheck
#define __nostackcheck __attribute__((no_instrument_function))
#endif
#ifndef __no_asan
#define __no_asan __attribute__((no_sanitize_address))
#endif

#ifndef fallthrough
#define fallthrough __attribute__((__fallthrough__))
#endif

#ifndef barrier
#define barrier() __asm__ __volatile__("" : : : "memory")
#endif

#define __compiler_bswap16(x) __builtin_bswap16(x)
#define __compiler_bswap32(x) __builtin_bswap32(x)
#define __compiler_bswap64(x) __builtin_bswap64(x)

/* true when the result overflowed (*res holds it truncated). */
#define __compiler_add_overflow(a, b, res) __builtin_add_overflow(a, b, res)
#define __compiler_sub_overflow(a, b, res) __builtin_sub_overflow(a, b, res)
#define __compiler_mul_overflow(a, b, res) __builtin_mul_overflow(a, b, res)

/* Strong compare-and-swap: true when *p was *oval and is now nval. */
#define __compiler_compare_and_swap(p, oval, nval)                             \
	__atomic_compare_exchange_n((p), (oval), (nval), 0, __ATOMIC_ACQ_REL,  \
				    __ATOMIC_RELAXED)
#define __compiler_atomic_load(p) __atomic_load_n((p), __ATOMIC_RELAXED)
#define __compiler_atomic_store(p, v)                                          \
	__atomic_store_n((p), (v), __ATOMIC_RELAXED)

#endif /* TEEBOX_TA_COMPILER_H */
