// SPDX-License-Identifier: BSD-2-Clause
/*
 * The stop deadline (stop_deadline.h).  The TA processes are the secure
 * world's children; each is killed through a pidfd, opened before its
 * parent is checked, so that a pid reused since the listing is never
 * signalled.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "kernel/log.h"
#include "stop_deadline.h"

/* The parent of @pid from /proc/<pid>/stat, or -1. */
static pid_t parent_of(pid_t pid)
{
	char path[64], buf[512], *p;
	int ppid = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "re");
	if (!f)
		return -1;
	/* The name may hold spaces and parentheses: parse after the last. */
	if (fgets(buf, sizeof(buf), f) && (p = strrchr(buf, ')')) &&
	    sscanf(p + 1, " %*c %d", &ppid) != 1)
		ppid = -1;
	fclose(f);
	return ppid;
}

/* The program name of @pid (its argv[0]: teebox-ta-<uuid>). */
static void name_of(pid_t pid, char *buf, size_t len)
{
	char path[64];
	ssize_t n = -1;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/cmdline", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		n = read(fd, buf, len - 1);
		close(fd);
	}
	buf[n > 0 ? n : 0] = '\0';
}

static void kill_ta(const struct stop_deadline *sd, pid_t pid)
{
	char name[128];
	int fd = (int)syscall(SYS_pidfd_open, pid, 0);

	if (fd < 0)
		return;
	name_of(pid, name, sizeof(name));
	if (parent_of(pid) == sd->sw_pid &&
	    !syscall(SYS_pidfd_send_signal, fd, SIGKILL, NULL, 0))
		pr_warn("stopping: TA process %d (%s) has not finished %u ms "
			"after the stop began: killed",
			(int)pid, name[0] ? name : "?", sd->ms);
	close(fd);
}

/* Every child of the secure world, whichever of its threads forked it. */
static void kill_tas(const struct stop_deadline *sd)
{
	char path[320];
	struct dirent *de;
	DIR *d;

	snprintf(path, sizeof(path), "/proc/%d/task", (int)sd->sw_pid);
	d = opendir(path);
	if (!d)
		return;
	while ((de = readdir(d))) {
		FILE *f;
		int pid;

		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/proc/%d/task/%s/children",
			 (int)sd->sw_pid, de->d_name);
		f = fopen(path, "re");
		if (!f)
			continue;
		while (fscanf(f, "%d", &pid) == 1)
			kill_ta(sd, pid);
		fclose(f);
	}
	closedir(d);
}

static void *watchdog(void *arg)
{
	struct stop_deadline *sd = arg;
	struct timespec at;
	bool expired = false;

	clock_gettime(CLOCK_MONOTONIC, &at);
	at.tv_sec += sd->ms / 1000;
	at.tv_nsec += (long)(sd->ms % 1000) * 1000000L;
	if (at.tv_nsec >= 1000000000L) {
		at.tv_sec++;
		at.tv_nsec -= 1000000000L;
	}
	pthread_mutex_lock(&sd->lock);
	while (!sd->done && !expired)
		expired = pthread_cond_timedwait(&sd->cond, &sd->lock, &at) ==
			  ETIMEDOUT;
	expired = expired && !sd->done;
	pthread_mutex_unlock(&sd->lock);
	if (expired)
		kill_tas(sd);
	return NULL;
}

int stop_deadline_arm(struct stop_deadline *sd, pid_t sw_pid, unsigned int ms)
{
	pthread_condattr_t attr;
	int rc;

	if (!sw_pid)
		return 0;
	sd->sw_pid = sw_pid;
	sd->ms = ms;
	sd->done = false;
	pthread_mutex_init(&sd->lock, NULL);
	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&sd->cond, &attr);
	pthread_condattr_destroy(&attr);
	rc = pthread_create(&sd->thread, NULL, watchdog, sd);
	if (rc) {
		pthread_cond_destroy(&sd->cond);
		pthread_mutex_destroy(&sd->lock);
		return -rc;
	}
	sd->armed = true;
	return 0;
}

void stop_deadline_disarm(struct stop_deadline *sd)
{
	if (!sd->armed)
		return;
	pthread_mutex_lock(&sd->lock);
	sd->done = true;
	pthread_cond_signal(&sd->cond);
	pthread_mutex_unlock(&sd->lock);
	pthread_join(sd->thread, NULL);
	pthread_cond_destroy(&sd->cond);
	pthread_mutex_destroy(&sd->lock);
	sd->armed = false;
}
