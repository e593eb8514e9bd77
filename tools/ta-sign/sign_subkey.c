// SPDX-License-Identifier: BSD-2-Clause
/*
 * teebox-sign: subkey chains (docs/ta-image-format.md "Subkeys"), as
 * OP-TEE's sign_encrypt.py makes them: sign-subkey, subkey-uuid, and the
 * chain that sign and sign-subkey put in front of what they sign under
 * --subkey.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>

#include "secure/shdr.h"
#include "secure/shdr_subkey.h"
#include "secure/uuid.h"

#include "sign_priv.h"

const char *walk_subkeys(const uint8_t *buf, size_t len, struct chain_tail *t,
			 size_t *next, bool print)
{
	char name[UUID_STR_LEN];
	uint64_t off = 0, body;
	struct shdr hdr;
	TEE_UUID u;

	memset(t, 0, sizeof(*t));
	while (off < len) {
		if (shdr_decode(&hdr, buf + off, len - off))
			return "truncated signed header";
		if (hdr.magic != SHDR_MAGIC)
			return "bad magic";
		if (hdr.img_type != SHDR_SUBKEY)
			break;
		body = off + SHDR_SIZE + hdr.hash_size + hdr.sig_size;
		if (hdr.img_size < SHDR_SUBKEY_SIZE ||
		    body + hdr.img_size > len)
			return "truncated subkey";
		t->count++;
		memcpy(t->uuid, buf + body, UUID_OCTETS_LEN);
		t->name_size = tbx_get_le32(buf + body + 16);
		t->max_depth = tbx_get_le32(buf + body + 24);
		if (print) {
			uuid_from_octets(&u, t->uuid);
			uuid_to_str(name, &u);
			printf("Subkey UUID: %s\n", name);
		}
		off = body + hdr.img_size;
		if (off == len)
			break;
		off += t->name_size;
		if (off > len)
			return "truncated subkey name";
	}
	*next = (size_t)off;
	return NULL;
}

int subkey_prefix(const struct opts *o, uint8_t **prefix, size_t *prefix_len,
		  struct chain_tail *t, uint8_t allowed[UUID_OCTETS_LEN])
{
	size_t len = 0, next, name_len = o->name ? strlen(o->name) : 0;
	const char *why;
	uint8_t *buf;

	if (read_file(o->subkey, &buf, &len))
		return EXIT_FAIL;
	why = walk_subkeys(buf, len, t, &next, false);
	if (!why && (!t->count || next != len))
		why = "not a subkey chain (make one with sign-subkey)";
	if (!why && name_len > t->name_size)
		why = "--name is longer than the subkey's name size";
	if (!why && (uint64_t)len + t->name_size > MAX_INPUT_SIZE)
		why = "too large";
	if (why) {
		free(buf);
		return fail("%s: %s", o->subkey, why);
	}
	*prefix = realloc(buf, len + t->name_size);
	if (!*prefix) {
		free(buf);
		return fail("out of memory");
	}
	memset(*prefix + len, 0, t->name_size);
	if (name_len)
		memcpy(*prefix + len, o->name, name_len);
	*prefix_len = len + t->name_size;
	if (shdr_subkey_next_uuid(allowed, t->uuid, *prefix + len,
				  t->name_size))
		return fail("cannot compute SHA-512");
	return EXIT_OK;
}

int check_in_namespace(const struct opts *o, const TEE_UUID *uuid,
		       const uint8_t allowed[UUID_OCTETS_LEN])
{
	char a[UUID_STR_LEN], b[UUID_STR_LEN];
	TEE_UUID want;

	uuid_from_octets(&want, allowed);
	if (uuid_equal(uuid, &want))
		return EXIT_OK;
	uuid_to_str(a, uuid);
	uuid_to_str(b, &want);
	return fail("UUID %s is outside the namespace of %s: with --name "
		    "'%s' the chain allows %s only",
		    a, o->subkey, o->name ? o->name : "", b);
}

/* @key's BIGNUM @param as Python's int_to_bytes(): one spare top byte. */
static int key_int(EVP_PKEY *key, const char *param, uint8_t **out, size_t *len)
{
	BIGNUM *bn = NULL;
	int n;

	if (!EVP_PKEY_get_bn_param(key, param, &bn))
		return fail_ossl("cannot read the key's %s", param);
	n = (BN_num_bits(bn) + 8) / 8;
	*out = malloc((size_t)n);
	if (!*out || BN_bn2binpad(bn, *out, n) != n) {
		BN_free(bn);
		free(*out);
		return fail("out of memory");
	}
	BN_free(bn);
	*len = (size_t)n;
	return EXIT_OK;
}

/*
 * The subkey body of sign_encrypt.py's set_subkey(): uuid, name_size,
 * version, max_depth, algo, two attributes (modulus, public exponent),
 * then their values.
 */
static int subkey_body(EVP_PKEY *sub, const TEE_UUID *uuid,
		       const uint32_t fields[4], uint8_t **body, size_t *len)
{
	const size_t vals = SHDR_SUBKEY_SIZE + 2 * SHDR_SUBKEY_ATTR_SIZE;
	uint8_t *n = NULL, *e = NULL, *p;
	size_t nl = 0, el = 0;

	if (key_int(sub, OSSL_PKEY_PARAM_RSA_N, &n, &nl) ||
	    key_int(sub, OSSL_PKEY_PARAM_RSA_E, &e, &el)) {
		free(n);
		return EXIT_FAIL;
	}
	*len = vals + nl + el;
	p = calloc(1, *len);
	if (p) {
		uuid_to_octets(p, uuid);
		for (int i = 0; i < 4; i++)
			tbx_put_le32(p + 16 + 4 * i, fields[i]);
		tbx_put_le32(p + 32, 2);
		tbx_put_le32(p + 36, TEE_ATTR_RSA_MODULUS);
		tbx_put_le32(p + 40, (uint32_t)vals);
		tbx_put_le32(p + 44, (uint32_t)nl);
		tbx_put_le32(p + 48, TEE_ATTR_RSA_PUBLIC_EXPONENT);
		tbx_put_le32(p + 52, (uint32_t)(vals + nl));
		tbx_put_le32(p + 56, (uint32_t)el);
		memcpy(p + vals, n, nl);
		memcpy(p + vals + nl, e, el);
	}
	free(n);
	free(e);
	*body = p;
	return p ? EXIT_OK : fail("out of memory");
}

/*
 * The max_depth of a new subkey: --max-depth, which must be below the
 * parent's, or by default one below the parent's (0 without a parent),
 * as sign_encrypt.py chooses it.
 */
static int subkey_max_depth(const struct opts *o, const struct chain_tail *t,
			    uint32_t *depth)
{
	if (o->max_depth && parse_u32(o->max_depth, "--max-depth", depth))
		return EXIT_USAGE;
	if (!o->subkey) {
		if (!o->max_depth)
			*depth = 0;
		return EXIT_OK;
	}
	if (!t->max_depth)
		return fail("%s: its last subkey has max_depth 0: no subkey "
			    "may follow it",
			    o->subkey);
	if (!o->max_depth)
		*depth = t->max_depth - 1;
	else if (*depth >= t->max_depth)
		return fail("--max-depth %u: must be below %u, the max_depth "
			    "of %s's last subkey",
			    *depth, t->max_depth, o->subkey);
	return EXIT_OK;
}

int cmd_sign_subkey(const struct opts *o)
{
	uint8_t allowed[UUID_OCTETS_LEN], *prefix = NULL, *body = NULL;
	uint8_t *img = NULL;
	size_t prefix_len = 0, body_len = 0, img_len = 0;
	struct chain_tail t = {0};
	/* name_size, subkey_version, max_depth, algo */
	uint32_t f[4] = {0};
	EVP_PKEY *key = NULL, *sub = NULL;
	TEE_UUID uuid;
	bool pss;
	int ret = EXIT_USAGE;

	if (parse_uuid(o->uuid, &uuid) ||
	    parse_u32(o->name_size, "--name-size", &f[0]) ||
	    (o->subkey_version &&
	     parse_u32(o->subkey_version, "--subkey-version", &f[1])) ||
	    parse_algo(o, &pss))
		return EXIT_USAGE;
	if (o->name && !o->subkey)
		return bad_usage("--name names the subkey's place under "
				 "--subkey: give both or neither");
	f[3] = pss ? TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA256
		   : TEE_ALG_RSASSA_PKCS1_V1_5_SHA256;
	ret = EXIT_FAIL;
	if (o->subkey && (subkey_prefix(o, &prefix, &prefix_len, &t, allowed) ||
			  check_in_namespace(o, &uuid, allowed)))
		goto out;
	ret = subkey_max_depth(o, &t, &f[2]);
	if (ret)
		goto out;
	ret = EXIT_FAIL;
	key = load_key(o->key, true);
	sub = key ? load_key(o->in, false) : NULL;
	if (!sub || subkey_body(sub, &uuid, f, &body, &body_len) ||
	    sign_header(key, pss, SHDR_SUBKEY, body, body_len, &img, &img_len))
		goto out;
	ret = write_two(o->out, prefix, prefix_len, img, img_len);
out:
	free(img);
	free(body);
	free(prefix);
	EVP_PKEY_free(sub);
	EVP_PKEY_free(key);
	return ret;
}

int cmd_subkey_uuid(const struct opts *o)
{
	uint8_t *buf = NULL, next[UUID_OCTETS_LEN];
	size_t len = 0, end, name_len = o->name ? strlen(o->name) : 0;
	char str[UUID_STR_LEN];
	struct chain_tail t;
	const char *why;
	TEE_UUID u;
	int ret = EXIT_FAIL;

	if (read_file(o->in, &buf, &len))
		return EXIT_FAIL;
	why = walk_subkeys(buf, len, &t, &end, true);
	if (!why && (!t.count || end != len))
		why = "not a subkey chain";
	if (!why && name_len > t.name_size)
		why = "--name is longer than the subkey's name size";
	if (why) {
		fail("%s: %s", o->in, why);
		goto out;
	}
	if (name_len) {
		if (shdr_subkey_next_uuid(next, t.uuid,
					  (const uint8_t *)o->name, name_len)) {
			fail("cannot compute SHA-512");
			goto out;
		}
		uuid_from_octets(&u, next);
		uuid_to_str(str, &u);
		printf("Next subkey UUID: %s\n", str);
	} else {
		uuid_from_octets(&u, t.uuid);
		uuid_to_str(str, &u);
		printf("Next subkey UUID unchanged: %s\n", str);
	}
	ret = EXIT_OK;
out:
	free(buf);
	return ret;
}
