/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the normal-world "hardware" offers a TEE driver: the SMC and HVC
 * conduits and physical memory.  In the kernel these are instructions and
 * memremap(); in teebox the emulated machine provides them through this
 * table, and a driver reaches the machine only through it.
 */
#ifndef TEEBOX_PLATFORM_H
#define TEEBOX_PLATFORM_H

#include <stddef.h>

#include <linux/arm-smccc.h>

#include "kernel/types.h"

struct platform;

/**
 * struct platform_ops - the machine's services
 * @smc:	execute SMC #0 with a0..a7 = @a; result in @res
 * @hvc:	execute HVC #0 (through the hypervisor) likewise
 * @ram_plug:	make [@pa, @pa + @size) normal-world RAM, backed by a new
 *		zeroed file of its own (so user space can be given exactly
 *		this memory); returns the kernel mapping and the file in
 *		*@fd (owned by the machine), or an ERR_PTR
 * @ram_plug_fd: make [@pa, @pa + @size) RAM backed by the existing file
 *		@fd (the machine keeps a duplicate); returns the kernel
 *		mapping or an ERR_PTR
 * @ram_unplug:	remove the RAM that @ram_plug or @ram_plug_fd made at @pa
 */
struct platform_ops {
	void (*smc)(struct platform *plat, const unsigned long a[8],
		    struct arm_smccc_res *res);
	void (*hvc)(struct platform *plat, const unsigned long a[8],
		    struct arm_smccc_res *res);
	void *(*ram_plug)(struct platform *plat, phys_addr_t pa, size_t size,
			  int *fd);
	void *(*ram_plug_fd)(struct platform *plat, phys_addr_t pa, size_t size,
			     int fd);
	void (*ram_unplug)(struct platform *plat, phys_addr_t pa);
};

/**
 * struct platform - the machine a driver runs on
 * @ops:	its services
 * @priv:	the machine's own data
 * @dram_base:	normal-world DRAM, where dynamic shared memory is placed
 * @dram_size:	its size
 */
struct platform {
	const struct platform_ops *ops;
	void *priv;
	phys_addr_t dram_base;
	size_t dram_size;
};

#endif
