/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The TA zygote: a process the secure world starts once, exactly as it
 * starts a TA process (credentials, limits, environment), that has libc,
 * libcrypto and libseccomp loaded and relocated, and forks a TA process
 * on request.  The fork is clone(CLONE_PARENT): the TA process is the
 * secure world's child, as one started by exec is.  No TA code ever runs
 * in the zygote itself: the child loads the image (dlopen) and enters
 * libutee through utee_zygote_entry().
 *
 * The zygote's control socket is at TA_ZYGOTE_SOCK_FD, a SOCK_SEQPACKET
 * socket pair.  One exchange per TA process:
 *
 *   secure world				zygote
 *   struct ta_zygote_req, with the
 *   descriptors of enum ta_zygote_fd	 ->	forks
 *   (SCM_RIGHTS, in that order)
 *					 <-	the child, on its copy of
 *						the socket: struct
 *						ta_zygote_rep with its pid;
 *						it then puts the descriptors
 *						at the numbers of
 *						teebox/ta_ipc.h and loads the
 *						image
 *   or					 <-	the zygote: -errno, no
 *						process; or -ECHILD and the
 *						pid of a child that died
 *						before it answered
 *
 * The child answers itself so that its pid reaches the secure world
 * even if the zygote dies between the fork and the answer; the zygote
 * waits for the child's word that it answered (or its end) before it
 * reads the next request.  The secure world checks that the pid is its
 * own child before it uses it, and reaps a child named with -ECHILD.  A child that cannot load the image, or finds no entry symbol in
 * it, exits with TA_ZYGOTE_EXIT_LOAD before any TA code runs but the
 * image's constructors: the secure world then starts the TA by exec.
 */
#ifndef TEEBOX_TA_ZYGOTE_H
#define TEEBOX_TA_ZYGOTE_H

#include <stdint.h>

#include "teebox/ta_ipc.h"

/* The entry symbol a TA image exports for the zygote. */
#define TA_ZYGOTE_ENTRY "utee_zygote_entry"

#define TA_ZYGOTE_START_VERSION 1

/**
 * struct ta_zygote_start - what the zygote's child gives the TA's runtime
 * @version:	TA_ZYGOTE_START_VERSION
 * @filter_len:	instructions (struct sock_filter) in @filter, 0 for none
 * @filter:	the TA sandbox's seccomp filter (libutee's
 *		utee_sandbox_filter.c) as the zygote built it, for this
 *		process's pid; the runtime installs it instead of building
 *		it with libseccomp
 */
struct ta_zygote_start {
	uint32_t version;
	uint32_t filter_len;
	const void *filter;
};

/**
 * utee_zygote_entry() - start the TA in a process the zygote forked
 * (libutee; the same start as main()'s)
 * @start:	what the zygote prepared (NULL: nothing)
 * Return: the process's exit status.
 */
int utee_zygote_entry(const struct ta_zygote_start *start);

/* The zygote's control socket, where a TA's channel socket would be. */
#define TA_ZYGOTE_SOCK_FD TA_IPC_SOCK_FD

#define TA_ZYGOTE_MAGIC	  0x6f67795aU /* "Zygo" */
#define TA_ZYGOTE_VERSION 3

/* The image in the child, from its descriptors' move until it is loaded. */
#define TA_ZYGOTE_IMAGE_FD (TA_IPC_WIN_FD + 1)

/*
 * TA libraries (OP-TEE's SHLIBNAME, secure/ta_shlib.h): at most this many
 * per TA, library @i at descriptor TA_ZYGOTE_LIB_FD(@i) in the child
 * until the image is loaded.  The secure world has named them
 * "/proc/self/fd/<n>" in the DT_NEEDED of its copies of the images, so
 * that loading the image loads them.
 */
#define TA_ZYGOTE_MAX_LIBS  16
#define TA_ZYGOTE_LIB_FD(i) (TA_ZYGOTE_IMAGE_FD + 1 + (i))

/* A child that could not load the image, before any TA code ran. */
#define TA_ZYGOTE_EXIT_LOAD 125

/**
 * enum ta_zygote_fd - the descriptors a request carries, in order
 * @TA_ZYGOTE_FD_IMAGE:	the image (a sealed memory file; DF_1_PIE cleared)
 * @TA_ZYGOTE_FD_SOCK:	the TA's end of the channel socket
 * @TA_ZYGOTE_FD_PAGE:	the shared page's file
 * @TA_ZYGOTE_FD_WIN:	the parameter window's file
 * @TA_ZYGOTE_FD_OUT:	stdout and stderr
 * @TA_ZYGOTE_NFDS:	how many
 * The request's TA libraries follow them, struct ta_zygote_req.nlibs
 * sealed memory files, in the order of TA_ZYGOTE_LIB_FD().
 */
enum ta_zygote_fd {
	TA_ZYGOTE_FD_IMAGE,
	TA_ZYGOTE_FD_SOCK,
	TA_ZYGOTE_FD_PAGE,
	TA_ZYGOTE_FD_WIN,
	TA_ZYGOTE_FD_OUT,
	TA_ZYGOTE_NFDS
};

/**
 * struct ta_zygote_req - start a TA process
 * @magic:	TA_ZYGOTE_MAGIC
 * @version:	TA_ZYGOTE_VERSION
 * @nlibs:	TA libraries after the TA_ZYGOTE_NFDS descriptors, at most
 *		TA_ZYGOTE_MAX_LIBS
 * @reserved:	0
 * @data_limit:	RLIMIT_DATA, soft and hard, that the child sets before it
 *		loads the image: its header's figure, so that no TA code
 *		(its constructors neither) runs above it; 0: the zygote's
 *		(the ceiling), which the secure world lowers at hello
 */
struct ta_zygote_req {
	uint32_t magic;
	uint32_t version;
	uint32_t nlibs;
	uint32_t reserved;
	uint64_t data_limit;
};

/**
 * struct ta_zygote_rep - the answer to one request
 * @magic:	TA_ZYGOTE_MAGIC
 * @err:	0, or -errno: no process (-ECHILD: @pid died before it
 *		answered)
 * @pid:	the new process (a child of the secure world)
 */
struct ta_zygote_rep {
	uint32_t magic;
	int32_t err;
	int32_t pid;
	uint32_t reserved;
};

#endif
