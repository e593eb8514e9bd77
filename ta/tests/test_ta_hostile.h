/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ta_test_hostile: a TA built with the SDK that tries every way out of
 * its sandbox, and more memory than its header allows (issue 9, items 3
 * and 6).  Flags 0: every session is a process of its own, so one
 * session's instance can attack another's.
 *
 *  UUID 614e3b4d-f970-4045-aded-e0cc2bf0c485
 *
 * ta_test_hostile_greedy: the same TA, whose constructor maps (and keeps)
 * TA_TEST_HOSTILE_GREEDY_MIB before the runtime starts: more than its
 * header allows, less than the ceiling that holds until then.
 *
 *  UUID 367e36c1-595a-42ae-aa32-634bd77135a8
 *
 * ta_test_hostile_shared: the same TA, single instance and multi session,
 * so that one client's call can attack what another client gave it
 * (issue 9, item 4: memrefs).
 *
 *  UUID 7d1b0f4e-2a6c-4c51-9e3a-5b8f6d0c2e71
 */
#ifndef TEST_TA_HOSTILE_H
#define TEST_TA_HOSTILE_H

#include <stdint.h>

#define TA_TEST_HOSTILE_UUID                                                   \
	{                                                                      \
		0x614e3b4d, 0xf970, 0x4045,                                    \
		{                                                              \
			0xad, 0xed, 0xe0, 0xcc, 0x2b, 0xf0, 0xc4, 0x85         \
		}                                                              \
	}
#define TA_TEST_HOSTILE_UUID_STR "614e3b4d-f970-4045-aded-e0cc2bf0c485"

#define TA_TEST_HOSTILE_GREEDY_UUID                                            \
	{                                                                      \
		0x367e36c1, 0x595a, 0x42ae,                                    \
		{                                                              \
			0xaa, 0x32, 0x63, 0x4b, 0xd7, 0x71, 0x35, 0xa8         \
		}                                                              \
	}

#define TA_TEST_HOSTILE_SHARED_UUID                                            \
	{                                                                      \
		0x7d1b0f4e, 0x2a6c, 0x4c51,                                    \
		{                                                              \
			0x9e, 0x3a, 0x5b, 0x8f, 0x6d, 0x0c, 0x2e, 0x71         \
		}                                                              \
	}

/*
 * More than the header allows (16 KiB stack, 64 KiB data and the secure
 * world's reserve: 32 MiB; in sanitizer builds 512 MiB beyond the ASan
 * shadow), less than the 256 MiB ceiling plus that reserve.
 */
#if defined(TEEBOX_SANITIZED) && TEEBOX_SANITIZED
#define TA_TEST_HOSTILE_OVER_MIB 600
#else
#define TA_TEST_HOSTILE_OVER_MIB 64
#endif

#define TA_TEST_HOSTILE_STACK_SIZE (16 * 1024)
#define TA_TEST_HOSTILE_DATA_SIZE  (64 * 1024)

/*
 * TA_TEST_HOSTILE_CMD_PID: value OUTPUT a = the TA's pid.
 * TA_TEST_HOSTILE_CMD_ESCAPE: value INPUT a = another TA's pid, b = a
 *	process of the client's; memref OUTPUT int32_t[TA_HOSTILE_NUM]:
 *	for each attempt below, 0 if it succeeded, else its errno.
 * TA_TEST_HOSTILE_CMD_CREDS: memref OUTPUT struct ta_hostile_creds, as
 *	the TA's constructor saw them, before the runtime's main() and its
 *	sandbox: what the secure world set.
 * TA_TEST_HOSTILE_CMD_MMAP: value INPUT a = MiB to map (plain private
 *	anonymous read-write); value OUTPUT a = 0 or the errno.
 *
 * Memrefs (ta_hostile_memref.c).  The client fills the memory around
 * its buffer with TA_HOSTILE_MARKER; the TA must never see it.
 * TA_TEST_HOSTILE_CMD_MEMREF_GRAB: [0] MEMREF_INPUT, kept (pointer and
 *	size) for later calls; the TA then reaches for what lies around it:
 *	[1] VALUE_OUTPUT a = bytes outside the buffer in its pages that are
 *	not zero (then overwritten with TA_HOSTILE_SCRIBBLE), b = markers
 *	found in the TA_HOSTILE_BEYOND bytes after those pages (made
 *	writable by the TA itself; markers overwritten);
 *	[2] VALUE_OUTPUT a = memory files the TA holds (its channel page
 *	aside, whatever its constructor kept included), b = markers found
 *	mapping their first TA_HOSTILE_FILE_SCAN bytes of each half
 *	(overwritten).
 * TA_TEST_HOSTILE_CMD_MEMREF_STALE: [0] VALUE_INPUT a = TA_HOSTILE_STALE_*;
 *	[1] VALUE_OUTPUT a = byte sum of the kept buffer as the TA read it,
 *	b = its size; [2] NONE or a MEMREF_INOUT the TA does not touch.
 *	HOSTILE makes the kept pages writable itself, then reads them and
 *	writes TA_HOSTILE_STALE_BYTE over them; HONEST only reads them, as
 *	a TA bug would (it faults: the TA dies).
 */
#define TA_TEST_HOSTILE_CMD_PID		 0
#define TA_TEST_HOSTILE_CMD_ESCAPE	 1
#define TA_TEST_HOSTILE_CMD_CREDS	 2
#define TA_TEST_HOSTILE_CMD_MMAP	 3
#define TA_TEST_HOSTILE_CMD_MEMREF_GRAB	 4
#define TA_TEST_HOSTILE_CMD_MEMREF_STALE 5

#define TA_HOSTILE_MARKER     "OUTSIDE!"
#define TA_HOSTILE_MARKER_LEN 8
#define TA_HOSTILE_SCRIBBLE   0x5a
#define TA_HOSTILE_STALE_BYTE 0x66
#define TA_HOSTILE_BEYOND     (64 * 1024)
#define TA_HOSTILE_FILE_SCAN  (1024 * 1024)

#define TA_HOSTILE_STALE_HOSTILE 0
#define TA_HOSTILE_STALE_HONEST	 1

/* X(id, what it tries): each must fail with EPERM. */
#define TA_HOSTILE_ATTEMPTS(X)                                                 \
	X(KILL_TA, "kill(another TA, 0)")                                      \
	X(TGKILL_TA, "tgkill(another TA, its tid, 0)")                         \
	X(TKILL_TA, "tkill(another TA, 0)")                                    \
	X(KILL_CLIENT, "kill(a client process, 0)")                            \
	X(TGKILL_CLIENT, "tgkill(a client process, its tid, 0)")               \
	X(KILL_PARENT, "kill(parent: the secure world, 0)")                    \
	X(TGKILL_PARENT, "tgkill(the secure world, its tid, 0)")               \
	X(KILL_INIT, "kill(1, 0)")                                             \
	X(TGKILL_INIT, "tgkill(1, 1, 0)")                                      \
	X(KILL_ALL, "kill(-1, 0)")                                             \
	X(KILL_GROUP, "kill(0, 0)")                                            \
	X(SIGQUEUE_SELF, "rt_sigqueueinfo(self, 0)")                           \
	X(PTRACE_TA, "ptrace(PTRACE_SEIZE, another TA)")                       \
	X(PTRACE_CLIENT, "ptrace(PTRACE_SEIZE, a client process)")             \
	X(OPEN_FILE, "openat(/etc/hostname)")                                  \
	X(OPEN_PROC_MEM, "openat(/proc/self/mem, O_RDWR)")                     \
	X(WRITE_PROC_OOM, "openat(/proc/self/oom_score_adj, O_WRONLY)")        \
	X(SOCKET_INET, "socket(AF_INET)")                                      \
	X(SOCKET_UNIX, "socket(AF_UNIX)")                                      \
	X(EXECVE, "execve(/bin/true)")                                         \
	X(FORK, "clone(SIGCHLD): fork")                                        \
	X(CLONE3, "clone3(): fork")                                            \
	X(SETUID_ROOT, "setuid(0)")                                            \
	X(SETRESUID_ROOT, "setresuid(0, 0, 0)")                                \
	X(SETGID_ROOT, "setgid(0)")                                            \
	X(MMAP_EXEC, "mmap(PROT_EXEC)")                                        \
	X(MPROTECT_EXEC, "mprotect(PROT_EXEC)")                                \
	X(PRCTL_DUMPABLE, "prctl(PR_SET_DUMPABLE, 1)")                         \
	X(PRCTL_AMBIENT, "prctl(PR_CAP_AMBIENT_RAISE, CAP_KILL)")              \
	X(CAPSET, "capset(all)")                                               \
	X(RAISE_RLIMIT_DATA, "prlimit(self, RLIMIT_DATA, unlimited)")          \
	X(UNSHARE_USERNS, "unshare(CLONE_NEWUSER)")                            \
	X(IOCTL_TIOCSTI, "ioctl(stderr, TIOCSTI)")

#define TA_HOSTILE_ID(id, what) TA_HOSTILE_##id,
enum ta_hostile_attempt { TA_HOSTILE_ATTEMPTS(TA_HOSTILE_ID) TA_HOSTILE_NUM };
#undef TA_HOSTILE_ID

/**
 * struct ta_hostile_creds - what the TA's constructor found
 * @uid, @gid:	real ids
 * @no_new_privs: NoNewPrivs of /proc/self/status
 * @setuid_err:	errno of setuid(0) (0: it worked)
 * @cap_eff, @cap_prm, @cap_inh, @cap_bnd, @cap_amb: the capability sets
 * @rlimit_data: RLIMIT_DATA's hard limit
 * @greedy_err:	ta_test_hostile_greedy: errno of its mmap of
 *		TA_TEST_HOSTILE_OVER_MIB (0: it got the memory); else 0
 */
struct ta_hostile_creds {
	uint32_t uid;
	uint32_t gid;
	uint32_t no_new_privs;
	int32_t setuid_err;
	uint64_t cap_eff;
	uint64_t cap_prm;
	uint64_t cap_inh;
	uint64_t cap_bnd;
	uint64_t cap_amb;
	uint64_t rlimit_data;
	int32_t greedy_err;
};

#endif
