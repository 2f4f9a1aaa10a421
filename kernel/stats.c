/* SPDX-License-Identifier: MIT */
/*
 * Run-time statistics (VOS_CFG_RUNTIME_STATS, vaios/stats.h): the switch's
 * hook, the kernel interrupts' timing, and the reading calls. With the
 * option off this file is empty and nothing else of the kernel changes.
 *
 * Invariants (kernel lock held, or inside the hook, which masks):
 *  - act_start is the time the running task's activation began (its
 *    switch-in, or vos_start for the first task), act_irq the cycles the
 *    timed interrupt sources took since then. The running activation has
 *    run now - act_start - act_irq cycles.
 *  - A task's stats.done is the sum of its completed activations,
 *    stats.count the activations begun: count - 1 completed while it runs,
 *    count otherwise. min_inv is the bitwise complement of the shortest
 *    completed activation, so that the zero of a new control block
 *    (vos_task_create clears it) means "none yet" with the same compare
 *    as the longest.
 *  - Every cycle since vos_start is in exactly one place: a completed
 *    activation, the running one, or an interrupt source. A snapshot
 *    (one lock, one time) therefore sums to now - started_at, less the
 *    tasks that ended (off the live list).
 *
 * Why arch_now() and not the 32-bit arch_cycles(): an idle activation of
 * a tickless system may last longer than the 32-bit counter's period
 * (4.3 s at 1 GHz); arch_now() never wraps. It costs a few instructions
 * more per switch (the ctx_switch_stats benchmark row counts them).
 */
#include "kernel.h"

#if VOS_CFG_RUNTIME_STATS

/* One interrupt source: like a task's record, plus its own running time
 * (an interrupt's activation is its whole length: no partial part). */
struct irq_stats {
    uint64_t cycles;
    uint64_t count;
    uint32_t min_inv;
    uint32_t max;
};

static vos_time_t act_start;     /* the running activation's start */
static uint64_t act_irq;         /* interrupt cycles within it */
/* vos_start's stamp: the kernel never reads it, the debugger does (the
 * first window of gdb's vaios top), so it is kept and stored. */
static volatile vos_time_t started_at __attribute__((used));
static struct irq_stats irqs[VOS_STATS_IRQS];
static const char *const irq_names[VOS_STATS_IRQS] = { "alarm" };

static inline uint32_t clamp32(uint64_t v)
{
    return v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
}

/* --- Hooks ---------------------------------------------------------------- */

void vos__stats_start(void)
{
    act_start = arch_now();
    started_at = act_start;
    act_irq = 0;
    for (unsigned i = 0; i < VOS_STATS_IRQS; i++)
        irqs[i] = (struct irq_stats){ 0 };
    vos__cur->stats.count++;
}

void vos__stats_switch(vos_task_t *from, vos_task_t *to)
{
    if (from == to)
        return;
    /* A timed interrupt between the stamp and the update would add its
     * time to an activation already closed. */
    uint32_t key = arch_lock();
    vos_time_t now = arch_now();
    uint64_t run = now - act_start - act_irq;
    uint32_t r = clamp32(run);
    from->stats.done += run;
    if (~r > from->stats.min_inv)
        from->stats.min_inv = ~r;
    if (r > from->stats.max)
        from->stats.max = r;
    to->stats.count++;
    act_start = now;
    act_irq = 0;
    arch_unlock(key);
}

vos_time_t vos__stats_isr_begin(void)
{
    return arch_now();
}

void vos__stats_isr_end(int irq, vos_time_t t0)
{
    uint32_t key = arch_lock();
    uint64_t d = arch_now() - t0;
    uint32_t r = clamp32(d);
    struct irq_stats *s = &irqs[irq];
    s->cycles += d;
    s->count++;
    if (~r > s->min_inv)
        s->min_inv = ~r;
    if (r > s->max)
        s->max = r;
    /* Before the start no activation runs to take it from. */
    if (vos__started)
        act_irq += d;
    arch_unlock(key);
}

/* --- Readings (lock held) ---------------------------------------------- */

static void fill_common(vos_stats_t *out, vos_time_t at, uint64_t cycles, uint64_t count,
                        uint64_t done, uint64_t completed, uint32_t min_inv, uint32_t max)
{
    out->tag = VOS_TAG_STATS;
    out->at = at;
    out->cycles = cycles;
    out->activations = count;
    out->min = completed != 0 ? ~min_inv : 0u;   /* min_inv 0 after one of 2^32 - 1 */
    out->max = max;
    out->mean = completed != 0 ? clamp32(done / completed) : 0;
}

static void read_task(const vos_task_t *t, vos_time_t now, vos_stats_t *out)
{
    uint64_t done = t->stats.done, count = t->stats.count, cycles = done;
    bool running = vos__started && t == vos__cur;
    if (running)
        cycles += now - act_start - act_irq;
    fill_common(out, now, cycles, count, done, running ? count - 1u : count, t->stats.min_inv,
                t->stats.max);
    out->irq = VOS_STATS_TASK;
    out->prio = t->prio;
    out->running = running ? 1u : 0u;
    out->task = t;
    out->name = t->name;
}

static void read_irq(int irq, vos_time_t now, vos_stats_t *out)
{
    const struct irq_stats *s = &irqs[irq];
    fill_common(out, now, s->cycles, s->count, s->cycles, s->count, s->min_inv, s->max);
    out->irq = (int16_t)irq;
    out->prio = 0;
    out->running = 0;   /* a reading from the handler itself sees it as not yet ended */
    out->task = NULL;
    out->name = irq_names[irq];
}

/* --- Public calls -------------------------------------------------------- */

int vos_stats_task(const vos_task_t *t, vos_stats_t *out)
{
    VOS__CHECK_LEVEL();
    VOS__CHECK(out != NULL, VOS_ERR_ARG);
    if (t == NULL) {
        t = vos__cur;
        VOS__CHECK(t != NULL, VOS_ERR_CONTEXT);
        VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);
    }
    VOS__CHECK(t->tag == VOS_TAG_TASK, VOS_ERR_INVALID);
    uint32_t key = vos__lock();
    read_task(t, arch_now(), out);
    vos__unlock(key);
    return VOS_OK;
}

int vos_stats_irq(int irq, vos_stats_t *out)
{
    VOS__CHECK_LEVEL();
    VOS__CHECK(out != NULL, VOS_ERR_ARG);
    VOS__CHECK(irq >= 0 && irq < VOS_STATS_IRQS, VOS_ERR_ARG);
    uint32_t key = vos__lock();
    read_irq(irq, arch_now(), out);
    vos__unlock(key);
    return VOS_OK;
}

int vos_stats_snapshot(vos_stats_t *out, size_t cap, size_t *count)
{
    VOS__CHECK_LEVEL();
    VOS__CHECK(out != NULL && count != NULL, VOS_ERR_ARG);
    size_t n = 0;
    uint32_t key = vos__lock();
    vos_time_t now = arch_now();
    for (int i = 0; i < VOS_STATS_IRQS; i++, n++)
        if (n < cap)
            read_irq(i, now, &out[n]);
    for (const vos_task_t *t = vos__all_tasks; t != NULL; t = t->all_next, n++)
        if (n < cap)
            read_task(t, now, &out[n]);
    vos__unlock(key);
    *count = n;
    return n <= cap ? VOS_OK : VOS_ERR_TOO_BIG;
}

/* Both readings filled by the kernel, of one source, in time order. */
int vos__stats_pair(const vos_stats_t *before, const vos_stats_t *after)
{
    if (before == NULL || after == NULL)
        return VOS_ERR_ARG;
    if (before->tag != VOS_TAG_STATS || after->tag != VOS_TAG_STATS)
        return VOS_ERR_INVALID;
    if (before->task != after->task || before->irq != after->irq || after->at <= before->at ||
        after->cycles < before->cycles)
        return VOS_ERR_ARG;
    return VOS_OK;
}

uint32_t vos__stats_ppm(uint64_t part, uint64_t whole)
{
    /* part <= whole; scale both down until part * 10^6 fits 64 bits. */
    while (whole > UINT64_MAX / 1000000u) {
        whole >>= 1;
        part >>= 1;
    }
    return whole != 0 ? (uint32_t)(part * 1000000u / whole) : 0u;
}

int vos_stats_share(const vos_stats_t *before, const vos_stats_t *after, uint32_t *ppm)
{
    VOS__CHECK(ppm != NULL, VOS_ERR_ARG);
    int err = vos__stats_pair(before, after);
    if (err != VOS_OK)
        return err;
    *ppm = vos__stats_ppm(after->cycles - before->cycles, after->at - before->at);
    return VOS_OK;
}

#endif /* VOS_CFG_RUNTIME_STATS */
