/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What libutee's GP 1.1 twins (tee_api_compat_*.c, tee_api_compat.h)
 * share: conversions between the 1.1 and 1.3.1 layouts and sizes.
 */
#ifndef UTEE_COMPAT_H
#define UTEE_COMPAT_H

#include <stddef.h>
#include <stdint.h>

#include <tee_internal_api.h>

/**
 * utee_gp11_len_out() - *@len = @l, a size a 1.3.1 function wrote back;
 * one that does not fit 32 bits makes the TA panic, as a 1.1 TA cannot be
 * told it
 * @len:	the 1.1 caller's size
 * @l:		the 1.3.1 size
 */
void utee_gp11_len_out(uint32_t *len, size_t l);

/**
 * utee_gp11_attrs() - @n 1.1 attributes as 1.3.1 ones, in a TEE_Malloc'd
 * array (a value attribute's a and b, a buffer's pointer and length)
 * @attrs:	the 1.1 attributes
 * @n:		how many
 * Return: the array, to be given to utee_gp11_attrs_free(); NULL when
 * @attrs is NULL or @n is 0 (the 1.3.1 function then judges the call).
 * The TA panics when its heap cannot hold the array.
 */
TEE_Attribute *utee_gp11_attrs(const __GP11_TEE_Attribute *attrs, uint32_t n);

/** utee_gp11_attrs_free() - free what utee_gp11_attrs() returned. */
void utee_gp11_attrs_free(TEE_Attribute *attrs);

/**
 * utee_gp11_info() - @src in GP 1.1's layout: the key sizes under their
 * old names, the data size and position cut to 32 bits
 * @dst:	the 1.1 info
 * @src:	the 1.3.1 info
 */
void utee_gp11_info(__GP11_TEE_ObjectInfo *dst, const TEE_ObjectInfo *src);

/**
 * utee_gp11_params_to() - the parameters @src of types @pt in GP 1.1's
 * layout: values copied, memrefs' buffers copied and sizes cut to 32 bits
 * (OP-TEE's to_gp11_param())
 * @pt:		the parameter types
 * @src:	the 1.3.1 parameters
 * @dst:	the 1.1 parameters
 */
void utee_gp11_params_to(uint32_t pt, const TEE_Param src[TEE_NUM_PARAMS],
			 __GP11_TEE_Param dst[TEE_NUM_PARAMS]);

/**
 * utee_gp11_params_from() - the other way (OP-TEE's from_gp11_param())
 * @pt:		the parameter types
 * @src:	the 1.1 parameters
 * @dst:	the 1.3.1 parameters
 */
void utee_gp11_params_from(uint32_t pt,
			   const __GP11_TEE_Param src[TEE_NUM_PARAMS],
			   TEE_Param dst[TEE_NUM_PARAMS]);

#endif /* UTEE_COMPAT_H */
