/* SPDX-License-Identifier: MIT */
/*
 * The run-time statistics' hooks in the kernel (kernel/stats.c,
 * vaios/stats.h): empty macros unless VOS_CFG_RUNTIME_STATS, so that the
 * kernel built without the option is the same code as before it existed.
 * The switch's hook is the port's (vos__stats_switch, kernel/port_api.h).
 */
#ifndef VAIOS_KERNEL_STATS_HOOKS_H
#define VAIOS_KERNEL_STATS_HOOKS_H

#include "vaios/config.h"

#if VOS_CFG_RUNTIME_STATS
#include "vaios/stats.h"

/* vos_start, kernel lock held, vos__cur set and the time base running:
 * the first activation (of vos__cur) begins now, the interrupt sources
 * count from zero. */
void vos__stats_start(void);

/* A kernel interrupt handler's part, timed: VOS__STATS_ISR_BEGIN() first
 * thing (it declares the local vos__stats_t0, the time), _END(irq) last
 * thing, with the source (enum vos_stats_irq): the interval is the
 * source's, and it is taken out of the activation it interrupted.
 * Kernel-level interrupt, kernel lock not held (each takes it briefly). */
vos_time_t vos__stats_isr_begin(void);
void vos__stats_isr_end(int irq, vos_time_t t0);

/* For vos_stats_share and vos_stats_top (kernel/stats.c): VOS_OK when
 * both records are readings the kernel filled, of one source, after later
 * than before; and part / whole in parts per million (part <= whole). */
int vos__stats_pair(const vos_stats_t *before, const vos_stats_t *after);
uint32_t vos__stats_ppm(uint64_t part, uint64_t whole);

#define VOS__STATS_START()          vos__stats_start()
#define VOS__STATS_ISR_BEGIN()      vos_time_t vos__stats_t0 = vos__stats_isr_begin()
#define VOS__STATS_ISR_END(irq)     vos__stats_isr_end((irq), vos__stats_t0)
#else
#define VOS__STATS_START()          ((void)0)
#define VOS__STATS_ISR_BEGIN()      ((void)0)
#define VOS__STATS_ISR_END(irq)     ((void)0)
#endif

#endif /* VAIOS_KERNEL_STATS_HOOKS_H */
