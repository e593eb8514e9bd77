// SPDX-License-Identifier: BSD-2-Clause
/*
 * OP-TEE's key derivation extensions for the runtime, on libcrypto's
 * EVP_KDF: HKDF (RFC 5869), PBKDF2 (RFC 8018, PKCS #5 v2.1) and the
 * Concat KDF (NIST SP 800-56A section 5.8.1, libcrypto's single-step
 * "SSKDF" with a digest: Hash(counter || Z || OtherInfo), the same
 * function).  The input secret is the operation key's only attribute;
 * the caller has checked the parameters' ids.
 */
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/kdf.h>
#include <tee_internal_api.h>
#include <tee_internal_api_extensions.h>
#include <tee_api_defines_extensions.h>

#include "utee_crypto.h"

/* What the KDF's parameters give. */
struct kdf_in {
	const void *salt;
	size_t salt_len;
	const void *info;
	size_t info_len;
	uint32_t iterations;
	uint32_t out_len;
};

/* Sorts @params into @in; an id the KDF of @kind does not take, or a
 * missing length (or iteration count), is TEE_ERROR_BAD_PARAMETERS. */
static TEE_Result kdf_params(enum utee_alg_kind kind,
			     const TEE_Attribute *params, uint32_t n,
			     struct kdf_in *in)
{
	memset(in, 0, sizeof(*in));
	for (uint32_t i = 0; i < n; i++) {
		const TEE_Attribute *a = &params[i];
		uint32_t id = a->attributeID;

		if (kind == UTEE_ALG_HKDF &&
		    (id == TEE_ATTR_HKDF_SALT ||
		     id == __OPTEE_TEE_ATTR_HKDF_SALT)) {
			in->salt = a->content.ref.buffer;
			in->salt_len = a->content.ref.length;
		} else if (kind == UTEE_ALG_HKDF &&
			   (id == TEE_ATTR_HKDF_INFO ||
			    id == __OPTEE_ATTR_HKDF_INFO)) {
			in->info = a->content.ref.buffer;
			in->info_len = a->content.ref.length;
		} else if (kind == UTEE_ALG_HKDF &&
			   (id == TEE_ATTR_HKDF_OKM_LENGTH ||
			    id == TEE_ATTR_KDF_KEY_SIZE)) {
			in->out_len = a->content.value.a;
		} else if (kind == UTEE_ALG_CONCAT_KDF &&
			   id == TEE_ATTR_CONCAT_KDF_OTHER_INFO) {
			in->info = a->content.ref.buffer;
			in->info_len = a->content.ref.length;
		} else if (kind == UTEE_ALG_CONCAT_KDF &&
			   id == TEE_ATTR_CONCAT_KDF_DKM_LENGTH) {
			in->out_len = a->content.value.a;
		} else if (kind == UTEE_ALG_PBKDF2 &&
			   id == TEE_ATTR_PBKDF2_SALT) {
			in->salt = a->content.ref.buffer;
			in->salt_len = a->content.ref.length;
		} else if (kind == UTEE_ALG_PBKDF2 &&
			   id == TEE_ATTR_PBKDF2_ITERATION_COUNT) {
			in->iterations = a->content.value.a;
		} else if (kind == UTEE_ALG_PBKDF2 &&
			   id == TEE_ATTR_PBKDF2_DKM_LENGTH) {
			in->out_len = a->content.value.a;
		} else {
			return TEE_ERROR_BAD_PARAMETERS;
		}
	}
	if (!in->out_len || (kind == UTEE_ALG_PBKDF2 && !in->iterations))
		return TEE_ERROR_BAD_PARAMETERS;
	return TEE_SUCCESS;
}

/* libcrypto's name of @kind's KDF and its parameter for the secret. */
static const char *kdf_name(enum utee_alg_kind kind, const char **secret)
{
	switch (kind) {
	case UTEE_ALG_HKDF:
		*secret = OSSL_KDF_PARAM_KEY;
		return "HKDF";
	case UTEE_ALG_CONCAT_KDF:
		*secret = OSSL_KDF_PARAM_KEY;
		return "SSKDF";
	default:
		*secret = OSSL_KDF_PARAM_PASSWORD;
		return "PBKDF2";
	}
}

/* An empty octet string still needs a non-NULL pointer for libcrypto. */
static void *octets(const void *p)
{
	static uint8_t none;

	return p ? (void *)p : &none;
}

TEE_Result utee_kdf_derive(struct utee_op *op, const TEE_Attribute *params,
			   uint32_t n, uint8_t **out, size_t *out_len)
{
	const struct utee_attr *z = &op->key->attrs[0];
	enum utee_alg_kind kind = op->alg->kind;
	OSSL_PARAM p[7], *q = p;
	const char *secret, *name = kdf_name(kind, &secret);
	int pkcs5 = 1; /* no SP 800-132 floor: RFC 8018 allows any input */
	struct kdf_in in;
	EVP_KDF_CTX *ctx = NULL;
	EVP_KDF *kdf;
	TEE_Result res = kdf_params(kind, params, n, &in);

	if (res)
		return res;
	*out = TEE_Malloc(in.out_len, TEE_USER_MEM_HINT_NO_FILL_ZERO);
	if (!*out)
		return TEE_ERROR_OUT_OF_MEMORY;
	*q++ = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST,
						(char *)op->alg->evp, 0);
	*q++ = OSSL_PARAM_construct_octet_string(secret, octets(z->buf),
						 z->len);
	if (in.salt_len)
		*q++ = OSSL_PARAM_construct_octet_string(
			OSSL_KDF_PARAM_SALT, octets(in.salt), in.salt_len);
	else if (kind == UTEE_ALG_PBKDF2)
		*q++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT,
							 octets(NULL), 0);
	if (in.info_len)
		*q++ = OSSL_PARAM_construct_octet_string(
			OSSL_KDF_PARAM_INFO, octets(in.info), in.info_len);
	if (kind == UTEE_ALG_PBKDF2) {
		*q++ = OSSL_PARAM_construct_uint32(OSSL_KDF_PARAM_ITER,
						   &in.iterations);
		*q++ = OSSL_PARAM_construct_int(OSSL_KDF_PARAM_PKCS5, &pkcs5);
	}
	*q = OSSL_PARAM_construct_end();
	kdf = EVP_KDF_fetch(NULL, name, NULL);
	if (kdf)
		ctx = EVP_KDF_CTX_new(kdf);
	EVP_KDF_free(kdf);
	/* Too long an HKDF output (over 255 digests) fails here. */
	res = TEE_ERROR_BAD_PARAMETERS;
	if (ctx && EVP_KDF_derive(ctx, *out, in.out_len, p) > 0) {
		*out_len = in.out_len;
		res = TEE_SUCCESS;
	}
	EVP_KDF_CTX_free(ctx);
	ERR_clear_error();
	if (res) {
		TEE_Free(*out);
		*out = NULL;
	}
	return res;
}
