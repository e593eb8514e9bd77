// SPDX-License-Identifier: BSD-2-Clause
/*
 * tee-supplicant: attaches to /dev/teepriv0 (the kernel's, or teed's
 * endpoint) and serves the secure world's requests until stopped.
 *
 * It asks for asynchronous request ids (a META parameter in RECV,
 * docs/abi.md §5.8), as OP-TEE's tee-supplicant does, and answers every
 * request (dispatch.c).
 */
#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "transport/tbx_daemon.h"
#include "transport/tbx_install.h"
#include "supplicant.h"

/* Params of one request: 4 for the secure world plus the meta one. */
#define RPC_NUM_PARAMS 5

/* The buffer RECV fills and SEND sends back: the two headers overlay. */
struct supp_buf {
	union {
		struct tee_iocl_supp_recv_arg recv;
		struct tee_iocl_supp_send_arg send;
	} hdr;
	struct tee_ioctl_param params[RPC_NUM_PARAMS];
};

static void usage(FILE *f, const char *default_ta_path)
{
	fprintf(f,
		"usage: tee-supplicant [--ta-dir DIR[:DIR...]]"
		" [--device teeprivN] [-f DIR] [-r CID]\n"
		"  --ta-dir    where <uuid>.ta files are looked for"
		" (default: $TEEBOX_TA_DIR\n"
		"              or %s)\n"
		"  --device    the privileged device (default teepriv0)\n"
		"  -f, --fs-parent-path DIR  the storage directory: the"
		" secure world's REE\n"
		"              file system and the emulated RPMB device"
		" (default %s;\n"
		"              --fs-dir is the same)\n"
		"  -r, --rpmb-cid CID  the emulated RPMB device's CID, 32 hex"
		" digits\n"
		"  -d, --daemonize  go to the background once attached\n"
		"  --pid-file FILE  write the process id there\n",
		default_ta_path, SUPP_FS_DEFAULT_DIR);
}

/* 32 hex digits into 16 bytes: 0 or -EINVAL. */
static int parse_cid(const char *hex, uint8_t cid[16])
{
	if (strlen(hex) != 32)
		return -EINVAL;
	for (int i = 0; i < 16; i++) {
		unsigned int byte;
		char two[3] = {hex[2 * i], hex[2 * i + 1], '\0'};

		if (!isxdigit((unsigned char)two[0]) ||
		    !isxdigit((unsigned char)two[1]) ||
		    sscanf(two, "%2x", &byte) != 1)
			return -EINVAL;
		cid[i] = (uint8_t)byte;
	}
	return 0;
}

/* Waits for the next request; the meta param asks for async ids. */
static long receive(struct supplicant *s, struct supp_buf *buf)
{
	struct tee_ioctl_buf_data data = {
		.buf_ptr = (uintptr_t)buf,
		.buf_len = sizeof(*buf),
	};

	memset(buf, 0, sizeof(*buf));
	buf->hdr.recv.num_params = RPC_NUM_PARAMS;
	buf->params[0].attr = TEE_IOCTL_PARAM_ATTR_META;
	return tdev_ioctl(s->dev, TEE_IOC_SUPPL_RECV, &data);
}

static long send_answer(struct supplicant *s, struct supp_buf *buf,
			uint32_t ret, uint32_t num_params)
{
	struct tee_ioctl_buf_data data = {
		.buf_ptr = (uintptr_t)buf,
		.buf_len = sizeof(struct tee_iocl_supp_send_arg) +
			   num_params * sizeof(struct tee_ioctl_param),
	};

	/* params[0] is the meta param with the request id, echoed. */
	buf->hdr.send.ret = ret;
	buf->hdr.send.num_params = num_params;
	return tdev_ioctl(s->dev, TEE_IOC_SUPPL_SEND, &data);
}

static int serve(struct supplicant *s)
{
	struct supp_buf buf;

	for (;;) {
		uint32_t func, n, ret;
		long rc = receive(s, &buf);

		if (rc == -EINTR)
			continue;
		if (rc) {
			fprintf(stderr, "tee-supplicant: receive failed: %s\n",
				strerror((int)-rc));
			return 1;
		}
		func = buf.hdr.recv.func;
		n = buf.hdr.recv.num_params;
		if (n < 1 || n > RPC_NUM_PARAMS ||
		    buf.params[0].attr !=
			    (TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INOUT |
			     TEE_IOCTL_PARAM_ATTR_META)) {
			fprintf(stderr, "tee-supplicant: malformed request\n");
			return 1;
		}
		ret = supp_dispatch(s, func, n - 1, buf.params + 1);
		rc = send_answer(s, &buf, ret, n);
		if (rc && rc != -ENOENT) {
			fprintf(stderr, "tee-supplicant: send failed: %s\n",
				strerror((int)-rc));
			return 1;
		}
	}
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"ta-dir", required_argument, NULL, 't'},
		{"device", required_argument, NULL, 'v'},
		{"fs-parent-path", required_argument, NULL, 'f'},
		{"fs-dir", required_argument, NULL, 'f'},
		{"rpmb-cid", required_argument, NULL, 'r'},
		{"daemonize", no_argument, NULL, 'D'},
		{"pid-file", required_argument, NULL, 'p'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	struct supplicant s;
	char default_ta_path[PATH_MAX];
	uint8_t cid[16];
	const char *device = "teepriv0";
	const char *pid_file = NULL;
	bool daemon = false;
	int c, rc;

	/*
	 * Without --ta-dir or $TEEBOX_TA_DIR: where teebox installs TAs,
	 * <prefix>/lib/optee_armtz (for the prefix /usr, OP-TEE's
	 * /lib/optee_armtz on a merged-/usr system), found relative to this
	 * program; from the build tree, the build's TA directory.
	 */
	supp_init(&s, SUPP_FS_DEFAULT_DIR);
	tbx_install_path(default_ta_path, sizeof(default_ta_path), TBX_DIR_SBIN,
			 TBX_DIR_TA, NULL);
	s.ta_path = getenv("TEEBOX_TA_DIR");
	if (!s.ta_path || !*s.ta_path)
		s.ta_path = default_ta_path;
	while ((c = getopt_long(argc, argv, "hdf:r:", longopts, NULL)) != -1) {
		switch (c) {
		case 't':
			s.ta_path = optarg;
			break;
		case 'v':
			device = optarg;
			break;
		case 'f':
			s.fs.dir = optarg;
			break;
		case 'r':
			if (parse_cid(optarg, cid)) {
				fprintf(stderr, "tee-supplicant: --rpmb-cid "
						"takes 32 hex digits\n");
				return 2;
			}
			s.rpmb_cid = cid;
			break;
		case 'd':
		case 'D':
			daemon = true;
			break;
		case 'p':
			pid_file = optarg;
			break;
		case 'h':
			usage(stdout, default_ta_path);
			return 0;
		default:
			usage(stderr, default_ta_path);
			return 2;
		}
	}
	signal(SIGPIPE, SIG_IGN);
	rc = tdev_open(device, &s.dev);
	if (rc) {
		fprintf(stderr, "tee-supplicant: cannot open %s: %s\n", device,
			strerror(-rc));
		return 1;
	}
	/*
	 * -d: the parent returns only once the device is open, so whoever
	 * started us knows the supplicant is attached (as OP-TEE's
	 * tee-supplicant -d); the pid file is there by then.
	 */
	if (daemon)
		rc = tbx_daemonize(pid_file, NULL);
	else if (pid_file)
		rc = tbx_pid_file_write(pid_file, getpid());
	if (rc) {
		fprintf(stderr, "tee-supplicant: cannot %s: %s\n",
			daemon ? "daemonize" : "write the pid file",
			strerror(-rc));
		tdev_close(s.dev);
		return 1;
	}
	fprintf(stderr,
		"tee-supplicant: serving %s (%s), TAs from %s, storage in %s\n",
		device, tdev_backend(s.dev), s.ta_path, s.fs.dir);
	rc = serve(&s);
	supp_release(&s);
	supp_shm_free_all(&s);
	tdev_close(s.dev);
	return rc;
}
