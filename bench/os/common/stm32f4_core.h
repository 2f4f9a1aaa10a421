/* SPDX-License-Identifier: MIT */
/*
 * The Cortex-M4 core of this tree's STM32F4 boards (STM32F405 on the
 * emulated board, STM32F401 on the Nucleo), declared as CMSIS's core_cm4.h
 * needs before it is included: the core's exception numbers and its
 * configuration (r0p1, MPU, FPU, 4 priority bits), then core_cm4.h from the
 * user's copy of the peer kernel or of CMSIS (on the kernel's include
 * path). For a peer kernel's port that wants a CMSIS device header
 * (chibios/cmparams.h, cmsis_rtos2/rtx5/vaios_rtx5_device.h). Not ST's
 * device header: the device's own interrupts and peripherals are the
 * board's (boards/<board>/board_regs.h), which the ports do not name. C
 * only (no assembler).
 */
#ifndef VB_STM32F4_CORE_H
#define VB_STM32F4_CORE_H

typedef enum IRQn {
    NonMaskableInt_IRQn = -14,
    HardFault_IRQn = -13,
    MemoryManagement_IRQn = -12,
    BusFault_IRQn = -11,
    UsageFault_IRQn = -10,
    SVCall_IRQn = -5,
    DebugMonitor_IRQn = -4,
    PendSV_IRQn = -2,
    SysTick_IRQn = -1,
} IRQn_Type;

#define __CM4_REV              0x0001U   /* r0p1 */
#define __MPU_PRESENT          1U
#define __NVIC_PRIO_BITS       4U        /* the chip's; QEMU's model keeps 8 */
#define __Vendor_SysTickConfig 0U
#define __FPU_PRESENT          1U

#include "core_cm4.h"

#endif /* VB_STM32F4_CORE_H */
