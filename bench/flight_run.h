/* SPDX-License-Identifier: MIT */
/*
 * The flight pipeline wired to tasks through the OS adaptation layer:
 * shared by the imu_pipeline metric (pipeline.c) and the soak (soak.c).
 */
#ifndef BENCH_FLIGHT_RUN_H
#define BENCH_FLIGHT_RUN_H

#include <stdbool.h>
#include <stdint.h>
#include "core.h"

#if VB_HAS_FLIGHT   /* the flight families: a telemetry heap, nine levels */

/* While the pipeline runs it owns core.h's arena (static RAM is short):
 * the telemetry heap, the pipeline's state, and the soak's parked
 * distribution. */
#define VB_FLIGHT_HEAP_SIZE  (16 * 1024)
#define VB_FLIGHT_STATE_SIZE (4 * 1024)

typedef struct {
    uint64_t heap_mem[VB_FLIGHT_HEAP_SIZE / 8];    /* the telemetry heap's memory */
    os_heap_t heap;
    uint64_t state[VB_FLIGHT_STATE_SIZE / 8];      /* pipeline.c's */
    vb_dist_t first;                               /* soak.c's first window */
} vb_flight_arena_t;

_Static_assert(sizeof(vb_flight_arena_t) <= VB_ARENA_SIZE, "the flight arena does not fit");

/* The arena seen through the layout above. The empty asm hides where the
 * pointer came from, so the compiler treats the arena as the untyped
 * storage it is (no type-based aliasing assumptions across families). */
static inline vb_flight_arena_t *vb_flight_arena(void)
{
    void *p = &vb_arena;
    __asm__("" : "+r"(p));
    return (vb_flight_arena_t *)p;
}

typedef struct {
    uint32_t samples;      /* IMU interrupts to run (1 kHz) */
    bool loaded;           /* add the "loaded" scenario: busy task + 10 kHz interrupt */
    os_heap_t *heap;       /* initialised heap for the telemetry buffers
                              (vb_flight_arena()->heap) */
    /* Called by the PID task for each sample, after the measured window:
     * index counts from 1, latency is interrupt -> mixer output. */
    void (*record)(uint32_t index, uint32_t latency);
} vb_flight_cfg_t;

typedef struct {
    uint32_t outputs;      /* mixer outputs produced */
    uint32_t late;         /* outputs written after the next sample interrupt */
    uint32_t lost;         /* samples the interrupt could not queue */
    uint32_t stale;        /* interrupts that found no new sample from the plant */
    uint32_t misses;       /* late + lost + stale */
    uint32_t deadline_misses; /* the pipeline tasks' sleep_until calls whose time had
                                 passed, as the kernel counted them (OSAL_HAS_OVERRUNS) */
    uint32_t period_min;   /* shortest and longest interval between two */
    uint32_t period_max;   /* consecutive interrupts, counts */
    uint32_t packets;      /* telemetry packets built */
    uint32_t delivered;    /* ... and delivered through the link and checked */
    uint32_t dropped;      /* ... dropped because the link queue was full */
    uint32_t bad;          /* delivered packets that failed their check */
    uint32_t alloc_failed; /* telemetry allocations refused by the heap */
    uint32_t peak_inflight;/* most packets queued on the link */
} vb_flight_result_t;

/* Runs the closed-loop pipeline (seed-fixed vehicle, fp_plan_default) for
 * cfg->samples interrupts and stops every task it started. Called from the
 * bench main task (VB_MAIN_PRIO); uses helper slots 0..4. */
void vb_flight_run(const vb_flight_cfg_t *cfg, vb_flight_result_t *res);

/* The soak (soak.c), run from the bench main task after bench_pipeline. */
void bench_soak(void);

#endif /* VB_HAS_FLIGHT */
#endif /* BENCH_FLIGHT_RUN_H */
