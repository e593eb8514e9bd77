// SPDX-License-Identifier: BSD-2-Clause
/* The TA's side of the shared page; see teebox/ta_ipc.h. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <tee_api_defines.h>
#include <user_ta_header.h>
#include <utee_syscalls.h>

#include "utee_priv.h"

/* The page, once mapped; and the request being served (0: none). */
static struct ta_ipc_page *page;
static uint32_t current_seq;

int utee_channel_open(void)
{
	struct stat st;
	void *va;

	if (fstat(TA_IPC_SOCK_FD, &st) || !S_ISSOCK(st.st_mode))
		return -EBADF;
	if (fstat(TA_IPC_PAGE_FD, &st) || !S_ISREG(st.st_mode) ||
	    st.st_size < TA_IPC_PAGE_SIZE)
		return -EBADF;
	va = mmap(NULL, TA_IPC_PAGE_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED,
		  TA_IPC_PAGE_FD, 0);
	close(TA_IPC_PAGE_FD);
	if (va == MAP_FAILED)
		return -errno;
	page = va;
	if (page->magic != TA_IPC_MAGIC || page->version != TA_IPC_VERSION)
		return -EPROTO;
	return 0;
}

struct ta_ipc_heap *utee_channel_heap(void)
{
	return page ? &page->heap : NULL;
}

struct ta_ipc_fault *utee_channel_fault(void)
{
	return page ? &page->fault : NULL;
}

struct ta_ipc_crash *utee_channel_crash(void)
{
	return page ? &page->crash : NULL;
}

void utee_channel_hello(void)
{
	struct ta_ipc_hello *h = &page->hello;
	uint64_t data;

	h->uuid.time_low = ta_head.uuid.timeLow;
	h->uuid.time_mid = ta_head.uuid.timeMid;
	h->uuid.time_hi_and_version = ta_head.uuid.timeHiAndVersion;
	memcpy(h->uuid.clock_seq_and_node, ta_head.uuid.clockSeqAndNode,
	       sizeof(h->uuid.clock_seq_and_node));
	h->stack_size = ta_head.stack_size;
	h->flags = ta_head.flags;
	/* Both pools count: the secure world sizes the memory limit on it. */
	data = ta_heap_size + ta_no_share_heap_size;
	h->data_size = data > UINT32_MAX ? UINT32_MAX : (uint32_t)data;
	atomic_store_explicit(&page->state, TA_IPC_STATE_RUNNING,
			      memory_order_release);
	doorbell_ring(&page->to_sw);
}

uint32_t utee_channel_next(struct ta_ipc_request *req)
{
	static uint32_t last;
	uint32_t rung, seq;

	for (;;) {
		rung = doorbell_seq(&page->to_ta);
		seq = atomic_load_explicit(&page->req_seq,
					   memory_order_acquire);
		if (seq != last)
			break;
		doorbell_wait(&page->to_ta, rung, 0);
	}
	memcpy(req, &page->req, sizeof(*req));
	last = seq;
	current_seq = seq;
	return seq;
}

void utee_channel_reply(uint32_t seq, const struct ta_ipc_reply *rep)
{
	memcpy(&page->rep, rep, sizeof(*rep));
	current_seq = 0;
	atomic_store_explicit(&page->rep_seq, seq, memory_order_release);
	doorbell_ring(&page->to_sw);
}

TEE_Result utee_syscall(uint32_t nr, const uint64_t args[4], uint64_t out[4])
{
	static uint32_t last;
	struct ta_ipc_sys_rep rep;
	uint32_t n, rung;

	/* Nobody serves a system call outside a call. */
	if (!page || !current_seq)
		return TEE_ERROR_BAD_STATE;
	n = last + 1 ? last + 1 : 1; /* 0 means "none yet" */
	last = n;
	page->sys_req.call_seq = current_seq;
	page->sys_req.nr = nr;
	for (unsigned int i = 0; i < TA_IPC_SYS_NUM_ARGS; i++)
		page->sys_req.args[i] = args ? args[i] : 0;
	atomic_store_explicit(&page->sys_seq, n, memory_order_release);
	doorbell_ring(&page->to_sw);

	for (;;) {
		rung = doorbell_seq(&page->to_ta);
		if (atomic_load_explicit(&page->sys_ack,
					 memory_order_acquire) == n)
			break;
		doorbell_wait(&page->to_ta, rung, 0);
	}
	memcpy(&rep, &page->sys_rep, sizeof(rep));
	if (out)
		memcpy(out, rep.out, sizeof(rep.out));
	return rep.ret;
}

uint8_t *utee_channel_sys_buf(void)
{
	return page ? page->sys_buf : NULL;
}

bool utee_channel_cancelled(void)
{
	return current_seq && atomic_load(&page->cancel) == current_seq;
}

void utee_channel_panic(uint32_t code)
{
	fflush(stdout);
	if (page) {
		page->panic_code = code;
		atomic_store_explicit(&page->state, TA_IPC_STATE_PANICKED,
				      memory_order_release);
		doorbell_ring(&page->to_sw);
	}
	_exit(TA_IPC_EXIT_PANIC);
}
