// SPDX-License-Identifier: BSD-2-Clause
/*
 * Credentials of TA processes, and the privileges the secure world keeps
 * to start them; see ta_proc.h.
 *
 * A TA process starts with no capability at all (bounding, permitted,
 * effective, inheritable and ambient sets empty), with no_new_privs, and,
 * when the secure world runs as root, as an unprivileged user of its own
 * (TA_PROC_DEFAULT_USER if it exists, else nobody).  All of it is done by
 * the secure world between fork and exec, so that no code of the TA runs
 * with more: a TA cannot skip it, constructors included.
 *
 * The secure world itself keeps only the capabilities that this needs
 * (changing uid and gid, dropping the bounding set, signalling a process
 * of another uid) and sets no_new_privs too.  Without
 * root there is nothing to keep and no uid to change: TA processes then
 * run as the secure world's user, still without capabilities.
 */
#include <errno.h>
#include <grp.h>
#include <linux/capability.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "kernel/log.h"
#include "ta_proc.h"
#include "ta_proc_priv.h"

/* Capability numbers are below this on every kernel we know of. */
#define CAP_SCAN_MAX 64

/*
 * What TA processes run as; set once by ta_proc_creds_init() before any
 * TA starts, read-only afterwards (also in forked children).
 */
static struct {
	bool switch_id;
	uid_t uid;
	gid_t gid;
} creds;

/* The capabilities the secure world keeps, and why. */
static const int kept_caps[] = {
	CAP_SETUID,  /* TA processes get their own uid */
	CAP_SETGID,  /* ... and gid, with no supplementary groups */
	CAP_SETPCAP, /* ... and an empty bounding set */
	CAP_KILL,    /* killing a TA of another uid */
};

/* Raw capset: only the calling thread (the only one, in a child). */
static int capset_all(uint64_t caps, uint64_t inheritable)
{
	struct __user_cap_header_struct hdr = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct data[2] = {
		{.effective = (uint32_t)caps,
		 .permitted = (uint32_t)caps,
		 .inheritable = (uint32_t)inheritable},
		{.effective = (uint32_t)(caps >> 32),
		 .permitted = (uint32_t)(caps >> 32),
		 .inheritable = (uint32_t)(inheritable >> 32)},
	};

	return syscall(SYS_capset, &hdr, data) ? -errno : 0;
}

/*
 * Empties the bounding set but for @keep.  Without CAP_SETPCAP it cannot
 * change (EPERM): with no_new_privs and nothing permitted it grants
 * nothing either, so that is not an error when @must is false.
 */
static int drop_bounding(uint64_t keep, bool must)
{
	for (int cap = 0; cap < CAP_SCAN_MAX; cap++) {
		if (keep & (1ULL << cap))
			continue;
		if (!prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) || errno == EINVAL)
			continue; /* EINVAL: past the kernel's last one */
		if (errno != EPERM || must)
			return -errno;
	}
	return 0;
}

/* Ambient set and no_new_privs; EINVAL: a kernel without ambient caps. */
static int drop_ambient_and_lock(void)
{
	if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) &&
	    errno != EINVAL)
		return -errno;
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		return -errno;
	return 0;
}

int ta_proc_creds_apply(void)
{
	int err;

	err = drop_bounding(0, creds.switch_id);
	if (err)
		return err;
	if (creds.switch_id &&
	    (syscall(SYS_setgroups, 0, NULL) ||
	     syscall(SYS_setresgid, creds.gid, creds.gid, creds.gid) ||
	     syscall(SYS_setresuid, creds.uid, creds.uid, creds.uid)))
		return -errno;
	err = capset_all(0, 0);
	if (err)
		return err;
	return drop_ambient_and_lock();
}

bool ta_proc_creds_id(uid_t *uid, gid_t *gid)
{
	*uid = creds.uid;
	*gid = creds.gid;
	return creds.switch_id;
}

/* @user by name or number; its primary group. */
static int resolve_user(const char *user, uid_t *uid, gid_t *gid)
{
	struct passwd *pw;
	char *end;
	unsigned long n;

	errno = 0;
	pw = getpwnam(user);
	if (!pw) {
		n = strtoul(user, &end, 10);
		if (!*user || *end || n >= (uid_t)-1)
			return errno ? -errno : -ENOENT;
		pw = getpwuid((uid_t)n);
		if (!pw)
			return errno ? -errno : -ENOENT;
	}
	*uid = pw->pw_uid;
	*gid = pw->pw_gid;
	return 0;
}

/* The user TA processes run as when none was asked for. */
static const char *default_user(void)
{
	return getpwnam(TA_PROC_DEFAULT_USER) ? TA_PROC_DEFAULT_USER : "nobody";
}

/* The permitted set of the calling thread. */
static int capget_permitted(uint64_t *caps)
{
	struct __user_cap_header_struct hdr = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct data[2];

	if (syscall(SYS_capget, &hdr, data))
		return -errno;
	*caps = data[0].permitted | (uint64_t)data[1].permitted << 32;
	return 0;
}

/* The secure world keeps kept_caps only, and takes no new ones. */
static int drop_own(void)
{
	uint64_t keep = 0, have = 0;
	int err;

	for (size_t i = 0; i < sizeof(kept_caps) / sizeof(kept_caps[0]); i++)
		keep |= 1ULL << kept_caps[i];
	err = capget_permitted(&have);
	if (err)
		return err;
	if ((have & keep) != keep) {
		pr_err("started as root without the capabilities to start TA "
		       "processes as another user (setuid, setgid, setpcap, "
		       "kill)");
		return -EPERM;
	}
	err = drop_bounding(keep, false);
	if (!err)
		err = capset_all(keep, 0);
	if (!err)
		err = drop_ambient_and_lock();
	return err;
}

int ta_proc_creds_init(const char *user)
{
	int err;

	if (geteuid()) {
		if (user)
			pr_warn("TA processes run as uid %u: only a secure "
				"world started as root can give them user %s",
				(unsigned int)geteuid(), user);
		err = capset_all(0, 0);
		return err ? err : drop_ambient_and_lock();
	}
	if (!user)
		user = default_user();
	err = resolve_user(user, &creds.uid, &creds.gid);
	if (err) {
		pr_err("no user %s for TA processes: %s", user, strerror(-err));
		return err;
	}
	if (!creds.uid) {
		pr_err("TA processes must not run as root (user %s)", user);
		return -EINVAL;
	}
	creds.switch_id = true;
	err = drop_own();
	if (err) {
		pr_err("cannot drop the secure world's privileges: %s",
		       strerror(-err));
		return err;
	}
	pr_info("TA processes run as user %s (uid %u, gid %u)", user,
		(unsigned int)creds.uid, (unsigned int)creds.gid);
	return 0;
}
