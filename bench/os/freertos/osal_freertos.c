/* SPDX-License-Identifier: MIT */
/*
 * The out-of-line half of the FreeRTOS backend (osal_impl.h): task
 * creation and end, the 64-bit time, object creation, the start and the
 * configuration lines. Our own code against FreeRTOS's public API.
 */
#include <stddef.h>
#include "osal.h"
#include "../common/counter64.h"

#define TLS_SELF 0      /* thread-local pointer index of a task's os_task_t */

_Static_assert(configNUM_THREAD_LOCAL_STORAGE_POINTERS > TLS_SELF,
               "the backend needs a thread-local storage pointer");
_Static_assert(configSUPPORT_STATIC_ALLOCATION == 1, "the backend creates every object statically");

/* The idle task of this configuration (no idle hook, no tickless idle)
 * runs FreeRTOS's own idle loop, which never sleeps: config idle=. */
extern const char vb_idle_mode[];
const char vb_idle_mode[] = "spin: FreeRTOS's idle task (no idle hook, no tickless idle)";

static void stop(const char *why)
{
    board_printf("!! bench: freertos: %s\n", why);
    board_exit(2);
}

static void trampoline(void *arg)
{
    os_task_t *t = arg;
    vTaskSetThreadLocalStoragePointer(NULL, TLS_SELF, t);
    t->fn(t->arg);
    os_task_exit();
}

int os_task_create(os_task_t *t, const char *name, void (*fn)(void *), void *arg, int prio,
                   void *stack, unsigned size)
{
    if (prio < 1 || prio > OSAL_PRIO_MAX)
        return -1;
    t->fn = fn;
    t->arg = arg;
    t->ended = false;
    t->done = false;
    t->h = xTaskCreateStatic(trampoline, name, size / sizeof(StackType_t), t,
                             (UBaseType_t)prio, (StackType_t *)stack, &t->tcb);
    return t->h != NULL ? 0 : -1;
}

/* Ends the calling task: marked, then suspended for good (a stray resume
 * suspends it again) until os_task_done deletes it. */
void os_task_exit(void)
{
    os_task_t *t = pvTaskGetThreadLocalStoragePointer(NULL, TLS_SELF);
    t->ended = true;
    for (;;)
        vTaskSuspend(NULL);
}

/* Deleting another task unlinks it at once, so its static memory may be
 * reused when this returns true. Task context, never the task itself. */
bool os_task_done(os_task_t *t)
{
    if (t->done)
        return true;
    if (!t->ended || eTaskGetState(t->h) != eSuspended)
        return false;
    vTaskDelete(t->h);
    t->done = true;
    return true;
}

void os_start(void)
{
    board_counter_start();
    vTaskStartScheduler();
    stop("vTaskStartScheduler returned");
    for (;;)
        ;
}

/* board_cycles() extended by counting wraps, in a critical section. */
static uint32_t last_lo, wraps;

uint64_t os_now(void)
{
    taskENTER_CRITICAL();
    uint64_t t = vb_counter64(board_cycles(), &last_lo, &wraps);
    taskEXIT_CRITICAL();
    return t;
}

/* Where the tick edges fall on the board's counter: the edge of tick count
 * `edge_tick` (SysTick's reload, whose interrupt counts it) came at
 * `edge_cycles`, and an edge comes every `tick_cycles`. The period is
 * measured over TICK_CAL ticks (`measured`, printed as config
 * tick_measured); within 0.1 % of the configured one (OSAL_TICK_CYCLES:
 * SysTick at configCPU_CLOCK_HZ) the configured period is used, exact, so
 * that no error accumulates over a run; otherwise configCPU_CLOCK_HZ is
 * not SysTick's clock and the run is refused. The edge itself is read from SysTick's
 * current value (the Cortex-M core's timer, which the port runs), not
 * from a wake-up, whose latency varies. Located once, by the first sleep. */
#define TICK_CAL 100u
#define SYST_LOAD      (*(volatile uint32_t *)0xE000E014u)
#define SYST_VAL       (*(volatile uint32_t *)0xE000E018u)
#define SCB_ICSR       (*(volatile uint32_t *)0xE000ED04u)
#define ICSR_PENDSTSET (1u << 26)
static TickType_t edge_tick;
static uint64_t edge_cycles, tick_cycles, measured;

static void tick_locate(void)
{
    vTaskDelay(1);                          /* start on an edge */
    uint64_t c0 = os_now();
    TickType_t t0 = xTaskGetTickCount();
    vTaskDelay(TICK_CAL);
    uint64_t c1 = os_now();
    measured = (c1 - c0) / (uint64_t)(xTaskGetTickCount() - t0);
    uint64_t diff = measured > OSAL_TICK_CYCLES ? measured - OSAL_TICK_CYCLES
                                                : OSAL_TICK_CYCLES - measured;
    /* A tick more than 0.1 % off the configured one: configCPU_CLOCK_HZ is
     * not SysTick's clock, and every sleep would be off by as much. The
     * run is refused (bench/osal.h: the kernel's time and the board's
     * counter at one rate). */
    if (diff > OSAL_TICK_CYCLES / 1000u) {
        board_printf("!! bench: freertos: a tick lasts %lu counts of the board's counter, "
                     "configTICK_RATE_HZ and configCPU_CLOCK_HZ say %lu: refused\n",
                     (unsigned long)measured, (unsigned long)OSAL_TICK_CYCLES);
        board_exit(2);
    }
    tick_cycles = OSAL_TICK_CYCLES;
    /* SysTick's interrupt is masked here: a reload that happened but is
     * not yet counted is pending, and belongs to the next tick count. */
    for (;;) {
        taskENTER_CRITICAL();
        bool pend = (SCB_ICSR & ICSR_PENDSTSET) != 0;
        uint64_t c = os_now();
        uint32_t v = SYST_VAL;
        bool pend2 = (SCB_ICSR & ICSR_PENDSTSET) != 0;
        TickType_t k = xTaskGetTickCount();
        taskEXIT_CRITICAL();
        if (pend != pend2)
            continue;                       /* a reload between the reads */
        uint64_t since = (uint64_t)(SYST_LOAD - v) * BOARD_CYCLES_HZ / configCPU_CLOCK_HZ;
        edge_cycles = c - since;
        edge_tick = pend ? (TickType_t)(k + 1) : k;
        return;
    }
}

/* To the first tick edge at or after t: vTaskDelay to that tick count, so
 * the task runs again at least at t (the wake path comes on top), and one
 * tick more in the rare case it did not. Task
 * context. The call to os_now also keeps its count of counter wraps: a
 * task that only sleeps (loop_1khz's, for 10 s) calls nothing else of the
 * time base. */
void os_sleep_until(uint64_t t)
{
    if (tick_cycles == 0)
        tick_locate();
    if (t <= os_now())
        return;
    uint64_t n = (t - edge_cycles + tick_cycles - 1) / tick_cycles;
    TickType_t target = (TickType_t)(edge_tick + (TickType_t)n);
    TickType_t now = xTaskGetTickCount();
    TickType_t ahead = (TickType_t)(target - now);
    if (ahead != 0 && ahead < ((TickType_t)1 << 31))    /* a tick still to come */
        vTaskDelay(ahead);
    /* The edges are located once: should the emulated or real SysTick's
     * period differ from the configured one by a fraction of a cycle, an
     * edge may come before t; the next one does not. */
    while (os_now() < t)
        vTaskDelay(1);
}

static uint32_t os_tick_measured(void)
{
    if (tick_cycles == 0)
        tick_locate();
    return (uint32_t)measured;
}

void os_sem_init(os_sem_t *s, unsigned init, unsigned max)
{
    if (s->h != NULL)
        vSemaphoreDelete(s->h);
    s->h = xSemaphoreCreateCountingStatic((UBaseType_t)max, (UBaseType_t)init, &s->buf);
    if (s->h == NULL)
        stop("xSemaphoreCreateCountingStatic failed");
}

void os_mutex_init(os_mutex_t *m)
{
    if (m->h != NULL)
        vSemaphoreDelete(m->h);
    m->h = xSemaphoreCreateMutexStatic(&m->buf);
    if (m->h == NULL)
        stop("xSemaphoreCreateMutexStatic failed");
}

void os_queue_init(os_queue_t *q, void *buf, unsigned item, unsigned n)
{
    if (q->h != NULL)
        vQueueDelete(q->h);
    q->h = xQueueCreateStatic((UBaseType_t)n, (UBaseType_t)item, (uint8_t *)buf, &q->buf);
    if (q->h == NULL)
        stop("xQueueCreateStatic failed");
}

/* The configuration, and the tick's length measured on the board's
 * counter (a configCPU_CLOCK_HZ that is not the SysTick clock shows here). */
void os_print_config(void)
{
    uint32_t tick = os_tick_measured();
    board_printf("@VOS config kernel=freertos version=%s clock_hz=%lu tick_hz=%lu "
                 "tick_measured=%lu cpu_clock_hz=%lu\n", tskKERNEL_VERSION_NUMBER,
                 (unsigned long)BOARD_CYCLES_HZ, (unsigned long)configTICK_RATE_HZ,
                 (unsigned long)tick, (unsigned long)configCPU_CLOCK_HZ);
    board_printf("@VOS config prio_levels=%d preemption=%d port_optimised=%d time_slicing=%d "
                 "heap=heap_4 heap_size=%lu max_syscall_prio=0x%x kernel_irq_prio=0x%x "
                 "assert=%d trace=%d\n", configMAX_PRIORITIES, configUSE_PREEMPTION,
                 configUSE_PORT_OPTIMISED_TASK_SELECTION, configUSE_TIME_SLICING,
                 (unsigned long)configTOTAL_HEAP_SIZE,
                 (unsigned)configMAX_SYSCALL_INTERRUPT_PRIORITY,
                 (unsigned)configKERNEL_INTERRUPT_PRIORITY, configASSERT_DEFINED,
                 configUSE_TRACE_FACILITY);
}
