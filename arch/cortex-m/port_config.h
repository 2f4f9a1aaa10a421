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

/* NVIC priority of the time base's interrupts, which the board sets (its
 * timebase.c: the alarm, which calls vos__alarm_isr, and the counter's
 * wrap keep-alive). A kernel-level interrupt; by default the least urgent
 * level above PendSV and SVC (0xF0): every other kernel-level interrupt
 * preempts it except inside its critical sections, so an application
 * interrupt waits for the kernel's masked sections only, never for the
 * whole alarm handler (docs/porting.md, "Priority"). What the alarm does
 * (making sleepers ready) takes effect in the switch, which runs after
 * every handler anyway; only the VOS_TIMER_ISR callbacks, run in the
 * alarm interrupt, wait for the more urgent handlers. */
#ifndef VOS_CFG_ALARM_IRQ_PRIO
#define VOS_CFG_ALARM_IRQ_PRIO (VOS_CFG_KERNEL_IRQ_PRIO > 0xE0 ? VOS_CFG_KERNEL_IRQ_PRIO : 0xE0)
#endif

#ifndef __ASSEMBLER__
_Static_assert((VOS_CFG_KERNEL_IRQ_PRIO & 0x0F) == 0 && VOS_CFG_KERNEL_IRQ_PRIO > 0 &&
                   VOS_CFG_KERNEL_IRQ_PRIO <= 0xF0,
               "STM32 implements the top 4 priority bits; the kernel level must be 0x10..0xF0");
_Static_assert((VOS_CFG_ALARM_IRQ_PRIO & 0x0F) == 0 &&
                   VOS_CFG_ALARM_IRQ_PRIO >= VOS_CFG_KERNEL_IRQ_PRIO &&
                   VOS_CFG_ALARM_IRQ_PRIO <= 0xF0,
               "the alarm must be a kernel-level interrupt (the kernel lock masks it), "
               "a multiple of 0x10 up to 0xF0");
#endif

#endif /* VAIOS_PORT_CONFIG_H */
