/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ECDSA signatures from libcrypto's DER form to GP's r || s.
 */
#ifndef UTEE_ECDSA_DER_H
#define UTEE_ECDSA_DER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/**
 * utee_ecdsa_der_to_rs() - an ECDSA-Sig-Value (SEC 1 C.5: a SEQUENCE of
 * the INTEGERs r and s, DER) as GP lays a signature out: r then s, each
 * unsigned big-endian in @half bytes
 * @der:	the DER bytes
 * @len:	their number
 * @rs:		2 * @half bytes out
 * @half:	the curve order's length in bytes
 *
 * Nothing is allocated: the signature is libcrypto's and only its framing
 * is read, where d2i_ECDSA_SIG() would build an ECDSA_SIG and two
 * BIGNUMs per signature.
 *
 * Return: true, or false when @der is not one such SEQUENCE (negative
 * integers, a value longer than @half, bytes left over included).
 */
bool utee_ecdsa_der_to_rs(const uint8_t *der, size_t len, uint8_t *rs,
			  size_t half);

#endif
