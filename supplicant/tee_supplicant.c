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
#include "teebox/version.h"
#include "supp_daemon.h"
#include "supp_notify.h"
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

/*
 * The options are OP-TEE's tee-supplicant's, with its letters and
 * meanings (optee_client tee-supplicant/src/tee_supplicant.c): a
 * distribution's unit or init script for it runs this one unchanged.
 * What only teebox has is a long option only.
 */
static void usage(FILE *f, const char *load_base, const char *def_dir,
		  const char *def_path)
{
	fprintf(f,
		"usage: tee-supplicant [options] [<device-name>]\n"
		"  -h, --help            this help\n"
		"  -d, --daemonize       go to the background once the device"
		" is open\n"
		"  -f, --fs-parent-path DIR  the storage directory: the secure"
		" world's\n"
		"                        REE file system and the emulated RPMB"
		" device [%s]\n"
		"  -l, --ta-path DIR[:DIR...]  the TA directories, used as"
		" they are\n"
		"  -t, --ta-dir NAME     the TA directory's name under %s"
		" [%s]\n"
		"                        (cannot be used with --ta-path)\n"
		"  -p, --plugin-path DIR the plugin directory [%s]\n"
		"  -r, --rpmb-cid CID    the emulated RPMB device's CID, 32 hex"
		" digits\n"
		"  <device-name>         the privileged device [teepriv0]\n"
		"teebox only:\n"
		"  --pid-file FILE       write the daemon's process id there\n"
		"  --device NAME         the same as <device-name>\n"
		"  --fs-dir DIR          the same as --fs-parent-path\n"
		"  --version             print the version and exit\n"
		"Without -l or -t: $TEEBOX_TA_DIR, else %s\n",
		SUPP_FS_DEFAULT_DIR, load_base, def_dir, SUPP_PLUGIN_DIR,
		def_path);
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

/**
 * struct supp_opts - the command line
 * @ta_load_path: -l: colon-separated TA directories, as they are
 * @ta_dir:	-t: a directory name under the TA load base
 * @device:	the privileged device (positional or --device)
 * @pid_file:	--pid-file
 * @daemon:	-d
 */
struct supp_opts {
	const char *ta_load_path;
	const char *ta_dir;
	const char *device;
	const char *pid_file;
	bool daemon;
};

/*
 * Where TAs are installed, split as OP-TEE splits it: the load base
 * (OP-TEE's CFG_TEE_CLIENT_LOAD_PATH, /lib) and the directory name
 * under it (optee_armtz).  Ours is <prefix>/lib/optee_armtz, found
 * relative to this program; from the build tree, the build's TA
 * directory.
 */
struct ta_places {
	char path[PATH_MAX];
	char base[PATH_MAX];
	const char *name;
};

static void ta_places_init(struct ta_places *p)
{
	char *slash;

	tbx_install_path(p->path, sizeof(p->path), TBX_DIR_SBIN, TBX_DIR_TA,
			 NULL);
	snprintf(p->base, sizeof(p->base), "%s", p->path);
	slash = strrchr(p->base, '/');
	if (slash && slash != p->base) {
		*slash = '\0';
		p->name = p->path + (slash - p->base) + 1;
	} else {
		p->name = p->path;
	}
}

/* -t NAME: <base>/NAME, as OP-TEE appends ta_dir to its load path. */
static int ta_path_of_dir(char *buf, size_t len, const struct ta_places *p,
			  const char *name)
{
	int n = snprintf(buf, len, "%s/%s", p->base, name);

	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

/* "/dev/teepriv0" (OP-TEE's form) or "teepriv0": the name tdev opens. */
static const char *device_name(const char *arg)
{
	return strncmp(arg, "/dev/", 5) ? arg : arg + 5;
}

/* The options into @o and @s: 0, 1 after --help / --version, or 2. */
static int parse_options(int argc, char **argv, struct supp_opts *o,
			 struct supplicant *s, uint8_t cid[16],
			 const struct ta_places *tp)
{
	enum { OPT_DEVICE = 256, OPT_PID_FILE, OPT_VERSION };
	static const struct option longopts[] = {
		{"help", no_argument, NULL, 'h'},
		{"daemonize", no_argument, NULL, 'd'},
		{"fs-parent-path", required_argument, NULL, 'f'},
		{"ta-path", required_argument, NULL, 'l'},
		{"ta-dir", required_argument, NULL, 't'},
		{"plugin-path", required_argument, NULL, 'p'},
		{"rpmb-cid", required_argument, NULL, 'r'},
		{"fs-dir", required_argument, NULL, 'f'},
		{"device", required_argument, NULL, OPT_DEVICE},
		{"pid-file", required_argument, NULL, OPT_PID_FILE},
		{"version", no_argument, NULL, OPT_VERSION},
		{NULL, 0, NULL, 0},
	};
	int c;

	while ((c = getopt_long(argc, argv, "hdf:l:t:p:r:", longopts, NULL)) !=
	       -1) {
		switch (c) {
		case 'h':
			usage(stdout, tp->base, tp->name, tp->path);
			return 1;
		case OPT_VERSION:
			tbx_version_print("tee-supplicant");
			return 1;
		case 'd':
			o->daemon = true;
			break;
		case 'f':
			s->fs.dir = optarg;
			break;
		case 'l':
			o->ta_load_path = optarg;
			break;
		case 't':
			o->ta_dir = optarg;
			break;
		case 'p':
			s->plugin_path = optarg;
			break;
		case 'r':
			if (parse_cid(optarg, cid)) {
				fprintf(stderr, "tee-supplicant: --rpmb-cid "
						"takes 32 hex digits\n");
				return 2;
			}
			s->rpmb_cid = cid;
			break;
		case OPT_DEVICE:
			o->device = device_name(optarg);
			break;
		case OPT_PID_FILE:
			o->pid_file = optarg;
			break;
		default:
			usage(stderr, tp->base, tp->name, tp->path);
			return 2;
		}
	}
	if (optind < argc)
		o->device = device_name(argv[optind++]);
	if (optind < argc) {
		fprintf(stderr, "tee-supplicant: too many arguments: %s\n",
			argv[optind]);
		return 2;
	}
	if (o->ta_load_path && o->ta_dir) {
		fprintf(stderr, "tee-supplicant: cannot use --ta-path and "
				"--ta-dir at the same time\n");
		return 2;
	}
	return 0;
}

/* The TA directories the options, the environment or the default say. */
static int choose_ta_path(const struct supp_opts *o, const struct ta_places *tp,
			  char *buf, size_t len, const char **out)
{
	const char *env = getenv("TEEBOX_TA_DIR");

	if (o->ta_load_path) {
		*out = o->ta_load_path;
	} else if (o->ta_dir) {
		if (ta_path_of_dir(buf, len, tp, o->ta_dir))
			return -ENAMETOOLONG;
		*out = buf;
	} else {
		*out = env && *env ? env : tp->path;
	}
	return 0;
}

/*
 * Opens the device; with -d in a child first, as OP-TEE's does: the
 * daemon is the device's opener (supp_daemon.h).  0, or the exit status.
 */
static int attach(const struct supp_opts *o, struct supplicant *s)
{
	struct supp_daemon d = {.ready_fd = -1};
	int rc;

	if (o->daemon) {
		rc = supp_daemon_start(&d, o->pid_file);
		if (rc) {
			fprintf(stderr,
				"tee-supplicant: cannot daemonize: "
				"%s\n",
				strerror(-rc));
			return 1;
		}
	}
	rc = tdev_open(o->device, &s->dev);
	if (rc) {
		fprintf(stderr, "tee-supplicant: cannot open %s: %s\n",
			o->device, strerror(-rc));
		return 1;
	}
	/*
	 * Plugins before anyone is told the supplicant is there: a TA's
	 * first request must find them (-d returns only after this).
	 */
	supp_plugin_load_all(s);
	if (o->daemon)
		rc = supp_daemon_ready(&d);
	else if (o->pid_file)
		rc = tbx_pid_file_write(o->pid_file, getpid());
	if (rc) {
		fprintf(stderr, "tee-supplicant: cannot %s: %s\n",
			o->daemon ? "tell the parent" : "write the pid file",
			strerror(-rc));
		tdev_close(s->dev);
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct supp_opts o = {.device = "teepriv0"};
	char ta_path[PATH_MAX];
	struct ta_places tp;
	struct supplicant s;
	uint8_t cid[16];
	int rc;

	supp_init(&s, SUPP_FS_DEFAULT_DIR);
	ta_places_init(&tp);
	rc = parse_options(argc, argv, &o, &s, cid, &tp);
	if (rc)
		return rc == 1 ? 0 : rc;
	if (choose_ta_path(&o, &tp, ta_path, sizeof(ta_path), &s.ta_path)) {
		fprintf(stderr, "tee-supplicant: TA path too long\n");
		return 2;
	}
	signal(SIGPIPE, SIG_IGN);
	rc = attach(&o, &s);
	if (rc)
		return rc;
	fprintf(stderr,
		"tee-supplicant: serving %s (%s), TAs from %s, storage in %s\n",
		o.device, tdev_backend(s.dev), s.ta_path, s.fs.dir);
	/* Ready once what it serves is in the log: whoever waits reads it. */
	rc = supp_notify_ready();
	if (rc < 0)
		fprintf(stderr,
			"tee-supplicant: cannot notify $NOTIFY_SOCKET: "
			"%s\n",
			strerror(-rc));
	rc = serve(&s);
	supp_release(&s);
	supp_shm_free_all(&s);
	tdev_close(s.dev);
	return rc;
}
