/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * teebox-sign's own interfaces: what one of its files calls in another.
 * The tool is split by concern:
 *
 *   teebox-sign.c   the command table and main()
 *   sign_args.c     option values (numbers, UUIDs, --algo)
 *   sign_io.c       messages, and the files it reads and writes
 *   sign_keys.c     signing keys: loading, keygen, pubkey
 *   sign_elf.c      the TA's UUID in its ELF's .ta_head
 *   sign_shdr.c     the signed header: sign
 *   sign_verify.c   verify and info
 *   sign_subkey.c   subkey chains: sign-subkey, subkey-uuid, --subkey
 *   sign_enc.c      encrypted TAs: --enc-key, ta-enc-key
 *
 * Every function returning int here returns an exit status (EXIT_OK,
 * EXIT_FAIL or EXIT_USAGE) and has already told the user what went wrong,
 * unless its comment says otherwise.
 */
#ifndef TEEBOX_TOOLS_SIGN_PRIV_H
#define TEEBOX_TOOLS_SIGN_PRIV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include <openssl/evp.h>
/* The image format is little-endian throughout. */
#include <tbx/byteorder.h>

#include "secure/shdr_enc.h"
#include "secure/uuid.h"
#include "ta/include/tee_api_types.h"

#define PROG "teebox-sign"

/* Exit statuses. */
#define EXIT_OK	   0
#define EXIT_FAIL  1
#define EXIT_USAGE 2

/* Largest file we read: a TA's img_size is a u32 anyway. */
#define MAX_INPUT_SIZE ((size_t)1 << 30)
/* The section holding struct ta_head, whose first member is the UUID. */
#define TA_HEAD_SECTION ".ta_head"

/* Options as parsed; which ones a command accepts is checked per command. */
struct opts {
	const char *out, *key, *in, *symbol, *uuid, *pubkey_der;
	const char *bits, *ta_version, *algo;
	const char *subkey, *name, *name_size, *max_depth, *subkey_version;
	const char *enc_key, *enc_key_type, *huk;
	bool force;
};

/* What the last subkey of a chain says. */
struct chain_tail {
	unsigned int count;
	uint8_t uuid[UUID_OCTETS_LEN];
	uint32_t name_size;
	uint32_t max_depth;
};

/* ---- sign_io.c ---- */

/**
 * fail() - report a failure: "teebox-sign: <message>" on stderr
 * @fmt:	printf format of the message, without a newline
 *
 * Return: EXIT_FAIL.
 */
int fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/**
 * fail_ossl() - fail() with OpenSSL's reason for its last error appended
 * @fmt:	printf format of the message, without a newline
 *
 * Clears the thread's OpenSSL error queue.
 *
 * Return: EXIT_FAIL.
 */
int fail_ossl(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/**
 * bad_usage() - report a bad command line, as fail() does
 * @fmt:	printf format of the message, without a newline
 *
 * Return: EXIT_USAGE.
 */
int bad_usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/**
 * read_file() - read a whole regular file of at most MAX_INPUT_SIZE bytes
 * @path:	the file
 * @data:	on success, a malloc'd copy of its bytes: the caller's to
 *		free()
 * @len:	on success, how many
 *
 * Return: EXIT_OK or EXIT_FAIL.
 */
int read_file(const char *path, uint8_t **data, size_t *len);

/**
 * write_file() - write @len bytes to @path through a temporary file in
 * the same directory, renamed (or linked) into place
 * @path:	the file to create
 * @data:	its contents
 * @len:	bytes at @data
 * @mode:	its mode, applied as given (0600 for keys) or, when
 *		@apply_umask, masked by the umask as open() would
 * @apply_umask: see @mode
 * @replace:	replace an existing @path; without it an existing @path is
 *		left alone and the call fails
 *
 * A failed call leaves neither @path nor the temporary file behind.
 *
 * Return: EXIT_OK or EXIT_FAIL.
 */
int write_file(const char *path, const void *data, size_t len, mode_t mode,
	       bool apply_umask, bool replace);

/**
 * write_two() - write @a || @b to @path (mode 0644 under the umask,
 * replacing it) with write_file()
 * @path:	the file
 * @a:		the first part; may be NULL if @a_len is 0
 * @a_len:	its length
 * @b:		the second part
 * @b_len:	its length
 *
 * Return: EXIT_OK or EXIT_FAIL.
 */
int write_two(const char *path, const uint8_t *a, size_t a_len,
	      const uint8_t *b, size_t b_len);

/**
 * print_hex() - print @n bytes at @p to stdout as lowercase hex digits
 * @p:		the bytes
 * @n:		how many
 */
void print_hex(const uint8_t *p, size_t n);

/* ---- sign_args.c ---- */

/**
 * parse_u32() - read an option's value as a u32 (decimal, 0x hex or 0
 * octal, no sign)
 * @s:		the value
 * @what:	the option, for the message ("--ta-version")
 * @val:	written on success
 *
 * Return: EXIT_OK or EXIT_USAGE.
 */
int parse_u32(const char *s, const char *what, uint32_t *val);

/**
 * parse_uuid() - read a UUID as OP-TEE's sign_encrypt.py does
 * @s:		32 hex digits, dashes anywhere ignored, in braces and after
 *		"urn:" and "uuid:" if it likes
 * @uuid:	written on success
 *
 * Return: EXIT_OK or EXIT_USAGE.
 */
int parse_uuid(const char *s, TEE_UUID *uuid);

/**
 * parse_algo() - read --algo: pss (the default) or pkcs1
 * @o:		the options
 * @pss:	set to whether the signature is RSASSA-PSS
 *
 * Return: EXIT_OK or EXIT_USAGE.
 */
int parse_algo(const struct opts *o, bool *pss);

/* ---- sign_keys.c ---- */

/**
 * load_key() - read an RSA key of at least 2048 bits from a PEM file
 * @path:	the file
 * @need_private: accept only a private key; without it a public key
 *		("BEGIN PUBLIC KEY") is accepted too
 *
 * Return: the key, the caller's to EVP_PKEY_free(), or NULL (reported).
 */
EVP_PKEY *load_key(const char *path, bool need_private);

/**
 * pubkey_der() - the DER SubjectPublicKeyInfo of @key
 * @key:	the key
 * @der:	on success, the DER bytes: the caller's to OPENSSL_free()
 * @len:	on success, how many
 *
 * Return: EXIT_OK or EXIT_FAIL.
 */
int pubkey_der(EVP_PKEY *key, uint8_t **der, size_t *len);

/**
 * cmd_keygen() - keygen: write a new RSA private key (PKCS#8 PEM, 0600)
 * @o:		the options (--out, --bits, --force)
 *
 * Return: the exit status.
 */
int cmd_keygen(const struct opts *o);

/**
 * cmd_pubkey() - pubkey: write a key's DER public key as a C array
 * @o:		the options (--key, --out, --symbol)
 *
 * Return: the exit status.
 */
int cmd_pubkey(const struct opts *o);

/* ---- sign_elf.c ---- */

/**
 * elf_ta_uuid() - find the TA's UUID in the TA_HEAD_SECTION of an ELF
 * @buf:	the ELF file, of either class and byte order
 * @len:	its length
 * @uuid:	set on success: the TEE_UUID the section starts with, stored
 *		in the ELF's own byte order
 * @why:	set on failure to what is wrong with the file
 *
 * Every offset and size read from the file is checked against @len.
 * Reports nothing itself.
 *
 * Return: 0 (found); 1 if the file has no TA_HEAD_SECTION; -1 if the file
 * is not a well-formed ELF or the section cannot hold a UUID.
 */
int elf_ta_uuid(const uint8_t *buf, size_t len, TEE_UUID *uuid,
		const char **why);

/* ---- sign_shdr.c ---- */

/**
 * sign_header() - make shdr || hash || sig || @body, signed with @key
 * @key:	the signing key
 * @pss:	RSASSA-PSS, else RSASSA-PKCS1-v1_5
 * @img_type:	the header's img_type (enum shdr_img_type)
 * @body:	what follows the signature, and is signed with the header
 * @body_len:	its length, the header's img_size
 * @out:	on success, the image: the caller's to free()
 * @out_len:	on success, its length
 *
 * Return: EXIT_OK or EXIT_FAIL.
 */
int sign_header(EVP_PKEY *key, bool pss, uint32_t img_type, const uint8_t *body,
		size_t body_len, uint8_t **out, size_t *out_len);

/**
 * cmd_sign() - sign: make a signed bootstrap (or encrypted) TA image
 * @o:		the options
 *
 * Return: the exit status.
 */
int cmd_sign(const struct opts *o);

/* ---- sign_verify.c ---- */

/**
 * cmd_verify() - verify: check an image as the secure world does
 * @o:		the options
 *
 * Return: the exit status.
 */
int cmd_verify(const struct opts *o);

/**
 * cmd_info() - info: print an image's header without verifying it
 * @o:		the options
 *
 * Return: the exit status.
 */
int cmd_info(const struct opts *o);

/* ---- sign_subkey.c ---- */

/**
 * walk_subkeys() - walk the subkeys @buf starts with, without verifying
 * them (the secure world does that)
 * @buf:	a chain file, or an image that may start with a chain
 * @len:	its length
 * @t:		set to what the last subkey says (@t->count 0: none)
 * @next:	set to where the header after the chain starts: @len for a
 *		chain file, whose last subkey has no name after it yet
 * @print:	print each subkey's UUID ("Subkey UUID: ...") on stdout
 *
 * Reports nothing itself.
 *
 * Return: NULL, or what is malformed.
 */
const char *walk_subkeys(const uint8_t *buf, size_t len, struct chain_tail *t,
			 size_t *next, bool print);

/**
 * subkey_prefix() - read --subkey FILE and --name NAME
 * @o:		the options
 * @prefix:	on success, the chain file and NAME padded to the last
 *		subkey's name_size, which go in front of what is signed
 *		next: the caller's to free()
 * @prefix_len:	on success, its length
 * @t:		set to what the chain's last subkey says
 * @allowed:	on success, the UUID the chain allows for NAME (octets)
 *
 * Return: EXIT_OK or EXIT_FAIL.
 */
int subkey_prefix(const struct opts *o, uint8_t **prefix, size_t *prefix_len,
		  struct chain_tail *t, uint8_t allowed[UUID_OCTETS_LEN]);

/**
 * check_in_namespace() - fail unless @uuid is @allowed, the UUID the
 * subkey chain --subkey lets sign under --name
 * @o:		the options
 * @uuid:	the UUID about to be signed
 * @allowed:	from subkey_prefix()
 *
 * Return: EXIT_OK or EXIT_FAIL.
 */
int check_in_namespace(const struct opts *o, const TEE_UUID *uuid,
		       const uint8_t allowed[UUID_OCTETS_LEN]);

/**
 * cmd_sign_subkey() - sign-subkey, as sign_encrypt.py's sign-subkey
 * @o:		the options
 *
 * Return: the exit status.
 */
int cmd_sign_subkey(const struct opts *o);

/**
 * cmd_subkey_uuid() - subkey-uuid, as sign_encrypt.py's subkey-uuid
 * @o:		the options
 *
 * Return: the exit status.
 */
int cmd_subkey_uuid(const struct opts *o);

/* ---- sign_enc.c ---- */

/**
 * parse_enc_key() - read --enc-key: 64 hex digits, the AES-256 key
 * OP-TEE's core decrypts with
 * @s:		the value
 * @key:	written on success
 *
 * Return: EXIT_OK or EXIT_USAGE.
 */
int parse_enc_key(const char *s, uint8_t key[SHDR_TA_ENC_KEY_SIZE]);

/**
 * parse_enc_key_type() - read --enc-key-type, by sign_encrypt.py's names
 * @s:		the value; NULL for the default, SHDR_ENC_KEY_DEV_SPECIFIC
 * @type:	set to the key type (also on failure, to the default)
 *
 * Return: EXIT_OK or EXIT_USAGE.
 */
int parse_enc_key_type(const char *s, uint32_t *type);

/**
 * given_enc_key() - struct shdr_enc_keys .get for the tool: the one key
 * it was given
 * @arg:	the key, SHDR_TA_ENC_KEY_SIZE bytes
 * @key_type:	ignored: the tool has one key whatever the image asks for
 * @key:	receives a copy of @arg
 *
 * Return: TEE_SUCCESS.
 */
TEE_Result given_enc_key(void *arg, uint32_t key_type,
			 uint8_t key[SHDR_TA_ENC_KEY_SIZE]);

/**
 * encrypt_elf() - encrypt a TA as sign_encrypt.py's encrypt_ta() does
 * @key:	the AES-256 key
 * @key_type:	the encryption header's flags
 * @elf:	the plaintext
 * @len:	its length
 * @p:		receives the encryption header, a random IV and the tag
 *		(SHDR_ENC_HDR_SIZE + SHDR_ENC_IV_SIZE + SHDR_ENC_TAG_SIZE)
 * @ct:		receives the ciphertext, @len bytes
 *
 * Return: EXIT_OK or EXIT_FAIL.
 */
int encrypt_elf(const uint8_t key[SHDR_TA_ENC_KEY_SIZE], uint32_t key_type,
		const uint8_t *elf, size_t len, uint8_t *p, uint8_t *ct);

/**
 * cmd_ta_enc_key() - ta-enc-key: print the device-specific TA encryption
 * key of an installation
 * @o:		the options (--key, --huk)
 *
 * Return: the exit status.
 */
int cmd_ta_enc_key(const struct opts *o);

/**
 * info_enc() - print an encrypted TA's encryption header, for info
 * @p:		the header
 * @len:	bytes left in the image at @p
 * @off:	moved past the header, IV and tag
 *
 * Return: 0, or 1 if it is truncated (which is printed, not reported).
 */
int info_enc(const uint8_t *p, size_t len, size_t *off);

#endif /* TEEBOX_TOOLS_SIGN_PRIV_H */
