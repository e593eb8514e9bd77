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
 *   ta-enc-key   the key an installation decrypts encrypted TAs with
 *   verify   check a .ta exactly as the secure world does (secure/shdr.c)
 *   info     print a .ta's header
 *
 * This file is the command line: the usage text, the options each
 * command takes, and main().  The commands live in the files of their
 * concern (sign_priv.h lists them).
 */
#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "teebox/version.h"

#include "sign_priv.h"

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
