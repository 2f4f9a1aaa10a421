/* SPDX-License-Identifier: MIT */
/*
 * The benchmark's OS adaptation layer for VAIOS: every osal call is a
 * static inline wrapper around the public API, so a measurement window
 * contains the kernel's path and nothing of the harness.
 */
#ifndef OSAL_IMPL_H
#define OSAL_IMPL_H

#include "vaios/vaios.h"
#include "vaios/config.h"     /* VOS_CFG_KERNEL_IRQ_PRIO, reported in the configuration */
#include "board.h"

#define OSAL_NAME      "vaios"
#define OSAL_PRIO_MAX  (VOS_PRIO_MAX)

typedef vos_task_t  os_task_t;
typedef vos_sem_t   os_sem_t;
typedef vos_mutex_t os_mutex_t;
#if __has_include("vaios/queue.h")
#define OSAL_HAS_QUEUE 1
typedef vos_queue_t os_queue_t;
#endif
typedef vos_heap_t  os_heap_t;

static inline int os_task_create(os_task_t *t, const char *name, void (*fn)(void *), void *arg,
                                 int prio, void *stack, unsigned size)
{
    return vos_task_create(t, name, fn, arg, (unsigned)prio, stack, size);
}
static inline void os_task_exit(void)                  { vos_task_exit(); }
/* The missed deadlines of t (vos_task_overruns): its sleep_until calls
 * that found their time passed. */
#define OSAL_HAS_OVERRUNS 1
static inline uint32_t os_task_overruns(os_task_t *t)
{
    uint32_t n = 0;
    return vos_task_overruns(t, &n) == VOS_OK ? n : UINT32_MAX;
}

static inline bool os_task_done(os_task_t *t)
{
    int s = vos_task_state(t);
    return s == VOS_TASK_EXITED || s == VOS_TASK_FAULTED;
}
static inline void os_task_kill(os_task_t *t)         { (void)vos_task_terminate(t); }
static inline void os_yield(void)                      { (void)vos_yield(); }
static inline void os_suspend_self(void)               { vos_task_suspend(NULL); }
static inline void os_resume(os_task_t *t)             { vos_task_resume(t); }
static inline void os_resume_isr(os_task_t *t)         { vos_task_resume_isr(t); }
static inline int  os_prio(os_task_t *t)               { return vos_task_priority(t); }
static inline void os_set_prio(os_task_t *t, int p)    { vos_task_set_priority(t, (unsigned)p); }
/* The kernel's time is the board's counter (arch_time_lo is the counter
 * register itself: boards/<board>/timebase.c), so its rate is the rate
 * every figure is read at; the check every backend makes of the two
 * (bench/osal.h, os_now) holds by construction here. */
_Static_assert(VOS_CFG_CLOCK_HZ == BOARD_CYCLES_HZ,
               "the kernel's time and the board's counter must count at one rate");
static inline uint64_t os_now(void)                    { return vos_now(); }
static inline void os_sleep(uint64_t d)                { vos_sleep(vos_cycles(d)); }
static inline void os_sleep_until(uint64_t t)          { vos_sleep_until(t); }
static inline uint64_t os_ms(uint64_t ms)              { return vos_dur_cycles(vos_ms(ms)); }
static inline uint64_t os_us(uint64_t us)              { return vos_dur_cycles(vos_us(us)); }
static inline uint64_t os_ns(uint64_t ns)              { return vos_dur_cycles(vos_ns(ns)); }

static inline void os_sem_init(os_sem_t *s, unsigned init, unsigned max) { vos_sem_init(s, init, max); }
static inline void os_sem_give(os_sem_t *s)            { vos_sem_give(s); }
static inline void os_sem_give_isr(os_sem_t *s)        { vos_sem_give_isr(s); }
static inline int  os_sem_take(os_sem_t *s)            { return vos_sem_take(s, VOS_FOREVER); }
static inline int  os_sem_trytake(os_sem_t *s)         { return vos_sem_take(s, VOS_NO_WAIT); }

static inline void os_mutex_init(os_mutex_t *m)        { vos_mutex_init(m); }
static inline int  os_mutex_lock(os_mutex_t *m)        { return vos_mutex_lock(m, VOS_FOREVER); }
static inline int  os_mutex_unlock(os_mutex_t *m)      { return vos_mutex_unlock(m); }

#if OSAL_HAS_QUEUE
static inline void os_queue_init(os_queue_t *q, void *buf, unsigned item, unsigned n)
{
    vos_queue_init(q, buf, item, n);
}
static inline int os_queue_send(os_queue_t *q, const void *item) { return vos_queue_send(q, item, VOS_FOREVER); }
static inline int os_queue_send_isr(os_queue_t *q, const void *item) { return vos_queue_send_isr(q, item); }
static inline int os_queue_recv(os_queue_t *q, void *item)       { return vos_queue_recv(q, item, VOS_FOREVER); }
#endif

/* Wake on time (kernel/sleep.c, VOS_CFG_WAKE_LEAD): the wake_cpu_left row
 * (bench/timing.c) sets a periodic sleeper beside the same task waiting
 * for the same release time through a blocking call's timeout, which the
 * kernel never anticipates (the alarm at the deadline, no final wait):
 * the sleep with the lead off, in the same image. */
#define OSAL_HAS_WAKE_LEAD (VOS_CFG_WAKE_LEAD != 0)
#define OSAL_WAKE_LEAD_MAX VOS_CFG_WAKE_LEAD_MAX
static inline void os_wait_until_no_lead(os_sem_t *never_given, uint64_t t)
{
    uint64_t now = vos_now();
    if (t > now)
        (void)vos_sem_take(never_given, vos_cycles(t - now));
}

static inline void  os_heap_init(os_heap_t *h, void *mem, unsigned size) { vos_heap_init(h, mem, size); }
#define OSAL_HAS_HEAP_STATS 1
static inline void os_heap_usage(os_heap_t *h, unsigned *free_bytes, unsigned *min_free)
{
    vos_heap_stats_t st;
    vos_heap_stats(h, &st);
    *free_bytes = (unsigned)st.free_bytes;
    *min_free = (unsigned)st.min_free_bytes;
}
/* NULL when vos_heap_alloc fails: it leaves NULL in p on every error. */
static inline void *os_malloc(os_heap_t *h, unsigned size)
{
    void *p;
    (void)vos_heap_alloc(h, size, &p);
    return p;
}
static inline void  os_free(os_heap_t *h, void *p)         { vos_heap_free(h, p); }

/* Software timers and the scheduler lock (bench/timers.c). A timer's
 * callback gets the timer and its argument. */
#define OSAL_HAS_TIMER 1
typedef vos_timer_t os_timer_t;
typedef void (*os_timer_fn_t)(os_timer_t *tm, void *arg);
static inline void os_timer_init(os_timer_t *tm, os_timer_fn_t fn, void *arg, bool isr)
{
    vos_timer_init(tm, "bench", fn, arg, isr ? VOS_TIMER_ISR : 0u);
}
static inline void os_timer_start_at(os_timer_t *tm, uint64_t at, uint64_t period)
{
    vos_timer_start_at(tm, at, vos_cycles(period));
}
static inline void os_timer_start(os_timer_t *tm, uint64_t first, uint64_t period)
{
    vos_timer_start(tm, vos_cycles(first), vos_cycles(period));
}
static inline void os_timer_stop(os_timer_t *tm)       { vos_timer_stop(tm); }
static inline void os_timer_delete(os_timer_t *tm)     { vos_timer_delete(tm); }
static inline void os_timer_service(int prio, void *stack, unsigned size)
{
    vos_timer_service_start((unsigned)prio, stack, size);
}
static inline void os_timer_service_end(void)
{
    vos_task_t *t;
    if (vos_timer_service_task(&t) == VOS_OK)
        vos_task_terminate(t);
}
#define OSAL_HAS_SCHED_LOCK 1
static inline void os_sched_lock(void)                 { vos_sched_lock(); }
static inline void os_sched_unlock(void)               { vos_sched_unlock(); }

/* Instrumented builds (bench/main.c runs only what they measure). */
#define OSAL_CRIT_STATS VOS_CFG_CRIT_STATS
#define OSAL_TRACE      VOS_CFG_TRACE
#define OSAL_MPU        VOS_CFG_MPU
#define OSAL_RUNTIME_STATS VOS_CFG_RUNTIME_STATS

#if VOS_CFG_CRIT_STATS
/* Longest masked interval so far and where it ended; reset restarts it. */
static inline void os_crit_stats(uint32_t *max, uint32_t *count, const char **site, bool reset)
{
    struct vos_crit_stats st;
    (void)vos_crit_stats(&st, reset);
    *max = st.max;
    *count = st.count;
    *site = st.site ? st.site : "-";
}
#endif
#if VOS_CFG_TRACE
static inline void os_trace_marker(uint32_t id, uint32_t value) { vos_trace_marker(id, value); }
#endif

/* Interrupt levels (bench/osal.h): VOS_CFG_KERNEL_IRQ_PRIO is the
 * kernel's BASEPRI level; 0x80 is "kernel level" and 0xC0 below it, both
 * above the board's alarm (the kernel's timer, VOS_CFG_ALARM_IRQ_PRIO). */
#define OSAL_IRQ_PRIO_KERNEL       0x80
#define OSAL_IRQ_PRIO_KERNEL_LOW   0xC0
#define OSAL_HAS_ZERO_LATENCY      1
#define OSAL_IRQ_PRIO_ZERO_LATENCY 0x00
_Static_assert(OSAL_IRQ_PRIO_KERNEL >= VOS_CFG_KERNEL_IRQ_PRIO &&
               OSAL_IRQ_PRIO_KERNEL_LOW < VOS_CFG_ALARM_IRQ_PRIO &&
               OSAL_IRQ_PRIO_ZERO_LATENCY < VOS_CFG_KERNEL_IRQ_PRIO,
               "the bench's interrupt levels do not match the kernel's mask level");

/* tick_isr: the board's alarm handler (the kernel's timer interrupt)
 * records its own duration (boards/include/board.h). */
#define OSAL_HAS_TICK_ISR_STATS 1
static inline void os_tick_isr_reset(void)
{
    board_alarm_stats.max = 0;
    board_alarm_stats.count = 0;
}
static inline uint32_t os_tick_isr_max(void)           { return board_alarm_stats.max; }

/* A VAIOS stack is any 8-byte-aligned memory. */
#define OSAL_STACK_ANY_MEMORY 1
#define OSAL_STACK_DEFINE(sym, bytes)          uint64_t sym[(bytes) / 8]
#define OSAL_STACK_ARRAY_DEFINE(sym, n, bytes) uint64_t sym[n][(bytes) / 8]
#define OSAL_STACK_SIZEOF(sym)                 (sizeof(sym))

/* The cost of VAIOS's CMSIS-RTOS2 layer over the native calls
 * (bench/cmsis.c). */
#ifndef OSAL_HAS_CMSIS_ROWS
#define OSAL_HAS_CMSIS_ROWS 1
#endif
#define OSAL_HAS_TM_PORT 1      /* bench/os/vaios/tm_port.c */
#define OSAL_HAS_CHANNEL 1      /* bench/channel.c: vos_chan */
#define OSAL_HAS_WORKQ 1        /* bench/workq.c: vos_workq */

/* Sleeps are tickless: exact to the time base's cycle. */
static inline uint64_t os_sleep_resolution(void)       { return 1; }

/* Start the kernel with the one task already created (never returns). */
static inline void os_start(void)                      { vos_start(); }

/* The kernel's configuration, as "@VOS config" lines for the report. */
static inline void os_print_config(void)
{
    board_printf("@VOS config kernel=vaios version=%s clock_hz=%lu\n", VAIOS_VERSION,
                 (unsigned long)VOS_CFG_CLOCK_HZ);
    board_printf("@VOS config prio_levels=%d timeslice=%d stack_guard=%d checks=%d trace=%d "
                 "kernel_irq_prio=0x%x pi_depth=%d\n", VOS_CFG_PRIO_LEVELS, VOS_CFG_TIMESLICE,
                 VOS_CFG_STACK_GUARD, VOS_CFG_CHECKS, VOS_CFG_TRACE, VOS_CFG_KERNEL_IRQ_PRIO,
                 VOS_CFG_PI_DEPTH);
    /* The rest of what changes a figure (docs/results.schema.json asks
     * for every one): path length, footprint, allocator classes. */
    board_printf("@VOS config assert=%d crit_stats=%d idle_stack=%d heap_sl_log2=%d "
                 "heap_max_log2=%d\n", VOS_CFG_ASSERT, VOS_CFG_CRIT_STATS, VOS_CFG_IDLE_STACK,
                 VOS_CFG_HEAP_SL_LOG2, VOS_CFG_HEAP_MAX_LOG2);
    /* Wake on time: "auto" (calibrated), "off", or the fixed lead. */
    if (VOS_CFG_WAKE_LEAD < 0)
        board_printf("@VOS config wake_lead=auto wake_lead_max=%lu\n",
                     (unsigned long)VOS_CFG_WAKE_LEAD_MAX);
    else if (VOS_CFG_WAKE_LEAD == 0)
        board_printf("@VOS config wake_lead=off wake_lead_max=%lu\n",
                     (unsigned long)VOS_CFG_WAKE_LEAD_MAX);
    else
        board_printf("@VOS config wake_lead=%ld wake_lead_max=%lu\n", (long)VOS_CFG_WAKE_LEAD,
                     (unsigned long)VOS_CFG_WAKE_LEAD_MAX);
#if VOS_CFG_TRACE
    board_printf("@VOS config trace_records=%d trace_overwrite=%d trace_tasks=%d\n",
                 VOS_CFG_TRACE_RECORDS, VOS_CFG_TRACE_OVERWRITE, VOS_CFG_TRACE_TASKS);
#endif
}

#endif /* OSAL_IMPL_H */
