/* SPDX-License-Identifier: MIT */
/*
 * Benchmark core: see core.h.
 */
#include <string.h>
#include "core.h"
#include "vb_commit.h" /* VB_COMMIT, written at build time by cmake/vb_commit.cmake */
#ifndef VB_CFLAGS
#define VB_CFLAGS "unknown"
#endif

vb_dist_t vb_dist;
union vb_arena vb_arena;
uint32_t vb_overhead;

#if !OSAL_HOST_PROCESS
static os_task_t main_task;
static OSAL_STACK_DEFINE(main_stack, 4096);

int vb_start(const char *name, void (*fn)(void *))
{
    os_task_create(&main_task, name, fn, NULL, VB_MAIN_PRIO, main_stack,
                   OSAL_STACK_SIZEOF(main_stack));
    os_start();
    return 1;
}
#endif

static os_task_t slots[VB_SLOTS];
static OSAL_STACK_ARRAY_DEFINE(stacks, VB_SLOTS, VB_STACK);
static bool used[VB_SLOTS];
static os_sem_t done[VB_SLOTS];
static struct { void (*fn)(void *); void *arg; } start[VB_SLOTS];

void vb_reset(int64_t origin)
{
    memset(&vb_dist, 0, sizeof vb_dist);
    vb_dist.origin = origin;
    vb_dist.min = INT64_MAX;
    vb_dist.max = INT64_MIN;
}

void vb_print_config(void)
{
    board_printf("@VOS config commit=%s board=%s unit=%s\n", VB_COMMIT, board_name,
                 board_cycle_unit);
    board_printf("@VOS config cc=\"gcc %s\" cflags=\"%s\"\n", __VERSION__, VB_CFLAGS);
    os_print_config();
    board_printf("@VOS config hist_exact=%u hist_log_sub=%u hist_log_octaves=%u\n", VB_EXACT,
                 VB_LOG_SUB, VB_LOG_OCT);
}

/* Bucket of a non-negative relative value. */
static unsigned bucket_of(uint64_t v)
{
    if (v < VB_EXACT)
        return (unsigned)v;
    unsigned oct = 63u - (unsigned)__builtin_clzll(v);          /* >= 11 */
    if (oct >= 11u + VB_LOG_OCT)
        return VB_BUCKETS - 1;
    unsigned sub = (unsigned)(v >> (oct - 4)) & (VB_LOG_SUB - 1);
    return VB_EXACT + (oct - 11u) * VB_LOG_SUB + sub;
}

/* Lower bound of a bucket, relative to the origin. */
static uint64_t bucket_lo(unsigned b)
{
    if (b < VB_EXACT)
        return b;
    unsigned oct = 11u + (b - VB_EXACT) / VB_LOG_SUB;
    unsigned sub = (b - VB_EXACT) % VB_LOG_SUB;
    return ((uint64_t)(VB_LOG_SUB + sub)) << (oct - 4);
}

void vb_add(int64_t v)
{
    vb_dist_t *d = &vb_dist;
    if (v < d->min)
        d->min = v;
    if (v > d->max)
        d->max = v;
    int64_t r = v - d->origin;
    if (r < 0) {
        d->below++;
        r = 0;
    }
    d->count[bucket_of((uint64_t)r)]++;
    d->n++;
}

/* Value at quantile q (per mille x 10: 5000 = median, 9900 = p99,
 * 9990 = p99.9): the smallest bucket whose cumulative count reaches it. */
static int64_t quantile(unsigned q10k)
{
    const vb_dist_t *d = &vb_dist;
    uint64_t rank = (d->n * q10k + 9999u) / 10000u;
    if (rank == 0)
        rank = 1;
    uint64_t cum = 0;
    for (unsigned b = 0; b < VB_BUCKETS; b++) {
        cum += d->count[b];
        if (cum >= rank) {
            int64_t v = (int64_t)bucket_lo(b) + d->origin;
            if (v < d->min)
                v = d->min;
            if (v > d->max)
                v = d->max;
            return v;
        }
    }
    return d->max;
}

void vb_report(const char *id, const char *scenario, const char *unit, uint32_t overhead,
               const char *note)
{
    const vb_dist_t *d = &vb_dist;
    if (d->n == 0) {
        vb_skip(id, "no samples were taken");
        return;
    }
    board_printf("@VOS metric %s scenario=%s unit=%s n=%llu min=%lld p50=%lld p99=%lld "
                 "p999=%lld max=%lld overhead=%u%s%s%s\n",
                 id, scenario, unit, (unsigned long long)d->n, (long long)d->min,
                 (long long)quantile(5000), (long long)quantile(9900), (long long)quantile(9990),
                 (long long)d->max, (unsigned)overhead, note ? " note=\"" : "", note ? note : "",
                 note ? "\"" : "");
    /* Histogram: non-empty buckets as lo:count, eight per line. */
    unsigned k = 0;
    for (unsigned b = 0; b < VB_BUCKETS; b++) {
        if (d->count[b] == 0)
            continue;
        if (k == 0)
            board_printf("@VOS hist %s %s", id, scenario);
        board_printf(" %lld:%lu", (long long)((int64_t)bucket_lo(b) + d->origin),
                     (unsigned long)d->count[b]);
        if (++k == 8) {
            board_printf("\n");
            k = 0;
        }
    }
    if (k)
        board_printf("\n");
}

void vb_report_value(const char *id, const char *scenario, const char *unit, int64_t v,
                     const char *note)
{
    board_printf("@VOS metric %s scenario=%s unit=%s n=1 min=%lld p50=%lld p99=%lld p999=%lld "
                 "max=%lld overhead=0%s%s%s\n", id, scenario, unit, (long long)v, (long long)v,
                 (long long)v, (long long)v, (long long)v, note ? " note=\"" : "",
                 note ? note : "", note ? "\"" : "");
}

void vb_skip(const char *id, const char *reason)
{
    board_printf("@VOS skip %s reason=\"%s\"\n", id, reason);
}

void vb_progress(const char *id, unsigned ndone, unsigned total)
{
    board_printf("@VOS progress %s %u/%u\n", id, ndone, total);
}

void vb_calibrate(void)
{
    vb_overhead = vb_empty_window(board_cycles);
}

/* Every helper task runs through this, so that vb_join() can wait on a
 * semaphore instead of polling (a polling main task would disturb the
 * measurements it waits for). */
static void trampoline(void *arg)
{
    int i = (int)(uintptr_t)arg;
    start[i].fn(start[i].arg);
    os_sem_give(&done[i]);
}

os_task_t *vb_spawn(int i, const char *name, void (*fn)(void *), void *arg, int prio)
{
    if (i < 0 || i >= VB_SLOTS) {
        board_printf("!! bench: task %s: slot %d of %d\n", name, i, VB_SLOTS);
        board_exit(2);
    }
    start[i].fn = fn;
    start[i].arg = arg;
    os_sem_init(&done[i], 0, 1);
    int err = os_task_create(&slots[i], name, trampoline, (void *)(uintptr_t)i, prio, stacks[i],
                             OSAL_STACK_SIZEOF(stacks[i]));
    if (err != 0) {
        board_printf("!! bench: cannot create task %s in slot %d: %d\n", name, i, err);
        board_exit(2);
    }
    used[i] = true;
    return &slots[i];
}

#if OSAL_HAS_TM_PORT
void vb_kill(int i)
{
    os_task_kill(&slots[i]);
    /* bench/osal.h's contract: done once killed. A backend that breaks it
     * would leave vb_join waiting for ever. */
    if (!os_task_done(&slots[i])) {
        board_printf("!! bench: os_task_kill left task %d not done (bench/osal.h)\n", i);
        board_exit(2);
    }
    os_sem_give(&done[i]);
}
#endif

/* vb_join's poll: 1 us, and never fewer than this many counts of the
 * board's counter (the 1 us at 1 GHz). On a slower counter 1 us is a few
 * counts (25 at 25 MHz), less than a kernel's exact final wait, which then
 * spins the whole sleep: the poller never blocked and the exiting lower
 * task never ran (make bench BOARD=mps2_an500 stopped after cyclic_100us's
 * allocation-pressure scenario). */
#define JOIN_POLL_COUNTS 1000u

void vb_join(int n)
{
    const uint64_t poll = os_us(1) > JOIN_POLL_COUNTS ? os_us(1) : JOIN_POLL_COUNTS;
    for (int i = 0; i < n; i++) {
        if (used[i])
            os_sem_take(&done[i]);
        /* It gave done[i] on its way out; a lower task may still need the
         * CPU to finish exiting. */
        while (used[i] && !os_task_done(&slots[i]))
            os_sleep(poll);
        used[i] = false;
    }
}

/* Append s, or the decimal v, to buf at *n, cut at size - 1 and
 * terminated. */
static void put_str(char *buf, unsigned size, unsigned *n, const char *s)
{
    while (*s && *n + 1 < size)
        buf[(*n)++] = *s++;
    buf[*n] = 0;
}

static void put_u64(char *buf, unsigned size, unsigned *n, uint64_t v)
{
    char d[20];
    int k = 0;
    do {
        d[k++] = (char)('0' + v % 10u);
        v /= 10u;
    } while (v > 0);
    while (k > 0 && *n + 1 < size)
        buf[(*n)++] = d[--k];
    buf[*n] = 0;
}

void vb_id(char *buf, unsigned size, const char *prefix, int n)
{
    unsigned i = 0;
    put_str(buf, size, &i, prefix);
    put_u64(buf, size, &i, (uint64_t)n);
}

void vb_note_str(vb_note_t *nt, const char *s)
{
    put_str(nt->s, sizeof nt->s, &nt->n, s);
}

void vb_note_u(vb_note_t *nt, uint64_t v)
{
    put_u64(nt->s, sizeof nt->s, &nt->n, v);
}

void vb_note_fill(vb_note_t *nt, const char *text, const uint64_t *v, unsigned nv)
{
    for (; *text; text++) {
        if (*text == '%' && nv > 0) {
            vb_note_u(nt, *v++);
            nv--;
        } else if (nt->n + 1 < sizeof nt->s) {
            nt->s[nt->n++] = *text;
            nt->s[nt->n] = 0;
        }
    }
}

void vb_spawn_begin(void)
{
    os_set_prio(NULL, OSAL_PRIO_MAX);
}

void vb_spawn_end(void)
{
    os_set_prio(NULL, VB_MAIN_PRIO);
}
