/* SPDX-License-Identifier: MIT */
/*
 * The out-of-line half of the Zephyr backend (osal_impl.h says what each
 * call maps to): task creation and end, the 64-bit time and the sleeps,
 * the run's start, the checks that refuse a run whose clocks disagree,
 * and the configuration lines. Our own code against Zephyr's public API.
 *
 * Start: Zephyr's start-up runs main() (the harness's, bench/main.c) in
 * its main thread, kernel running. main() creates the bench task, then
 * calls os_start, which (before any figure) starts the board's counter,
 * places the board's interrupt handlers in Zephyr's vector table, checks
 * the kernel's interrupt mask and timer rate against the board, starts the
 * spinning idle thread and the tasks created so far, and leaves the main
 * thread asleep for good.
 */
#include <stddef.h>
#include <zephyr/init.h>
#include <zephyr/kernel_version.h>
#include "osal.h"
#include "../common/counter64.h"
#include "stm32f4_vectors.h"
#include "osal_zephyr_board.h"

/* --- Idle ------------------------------------------------------------------------------- */

/* Zephyr's idle thread waits in WFI (k_cpu_idle), which the emulator's
 * sleep=off skip makes inexact; a thread just above it that never blocks
 * keeps it from running. */
extern const char vb_idle_mode[];
const char vb_idle_mode[] = "spin: a harness thread at K_LOWEST_APPLICATION_THREAD_PRIO "
                            "keeps Zephyr's WFI idle from running";
static K_THREAD_STACK_DEFINE(spin_stack, 512);
static struct k_thread spin_thread;

static void spin_entry(void *p1, void *p2, void *p3)
{
    (void)p1;
    (void)p2;
    (void)p3;
    vz_spin();
}

/* --- Time ------------------------------------------------------------------------------- */

/* board_cycles() extended by counting wraps, in Zephyr's interrupt lock;
 * the counter's wrap interrupt calls it too, so no wrap is missed. */
static uint32_t last_lo, wraps;

uint64_t os_now(void)
{
    unsigned int key = irq_lock();
    uint64_t t = vb_counter64(board_cycles(), &last_lo, &wraps);
    irq_unlock(key);
    return t;
}

void vz_counter_wrapped(void)
{
    (void)os_now();
}

/* Until the board's counter reaches t: a sleep to the Zephyr tick found
 * from an anchor read now (osal_zephyr_time.h), so each sleep maps the
 * counter afresh and no error accumulates; should the wake come before t
 * all the same (a timer rate off by less than the check's 0.1 %), one more
 * sleep from a new anchor. Task context. */
void os_sleep_until(uint64_t t)
{
    for (;;) {
        uint64_t b0 = os_now();
        if (b0 >= t)
            return;
        int64_t k0 = k_uptime_ticks();
        int64_t at = vz_tick_for(t, b0, k0, BOARD_CYCLES_HZ, CONFIG_SYS_CLOCK_TICKS_PER_SEC);
        (void)k_sleep(K_TIMEOUT_ABS_TICKS(at));
    }
}

/* --- The clocks, checked before the first figure -------------------------------------------- */

/* The kernel's timer (SysTick at CONFIG_SYS_CLOCK_HW_CYCLES_PER_SEC, the
 * rate every Zephyr timeout is converted with) and the board's counter
 * (BOARD_CYCLES_HZ, every figure) must agree: a board whose SysTick runs
 * at another rate than the one Zephyr is told would "complete" with every
 * sleep off by the ratio. Over RATE_CHECK_MS of busy time both Zephyr's
 * cycle count and its tick count are compared with what the stated rates
 * predict from the board's counter; a difference of more than 0.1 %
 * refuses the run. Thread context, the counter running. */
#define RATE_CHECK_MS 2u
static uint32_t seen_cycles, seen_ticks, seen_counts;

static void rate_check(void)
{
    uint32_t span = (uint32_t)((uint64_t)BOARD_CYCLES_HZ / 1000u * RATE_CHECK_MS);
    unsigned int key = irq_lock();
    uint32_t c0 = board_cycles();
    uint32_t z0 = k_cycle_get_32();
    int64_t k0 = k_uptime_ticks();
    irq_unlock(key);
    while ((uint32_t)(board_cycles() - c0) < span)
        ;
    key = irq_lock();
    uint32_t c1 = board_cycles();
    uint32_t z1 = k_cycle_get_32();
    int64_t k1 = k_uptime_ticks();
    irq_unlock(key);
    seen_counts = c1 - c0;
    seen_cycles = z1 - z0;
    seen_ticks = (uint32_t)(k1 - k0);
    if (!vz_rate_matches(seen_cycles, seen_counts, sys_clock_hw_cycles_per_sec(), BOARD_CYCLES_HZ)) {
        board_printf("!! bench: zephyr: over %lu counts of the board's counter (%lu Hz) Zephyr's "
                     "timer counted %lu cycles, where sys_clock_hw_cycles_per_sec() = %lu Hz "
                     "says %lu: refused (its timer rate is not the board's; README.md)\n",
                     (unsigned long)seen_counts, (unsigned long)BOARD_CYCLES_HZ,
                     (unsigned long)seen_cycles, (unsigned long)sys_clock_hw_cycles_per_sec(),
                     (unsigned long)((uint64_t)seen_counts * sys_clock_hw_cycles_per_sec() /
                                     BOARD_CYCLES_HZ));
        board_exit(2);
    }
    if (!vz_rate_matches(seen_ticks, seen_counts, CONFIG_SYS_CLOCK_TICKS_PER_SEC, BOARD_CYCLES_HZ)) {
        board_printf("!! bench: zephyr: over %lu counts of the board's counter Zephyr's uptime "
                     "advanced %lu ticks at %lu ticks/s: refused (README.md)\n",
                     (unsigned long)seen_counts, (unsigned long)seen_ticks,
                     (unsigned long)CONFIG_SYS_CLOCK_TICKS_PER_SEC);
        board_exit(2);
    }
}

/* The harness's NVIC levels against Zephyr's interrupt lock: the
 * kernel-level ones must be masked by irq_lock() (at or below BASEPRI's
 * level, numerically not smaller), the zero-latency one above it. */
static uint32_t lock_basepri;

static void mask_check(void)
{
    unsigned int key = irq_lock();
    lock_basepri = vz_basepri();
    irq_unlock(key);
    if (lock_basepri == 0u || OSAL_IRQ_PRIO_KERNEL < lock_basepri ||
        OSAL_IRQ_PRIO_KERNEL_LOW < lock_basepri || OSAL_ZEPHYR_WRAP_PRIO < lock_basepri ||
        OSAL_IRQ_PRIO_ZERO_LATENCY >= lock_basepri) {
        board_printf("!! bench: zephyr: irq_lock() masks at BASEPRI 0x%lx; the harness's levels "
                     "(kernel 0x%x, 0x%x, zero-latency 0x%x) do not fit it: refused\n",
                     (unsigned long)lock_basepri, (unsigned)OSAL_IRQ_PRIO_KERNEL,
                     (unsigned)OSAL_IRQ_PRIO_KERNEL_LOW, (unsigned)OSAL_IRQ_PRIO_ZERO_LATENCY);
        board_exit(2);
    }
}

/* --- Tasks ----------------------------------------------------------------------------------- */

static void trampoline(void *p1, void *p2, void *p3)
{
    (void)p2;
    (void)p3;
    os_task_t *t = p1;
    t->fn(t->arg);
    /* Returning ends the thread: Zephyr aborts it. */
}

/* Tasks created before os_start (main()'s bench task) wait, created with
 * K_FOREVER, until the counter runs and the checks have passed. */
#define EARLY_MAX 2
static os_task_t *early[EARLY_MAX];
static int nearly;
static bool started;

int os_task_create(os_task_t *t, const char *name, void (*fn)(void *), void *arg, int prio,
                   void *stack, unsigned size)
{
    (void)name;     /* CONFIG_THREAD_NAME is off */
    if (prio < 1 || prio > OSAL_PRIO_MAX)
        return -1;
    if (!started && nearly == EARLY_MAX)
        return -1;
    t->fn = fn;
    t->arg = arg;
    (void)k_thread_create(&t->thread, (k_thread_stack_t *)stack, size, trampoline, t, NULL, NULL,
                          OSAL_ZEPHYR_PRIO(prio), K_FP_REGS, started ? K_NO_WAIT : K_FOREVER);
    if (!started)
        early[nearly++] = t;
    return 0;
}

void os_task_exit(void)
{
    k_thread_abort(k_current_get());
    for (;;)
        ;           /* not reached: a thread's own abort does not return */
}

/* --- The start --------------------------------------------------------------------------------- */

/* The board's handlers as Zephyr's vectors: the priority given here is
 * Zephyr's default; the board's own calls (board_irq_start,
 * board_swi_init, board_swi_direct_init) set the harness's levels. */
static void vectors_place(void)
{
    IRQ_DIRECT_CONNECT(IRQ_TIM2, 0, TIM2_IRQHandler, 0);
    IRQ_DIRECT_CONNECT(IRQ_TIM3, 0, TIM3_IRQHandler, 0);
    IRQ_DIRECT_CONNECT(IRQ_TIM4, 0, TIM4_IRQHandler, 0);
    IRQ_DIRECT_CONNECT(IRQ_SWI0, 0, BOARD_IRQ_HANDLER(IRQ_SWI0_LINE), 0);
    IRQ_DIRECT_CONNECT(IRQ_SWI1, 0, BOARD_IRQ_HANDLER(IRQ_SWI1_LINE), 0);
    /* The direct software lines: 0 and 1 are Thread-Metric's interrupt
     * tests (bench/threadmetric.c), 2 and 3 the suite's own (bench/tm_suite.c,
     * the check image only). */
    IRQ_DIRECT_CONNECT(IRQ_SWID0, 0, BOARD_SWI_DIRECT_HANDLER(0), 0);
    IRQ_DIRECT_CONNECT(IRQ_SWID1, 0, BOARD_SWI_DIRECT_HANDLER(1), 0);
#if defined(CONFIG_VAIOS_BENCH_TM_SUITE)
    IRQ_DIRECT_CONNECT(IRQ_SWID2, 0, BOARD_SWI_DIRECT_HANDLER(2), 0);
    IRQ_DIRECT_CONNECT(IRQ_SWID3, 0, BOARD_SWI_DIRECT_HANDLER(3), 0);
#endif
}

void os_start(void)
{
    vectors_place();
    vz_counter_start(OSAL_ZEPHYR_WRAP_PRIO);
    mask_check();
    rate_check();
    (void)k_thread_create(&spin_thread, spin_stack, K_THREAD_STACK_SIZEOF(spin_stack), spin_entry,
                          NULL, NULL, NULL, K_LOWEST_APPLICATION_THREAD_PRIO, 0, K_NO_WAIT);
    started = true;
    for (int i = 0; i < nearly; i++)
        k_thread_start(&early[i]->thread);
    /* The main thread's work is done; it stays asleep (not ended, so that
     * nothing of Zephyr's start-up is torn down under the run). */
    for (;;)
        (void)k_sleep(K_FOREVER);
}

/* --- Console ------------------------------------------------------------------------------------ */

#if defined(CONFIG_PRINTK)
/* Zephyr's printk (a fault report, an assertion) on the board's console,
 * the semihosting channel the harness's own lines use. */
extern void __printk_hook_install(int (*fn)(int));

static int console_init(void)
{
    __printk_hook_install(vz_console_putc);
    return 0;
}
SYS_INIT(console_init, PRE_KERNEL_1, 0);
#endif

/* --- Configuration --------------------------------------------------------------------------------- */

void os_print_config(void)
{
    uint32_t v = sys_kernel_version_get();
    board_printf("@VOS config kernel=zephyr version=%u.%u.%u clock_hz=%lu hw_cycles_hz=%lu "
                 "ticks_hz=%lu\n", (unsigned)SYS_KERNEL_VER_MAJOR(v),
                 (unsigned)SYS_KERNEL_VER_MINOR(v), (unsigned)SYS_KERNEL_VER_PATCHLEVEL(v),
                 (unsigned long)BOARD_CYCLES_HZ, (unsigned long)sys_clock_hw_cycles_per_sec(),
                 (unsigned long)CONFIG_SYS_CLOCK_TICKS_PER_SEC);
    board_printf("@VOS config rate_check_counts=%lu rate_check_cycles=%lu rate_check_ticks=%lu "
                 "irq_lock_basepri=0x%lx\n", (unsigned long)seen_counts,
                 (unsigned long)seen_cycles, (unsigned long)seen_ticks,
                 (unsigned long)lock_basepri);
    board_printf("@VOS config tickless=%d timeslicing=%d sched=%s preempt_prios=%d "
                 "pi_transitive=%d assert=%d fpu_sharing=%d stack_guard=%d\n",
                 IS_ENABLED(CONFIG_TICKLESS_KERNEL), IS_ENABLED(CONFIG_TIMESLICING),
                 IS_ENABLED(CONFIG_SCHED_MULTIQ) ? "multiq"
                 : IS_ENABLED(CONFIG_SCHED_SCALABLE) ? "scalable" : "simple",
                 CONFIG_NUM_PREEMPT_PRIORITIES, OSAL_PI_TRANSITIVE, IS_ENABLED(CONFIG_ASSERT),
                 IS_ENABLED(CONFIG_FPU_SHARING), IS_ENABLED(CONFIG_HW_STACK_PROTECTION));
}
