// SPDX-License-Identifier: BSD-2-Clause
/*
 * TA processes: start, end and queries; see ta_proc.h.  The calls are in
 * ta_proc_call.c, the thread that forks and reaps in ta_proc_monitor.c.
 *
 * A TA process starts from a sealed memory file holding the verified ELF
 * (the image never touches a file system), with the channel of
 * teebox/ta_ipc.h at fixed descriptors and a minimal environment, its
 * credentials and memory ceiling set before its code runs.  It is forked
 * by the TA zygote (ta_proc_zygote.h), which loads the image with dlopen
 * into a process that has libc and libcrypto mapped and relocated
 * already, or, when the image or the zygote cannot do that, started by
 * fexecve (ta_proc_monitor.h); the first is the fast way, the second the
 * way of TAs built before the zygote.  The secure world then
 * waits, bounded, for the TA's hello: the ta_head it was linked with.  A
 * TA that reports another UUID than the one its image was signed for is
 * killed; the memory limit is then lowered to what its header says.
 * Every struct ta_proc holds one of the bounded instance slots.
 *
 * Contract on memrefs: ta_proc uses only the va and offset of a struct
 * nw_mem; it never dereferences mem.chunk (only tests it for NULL, a null
 * memref).  It reads and writes the memory at mem.va only during the
 * call (ta_param_win.h), while the caller holds its reference on the
 * chunk; the TA process never gets the chunk's file.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <tbx/memfd.h>
#include <tbx/uuid.h>

#include "kernel/alloc.h"
#include "kernel/log.h"
#include "ta/include/tee_api_defines.h"
#include "ta/include/user_ta_header.h"
#include "ta_elf_dyn.h"
#include "ta_proc.h"
#include "ta_output.h"
#include "ta_proc_monitor.h"
#include "ta_proc_priv.h"
#include "ta_proc_zygote.h"
#include "ta_shlib.h"
#include "teebox/ta_zygote.h"

/*
 * How long a new TA may take to say hello, and an ending one to answer
 * TA_DestroyEntryPoint, then to exit.
 */
#define TA_PROC_START_MS   5000
#define TA_PROC_DESTROY_MS 5000
/* Waits are cut in slices so that liveness is rechecked regularly. */
#define TA_PROC_SLICE_MS 100

/* What the TA process's environment keeps from ours. */
static const char *const kept_env[] = {"TEEBOX_POLL_US", "TEEBOX_TA_DEBUG"};
#define KEPT_ENV_MAX 128

/**
 * struct ta_proc_env - argv and environment of a new TA process
 * @argv:	"teebox-ta-<uuid>"
 * @envp:	the kept variables
 * @arg0:	storage for argv[0]
 * @buf:	storage for the variables
 */
struct ta_proc_env {
	char *argv[2];
	char *envp[2 + 1];
	char arg0[16 + TA_PROC_UUID_STR_LEN];
	char buf[2][KEPT_ENV_MAX];
};

static void uuid_format(char *buf, const TEE_UUID *u)
{
	uint8_t octets[TBX_UUID_OCTETS];

	_Static_assert(TA_PROC_UUID_STR_LEN == TBX_UUID_STR_LEN, "uuid text");
	tbx_uuid_to_octets(octets, u);
	tbx_uuid_octets_to_str(buf, octets);
}

static void uuid_from_ipc(TEE_UUID *u, const struct ta_ipc_uuid *iu)
{
	u->timeLow = iu->time_low;
	u->timeMid = iu->time_mid;
	u->timeHiAndVersion = iu->time_hi_and_version;
	memcpy(u->clockSeqAndNode, iu->clock_seq_and_node,
	       sizeof(u->clockSeqAndNode));
}

void ta_proc_get(struct ta_proc *p)
{
	refcount_inc(&p->refs);
}

void ta_proc_put(struct ta_proc *p)
{
	if (!refcount_dec_and_test(&p->refs))
		return;
	if (p->page)
		munmap(p->page, TA_IPC_PAGE_SIZE);
	ta_param_win_destroy(&p->win);
	if (p->sock >= 0)
		close(p->sock);
	if (p->pidfd >= 0)
		close(p->pidfd);
	if (p->image_fd >= 0)
		close(p->image_fd);
	kfree(p);
	ta_proc_instance_put();
}

bool ta_proc_mark_dead(struct ta_proc *p)
{
	if (atomic_exchange(&p->dead, true))
		return false;
	doorbell_ring(&p->page->to_sw);
	return true;
}

/* The shared page, initialised; its file in *@fd for the child. */
static TEE_Result make_page(struct ta_proc *p, int *fd)
{
	struct ta_ipc_page *page;

	*fd = memfd_new_sealed("teebox-ta-ipc", TA_IPC_PAGE_SIZE, false);
	if (*fd < 0) {
		pr_err("TA %s: no memory file for its channel: %s", p->name,
		       strerror(-*fd));
		return TEE_ERROR_OUT_OF_MEMORY;
	}
	page = mmap(NULL, TA_IPC_PAGE_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED,
		    *fd, 0);
	if (page == MAP_FAILED) {
		pr_err("TA %s: cannot map its channel: %s", p->name,
		       strerror(errno));
		close(*fd);
		return TEE_ERROR_OUT_OF_MEMORY;
	}
	page->magic = TA_IPC_MAGIC;
	page->version = TA_IPC_VERSION;
	doorbell_init(&page->to_ta);
	doorbell_init(&page->to_sw);
	p->page = page;
	return TEE_SUCCESS;
}

/*
 * The image in a sealed executable memory file that nobody can write,
 * the TA included (in the zygote's child its constructors run while the
 * file is still open); for the zygote, @dyn's change made in this copy
 * (the signed bytes were checked before, and the crash report reads
 * symbols, which the change does not touch).
 */
static TEE_Result make_image(struct ta_proc *p, const void *elf, size_t len,
			     const struct ta_elf_dyn *dyn, int *fd_out)
{
	bool patch = dyn && dyn->flags1_off;
	int fd;

	fd = memfd_new_frozen("teebox-ta", elf, len, true,
			      patch ? &dyn->flags1 : NULL, sizeof(dyn->flags1),
			      patch ? (size_t)dyn->flags1_off : 0);
	if (fd < 0) {
		pr_err("TA %s: no memory file for its image: %s", p->name,
		       strerror(-fd));
		return TEE_ERROR_OUT_OF_MEMORY;
	}
	*fd_out = fd;
	return TEE_SUCCESS;
}

static void make_env(struct ta_proc_env *e, const char *name)
{
	size_t n = 0;

	snprintf(e->arg0, sizeof(e->arg0), "teebox-ta-%s", name);
	e->argv[0] = e->arg0;
	e->argv[1] = NULL;
	for (size_t i = 0; i < sizeof(kept_env) / sizeof(kept_env[0]); i++) {
		const char *v = getenv(kept_env[i]);
		int len;

		if (!v)
			continue;
		len = snprintf(e->buf[n], KEPT_ENV_MAX, "%s=%s", kept_env[i],
			       v);
		if (len < 0 || len >= KEPT_ENV_MAX)
			continue; /* absurdly long: dropped */
		e->envp[n] = e->buf[n];
		n++;
	}
	e->envp[n] = NULL;
}

static bool debug_mode(void)
{
	const char *v = getenv("TEEBOX_TA_DEBUG");

	return v && !strcmp(v, "1");
}

/* How a process ended, for a log line. */
static void describe_status(int status, char *buf, size_t len)
{
	if (status < 0)
		snprintf(buf, len, "exit status unknown");
	else if (WIFSIGNALED(status))
		snprintf(buf, len, "signal %d", WTERMSIG(status));
	else if (WEXITSTATUS(status) == 127)
		snprintf(buf, len, "exit status 127: it could not be executed");
	else
		snprintf(buf, len, "exit status %d", WEXITSTATUS(status));
}

/*
 * The process died before its hello: say how, once.  One the zygote
 * forked that could not load the image is to be started by exec:
 * TEE_ERROR_NOT_SUPPORTED.
 */
static TEE_Result report_early_death(struct ta_proc *p)
{
	char how[64];

	ta_monitor_wait_reaped(p, 0);
	if (atomic_load(&p->page->state) == TA_IPC_STATE_PANICKED) {
		pr_err("TA %s panicked with code 0x%08x before it started",
		       p->name, *(volatile uint32_t *)&p->page->panic_code);
		return TEE_ERROR_GENERIC;
	}
	if (p->by_zygote && p->has_libs && p->status >= 0 &&
	    WIFEXITED(p->status) &&
	    WEXITSTATUS(p->status) == TA_ZYGOTE_EXIT_LOAD) {
		pr_err("TA %s: the TA zygote could not load it with its TA "
		       "libraries (its output says why)",
		       p->name);
		return TEE_ERROR_NOT_SUPPORTED;
	}
	if (p->by_zygote && p->status >= 0 && WIFEXITED(p->status) &&
	    WEXITSTATUS(p->status) == TA_ZYGOTE_EXIT_LOAD) {
		pr_warn("TA %s: the TA zygote could not load it (its output "
			"says why): started by exec",
			p->name);
		return TEE_ERROR_NOT_SUPPORTED;
	}
	describe_status(p->status, how, sizeof(how));
	pr_err("TA %s died before it started (%s)", p->name, how);
	return TEE_ERROR_GENERIC;
}

/* Waits for the hello and copies it (once: the TA may change it). */
static TEE_Result wait_hello(struct ta_proc *p, struct ta_ipc_hello *hello)
{
	struct ta_ipc_page *page = p->page;
	unsigned int waited = 0;
	uint32_t rung, state;

	for (;;) {
		rung = doorbell_seq(&page->to_sw);
		state = atomic_load_explicit(&page->state,
					     memory_order_acquire);
		if (state == TA_IPC_STATE_RUNNING)
			break;
		/* A panicking TA exits: only death or the clock end this. */
		if (ta_proc_dead(p))
			return report_early_death(p);
		if (waited >= TA_PROC_START_MS) {
			pr_err("TA %s did not start within %u ms: killed",
			       p->name, TA_PROC_START_MS);
			return TEE_ERROR_GENERIC;
		}
		doorbell_wait(&page->to_sw, rung, TA_PROC_SLICE_MS);
		waited += TA_PROC_SLICE_MS;
	}
	memcpy(hello, (const void *)&page->hello, sizeof(*hello));
	return TEE_SUCCESS;
}

/* Checks what the TA says about itself against what was verified. */
static TEE_Result check_hello(struct ta_proc *p,
			      const struct ta_ipc_hello *hello,
			      struct ta_proc_info *info)
{
	char got[TA_PROC_UUID_STR_LEN];
	TEE_UUID uuid;

	uuid_from_ipc(&uuid, &hello->uuid);
	if (memcmp(&uuid, &p->uuid, sizeof(uuid))) {
		uuid_format(got, &uuid);
		pr_err("TA image signed for %s reports UUID %s: refused "
		       "(security)",
		       p->name, got);
		return TEE_ERROR_SECURITY;
	}
	if (hello->flags & ~(uint32_t)TA_FLAGS_MASK) {
		pr_err("TA %s has unknown flags 0x%08x: refused", p->name,
		       hello->flags);
		return TEE_ERROR_GENERIC;
	}
	if (info) {
		info->uuid = uuid;
		info->flags = hello->flags;
		info->stack_size = hello->stack_size;
		info->data_size = hello->data_size;
	}
	return TEE_SUCCESS;
}

/*
 * start_process() with the TA libraries' files @lib_fds (@nlibs), which
 * the caller keeps.
 */
static TEE_Result start_process_fds(struct ta_proc *p, const void *elf,
				    size_t elf_len,
				    const struct ta_elf_dyn *dyn,
				    const int *lib_fds, unsigned int nlibs)
{
	struct ta_proc_env env;
	struct ta_exec_args args;
	int page_fd, image_fd, sv[2], output[2];
	TEE_Result res;
	int err;

	res = make_page(p, &page_fd);
	if (res)
		return res;
	err = ta_param_win_create(&p->win);
	if (err) {
		pr_err("TA %s: no parameter window: %s", p->name,
		       strerror(-err));
		res = TEE_ERROR_OUT_OF_MEMORY;
		goto out_page;
	}
	res = make_image(p, elf, elf_len, dyn, &image_fd);
	if (res)
		goto out_page;
	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv)) {
		pr_err("TA %s: no channel socket: %s", p->name,
		       strerror(errno));
		res = TEE_ERROR_OUT_OF_MEMORY;
		goto out_image;
	}
	if (pipe2(output, O_CLOEXEC)) {
		pr_err("TA %s: no output pipe: %s", p->name, strerror(errno));
		close(sv[0]);
		close(sv[1]);
		res = TEE_ERROR_OUT_OF_MEMORY;
		goto out_image;
	}

	make_env(&env, p->name);
	args = (struct ta_exec_args){
		.image_fd = image_fd,
		.sock_fd = sv[1],
		.page_fd = page_fd,
		.win_fd = p->win.fd,
		.out_fd = output[1],
		.argv = env.argv,
		.envp = env.envp,
		.lib_fds = lib_fds,
		.nlibs = nlibs,
		.data_limit = p->data_limit,
	};
	p->by_zygote = dyn != NULL;
	if (dyn)
		err = ta_zygote_spawn(&args, &p->pid, &p->pidfd);
	else
		err = ta_monitor_spawn(&args, &p->pid, &p->pidfd);
	close(sv[1]);
	close(output[1]);
	p->sock = sv[0];
	if (err) {
		if (dyn && nlibs)
			pr_err("TA %s: the TA zygote did not start it (%s), "
			       "and exec cannot load its TA libraries",
			       p->name, strerror(-err));
		else if (dyn && err != -ENOENT)
			pr_warn("TA %s: the TA zygote did not start it (%s): "
				"started by exec",
				p->name, strerror(-err));
		else if (!dyn)
			pr_err("TA %s: cannot start a process: %s", p->name,
			       strerror(-err));
		close(output[0]);
		res = dyn ? TEE_ERROR_NOT_SUPPORTED : TEE_ERROR_GENERIC;
		goto out_image;
	}
	/* Takes output[0]; a TA whose output cannot be read runs silent. */
	err = ta_output_watch(output[0], p->name, &p->output_id);
	if (err)
		pr_warn("TA %s: its output is lost: %s", p->name,
			strerror(-err));
	err = ta_monitor_watch(p);
	if (err) {
		pr_err("TA %s: cannot watch its process: %s", p->name,
		       strerror(-err));
		ta_monitor_reap(p->pid, p->pidfd);
		p->pidfd = -1;
		res = TEE_ERROR_GENERIC;
		goto out_image;
	}
	/* Kept for the crash report's function names. */
	p->image_fd = image_fd;
	goto out_page;
out_image:
	close(image_fd);
out_page:
	close(page_fd);
	return res;
}

/*
 * The TA libraries of @libs in sealed executable memory files, as the
 * image: @fds gets @libs->n descriptors.
 */
static TEE_Result make_lib_images(struct ta_proc *p,
				  const struct ta_shlib_set *libs, int *fds)
{
	for (unsigned int i = 0; libs && i < libs->n; i++) {
		fds[i] = memfd_new_frozen("teebox-ta-lib", libs->lib[i].elf,
					  libs->lib[i].len, true, NULL, 0, 0);
		if (fds[i] < 0) {
			pr_err("TA %s: no memory file for a TA library: %s",
			       p->name, strerror(-fds[i]));
			while (i--)
				close(fds[i]);
			return TEE_ERROR_OUT_OF_MEMORY;
		}
	}
	return TEE_SUCCESS;
}

static void close_lib_images(const struct ta_shlib_set *libs, const int *fds)
{
	for (unsigned int i = 0; libs && i < libs->n; i++)
		close(fds[i]);
}

/*
 * Starts the process, from the zygote with @dyn's change to the image
 * and TA libraries @libs (NULL: none), by exec without @dyn; @p gets
 * pid, pidfd and sock, and is watched.  TEE_ERROR_NOT_SUPPORTED: the
 * zygote failed, exec is worth a try (unless there are libraries).
 */
static TEE_Result start_process(struct ta_proc *p, const void *elf,
				size_t elf_len, const struct ta_elf_dyn *dyn,
				const struct ta_shlib_set *libs)
{
	int lib_fds[TA_ZYGOTE_MAX_LIBS];
	TEE_Result res;

	res = make_lib_images(p, libs, lib_fds);
	if (res)
		return res;
	p->has_libs = libs && libs->n;
	res = start_process_fds(p, elf, elf_len, dyn, lib_fds,
				libs ? libs->n : 0);
	close_lib_images(libs, lib_fds);
	return res;
}

/*
 * TAs whose image the zygote cannot load, each said once (a bounded
 * table: beyond it, said again).  @lock protects the table.
 */
#define EXEC_TOLD_MAX 32
static struct {
	pthread_mutex_t lock;
	TEE_UUID uuid[EXEC_TOLD_MAX];
	unsigned int n;
} exec_told = {.lock = PTHREAD_MUTEX_INITIALIZER};

static void tell_exec_once(const TEE_UUID *uuid, const char *why)
{
	char name[TA_PROC_UUID_STR_LEN];
	bool told = false;

	pthread_mutex_lock(&exec_told.lock);
	for (unsigned int i = 0; i < exec_told.n && !told; i++)
		told = !memcmp(&exec_told.uuid[i], uuid, sizeof(*uuid));
	if (!told && exec_told.n < EXEC_TOLD_MAX)
		exec_told.uuid[exec_told.n++] = *uuid;
	pthread_mutex_unlock(&exec_told.lock);
	if (told)
		return;
	uuid_format(name, uuid);
	pr_info("TA %s is started by exec, not by the TA zygote: %s", name,
		why);
}

/*
 * One try at a TA process: from the zygote with @dyn, by exec without.
 * TEE_ERROR_NOT_SUPPORTED: the zygote could not, try exec.
 */
static TEE_Result spawn_as(const void *elf, size_t elf_len,
			   const TEE_UUID *uuid, const struct ta_elf_dyn *dyn,
			   const struct ta_shlib_set *libs,
			   struct ta_proc **out, struct ta_proc_info *info)
{
	struct ta_proc_mem mem = {0};
	struct ta_ipc_hello hello;
	struct ta_proc *p;
	TEE_Result res;

	if (!ta_proc_instance_get()) {
		pr_err("TA %08x: no TA instance can start: there are as many "
		       "TA processes as allowed",
		       uuid->timeLow);
		return TEE_ERROR_OUT_OF_MEMORY;
	}
	p = kzalloc(sizeof(*p));
	if (!p) {
		ta_proc_instance_put();
		return TEE_ERROR_OUT_OF_MEMORY;
	}
	refcount_set(&p->refs, 1);
	p->pid = -1;
	p->pidfd = -1;
	p->sock = -1;
	p->image_fd = -1;
	p->win.fd = -1;
	p->uuid = *uuid;
	uuid_format(p->name, uuid);

	/* From the zygote, the TA's limit holds before any of its code. */
	if (dyn) {
		res = ta_proc_image_limit(p->name, elf, elf_len, uuid, &mem);
		if (res && res != TEE_ERROR_ITEM_NOT_FOUND)
			goto err_put;
		p->data_limit = mem.limit;
	}
	res = start_process(p, elf, elf_len, dyn, libs);
	if (res)
		goto err_put;
	res = wait_hello(p, &hello);
	if (!res)
		res = check_hello(p, &hello, info);
	if (!res && mem.limit)
		res = ta_proc_check_memory(p, &mem, hello.stack_size,
					   hello.data_size);
	else if (!res)
		res = ta_proc_limit_memory(p, hello.stack_size,
					   hello.data_size);
	if (res)
		goto err_kill;

	p->stack_size = hello.stack_size;
	atomic_store(&p->started, true);
	if (debug_mode())
		pr_info("TA %s runs as pid %d (TEEBOX_TA_DEBUG=1: dumpable, "
			"gdb -p %d can attach)",
			p->name, (int)p->pid, (int)p->pid);
	pr_debug("TA %s runs as pid %d, %s", p->name, (int)p->pid,
		 p->by_zygote ? "forked by the TA zygote" : "exec'd");
	*out = p;
	return TEE_SUCCESS;

err_kill:
	atomic_store(&p->quiet, true);
	ta_monitor_kill(p);
	ta_monitor_wait_reaped(p, 0);
err_put:
	ta_proc_put(p);
	return res;
}

TEE_Result ta_proc_spawn(const void *elf, size_t elf_len, const TEE_UUID *uuid,
			 struct ta_proc **out, struct ta_proc_info *info)
{
	struct ta_elf_dyn dyn;
	const char *why;
	TEE_Result res;

	if (!elf || !elf_len || !uuid || !out)
		return TEE_ERROR_BAD_PARAMETERS;
	*out = NULL;
	if (ta_zygote_enabled()) {
		why = ta_elf_dyn_zygote_check(elf, elf_len, &dyn);
		if (!why) {
			res = spawn_as(elf, elf_len, uuid, &dyn, NULL, out,
				       info);
			if (res != TEE_ERROR_NOT_SUPPORTED)
				return res;
		} else {
			tell_exec_once(uuid, why);
		}
	}
	return spawn_as(elf, elf_len, uuid, NULL, NULL, out, info);
}

/*
 * Why a TA with TA libraries cannot start (@why): exec would have
 * ld.so look for its libraries' UUIDs in the file system, so it is
 * never tried.
 */
static TEE_Result refuse_exec(const TEE_UUID *uuid, const char *why)
{
	char name[TA_PROC_UUID_STR_LEN];

	uuid_format(name, uuid);
	pr_err("TA %s links TA libraries, which only the TA zygote loads, "
	       "and %s: not started (docs/ta-developer-guide.md, \"TA shared "
	       "libraries\")",
	       name, why);
	return TEE_ERROR_NOT_SUPPORTED;
}

TEE_Result ta_proc_spawn_libs(const void *elf, size_t elf_len,
			      const TEE_UUID *uuid,
			      const struct ta_shlib_set *libs,
			      struct ta_proc **out, struct ta_proc_info *info)
{
	struct ta_elf_dyn dyn;
	const char *why;

	if (!libs || !libs->n)
		return ta_proc_spawn(elf, elf_len, uuid, out, info);
	if (!elf || !elf_len || !uuid || !out)
		return TEE_ERROR_BAD_PARAMETERS;
	*out = NULL;
	if (!ta_zygote_enabled())
		return refuse_exec(uuid,
				   "TAs are started by exec here "
				   "(TEEBOX_TA_ZYGOTE=0, TEEBOX_TA_DEBUG=1 "
				   "or a clang sanitizer build)");
	why = ta_elf_dyn_zygote_check(elf, elf_len, &dyn);
	if (why)
		return refuse_exec(uuid, why);
	return spawn_as(elf, elf_len, uuid, &dyn, libs, out, info);
}

void ta_proc_destroy(struct ta_proc *p, const struct ta_proc_host *host)
{
	if (!p)
		return;
	atomic_store(&p->exit_expected, true);
	if (!ta_proc_dead(p) &&
	    !ta_proc_call_destroy(p, host, TA_PROC_DESTROY_MS) &&
	    ta_monitor_wait_reaped(p, TA_PROC_DESTROY_MS))
		goto out;
	if (!ta_proc_dead(p))
		pr_warn("TA %s did not exit after TA_DestroyEntryPoint: "
			"killed",
			p->name);
	atomic_store(&p->quiet, true);
	ta_monitor_kill(p);
	ta_monitor_wait_reaped(p, 0);
out:
	ta_proc_put(p);
}

void ta_proc_abandon(struct ta_proc *p)
{
	if (!ta_proc_mark_dead(p))
		return; /* dead already: said so then */
	pr_err("TA %s: a call whose client is gone did not end when "
	       "cancelled: killed",
	       p->name);
	atomic_store(&p->quiet, true);
	ta_monitor_kill(p);
}

void ta_proc_kill(struct ta_proc *p)
{
	if (!p)
		return;
	atomic_store(&p->quiet, true);
	ta_monitor_kill(p);
	ta_monitor_wait_reaped(p, 0);
	ta_proc_put(p);
}

bool ta_proc_dead(struct ta_proc *p)
{
	return atomic_load(&p->dead);
}

pid_t ta_proc_pid(struct ta_proc *p)
{
	return p->pid;
}

void ta_proc_heap_stats(struct ta_proc *p, struct pta_stats_alloc *h)
{
	const struct ta_ipc_heap *src = &p->page->heap;

	h->allocated =
		atomic_load_explicit(&src->allocated, memory_order_relaxed);
	h->max_allocated =
		atomic_load_explicit(&src->max_allocated, memory_order_relaxed);
	h->size = atomic_load_explicit(&src->size, memory_order_relaxed);
	h->num_alloc_fail = atomic_load_explicit(&src->num_alloc_fail,
						 memory_order_relaxed);
	h->biggest_alloc_fail = atomic_load_explicit(&src->biggest_alloc_fail,
						     memory_order_relaxed);
	h->biggest_alloc_fail_used = atomic_load_explicit(
		&src->biggest_alloc_fail_used, memory_order_relaxed);
}

void ta_proc_request_cancel(struct ta_proc *p)
{
	uint64_t call = atomic_load(&p->call);
	uint32_t seq = (uint32_t)call;

	/* Between calls, the request is for the next call. */
	if (!(call & TA_PROC_IN_CALL))
		seq = seq + 1 ? seq + 1 : 1;
	atomic_store(&p->page->cancel, seq);
}

void ta_proc_cancel_at(struct ta_proc *p, uint64_t ms)
{
	p->cancel_at = ms;
}

bool ta_proc_cancelled(struct ta_proc *p)
{
	uint64_t call = atomic_load(&p->call);
	struct timespec ts;

	if (p->cancel_at && (call & TA_PROC_IN_CALL)) {
		clock_gettime(CLOCK_MONOTONIC, &ts);
		if ((uint64_t)ts.tv_sec * 1000 +
			    (uint64_t)ts.tv_nsec / 1000000 >=
		    p->cancel_at) {
			p->cancel_at = 0;
			ta_proc_request_cancel(p);
		}
	}

	return (call & TA_PROC_IN_CALL) &&
	       atomic_load(&p->page->cancel) == (uint32_t)call;
}

void ta_proc_forget_cancel(struct ta_proc *p)
{
	if (!(atomic_load(&p->call) & TA_PROC_IN_CALL))
		atomic_store(&p->page->cancel, 0);
}

size_t ta_proc_count(void)
{
	return ta_monitor_count();
}
