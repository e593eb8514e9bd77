/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The loopback TEE: teebox's own TEE driver, not one of mainline's.
 *
 * It registers against the generic TEE subsystem exactly as the OP-TEE
 * driver does - a client device (teeN), a privileged device (teeprivN),
 * a shared memory pool, a tee_driver_ops table and the tee_diag_ops that
 * let teectl see its sessions - but there is no
 * secure world behind it: its "trusted applications" are a few services
 * built into the driver, addressed by UUID, that run inside teed.  It is
 * there to show that the subsystem is generic (the seed's main claim) and
 * to let tests drive the core - sessions, parameters, logins, shared
 * memory, the supplicant queue - without OP-TEE.
 *
 * The services (the commands are the enums below):
 *  - echo (LOOPBACK_UUID_ECHO): increments values, copies an input memref
 *    into an output memref, tells a session its login and client UUID;
 *  - supplicant (LOOPBACK_UUID_SUPP): forwards a request to the
 *    supplicant attached to the privileged device (TEE_IOC_SUPPL_RECV /
 *    TEE_IOC_SUPPL_SEND) and returns its answer.
 * Any other UUID: open session answers TEEC_ERROR_ITEM_NOT_FOUND, origin
 * TEEC_ORIGIN_TEE, as OP-TEE does for a missing TA.
 */
#ifndef TEEBOX_LOOPBACK_H
#define TEEBOX_LOOPBACK_H

#include <linux/tee_drv.h>

#include "kernel/sync.h"
#include "teebox/platform.h"

/*
 * TEE_IOC_VERSION impl_id: teebox's own value, chosen outside the ids
 * mainline assigns (TEE_IMPL_ID_OPTEE 1 .. TEE_IMPL_ID_QTEE 4).
 */
#define LOOPBACK_IMPL_ID 0x7EB0
/* The sysfs "revision" attribute. */
#define LOOPBACK_REVISION "1.0"

/* 7eb0ec40-0000-4000-8000-746565626f78 ("teebox" in the node). */
#define LOOPBACK_UUID_ECHO                                                     \
	{                                                                      \
		0x7e, 0xb0, 0xec, 0x40, 0x00, 0x00, 0x40, 0x00, 0x80, 0x00,    \
			0x74, 0x65, 0x65, 0x62, 0x6f, 0x78                     \
	}
/* 7eb05a00-0000-4000-8000-746565626f78 */
#define LOOPBACK_UUID_SUPP                                                     \
	{                                                                      \
		0x7e, 0xb0, 0x5a, 0x00, 0x00, 0x00, 0x40, 0x00, 0x80, 0x00,    \
			0x74, 0x65, 0x65, 0x62, 0x6f, 0x78                     \
	}

/**
 * enum loopback_echo_cmd - commands of the echo service
 * @LOOPBACK_ECHO_CMD_INC:    [0] VALUE_INOUT: a, b and c each += 1
 * @LOOPBACK_ECHO_CMD_COPY:   [0] MEMREF_INPUT/INOUT, [1] MEMREF_OUTPUT/
 *			      INOUT: [0]'s bytes are copied into [1], whose
 *			      size becomes [0]'s; if [1] is smaller its size
 *			      says what is needed and the result is
 *			      TEEC_ERROR_SHORT_BUFFER
 * @LOOPBACK_ECHO_CMD_WHOAMI: [0] MEMREF_OUTPUT: the session's client UUID
 *			      (16 bytes, as tee_session_calc_client_uuid()
 *			      computed it at open), [1] VALUE_OUTPUT: a =
 *			      login method, b = session id
 * Params not named must be NONE (else TEEC_ERROR_BAD_PARAMETERS); an
 * unknown command gives TEEC_ERROR_NOT_SUPPORTED.
 */
enum loopback_echo_cmd {
	LOOPBACK_ECHO_CMD_INC = 0,
	LOOPBACK_ECHO_CMD_COPY = 1,
	LOOPBACK_ECHO_CMD_WHOAMI = 2,
};

/**
 * enum loopback_supp_cmd - commands of the supplicant service
 * @LOOPBACK_SUPP_CMD_ASK: [0] VALUE_INPUT (a, b, c), [1] VALUE_OUTPUT.
 *			   The supplicant gets a request with func = a and
 *			   one VALUE_INOUT param (b, c, 0); what it answers
 *			   in that param comes back in [1], its result as
 *			   the call's (origin TEEC_ORIGIN_TRUSTED_APP).
 *			   With no supplicant attached, or when it goes
 *			   away before answering: TEEC_ERROR_COMMUNICATION,
 *			   origin TEEC_ORIGIN_COMMS.
 */
enum loopback_supp_cmd {
	LOOPBACK_SUPP_CMD_ASK = 0,
};

struct loopback_supp_req;

/**
 * struct loopback_supp - the supplicant queue (seed v16 model: the
 * supplicant serves one request at a time, synchronously)
 * @mutex:	protects every field below
 * @ctx:	the supplicant's context; NULL when none is attached
 * @reqs:	requests not yet picked up (struct loopback_supp_req)
 * @current:	the request the supplicant works on, until SUPPL_SEND
 * @reqs_c:	completed once per new request; wakes the supplicant
 */
struct loopback_supp {
	struct mutex mutex;
	struct tee_context *ctx;
	struct list_head reqs;
	struct loopback_supp_req *current;
	struct completion reqs_c;
};

/**
 * struct loopback - one loopback TEE
 * @teedev:	the client device
 * @supp_teedev: the privileged device, for the supplicant
 * @plat:	the machine, which gives the pool its memory
 * @pool:	the shared memory pool of both devices
 * @priv_pa:	physical address of the driver-private pages (plugged RAM)
 * @mutex:	protects @next_session
 * @next_session: last session id handed out
 * @supp:	the supplicant queue
 */
struct loopback {
	struct tee_device *teedev;
	struct tee_device *supp_teedev;
	struct platform *plat;
	struct tee_shm_pool *pool;
	phys_addr_t priv_pa;
	struct mutex mutex;
	u32 next_session;
	struct loopback_supp supp;
};

/**
 * loopback_probe() - set up a loopback TEE on @plat and register its two
 * devices (they get the lowest free ids: tee1/teepriv1 after OP-TEE)
 * The pool's memory is BOARD_LOOPBACK_SHM_BASE/SIZE (machine/board.h),
 * plugged through @plat.
 * Return: the instance or an ERR_PTR (-ENOMEM, or a platform error).
 */
struct loopback *loopback_probe(struct platform *plat);

/**
 * loopback_remove() - unregister the devices (waiting for their last
 * user), then free the pool and @lb; NULL does nothing
 */
void loopback_remove(struct loopback *lb);

/*
 * The driver as the host probes it (teebox/tee_host.h): loopback_probe()
 * and loopback_remove(), only when asked for (teed --loopback).
 */
extern const struct tee_driver loopback_driver;

#endif /* TEEBOX_LOOPBACK_H */
