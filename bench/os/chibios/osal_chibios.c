/* SPDX-License-Identifier: MIT */
/*
 * The ChibiOS/RT backend's functions (osal_impl.h says what each maps
 * to), the kernel's start on the board, and the system timer that
 * ChibiOS's tickless mode asks of its port: the stXxx functions that the
 * port's chcore_timer.h (os/hal/osal/rt-nil in a ChibiOS tree) calls, on
 * the emulated board's timers.
 *
 * System timer: the counter is TIM2, 32-bit, free-running at the board's
 * rate (board_counter_start); ChibiOS's systime_t is its value. The alarm
 * is TIM5's update interrupt, driven as QEMU's STM32 timer model behaves
 * (docs/benchmark.md, "the instrument"; boards/netduinoplus2/timebase.c
 * does the same for VAIOS): CNT, EGR and PSC are never written; a write
 * of ARR = X raises the update X counts after the write, so the delay is
 * taken from a counter read a fixed two instructions before the write
 * (boards/netduinoplus2/tim_arm.h). A time already reached pends the
 * interrupt at once. TIM2's own update interrupt, once per wrap, reads the
 * time so that os_now's 64-bit extension never misses a wrap.
 *
 * Start: main() runs on the main stack. ChibiOS's ARMv7-M port runs
 * threads on the process stack (its interrupt epilogue builds the switch
 * frame there), so os_start moves to a process stack of its own first,
 * then calls chSysInit, which makes that code the kernel's main thread.
 */
#include <stdint.h>
#include "osal.h"
#include "../common/counter64.h"
#include "nvic.h"
#include "stm32f4_vectors.h"
#include "tim_arm.h"

#define ALARM_MIN_DELTA  16u    /* nearer than this: pend the interrupt at once */

_Static_assert(TIM2_BASE == 0x40000000u && TIM5_BASE == 0x40000C00u,
               "the backend's system timer is written for the STM32F4's TIM2 and TIM5");

/* --- Time ---------------------------------------------------------------------------- */

/* ChibiOS's idle thread spins (CORTEX_ENABLE_WFI_IDLE FALSE, the port's
 * default): virtual time passes instruction by instruction, exactly. */
extern const char vb_idle_mode[];
const char vb_idle_mode[] = "spin: ChibiOS's idle thread without WFI (CORTEX_ENABLE_WFI_IDLE FALSE)";
_Static_assert(CORTEX_ENABLE_WFI_IDLE == FALSE, "the measurement needs a spinning idle thread");

static uint32_t last_lo, wraps;

uint64_t os_now(void)
{
    syssts_t sts = chSysGetStatusAndLockX();
    uint64_t t = vb_counter64(board_cycles(), &last_lo, &wraps);
    chSysRestoreStatusX(sts);
    return t;
}

/* Sleeps end at the exact counter value: chThdSleepUntil takes the 32-bit
 * system time, so a deadline more than 2^31 counts ahead is approached in
 * steps. */
void os_sleep_until(uint64_t t)
{
    for (;;) {
        uint64_t now = os_now();
        if (now >= t)
            return;
        if (t - now < (1ull << 31)) {
            chThdSleepUntil((systime_t)t);
            return;
        }
        chThdSleep((sysinterval_t)(1u << 30));
    }
}

/* TIM2 update, once per counter wrap (kernel level, no kernel call). */
void TIM2_IRQHandler(void)
{
    REG32(TIM2_BASE + TIM_SR) = 0;
    (void)os_now();
}

/* --- The port's system timer (chcore_timer.h) ------------------------------------------ */

static systime_t alarm_at;

systime_t stGetCounter(void)
{
    return board_cycles();
}

systime_t stGetAlarm(void)
{
    return alarm_at;
}

/* Called with the kernel locked. */
void stSetAlarm(systime_t time)
{
    alarm_at = time;
    REG32(TIM5_BASE + TIM_CR1) = TIM_CR1_CEN;
    uint32_t ahead = time - board_cycles();
    if ((int32_t)ahead <= (int32_t)ALARM_MIN_DELTA) {
        nvic_pend(IRQ_TIM5);
        return;
    }
    /* Exactly at time (tim_arm.h); reached since the read above: pend. */
    if (tim_arm_at(TIM5_BASE, time) <= 0)
        nvic_pend(IRQ_TIM5);
}

void stStartAlarm(systime_t time)
{
    stSetAlarm(time);
}

void stStopAlarm(void)
{
    REG32(TIM5_BASE + TIM_CR1) = 0;
    nvic_unpend(IRQ_TIM5);
}

/* The kernel's timer interrupt. */
CH_IRQ_HANDLER(TIM5_IRQHandler)
{
    CH_IRQ_PROLOGUE();
    REG32(TIM5_BASE + TIM_CR1) = 0;     /* one-shot: no periodic repeat */
    REG32(TIM5_BASE + TIM_SR) = 0;
    chSysLockFromISR();
    chSysTimerHandlerI();
    chSysUnlockFromISR();
    CH_IRQ_EPILOGUE();
}

/* The rescheduling line: pended by an _isr call that made a more urgent
 * thread ready, it runs last, as the handlers return to thread mode, and
 * its epilogue makes the switch. */
static void resched_handler(void)
{
    CH_IRQ_PROLOGUE();
    CH_IRQ_EPILOGUE();
}

void osal_chibios_resched(void)
{
    board_swi_pend(OSAL_CHIBIOS_RESCHED_SWI);
}

/* The board's vector table names PendSV_Handler for the kernel's port;
 * ChibiOS's ARMv7-M port uses PendSV only in its compact mode
 * (CORTEX_SIMPLIFIED_PRIORITY), which this configuration does not use. */
void PendSV_Handler(void)
{
    osal_chibios_halt("PendSV outside ChibiOS's compact mode");
}

void osal_chibios_halt(const char *reason)
{
    board_printf("!! bench: ChibiOS halted: %s\n", reason != NULL ? reason : "?");
    board_exit(3);
}

/* --- Tasks ------------------------------------------------------------------------------ */

static void trampoline(void *arg)
{
    os_task_t *t = arg;
    chThdGetSelfX()->vb_task = t;
    t->fn(t->arg);
    chThdExit(MSG_OK);
}

/* The tasks created before the kernel starts (main()'s), created by
 * os_start once it has. */
#define EARLY_MAX 2
static struct {
    os_task_t *t;
    const char *name;
    void (*fn)(void *);
    void *arg;
    int prio;
    void *stack;
    unsigned size;
} early[EARLY_MAX];
static int nearly;
static bool started;

int os_task_create(os_task_t *t, const char *name, void (*fn)(void *), void *arg, int prio,
                   void *stack, unsigned size)
{
    if (prio < 1 || prio > OSAL_PRIO_MAX)
        return -1;
    if (!started) {
        if (nearly == EARLY_MAX)
            return -1;
        early[nearly].t = t;
        early[nearly].name = name;
        early[nearly].fn = fn;
        early[nearly].arg = arg;
        early[nearly].prio = prio;
        early[nearly].stack = stack;
        early[nearly].size = size;
        nearly++;
        return 0;
    }
    t->fn = fn;
    t->arg = arg;
    t->susp = NULL;
    (void)name;
    t->tp = chThdCreateStatic(stack, size, (tprio_t)(OSAL_PRIO_BASE + prio), trampoline, t);
    return t->tp != NULL ? 0 : -1;
}

/* ChibiOS/RT has no call that ends another thread (chThdTerminate only
 * raises a flag the thread must poll, which a Thread-Metric loop does
 * not). The thread is below the caller, so not running: in the kernel
 * lock it is unlinked from the ready list if it is there, or forgotten by
 * its suspension reference, and marked CH_STATE_FINAL, the state
 * chThdExitS leaves a thread in (no registry, nobody waits for it). */
void os_task_kill(os_task_t *t)
{
    chSysLock();
    thread_t *tp = t->tp;
    if (tp->state == CH_STATE_READY)
        (void)ch_queue_dequeue(&tp->hdr.queue);
    else if (tp->state == CH_STATE_SUSPENDED)
        t->susp = NULL;
    tp->state = CH_STATE_FINAL;
    chSysUnlock();
}

/* Runs on the process stack, as ChibiOS's main thread. */
static void __attribute__((noreturn)) kernel_main(void)
{
    chSysInit();
    started = true;
    board_swi_init(OSAL_CHIBIOS_RESCHED_SWI, OSAL_CHIBIOS_RESCHED_PRIO, resched_handler);
    for (int i = 0; i < nearly; i++)
        if (os_task_create(early[i].t, early[i].name, early[i].fn, early[i].arg, early[i].prio,
                           early[i].stack, early[i].size) != 0)
            osal_chibios_halt("cannot create the first tasks");
    /* The main thread has nothing more to do. */
    for (;;)
        chThdSleep(TIME_INFINITE);
}

static THD_WORKING_AREA(main_thread_wa, 1024);

/* Switch thread mode to the process stack at top and continue in next. */
static void __attribute__((naked, noreturn)) to_process_stack(uint32_t top __attribute__((unused)),
                                                               void (*next)(void) __attribute__((unused)))
{
    __asm__ volatile(
        "msr  psp, r0          \n\t"   /* the process stack pointer: top */
        "mrs  r0, control      \n\t"
        "orr  r0, r0, #2       \n\t"   /* CONTROL.SPSEL = 1: thread mode on PSP */
        "msr  control, r0      \n\t"
        "isb                   \n\t"   /* the next instruction uses the new stack */
        "bx   r1               \n\t"); /* continue in next, never to return */
}

void os_start(void)
{
    board_counter_start();
    REG32(TIM2_BASE + TIM_DIER) = TIM_DIER_UIE;        /* once per wrap: os_now's keep-alive */
    nvic_set_priority(IRQ_TIM2, OSAL_CHIBIOS_ALARM_PRIO);
    nvic_enable(IRQ_TIM2);
    tim_arm_init(TIM5_BASE, IRQ_TIM5, OSAL_CHIBIOS_ALARM_PRIO);
    to_process_stack((uint32_t)((uint8_t *)main_thread_wa + sizeof main_thread_wa), kernel_main);
}

/* --- Queues ------------------------------------------------------------------------------ */

void os_queue_init(os_queue_t *q, void *buf, unsigned item, unsigned n)
{
    if (n > OSAL_QUEUE_MAX)
        osal_chibios_halt("a queue longer than OSAL_QUEUE_MAX");
    q->item = item;
    if (item == sizeof(msg_t))
        chMBObjectInit(&q->mb, q->slots, n);
    else
        chFifoObjectInitAligned(&q->fifo, item, n, sizeof(uint32_t), buf, q->slots);
}

void os_print_config(void)
{
    board_printf("@VOS config kernel=chibios version=%s clock_hz=%lu st_frequency=%lu "
                 "st_timedelta=%d time_quantum=%d\n", CH_KERNEL_VERSION,
                 (unsigned long)BOARD_CYCLES_HZ, (unsigned long)CH_CFG_ST_FREQUENCY,
                 (int)CH_CFG_ST_TIMEDELTA, (int)CH_CFG_TIME_QUANTUM);
    board_printf("@VOS config prio_levels=%d checks=%d asserts=%d kernel_basepri=0x%x "
                 "fast_prios=%d fpu=%d idle=spin\n", 256, CH_DBG_ENABLE_CHECKS,
                 CH_DBG_ENABLE_ASSERTS, (unsigned)CORTEX_BASEPRI_KERNEL,
                 (int)CORTEX_FAST_PRIORITIES, (int)CORTEX_USE_FPU);
}
