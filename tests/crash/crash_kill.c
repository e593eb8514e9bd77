// SPDX-License-Identifier: BSD-2-Clause
/* The processes the crash harness kills; see crash_kill.h. */
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crash_kill.h"

const char *crash_victim_name(enum crash_victim v)
{
	static const char *const names[] = {
		[CRASH_KILL_TEED] = "teed",
		[CRASH_KILL_SECURE] = "teebox-secure",
		[CRASH_KILL_SUPPLICANT] = "tee-supplicant",
		[CRASH_KILL_TA] = "TA",
	};

	return names[v];
}

/* @pid's state letter and parent from /proc/@pid/stat; false if gone. */
static bool proc_stat(pid_t pid, char *state, pid_t *ppid)
{
	char path[64], buf[512];
	const char *p;
	int parent;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return false;
	p = fgets(buf, sizeof(buf), f);
	fclose(f);
	/* "pid (comm) S ppid ...": comm may hold anything but ends at ')'. */
	p = p ? strrchr(buf, ')') : NULL;
	if (!p || sscanf(p + 1, " %c %d", state, &parent) != 2)
		return false;
	*ppid = parent;
	return true;
}

/* The live children of @parent, at most @max of them, into @pids. */
static int children_of(pid_t parent, pid_t *pids, int max)
{
	DIR *d = opendir("/proc");
	struct dirent *de;
	int n = 0;

	if (!d)
		return 0;
	while (n < max && (de = readdir(d))) {
		pid_t pid = atoi(de->d_name), ppid;
		char state;

		if (pid > 0 && proc_stat(pid, &state, &ppid) &&
		    ppid == parent && state != 'Z' && state != 'X')
			pids[n++] = pid;
	}
	closedir(d);
	return n;
}

pid_t crash_victim_pid(const struct harness *h, enum crash_victim v)
{
	pid_t secure = 0, ta = 0;

	switch (v) {
	case CRASH_KILL_TEED:
		return h->teed;
	case CRASH_KILL_SUPPLICANT:
		return h->supp;
	case CRASH_KILL_SECURE:
		children_of(h->teed, &secure, 1);
		return secure;
	case CRASH_KILL_TA:
		if (children_of(h->teed, &secure, 1))
			children_of(secure, &ta, 1);
		return ta;
	default:
		return 0;
	}
}

int crash_chain_pids(const struct harness *h, pid_t *pids, int max)
{
	pid_t secure = 0;
	int n = 0;

	if (max < 3)
		return 0;
	if (h->teed > 0)
		pids[n++] = h->teed;
	if (h->supp > 0)
		pids[n++] = h->supp;
	if (children_of(h->teed, &secure, 1)) {
		pids[n++] = secure;
		n += children_of(secure, pids + n, max - n);
	}
	return n;
}

static bool running(pid_t pid)
{
	pid_t ppid;
	char state;

	if (kill(pid, 0))
		return false;
	return proc_stat(pid, &state, &ppid) && state != 'Z' && state != 'X';
}

pid_t crash_wait_gone(const pid_t *pids, int n, int ms)
{
	for (int waited = 0;; waited += 5) {
		pid_t alive = 0;

		for (int i = 0; i < n && !alive; i++)
			if (running(pids[i]))
				alive = pids[i];
		if (!alive || waited >= ms)
			return alive;
		harness_sleep_ms(5);
	}
}
