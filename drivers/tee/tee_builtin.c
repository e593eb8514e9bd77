// SPDX-License-Identifier: BSD-2-Clause
/*
 * The drivers built into the host, in probe order (the kernel has this
 * order from its Makefiles and initcalls): OP-TEE first, so that its
 * devices are tee0 and teepriv0 as on a board, then the loopback TEE when
 * it is asked for.  A new driver adds its entry here and its library to
 * tee_drivers (CMakeLists.txt); the host needs no change.
 */
#include "drivers/tee/loopback/loopback.h"
#include "drivers/tee/optee/optee_private.h"
#include "teebox/tee_host.h"

const struct tee_driver *const tee_builtin_drivers[] = {
	&optee_driver,
	&loopback_driver,
	NULL,
};
