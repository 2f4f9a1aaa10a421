/* SPDX-License-Identifier: MIT */
/*
 * soak (docs/benchmark.md): the flight pipeline of pipeline.c, closed loop with
 * its telemetry on the heap, flown for VB_SOAK_SECONDS of virtual time
 * (default 60; build with -DVB_SOAK_SECONDS=3600 for an hour). With the
 * CPU idle most of each millisecond, the emulator skips the idle time, so
 * an hour of flight is minutes of real time.
 *
 * Rows:
 *   soak misses     outputs after the next sample interrupt, samples lost
 *                   or stale (0 expected)
 *   soak heap_leak  heap bytes not returned at the end (0 expected): the
 *                   kernel's free-byte count before and after when the
 *                   adaptation layer offers it (OSAL_HAS_HEAP_STATS), and
 *                   in every case the largest block the heap grants
 *                   before and after, found by probing with os_malloc
 *   soak first      imu_pipeline over the first window and the last:
 *   soak last       drift shows as a shift between the two
 * The window is one minute, or a third of the run if that is shorter, so
 * the two never overlap.
 */
#include <string.h>
#include "core.h"
#include "families.h"
#include "flight_run.h"

#if VB_HAS_FLIGHT   /* the whole family: main.c lists it as skipped otherwise */

#ifndef VB_SOAK_SECONDS
#define VB_SOAK_SECONDS 60
#endif
_Static_assert(VB_SOAK_SECONDS >= 3 && VB_SOAK_SECONDS <= 4000000,
               "VB_SOAK_SECONDS: 3 s .. 46 days (samples must fit 32 bits)");

#define SAMPLES_PER_S 1000u
#define WINDOW_S      (VB_SOAK_SECONDS >= 180 ? 60 : VB_SOAK_SECONDS / 3)
/* The heap, the pipeline state and the first window's distribution (kept
 * while the last one fills vb_dist) live in the arena (flight_run.h). */
static struct {
    uint32_t total, win;
    vb_dist_t *first;
    os_heap_t *heap;
} S;

/* PID task, after each sample's window: the first window into vb_dist,
 * parked in the arena when it is complete; then the last window. */
static void record(uint32_t i, uint32_t latency)
{
    if (i <= S.win) {
        vb_add((int64_t)latency);
        if (i == S.win) {
            memcpy(S.first, &vb_dist, sizeof vb_dist);
            vb_reset(0);
        }
    } else if (i > S.total - S.win) {
        vb_add((int64_t)latency);
    }
}

/* Largest request the heap grants now (binary search; every probe is
 * freed at once). */
static unsigned largest_block(void)
{
    unsigned ok = 0, refused = VB_FLIGHT_HEAP_SIZE;
    while (refused - ok > 1) {
        unsigned mid = ok + (refused - ok) / 2;
        void *p = os_malloc(S.heap, mid);
        if (p) {
            os_free(S.heap, p);
            ok = mid;
        } else {
            refused = mid;
        }
    }
    return ok;
}

static void swap_dist(void)
{
    uint32_t *a = (uint32_t *)(void *)&vb_dist, *b = (uint32_t *)(void *)S.first;
    for (unsigned i = 0; i < sizeof vb_dist / 4; i++) {
        uint32_t t = a[i];
        a[i] = b[i];
        b[i] = t;
    }
}

void bench_soak(void)
{
    S.total = (uint32_t)VB_SOAK_SECONDS * SAMPLES_PER_S;
    S.win = (uint32_t)WINDOW_S * SAMPLES_PER_S;
    vb_flight_arena_t *a = vb_flight_arena();
    S.first = &a->first;
    S.heap = &a->heap;
    vb_progress("soak", 0, S.total);

    /* The probe drives the heap's low-water mark to 0: start afresh after
     * it, so that "lowest free" is the flight's own. */
    os_heap_init(S.heap, a->heap_mem, sizeof a->heap_mem);
    unsigned big0 = largest_block();
    os_heap_init(S.heap, a->heap_mem, sizeof a->heap_mem);
#if OSAL_HAS_HEAP_STATS
    unsigned free0, low0;
    os_heap_usage(S.heap, &free0, &low0);
#endif

    vb_reset(0);
    vb_flight_cfg_t cfg = { .samples = S.total, .loaded = false, .heap = S.heap, .record = record };
    vb_flight_result_t r;
    vb_flight_run(&cfg, &r);
#if OSAL_HAS_HEAP_STATS
    unsigned free1, low1;
    os_heap_usage(S.heap, &free1, &low1);   /* before the probe moves the low-water mark */
#endif
    unsigned big1 = largest_block();

    vb_note_t nt = { .n = 0 };
    vb_note_fmt(&nt, "% s of flight, % outputs: late % lost % stale %; irq period %..%",
                VB_SOAK_SECONDS, r.outputs, r.late, r.lost, r.stale, r.period_min, r.period_max);
    vb_report_value("soak", "misses", "count", r.misses, nt.s);

    nt.n = 0;
    int64_t leak;
#if OSAL_HAS_HEAP_STATS
    leak = (int64_t)free0 - (int64_t)free1;
    vb_note_fmt(&nt, "free % -> %, lowest % -> %; ", free0, free1, low0, low1);
#else
    leak = (int64_t)big0 - (int64_t)big1;
#endif
    vb_note_fmt(&nt, "largest % -> %; % packets, % dropped, % bad/refused", big0, big1, r.packets,
                r.dropped, r.bad + r.alloc_failed);
    vb_report_value("soak", "heap_leak", "bytes", leak, nt.s);

    nt.n = 0;
    vb_note_fmt(&nt, "imu_pipeline over the first % s of the soak", WINDOW_S);
    swap_dist();
    vb_report("soak", "first", board_cycle_unit, 0, nt.s);
    swap_dist();
    nt.n = 0;
    vb_note_fmt(&nt, "imu_pipeline over the last % s of the soak", WINDOW_S);
    vb_report("soak", "last", board_cycle_unit, 0, nt.s);
}

#endif /* VB_HAS_FLIGHT */
