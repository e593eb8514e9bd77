// SPDX-License-Identifier: BSD-2-Clause
/*
 * Memref parameters in the TA: the parameter window (see teebox/ta_ipc.h).
 *
 * The secure world copies each memref into the window before the call and
 * copies OUTPUT/INOUT back after it; the client's memory is never mapped
 * here.  The window is mapped once, PROT_NONE.  While an entry point runs,
 * the span of the window its memrefs use is readable and writable; when
 * it returns, the span is PROT_NONE again.  So a TA that keeps a memref
 * pointer past its call faults on its next use, as it would on hardware
 * once OP-TEE unmapped the param, and the fault handler (utee_fault.c)
 * notes the address for the secure world's crash report.
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
 * The window, and the span the current call opened (@span_len 0: none).
 * Written by the entry thread between calls; the fault handler only
 * reads them.
 */
static char *win;
static uint64_t span_off;
static uint64_t span_len;
static struct utee_map maps[TA_IPC_NUM_PARAMS];
static unsigned int nmaps;
/* The part of the transfer bank a TA-to-TA call opened (len 0: none). */
static uint64_t xfer_off;
static uint64_t xfer_len;

void utee_memref_note_fault(const void *addr)
{
	struct ta_ipc_fault *f = utee_channel_fault();
	const char *a = addr;
	uint64_t off, bank;

	if (!win || !f || a < win || (uint64_t)(a - win) >= TA_IPC_WIN_SIZE)
		return;
	off = (uint64_t)(a - win);
	bank = off / TA_IPC_WIN_BANK_SIZE;
	f->addr = (uint64_t)(uintptr_t)a;
	f->offset = off;
	atomic_store(&f->kind,
		     span_len && bank == span_off / TA_IPC_WIN_BANK_SIZE
			     ? TA_IPC_FAULT_MEMREF_BEYOND
			     : TA_IPC_FAULT_MEMREF_STALE);
}

int utee_memref_init(void)
{
	struct stat st;
	void *va;

	if (fstat(TA_IPC_WIN_FD, &st))
		return -errno;
	if (st.st_size < 0 || (uint64_t)st.st_size < TA_IPC_WIN_SIZE)
		return -EINVAL;
	va = mmap(NULL, TA_IPC_WIN_SIZE, PROT_NONE, MAP_SHARED, TA_IPC_WIN_FD,
		  0);
	if (va == MAP_FAILED)
		return -errno;
	/* The mapping is all the TA needs; the file stays with us. */
	close(TA_IPC_WIN_FD);
	win = va;
	return 0;
}

TEE_Result utee_memref_open(const struct ta_ipc_request *req)
{
	uint64_t off = req->win_offset, len = req->win_size;

	nmaps = 0;
	if (!len)
		return TEE_SUCCESS;
	/* Whole pages, inside one bank. */
	if ((off | len) & (TA_IPC_PAGE_SIZE - 1) ||
	    off % TA_IPC_WIN_BANK_SIZE || len > TA_IPC_WIN_BANK_SIZE ||
	    off >= TA_IPC_WIN_SIZE)
		return TEE_ERROR_BAD_PARAMETERS;
	if (mprotect(win + off, len, PROT_READ | PROT_WRITE))
		return TEE_ERROR_OUT_OF_MEMORY;
	span_off = off;
	span_len = len;
	return TEE_SUCCESS;
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
	m->buf = win + ip->offset;
	m->size = (size_t)ip->size;
	m->writable = writable;
	*buffer = (void *)m->buf;
	return TEE_SUCCESS;
}

void utee_memref_close(void)
{
	if (span_len && mprotect(win + span_off, span_len, PROT_NONE))
		utee_fatal(UTEE_EXIT_PROTOCOL,
			   "cannot close the parameter window: %s",
			   strerror(errno));
	span_len = 0;
	nmaps = 0;
	memset(maps, 0, sizeof(maps));
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
