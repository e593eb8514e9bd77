// SPDX-License-Identifier: BSD-2-Clause
/* Background processes and their pid files; see tbx_daemon.h. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include "tbx_daemon.h"

int tbx_daemonize(const char *pid_file, const char *log)
{
	pid_t pid = fork();
	int fd;

	if (pid < 0)
		return -errno;
	if (pid > 0) {
		if (pid_file)
			tbx_pid_file_write(pid_file, pid);
		_exit(0);
	}
	setsid();
	if (log) {
		/*
		 * Not close-on-exec, and kept when it is a standard stream:
		 * with those closed before, open() may have given us one.
		 */
		fd = open(log, O_WRONLY | O_CREAT | O_APPEND, 0644);
		if (fd < 0)
			return -errno;
		dup2(fd, STDERR_FILENO);
		if (fd > STDERR_FILENO)
			close(fd);
	}
	fd = open("/dev/null", O_RDWR);
	if (fd >= 0) {
		dup2(fd, STDIN_FILENO);
		dup2(fd, STDOUT_FILENO);
		if (fd > STDERR_FILENO)
			close(fd);
	}
	return 0;
}

int tbx_pid_file_write(const char *path, pid_t pid)
{
	FILE *f = fopen(path, "w");
	int rc;

	if (!f)
		return -errno;
	rc = fprintf(f, "%d\n", (int)pid) < 0 ? -EIO : 0;
	if (fclose(f) && !rc)
		rc = -errno;
	return rc;
}

pid_t tbx_pid_file_read(const char *path)
{
	FILE *f = fopen(path, "r");
	int pid = 0;

	if (!f)
		return 0;
	if (fscanf(f, "%d", &pid) != 1 || pid < 0)
		pid = 0;
	fclose(f);
	return pid;
}
