/* SPDX-License-Identifier: MIT */
/*
 * The emulated STM32F405's SoC header for a Zephyr of hardware model v1:
 * the core only. That Zephyr's cmsis_core_m.h fills in the interrupt
 * number type, the revision and the priority bits (from the devicetree's
 * NVIC node) for a SoC header that leaves __NVIC_PRIO_BITS undefined, but
 * not the FPU's presence, which CMSIS's core_cm4.h requires to be stated
 * when the compiler emits FPU instructions (-mfloat-abi=hard).
 */
#ifndef VAIOS_ZEPHYR_SOC_H
#define VAIOS_ZEPHYR_SOC_H

#define __FPU_PRESENT 1U /* the Cortex-M4F's single-precision FPU */
#define __MPU_PRESENT 1U /* its MPU (the benchmark's configuration leaves it off) */

#endif /* VAIOS_ZEPHYR_SOC_H */
