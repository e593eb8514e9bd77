// SPDX-License-Identifier: BSD-2-Clause
/*
 * The TA's fatal-signal handler: it fills the crash record of the shared
 * page (struct ta_ipc_crash) with what OP-TEE's abort dump shows, the
 * fault address, the registers and a call stack, then lets the signal
 * kill the process with its default action, so that the secure world
 * still learns the real signal from the kernel (waitpid).
 *
 * The handler runs on an alternate signal stack of its own thread (one
 * for the main thread, one for the entry thread, set up before the
 * sandbox forbids sigaltstack): a stack overflow leaves no room on the
 * TA's own stack.  It only reads and stores memory: the call stack is a
 * frame-pointer walk (TAs are built with -fno-omit-frame-pointer) that
 * never leaves the entry thread's stack, so a corrupt chain ends the
 * walk instead of faulting in the handler.
 *
 * A leaf function (compilers set no frame up in one that needs no stack)
 * leaves its return address where the call put it, on top of the stack
 * (x86-64) or in the link register (aarch64): it is taken as the second
 * frame when it is an address in the TA's code just after a call.
 *
 * A fault in libc (abort(), memcpy with a bad pointer), which keeps no
 * frame pointers, starts the walk with a scan of the stack for the return
 * address of the TA function that called into libc (scan_for_ta()).
 */
#include <errno.h>
#include <link.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>
#include <unistd.h>

#include "utee_priv.h"

/* Large enough for the handler in sanitizer builds too (redzones). */
#define ALT_STACK_SIZE (64 * 1024)
/* How far above the stack pointer a fault in libc looks for the TA. */
#define LIBC_SCAN_BYTES 4096

static const int fatal_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT};

static _Alignas(16) char alt_stack[2][ALT_STACK_SIZE];
static atomic_uint alt_used;

/* Filled before any TA code runs; the handler only reads them. */
static uintptr_t load_base, text_lo, text_hi;
static uintptr_t stack_lo, stack_hi, guard_lo;
/* abort()'s frame, once it was called. */
static _Atomic uintptr_t abort_fp;

/* The executable's first PT_LOAD and its code, from its program headers. */
static int find_text(struct dl_phdr_info *info, size_t len, void *arg)
{
	bool first = true;

	(void)len;
	(void)arg;
	if (!utee_is_ta_image(info))
		return 0; /* the zygote or a library: the next one */
	for (size_t i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t start = info->dlpi_addr + ph->p_vaddr;

		if (ph->p_type != PT_LOAD)
			continue;
		if (first)
			load_base = start & ~(uintptr_t)(ph->p_align - 1);
		first = false;
		if (!(ph->p_flags & PF_X))
			continue;
		if (!text_lo || start < text_lo)
			text_lo = start;
		if (start + ph->p_memsz > text_hi)
			text_hi = start + ph->p_memsz;
	}
	return 1; /* the image found: stop there */
}

static bool in_text(uintptr_t a)
{
	return a >= text_lo && a < text_hi;
}

/* [@a, @a + @len) lies in the entry thread's stack: safe to read. */
static bool in_stack(uintptr_t a, size_t len)
{
	return a >= stack_lo && a <= stack_hi && len <= stack_hi - a;
}

#if defined(__x86_64__)
/*
 * @a follows a call instruction: e8 rel32, ff 15 disp32 (through memory,
 * RIP-relative), ff d0+r or 41 ff d0+r (through a register).
 */
static bool after_call(uintptr_t a)
{
	const uint8_t *p = (const uint8_t *)a;

	if (!in_text(a - 6))
		return false;
	return p[-5] == 0xe8 || (p[-6] == 0xff && p[-5] == 0x15) ||
	       (p[-2] == 0xff && (p[-1] & 0xf8) == 0xd0);
}

/* @w is a return address into the TA's code. */
static bool is_return(uintptr_t w)
{
	return in_text(w) && after_call(w);
}

/* Where a function without a frame keeps its return address. */
static uintptr_t leaf_return(const ucontext_t *uc, uintptr_t sp)
{
	uintptr_t w;

	(void)uc;
	if (!in_stack(sp, 8))
		return 0;
	w = *(const uintptr_t *)sp;
	return is_return(w) ? w : 0;
}

static void save_regs(struct ta_ipc_crash *c, const ucontext_t *uc,
		      uintptr_t *pc, uintptr_t *sp, uintptr_t *fp)
{
	static const int order[] = {
		REG_RAX, REG_RBX, REG_RCX, REG_RDX, REG_RSI, REG_RDI,
		REG_RBP, REG_RSP, REG_R8,  REG_R9,  REG_R10, REG_R11,
		REG_R12, REG_R13, REG_R14, REG_R15, REG_RIP, REG_EFL,
	};
	const greg_t *g = uc->uc_mcontext.gregs;

	for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); i++)
		c->regs[i] = (uint64_t)g[order[i]];
	*pc = (uintptr_t)g[REG_RIP];
	*sp = (uintptr_t)g[REG_RSP];
	*fp = (uintptr_t)g[REG_RBP];
}
#elif defined(__aarch64__)
/* @w is a return address into the TA's code: bl and blr are 4 bytes. */
static bool is_return(uintptr_t w)
{
	return in_text(w) && !(w & 3) && in_text(w - 4);
}

/* Where a function without a frame keeps its return address: lr. */
static uintptr_t leaf_return(const ucontext_t *uc, uintptr_t sp)
{
	uintptr_t lr = (uintptr_t)uc->uc_mcontext.regs[30];

	(void)sp;
	return is_return(lr) ? lr : 0;
}

static void save_regs(struct ta_ipc_crash *c, const ucontext_t *uc,
		      uintptr_t *pc, uintptr_t *sp, uintptr_t *fp)
{
	const mcontext_t *m = &uc->uc_mcontext;

	for (unsigned int i = 0; i < 31; i++)
		c->regs[i] = m->regs[i];
	c->regs[31] = m->sp;
	c->regs[32] = m->pc;
	c->regs[33] = m->pstate;
	*pc = (uintptr_t)m->pc;
	*sp = (uintptr_t)m->sp;
	*fp = (uintptr_t)m->regs[29];
}
#else
#error "the TA fault handler knows x86-64 and aarch64"
#endif

/*
 * The return address of the TA function that called into libc, and where
 * it lies (*@slot); 0 when none is found.  When libc left the frame
 * pointer alone (it is callee-saved), it is that function's, and the
 * return address is the nearest word below it that follows a call: the
 * scan goes down from there, so that it meets the TA's frame before
 * libc's, whose uninitialised locals may hold stale addresses.  Else the
 * scan goes up from @sp.
 */
static uintptr_t scan_for_ta(uintptr_t sp, uintptr_t fp, uintptr_t *slot)
{
	uintptr_t a;

	if (!(fp & 7) && fp > sp && in_stack(sp, fp - sp)) {
		for (a = fp - 8; a >= sp && fp - a <= LIBC_SCAN_BYTES; a -= 8)
			if (is_return(*(const uintptr_t *)a)) {
				*slot = a;
				return *(const uintptr_t *)a;
			}
	}
	for (a = (sp + 7) & ~(uintptr_t)7;
	     in_stack(a, 8) && a - sp < LIBC_SCAN_BYTES; a += 8)
		if (is_return(*(const uintptr_t *)a)) {
			*slot = a;
			return *(const uintptr_t *)a;
		}
	return 0;
}

/*
 * The call stack: the pc, then the frame records' return addresses.  For
 * abort(), the walk starts at the frame of ours that called raise().
 */
static void walk(struct ta_ipc_crash *c, const ucontext_t *uc, uintptr_t pc,
		 uintptr_t sp, uintptr_t fp, uintptr_t aborted)
{
	uint32_t n = 0;
	uintptr_t slot = 0, ret;

	c->frames[n++] = pc;
	if (aborted) {
		fp = aborted;
	} else if (in_text(pc)) {
		ret = leaf_return(uc, sp);
		/* Not when it is what the frame chain gives next anyway. */
		if (ret && !(!(fp & 7) && in_stack(fp, 16) &&
			     ((const uintptr_t *)fp)[1] == ret))
			c->frames[n++] = ret;
	} else {
		ret = scan_for_ta(sp, fp, &slot);
		if (ret)
			c->frames[n++] = ret;
		/* A frame pointer libc kept lies above that word. */
		if (fp <= slot)
			fp = 0;
	}
	while (n < TA_IPC_CRASH_FRAMES && !(fp & 7) && in_stack(fp, 16)) {
		const uintptr_t *rec = (const uintptr_t *)fp;

		ret = rec[1];
		if (!ret)
			break;
		c->frames[n++] = ret;
		/* Frames grow upwards: anything else is a broken chain. */
		if (rec[0] <= fp)
			break;
		fp = rec[0];
	}
	c->nframes = n;
}

/*
 * abort() as the TA (and libcrypto) call it: glibc's would run in frames
 * without frame pointers, that the walk cannot cross, so this one notes
 * its own frame for the handler and raises SIGABRT itself.
 */
void abort(void)
{
	sigset_t abrt;

	atomic_store(&abort_fp, (uintptr_t)__builtin_frame_address(0));
	/* As glibc's: a TA that blocked SIGABRT still aborts. */
	sigemptyset(&abrt);
	sigaddset(&abrt, SIGABRT);
	sigprocmask(SIG_UNBLOCK, &abrt, NULL);
	raise(SIGABRT);
	/* The handler re-raised with the default action: not reached. */
	for (;;)
		raise(SIGKILL);
}

static void on_fatal(int sig, siginfo_t *si, void *ucv)
{
	struct ta_ipc_crash *c = utee_channel_crash();
	uintptr_t pc, sp, fp, aborted = 0;

	if (sig == SIGSEGV || sig == SIGBUS)
		utee_memref_note_fault(si->si_addr);
	/* The first fatal signal is the one to report. */
	if (c && !atomic_load_explicit(&c->magic, memory_order_relaxed)) {
		c->sig = (uint32_t)sig;
		c->code = si->si_code;
		c->addr = (uint64_t)(uintptr_t)si->si_addr;
		c->load_base = load_base;
		c->stack_lo = stack_lo;
		c->stack_hi = stack_hi;
		c->guard_lo = guard_lo;
		save_regs(c, ucv, &pc, &sp, &fp);
		if (sig == SIGABRT && si->si_code <= 0)
			aborted = atomic_load(&abort_fp);
		walk(c, ucv, pc, sp, fp, aborted);
		atomic_store_explicit(&c->magic, TA_IPC_CRASH_MAGIC,
				      memory_order_release);
	}
	/*
	 * SA_RESETHAND made the action the default one again.  A fault
	 * comes back when the handler returns (its instruction runs again)
	 * and kills; a signal that was sent (abort(), raise) is sent again,
	 * and kills once the handler returns and unblocks it.
	 */
	if (si->si_code <= 0)
		raise(sig);
}

int utee_fault_init(void)
{
	struct sigaction sa = {
		.sa_sigaction = on_fatal,
		.sa_flags = SA_SIGINFO | SA_RESETHAND | SA_ONSTACK,
	};

	dl_iterate_phdr(find_text, NULL);
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof(fatal_signals) / sizeof(int); i++)
		if (sigaction(fatal_signals[i], &sa, NULL))
			return -errno;
	return 0;
}

int utee_fault_thread_init(void)
{
	unsigned int i = atomic_fetch_add(&alt_used, 1);
	stack_t ss = {.ss_size = ALT_STACK_SIZE};

	if (i >= sizeof(alt_stack) / sizeof(alt_stack[0]))
		return -ENOSPC;
	ss.ss_sp = alt_stack[i];
	return sigaltstack(&ss, NULL) ? -errno : 0;
}

void utee_fault_set_stack(void *guard, void *base, size_t size)
{
	guard_lo = (uintptr_t)guard;
	stack_lo = (uintptr_t)base;
	stack_hi = (uintptr_t)base + size;
}
