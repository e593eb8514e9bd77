// SPDX-License-Identifier: BSD-2-Clause
/*
 * teebox-sign: makes and checks signed TA images in OP-TEE's format
 * (docs/abi.md §8, docs/ta-image-format.md).
 *
 *   keygen   a new RSA signing key (PKCS#8 PEM, mode 0600)
 *   pubkey   the key's DER public key as a C array, for the secure world
 *   sign     an ELF TA -> <uuid>.ta (SHDR_BOOTSTRAP_TA), with the platform
 *            key or under a subkey chain
 *   sign-subkey  a subkey image (SHDR_SUBKEY) signed by the key above it
 *   subkey-uuid  the UUIDs of a subkey chain and the one it allows next
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

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/hmac.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/x509.h>

#include "secure/shdr.h"
#include "secure/shdr_enc.h"
#include "secure/shdr_subkey.h"
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
	"       [--subkey SUBKEY.bin [--name NAME]]\n"
	"       [--enc-key HEX [--enc-key-type SHDR_ENC_KEY_DEV_SPECIFIC|\n"
	"                       SHDR_ENC_KEY_CLASS_WIDE]]\n"
	"      Make a signed bootstrap TA image. The UUID comes from --uuid\n"
	"      or from the ELF's .ta_head section; if both are given they\n"
	"      must agree. If --out is a directory the file is\n"
	"      DIR/<uuid>.ta. The default algorithm is RSASSA-PSS SHA-256.\n"
	"      With --subkey, KEY.pem is the last subkey of SUBKEY.bin's\n"
	"      chain, the image starts with that chain, and the TA's UUID\n"
	"      must be the one the chain allows for NAME (see subkey-uuid).\n"
	"      With --enc-key (64 hex digits, AES-256) the TA is encrypted\n"
	"      (AES-GCM) after signing, for the key type given (default\n"
	"      SHDR_ENC_KEY_DEV_SPECIFIC).\n"
	"  sign-subkey --key KEY.pem --in SUBKEY.pem --out FILE.bin\n"
	"       --uuid UUID --name-size N [--max-depth N] [--subkey-version "
	"N]\n"
	"       [--algo pss|pkcs1] [--subkey PARENT.bin [--name NAME]]\n"
	"      Make a subkey image: SUBKEY.pem's public key, signed with\n"
	"      KEY.pem (the platform key, or the last subkey of PARENT.bin,\n"
	"      whose chain the file then starts with). NAME_SIZE is the size\n"
	"      of the name below it (0: it signs only UUID itself).\n"
	"      --max-depth defaults to 0, or one less than the parent's.\n"
	"  ta-enc-key --key KEY.pem --huk HUK_FILE\n"
	"      Print the device-specific TA encryption key (64 hex digits,\n"
	"      for sign --enc-key) of the secure world whose HUK is\n"
	"      HUK_FILE (STATE_DIR/huk) and whose platform key is KEY.pem.\n"
	"  subkey-uuid --in SUBKEY.bin [--name NAME]\n"
	"      Print the UUIDs of the chain and the UUID it allows next:\n"
	"      the SHA-512 v5 UUID of NAME in the last subkey's namespace.\n"
	"  verify (--key KEY.pem | --pubkey-der FILE) --in FILE.ta\n"
	"       [--uuid UUID] [--enc-key HEX]\n"
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
	const char *subkey, *name, *name_size, *max_depth, *subkey_version;
	const char *enc_key, *enc_key_type, *huk;
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

/* ---- subkeys ---- */

/* What the last subkey of a chain says. */
struct chain_tail {
	unsigned int count;
	uint8_t uuid[UUID_OCTETS_LEN];
	uint32_t name_size;
	uint32_t max_depth;
};

static uint32_t le32_at(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static void put_le32(uint8_t *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

/*
 * Walks the subkeys @buf starts with, without verifying them (the secure
 * world does that), printing each one's UUID if @print.  *@next is where
 * the header after the chain starts: @len for a chain file, whose last
 * subkey has no name after it yet.  Returns NULL, or what is malformed.
 */
static const char *walk_subkeys(const uint8_t *buf, size_t len,
				struct chain_tail *t, size_t *next, bool print)
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
		t->name_size = le32_at(buf + body + 16);
		t->max_depth = le32_at(buf + body + 24);
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

/*
 * --subkey FILE --name NAME: the chain file and NAME padded to the last
 * subkey's name_size, which go in front of what is signed next, and the
 * UUID the chain allows for NAME (octets).
 */
static int subkey_prefix(const struct opts *o, uint8_t **prefix,
			 size_t *prefix_len, struct chain_tail *t,
			 uint8_t allowed[UUID_OCTETS_LEN])
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

/* Fails unless @uuid is @allowed, the UUID the subkey chain lets sign. */
static int check_in_namespace(const struct opts *o, const TEE_UUID *uuid,
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
			put_le32(p + 16 + 4 * i, fields[i]);
		put_le32(p + 32, 2);
		put_le32(p + 36, TEE_ATTR_RSA_MODULUS);
		put_le32(p + 40, (uint32_t)vals);
		put_le32(p + 44, (uint32_t)nl);
		put_le32(p + 48, TEE_ATTR_RSA_PUBLIC_EXPONENT);
		put_le32(p + 52, (uint32_t)(vals + nl));
		put_le32(p + 56, (uint32_t)el);
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

/* shdr || hash || sig || @body, signed with @key; malloc'd. */
static int sign_header(EVP_PKEY *key, bool pss, uint32_t img_type,
		       const uint8_t *body, size_t body_len, uint8_t **out,
		       size_t *out_len)
{
	size_t sig_size = (size_t)EVP_PKEY_get_size(key);
	size_t sub_off = SHDR_SIZE + SHDR_HASH_SIZE + sig_size;
	struct shdr hdr = {
		.magic = SHDR_MAGIC,
		.img_type = img_type,
		.img_size = (uint32_t)body_len,
		.algo = pss ? TEE_ALG_RSASSA_PKCS1_PSS_MGF1_SHA256
			    : TEE_ALG_RSASSA_PKCS1_V1_5_SHA256,
		.hash_size = SHDR_HASH_SIZE,
		.sig_size = (uint16_t)sig_size,
	};
	uint8_t *img;

	if (sig_size > UINT16_MAX)
		return fail("the key is too large for the image format");
	img = malloc(sub_off + body_len);
	if (!img)
		return fail("out of memory");
	shdr_encode(img, &hdr);
	memcpy(img + sub_off, body, body_len);
	if (hash_image(img, sub_off, sub_off + body_len, img + SHDR_SIZE) ||
	    sign_hash(key, pss, img + SHDR_SIZE,
		      img + SHDR_SIZE + SHDR_HASH_SIZE, sig_size)) {
		free(img);
		return EXIT_FAIL;
	}
	*out = img;
	*out_len = sub_off + body_len;
	return EXIT_OK;
}

/* Writes @a || @b to @path. */
static int write_two(const char *path, const uint8_t *a, size_t a_len,
		     const uint8_t *b, size_t b_len)
{
	uint8_t *all = malloc(a_len + b_len ? a_len + b_len : 1);
	int ret;

	if (!all)
		return fail("out of memory");
	if (a_len)
		memcpy(all, a, a_len);
	memcpy(all + a_len, b, b_len);
	ret = write_file(path, all, a_len + b_len, 0644, true, true);
	free(all);
	return ret;
}

static int parse_algo(const struct opts *o, bool *pss)
{
	*pss = true;
	if (o->algo && !strcmp(o->algo, "pkcs1"))
		*pss = false;
	else if (o->algo && strcmp(o->algo, "pss"))
		return bad_usage("--algo must be pss or pkcs1");
	return EXIT_OK;
}

/* sign-subkey, as sign_encrypt.py's sign-subkey. */
static int cmd_sign_subkey(const struct opts *o)
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

/* subkey-uuid, as sign_encrypt.py's subkey-uuid. */
static int cmd_subkey_uuid(const struct opts *o)
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

static void print_hex(const uint8_t *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		printf("%02x", p[i]);
}

/* ---- encryption (sign --enc-key, ta-enc-key) ---- */

/* --enc-key: 64 hex digits, the AES-256 key OP-TEE's core decrypts with. */
static int parse_enc_key(const char *s, uint8_t key[SHDR_TA_ENC_KEY_SIZE])
{
	static const char digits[] = "0123456789abcdef";
	size_t i;

	if (strlen(s) != 2 * SHDR_TA_ENC_KEY_SIZE)
		goto bad;
	for (i = 0; i < 2 * SHDR_TA_ENC_KEY_SIZE; i++) {
		const char *d = strchr(digits, s[i] | 0x20);

		if (!s[i] || !d)
			goto bad;
		if (i % 2)
			key[i / 2] |= (uint8_t)(d - digits);
		else
			key[i / 2] = (uint8_t)((d - digits) << 4);
	}
	return EXIT_OK;
bad:
	return bad_usage("--enc-key must be 64 hex digits (an AES-256 key, "
			 "the size OP-TEE decrypts TAs with)");
}

/* --enc-key-type: sign_encrypt.py's names. */
static int parse_enc_key_type(const char *s, uint32_t *type)
{
	*type = SHDR_ENC_KEY_DEV_SPECIFIC;
	if (!s || !strcmp(s, "SHDR_ENC_KEY_DEV_SPECIFIC"))
		return EXIT_OK;
	if (!strcmp(s, "SHDR_ENC_KEY_CLASS_WIDE")) {
		*type = SHDR_ENC_KEY_CLASS_WIDE;
		return EXIT_OK;
	}
	return bad_usage("--enc-key-type must be SHDR_ENC_KEY_DEV_SPECIFIC or "
			 "SHDR_ENC_KEY_CLASS_WIDE");
}

/* struct shdr_enc_keys .get for the tool: the one key it was given. */
static TEE_Result given_enc_key(void *arg, uint32_t key_type,
				uint8_t key[SHDR_TA_ENC_KEY_SIZE])
{
	(void)key_type;
	memcpy(key, arg, SHDR_TA_ENC_KEY_SIZE);
	return TEE_SUCCESS;
}

/*
 * Writes the encryption header, a random IV and the tag at @p (room for
 * SHDR_ENC_HDR_SIZE + IV + tag), and the ciphertext of @elf to @ct, as
 * sign_encrypt.py's encrypt_ta() does.
 */
static int encrypt_elf(const uint8_t key[SHDR_TA_ENC_KEY_SIZE],
		       uint32_t key_type, const uint8_t *elf, size_t len,
		       uint8_t *p, uint8_t *ct)
{
	uint8_t *iv = p + SHDR_ENC_HDR_SIZE, *tag = iv + SHDR_ENC_IV_SIZE;

	put_le32(p, TEE_ALG_AES_GCM);
	put_le32(p + 4, key_type);
	p[8] = SHDR_ENC_IV_SIZE;
	p[9] = 0;
	p[10] = SHDR_ENC_TAG_SIZE;
	p[11] = 0;
	if (RAND_bytes(iv, SHDR_ENC_IV_SIZE) != 1 ||
	    shdr_enc_encrypt(key, iv, SHDR_ENC_IV_SIZE, elf, len, ct, tag,
			     SHDR_ENC_TAG_SIZE))
		return fail_ossl("cannot encrypt");
	return EXIT_OK;
}

/*
 * ta-enc-key: the device-specific TA encryption key of the installation
 * whose HUK is --huk, as its secure world derives it (secure/ta_enc_key.c,
 * OP-TEE's tee_otp_get_ta_enc_key()): HMAC-SHA-256(HUK, u32 LE
 * HUK_SUBKEY_TA_ENC (4) || the platform key's modulus, big-endian).
 */
static int cmd_ta_enc_key(const struct opts *o)
{
	uint8_t *huk = NULL, msg[4 + 1024] = {4, 0, 0, 0}, mac[32];
	unsigned int mac_len = 0;
	size_t huk_len = 0;
	EVP_PKEY *key;
	BIGNUM *n = NULL;
	int ret = EXIT_FAIL, len;

	key = load_key(o->key, false);
	if (!key || read_file(o->huk, &huk, &huk_len))
		goto out;
	if (huk_len != 16) {
		fail("%s: a HUK is 16 bytes, not %zu", o->huk, huk_len);
		goto out;
	}
	if (!EVP_PKEY_get_bn_param(key, OSSL_PKEY_PARAM_RSA_N, &n) ||
	    (size_t)BN_num_bytes(n) > sizeof(msg) - 4) {
		fail_ossl("cannot read the key's modulus");
		goto out;
	}
	len = BN_bn2bin(n, msg + 4);
	if (!HMAC(EVP_sha256(), huk, (int)huk_len, msg, 4 + (size_t)len, mac,
		  &mac_len) ||
	    mac_len != sizeof(mac)) {
		fail_ossl("cannot compute HMAC-SHA-256");
		goto out;
	}
	print_hex(mac, sizeof(mac));
	printf("\n");
	ret = EXIT_OK;
out:
	OPENSSL_cleanse(mac, sizeof(mac));
	if (huk)
		OPENSSL_cleanse(huk, huk_len);
	free(huk);
	BN_free(n);
	EVP_PKEY_free(key);
	return ret;
}

/*
 * Builds shdr || hash || sig || uuid || ta_version || ELF, then checks it
 * with the secure world's own verifier (under the signing key) before
 * writing it, behind the subkey chain and name if --subkey is given.
 * With --enc-key the ELF is encrypted (SHDR_ENCRYPTED_TA): the encryption
 * header, IV and tag go before it, and the hash covers the plaintext.
 */
static int cmd_sign(const struct opts *o)
{
	uint8_t *elf = NULL, *img = NULL, *der = NULL, *prefix = NULL;
	size_t elf_len = 0, img_len, sub_off, der_len = 0, sig_size;
	uint8_t allowed[UUID_OCTETS_LEN], enc_key[SHDR_TA_ENC_KEY_SIZE];
	struct shdr_enc_keys keys = {.get = given_enc_key, .arg = enc_key};
	size_t prefix_len = 0, enc_len = 0;
	uint8_t *ct = NULL, *payload;
	struct chain_tail tail;
	uint32_t key_type;
	uint32_t version = 0;
	struct shdr_ta_info info = {0};
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
	if (o->name && !o->subkey)
		return bad_usage("--name goes with --subkey");
	if ((o->enc_key && parse_enc_key(o->enc_key, enc_key)) ||
	    parse_enc_key_type(o->enc_key_type, &key_type))
		return EXIT_USAGE;
	if (o->enc_key_type && !o->enc_key)
		return bad_usage("--enc-key-type goes with --enc-key");
	if (o->enc_key)
		enc_len = SHDR_ENC_HDR_SIZE + SHDR_ENC_IV_SIZE +
			  SHDR_ENC_TAG_SIZE;
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
	img_len = sub_off + SHDR_BOOTSTRAP_SIZE + enc_len + elf_len;
	img = malloc(img_len);
	ct = o->enc_key ? malloc(elf_len) : NULL;
	if (!img || (o->enc_key && !ct)) {
		fail("out of memory");
		goto out;
	}
	hdr.magic = SHDR_MAGIC;
	hdr.img_type = o->enc_key ? SHDR_ENCRYPTED_TA : SHDR_BOOTSTRAP_TA;
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
	payload = img + sub_off + SHDR_BOOTSTRAP_SIZE + enc_len;
	if (o->enc_key &&
	    encrypt_elf(enc_key, key_type, elf, elf_len, payload - enc_len, ct))
		goto out;
	/* Hashed and signed over the plaintext, then encrypted. */
	memcpy(payload, elf, elf_len);
	if (hash_image(img, sub_off, img_len, img + SHDR_SIZE) ||
	    sign_hash(key, pss, img + SHDR_SIZE,
		      img + SHDR_SIZE + SHDR_HASH_SIZE, sig_size))
		goto out;
	if (o->enc_key)
		memcpy(payload, ct, elf_len);

	if (pubkey_der(key, &der, &der_len))
		goto out;
	res = shdr_verify_ta_enc(img, img_len, &uuid, der, der_len, &keys,
				 &info, &why);
	free(info.owned);
	if (res) {
		fail("internal error: the image just signed does not verify "
		     "(0x%08x: %s)",
		     res, why);
		goto out;
	}

	/* Under a subkey: the chain goes first, and must allow this TA. */
	if (o->subkey &&
	    (subkey_prefix(o, &prefix, &prefix_len, &tail, allowed) ||
	     check_in_namespace(o, &uuid, allowed)))
		goto out;

	path = sign_out_path(o->out, &uuid);
	if (!path) {
		fail("out of memory");
		goto out;
	}
	ret = write_two(path, prefix, prefix_len, img, img_len);
out:
	OPENSSL_cleanse(enc_key, sizeof(enc_key));
	free(ct);
	free(prefix);
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
	struct chain_tail t;
	struct shdr hdr;
	size_t off;

	if (walk_subkeys(img, len, &t, &off, false) || off >= len)
		return false;
	img += off;
	len -= off;
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
	uint8_t enc_key[SHDR_TA_ENC_KEY_SIZE];
	struct shdr_enc_keys keys = {.get = given_enc_key, .arg = enc_key};
	uint8_t *img = NULL, *der = NULL;
	size_t img_len = 0, der_len = 0;
	struct shdr_ta_info info = {0};
	char name[UUID_STR_LEN];
	TEE_UUID expected;
	EVP_PKEY *key = NULL;
	const char *why;
	TEE_Result res;
	int ret = EXIT_FAIL;

	if (!o->key == !o->pubkey_der)
		return bad_usage("verify needs exactly one of --key and "
				 "--pubkey-der");
	if (o->enc_key && parse_enc_key(o->enc_key, enc_key))
		return EXIT_USAGE;
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

	res = shdr_verify_ta_enc(img, img_len, &expected, der, der_len,
				 o->enc_key ? &keys : NULL, &info, &why);
	free(info.owned);
	if (res) {
		fail("%s: verification failed: 0x%08x (%s): %s", o->in, res,
		     tee_result_name(res), why);
		goto out;
	}
	uuid_to_str(name, &info.uuid);
	printf("OK %s version %u payload %zu", name, info.ta_version,
	       info.payload_len);
	if (info.subkeys)
		printf(" subkeys %u", info.subkeys);
	if (info.encrypted)
		printf(" encrypted");
	printf("\n");
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

/*
 * Prints an encrypted TA's encryption header at @p (@len bytes left) and
 * moves *@off past it; 1 if it is truncated.
 */
static int info_enc(const uint8_t *p, size_t len, size_t *off)
{
	size_t size;

	if (len < SHDR_ENC_HDR_SIZE) {
		printf("(truncated: no room for the encryption header)\n");
		return 1;
	}
	printf("enc_algo:   0x%08x%s\n", le32_at(p),
	       le32_at(p) == TEE_ALG_AES_GCM ? " (AES-GCM)" : "");
	printf("flags:      0x%x (%s)\n", le32_at(p + 4),
	       (le32_at(p + 4) & SHDR_ENC_KEY_TYPE_MASK) ? "CLASS_WIDE"
							 : "DEV_SPECIFIC");
	printf("iv_size:    %u\n", p[8] | p[9] << 8);
	printf("tag_size:   %u\n", p[10] | p[11] << 8);
	size = SHDR_ENC_HDR_SIZE + (size_t)(p[8] | p[9] << 8) +
	       (size_t)(p[10] | p[11] << 8);
	if (size > len) {
		printf("(truncated: the IV and tag need %zu bytes)\n", size);
		return 1;
	}
	*off += size;
	return 0;
}

/* Prints what the header says, checking only that it is there. */
static int cmd_info(const struct opts *o)
{
	size_t img_len = 0, sig_off, sub_off, payload_off, chain_len = 0;
	char name[UUID_STR_LEN];
	struct chain_tail tail;
	struct shdr hdr;
	uint8_t *file = NULL;
	const uint8_t *img;
	const char *why;
	TEE_UUID uuid;
	const uint8_t *v;
	int ret = EXIT_FAIL;

	if (read_file(o->in, &file, &img_len))
		return EXIT_FAIL;
	img = file;
	why = walk_subkeys(img, img_len, &tail, &chain_len, true);
	if (why) {
		fail("%s: %s", o->in, why);
		goto out;
	}
	if (tail.count) {
		printf("subkeys:    %u (%zu bytes with their names)\n",
		       tail.count, chain_len);
		img += chain_len;
		img_len -= chain_len;
	}
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
	ret = EXIT_OK;
	if (hdr.img_type == SHDR_ENCRYPTED_TA &&
	    info_enc(img + payload_off, img_len - payload_off, &payload_off))
		goto out;
	printf("payload:    %zu bytes at offset %zu%s\n", img_len - payload_off,
	       payload_off,
	       img_len - payload_off == hdr.img_size ? ""
						     : " (img_size DIFFERS)");
	ret = EXIT_OK;
out:
	free(file);
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
	{"subkey", required_argument, NULL, 'S'},
	{"name", required_argument, NULL, 'n'},
	{"name-size", required_argument, NULL, 'N'},
	{"max-depth", required_argument, NULL, 'd'},
	{"subkey-version", required_argument, NULL, 'V'},
	{"enc-key", required_argument, NULL, 'e'},
	{"enc-key-type", required_argument, NULL, 'E'},
	{"huk", required_argument, NULL, 'H'},
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
	{"sign", "kiouvaSneE", "kio", cmd_sign},
	{"sign-subkey", "kiouaSnNdV", "kiouN", cmd_sign_subkey},
	{"subkey-uuid", "in", "i", cmd_subkey_uuid},
	{"ta-enc-key", "kH", "kH", cmd_ta_enc_key},
	{"verify", "kpiue", "i", cmd_verify},
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
		case 'S':
			o.subkey = optarg;
			break;
		case 'n':
			o.name = optarg;
			break;
		case 'N':
			o.name_size = optarg;
			break;
		case 'd':
			o.max_depth = optarg;
			break;
		case 'V':
			o.subkey_version = optarg;
			break;
		case 'e':
			o.enc_key = optarg;
			break;
		case 'E':
			o.enc_key_type = optarg;
			break;
		case 'H':
			o.huk = optarg;
			break;
		}
	}
	if (optind < argc - 1)
		return bad_usage("%s: unexpected argument '%s'", cmd->name,
				 argv[optind + 1]);
	for (c = cmd->required; *c; c++) {
		bool have = (*c == 'o' && o.out) || (*c == 'k' && o.key) ||
			    (*c == 's' && o.symbol) || (*c == 'i' && o.in) ||
			    (*c == 'u' && o.uuid) ||
			    (*c == 'N' && o.name_size) || (*c == 'H' && o.huk);

		if (!have)
			return bad_usage("%s needs --%s (try --help)",
					 cmd->name, long_name(*c));
	}
	return cmd->run(&o);
}
