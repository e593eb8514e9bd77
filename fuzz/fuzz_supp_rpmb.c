// SPDX-License-Identifier: BSD-2-Clause
/*
 * Fuzz target: the RPMB request decoder and frame handler of
 * tee-supplicant's emulated device (supplicant/rpmb_emu.c, rpmb_store.c).
 *
 * Input: flags (1 byte), response frames (1 byte), then the request
 * (struct rpmb_req and frames).  Flag bit 0 makes the request's frames
 * authentic: the fuzzer programs a known key once, puts the device's
 * current counter in the frames and MACs them, so that the checks past
 * the MAC are reached too.  A signed answer must verify with that key.
 */
#include <ftw.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fcntl.h>

#include "supplicant/rpmb_emu.h"
#include "tee_client_api.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_RSP 8

static const uint8_t key[RPMB_KEY_SIZE] = "fuzz-key-fuzz-key-fuzz-key-fuzz";
static struct rpmb_emu *emu;

static uint32_t request(const void *req, size_t len, struct rpmb_frame *rsp,
			size_t nrsp)
{
	return rpmb_emu_request(emu, req, len, rsp, nrsp * RPMB_FRAME_SIZE);
}

/* One frame of @type, answered in @rsp. */
static void simple(uint16_t type, const uint8_t *k, struct rpmb_frame *rsp)
{
	struct {
		struct rpmb_req hdr;
		struct rpmb_frame f;
	} __attribute__((packed)) r = {.hdr.cmd = RPMB_CMD_DATA_REQ};

	r.f.msg_type[0] = (uint8_t)(type >> 8);
	r.f.msg_type[1] = (uint8_t)type;
	if (k)
		memcpy(r.f.key_mac, k, RPMB_KEY_SIZE);
	if (request(&r, sizeof(r), rsp, 1) != TEEC_SUCCESS)
		abort();
}

/* The scratch directory, removed when the fuzzer exits. */
static char scratch[64];

static int rm_entry(const char *path, const struct stat *st, int flag,
		    struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

static void remove_scratch(void)
{
	nftw(scratch, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

static void open_device(void)
{
	char *base = scratch;
	struct rpmb_frame rsp;
	struct stat st;
	int fd;

	snprintf(scratch, sizeof(scratch), "%s/fuzz_supp_rpmb-XXXXXX",
		 !stat("/dev/shm", &st) && S_ISDIR(st.st_mode) ? "/dev/shm"
							       : "/tmp");
	if (!mkdtemp(base))
		abort();
	atexit(remove_scratch);
	fd = open(base, O_RDONLY | O_DIRECTORY);
	if (fd < 0 || rpmb_emu_open(fd, ".teebox-rpmb", NULL, &emu))
		abort();
	simple(RPMB_MSG_TYPE_REQ_AUTH_KEY_PROGRAM, key, &rsp);
}

/* Counter and MAC that the device accepts, for the @n frames at @f. */
static void authenticate(struct rpmb_frame *f, size_t n)
{
	struct rpmb_frame rsp;

	simple(RPMB_MSG_TYPE_REQ_WRITE_COUNTER_VAL_READ, NULL, &rsp);
	for (size_t i = 0; i < n; i++)
		memcpy(f[i].write_counter, rsp.write_counter, 4);
	if (rpmb_frames_mac(key, f, n, f[n - 1].key_mac))
		abort();
}

/* Any answer the device signed verifies with the key. */
static void check_signed(const struct rpmb_frame *rsp, size_t nrsp)
{
	uint8_t mac[RPMB_KEY_SIZE], zero[RPMB_KEY_SIZE] = {0};

	if (!memcmp(rsp[nrsp - 1].key_mac, zero, sizeof(zero)))
		return;
	if (rpmb_frames_mac(key, rsp, nrsp, mac) ||
	    memcmp(mac, rsp[nrsp - 1].key_mac, sizeof(mac)))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct rpmb_frame rsp[MAX_RSP + 1];
	size_t nrsp, len, hdr = sizeof(struct rpmb_req);
	uint8_t *req;
	uint32_t res;

	if (!emu)
		open_device();
	if (size < 2)
		return 0;
	nrsp = data[1] % (MAX_RSP + 1);
	len = size - 2;
	req = malloc(len ? len : 1);
	if (!req)
		return 0;
	memcpy(req, data + 2, len);
	if ((data[0] & 1) && len > hdr && !((len - hdr) % RPMB_FRAME_SIZE))
		authenticate((struct rpmb_frame *)(req + hdr),
			     (len - hdr) / RPMB_FRAME_SIZE);
	memset(rsp, 0, sizeof(rsp));
	/* Odd response sizes too: they must be refused, never overrun. */
	res = rpmb_emu_request(emu, req, len, rsp,
			       nrsp * RPMB_FRAME_SIZE + (data[0] & 2 ? 19 : 0));
	if (res == TEEC_SUCCESS && nrsp && !(data[0] & 2))
		check_signed(rsp, nrsp);
	free(req);
	return 0;
}
