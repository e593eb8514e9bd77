// SPDX-License-Identifier: BSD-2-Clause
/*
 * ta_test_hostile: what a TA tries with the memrefs it is given (see
 * test_ta_hostile.h, issue 9 item 4).  It reads and writes around its
 * buffer, in the same pages and beyond, making the memory writable
 * itself where the runtime did not; it maps every memory file it holds,
 * including any its constructor kept before the runtime's main() closed
 * what it did not need; and it keeps its buffer's pointer to use it in a
 * later call, from another client.  None of it may reach a client's
 * bytes outside what the client gave, nor change them after the call.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <tee_internal_api.h>

#include <test_ta_hostile.h>

#include "ta_hostile_memref.h"

/* Descriptors the constructor looks at, and where it keeps copies. */
#define SCAN_FDS    64
#define KEEP_FD_MIN 200
#define PAGE	    4096UL

/* The buffer of the last GRAB: a pointer a TA should not keep. */
static uint8_t *kept;
static size_t kept_size;

void hostile_memref_ctor(void)
{
	/*
	 * Before the runtime's main() and its sandbox: keep a copy of every
	 * descriptor past the standard ones, in case one is worth mapping
	 * later (close-on-exec is irrelevant: there is no exec).
	 */
	for (int fd = 3; fd < SCAN_FDS; fd++)
		(void)fcntl(fd, F_DUPFD, KEEP_FD_MIN + fd);
}

static uintptr_t page_down(uintptr_t a)
{
	return a & ~(PAGE - 1);
}

static uintptr_t page_up(uintptr_t a)
{
	return (a + PAGE - 1) & ~(PAGE - 1);
}

/* Markers in [@p, @p + @n), each overwritten with the scribble. */
static uint32_t take_markers(uint8_t *p, size_t n)
{
	uint32_t hits = 0;

	for (size_t i = 0; i + TA_HOSTILE_MARKER_LEN <= n; i++) {
		if (memcmp(p + i, TA_HOSTILE_MARKER, TA_HOSTILE_MARKER_LEN))
			continue;
		memset(p + i, TA_HOSTILE_SCRIBBLE, TA_HOSTILE_MARKER_LEN);
		hits++;
	}
	return hits;
}

/* Non-zero bytes in [@p, @p + @n), then scribbled over. */
static uint32_t take_nonzero(uint8_t *p, size_t n)
{
	uint32_t found = 0;

	for (size_t i = 0; i < n; i++)
		found += p[i] != 0;
	memset(p, TA_HOSTILE_SCRIBBLE, n);
	return found;
}

/* The pages after the buffer's, made writable by the TA if need be. */
static uint32_t grab_beyond(uintptr_t end)
{
	uint8_t *p = (uint8_t *)page_up(end);

	if (mprotect(p, TA_HOSTILE_BEYOND, PROT_READ | PROT_WRITE))
		return 0; /* nothing mapped there */
	return take_markers(p, TA_HOSTILE_BEYOND);
}

/* Maps the start of each half of a memory file and looks for markers. */
static uint32_t grab_file(int fd, uint64_t size, uint32_t *files)
{
	uint64_t offs[2] = {0, size / 2};
	uint32_t hits = 0;

	(*files)++;
	for (int i = 0; i < 2; i++) {
		size_t len = size - offs[i] < TA_HOSTILE_FILE_SCAN
				     ? (size_t)(size - offs[i])
				     : TA_HOSTILE_FILE_SCAN;
		uint8_t *p;

		offs[i] &= ~(uint64_t)(PAGE - 1);
		if (!len)
			continue;
		p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
			 (off_t)offs[i]);
		if (p == MAP_FAILED)
			continue;
		hits += take_markers(p, len);
		munmap(p, len);
	}
	return hits;
}

/* Every memory file the TA holds, its channel page aside. */
static uint32_t grab_files(uint32_t *files)
{
	uint32_t hits = 0;
	struct stat st;

	*files = 0;
	for (int fd = 3; fd < KEEP_FD_MIN + SCAN_FDS; fd++) {
		if (fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_size <= 0)
			continue;
		if (st.st_size == 4096)
			continue; /* the channel page: nothing of a client */
		hits += grab_file(fd, (uint64_t)st.st_size, files);
	}
	return hits;
}

TEE_Result hostile_memref_grab(uint32_t types, TEE_Param params[4])
{
	uintptr_t buf, end;

	if (types != TEE_PARAM_TYPES(TEE_PARAM_TYPE_MEMREF_INPUT,
				     TEE_PARAM_TYPE_VALUE_OUTPUT,
				     TEE_PARAM_TYPE_VALUE_OUTPUT,
				     TEE_PARAM_TYPE_NONE) ||
	    !params[0].memref.buffer || !params[0].memref.size)
		return TEE_ERROR_BAD_PARAMETERS;
	kept = params[0].memref.buffer;
	kept_size = params[0].memref.size;
	buf = (uintptr_t)kept;
	end = buf + kept_size;

	/* (a) The rest of the buffer's pages, then what follows them. */
	params[1].value.a =
		take_nonzero((uint8_t *)page_down(buf), buf - page_down(buf)) +
		take_nonzero((uint8_t *)end, page_up(end) - end);
	params[1].value.b = grab_beyond(end);
	/* ... and every memory file it can find. */
	params[2].value.b = grab_files(&params[2].value.a);
	return TEE_SUCCESS;
}

TEE_Result hostile_memref_stale(uint32_t types, TEE_Param params[4])
{
	uint32_t t2 = TEE_PARAM_TYPE_GET(types, 2);
	uint32_t sum = 0;

	if (types != TEE_PARAM_TYPES(TEE_PARAM_TYPE_VALUE_INPUT,
				     TEE_PARAM_TYPE_VALUE_OUTPUT, t2,
				     TEE_PARAM_TYPE_NONE) ||
	    (t2 != TEE_PARAM_TYPE_NONE && t2 != TEE_PARAM_TYPE_MEMREF_INOUT) ||
	    !kept)
		return TEE_ERROR_BAD_PARAMETERS;
	if (params[0].value.a == TA_HOSTILE_STALE_HOSTILE) {
		uintptr_t start = page_down((uintptr_t)kept);

		/* Failure is fine: the access below tells. */
		(void)mprotect((void *)start,
			       page_up((uintptr_t)kept + kept_size) - start,
			       PROT_READ | PROT_WRITE);
	}
	for (size_t i = 0; i < kept_size; i++)
		sum += ((volatile uint8_t *)kept)[i];
	if (params[0].value.a == TA_HOSTILE_STALE_HOSTILE)
		memset(kept, TA_HOSTILE_STALE_BYTE, kept_size);
	params[1].value.a = sum;
	params[1].value.b = (uint32_t)kept_size;
	return TEE_SUCCESS;
}
