// SPDX-License-Identifier: BSD-2-Clause
/*
 * Unit tests for libutee's GP TEE Sockets API (ta/libutee/utee_socket.c,
 * utee_socket_pta.c), on the host with the TA-to-TA calls, TEE_Malloc()
 * and TEE_Panic() stood in for: without the socket pseudo TA (teebox has
 * none) open() answers TEE_ERROR_ITEM_NOT_FOUND; with one, each call
 * carries OP-TEE's pta_socket.h parameters, and the results are mapped
 * as OP-TEE's lib/libutee/tee_tcpudp_socket.c maps them.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <__tee_tcpsocket_defines_extensions.h>
#include <pta_socket.h>
#include <tee_internal_api.h>
#include <tee_tcpsocket.h>
#include <tee_udpsocket.h>

static jmp_buf panicked;
static int panics;

void TEE_Panic(TEE_Result panicCode)
{
	(void)panicCode;
	panics++;
	longjmp(panicked, 1);
}

void *TEE_Malloc(size_t size, uint32_t hint)
{
	(void)hint;
	return calloc(1, size);
}

void TEE_Free(void *buffer)
{
	free(buffer);
}

/* The pseudo TA as the test wants it: absent, or answering @pta_res. */
static bool pta_present;
static int pta_opens;
static TEE_Result pta_res;
static uint32_t last_cmd;
static uint32_t last_pt;
static TEE_Param last_params[TEE_NUM_PARAMS];
static char last_addr[64];
static struct __TEE_TASessionHandle {
	int dummy;
} pta_sess;

TEE_Result TEE_OpenTASession(const TEE_UUID *destination,
			     uint32_t cancellationRequestTimeout,
			     uint32_t paramTypes,
			     TEE_Param params[TEE_NUM_PARAMS],
			     TEE_TASessionHandle *session,
			     uint32_t *returnOrigin)
{
	static const TEE_UUID socket_uuid = PTA_SOCKET_UUID;

	(void)cancellationRequestTimeout;
	(void)paramTypes;
	(void)params;
	(void)returnOrigin;
	assert_memory_equal(destination, &socket_uuid, sizeof(socket_uuid));
	pta_opens++;
	if (!pta_present)
		return TEE_ERROR_ITEM_NOT_FOUND;
	*session = &pta_sess;
	return TEE_SUCCESS;
}

TEE_Result TEE_InvokeTACommand(TEE_TASessionHandle session,
			       uint32_t cancellationRequestTimeout,
			       uint32_t commandID, uint32_t paramTypes,
			       TEE_Param params[TEE_NUM_PARAMS],
			       uint32_t *returnOrigin)
{
	(void)cancellationRequestTimeout;
	(void)returnOrigin;
	assert_ptr_equal(session, &pta_sess);
	last_cmd = commandID;
	last_pt = paramTypes;
	memcpy(last_params, params, sizeof(last_params));
	if (commandID == PTA_SOCKET_OPEN) {
		snprintf(last_addr, sizeof(last_addr), "%s",
			 (char *)params[1].memref.buffer);
		params[3].value.a = 77;
	}
	if (commandID == PTA_SOCKET_SEND)
		params[2].value.a = 3;
	if (commandID == PTA_SOCKET_RECV)
		params[1].memref.size = 5;
	return pta_res;
}

static int reset(void **state)
{
	(void)state;
	pta_present = true;
	pta_res = TEE_SUCCESS;
	pta_opens = 0;
	panics = 0;
	last_cmd = 0;
	return 0;
}

static char addr[] = "127.0.0.1";

static void test_tcp_open__no_socket_pta_item_not_found(void **state)
{
	TEE_tcpSocket_Setup setup = {TEE_IP_VERSION_4, addr, 4433};
	TEE_iSocketHandle h = (TEE_iSocketHandle)1;
	uint32_t perr = 1;

	(void)state;
	pta_present = false;
	assert_int_equal(TEE_tcpSocket->open(&h, &setup, &perr),
			 TEE_ERROR_ITEM_NOT_FOUND);
	assert_null(h);
	assert_int_equal(perr, TEE_SUCCESS);
	/* No session was kept: the next call tries again. */
	assert_int_equal(TEE_tcpSocket->open(&h, &setup, &perr),
			 TEE_ERROR_ITEM_NOT_FOUND);
	assert_int_equal(pta_opens, 2);
}

static void test_tcp__calls_carry_pta_socket_params(void **state)
{
	TEE_tcpSocket_Setup setup = {TEE_IP_VERSION_6, addr, 4433};
	TEE_iSocketHandle h = NULL;
	uint32_t perr = 1;
	uint8_t buf[8] = {0};
	uint32_t len = sizeof(buf);

	(void)state;
	assert_int_equal(TEE_tcpSocket->TEE_iSocketVersion,
			 TEE_ISOCKET_VERSION);
	assert_int_equal(TEE_tcpSocket->protocolID, 0x65);
	assert_int_equal(TEE_tcpSocket->open(&h, &setup, &perr), TEE_SUCCESS);
	assert_non_null(h);
	assert_int_equal(last_cmd, PTA_SOCKET_OPEN);
	assert_int_equal(last_pt, TEE_PARAM_TYPES(TEE_PARAM_TYPE_VALUE_INPUT,
						  TEE_PARAM_TYPE_MEMREF_INPUT,
						  TEE_PARAM_TYPE_VALUE_INPUT,
						  TEE_PARAM_TYPE_VALUE_OUTPUT));
	assert_int_equal(last_params[0].value.a, TEE_IP_VERSION_6);
	assert_int_equal(last_params[0].value.b, 4433);
	/* The address travels with its NUL. */
	assert_int_equal(last_params[1].memref.size, sizeof(addr));
	assert_string_equal(last_addr, addr);
	assert_int_equal(last_params[2].value.a, TEE_ISOCKET_PROTOCOLID_TCP);

	assert_int_equal(TEE_tcpSocket->send(h, buf, &len, 100), TEE_SUCCESS);
	assert_int_equal(last_cmd, PTA_SOCKET_SEND);
	assert_int_equal(last_params[0].value.a, 77);
	assert_int_equal(last_params[0].value.b, 100);
	assert_int_equal(last_params[1].memref.size, sizeof(buf));
	assert_int_equal(len, 3);

	len = sizeof(buf);
	pta_res = TEE_ISOCKET_ERROR_TIMEOUT;
	assert_int_equal(TEE_tcpSocket->recv(h, buf, &len, 5),
			 TEE_ISOCKET_ERROR_TIMEOUT);
	assert_int_equal(last_cmd, PTA_SOCKET_RECV);
	assert_int_equal(last_pt, TEE_PARAM_TYPES(TEE_PARAM_TYPE_VALUE_INPUT,
						  TEE_PARAM_TYPE_MEMREF_OUTPUT,
						  TEE_PARAM_TYPE_NONE,
						  TEE_PARAM_TYPE_NONE));
	assert_int_equal(len, 5);
	/* error() is the last call's result. */
	assert_int_equal(TEE_tcpSocket->error(h), TEE_ISOCKET_ERROR_TIMEOUT);

	pta_res = TEE_SUCCESS;
	assert_int_equal(TEE_tcpSocket->close(h), TEE_SUCCESS);
	assert_int_equal(last_cmd, PTA_SOCKET_CLOSE);
	assert_int_equal(last_params[0].value.a, 77);
	/* One session to the pseudo TA served every call. */
	assert_int_equal(pta_opens, 1);
}

static void test_open__hostname_error_and_warning_mapped(void **state)
{
	TEE_udpSocket_Setup setup = {TEE_IP_VERSION_DC, addr, 53};
	TEE_iSocketHandle h = NULL;
	uint32_t perr = 0;

	(void)state;
	pta_res = TEE_ISOCKET_ERROR_HOSTNAME;
	assert_int_equal(TEE_udpSocket->open(&h, &setup, &perr),
			 TEE_ISOCKET_ERROR_PROTOCOL);
	assert_int_equal(perr, TEE_ISOCKET_ERROR_HOSTNAME);
	assert_null(h);

	pta_res = TEE_ISOCKET_UDP_WARNING_UNKNOWN_OUT_OF_BAND;
	assert_int_equal(TEE_udpSocket->open(&h, &setup, &perr),
			 TEE_ISOCKET_WARNING_PROTOCOL);
	assert_int_equal(perr, TEE_ISOCKET_UDP_WARNING_UNKNOWN_OUT_OF_BAND);
	assert_int_equal(last_params[2].value.a, TEE_ISOCKET_PROTOCOLID_UDP);
}

static void test_open__bad_ip_version_refused_before_pta(void **state)
{
	TEE_tcpSocket_Setup setup = {(TEE_ipSocket_ipVersion)3, addr, 1};
	TEE_iSocketHandle h = NULL;
	uint32_t perr = 0;

	(void)state;
	assert_int_equal(TEE_tcpSocket->open(&h, &setup, &perr),
			 TEE_ERROR_BAD_PARAMETERS);
	assert_int_equal(last_cmd, 0);
}

static void test_ioctl__generic_noop_unknown_panics(void **state)
{
	TEE_tcpSocket_Setup setup = {TEE_IP_VERSION_4, addr, 1};
	TEE_iSocketHandle h = NULL;
	uint32_t perr = 0;
	uint32_t size = 4096;
	uint32_t len = sizeof(size);

	(void)state;
	assert_int_equal(TEE_tcpSocket->open(&h, &setup, &perr), TEE_SUCCESS);
	last_cmd = 0;
	/* No protocol byte: nothing for the instance to do. */
	assert_int_equal(TEE_tcpSocket->ioctl(h, 0x00000001, &size, &len),
			 TEE_SUCCESS);
	assert_int_equal(last_cmd, 0);
	assert_int_equal(
		TEE_tcpSocket->ioctl(h, TEE_TCP_SET_RECVBUF, &size, &len),
		TEE_SUCCESS);
	assert_int_equal(last_cmd, PTA_SOCKET_IOCTL);
	assert_int_equal(last_params[0].value.b, TEE_TCP_SET_RECVBUF);
	/* A UDP command on a TCP socket is a TA programming error. */
	if (!setjmp(panicked))
		TEE_tcpSocket->ioctl(h, TEE_UDP_CHANGEPORT, &size, &len);
	assert_int_equal(panics, 1);
	assert_int_equal(TEE_tcpSocket->close(h), TEE_SUCCESS);
}

static void test_open__null_setup_panics(void **state)
{
	TEE_iSocketHandle h = NULL;
	uint32_t perr = 0;

	(void)state;
	if (!setjmp(panicked))
		TEE_tcpSocket->open(&h, NULL, &perr);
	assert_int_equal(panics, 1);
	/* Closing no socket is not an error. */
	assert_int_equal(TEE_udpSocket->close(NULL), TEE_SUCCESS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(
			test_tcp_open__no_socket_pta_item_not_found, reset),
		cmocka_unit_test_setup(test_tcp__calls_carry_pta_socket_params,
				       reset),
		cmocka_unit_test_setup(
			test_open__hostname_error_and_warning_mapped, reset),
		cmocka_unit_test_setup(
			test_open__bad_ip_version_refused_before_pta, reset),
		cmocka_unit_test_setup(test_ioctl__generic_noop_unknown_panics,
				       reset),
		cmocka_unit_test_setup(test_open__null_setup_panics, reset),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
