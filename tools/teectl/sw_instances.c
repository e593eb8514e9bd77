// SPDX-License-Identifier: BSD-2-Clause
/* TA instances from the trusted OS; see sw_instances.h. */
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <tbx/uuid.h>
#include <tee_client_api.h>

#include "sw_instances.h"
#include "ta/include/pta_teebox_info.h"
#include "ta/include/user_ta_header.h"

/* Times to ask again while instances start faster than we can list them. */
#define FETCH_TRIES 8

/* The flags worth a name, as OP-TEE's user_ta_header.h names them. */
static const struct {
	uint32_t flag;
	const char *name;
} flag_names[] = {
	{TA_FLAG_SINGLE_INSTANCE, "single_instance"},
	{TA_FLAG_MULTI_SESSION, "multi_session"},
	{TA_FLAG_INSTANCE_KEEP_ALIVE, "keep_alive"},
	{TA_FLAG_SECURE_DATA_PATH, "secure_data_path"},
	{TA_FLAG_CACHE_MAINTENANCE, "cache_maintenance"},
	{TA_FLAG_CONCURRENT, "concurrent"},
	{TA_FLAG_DEVICE_ENUM, "device_enum"},
	{TA_FLAG_DEVICE_ENUM_SUPP, "device_enum_supp"},
	{TA_FLAG_INSTANCE_KEEP_CRASHED, "keep_crashed"},
};

static void uuid_str(char buf[37], const TEE_UUID *u)
{
	uint8_t octets[TBX_UUID_OCTETS];

	tbx_uuid_to_octets(octets, u);
	tbx_uuid_octets_to_str(buf, octets);
}

/* @flags as names joined by @sep ("-" when none). */
static void flags_str(char *buf, size_t len, uint32_t flags, const char *sep)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < sizeof(flag_names) / sizeof(flag_names[0]);
	     i++) {
		int n;

		if (!(flags & flag_names[i].flag))
			continue;
		n = snprintf(buf + used, len - used, "%s%s", used ? sep : "",
			     flag_names[i].name);
		if (n < 0 || (size_t)n >= len - used)
			break;
		used += (size_t)n;
	}
	if (!used)
		snprintf(buf, len, "-");
}

/*
 * Asks the pseudo TA for the instances: *@cells gets a malloc'ed array of
 * *@count.  The first call learns the size (SHORT_BUFFER); instances may
 * come and go between the two calls, so it asks again while short.
 */
static TEEC_Result fetch(TEEC_Session *s, struct teebox_ta_instance **cells,
			 size_t *count)
{
	size_t size = 0;

	for (int tries = 0; tries < FETCH_TRIES; tries++) {
		TEEC_Operation op = {0};
		void *buf = size ? malloc(size) : NULL;
		uint32_t origin;
		TEEC_Result res;

		if (size && !buf)
			return TEEC_ERROR_OUT_OF_MEMORY;
		op.paramTypes =
			TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_OUTPUT, TEEC_NONE,
					 TEEC_NONE, TEEC_NONE);
		op.params[0].tmpref.buffer = buf;
		op.params[0].tmpref.size = size;
		res = TEEC_InvokeCommand(s, TEEBOX_INFO_CMD_TA_INSTANCES, &op,
					 &origin);
		if (res == TEEC_ERROR_SHORT_BUFFER) {
			free(buf);
			/* Room for one more, should another start meanwhile. */
			size = op.params[0].tmpref.size +
			       sizeof(struct teebox_ta_instance);
			continue;
		}
		if (res) {
			free(buf);
			return res;
		}
		*cells = buf;
		*count = op.params[0].tmpref.size /
			 sizeof(struct teebox_ta_instance);
		return TEEC_SUCCESS;
	}
	return TEEC_ERROR_BUSY;
}

/*
 * The last crash of each TA, into @cells (TEEBOX_INFO_CRASHES_MAX); a
 * secure world without the command lists none.
 */
static size_t fetch_crashes(TEEC_Session *s, struct teebox_ta_crash *cells)
{
	TEEC_Operation op = {0};
	uint32_t origin;

	op.paramTypes = TEEC_PARAM_TYPES(TEEC_MEMREF_TEMP_OUTPUT, TEEC_NONE,
					 TEEC_NONE, TEEC_NONE);
	op.params[0].tmpref.buffer = cells;
	op.params[0].tmpref.size = sizeof(*cells) * TEEBOX_INFO_CRASHES_MAX;
	if (TEEC_InvokeCommand(s, TEEBOX_INFO_CMD_TA_CRASHES, &op, &origin) ||
	    op.params[0].tmpref.size > sizeof(*cells) * TEEBOX_INFO_CRASHES_MAX)
		return 0;
	return op.params[0].tmpref.size / sizeof(*cells);
}

/* The crashes as text; the summary is the secure world's, cut to fit. */
static void print_crashes(FILE *out, struct teebox_ta_crash *c, size_t n)
{
	char uuid[37];

	if (!n)
		return;
	fprintf(out, "\nLast crash of each TA:\n%-36s  %-7s %s\n", "TA",
		"CRASHES", "LAST");
	for (size_t i = 0; i < n; i++) {
		c[i].summary[sizeof(c[i].summary) - 1] = '\0';
		for (char *p = c[i].summary; *p; p++)
			if (*p < 0x20 || *p > 0x7e)
				*p = '?';
		uuid_str(uuid, &c[i].uuid);
		fprintf(out, "%-36s  %-7" PRIu32 " %s\n", uuid, c[i].count,
			c[i].summary);
	}
}

static void print_text(FILE *out, const struct teebox_ta_instance *c, size_t n)
{
	char uuid[37], flags[256];

	fprintf(out, "\nTA instances in the secure world:\n");
	if (!n) {
		fprintf(out, "no TA instances\n");
		return;
	}
	fprintf(out, "%-36s  %-8s %-8s %-6s %-15s %s\n", "TA", "PID",
		"SESSIONS", "STATE", "HEAP", "FLAGS");
	for (size_t i = 0; i < n; i++) {
		char heap[32];

		uuid_str(uuid, &c[i].uuid);
		flags_str(flags, sizeof(flags), c[i].flags, ",");
		snprintf(heap, sizeof(heap), "%" PRIu32 "/%" PRIu32,
			 c[i].heap_allocated, c[i].heap_size);
		fprintf(out,
			"%-36s  %-8" PRIu32 " %-8" PRIu32 " %-6s %-15s %s\n",
			uuid, c[i].pid, c[i].sess_num,
			c[i].panicked ? "dead" : "alive", heap, flags);
	}
}

static void print_json(FILE *out, const struct teebox_ta_instance *c, size_t n)
{
	char uuid[37], flags[256];

	fputc('[', out);
	for (size_t i = 0; i < n; i++) {
		uuid_str(uuid, &c[i].uuid);
		flags_str(flags, sizeof(flags), c[i].flags, "\",\"");
		fprintf(out,
			"%s{\"ta\":\"%s\",\"pid\":%" PRIu32
			",\"sessions\":%" PRIu32 ",\"panicked\":%s,"
			"\"heap_allocated\":%" PRIu32 ",\"heap_size\":%" PRIu32
			",\"flags\":[",
			i ? "," : "", uuid, c[i].pid, c[i].sess_num,
			c[i].panicked ? "true" : "false", c[i].heap_allocated,
			c[i].heap_size);
		if (c[i].flags)
			fprintf(out, "\"%s\"", flags);
		fputs("]}", out);
	}
	fputc(']', out);
}

/**
 * struct query - the question to the pseudo TA, asked on a thread of its
 * own so that teectl can stop waiting for it
 * @lock:	protects @done
 * @cond:	signalled when @done is set
 * @done:	the answer came
 * @stage:	what failed: "init" (no TEE), else the listing
 * @res:	the result
 * @cells:	the instances (malloc'ed) and their @count
 * @count:	see @cells
 * @crashes:	the last crash of each TA, @ncrashes of them
 * @ncrashes:	see @crashes
 */
struct query {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	bool done;
	const char *stage;
	TEEC_Result res;
	struct teebox_ta_instance *cells;
	size_t count;
	struct teebox_ta_crash crashes[TEEBOX_INFO_CRASHES_MAX];
	size_t ncrashes;
};

/*
 * A question left unanswered: its thread may still write into it until
 * teectl exits, so it is kept, and kept reachable (no leak report).
 */
static struct query *unanswered;

static void *ask(void *arg)
{
	const TEEC_UUID uuid = TEEBOX_INFO_UUID;
	struct query *q = arg;
	TEEC_Context ctx;
	TEEC_Session sess;
	uint32_t origin;

	q->stage = "init";
	q->res = TEEC_InitializeContext(NULL, &ctx);
	if (!q->res) {
		q->stage = "list";
		q->res = TEEC_OpenSession(&ctx, &sess, &uuid, TEEC_LOGIN_PUBLIC,
					  NULL, NULL, &origin);
		if (!q->res) {
			q->res = fetch(&sess, &q->cells, &q->count);
			if (!q->res)
				q->ncrashes = fetch_crashes(&sess, q->crashes);
			TEEC_CloseSession(&sess);
		}
		TEEC_FinalizeContext(&ctx);
	}
	pthread_mutex_lock(&q->lock);
	q->done = true;
	pthread_cond_signal(&q->cond);
	pthread_mutex_unlock(&q->lock);
	return NULL;
}

/* Waits up to @timeout_s for @q's answer; false when it did not come. */
static bool wait_answer(struct query *q, unsigned int timeout_s)
{
	struct timespec until;
	int rc = 0;
	bool done;

	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += timeout_s;
	pthread_mutex_lock(&q->lock);
	while (!q->done && rc != ETIMEDOUT)
		rc = pthread_cond_timedwait(&q->cond, &q->lock, &until);
	done = q->done;
	pthread_mutex_unlock(&q->lock);
	return done;
}

static int report_busy(FILE *out, bool json, unsigned int timeout_s)
{
	fprintf(stderr,
		"teectl: the TEE is busy: no secure thread came free within "
		"%u s to list its TA instances\n",
		timeout_s);
	if (json)
		fputs("\"busy\"", out);
	else
		fprintf(out, "\nTA instances in the secure world:\nbusy\n");
	return 1;
}

int sw_instances_print(FILE *out, bool json, unsigned int timeout_s)
{
	struct query *q = calloc(1, sizeof(*q));
	pthread_t thread;
	int rc;

	if (!q) {
		fprintf(stderr, "teectl: out of memory\n");
		return 1;
	}
	pthread_mutex_init(&q->lock, NULL);
	pthread_cond_init(&q->cond, NULL);
	rc = pthread_create(&thread, NULL, ask, q);
	if (rc) {
		fprintf(stderr, "teectl: cannot ask the TEE: %s\n",
			strerror(rc));
		rc = 1;
		goto out_free;
	}
	if (!wait_answer(q, timeout_s)) {
		pthread_detach(thread);
		unanswered = q;
		return report_busy(out, json, timeout_s);
	}
	pthread_join(thread, NULL);
	rc = 1;
	if (q->res && !strcmp(q->stage, "init"))
		fprintf(stderr,
			"teectl: no TEE to ask for its TA instances: "
			"0x%08x\n",
			q->res);
	else if (q->res)
		fprintf(stderr,
			"teectl: the TEE did not list its TA "
			"instances: 0x%08x\n",
			q->res);
	else if (json)
		print_json(out, q->cells, q->count);
	else
		print_text(out, q->cells, q->count);
	if (!q->res && !json)
		print_crashes(out, q->crashes, q->ncrashes);
	if (!q->res)
		rc = 0;
	free(q->cells);
out_free:
	pthread_cond_destroy(&q->cond);
	pthread_mutex_destroy(&q->lock);
	free(q);
	return rc;
}
