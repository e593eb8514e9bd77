// SPDX-License-Identifier: BSD-2-Clause
/*
 * Memref parameters in the TA: the parameter window (see teebox/ta_ipc.h).
 *
 * The secure world copies each memref into the window before the call and
 * copies OUTPUT/INOUT back after it; the client's memory is never mapped
 * here.  While an entry point runs, the span of the window its memrefs
 * use is readable and writable, and nothing else of the window is.
 *
 * The span is closed lazily: it stays open after the entry point returns
 * and is closed (or another opened) when the next request arrives, before
 * any TA code runs, unless that request's span is the same range.  Only
 * TA code could use the span in between, and none runs there: TA code
 * runs on the entry thread inside an entry point only (the sandbox
 * refuses new threads, timers and signals to other processes, and the
 * secure world sends none but SIGKILL; the main thread only joins), and
 * this thread is in the runtime, waiting for the request.  So a pointer
 * kept from call N faults in call N + 1 exactly when call N + 1 has no
 * memref or its span does not cover the address, and reaches call
 * N + 1's own bytes when it does: as on OP-TEE, which unmaps a call's
 * params after it (vm_clean_param()) and maps the next call's at the
 * first free place that fits (vm_map_param(), vm_map() with no address
 * asked: umap_add_region()), the place the last call's params had
 * (core/mm/vm.c).  What a span holds is always the call's own bytes and
 * zeros (secure/ta_param_win.c), whoever the client.  A call with an
 * unchanged span changes no page table, which on a VM was most of a
 * small memref's cost.  The fault handler (utee_fault.c) notes a
 * faulting address for the secure world's crash report.
 *
 * Two ways to open and close a span, for what each costs.  Changing page
 * table entries is what is dear (on a VM with shadow paging each changed
 * entry costs several microseconds, and every page touched after
 * mprotect(PROT_NONE) + mprotect(RW) is filled in again), so:
 *  - a small span (WIN_SMALL_MAX) is opened in the window's direct view,
 *    the file mapped PROT_NONE, with mprotect() as ever: a few entries;
 *  - a larger span is opened by moving its whole 2 MiB units of the
 *    file's "parked" mapping (read-write, never reprotected) into the
 *    "active" view with mremap(), and closed by moving them back.  With
 *    both addresses 2 MiB-aligned the kernel moves page tables, not
 *    entries: one page-middle-directory entry per unit each way, and the
 *    pages the TA touched before are still mapped when they come back.
 *    Where a unit was, a PROT_NONE placeholder keeps the address, so a
 *    kept pointer into the active view faults.  The span's unit may
 *    reach past the span: what lies there is the TA's own window, bytes
 *    it was given or wrote in earlier calls of this bank, nothing else.
 * Both views cover the whole window; a memref's offset is the same in
 * either, only the base differs.
 */
#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <tee_api_defines.h>

#include "utee_priv.h"

/* Spans up to this size are opened with mprotect(); see above. */
#define WIN_SMALL_MAX (4 * TA_IPC_PAGE_SIZE)
/* What one page-table page maps on x86-64 and arm64 with 4 KiB pages. */
#define WIN_UNIT (2ULL << 20)

_Static_assert(TA_IPC_WIN_BANK_SIZE % WIN_UNIT == 0, "a bank is whole units");

/**
 * struct utee_map - a memref of the current call
 * @buf, @size:	the buffer the TA was given
 * @writable:	an OUTPUT or INOUT memref
 */
struct utee_map {
	const char *buf;
	size_t size;
	bool writable;
};

/*
 * The window's views (direct, active, parked: see above), and the span
 * open (@span_len 0: none) with the view it is in (@span_base: @win or
 * @act; @span_moved: its bytes moved in, whole units), and how far spans
 * closed before reached in each view (@closed_win, @closed_act: offsets
 * a kept pointer may hold).  Written by the entry thread between calls;
 * the fault handler only reads them.
 */
static char *win;
static char *act;
static char *park;
static char *span_base;
static uint64_t span_off;
static uint64_t span_len;
static uint64_t span_moved;
static uint64_t closed_win;
static uint64_t closed_act;
static struct utee_map maps[TA_IPC_NUM_PARAMS];
static unsigned int nmaps;
/* The part of the transfer bank a TA-to-TA call opened (len 0: none). */
static uint64_t xfer_off;
static uint64_t xfer_len;

/* @a's offset in view @v, or false when @a is not in it. */
static bool in_view(const char *v, const char *a, uint64_t *off)
{
	if (!v || a < v || (uint64_t)(a - v) >= TA_IPC_WIN_SIZE)
		return false;
	*off = (uint64_t)(a - v);
	return true;
}

/*
 * Whether a fault at @off of view @v is a kept pointer's: where a span
 * closed before reached in that view, or any bank but the open span's.
 */
static bool fault_is_stale(const char *v, uint64_t off)
{
	uint64_t closed = v == act ? closed_act : closed_win;

	if (!span_len ||
	    off / TA_IPC_WIN_BANK_SIZE != span_off / TA_IPC_WIN_BANK_SIZE)
		return true;
	return off < closed;
}

void utee_memref_note_fault(const void *addr)
{
	struct ta_ipc_fault *f = utee_channel_fault();
	const char *a = addr, *v = win;
	uint64_t off;

	if (!f)
		return;
	if (!in_view(win, a, &off)) {
		v = act;
		if (!in_view(act, a, &off))
			return;
	}
	f->addr = (uint64_t)(uintptr_t)a;
	f->offset = off;
	atomic_store(&f->kind, fault_is_stale(v, off)
				       ? TA_IPC_FAULT_MEMREF_STALE
				       : TA_IPC_FAULT_MEMREF_BEYOND);
}

/*
 * Reserves address space for the active and parked views, each aligned
 * to WIN_UNIT, and maps the file read-write in the parked one.
 */
static int map_moving_views(void)
{
	uint64_t size = 2 * TA_IPC_WIN_SIZE + WIN_UNIT;
	uintptr_t a;
	char *res;

	res = mmap(NULL, size, PROT_NONE,
		   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (res == MAP_FAILED)
		return -errno;
	a = ((uintptr_t)res + WIN_UNIT - 1) & ~(uintptr_t)(WIN_UNIT - 1);
	if (mmap((char *)a + TA_IPC_WIN_SIZE, TA_IPC_WIN_SIZE,
		 PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, TA_IPC_WIN_FD,
		 0) == MAP_FAILED) {
		munmap(res, size);
		return -errno;
	}
	act = (char *)a;
	park = act + TA_IPC_WIN_SIZE;
	return 0;
}

int utee_memref_init(void)
{
	struct stat st;
	void *va;
	int err;

	if (fstat(TA_IPC_WIN_FD, &st))
		return -errno;
	if (st.st_size < 0 || (uint64_t)st.st_size < TA_IPC_WIN_SIZE)
		return -EINVAL;
	va = mmap(NULL, TA_IPC_WIN_SIZE, PROT_NONE, MAP_SHARED, TA_IPC_WIN_FD,
		  0);
	if (va == MAP_FAILED)
		return -errno;
	err = map_moving_views();
	if (err) {
		munmap(va, TA_IPC_WIN_SIZE);
		return err;
	}
	/* The mappings are all the TA needs; the file stays with us. */
	close(TA_IPC_WIN_FD);
	win = va;
	return 0;
}

/*
 * Moves the unit at @off from view @from to view @to (the page tables go
 * along) and puts a placeholder where it was.  Return: 0 or -errno (the
 * unit did not move).
 */
static int move_unit(char *from, char *to, uint64_t off)
{
	void *p;

	p = mremap(from + off, WIN_UNIT, WIN_UNIT,
		   MREMAP_MAYMOVE | MREMAP_FIXED, to + off);
	if (p == MAP_FAILED)
		return -errno;
	p = mmap(from + off, WIN_UNIT, PROT_NONE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1,
		 0);
	if (p == MAP_FAILED)
		utee_fatal(UTEE_EXIT_PROTOCOL,
			   "cannot keep the parameter window's place: %s",
			   strerror(errno));
	return 0;
}

/*
 * Moves the units of [@off, @off + @len) from the parked view into the
 * active one.  Return: true when all moved; false when none did (those
 * that had are back).
 */
static bool move_in(uint64_t off, uint64_t len)
{
	uint64_t done;

	for (done = 0; done < len; done += WIN_UNIT)
		if (move_unit(park, act, off + done))
			break;
	if (done == len)
		return true;
	while (done) {
		done -= WIN_UNIT;
		if (move_unit(act, park, off + done))
			utee_fatal(UTEE_EXIT_PROTOCOL,
				   "cannot park the parameter window: %s",
				   strerror(errno));
	}
	return false;
}

/* Makes the open span inaccessible: a kept pointer into it faults. */
static void span_close(void)
{
	uint64_t *closed = span_moved ? &closed_act : &closed_win;

	if (!span_len)
		return;
	for (uint64_t done = 0; done < span_moved; done += WIN_UNIT)
		if (move_unit(act, park, span_off + done))
			utee_fatal(UTEE_EXIT_PROTOCOL,
				   "cannot close the parameter window: %s",
				   strerror(errno));
	if (!span_moved && mprotect(win + span_off, span_len, PROT_NONE))
		utee_fatal(UTEE_EXIT_PROTOCOL,
			   "cannot close the parameter window: %s",
			   strerror(errno));
	if (span_off + span_len > *closed)
		*closed = span_off + span_len;
	span_len = 0;
	span_moved = 0;
}

/* Opens [@off, @off + @len) of the window, nothing else being open. */
static TEE_Result span_open(uint64_t off, uint64_t len)
{
	/* A bank is whole units: the span's units stay inside it. */
	uint64_t units = (len + WIN_UNIT - 1) & ~(WIN_UNIT - 1);

	span_moved = 0;
	span_base = win;
	if (len > WIN_SMALL_MAX && move_in(off, units)) {
		span_moved = units;
		span_base = act;
	} else if (mprotect(win + off, len, PROT_READ | PROT_WRITE)) {
		return TEE_ERROR_OUT_OF_MEMORY;
	}
	span_off = off;
	span_len = len;
	return TEE_SUCCESS;
}

TEE_Result utee_memref_open(const struct ta_ipc_request *req)
{
	uint64_t off = req->win_offset, len = req->win_size;

	nmaps = 0;
	/* The last call's span, as it was: nothing to change. */
	if (len && span_len && off == span_off && len == span_len)
		return TEE_SUCCESS;
	span_close();
	if (!len)
		return TEE_SUCCESS;
	/* Whole pages, inside one bank. */
	if ((off | len) & (TA_IPC_PAGE_SIZE - 1) ||
	    off % TA_IPC_WIN_BANK_SIZE || len > TA_IPC_WIN_BANK_SIZE ||
	    off >= TA_IPC_WIN_SIZE)
		return TEE_ERROR_BAD_PARAMETERS;
	return span_open(off, len);
}

TEE_Result utee_memref_map(const struct ta_ipc_param *ip, bool writable,
			   void **buffer)
{
	struct utee_map *m;

	*buffer = NULL;
	if (ip->flags & TA_IPC_MEMREF_NULL)
		return TEE_SUCCESS;
	if (nmaps >= TA_IPC_NUM_PARAMS || ip->offset < span_off ||
	    ip->offset - span_off > span_len ||
	    ip->size > span_len - (ip->offset - span_off))
		return TEE_ERROR_BAD_PARAMETERS;
	m = &maps[nmaps++];
	m->buf = span_base + ip->offset;
	m->size = (size_t)ip->size;
	m->writable = writable;
	*buffer = (void *)m->buf;
	return TEE_SUCCESS;
}

void utee_memref_end(void)
{
	nmaps = 0;
	memset(maps, 0, sizeof(maps));
}

void utee_memref_close(void)
{
	span_close();
	utee_memref_end();
}

bool utee_memref_overlaps_input(const void *buf, size_t size)
{
	const char *p = buf;

	for (unsigned int i = 0; size && i < nmaps; i++) {
		const struct utee_map *m = &maps[i];

		if (!m->writable && p < m->buf + m->size && m->buf < p + size)
			return true;
	}
	return false;
}

bool utee_memref_overlaps(const void *buf, size_t size)
{
	const char *p = buf;

	for (unsigned int i = 0; size && i < nmaps; i++) {
		const struct utee_map *m = &maps[i];

		if (p < m->buf + m->size && m->buf < p + size)
			return true;
	}
	return false;
}

char *utee_memref_xfer_open(uint64_t len, uint64_t *win_off)
{
	uint64_t bank = span_len ? (span_off / TA_IPC_WIN_BANK_SIZE) ^ 1 : 0;

	*win_off = bank * TA_IPC_WIN_BANK_SIZE;
	if (!len)
		return win + *win_off;
	if (len > TA_IPC_WIN_BANK_SIZE || xfer_len ||
	    mprotect(win + *win_off, len, PROT_READ | PROT_WRITE))
		return NULL;
	xfer_off = *win_off;
	xfer_len = len;
	return win + *win_off;
}

void utee_memref_xfer_close(void)
{
	if (xfer_len && mprotect(win + xfer_off, xfer_len, PROT_NONE))
		utee_fatal(UTEE_EXIT_PROTOCOL,
			   "cannot close the transfer bank: %s",
			   strerror(errno));
	xfer_len = 0;
}

bool utee_memref_contains(const void *buf, size_t size)
{
	const char *p = buf;

	for (unsigned int i = 0; i < nmaps; i++) {
		const struct utee_map *m = &maps[i];

		if (p >= m->buf && size <= m->size &&
		    (size_t)(p - m->buf) <= m->size - size)
			return true;
	}
	return false;
}
