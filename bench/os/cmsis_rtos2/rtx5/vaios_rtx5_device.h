/* SPDX-License-Identifier: MIT */
/*
 * A minimal CMSIS device header for the STM32F405 as QEMU's netduinoplus2
 * models it, for RTX5 (rtx_core_cm.h includes CMSIS_device_header): the
 * core's exception numbers, the core's configuration, and CMSIS's
 * core_cm4.h from the user's CMSIS_6 copy (CMSIS/Core/Include on the
 * kernel's include path). The device's own interrupts are the board's
 * (boards/netduinoplus2), which RTX does not name.
 */
#ifndef VAIOS_RTX5_DEVICE_H
#define VAIOS_RTX5_DEVICE_H

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

#endif
