/* SPDX-License-Identifier: MIT */
/*
 * Configuration of the Cortex-M port: options that only mean something on
 * this architecture. Like every VOS_CFG_ option they are set in the
 * application's vaios_config.h (read by vaios/config.h, included first);
 * the defaults and the checks are here.
 */
#ifndef VAIOS_PORT_CONFIG_H
#define VAIOS_PORT_CONFIG_H

#include "vaios/config.h"

/* Kernel interrupt mask level, a BASEPRI value: the kernel lock masks
 * every interrupt whose NVIC priority is numerically greater than or equal
 * to it; a more urgent (numerically lower) interrupt is never masked and
 * must not call the kernel. Upper bits of the 8-bit priority field. */
#ifndef VOS_CFG_KERNEL_IRQ_PRIO
#define VOS_CFG_KERNEL_IRQ_PRIO 0x40
#endif

#ifndef __ASSEMBLER__
_Static_assert((VOS_CFG_KERNEL_IRQ_PRIO & 0x0F) == 0 && VOS_CFG_KERNEL_IRQ_PRIO > 0 &&
                   VOS_CFG_KERNEL_IRQ_PRIO <= 0xF0,
               "STM32 implements the top 4 priority bits; the kernel level must be 0x10..0xF0");
#endif

#endif /* VAIOS_PORT_CONFIG_H */
