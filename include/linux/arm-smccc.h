/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * teebox: the Arm SMC Calling Convention (Linux: include/linux/arm-smccc.h).
 *
 * What every SMC carries whoever serves it: the result registers and the
 * encoding of a function id.  The emulated machine (machine/) executes
 * SMCs with these alone; what the OP-TEE functions mean is the OP-TEE
 * driver's and the trusted OS's business (drivers/tee/optee/optee_smc.h,
 * which builds its function ids from these).  Our own text; the numbers
 * are the SMCCC's (Arm DEN 0028), as Linux spells them, except that the
 * constants are unsigned int rather than unsigned long: an SMC32 function
 * id is 32 bits, and optee_smc.h has always given its ids that type.
 */
#ifndef LINUX_ARM_SMCCC_H
#define LINUX_ARM_SMCCC_H

/*
 * Function id:
 *   bit 31	call type: 1 = fast (atomic), 0 = yielding (standard)
 *   bit 30	calling convention: 1 = SMC64, 0 = SMC32
 *   bits 29:24	owner of the service
 *   bits 15:0	function number within the owner's range
 */
#define ARM_SMCCC_STD_CALL	  0U
#define ARM_SMCCC_FAST_CALL	  1U
#define ARM_SMCCC_TYPE_SHIFT	  31
#define ARM_SMCCC_SMC_32	  0U
#define ARM_SMCCC_SMC_64	  1U
#define ARM_SMCCC_CALL_CONV_SHIFT 30
#define ARM_SMCCC_OWNER_MASK	  0x3FU
#define ARM_SMCCC_OWNER_SHIFT	  24
#define ARM_SMCCC_FUNC_MASK	  0xFFFFU

#define ARM_SMCCC_IS_FAST_CALL(smc_val)                                        \
	((smc_val) & (ARM_SMCCC_FAST_CALL << ARM_SMCCC_TYPE_SHIFT))
#define ARM_SMCCC_IS_64(smc_val)                                               \
	((smc_val) & (ARM_SMCCC_SMC_64 << ARM_SMCCC_CALL_CONV_SHIFT))
#define ARM_SMCCC_FUNC_NUM(smc_val) ((smc_val)&ARM_SMCCC_FUNC_MASK)
#define ARM_SMCCC_OWNER_NUM(smc_val)                                           \
	(((smc_val) >> ARM_SMCCC_OWNER_SHIFT) & ARM_SMCCC_OWNER_MASK)

/* Builds a function id from call type, convention, owner and number. */
#define ARM_SMCCC_CALL_VAL(type, calling_convention, owner, func_num)          \
	(((type) << ARM_SMCCC_TYPE_SHIFT) |                                    \
	 ((calling_convention) << ARM_SMCCC_CALL_CONV_SHIFT) |                 \
	 (((owner)&ARM_SMCCC_OWNER_MASK) << ARM_SMCCC_OWNER_SHIFT) |           \
	 ((func_num)&ARM_SMCCC_FUNC_MASK))

/* Owners, bits 29:24 of a function id. */
#define ARM_SMCCC_OWNER_ARCH	       0
#define ARM_SMCCC_OWNER_CPU	       1
#define ARM_SMCCC_OWNER_SIP	       2
#define ARM_SMCCC_OWNER_OEM	       3
#define ARM_SMCCC_OWNER_STANDARD       4
#define ARM_SMCCC_OWNER_STANDARD_HYP   5
#define ARM_SMCCC_OWNER_VENDOR_HYP     6
#define ARM_SMCCC_OWNER_TRUSTED_APP    48
#define ARM_SMCCC_OWNER_TRUSTED_OS     50
#define ARM_SMCCC_OWNER_TRUSTED_OS_END 63

/*
 * Return codes of the SMCCC's own.  An SMC32 call returns them in w0:
 * SMCCC_RET_NOT_SUPPORTED (unknown function id) reads 0xFFFFFFFF there.
 */
#define SMCCC_RET_SUCCESS	0
#define SMCCC_RET_NOT_SUPPORTED -1

/**
 * struct arm_smccc_res - the result registers of an SMC
 * @a0:	a0 (r0/w0): status, or a request of the called service
 * @a1:	a1 (r1/w1)
 * @a2:	a2 (r2/w2)
 * @a3:	a3 (r3/w3)
 */
struct arm_smccc_res {
	unsigned long a0;
	unsigned long a1;
	unsigned long a2;
	unsigned long a3;
};

#endif /* LINUX_ARM_SMCCC_H */
