// SPDX-License-Identifier: BSD-2-Clause
/*
 * tee-supplicant -d: fork first, open the device in the child, then let
 * the parent go (supp_daemon.h says why).
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "transport/tbx_daemon.h"
#include "supp_daemon.h"

/* The parent: wait for the child's byte, then leave. Never returns. */
static void parent_wait(int fd, pid_t child, const char *pid_file)
{
	ssize_t n;
	char c;
	int rc;

	do
		n = read(fd, &c, 1);
	while (n < 0 && errno == EINTR);
	close(fd);
	if (n != 1) {
		/* The child failed and said why on stderr. */
		waitpid(child, NULL, 0);
		_exit(1);
	}
	rc = pid_file ? tbx_pid_file_write(pid_file, child) : 0;
	if (!rc)
		_exit(0);
	fprintf(stderr, "tee-supplicant: cannot write %s: %s\n", pid_file,
		strerror(-rc));
	/* Nobody could find the child to stop it: it goes now. */
	kill(child, SIGKILL);
	waitpid(child, NULL, 0);
	_exit(1);
}

static void detach(void)
{
	int fd;

	setsid();
	fd = open("/dev/null", O_RDWR);
	if (fd < 0)
		return;
	dup2(fd, STDIN_FILENO);
	dup2(fd, STDOUT_FILENO);
	if (fd > STDERR_FILENO)
		close(fd);
}

int supp_daemon_start(struct supp_daemon *d, const char *pid_file)
{
	int fds[2];
	pid_t pid;

	d->ready_fd = -1;
	if (pipe2(fds, O_CLOEXEC))
		return -errno;
	pid = fork();
	if (pid < 0) {
		int rc = -errno;

		close(fds[0]);
		close(fds[1]);
		return rc;
	}
	if (pid > 0) {
		close(fds[1]);
		parent_wait(fds[0], pid, pid_file);
	}
	close(fds[0]);
	d->ready_fd = fds[1];
	detach();
	return 0;
}

int supp_daemon_ready(struct supp_daemon *d)
{
	int rc = 0;

	if (d->ready_fd < 0)
		return 0;
	errno = 0;
	if (write(d->ready_fd, "", 1) != 1)
		rc = errno ? -errno : -EIO;
	close(d->ready_fd);
	d->ready_fd = -1;
	return rc;
}
