/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Link N of a chain of TA shared libraries (tests/devkit/shlib_chain):
 * chain_N(x) is N + chain_N-1(x), and chain_1(x) is x + 1.
 */
#ifndef CHAIN_H
#define CHAIN_H

#define CHAIN_CAT2(a, b) a##b
#define CHAIN_CAT(a, b)	 CHAIN_CAT2(a, b)
/* chain_<n>: the function of link @n. */
#define CHAIN_FN(n) CHAIN_CAT(chain_, n)

#endif
