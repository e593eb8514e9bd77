// SPDX-License-Identifier: BSD-2-Clause
/*
 * Background processes, their logs and pid files; see tbx_daemon.h.
 * Files are created with O_EXCL|O_NOFOLLOW: a name someone else planted
 * makes the creation fail, it is never followed.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tbx_daemon.h"

/* What a file is called with @suffix added: 0 or -ENAMETOOLONG. */
static int with_suffix(char *buf, size_t len, const char *path,
		       const char *suffix)
{
	int n = snprintf(buf, len, "%s%s", path, suffix);

	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

int tbx_log_create(const char *path)
{
	char old[PATH_MAX];
	int fd, rc;

	rc = with_suffix(old, sizeof(old), path, ".1");
	if (rc)
		return rc;
	/* rename() moves a planted symbolic link, never its target. */
	if (rename(path, old) && errno != ENOENT)
		return -errno;
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_APPEND,
		  0600);
	return fd < 0 ? -errno : fd;
}

/* The child's side of tbx_daemonize(): @log_fd becomes stderr. */
static void detach(int log_fd)
{
	int fd;

	setsid();
	if (log_fd >= 0) {
		dup2(log_fd, STDERR_FILENO);
		/* With stdin or stdout closed before, it may be one of them. */
		if (log_fd > STDERR_FILENO)
			close(log_fd);
	}
	fd = open("/dev/null", O_RDWR);
	if (fd >= 0) {
		dup2(fd, STDIN_FILENO);
		dup2(fd, STDOUT_FILENO);
		if (fd > STDERR_FILENO)
			close(fd);
	}
}

int tbx_daemonize(const char *pid_file, const char *log)
{
	int log_fd = -1, rc;
	pid_t pid;

	if (log) {
		log_fd = tbx_log_create(log);
		if (log_fd < 0)
			return log_fd;
	}
	pid = fork();
	if (pid < 0) {
		rc = -errno;
		goto out;
	}
	if (pid == 0) {
		detach(log_fd);
		return 0;
	}
	rc = pid_file ? tbx_pid_file_write(pid_file, pid) : 0;
	if (!rc)
		_exit(0);
	/* Nobody could find the child to stop it: it goes now. */
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
out:
	if (log_fd >= 0)
		close(log_fd);
	return rc;
}

int tbx_pid_file_write(const char *path, pid_t pid)
{
	char tmp[PATH_MAX], line[24];
	int fd, n, rc;

	rc = with_suffix(tmp, sizeof(tmp), path, ".tmp");
	if (rc)
		return rc;
	/* A leftover of a writer that died; unlink() does not follow. */
	unlink(tmp);
	fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
		  0644);
	if (fd < 0)
		return -errno;
	n = snprintf(line, sizeof(line), "%d\n", (int)pid);
	errno = 0;
	if (write(fd, line, (size_t)n) != n)
		rc = errno ? -errno : -EIO;
	if (close(fd) && !rc)
		rc = -errno;
	if (!rc && rename(tmp, path))
		rc = -errno;
	if (rc)
		unlink(tmp);
	return rc;
}

pid_t tbx_pid_file_read(const char *path)
{
	char line[24];
	struct stat st;
	ssize_t n;
	char *end;
	long pid;
	int fd;

	fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return 0;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_uid != geteuid()) {
		close(fd);
		return 0;
	}
	n = read(fd, line, sizeof(line) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	line[n] = '\0';
	errno = 0;
	pid = strtol(line, &end, 10);
	if (errno || end == line || (*end && *end != '\n') || pid <= 0 ||
	    pid > INT_MAX)
		return 0;
	return (pid_t)pid;
}

/* The effective uid of @pid from /proc/<pid>/status; -1 if unknown. */
static long proc_euid(pid_t pid)
{
	char path[64], line[256];
	unsigned long ruid, euid;
	long found = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	f = fopen(path, "re");
	if (!f)
		return -1;
	while (found < 0 && fgets(line, sizeof(line), f))
		if (sscanf(line, "Uid: %lu %lu", &ruid, &euid) == 2)
			found = (long)euid;
	fclose(f);
	return found;
}

/* Whether /proc/<pid>/exe is a program called @name. */
static bool proc_exe_is(pid_t pid, const char *name)
{
	static const char deleted[] = " (deleted)";
	char path[64], exe[PATH_MAX];
	const char *base;
	size_t len;
	ssize_t n;

	snprintf(path, sizeof(path), "/proc/%d/exe", (int)pid);
	n = readlink(path, exe, sizeof(exe) - 1);
	if (n <= 0)
		return false;
	exe[n] = '\0';
	/* The program was replaced on disk (a rebuild) since it started. */
	len = (size_t)n;
	if (len > sizeof(deleted) - 1 &&
	    !strcmp(exe + len - (sizeof(deleted) - 1), deleted))
		exe[len - (sizeof(deleted) - 1)] = '\0';
	base = strrchr(exe, '/');
	return !strcmp(base ? base + 1 : exe, name);
}

bool tbx_pid_is_daemon(pid_t pid, const char *name)
{
	if (pid <= 0)
		return false;
	return proc_euid(pid) == (long)geteuid() && proc_exe_is(pid, name);
}

pid_t tbx_daemon_find(const char *pid_file, const char *name)
{
	pid_t pid = tbx_pid_file_read(pid_file);

	return tbx_pid_is_daemon(pid, name) ? pid : 0;
}

static int pidfd_open(pid_t pid)
{
	return (int)syscall(SYS_pidfd_open, pid, 0);
}

static int pidfd_signal(int pidfd, int sig)
{
	return (int)syscall(SYS_pidfd_send_signal, pidfd, sig, NULL, 0);
}

int tbx_daemon_stop(pid_t pid, const char *name, int timeout_ms)
{
	struct pollfd pfd = {.events = POLLIN};
	int rc;

	pfd.fd = pidfd_open(pid);
	if (pfd.fd < 0)
		return errno == ESRCH ? -ESRCH : -errno;
	/*
	 * The check reads /proc/<pid>; the pidfd still naming a live
	 * process after it means /proc/<pid> was that process.
	 */
	if (!tbx_pid_is_daemon(pid, name) || pidfd_signal(pfd.fd, 0)) {
		rc = -ESRCH;
		goto out;
	}
	if (pidfd_signal(pfd.fd, SIGTERM)) {
		rc = errno == ESRCH ? 0 : -errno;
		goto out;
	}
	/* A pidfd is readable once its process has ended. */
	rc = poll(&pfd, 1, timeout_ms);
	rc = rc > 0 ? 0 : rc == 0 ? -ETIMEDOUT : -errno;
out:
	close(pfd.fd);
	return rc;
}
