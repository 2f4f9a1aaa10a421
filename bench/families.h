/* SPDX-License-Identifier: MIT */
/*
 * The metric families, one file each (bench/<name>.c with its entry
 * bench_<name>()), listed once in bench/families.def: the registry both
 * mains run. A family is added there, in bench/catalogue.csv (its ids) and
 * in the build lists; tools/check_families.py (make test) checks the
 * registry against the catalogue and the build.
 */
#ifndef BENCH_FAMILIES_H
#define BENCH_FAMILIES_H

#include <stdbool.h>

/* What a family needs of the build (the bits of VB_FAMILY's needs). A
 * missing need with a reason skips each of the family's ids with it; a
 * missing need marked "left to" prints nothing, because another image or
 * the host tools measure those ids and tools/bench.py merges them. */
enum {
    VB_NEED_BOARD   = 1u << 0,  /* a board's image, its hardware interrupts (not bench/linux):
                                   the family's posix_why */
    VB_NEED_HEAP    = 1u << 1,  /* OSAL_HAS_HEAP: OSAL_NO_HEAP_WHY */
    VB_NEED_FLIGHT  = 1u << 2,  /* VB_HAS_FLIGHT (bench/core.h): VB_NO_FLIGHT_WHY */
    VB_NEED_CHANNEL = 1u << 3,  /* OSAL_HAS_CHANNEL: VAIOS's vos_chan */
    VB_NEED_CMSIS   = 1u << 4,  /* OSAL_HAS_CMSIS_ROWS: VAIOS's CMSIS-RTOS2 layer */
    VB_NEED_TM_PORT = 1u << 5,  /* OSAL_HAS_TM_PORT: a Thread-Metric porting layer */
    VB_NEED_TRACE   = 1u << 6,  /* OSAL_TRACE: left to the image built with tracing */
    VB_NEED_MPU     = 1u << 7,  /* OSAL_MPU: left to the image of the MPU build */
    VB_BY_HOST      = 1u << 8,  /* never in an image: left to the host tools */
    VB_IN_QUICK     = 1u << 9,  /* not a need: runs in the short run (VB_QUICK) too */
    VB_NEED_WORKQ   = 1u << 10, /* OSAL_HAS_WORKQ: VAIOS's work queues (vos_workq) */
    VB_NEED_RSTATS  = 1u << 11, /* OSAL_RUNTIME_STATS: left to the image built with the
                                   run-time statistics */
};

struct vb_family {
    const char *name;
    void (*run)(void);        /* NULL when a need is missing in this build */
    const char *ids;          /* its catalogue ids, space-separated */
    unsigned needs;           /* VB_NEED_*, VB_BY_HOST, VB_IN_QUICK */
    bool alone;               /* this image measures this family and nothing else */
    const char *posix_why;    /* why bench/linux does not build it (kept there only), or NULL */
};

/* The registry, in run order (bench/families.c). */
extern const struct vb_family vb_families[];
extern const unsigned vb_nfamilies;

/* The family this image measures alone, or NULL for a run of them all. */
const struct vb_family *vb_family_alone(void);

/* Why family f does not run in this build, or NULL when it runs. *left is
 * set when its ids are left to another image or the host tools (print
 * nothing for them); otherwise the reason is for vb_family_skip(). */
const char *vb_family_why(const struct vb_family *f, bool *left);

/* A skip line with reason for each of f's ids. */
void vb_family_skip(const struct vb_family *f, const char *reason);

/* The entries (bench/<name>.c); bench_footprint has no definition, as
 * the host measures it (VB_BY_HOST), and is never referenced. */
#define VB_FAMILY(name, needs, alone, ids, posix_why) void bench_##name(void);
#include "families.def"
#undef VB_FAMILY

/* channel.c: 1 KiB exchanges, only as crit_max's load (interrupts.c). */
void bench_channel_long(void);

#if OSAL_RUNTIME_STATS
/* switching.c: ctx_yield's measurement (two tasks), reported as id; for
 * the image with the run-time statistics (runstats.c). */
void vb_yield_run(const char *id, const char *note);
#endif

#endif
