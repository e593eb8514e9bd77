// SPDX-License-Identifier: BSD-2-Clause
/*
 * The parameter window of a TA process; see ta_param_win.h.
 *
 * Nothing here reads a value the TA wrote: offsets and sizes come from
 * the caller's params and are laid out here; the window's bytes are
 * data, copied, never interpreted.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <tbx/memfd.h>

#include "ta/include/tee_api_defines.h"
#include "ta_param_win.h"

#define WIN_PAGE 4096ULL

/*
 * What a bank keeps resident: TA_IPC_WIN_KEEP plus the page each memref
 * may need for keeping its buffer's offset in its page, so that a call
 * of exactly TA_IPC_WIN_KEEP bytes is never trimmed.
 */
#define WIN_KEEP (TA_IPC_WIN_KEEP + TA_IPC_NUM_PARAMS * WIN_PAGE)

static uint32_t param_type(uint32_t types, unsigned int i)
{
	return (types >> (4 * i)) & 0xf;
}

static bool type_is_memref(uint32_t t)
{
	return t == TEE_PARAM_TYPE_MEMREF_INPUT ||
	       t == TEE_PARAM_TYPE_MEMREF_OUTPUT ||
	       t == TEE_PARAM_TYPE_MEMREF_INOUT;
}

/* The bytes behind a memref: client RAM or another TA's window; or NULL. */
static const void *memref_src(const struct ta_call_param *cp)
{
	if (cp->u.memref.mem.chunk)
		return cp->u.memref.mem.va;
	return cp->u.memref.ta_buf;
}

/* Where the buffer starts in its page (a TA may count on it). */
static uint64_t memref_page_offset(const struct ta_call_param *cp)
{
	if (cp->u.memref.mem.chunk)
		return cp->u.memref.mem.offset & (WIN_PAGE - 1);
	return (uintptr_t)cp->u.memref.ta_buf & (WIN_PAGE - 1);
}

static uint64_t page_up(uint64_t v)
{
	return (v + WIN_PAGE - 1) & ~(WIN_PAGE - 1);
}

int ta_param_win_create(struct ta_param_win *w)
{
	void *va;
	int err;

	memset(w, 0, sizeof(*w));
	w->fd = memfd_new_sealed("teebox-ta-params", TA_IPC_WIN_SIZE, false);
	if (w->fd < 0)
		return w->fd;
	/* Address space only: the file is sparse until a call fills it. */
	va = mmap(NULL, TA_IPC_WIN_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED,
		  w->fd, 0);
	if (va == MAP_FAILED) {
		err = -errno;
		close(w->fd);
		w->fd = -1;
		return err;
	}
	w->va = va;
	return 0;
}

void ta_param_win_destroy(struct ta_param_win *w)
{
	if (w->va)
		munmap(w->va, TA_IPC_WIN_SIZE);
	if (w->fd >= 0)
		close(w->fd);
	w->va = NULL;
	w->fd = -1;
}

/*
 * Where each memref goes in a bank: after the previous one, at the same
 * offset in its page as the client's buffer (a TA may count on the
 * alignment it would get on hardware), at least one byte each so that
 * an empty buffer still points into the call's span.
 * Return: the span's size, or 0 when it does not fit in a bank.
 */
static uint64_t lay_out(uint32_t types, const struct ta_call_param *params,
			uint64_t bank_base, struct ta_ipc_request *req)
{
	uint64_t cur = 0, start;

	for (unsigned int i = 0; i < TA_IPC_NUM_PARAMS; i++) {
		const struct ta_call_param *cp = &params[i];
		struct ta_ipc_param *ip = &req->params[i];

		if (!type_is_memref(param_type(types, i)))
			continue;
		ip->size = cp->u.memref.size;
		if (!memref_src(cp)) {
			ip->flags = TA_IPC_MEMREF_NULL;
			continue;
		}
		if (cp->u.memref.size > TA_IPC_WIN_BANK_SIZE)
			return 0;
		start = cur + memref_page_offset(cp);
		cur = page_up(start +
			      (cp->u.memref.size ? cp->u.memref.size : 1));
		if (cur > TA_IPC_WIN_BANK_SIZE)
			return 0;
		ip->offset = bank_base + start;
	}
	return cur;
}

/*
 * One memref's bytes at @off, and zeros in the rest of its pages: the
 * TA sees nothing of an earlier call around its buffer.
 */
static void copy_in(struct ta_param_win *w, uint64_t off, const void *src,
		    size_t size)
{
	uint64_t head = off & ~(WIN_PAGE - 1);
	uint64_t end = off + size, tail = page_up(off + (size ? size : 1));

	memset(w->va + head, 0, off - head);
	if (size)
		memcpy(w->va + off, src, size);
	memset(w->va + end, 0, tail - end);
}

TEE_Result ta_param_win_in(struct ta_param_win *w, uint32_t types,
			   const struct ta_call_param *params,
			   struct ta_ipc_request *req)
{
	/* Bank 0 always: the same shape of call, the same span. */
	const uint64_t base = 0;
	uint64_t span;

	req->win_offset = 0;
	req->win_size = 0;
	if (!params)
		return TEE_SUCCESS;
	span = lay_out(types, params, base, req);
	if (!span) {
		for (unsigned int i = 0; i < TA_IPC_NUM_PARAMS; i++)
			if (type_is_memref(param_type(types, i)) &&
			    memref_src(&params[i]))
				return TEE_ERROR_OUT_OF_MEMORY;
		return TEE_SUCCESS; /* null memrefs only */
	}
	for (unsigned int i = 0; i < TA_IPC_NUM_PARAMS; i++) {
		const struct ta_call_param *cp = &params[i];

		if (!type_is_memref(param_type(types, i)) || !memref_src(cp))
			continue;
		copy_in(w, req->params[i].offset, memref_src(cp),
			cp->u.memref.size);
	}
	req->win_offset = base;
	req->win_size = span;
	if (span > w->high[0])
		w->high[0] = span;
	return TEE_SUCCESS;
}

void ta_param_win_out(struct ta_param_win *w, uint32_t types,
		      const struct ta_ipc_request *req,
		      const struct ta_call_param *params)
{
	for (unsigned int i = 0; params && i < TA_IPC_NUM_PARAMS; i++) {
		const struct ta_call_param *cp = &params[i];
		uint32_t t = param_type(types, i);

		if ((t != TEE_PARAM_TYPE_MEMREF_OUTPUT &&
		     t != TEE_PARAM_TYPE_MEMREF_INOUT) ||
		    !memref_src(cp) || !cp->u.memref.size)
			continue;
		/* Our layout, from our own request: within the bank. */
		memcpy((void *)memref_src(cp), w->va + req->params[i].offset,
		       cp->u.memref.size);
	}
}

static void trim(struct ta_param_win *w, unsigned int bank)
{
	uint64_t base = bank * TA_IPC_WIN_BANK_SIZE;

	if (w->high[bank] <= WIN_KEEP)
		return;
	/* Failure only leaves the pages resident: nothing to undo. */
	(void)fallocate(w->fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE,
			(off_t)(base + WIN_KEEP),
			(off_t)(w->high[bank] - WIN_KEEP));
	w->high[bank] = WIN_KEEP;
}

void ta_param_win_trim(struct ta_param_win *w, const struct ta_ipc_request *req)
{
	if (!req->win_size)
		return;
	trim(w, (unsigned int)(req->win_offset / TA_IPC_WIN_BANK_SIZE));
}

void ta_param_win_trim_bank(struct ta_param_win *w, unsigned int bank,
			    uint64_t end)
{
	uint64_t used;

	if (bank > 1 || end <= bank * TA_IPC_WIN_BANK_SIZE)
		return;
	used = page_up(end - bank * TA_IPC_WIN_BANK_SIZE);
	if (used > w->high[bank])
		w->high[bank] = used;
	trim(w, bank);
}
