/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The emulated board: where things sit in the physical address space.
 *
 * The numbers follow OP-TEE's QEMU virt platform so that addresses in
 * logs look familiar: secure RAM low, the reserved shared memory carve-out
 * at 0x42000000, normal-world DRAM from 0x80000000.
 */
#ifndef TEEBOX_MACHINE_BOARD_H
#define TEEBOX_MACHINE_BOARD_H

/* Secure RAM: only the secure world sees it; a normal-world PA here is
 * refused. */
#define BOARD_SECURE_RAM_BASE 0x0e000000ULL
#define BOARD_SECURE_RAM_SIZE 0x01000000ULL

/* Reserved shared memory reported by OPTEE_SMC_GET_SHM_CONFIG. */
#define BOARD_SHM_BASE 0x42000000ULL
#define BOARD_SHM_SIZE 0x00400000ULL

/* Normal-world DRAM: dynamic shared memory gets its addresses here. */
#define BOARD_DRAM_BASE 0x80000000ULL
#define BOARD_DRAM_SIZE 0x40000000ULL

/*
 * The loopback TEE's shared memory (drivers/tee/loopback, teebox's own
 * driver): just above the top of DRAM, so that it never collides with
 * the OP-TEE driver's pools (reserved memory, or all of DRAM with
 * dynamic shared memory).
 */
#define BOARD_LOOPBACK_SHM_BASE (BOARD_DRAM_BASE + BOARD_DRAM_SIZE)
#define BOARD_LOOPBACK_SHM_SIZE 0x00400000ULL

/* Emulated CPUs: how many normal-world threads can be in an SMC at once. */
#define BOARD_DEFAULT_CPUS 32

#endif
