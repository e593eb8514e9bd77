// SPDX-License-Identifier: BSD-2-Clause
/*
 * teebox-sign: makes and checks signed TA images in OP-TEE's format
 * (docs/abi.md §8, docs/ta-image-format.md).
 *
 *   keygen   a new RSA signing key (PKCS#8 PEM, mode 0600)
 *   pubkey   the key's DER public key as a C array, for the secure world
 *   sign     an ELF TA -> <uuid>.ta (SHDR_BOOTSTRAP_TA)
 *   verify   check a .ta exactly as the secure world does (secure/shdr.c)
 *   info     print a .ta's header
 *
 * Everything it writes is written to a temporary file first and renamed
 * into place, so a failed run never leaves a half-written key or image
 * behind for a build to pick up.
 */
#include <elf.h>
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/pem.h>
#include <openssl/x509.h>

#include "secure/shdr.h"
#include "secure/uuid.h"
#include "teebox/version.h"

#define PROG "teebox-sign"

/* Exit statuses. */
#define EXIT_OK	   0
#define EXIT_FAIL  1
#define EXIT_USAGE 2

#define DEFAULT_KEY_BITS 3072
#define MIN_KEY_BITS	 2048
/* Largest file we read: a TA's img_size is a u32 anyway. */
#define MAX_INPUT_SIZE ((size_t)1 << 30)
/* The section holding struct ta_head, whose first member is the UUID. */
#define TA_HEAD_SECTION ".ta_head"

static const char usage_text[] =
	"usage: " PROG " COMMAND [OPTIONS]\n"
	"\n"
	"  keygen --out KEY.pem [--bits 2048|3072|4096] [--force]\n"
	"      Write a new RSA private key (PKCS#8 PEM, mode 0600).\n"
	"      The default size is 3072 bits. An existing file is kept\n"
	"      unless --force is given.\n"
	"  pubkey --key KEY.pem --out FILE.c --symbol NAME\n"
	"      Write a C file defining NAME[] (the DER SubjectPublicKeyInfo\n"
	"      of the key) and NAME_len.\n"
	"  sign --key KEY.pem --in TA.elf --out FILE.ta|DIR [--uuid UUID]\n"
	"       [--ta-version N] [--algo pss|pkcs1]\n"
	"      Make a signed bootstrap TA image. The UUID comes from --uuid\n"
	"      or from the ELF's .ta_head section; if both are given they\n"
	"      must agree. If --out is a directory the file is\n"
	"      DIR/<uuid>.ta. The default algorithm is RSASSA-PSS SHA-256.\n"
	"  verify (--key KEY.pem | --pubkey-der FILE) --in FILE.ta\n"
	"       [--uuid UUID]\n"
	"      Check FILE.ta as the secure world does; without --uuid,\n"
	"      against the UUID the image carries. Prints\n"
	"      \"OK <uuid> version N payload BYTES\".\n"
	"  info --in FILE.ta\n"
	"      Print the image's header fields without verifying them.\n"
	"\n"
	"Exit status: 0 success, 1 failure, 2 usage error.\n";

/* Prints "teebox-sign: <message>" and a newline on stderr. */
static void vmessage(const char *fmt, va_list ap)
{
	fputs(PROG ": ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

/* Reports a failure; returns EXIT_FAIL. */
static int __attribute__((format(printf, 1, 2))) fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(fmt, ap);
	va_end(ap);
	return EXIT_FAIL;
}

/* As fail(), with OpenSSL's reason for the last error appended. */
static int __attribute__((format(printf, 1, 2))) fail_ossl(const char *fmt, ...)
{
	unsigned long e = ERR_peek_last_error();
	const char *why = e ? ERR_reason_error_string(e) : NULL;
	va_list ap;

	fputs(PROG ": ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, ": %s\n", why ? why : "OpenSSL error");
	ERR_clear_error();
	return EXIT_FAIL;
}

/* Reports a bad command line; returns EXIT_USAGE. */
static int __attribute__((format(printf, 1, 2))) bad_usage(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(fmt, ap);
	va_end(ap);
	return EXIT_USAGE;
}

/* ---- files ---- */

static int read_file(const char *path, uint8_t **data, size_t *len)
{
	uint8_t *buf = NULL;
	struct stat st;
	size_t n = 0;
	FILE *f;

	f = fopen(path, "rb");
	if (!f)
		return fail("cannot open %s: %s", path, strerror(errno));
	if (fstat(fileno(f), &st) || !S_ISREG(st.st_mode)) {
		fclose(f);
		return fail("%s is not a regular file", path);
	}
	if ((uint64_t)st.st_size > MAX_INPUT_SIZE) {
		fclose(f);
		return fail("%s is too large (%lld bytes)", path,
			    (long long)st.st_size);
	}
	/* One spare byte: reading it tells us the file grew meanwhile. */
	buf = malloc((size_t)st.st_size + 1);
	if (!buf) {
		fclose(f);
		return fail("out of memory reading %s", path);
	}
	n = fread(buf, 1, (size_t)st.st_size + 1, f);
	if (ferror(f) || n != (size_t)st.st_size) {
		const char *why = ferror(f) ? strerror(errno) : "size changed";

		fclose(f);
		free(buf);
		return fail("cannot read %s: %s", path, why);
	}
	fclose(f);
	*data = buf;
	*len = n;
	return EXIT_OK;
}

/*
 * Writes @len bytes to @path through a temporary file in the same
 * directory.  @mode is applied as given (0600 for keys) or, when
 * @apply_umask, masked by the umask as open() would.  Without @replace an
 * existing @path is left alone and the call fails.
 */
static int write_file(const char *path, const void *data, size_t len,
		      mode_t mode, bool apply_umask, bool replace)
{
	const uint8_t *p = data;
	char *tmp = NULL;
	int fd, ret = EXIT_FAIL;

	if (asprintf(&tmp, "%s.tmp-XXXXXX", path) < 0)
		return fail("out of memory");
	fd = mkstemp(tmp);
	if (fd < 0) {
		fail("cannot create %s: %s", tmp, strerror(errno));
		free(tmp);
		return EXIT_FAIL;
	}
	if (apply_umask) {
		mode_t mask = umask(0);

		umask(mask);
		mode &= ~mask;
	}
	if (fchmod(fd, mode)) {
		fail("cannot set the mode of %s: %s", tmp, strerror(errno));
		goto out;
	}
	while (len) {
		ssize_t w = write(fd, p, len);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			fail("cannot write %s: %s", tmp, strerror(errno));
			goto out;
		}
		p += w;
		len -= (size_t)w;
	}
	if (close(fd)) {
		fd = -1;
		fail("cannot write %s: %s", tmp, strerror(errno));
		goto out;
	}
	fd = -1;
	if (replace) {
		if (rename(tmp, path)) {
			fail("cannot create %s: %s", path, strerror(errno));
			goto out;
		}
	} else {
		/* link() refuses to replace, atomically. */
		if (link(tmp, path)) {
			if (errno == EEXIST)
				fail("%s already exists (use --force to "
				     "replace it)",
				     path);
			else
				fail("cannot create %s: %s", path,
				     strerror(errno));
			goto out;
		}
		unlink(tmp);
	}
	ret = EXIT_OK;
out:
	if (fd >= 0)
		close(fd);
	if (ret)
		unlink(tmp);
	free(tmp);
	return ret;
}

/* ---- keys ---- */

/*
 * Reads a PEM key.  A private key is always accepted; when
 * !@need_private a public key ("BEGIN PUBLIC KEY") is too.  The key must
 * be RSA of at least MIN_KEY_BITS.
 */
static EVP_PKEY *load_key(const char *path, bool need_private)
{
	EVP_PKEY *key;
	FILE *f;

	f = fopen(path, "r");
	if (!f) {
		fail("cannot open key %s: %s", path, strerror(errno));
		return NULL;
	}
	key = PEM_read_PrivateKey(f, NULL, NULL, NULL);
	if (!key && !need_private) {
		ERR_clear_error();
		rewind(f);
		key = PEM_read_PUBKEY(f, NULL, NULL, NULL);
	}
	fclose(f);
	if (!key) {
		fail_ossl("cannot read %s key from %s",
			  need_private ? "a private" : "a", path);
		return NULL;
	}
	if (!EVP_PKEY_is_a(key, "RSA")) {
		fail("%s is not an RSA key", path);
		EVP_PKEY_free(key);
		return NULL;
	}
	if (EVP_PKEY_get_bits(key) < MIN_KEY_BITS) {
		fail("%s is a %d-bit key; at least %d bits are required", path,
		     EVP_PKEY_get_bits(key), MIN_KEY_BITS);
		EVP_PKEY_free(key);
		return NULL;
	}
	return key;
}

/* The DER SubjectPublicKeyInfo of @key; free with OPENSSL_free(). */
static int pubkey_der(EVP_PKEY *key, uint8_t **der, size_t *len)
{
	unsigned char *buf = NULL;
	int n = i2d_PUBKEY(key, &buf);

	if (n <= 0)
		return fail_ossl("cannot encode the public key");
	*der = buf;
	*len = (size_t)n;
	return EXIT_OK;
}

/* ---- ELF: the UUID in .ta_head ---- */

/* A bounds-checked view of an ELF file of either class and byte order. */
struct elf_view {
	const uint8_t *buf;
	size_t len;
	bool is64;
	bool msb;
};

/* Reads an @n-byte (1, 2, 4 or 8) integer at @off; false if out of bounds. */
static bool elf_read(const struct elf_view *e, uint64_t off, unsigned int n,
		     uint64_t *val)
{
	uint64_t v = 0;
	unsigned int i;

	if (off > e->len || e->len - off < n)
		return false;
	for (i = 0; i < n; i++) {
		unsigned int k = e->msb ? i : n - 1 - i;

		v = v << 8 | e->buf[off + k];
	}
	*val = v;
	return true;
}

/* A natural-width field: @off32/@off64 are its offsets in either class. */
static bool elf_word(const struct elf_view *e, uint64_t base,
		     unsigned int off32, unsigned int off64, uint64_t *val)
{
	return elf_read(e, base + (e->is64 ? off64 : off32), e->is64 ? 8 : 4,
			val);
}

/* Is [@off, @off + @size) inside the file? */
static bool elf_range_ok(const struct elf_view *e, uint64_t off, uint64_t size)
{
	return off <= e->len && size <= e->len - off;
}

struct elf_section {
	uint64_t name, type, offset, size, link;
};

/*
 * Reads section header @i of the table at @shoff.  @shentsize has been
 * checked to be at least the size of a section header of the class.
 */
static bool elf_section_at(const struct elf_view *e, uint64_t shoff,
			   uint64_t shentsize, uint64_t i,
			   struct elf_section *s)
{
	uint64_t base;

	/* No sum or product below can wrap: all stay within the file. */
	if (shoff > e->len || i > (e->len - shoff) / shentsize)
		return false;
	base = shoff + i * shentsize;
	if (!elf_range_ok(e, base, e->is64 ? 64 : 40))
		return false;
	return elf_read(e, base, 4, &s->name) &&
	       elf_read(e, base + 4, 4, &s->type) &&
	       elf_word(e, base, 16, 24, &s->offset) &&
	       elf_word(e, base, 20, 32, &s->size) &&
	       elf_read(e, base + (e->is64 ? 40 : 24), 4, &s->link);
}

/*
 * Finds the TA's UUID in the .ta_head section of the ELF in @buf: a
 * TEE_UUID stored in the ELF's own byte order.  Every offset and size
 * read from the file is checked against its length.
 *
 * Returns 0 and sets @uuid; 1 if the file has no .ta_head; -1 if the file
 * is not a well-formed ELF or the section cannot hold a UUID, with @why
 * set.
 */
static int elf_ta_uuid(const uint8_t *buf, size_t len, TEE_UUID *uuid,
		       const char **why)
{
	struct elf_view e = {.buf = buf, .len = len};
	uint64_t shoff, shentsize, shnum, shstrndx, i, v;
	struct elf_section s, strtab;
	bool found = false;
	uint64_t where = 0;

	*why = "not an ELF file";
	if (len < EI_NIDENT || memcmp(buf, ELFMAG, SELFMAG))
		return -1;
	if (buf[EI_CLASS] != ELFCLASS32 && buf[EI_CLASS] != ELFCLASS64) {
		*why = "unknown ELF class";
		return -1;
	}
	if (buf[EI_DATA] != ELFDATA2LSB && buf[EI_DATA] != ELFDATA2MSB) {
		*why = "unknown ELF byte order";
		return -1;
	}
	e.is64 = buf[EI_CLASS] == ELFCLASS64;
	e.msb = buf[EI_DATA] == ELFDATA2MSB;

	*why = "truncated ELF header";
	if (!elf_word(&e, 0, 0x20, 0x28, &shoff) ||
	    !elf_read(&e, e.is64 ? 0x3a : 0x2e, 2, &shentsize) ||
	    !elf_read(&e, e.is64 ? 0x3c : 0x30, 2, &shnum) ||
	    !elf_read(&e, e.is64 ? 0x3e : 0x32, 2, &shstrndx))
		return -1;
	if (!shoff)
		return 1; /* no section headers at all */
	*why = "bad section header table";
	if (shentsize < (e.is64 ? 64u : 40u))
		return -1;
	/* Section 0 carries the real counts when they do not fit 16 bits. */
	if (!elf_section_at(&e, shoff, shentsize, 0, &s))
		return -1;
	if (!shnum)
		shnum = s.size;
	if (shstrndx == SHN_XINDEX)
		shstrndx = s.link;
	if (!shnum || shnum > len / shentsize ||
	    !elf_range_ok(&e, shoff, shnum * shentsize))
		return -1;
	if (shstrndx == SHN_UNDEF)
		return 1; /* sections have no names */
	*why = "bad section name table";
	if (shstrndx >= shnum ||
	    !elf_section_at(&e, shoff, shentsize, shstrndx, &strtab) ||
	    strtab.type == SHT_NOBITS ||
	    !elf_range_ok(&e, strtab.offset, strtab.size))
		return -1;

	for (i = 0; i < shnum; i++) {
		const char name[] = TA_HEAD_SECTION;

		if (!elf_section_at(&e, shoff, shentsize, i, &s)) {
			*why = "bad section header table";
			return -1;
		}
		/* The name, NUL included, must lie inside the name table. */
		if (s.name > strtab.size ||
		    strtab.size - s.name < sizeof(name) ||
		    memcmp(buf + strtab.offset + s.name, name, sizeof(name)))
			continue;
		if (found) {
			*why = "more than one " TA_HEAD_SECTION " section";
			return -1;
		}
		found = true;
		*why = TA_HEAD_SECTION " is too small or outside the file";
		if (s.type == SHT_NOBITS || s.size < sizeof(TEE_UUID) ||
		    !elf_range_ok(&e, s.offset, s.size))
			return -1;
		where = s.offset;
	}
	if (!found)
		return 1;

	/* struct ta_head starts with a TEE_UUID, in the ELF's byte order. */
	elf_read(&e, where, 4, &v);
	uuid->timeLow = (uint32_t)v;
	elf_read(&e, where + 4, 2, &v);
	uuid->timeMid = (uint16_t)v;
	elf_read(&e, where + 6, 2, &v);
	uuid->timeHiAndVersion = (uint16_t)v;
	memcpy(uuid->clockSeqAndNode, buf + where + 8,
	       sizeof(uuid->clockSeqAndNode));
	*why = NULL;
	return 0;
}

/* ---- signing ---- */

/* SHA-256 of the header and of everything from the sub-header on. */
static int hash_image(const uint8_t *img, size_t sub_off, size_t len,
		      uint8_t out[SHDR_HASH_SIZE])
{
	EVP_MD_CTX *ctx = EVP_MD_CTX_new();
	unsigned int n = 0;
	int ret = EXIT_OK;

	if (!ctx || !EVP_DigestInit_ex(ctx, EVP_sha256(), NULL) ||
	    !EVP_DigestUpdate(ctx, img, SHDR_SIZE) ||
	    !EVP_DigestUpdate(ctx, img + sub_off, len - sub_off) ||
	    !EVP_DigestFinal_ex(ctx, out, &n) || n != SHDR_HASH_SIZE)
		ret = fail_ossl("cannot compute SHA-256");
	EVP_MD_CTX_free(ctx);
	return ret;
}

/* Signs the SHA-256 digest @hash; @sig has room for @sig_size bytes. */
static int sign_hash(EVP_PKEY *key, bool pss, const uint8_t *hash, uint8_t *sig,
		     size_t sig_size)
{
	OSSL_PARAM params[SHDR_SIG_PARAMS];
	EVP_PKEY_CTX *ctx;
	size_t n = sig_size;
	int ret = EXIT_OK;

	shdr_sig_params(params, pss);
	ctx = EVP_PKEY_CTX_new_from_pkey(NULL, key, NULL);
	if (!ctx || EVP_PKEY_sign_init_ex(ctx, params) <= 0 ||
	    EVP_PKEY_sign(ctx, sig, &n, hash, SHDR_HASH_SIZE) <= 0)
		ret = fail_ossl("cannot sign");
	else if (n != sig_size)
		ret = fail("signature is %zu bytes, expected %zu", n, sig_size);
	EVP_PKEY_CTX_free(ctx);
	return ret;
}

/* ---- commands ---- */

/* Options as parsed; which ones a command accepts is checked per command. */
struct opts {
	const char *out, *key, *in, *symbol, *uuid, *pubkey_der;
	const char *bits, *ta_version, *algo;
	bool force;
};

static int parse_u32(const char *s, const char *what, uint32_t *val)
{
	unsigned long long v;
	char *end;

	errno = 0;
	if (!*s || *s == '-' || *s == '+')
		goto bad;
	v = strtoull(s, &end, 0);
	if (errno || *end || v > UINT32_MAX)
		goto bad;
	*val = (uint32_t)v;
	return EXIT_OK;
bad:
	return bad_usage("invalid %s: '%s' (expected 0..4294967295)", what, s);
}

/*
 * The 32 hex digits of @s into 8-4-4-4-12 form in @canon, reading @s as
 * OP-TEE's sign_encrypt.py does (Python's uuid.UUID(): "urn:" and "uuid:"
 * dropped, braces stripped, dashes anywhere ignored).  OP-TEE TA
 * Makefiles are not always canonical: optee_test's aes_perf and sha_perf
 * once set BINARY = e626662e-c0e2-485c-b8c809fbce6edf3d and OP-TEE's
 * tools signed them.
 */
static int uuid_canon(char canon[UUID_STR_LEN], const char *s)
{
	static const char digits[] = "0123456789abcdefABCDEF";
	size_t n = 0, len;

	if (!strncmp(s, "urn:", 4))
		s += 4;
	if (!strncmp(s, "uuid:", 5))
		s += 5;
	len = strlen(s);
	while (len && s[len - 1] == '}')
		len--;
	while (len && *s == '{') {
		s++;
		len--;
	}
	for (; len; s++, len--) {
		if (*s == '-')
			continue;
		if (!*s || !strchr(digits, *s) || n >= 32)
			return -1;
		if (n == 8 || n == 12 || n == 16 || n == 20)
			*canon++ = '-';
		*canon++ = *s;
		n++;
	}
	*canon = '\0';
	return n == 32 ? 0 : -1;
}

static int parse_uuid(const char *s, TEE_UUID *uuid)
{
	char canon[UUID_STR_LEN];

	if (uuid_canon(canon, s) || uuid_from_str(uuid, canon))
		return bad_usage("invalid UUID '%s' (expected "
				 "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx)",
				 s);
	return EXIT_OK;
}

static int cmd_keygen(const struct opts *o)
{
	uint32_t bits = DEFAULT_KEY_BITS;
	EVP_PKEY *key = NULL;
	BIO *mem = NULL;
	char *pem;
	long pem_len;
	int ret = EXIT_FAIL;

	if (o->bits && parse_u32(o->bits, "--bits", &bits))
		return EXIT_USAGE;
	if (bits != 2048 && bits != 3072 && bits != 4096)
		return bad_usage("--bits must be 2048, 3072 or 4096");
	if (!o->force && access(o->out, F_OK) == 0)
		return fail("%s already exists (use --force to replace it)",
			    o->out);

	key = EVP_PKEY_Q_keygen(NULL, NULL, "RSA", (size_t)bits);
	if (!key)
		return fail_ossl("cannot generate an RSA-%u key", bits);
	mem = BIO_new(BIO_s_mem());
	/* PEM_write_bio_PrivateKey writes PKCS#8 ("BEGIN PRIVATE KEY"). */
	if (!mem ||
	    !PEM_write_bio_PrivateKey(mem, key, NULL, NULL, 0, NULL, NULL)) {
		fail_ossl("cannot encode the key");
		goto out;
	}
	pem_len = BIO_get_mem_data(mem, &pem);
	ret = write_file(o->out, pem, (size_t)pem_len, 0600, false, o->force);
out:
	BIO_free(mem);
	EVP_PKEY_free(key);
	return ret;
}

static bool is_c_identifier(const char *s)
{
	const char *p;

	if (!*s || (*s >= '0' && *s <= '9'))
		return false;
	for (p = s; *p; p++)
		if (!(*p == '_' || (*p >= 'a' && *p <= 'z') ||
		      (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')))
			return false;
	return true;
}

static int cmd_pubkey(const struct opts *o)
{
	uint8_t *der = NULL;
	size_t der_len = 0, i;
	EVP_PKEY *key;
	char *text = NULL;
	size_t text_len = 0;
	FILE *f;
	int ret = EXIT_FAIL;

	if (!is_c_identifier(o->symbol))
		return bad_usage("--symbol '%s' is not a C identifier",
				 o->symbol);
	key = load_key(o->key, false);
	if (!key)
		return EXIT_FAIL;
	if (pubkey_der(key, &der, &der_len))
		goto out;

	f = open_memstream(&text, &text_len);
	if (!f) {
		fail("out of memory");
		goto out;
	}
	fprintf(f,
		"/* Generated by " PROG " pubkey: the DER SubjectPublicKeyInfo "
		"of the key\n * TAs are signed with (RSA-%d). Do not edit. */\n"
		"extern const unsigned char %s[];\n"
		"extern const unsigned int %s_len;\n\n"
		"const unsigned char %s[] = {",
		EVP_PKEY_get_bits(key), o->symbol, o->symbol, o->symbol);
	for (i = 0; i < der_len; i++)
		fprintf(f, "%s0x%02x,", i % 12 ? " " : "\n\t", der[i]);
	fprintf(f, "\n};\nconst unsigned int %s_len = %zu;\n", o->symbol,
		der_len);
	if (fclose(f)) {
		fail("out of memory");
		goto out;
	}
	ret = write_file(o->out, text, text_len, 0644, true, true);
out:
	free(text);
	OPENSSL_free(der);
	EVP_PKEY_free(key);
	return ret;
}

/* The UUID to sign @elf under, from --uuid and/or its .ta_head. */
static int sign_uuid(const struct opts *o, const uint8_t *elf, size_t len,
		     TEE_UUID *uuid)
{
	char a[UUID_STR_LEN], b[UUID_STR_LEN];
	TEE_UUID given, found;
	const char *why;
	int r;

	if (o->uuid && parse_uuid(o->uuid, &given))
		return EXIT_USAGE;
	r = elf_ta_uuid(elf, len, &found, &why);
	if (r < 0)
		return fail("%s: %s", o->in, why);
	if (r > 0) {
		if (!o->uuid)
			return fail("%s has no " TA_HEAD_SECTION
				    " section; give the UUID with --uuid",
				    o->in);
		*uuid = given;
		return EXIT_OK;
	}
	if (o->uuid && !uuid_equal(&given, &found)) {
		uuid_to_str(a, &given);
		uuid_to_str(b, &found);
		return fail("--uuid %s differs from the UUID %s in "
			    "%s's " TA_HEAD_SECTION,
			    a, b, o->in);
	}
	*uuid = found;
	return EXIT_OK;
}

/* --out, or DIR/<uuid>.ta if --out names a directory. */
static char *sign_out_path(const char *out, const TEE_UUID *uuid)
{
	char name[UUID_STR_LEN];
	struct stat st;
	char *path;

	if (stat(out, &st) || !S_ISDIR(st.st_mode))
		return strdup(out);
	uuid_to_str(name, uuid);
	if (asprintf(&path, "%s/%s.ta", out, name) < 0)
		return NULL;
	return path;
}

/*
 * Builds shdr || hash || sig || uuid || ta_version || ELF, then checks it
 * with the secure world's own verifier before writing it.
 */
static int cmd_sign(const struct opts *o)
{
	uint8_t *elf = NULL, *img = NULL, *der = NULL;
	size_t elf_len = 0, img_len, sub_off, der_len = 0, sig_size;
	uint32_t version = 0;
	struct shdr_ta_info info;
	struct shdr hdr;
	const char *why;
	EVP_PKEY *key = NULL;
	TEE_UUID uuid;
	TEE_Result res;
	bool pss = true;
	char *path = NULL;
	int ret = EXIT_FAIL;

	if (o->ta_version && parse_u32(o->ta_version, "--ta-version", &version))
		return EXIT_USAGE;
	if (o->algo && !strcmp(o->algo, "pkcs1"))
		pss = false;
	else if (o->algo && strcmp(o->algo, "pss"))
		return bad_usage("--algo must be pss or pkcs1");

	key = load_key(o->key, true);
	if (!key)
		return EXIT_FAIL;
	if (read_file(o->in, &elf, &elf_len))
		goto out;
	if (!elf_len) {
		fail("%s is empty", o->in);
		goto out;
	}
	if (elf_len > UINT32_MAX) {
		fail("%s is larger than an image can hold", o->in);
		goto out;
	}
	ret = sign_uuid(o, elf, elf_len, &uuid);
	if (ret)
		goto out;
	ret = EXIT_FAIL;

	sig_size = (size_t)EVP_PKEY_get_size(key);
	if (sig_size > UINT16_MAX) {
		fail("the key is too large for the image format");
		goto out;
	}
	sub_off = SHDR_SIZE + SHDR_HASH_SIZE + sig_size;
	img_len = sub_off + SHDR_BOOTSTRAP_SIZE + elf_len;
	img = malloc(img_len);
	if (!img) {
		fail("out of memory");
		goto out;
	}
	hdr.magic = SHDR_MAGIC;
	hdr.img_type = SHDR_BOOTSTRAP_TA;
	hdr.img_size = (uint32_t)elf_len;
	hdr.algo = pss ? TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA256
		       : TEE_ALG_RSASSA_PKCS1_V1_5_SHA256;
	hdr.hash_size = SHDR_HASH_SIZE;
	hdr.sig_size = (uint16_t)sig_size;
	shdr_encode(img, &hdr);
	uuid_to_octets(img + sub_off, &uuid);
	img[sub_off + 16] = (uint8_t)version;
	img[sub_off + 17] = (uint8_t)(version >> 8);
	img[sub_off + 18] = (uint8_t)(version >> 16);
	img[sub_off + 19] = (uint8_t)(version >> 24);
	memcpy(img + sub_off + SHDR_BOOTSTRAP_SIZE, elf, elf_len);
	if (hash_image(img, sub_off, img_len, img + SHDR_SIZE) ||
	    sign_hash(key, pss, img + SHDR_SIZE,
		      img + SHDR_SIZE + SHDR_HASH_SIZE, sig_size))
		goto out;

	if (pubkey_der(key, &der, &der_len))
		goto out;
	res = shdr_verify_ta_reason(img, img_len, &uuid, der, der_len, &info,
				    &why);
	if (res) {
		fail("internal error: the image just signed does not verify "
		     "(0x%08x: %s)",
		     res, why);
		goto out;
	}

	path = sign_out_path(o->out, &uuid);
	if (!path) {
		fail("out of memory");
		goto out;
	}
	ret = write_file(path, img, img_len, 0644, true, true);
out:
	free(path);
	OPENSSL_free(der);
	free(img);
	free(elf);
	EVP_PKEY_free(key);
	return ret;
}

static const char *tee_result_name(TEE_Result res)
{
	switch (res) {
	case TEE_ERROR_SECURITY:
		return "TEE_ERROR_SECURITY";
	case TEE_ERROR_BAD_PARAMETERS:
		return "TEE_ERROR_BAD_PARAMETERS";
	case TEE_ERROR_OUT_OF_MEMORY:
		return "TEE_ERROR_OUT_OF_MEMORY";
	case TEE_ERROR_GENERIC:
		return "TEE_ERROR_GENERIC";
	default:
		return "error";
	}
}

/* The UUID stored in @img's bootstrap sub-header, if it has one. */
static bool image_uuid(const uint8_t *img, size_t len, TEE_UUID *uuid)
{
	struct shdr hdr;
	size_t off;

	if (shdr_decode(&hdr, img, len))
		return false;
	off = SHDR_SIZE + (size_t)hdr.hash_size + hdr.sig_size;
	if (len < off || len - off < UUID_OCTETS_LEN)
		return false;
	uuid_from_octets(uuid, img + off);
	return true;
}

static int cmd_verify(const struct opts *o)
{
	uint8_t *img = NULL, *der = NULL;
	size_t img_len = 0, der_len = 0;
	struct shdr_ta_info info;
	char name[UUID_STR_LEN];
	TEE_UUID expected;
	EVP_PKEY *key = NULL;
	const char *why;
	TEE_Result res;
	int ret = EXIT_FAIL;

	if (!o->key == !o->pubkey_der)
		return bad_usage("verify needs exactly one of --key and "
				 "--pubkey-der");
	if (o->uuid && parse_uuid(o->uuid, &expected))
		return EXIT_USAGE;
	if (o->key) {
		key = load_key(o->key, false);
		if (!key || pubkey_der(key, &der, &der_len))
			goto out;
	} else if (read_file(o->pubkey_der, &der, &der_len)) {
		goto out;
	}
	if (read_file(o->in, &img, &img_len))
		goto out;
	/*
	 * Without --uuid, check the image against the UUID it carries.  If it
	 * is too short to carry one, the nil UUID stands in: verification
	 * fails on the length before it gets to the UUID.
	 */
	if (!o->uuid && !image_uuid(img, img_len, &expected))
		memset(&expected, 0, sizeof(expected));

	res = shdr_verify_ta_reason(img, img_len, &expected, der, der_len,
				    &info, &why);
	if (res) {
		fail("%s: verification failed: 0x%08x (%s): %s", o->in, res,
		     tee_result_name(res), why);
		goto out;
	}
	uuid_to_str(name, &info.uuid);
	printf("OK %s version %u payload %zu\n", name, info.ta_version,
	       info.payload_len);
	ret = EXIT_OK;
out:
	/* --pubkey-der bytes came from read_file(), the others from OpenSSL. */
	if (o->key)
		OPENSSL_free(der);
	else
		free(der);
	free(img);
	EVP_PKEY_free(key);
	return ret;
}

static void print_hex(const uint8_t *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		printf("%02x", p[i]);
}

/* Prints what the header says, checking only that it is there. */
static int cmd_info(const struct opts *o)
{
	size_t img_len = 0, sig_off, sub_off, payload_off;
	char name[UUID_STR_LEN];
	struct shdr hdr;
	uint8_t *img = NULL;
	TEE_UUID uuid;
	const uint8_t *v;
	int ret = EXIT_FAIL;

	if (read_file(o->in, &img, &img_len))
		return EXIT_FAIL;
	if (shdr_decode(&hdr, img, img_len)) {
		fail("%s: %zu bytes, too short for a signed header", o->in,
		     img_len);
		goto out;
	}
	printf("file:       %s (%zu bytes)\n", o->in, img_len);
	printf("magic:      0x%08x (%s)\n", hdr.magic,
	       hdr.magic == SHDR_MAGIC ? "OP-TEE signed header" : "WRONG");
	printf("img_type:   %u (%s)\n", hdr.img_type,
	       shdr_img_type_name(hdr.img_type));
	printf("img_size:   %u\n", hdr.img_size);
	printf("algo:       0x%08x (%s)\n", hdr.algo, shdr_algo_name(hdr.algo));
	printf("hash_size:  %u\n", hdr.hash_size);
	printf("sig_size:   %u\n", hdr.sig_size);

	sig_off = SHDR_SIZE + (size_t)hdr.hash_size;
	sub_off = sig_off + hdr.sig_size;
	if (img_len < sub_off) {
		printf("(truncated: the hash and signature need %zu bytes)\n",
		       sub_off);
		ret = EXIT_OK;
		goto out;
	}
	printf("hash:       ");
	print_hex(img + SHDR_SIZE, hdr.hash_size);
	printf("\n");
	if (hdr.img_type != SHDR_BOOTSTRAP_TA &&
	    hdr.img_type != SHDR_ENCRYPTED_TA) {
		ret = EXIT_OK;
		goto out;
	}
	if (img_len - sub_off < SHDR_BOOTSTRAP_SIZE) {
		printf("(truncated: no room for the UUID and version)\n");
		ret = EXIT_OK;
		goto out;
	}
	uuid_from_octets(&uuid, img + sub_off);
	uuid_to_str(name, &uuid);
	v = img + sub_off + UUID_OCTETS_LEN;
	payload_off = sub_off + SHDR_BOOTSTRAP_SIZE;
	printf("uuid:       %s\n", name);
	printf("ta_version: %u\n",
	       (unsigned int)(v[0] | v[1] << 8 | v[2] << 16 |
			      (uint32_t)v[3] << 24));
	printf("payload:    %zu bytes at offset %zu%s\n", img_len - payload_off,
	       payload_off,
	       img_len - payload_off == hdr.img_size ? ""
						     : " (img_size DIFFERS)");
	ret = EXIT_OK;
out:
	free(img);
	return ret;
}

/* ---- command line ---- */

static const struct option long_options[] = {
	{"out", required_argument, NULL, 'o'},
	{"bits", required_argument, NULL, 'b'},
	{"force", no_argument, NULL, 'f'},
	{"key", required_argument, NULL, 'k'},
	{"symbol", required_argument, NULL, 's'},
	{"in", required_argument, NULL, 'i'},
	{"uuid", required_argument, NULL, 'u'},
	{"ta-version", required_argument, NULL, 'v'},
	{"algo", required_argument, NULL, 'a'},
	{"pubkey-der", required_argument, NULL, 'p'},
	{"help", no_argument, NULL, 'h'},
	{NULL, 0, NULL, 0},
};

/*
 * @options: the option letters (long_options' values) the command takes;
 * @required: those it cannot do without.
 */
struct command {
	const char *name;
	const char *options;
	const char *required;
	int (*run)(const struct opts *o);
};

static const struct command commands[] = {
	{"keygen", "obf", "o", cmd_keygen},
	{"pubkey", "kos", "kos", cmd_pubkey},
	{"sign", "kiouva", "kio", cmd_sign},
	{"verify", "kpiu", "i", cmd_verify},
	{"info", "i", "i", cmd_info},
};

static const char *long_name(int val)
{
	const struct option *opt;

	for (opt = long_options; opt->name; opt++)
		if (opt->val == val)
			return opt->name;
	return "?";
}

int main(int argc, char **argv)
{
	const struct command *cmd = NULL;
	struct opts o = {0};
	const char *c;
	size_t i;
	int ch;

	if (argc < 2)
		return bad_usage("no command given (try --help)");
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
	    !strcmp(argv[1], "help")) {
		fputs(usage_text, stdout);
		return EXIT_OK;
	}
	if (!strcmp(argv[1], "--version"))
		return tbx_version_print("teebox-sign");
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!strcmp(argv[1], commands[i].name))
			cmd = &commands[i];
	if (!cmd)
		return bad_usage("unknown command '%s' (try --help)", argv[1]);

	/* Parse the options after the command name. */
	opterr = 0;
	optind = 1;
	for (;;) {
		ch = getopt_long(argc - 1, argv + 1, "", long_options, NULL);
		if (ch == -1)
			break;
		if (ch == 'h') {
			fputs(usage_text, stdout);
			return EXIT_OK;
		}
		if (ch == '?' || ch == ':')
			return bad_usage(
				"%s: unknown option or missing value: %s",
				cmd->name, argv[optind]);
		if (!strchr(cmd->options, ch))
			return bad_usage("%s does not take --%s", cmd->name,
					 long_name(ch));
		switch (ch) {
		case 'o':
			o.out = optarg;
			break;
		case 'b':
			o.bits = optarg;
			break;
		case 'f':
			o.force = true;
			break;
		case 'k':
			o.key = optarg;
			break;
		case 's':
			o.symbol = optarg;
			break;
		case 'i':
			o.in = optarg;
			break;
		case 'u':
			o.uuid = optarg;
			break;
		case 'v':
			o.ta_version = optarg;
			break;
		case 'a':
			o.algo = optarg;
			break;
		case 'p':
			o.pubkey_der = optarg;
			break;
		}
	}
	if (optind < argc - 1)
		return bad_usage("%s: unexpected argument '%s'", cmd->name,
				 argv[optind + 1]);
	for (c = cmd->required; *c; c++) {
		bool have = (*c == 'o' && o.out) || (*c == 'k' && o.key) ||
			    (*c == 's' && o.symbol) || (*c == 'i' && o.in);

		if (!have)
			return bad_usage("%s needs --%s (try --help)",
					 cmd->name, long_name(*c));
	}
	return cmd->run(&o);
}
