// SPDX-License-Identifier: BSD-2-Clause
/*
 * teed's control reports (teed/report.c) made from a driver teed does not
 * know: the unit tests' testdrv, which describes its devices and sessions
 * through struct tee_diag_ops.  What it says reaches the text and JSON
 * reports as it reaches them for OP-TEE and the loopback TEE, so a third
 * driver needs no edit in teed; a driver without the ops is shown as
 * "unknown" with no sessions.
 *
 * The endpoints are stood in for: endpoint_for_each_context() below
 * visits the contexts a test opened, with the credentials it chose.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "kernel/alloc.h"
#include "tee_test_driver.h"
#include "teebox/tee_host.h"
#include "teed/endpoint.h"
#include "teed/report.h"

#define FAKE_MAX_CTX 4

/* 8aaaf200-2450-11e4-abe2-0002a5d5c51b */
static const u8 ta_uuid[TEE_IOCTL_UUID_LEN] = {
	0x8a, 0xaa, 0xf2, 0x00, 0x24, 0x50, 0x11, 0xe4,
	0xab, 0xe2, 0x00, 0x02, 0xa5, 0xd5, 0xc5, 0x1b,
};

#define TA_STR "8aaaf200-2450-11e4-abe2-0002a5d5c51b"

/**
 * struct fake_endpoint - what a device endpoint's connections hold
 * @ctx:	open contexts
 * @cred:	their peers
 * @n:		entries used
 */
struct fake_endpoint {
	struct tee_context *ctx[FAKE_MAX_CTX];
	struct tee_cred cred[FAKE_MAX_CTX];
	unsigned int n;
};

int endpoint_for_each_context(struct endpoint *ep,
			      int (*fn)(struct tee_context *ctx,
					const struct tee_cred *cred, void *arg),
			      void *arg)
{
	struct fake_endpoint *fe = (struct fake_endpoint *)ep;
	int rc = 0;

	for (unsigned int i = 0; i < fe->n && !rc; i++)
		rc = fn(fe->ctx[i], &fe->cred[i], arg);
	return rc;
}

struct fx {
	long live0;
	struct testdrv *td;
	struct fake_endpoint ep;
	struct endpoint *eps[1];
	struct control_view view;
	struct tee_device *plain_dev;
};

static int setup(void **state)
{
	struct fx *fx = calloc(1, sizeof(*fx));

	if (!fx)
		return -1;
	fx->live0 = kmem_live();
	fx->td = testdrv_new();
	if (!fx->td || testdrv_add_devices(fx->td))
		return -1;
	fx->eps[0] = (struct endpoint *)&fx->ep;
	fx->view.endpoints = fx->eps;
	fx->view.nendpoints = 1;
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fx *fx = *state;
	int rc = 0;

	for (unsigned int i = 0; i < fx->ep.n; i++)
		teedev_close_context(fx->ep.ctx[i]);
	tee_device_unregister(fx->plain_dev);
	testdrv_free(fx->td);
	if (kmem_live() != fx->live0)
		rc = -1;
	free(fx);
	return rc;
}

/* A context on @dev held by pid @pid, uid @uid. */
static struct tee_context *add_ctx(struct fx *fx, struct tee_device *dev,
				   pid_t pid, uid_t uid)
{
	struct tee_cred cred = {.pid = pid, .euid = uid, .egid = uid};
	struct tee_context *ctx = teedev_open(dev, &cred);

	assert_false(IS_ERR(ctx));
	assert_true(fx->ep.n < FAKE_MAX_CTX);
	fx->ep.ctx[fx->ep.n] = ctx;
	fx->ep.cred[fx->ep.n] = cred;
	fx->ep.n++;
	return ctx;
}

/* Opens a session with ta_uuid straight through the driver's op. */
static u32 open_session(struct tee_context *ctx, u32 login)
{
	struct tee_ioctl_open_session_arg arg = {.clnt_login = login};

	memcpy(arg.uuid, ta_uuid, sizeof(arg.uuid));
	assert_int_equal(testdrv_clnt_desc.ops->open_session(ctx, &arg, NULL),
			 0);
	return arg.session;
}

/* A client device whose driver does not describe itself (tee1). */
static void add_plain_device(struct fx *fx)
{
	fx->plain_dev =
		tee_device_alloc(&testdrv_reg_desc, fx->td->pool, fx->td);
	assert_false(IS_ERR(fx->plain_dev));
	assert_int_equal(tee_device_register(fx->plain_dev), 0);
}

static void assert_report(struct fx *fx, enum control_cmd cmd, bool json,
			  const char *want)
{
	char *got = report_build(&fx->view, cmd, json);

	assert_non_null(got);
	assert_string_equal(got, want);
	free(got);
}

/* The driver names itself and its implementation, and adds its facts. */
static void test_info__driver_description_reaches_the_text(void **state)
{
	struct fx *fx = *state;

	assert_report(fx, CONTROL_INFO, false,
		      "tee0: testdrv, implementation_id 32343 (teebox test "
		      "driver), revision 1.2 (testdrv)\n"
		      "  gen_caps 0x1 (GP), impl_caps 0x0\n"
		      "  sessions opened 0, flavour plain\n"
		      "teepriv0: testdrv, privileged, implementation_id 32343 "
		      "(teebox test driver), revision -\n"
		      "  gen_caps 0x3 (GP PRIVILEGED), impl_caps 0x0\n"
		      "  sessions opened 0, flavour plain\n");
}

/* Facts are JSON members: numbers bare, text as escaped strings. */
static void test_info__driver_facts_are_json_members(void **state)
{
	struct fx *fx = *state;

	fx->td->flavour = "say \"hi\"";
	assert_report(
		fx, CONTROL_INFO, true,
		"{\"devices\":[{\"name\":\"tee0\",\"driver\":\"testdrv\","
		"\"privileged\":false,\"implementation_id\":32343,"
		"\"revision\":\"1.2 (testdrv)\",\"impl_caps\":0,"
		"\"gen_caps\":1,\"sessions_opened\":0,"
		"\"flavour\":\"say \\\"hi\\\"\"},"
		"{\"name\":\"teepriv0\",\"driver\":\"testdrv\","
		"\"privileged\":true,\"implementation_id\":32343,"
		"\"revision\":null,\"impl_caps\":0,\"gen_caps\":3,"
		"\"sessions_opened\":0,\"flavour\":\"say \\\"hi\\\"\"}]}\n");
}

/* The description is asked for at report time: it shows the driver now. */
static void test_info__driver_facts_are_read_when_reporting(void **state)
{
	struct fx *fx = *state;
	struct tee_context *ctx = add_ctx(fx, fx->td->clnt_dev, 10, 0);
	char *got;

	open_session(ctx, TEE_IOCTL_LOGIN_PUBLIC);
	open_session(ctx, TEE_IOCTL_LOGIN_PUBLIC);
	got = report_build(&fx->view, CONTROL_INFO, false);
	assert_non_null(got);
	assert_non_null(strstr(got, "  sessions opened 2, flavour plain\n"));
	free(got);
}

/* Without tee_diag_ops: "unknown", the implementation by impl_id. */
static void test_info__driver_without_diag_ops_is_unknown(void **state)
{
	struct fx *fx = *state;
	struct tee_diag_device info;
	char *got;

	add_plain_device(fx);
	assert_int_equal(tee_device_describe(fx->plain_dev, &info),
			 -EOPNOTSUPP);
	assert_null(info.driver);
	assert_int_equal(info.nprops, 0);
	got = report_build(&fx->view, CONTROL_INFO, false);
	assert_non_null(got);
	assert_non_null(strstr(got, "tee1: unknown, implementation_id 32343 "
				    "(unknown), revision -\n"
				    "  gen_caps 0x1 (GP), impl_caps 0x0\n"));
	free(got);
	got = report_build(&fx->view, CONTROL_INFO, true);
	assert_non_null(got);
	assert_non_null(strstr(got, "{\"name\":\"tee1\",\"driver\":\"unknown\","
				    "\"privileged\":false,"
				    "\"implementation_id\":32343,"
				    "\"revision\":null,\"impl_caps\":0,"
				    "\"gen_caps\":1}"));
	free(got);
}

/* Sessions come from the driver's for_each_session, in its order. */
static void test_sessions__driver_sessions_reach_the_text(void **state)
{
	struct fx *fx = *state;
	struct tee_context *ctx = add_ctx(fx, fx->td->clnt_dev, 4242, 1000);

	add_ctx(fx, fx->td->supp_dev, 7, 0);
	assert_int_equal(open_session(ctx, TEE_IOCTL_LOGIN_PUBLIC), 1);
	assert_int_equal(open_session(ctx, TEE_IOCTL_LOGIN_USER), 2);
	assert_report(fx, CONTROL_SESSIONS, false,
		      "tee0 pid 4242 uid 1000: 2 sessions\n"
		      "  session 1  ta " TA_STR "  login public  (testdrv)\n"
		      "  session 2  ta " TA_STR "  login user  (testdrv)\n"
		      "teepriv0 pid 7 uid 0: no sessions\n");
}

static void test_sessions__driver_sessions_reach_the_json(void **state)
{
	struct fx *fx = *state;
	struct tee_context *ctx = add_ctx(fx, fx->td->clnt_dev, 4242, 1000);

	add_ctx(fx, fx->td->supp_dev, 7, 0);
	open_session(ctx, TEE_IOCTL_LOGIN_USER);
	assert_report(fx, CONTROL_SESSIONS, true,
		      "{\"contexts\":[{\"device\":\"tee0\",\"pid\":4242,"
		      "\"uid\":1000,\"sessions\":[{\"id\":1,\"ta\":\"" TA_STR
		      "\",\"login\":\"user\","
		      "\"service\":\"testdrv\"}]},"
		      "{\"device\":\"teepriv0\",\"pid\":7,\"uid\":0,"
		      "\"sessions\":[]}]}\n");
}

/* tas groups the driver's sessions by TA and device. */
static void test_tas__driver_sessions_grouped_by_ta(void **state)
{
	struct fx *fx = *state;
	struct tee_context *a = add_ctx(fx, fx->td->clnt_dev, 1, 0);
	struct tee_context *b = add_ctx(fx, fx->td->clnt_dev, 2, 0);
	char *got;

	open_session(a, TEE_IOCTL_LOGIN_PUBLIC);
	open_session(a, TEE_IOCTL_LOGIN_PUBLIC);
	open_session(b, TEE_IOCTL_LOGIN_PUBLIC);
	got = report_build(&fx->view, CONTROL_TAS, true);
	assert_non_null(got);
	assert_string_equal(got, "{\"scope\":\"normal world\",\"tas\":[{\"ta\":"
				 "\"" TA_STR "\",\"device\":\"tee0\","
				 "\"sessions\":3,\"contexts\":2,"
				 "\"service\":\"testdrv\"}]}\n");
	free(got);
}

/* A context of a driver without the ops has no sessions to show. */
static void test_sessions__driver_without_diag_ops_shows_none(void **state)
{
	struct fx *fx = *state;
	struct tee_context *ctx;

	add_plain_device(fx);
	ctx = add_ctx(fx, fx->plain_dev, 5, 0);
	open_session(ctx, TEE_IOCTL_LOGIN_PUBLIC);
	assert_int_equal(testdrv_num_sessions(ctx), 1);
	assert_report(fx, CONTROL_SESSIONS, false,
		      "tee1 pid 5 uid 0: no sessions\n");
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_info__driver_description_reaches_the_text),
		T(test_info__driver_facts_are_json_members),
		T(test_info__driver_facts_are_read_when_reporting),
		T(test_info__driver_without_diag_ops_is_unknown),
		T(test_sessions__driver_sessions_reach_the_text),
		T(test_sessions__driver_sessions_reach_the_json),
		T(test_tas__driver_sessions_grouped_by_ta),
		T(test_sessions__driver_without_diag_ops_shows_none),
	};

	return cmocka_run_group_tests_name("control reports from driver ops",
					   tests, NULL, NULL);
}
