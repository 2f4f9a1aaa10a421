/* SPDX-License-Identifier: MIT */
/*
 * Benchmark core: distributions, the empty-measurement correction, result
 * lines, and the helper tasks every metric family uses.
 *
 * A distribution is kept as a histogram, never as a list of samples, so a
 * run can take millions of samples in fixed memory: exact one-count
 * buckets for values below VB_EXACT, then 16 logarithmic buckets per
 * power of two above (6 % resolution), plus the exact minimum and maximum.
 * Percentiles are exact below VB_EXACT and a bucket's lower bound above.
 * A distribution can have an origin: values are recorded relative to it
 * (delay_5ms keeps 5,000,000 as origin so its spread stays exact).
 *
 * Nothing is printed while a measurement runs: results are printed by
 * vb_report() after the window closes.
 */
#ifndef BENCH_CORE_H
#define BENCH_CORE_H

#include <stdint.h>
#include <stdbool.h>
#include "osal.h"

#define VB_EXACT      2048u
#define VB_LOG_SUB    16u
#define VB_LOG_OCT    21u      /* 2^11 .. 2^32 */
#define VB_BUCKETS    (VB_EXACT + VB_LOG_SUB * VB_LOG_OCT)

typedef struct {
    uint32_t count[VB_BUCKETS];
    uint64_t n;
    int64_t origin;           /* recorded values are value - origin */
    int64_t min, max;         /* exact, in original units */
    uint32_t below;           /* values below the origin (counted as 0) */
} vb_dist_t;

/* The one distribution being filled (large: kept static). */
extern vb_dist_t vb_dist;

/* Cost of an empty measurement: two back-to-back counter reads. */
extern uint32_t vb_overhead;

/* The image's configuration as "@VOS config" lines: the commit, board and
 * counter unit, the compiler and its flags, the kernel's configuration
 * (os_print_config), and the histogram's layout (hist_*), so the host
 * tools bin and read distributions exactly as vb_report() does. */
void vb_print_config(void);

void vb_reset(int64_t origin);
void vb_add(int64_t v);

/* Print the distribution as "@VOS metric" + "@VOS hist" lines.
 * overhead is what was subtracted from each sample (0 if none). */
void vb_report(const char *id, const char *scenario, const char *unit, uint32_t overhead,
               const char *note);

/* Report a single value (a count, a size, a rate). */
void vb_report_value(const char *id, const char *scenario, const char *unit, int64_t v,
                     const char *note);

/* A metric of the catalogue that this build does not measure, with why. */
void vb_skip(const char *id, const char *reason);

/* Progress line for the host tool. */
void vb_progress(const char *id, unsigned ndone, unsigned total);

/* Measure vb_overhead (call once at start). */
void vb_calibrate(void);

/* The cost of an empty window on a counter: the least difference of two
 * back-to-back reads over 100 tries. read is one of the board's inline
 * counter reads (board_cycles, board_user_cycles): a constant, inlined
 * with this body, so each window holds the two loads alone. */
static inline __attribute__((always_inline)) uint32_t vb_empty_window(uint32_t (*read)(void))
{
    uint32_t best = UINT32_MAX;
    for (int i = 0; i < 100; i++) {
        uint32_t t0 = read();
        uint32_t t1 = read();
        if (t1 - t0 < best)
            best = t1 - t0;
    }
    return best;
}

/* --- Helper tasks --------------------------------------------------------
 * Slots with stacks for the metric code; the bench main task runs at
 * VB_MAIN_PRIO and waits for helpers with vb_join(). */
#define VB_MAIN_PRIO   2
#ifdef OSAL_SLOTS
#define VB_SLOTS       OSAL_SLOTS   /* a backend short of RAM (bench/osal.h) */
#else
#define VB_SLOTS       12
#endif
_Static_assert(VB_SLOTS >= 10, "ctx_yield_10 needs ten task slots");
#define VB_STACK       1024

/* The flight pipeline (pipeline.c, soak.c) needs a heap and eight levels
 * above the bench main task. */
#define VB_HAS_FLIGHT (OSAL_HAS_HEAP && OSAL_PRIO_MAX >= VB_MAIN_PRIO + 8)
#define VB_NO_FLIGHT_WHY "the flight pipeline needs a heap and eight priority levels above the " \
                         "bench task, which this kernel's configuration does not have"

/* One large arena, used in turn by the families that need bulk memory
 * (the scale rows' filler stacks, then the allocator's heap). */
#if defined(OSAL_ARENA_SIZE)
#define VB_ARENA_SIZE  OSAL_ARENA_SIZE   /* the backend's kernel needs RAM of its own */
#elif BOARD_RAM_SIZE < 128u * 1024u
#define VB_ARENA_SIZE  (32 * 1024)   /* small boards: the 256-task row is skipped */
#elif OSAL_TRACE || OSAL_CRIT_STATS
#define VB_ARENA_SIZE  (40 * 1024)   /* room for the trace buffer */
#else
#define VB_ARENA_SIZE  (64 * 1024)
#endif
union vb_arena {
    uint64_t u64[VB_ARENA_SIZE / 8];
    uint32_t u32[VB_ARENA_SIZE / 4];
};
extern union vb_arena vb_arena;

/* From main() of an image on the board: start the kernel with the image's
 * main task, fn, at VB_MAIN_PRIO (a 4 KB stack). Returns 1 only if the
 * kernel returned. */
int vb_start(const char *name, void (*fn)(void *));

/* Create tasks without them running yet: the main task runs at the top
 * priority between vb_spawn_begin() and vb_spawn_end(). */
void vb_spawn_begin(void);
void vb_spawn_end(void);

/* Start a task in slot i (0 .. VB_SLOTS-1); asserts success. */
os_task_t *vb_spawn(int i, const char *name, void (*fn)(void *), void *arg, int prio);
/* Wait until the tasks in slots 0..n-1 that were spawned have exited. */
void vb_join(int n);
/* End the task of slot i where it stands (os_task_kill) and count it as
 * exited for vb_join. Called from a task above it; with OSAL_HAS_TM_PORT. */
void vb_kill(int i);

/* "prefix" followed by n (>= 0) in decimal, into buf. */
void vb_id(char *buf, unsigned size, const char *prefix, int n);

/* A note for a result line, built piece by piece (no printf here): text
 * and unsigned numbers appended, cut at the end of the buffer, which is
 * sized so that a whole result line stays within board_printf's 255
 * characters. Start it with { .n = 0 }. */
typedef struct {
    char s[132];
    unsigned n;
} vb_note_t;

void vb_note_str(vb_note_t *nt, const char *s);
void vb_note_u(vb_note_t *nt, uint64_t v);

/* Append text with each '%' replaced by the next of the nv values v[] in
 * decimal (a '%' past the last value stays as it is). vb_note_fmt(nt,
 * text, values...) counts the values: vb_note_fmt(&nt, "late % of %",
 * r.late, r.outputs). */
void vb_note_fill(vb_note_t *nt, const char *text, const uint64_t *v, unsigned nv);
#define vb_note_fmt(nt, text, ...)                                                            \
    vb_note_fill((nt), (text), (const uint64_t[]){ __VA_ARGS__ },                             \
                 sizeof((const uint64_t[]){ __VA_ARGS__ }) / sizeof(uint64_t))

/* --- Filler tasks (fillers.c) -----------------------------------------------
 * n tasks that exist and wait (blocked on a semaphore, spread over all
 * priorities below the measured ones), to show that a cost does not grow
 * with the number of tasks. Returns 0, or -1 if the board has no room. */
int vb_fillers_start(int n);
void vb_fillers_stop(void);

#endif /* BENCH_CORE_H */
