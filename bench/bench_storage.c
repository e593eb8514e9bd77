// SPDX-License-Identifier: BSD-2-Clause
/*
 * bench_storage: GP trusted storage through ta_test_storage, the secure
 * world and tee-supplicant into a storage directory, beside the same
 * bytes written and read by a plain process in the same directory's file
 * system.
 *
 *  write_SIZE      TEE_SeekObjectData(0) + TEE_WriteObjectData of SIZE
 *                  bytes over an object of that size (4 KiB, 64 KiB,
 *                  1 MiB): hash-tree blocks, nodes and header, then the
 *                  dirf.db record and header, each write O_SYNC as the
 *                  supplicant opens its files.  Floor: pwrite of SIZE
 *                  bytes + fsync of a plain file (one synchronous write).
 *  read_SIZE       TEE_SeekObjectData(0) + TEE_ReadObjectData of the
 *                  SIZE bytes.  Floor: pread of them.
 *  open_per_s      TEE_OpenPersistentObject + TEE_CloseObject of an
 *                  existing object.  Floor: open() + close() of a file.
 *  create_delete_per_s  TEE_CreatePersistentObject (empty) +
 *                  TEE_CloseAndDeletePersistentObject1.  Floor: open
 *                  O_CREAT + fsync of the directory + unlink + fsync of
 *                  the directory (what the supplicant makes durable).
 *
 * Times are medians; ratio = value / floor (for the per-second figures
 * floor / value, so that it is again how many times slower).  Prints a
 * table, writes the figures as JSON to the file named by argv[1] and
 * prints that file's path as the last line.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <tee_client_api.h>

#include "bench/bench_util.h"
#include "ta/tests/storage/ta_storage_cmds.h"
#include "ta/tests/test_ta_uuids.h"
#include "tests/e2e/harness.h"

/* GP values (tee_api_defines.h), spelt out: a client sees numbers. */
#define TEE_STORAGE_PRIVATE		0x00000001
#define TEE_DATA_FLAG_ACCESS_READ	0x00000001
#define TEE_DATA_FLAG_ACCESS_WRITE	0x00000002
#define TEE_DATA_FLAG_ACCESS_WRITE_META 0x00000004
#define TEE_DATA_FLAG_OVERWRITE		0x00000400
#define TEE_DATA_SEEK_SET		0
#define NO_HANDLE			0xffffffffU

#define SIZES	    3
#define OPENS	    200
#define CREATES	    40
#define MAX_SAMPLES 200

static const TEEC_UUID storage_uuid = TA_TEST_STORAGE_UUID;
static const size_t sizes[SIZES] = {4096, 64 * 1024, 1024 * 1024};
static const char *const size_names[SIZES] = {"4k", "64k", "1m"};
/* Fewer rounds for the big object: each is many synchronous writes. */
static const int rounds[SIZES] = {40, 20, 6};

/**
 * struct st_results - every figure of the run, microseconds
 * @write_us, @read_us:	object write / read, per size
 * @pwrite_us, @pread_us: the plain process's floors, per size
 * @open_us, @fopen_us:	object open + close; open() + close()
 * @cd_us, @fcd_us:	object create + delete; the file floor
 */
struct st_results {
	double write_us[SIZES];
	double read_us[SIZES];
	double pwrite_us[SIZES];
	double pread_us[SIZES];
	double open_us;
	double fopen_us;
	double cd_us;
	double fcd_us;
};

static TEEC_Result invoke(TEEC_Session *s, uint32_t cmd, TEEC_Operation *op)
{
	uint32_t origin;

	op->started = 0;
	return TEEC_InvokeCommand(s, cmd, op, &origin);
}

/* CREATE (with @len bytes of @data) or OPEN "bench"; Return: its slot. */
static uint32_t obj_open(TEEC_Session *s, uint32_t cmd, const void *data,
			 size_t len, uint32_t flags)
{
	TEEC_Operation op = {0};

	op.paramTypes = TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_INPUT,
					 cmd == TA_STORAGE_CMD_CREATE
						 ? TEEC_MEMREF_TEMP_INPUT
						 : TEEC_NONE,
					 TEEC_VALUE_INOUT, TEEC_VALUE_INPUT);
	op.params[0].tmpref.buffer = "bench";
	op.params[0].tmpref.size = 5;
	op.params[1].tmpref.buffer = (void *)data;
	op.params[1].tmpref.size = len;
	op.params[2].value.a = flags;
	op.params[3].value.a = TEE_STORAGE_PRIVATE;
	bench_check(invoke(s, cmd, &op), "object open");
	return op.params[2].value.a;
}

static void on_slot(TEEC_Session *s, uint32_t cmd, uint32_t slot, uint32_t b,
		    uint32_t v1)
{
	TEEC_Operation op = {0};

	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_INPUT, TEEC_VALUE_INPUT,
					 TEEC_NONE, TEEC_NONE);
	op.params[0].value.a = slot;
	op.params[0].value.b = b;
	op.params[1].value.a = v1;
	bench_check(invoke(s, cmd, &op), "object call");
}

static void on_buf(TEEC_Session *s, uint32_t cmd, uint32_t slot, void *buf,
		   size_t len)
{
	TEEC_Operation op = {0};

	op.paramTypes = TEEC_PARAM_TYPES(TEEC_VALUE_INPUT,
					 cmd == TA_STORAGE_CMD_READ
						 ? TEEC_MEMREF_TEMP_OUTPUT
						 : TEEC_MEMREF_TEMP_INPUT,
					 TEEC_NONE, TEEC_NONE);
	op.params[0].value.a = slot;
	op.params[1].tmpref.buffer = buf;
	op.params[1].tmpref.size = len;
	bench_check(invoke(s, cmd, &op), "object data");
	if (op.params[1].tmpref.size != len)
		bench_fail("short object read");
}

static double since_us(long t0)
{
	return (double)(bench_now_ns() - t0) / 1000.0;
}

/* Write and read @len bytes of object "bench" @n times: the medians. */
static void measure_object(TEEC_Session *s, uint8_t *buf, size_t len, int n,
			   double *v, double *write_us, double *read_us)
{
	uint32_t slot;
	long t0;

	slot = obj_open(s, TA_STORAGE_CMD_CREATE, NULL, 0,
			TEE_DATA_FLAG_ACCESS_READ | TEE_DATA_FLAG_ACCESS_WRITE |
				TEE_DATA_FLAG_ACCESS_WRITE_META |
				TEE_DATA_FLAG_OVERWRITE);
	on_buf(s, TA_STORAGE_CMD_WRITE, slot, buf, len);
	for (int i = 0; i < n; i++) {
		buf[i % len] ^= 1;
		t0 = bench_now_ns();
		on_slot(s, TA_STORAGE_CMD_SEEK, slot, TEE_DATA_SEEK_SET, 0);
		on_buf(s, TA_STORAGE_CMD_WRITE, slot, buf, len);
		v[i] = since_us(t0);
	}
	*write_us = bench_median(v, (size_t)n);
	for (int i = 0; i < n; i++) {
		t0 = bench_now_ns();
		on_slot(s, TA_STORAGE_CMD_SEEK, slot, TEE_DATA_SEEK_SET, 0);
		on_buf(s, TA_STORAGE_CMD_READ, slot, buf, len);
		v[i] = since_us(t0);
	}
	*read_us = bench_median(v, (size_t)n);
	on_slot(s, TA_STORAGE_CMD_DELETE, slot, 0, 0);
}

/* The same bytes through a plain file in @dir: pwrite + fsync, pread. */
static void measure_file(const char *dir, uint8_t *buf, size_t len, int n,
			 double *v, double *write_us, double *read_us)
{
	char path[PATH_MAX];
	long t0;
	int fd;

	snprintf(path, sizeof(path), "%s/floor", dir);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0 || pwrite(fd, buf, len, 0) != (ssize_t)len || fsync(fd))
		bench_fail("floor file");
	for (int i = 0; i < n; i++) {
		buf[i % len] ^= 1;
		t0 = bench_now_ns();
		if (pwrite(fd, buf, len, 0) != (ssize_t)len || fsync(fd))
			bench_fail("floor write");
		v[i] = since_us(t0);
	}
	*write_us = bench_median(v, (size_t)n);
	for (int i = 0; i < n; i++) {
		t0 = bench_now_ns();
		if (pread(fd, buf, len, 0) != (ssize_t)len)
			bench_fail("floor read");
		v[i] = since_us(t0);
	}
	*read_us = bench_median(v, (size_t)n);
	close(fd);
	unlink(path);
}

static void measure_open(TEEC_Session *s, const char *dir, double *v,
			 struct st_results *r)
{
	char path[PATH_MAX];
	uint32_t slot;
	long t0;
	int fd;

	slot = obj_open(s, TA_STORAGE_CMD_CREATE, "x", 1,
			TEE_DATA_FLAG_ACCESS_READ);
	on_slot(s, TA_STORAGE_CMD_CLOSE, slot, 0, 0);
	for (int i = 0; i < OPENS; i++) {
		t0 = bench_now_ns();
		slot = obj_open(s, TA_STORAGE_CMD_OPEN, NULL, 0,
				TEE_DATA_FLAG_ACCESS_READ);
		on_slot(s, TA_STORAGE_CMD_CLOSE, slot, 0, 0);
		v[i] = since_us(t0);
	}
	r->open_us = bench_median(v, OPENS);
	slot = obj_open(s, TA_STORAGE_CMD_OPEN, NULL, 0,
			TEE_DATA_FLAG_ACCESS_WRITE_META);
	on_slot(s, TA_STORAGE_CMD_DELETE, slot, 0, 0);

	snprintf(path, sizeof(path), "%s/floor", dir);
	fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (fd < 0)
		bench_fail("floor file");
	close(fd);
	for (int i = 0; i < OPENS; i++) {
		t0 = bench_now_ns();
		fd = open(path, O_RDWR | O_SYNC | O_CLOEXEC);
		if (fd < 0)
			bench_fail("floor open");
		close(fd);
		v[i] = since_us(t0);
	}
	r->fopen_us = bench_median(v, OPENS);
	unlink(path);
}

static void measure_create_delete(TEEC_Session *s, const char *dir, double *v,
				  struct st_results *r)
{
	char path[PATH_MAX];
	uint32_t slot;
	long t0;
	int fd, dfd;

	for (int i = 0; i < CREATES; i++) {
		t0 = bench_now_ns();
		slot = obj_open(s, TA_STORAGE_CMD_CREATE, NULL, 0,
				TEE_DATA_FLAG_ACCESS_WRITE_META);
		on_slot(s, TA_STORAGE_CMD_DELETE, slot, 0, 0);
		v[i] = since_us(t0);
	}
	r->cd_us = bench_median(v, CREATES);

	snprintf(path, sizeof(path), "%s/floor", dir);
	dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0)
		bench_fail("floor directory");
	for (int i = 0; i < CREATES; i++) {
		t0 = bench_now_ns();
		fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_SYNC | O_CLOEXEC,
			  0600);
		if (fd < 0 || fsync(dfd) || close(fd) || unlink(path) ||
		    fsync(dfd))
			bench_fail("floor create + unlink");
		v[i] = since_us(t0);
	}
	r->fcd_us = bench_median(v, CREATES);
	close(dfd);
}

static void measure_all(const struct harness *h, struct st_results *r)
{
	double *v = calloc(MAX_SAMPLES, sizeof(*v));
	uint8_t *buf = malloc(sizes[SIZES - 1]);
	TEEC_Context ctx;
	TEEC_Session s;
	uint32_t origin;

	if (!v || !buf)
		bench_fail("out of memory");
	for (size_t i = 0; i < sizes[SIZES - 1]; i++)
		buf[i] = (uint8_t)(i * 7 + 1);
	bench_check(TEEC_InitializeContext(NULL, &ctx), "context");
	bench_check(TEEC_OpenSession(&ctx, &s, &storage_uuid, TEEC_LOGIN_PUBLIC,
				     NULL, NULL, &origin),
		    "session");
	for (int i = 0; i < SIZES; i++) {
		measure_object(&s, buf, sizes[i], rounds[i], v, &r->write_us[i],
			       &r->read_us[i]);
		measure_file(h->dir, buf, sizes[i], rounds[i], v,
			     &r->pwrite_us[i], &r->pread_us[i]);
	}
	measure_open(&s, h->dir, v, r);
	measure_create_delete(&s, h->dir, v, r);
	TEEC_CloseSession(&s);
	TEEC_FinalizeContext(&ctx);
	free(buf);
	free(v);
}

static void print_table(const struct st_results *r)
{
	printf("%-36s %12s %12s %8s\n", "figure", "value", "floor", "ratio");
	for (int i = 0; i < SIZES; i++) {
		printf("object write %-23s %9.0f us %9.0f us %8.2f\n",
		       size_names[i], r->write_us[i], r->pwrite_us[i],
		       r->write_us[i] / r->pwrite_us[i]);
		printf("object read %-24s %9.0f us %9.1f us %8.2f\n",
		       size_names[i], r->read_us[i], r->pread_us[i],
		       r->read_us[i] / r->pread_us[i]);
	}
	printf("%-36s %10.0f/s %10.0f/s %8.2f\n", "object open + close",
	       1e6 / r->open_us, 1e6 / r->fopen_us, r->open_us / r->fopen_us);
	printf("%-36s %10.1f/s %10.1f/s %8.2f\n", "object create + delete",
	       1e6 / r->cd_us, 1e6 / r->fcd_us, r->cd_us / r->fcd_us);
	printf("(floors: pwrite + fsync / pread of the same bytes; open() + "
	       "close(); O_CREAT + unlink with the directory fsync'ed)\n");
}

static void json_time(FILE *f, const char *name, double v, double floor,
		      const char *end)
{
	fprintf(f,
		"  {\"name\": \"%s\", \"value\": %.2f, \"unit\": \"us\", "
		"\"floor\": %.2f, \"ratio\": %.2f}%s\n",
		name, v, floor, v / floor, end);
}

static void json_rate(FILE *f, const char *name, double us, double floor_us,
		      const char *end)
{
	fprintf(f,
		"  {\"name\": \"%s\", \"value\": %.1f, \"unit\": \"1/s\", "
		"\"floor\": %.1f, \"ratio\": %.2f}%s\n",
		name, 1e6 / us, 1e6 / floor_us, us / floor_us, end);
}

static void write_json(const char *path, const struct st_results *r)
{
	char name[64];
	FILE *f = fopen(path, "w");

	if (!f) {
		perror(path);
		exit(1);
	}
	fprintf(f, "[\n");
	for (int i = 0; i < SIZES; i++) {
		snprintf(name, sizeof(name), "storage_write_%s_median",
			 size_names[i]);
		json_time(f, name, r->write_us[i], r->pwrite_us[i], ",");
		snprintf(name, sizeof(name), "storage_read_%s_median",
			 size_names[i]);
		json_time(f, name, r->read_us[i], r->pread_us[i], ",");
	}
	json_rate(f, "storage_open_close_per_s", r->open_us, r->fopen_us, ",");
	json_rate(f, "storage_create_delete_per_s", r->cd_us, r->fcd_us, "");
	fprintf(f, "]\n");
	if (fclose(f)) {
		perror(path);
		exit(1);
	}
}

int main(int argc, char **argv)
{
	struct harness_opts o = {.supplicant = true};
	struct st_results res;
	struct harness h;

	if (argc != 2) {
		fprintf(stderr, "usage: bench_storage RESULTS.json\n");
		return 2;
	}
	memset(&res, 0, sizeof(res));
	if (harness_start(&h, &o))
		bench_fail("teebox did not start");
	measure_all(&h, &res);
	if (harness_stop(&h))
		bench_fail("teed did not stop cleanly");
	print_table(&res);
	write_json(argv[1], &res);
	printf("%s\n", argv[1]);
	return 0;
}
