// SPDX-License-Identifier: BSD-2-Clause
/* The abort dump of a crashed TA; see the header. */
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "kernel/log.h"
#include "ta_crash.h"
#include "ta_elf_sym.h"

/* A guard larger than this is not one the runtime made. */
#define MAX_GUARD (16ULL << 20)

#if defined(__x86_64__)
static const char *const reg_names[] = {
	"rax", "rbx", "rcx", "rdx", "rsi", "rdi", "rbp", "rsp", "r8",
	"r9",  "r10", "r11", "r12", "r13", "r14", "r15", "rip", "rflags",
};
#define REG_SP 7
#elif defined(__aarch64__)
static const char *const reg_names[] = {
	"x0",  "x1",  "x2",  "x3",  "x4",  "x5",  "x6",	    "x7",  "x8",
	"x9",  "x10", "x11", "x12", "x13", "x14", "x15",    "x16", "x17",
	"x18", "x19", "x20", "x21", "x22", "x23", "x24",    "x25", "x26",
	"x27", "x28", "x29", "x30", "sp",  "pc",  "pstate",
};
#define REG_SP 31
#else
#error "TA crash reports know x86-64 and aarch64"
#endif
_Static_assert(sizeof(reg_names) / sizeof(reg_names[0]) <= TA_IPC_CRASH_NREGS,
	       "the crash record holds every register");

/**
 * struct crash_last - the last crash of one TA
 * @uuid:	the TA
 * @count:	its instances that crashed
 * @stamp:	when it was last updated (a counter: the oldest goes first)
 * @summary:	what teectl tas shows
 */
struct crash_last {
	TEE_UUID uuid;
	uint32_t count;
	uint64_t stamp;
	char summary[TA_CRASH_SUMMARY_LEN];
};

static struct {
	pthread_mutex_t lock;
	uint64_t stamp;
	struct crash_last tas[TA_CRASH_REMEMBER];
} last = {.lock = PTHREAD_MUTEX_INITIALIZER};

static const char *sig_name(int sig)
{
	switch (sig) {
	case SIGSEGV:
		return "SIGSEGV: segmentation fault";
	case SIGBUS:
		return "SIGBUS: bus error";
	case SIGILL:
		return "SIGILL: illegal instruction";
	case SIGFPE:
		return "SIGFPE: arithmetic exception";
	case SIGABRT:
		return "SIGABRT: aborted";
	case SIGKILL:
		return "SIGKILL: killed";
	case SIGTRAP:
		return "SIGTRAP: trap";
	default:
		return "a fatal signal";
	}
}

/* What si_code says about the fault, for the signals that have one. */
static const char *code_name(int sig, int code)
{
	if (code <= 0)
		return sig == SIGABRT ? "abort() or raise()"
				      : "sent by the TA itself";
	if (sig == SIGSEGV && code == SEGV_MAPERR)
		return "address not mapped";
	if (sig == SIGSEGV && code == SEGV_ACCERR)
		return "access not permitted";
	if (sig == SIGBUS && code == BUS_ADRALN)
		return "misaligned address";
	if (sig == SIGBUS && code == BUS_ADRERR)
		return "no memory behind the address";
	if (sig == SIGFPE && code == FPE_INTDIV)
		return "integer divide by zero";
	if (sig == SIGFPE && code == FPE_INTOVF)
		return "integer overflow";
	if (sig == SIGILL && code == ILL_ILLOPC)
		return "illegal opcode";
	if (sig == SIGILL && code == ILL_PRVOPC)
		return "privileged opcode";
	return NULL;
}

/* The signals whose si_addr is a fault address. */
static bool has_fault_addr(int sig, int code)
{
	return code > 0 && (sig == SIGSEGV || sig == SIGBUS || sig == SIGILL ||
			    sig == SIGFPE);
}

/* In the guard below the entry stack: the stack overflowed. */
static bool in_guard(const struct ta_ipc_crash *r, uint64_t a)
{
	return r->guard_lo < r->stack_lo &&
	       r->stack_lo - r->guard_lo <= MAX_GUARD && a >= r->guard_lo &&
	       a < r->stack_lo;
}

static bool stack_overflow(const struct ta_ipc_crash *r, int sig)
{
	return sig == SIGSEGV &&
	       ((has_fault_addr(sig, r->code) && in_guard(r, r->addr)) ||
		in_guard(r, r->regs[REG_SP]));
}

static void print_regs(const char *name, const struct ta_ipc_crash *r)
{
	size_t nregs = sizeof(reg_names) / sizeof(reg_names[0]);
	char line[160];
	size_t len;

	for (size_t i = 0; i < nregs; i += 4) {
		len = 0;
		for (size_t j = i; j < nregs && j < i + 4 && len < sizeof(line);
		     j++)
			len += (size_t)snprintf(line + len, sizeof(line) - len,
						" %6s 0x%016llx", reg_names[j],
						(unsigned long long)r->regs[j]);
		pr_err("TA %s: %s", name, line);
	}
}

/*
 * Frame @i of the call stack into @out (for the summary: the innermost
 * named frame); return addresses are looked up one byte back, in the
 * call that made them.
 */
static void print_frame(const struct ta_crash_info *c,
			const struct ta_ipc_crash *r, uint32_t i, char *first,
			size_t first_len)
{
	unsigned long long a = r->frames[i];
	struct ta_elf_sym s;
	uint64_t look = i && a ? a - 1 : a;

	if (!c->elf ||
	    !ta_elf_sym_lookup(c->elf, c->elf_len, r->load_base, look, &s)) {
		pr_err("TA %s:  #%u 0x%016llx", c->name, i, a);
		return;
	}
	if (!s.in_text) {
		pr_err("TA %s:  #%u 0x%016llx (outside the TA)", c->name, i, a);
		return;
	}
	if (!s.found) {
		pr_err("TA %s:  #%u 0x%016llx ??", c->name, i, a);
		return;
	}
	/* The offset of the address itself, as OP-TEE's symbolizer says. */
	s.offset += look != a;
	pr_err("TA %s:  #%u 0x%016llx %s+0x%llx", c->name, i, a, s.name,
	       (unsigned long long)s.offset);
	if (!first[0])
		snprintf(first, first_len, "%s+0x%llx", s.name,
			 (unsigned long long)s.offset);
}

static void remember(const TEE_UUID *uuid, const char *summary)
{
	struct crash_last *slot = NULL;

	pthread_mutex_lock(&last.lock);
	for (size_t i = 0; i < TA_CRASH_REMEMBER && !slot; i++)
		if (last.tas[i].stamp &&
		    !memcmp(&last.tas[i].uuid, uuid, sizeof(*uuid)))
			slot = &last.tas[i];
	if (!slot) {
		slot = &last.tas[0];
		for (size_t i = 1; i < TA_CRASH_REMEMBER; i++)
			if (last.tas[i].stamp < slot->stamp)
				slot = &last.tas[i];
		memset(slot, 0, sizeof(*slot));
		slot->uuid = *uuid;
	}
	slot->count++;
	slot->stamp = ++last.stamp;
	snprintf(slot->summary, sizeof(slot->summary), "%s", summary);
	pthread_mutex_unlock(&last.lock);
}

bool ta_crash_last(const TEE_UUID *uuid, char *buf, uint32_t *count)
{
	bool found = false;

	pthread_mutex_lock(&last.lock);
	for (size_t i = 0; i < TA_CRASH_REMEMBER && !found; i++) {
		const struct crash_last *l = &last.tas[i];

		if (!l->stamp || memcmp(&l->uuid, uuid, sizeof(*uuid)))
			continue;
		memcpy(buf, l->summary, TA_CRASH_SUMMARY_LEN);
		if (count)
			*count = l->count;
		found = true;
	}
	pthread_mutex_unlock(&last.lock);
	return found;
}

size_t ta_crash_list(struct teebox_ta_crash *out, size_t max)
{
	uint64_t after = 0;
	size_t n = 0;

	pthread_mutex_lock(&last.lock);
	/* Least recent first: the smallest stamp above the last taken. */
	for (;;) {
		const struct crash_last *next = NULL;

		for (size_t i = 0; i < TA_CRASH_REMEMBER; i++) {
			const struct crash_last *l = &last.tas[i];

			if (l->stamp > after &&
			    (!next || l->stamp < next->stamp))
				next = l;
		}
		if (!next)
			break;
		if (n < max) {
			memset(&out[n], 0, sizeof(out[n]));
			out[n].uuid = next->uuid;
			out[n].count = next->count;
			memcpy(out[n].summary, next->summary,
			       sizeof(out[n].summary));
		}
		n++;
		after = next->stamp;
	}
	pthread_mutex_unlock(&last.lock);
	return n;
}

/* The first line: the signal, what it means, where. */
static void print_head(const struct ta_crash_info *c,
		       const struct ta_ipc_crash *r, bool have)
{
	const char *what = have ? code_name(c->sig, r->code) : NULL;

	if (have && has_fault_addr(c->sig, r->code))
		pr_err("TA %s crashed (signal %d, %s%s%s) at address 0x%llx",
		       c->name, c->sig, sig_name(c->sig), what ? ", " : "",
		       what ? what : "", (unsigned long long)r->addr);
	else
		pr_err("TA %s crashed (signal %d, %s%s%s)", c->name, c->sig,
		       sig_name(c->sig), what ? ", " : "", what ? what : "");
}

void ta_crash_report(const struct ta_crash_info *c)
{
	char first[TA_ELF_SYM_NAME_MAX + 24] = "";
	char summary[TA_CRASH_SUMMARY_LEN];
	struct ta_ipc_crash r;
	bool have, overflow;

	memcpy(&r, (const void *)c->rec, sizeof(r));
	/* A record of another signal than the kernel's is not this crash. */
	have = atomic_load_explicit(&r.magic, memory_order_relaxed) ==
		       TA_IPC_CRASH_MAGIC &&
	       r.sig == (uint32_t)c->sig;
	print_head(c, &r, have);
	if (!have) {
		pr_err("TA %s: no crash record (its runtime did not catch "
		       "the signal)",
		       c->name);
		snprintf(summary, sizeof(summary), "signal %d (%s)", c->sig,
			 sig_name(c->sig));
		remember(c->uuid, summary);
		return;
	}
	overflow = stack_overflow(&r, c->sig);
	if (overflow)
		pr_err("TA %s: stack overflow: the fault is in the guard below "
		       "its stack of TA_STACK_SIZE = %u bytes; raise "
		       "TA_STACK_SIZE in user_ta_header_defines.h",
		       c->name, c->stack_size);
	print_regs(c->name, &r);
	pr_err("TA %s: call stack (TA loaded at 0x%llx):", c->name,
	       (unsigned long long)r.load_base);
	if (r.nframes > TA_IPC_CRASH_FRAMES)
		r.nframes = TA_IPC_CRASH_FRAMES;
	for (uint32_t i = 0; i < r.nframes; i++)
		print_frame(c, &r, i, first, sizeof(first));
	/* The name is cut to fit: the summary is one line of teectl's. */
	snprintf(summary, sizeof(summary), "%s (signal %d, %.*s)%s%.72s",
		 overflow ? "stack overflow" : "crashed", c->sig,
		 (int)strcspn(sig_name(c->sig), ":"), sig_name(c->sig),
		 first[0] ? " in " : "", first);
	remember(c->uuid, summary);
}
