/* SPDX-License-Identifier: MIT */
/*
 * Critical-section statistics (VOS_CFG_CRIT_STATS): the longest interval
 * kernel-level interrupts were kept masked, by the kernel or by a
 * vos_crit_enter section (include/vaios/critical.h: the CMSIS-RTOS2 layer's,
 * an application's), and the function that ended it. With the option off
 * this file is empty, vos__lock() is arch_lock() itself and
 * vos_crit_enter the CPU's lock.
 *
 * Only the outermost section of a nest is timed (a nested lock does not
 * change the mask). The measurement itself is inside the interval: two
 * counter reads and the comparison, a handful of instructions that the
 * crit_max metric reports as they are, without correction.
 */
#include "kernel.h"

#if VOS_CFG_CRIT_STATS

static uint32_t crit_start;
static struct vos_crit_stats stats;

uint32_t vos__crit_begin(void)
{
    uint32_t key = arch_lock();
    if (key == 0)
        crit_start = arch_cycles();
    return key;
}

void vos__crit_end(uint32_t key, const char *site)
{
    if (key == 0) {
        uint32_t d = arch_cycles() - crit_start;
        if (d > stats.max) {
            stats.max = d;
            stats.site = site;
        }
        stats.count++;
    }
    arch_unlock(key);
}

int vos_crit_stats(struct vos_crit_stats *out, bool reset)
{
    VOS__CHECK_LEVEL();
    if (out == NULL)
        return VOS_ERR_ARG;
    uint32_t key = arch_lock();
    *out = stats;
    if (reset)
        stats = (struct vos_crit_stats){ 0 };
    arch_unlock(key);
    return VOS_OK;
}

#endif
