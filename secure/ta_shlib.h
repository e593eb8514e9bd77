/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * TA shared libraries (OP-TEE's SHLIBNAME): a TA or a library names a
 * library it links by its UUID, in DT_NEEDED (the library's soname is
 * its UUID, as OP-TEE's dev kit links it).  OP-TEE's ldelf loads each
 * one through the TA store, verified as a TA is, and so does teebox: the
 * loader fetches and verifies each library (ta_loader.c), this file
 * walks the DT_NEEDED of the TA and of every library it loads, each
 * library once (a cycle, or a library the TA links twice over, is loaded
 * once, as ldelf's queue_elf() does), at most TA_ZYGOTE_MAX_LIBS.
 *
 * glibc cannot be given a library by its soname before the TA is loaded
 * (a library loaded first cannot bind the TA's own symbols, which it
 * calls: TEE_Panic, TEE_Malloc...), so each UUID in a DT_NEEDED is
 * rewritten, in the secure world's copy of the image, to the path of the
 * descriptor the library will have in the TA zygote's child:
 * "/proc/self/fd/<n>" (TA_ZYGOTE_LIB_FD()), padded with NULs to the 36
 * bytes of the UUID.  dlopen of the TA then loads its libraries as ld.so
 * loads a program's, with the TA first in their scope.  A DT_NEEDED of
 * the TA's own UUID, in a library, names the TA's image; in the TA itself
 * it is refused (TEE_ERROR_BAD_FORMAT).  Only the zygote can load such
 * a TA: ta_proc.c refuses to exec it.
 *
 * Every image here was verified before its DT_NEEDED are read; they are
 * still read as the TA author's, not trusted to be well formed.
 */
#ifndef TEEBOX_SECURE_TA_SHLIB_H
#define TEEBOX_SECURE_TA_SHLIB_H

#include <stddef.h>

#include "ta/include/tee_api_types.h"
#include "teebox/ta_zygote.h"

/**
 * struct ta_shlib - one TA library
 * @uuid:	its UUID (its soname)
 * @elf, @len:	its verified ELF, with its own UUID DT_NEEDED rewritten
 *		(owned)
 */
struct ta_shlib {
	TEE_UUID uuid;
	void *elf;
	size_t len;
};

/**
 * struct ta_shlib_set - the TA libraries of one TA
 * @n:		how many, in the order of TA_ZYGOTE_LIB_FD()
 * @lib:	the libraries
 * @ta_elf:	the TA's ELF with its UUID DT_NEEDED rewritten (owned);
 *		NULL when it links no TA library (@n is then 0)
 */
struct ta_shlib_set {
	unsigned int n;
	struct ta_shlib lib[TA_ZYGOTE_MAX_LIBS];
	void *ta_elf;
};

/**
 * typedef ta_shlib_fetch_fn - fetch and verify a TA library
 * @arg:	the caller's
 * @uuid:	the library
 * @elf, @len:	[out] its verified ELF, which the caller frees (malloc)
 * Return: TEE_SUCCESS, or the code the client gets (logged there):
 * TEE_ERROR_ITEM_NOT_FOUND when there is none, TEE_ERROR_SECURITY when
 * it does not verify.
 */
typedef TEE_Result (*ta_shlib_fetch_fn)(void *arg, const TEE_UUID *uuid,
					void **elf, size_t *len);

/**
 * ta_shlib_resolve() - load the TA libraries a TA links, recursively
 * @ta, @ta_len: the TA's verified ELF
 * @ta_uuid:	its UUID
 * @fetch, @arg: how to get a library
 * @set:	[out] the libraries; release with ta_shlib_release(), also
 *		after a failure
 * Return: TEE_SUCCESS; what @fetch returned; TEE_ERROR_BAD_FORMAT when
 * a dynamic section is malformed; TEE_ERROR_OUT_OF_MEMORY when there is
 * no memory or more than TA_ZYGOTE_MAX_LIBS libraries (logged).
 */
TEE_Result ta_shlib_resolve(const void *ta, size_t ta_len,
			    const TEE_UUID *ta_uuid, ta_shlib_fetch_fn fetch,
			    void *arg, struct ta_shlib_set *set);

/** ta_shlib_release() - free what ta_shlib_resolve() gave @set */
void ta_shlib_release(struct ta_shlib_set *set);

#endif
