/* SPDX-License-Identifier: MIT */
/*
 * Critical-section statistics (VOS_CFG_CRIT_STATS): the longest time the
 * kernel held its lock, and where. The benchmark's crit_max row reads
 * them (docs/benchmark.md); an application may read them to bound the
 * interrupt latency the kernel adds on its own hardware.
 */
#ifndef VAIOS_CRIT_H
#define VAIOS_CRIT_H

#include <stdbool.h>
#include <stdint.h>
#include "vaios/config.h"

#if VOS_CFG_CRIT_STATS
/* Longest kernel critical section since start (or the last reset), in
 * time-base cycles, with the kernel function that ended it. */
struct vos_crit_stats {
    uint32_t max;
    const char *site;
    uint32_t count;
};
/* Copy the statistics to *out, then reset them if reset is true. Any
 * context. Errors: VOS_ERR_ARG (out NULL). */
int vos_crit_stats(struct vos_crit_stats *out, bool reset);
#endif

#endif /* VAIOS_CRIT_H */
