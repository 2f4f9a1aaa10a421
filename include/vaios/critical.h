/* SPDX-License-Identifier: MIT */
/*
 * Critical sections and their statistics.
 *
 * A critical section masks the interrupts that may call the kernel (those
 * at VOS_CFG_KERNEL_IRQ_PRIO or less urgent; more urgent ones stay live)
 * for code outside the kernel that shares data with kernel-level handlers
 * or with other tasks and must not block: the CMSIS-RTOS2 layer's
 * registries and queues, a driver's ring. Sections nest; each
 * vos_crit_enter is undone by a vos_crit_exit with the key it gave, in
 * reverse order. Keep them short: every kernel-level interrupt waits.
 *
 * With VOS_CFG_CRIT_STATS the statistics count and time these sections
 * exactly as the kernel's own (only an outermost section is timed), so
 * the longest one reported is the longest in the system, whoever held
 * it. The benchmark's crit_max row reads them (docs/benchmark.md); an
 * application may read them to bound the interrupt latency on its own
 * hardware.
 *
 * The calls are inline on Cortex-M: a section costs the two instructions
 * of the port's own lock (BASEPRI), nothing else, when the statistics
 * are off. On the host port (arch/host, a Linux process for tests) they
 * call the port.
 */
#ifndef VAIOS_CRITICAL_H
#define VAIOS_CRITICAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "vaios/config.h"
#include "vaios/error.h"

/* The key of a section: what vos_crit_exit restores. 0 for an outermost
 * section. */
typedef uint32_t vos_crit_t;

/* --- Internal: the CPU's kernel-level mask (no application calls these) -- */

#if defined(__arm__)
/* Cortex-M: BASEPRI raised to VOS_CFG_KERNEL_IRQ_PRIO (never lowered by a
 * nested section: basepri_max). The Cortex-M port's arch_lock/arch_unlock
 * and arch_in_isr are these (arch/cortex-m/port_impl.h): one definition. */
static inline uint32_t vos__cpu_lock(void)
{
    uint32_t prev;
    __asm__ volatile("mrs %0, basepri\n\t"                 /* the mask before */
                     "msr basepri_max, %1"                 /* raise it, never lower */
                     : "=&r"(prev) : "r"(VOS_CFG_KERNEL_IRQ_PRIO) : "memory");
    return prev;
}

static inline void vos__cpu_unlock(uint32_t key)
{
    __asm__ volatile("msr basepri, %0" :: "r"(key) : "memory");   /* restore it */
}

static inline bool vos__cpu_in_isr(void)
{
    uint32_t ipsr;
    __asm__ volatile("mrs %0, ipsr" : "=r"(ipsr));         /* active exception, 0 in thread mode */
    return ipsr != 0;
}
#else
/* The host port: its lock simulates interrupts and switches at unlock
 * (arch/host/port.c), so the public calls go through it. */
uint32_t vos__cpu_lock(void);
void vos__cpu_unlock(uint32_t key);
bool vos__cpu_in_isr(void);
#endif

#if VOS_CFG_CRIT_STATS
/* The kernel's timed lock (kernel/crit.c): the CPU's lock, plus the
 * start time of an outermost section; the end compares its length with
 * the longest and names site, the function that ended it. */
uint32_t vos__crit_begin(void);
void vos__crit_end(uint32_t key, const char *site);
#endif

/* --- Critical sections ------------------------------------------------- */

/* Enter a critical section: kernel-level interrupts masked, the previous
 * mask in *key. Thread mode or a kernel-level handler (one that may call
 * the kernel); the task may not block, wait or call a kernel function
 * that can switch until the matching exit. Errors: VOS_ERR_ARG (key NULL;
 * nothing masked). */
static inline int vos_crit_enter(vos_crit_t *key)
{
    int err = VOS_ERR_ARG;
    if (key != NULL) {
#if VOS_CFG_CRIT_STATS
        *key = vos__crit_begin();
#else
        *key = vos__cpu_lock();
#endif
        err = VOS_OK;
    }
    return err;
}

/* Leave the section entered with key (the exit of the outermost section
 * unmasks, and runs a switch that became due in it). Same context as its
 * enter. Always VOS_OK. With the statistics, the calling function is the
 * site a longest section is reported at: a macro, so that it is the
 * caller's name. */
static inline int vos_crit_exit_at(vos_crit_t key, const char *site)
{
#if VOS_CFG_CRIT_STATS
    vos__crit_end(key, site);
#else
    (void)site;
    vos__cpu_unlock(key);
#endif
    return VOS_OK;
}
#define vos_crit_exit(key) vos_crit_exit_at((key), __func__)

/* True in an interrupt handler: vos_in_isr(), inline, for a layer that
 * asks it on every call (the CMSIS-RTOS2 layer). Any context. */
static inline bool vos_in_isr_inline(void)
{
    return vos__cpu_in_isr();
}

/* --- Statistics (VOS_CFG_CRIT_STATS) ------------------------------------ */

#if VOS_CFG_CRIT_STATS
/* Longest critical section since start (or the last reset), in
 * time-base cycles, with the function that ended it, and the number of
 * outermost sections: the kernel's and those of vos_crit_enter. */
struct vos_crit_stats {
    uint32_t max;
    const char *site;
    uint32_t count;
};
/* Copy the statistics to *out, then reset them if reset is true. Any
 * context. Errors: VOS_ERR_ARG (out NULL). */
int vos_crit_stats(struct vos_crit_stats *out, bool reset);
#endif

#endif /* VAIOS_CRITICAL_H */
