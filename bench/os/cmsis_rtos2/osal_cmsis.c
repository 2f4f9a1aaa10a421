/* SPDX-License-Identifier: MIT */
/*
 * The out-of-line half of the CMSIS-RTOS2 backend (osal_impl.h): task
 * creation and end, the 64-bit time, object creation, the start and the
 * configuration lines. Nothing here runs inside a measurement window
 * except os_now, which the families read only outside them.
 */
#include <stddef.h>
#include "osal.h"

#define OSAL_CMSIS_STR_(x) #x
#define OSAL_CMSIS_STR(x) OSAL_CMSIS_STR_(x)

uint32_t osal_cmsis_tick_counts, osal_cmsis_timer_hz;

static void stop(const char *why)
{
    board_printf("!! bench: cmsis_rtos2: %s\n", why);
    board_exit(2);
}

/* The kernel is initialised by the first creation (main() creates the
 * bench task before os_start), as CMSIS-RTOS2 requires. */
static void kernel_init(void)
{
    if (osKernelGetState() != osKernelInactive)
        return;
    if (osKernelInitialize() != osOK)
        stop("osKernelInitialize failed");
    osal_cmsis_timer_hz = osKernelGetSysTimerFreq();
    uint32_t tick_hz = osKernelGetTickFreq();
    if (osal_cmsis_timer_hz == 0 || tick_hz == 0 || osal_cmsis_timer_hz % tick_hz != 0)
        stop("the system timer rate is not a whole multiple of the tick rate");
    osal_cmsis_tick_counts = osal_cmsis_timer_hz / tick_hz;
}

static void trampoline(void *arg)
{
    os_task_t *t = arg;
    t->fn(t->arg);
    osThreadExit();
}

int os_task_create(os_task_t *t, const char *name, void (*fn)(void *), void *arg, int prio,
                   void *stack, unsigned size)
{
    kernel_init();
    if (prio < 1 || prio > OSAL_PRIO_MAX)
        return -(int)osErrorParameter;
    t->fn = fn;
    t->arg = arg;
    t->done = false;
    const osThreadAttr_t a = {
        .name = name,
        .attr_bits = osThreadJoinable,
        .stack_mem = stack,
        .stack_size = size,
        .priority = osal_cmsis_prio(prio),
#ifdef OSAL_CMSIS_THREAD_CB_SIZE
        .cb_mem = t->cb,
        .cb_size = sizeof t->cb,
#endif
    };
    t->id = osThreadNew(trampoline, t, &a);
    return t->id != NULL ? 0 : (int)osErrorNoMemory;
}

/* Ended: terminated (its stack no longer in use), then detached, which
 * gives its control block back to the kernel. */
bool os_task_done(os_task_t *t)
{
    if (t->done)
        return true;
    if (osThreadGetState(t->id) != osThreadTerminated)
        return false;
    (void)osThreadDetach(t->id);
    t->done = true;
    return true;
}

void os_start(void)
{
    kernel_init();
    (void)osKernelStart();
    stop("osKernelStart returned");
    for (;;)
        ;
}

/* The 32-bit system timer extended by counting wraps: the last count
 * read and the wraps seen, updated with the scheduler locked (os_now is
 * never called from an interrupt handler). */
static uint32_t last_lo, wraps;

uint64_t os_now(void)
{
    int32_t lock = osKernelLock();
    uint32_t lo = osKernelGetSysTimerCount();
    if (lo < last_lo)
        wraps++;
    last_lo = lo;
    uint64_t t = ((uint64_t)wraps << 32) | lo;
    (void)osKernelRestoreLock(lock);
    return t;
}

void os_sleep_until(uint64_t t)
{
    uint64_t tick = (t + osal_cmsis_tick_counts - 1) / osal_cmsis_tick_counts;
    uint64_t now = os_now() / osal_cmsis_tick_counts;
    if (tick > now)
        (void)osDelayUntil((uint32_t)tick);
}

void os_sem_init(os_sem_t *s, unsigned init, unsigned max)
{
    if (s->id != NULL)
        (void)osSemaphoreDelete(s->id);
    s->id = osSemaphoreNew(max, init, NULL);
    if (s->id == NULL)
        stop("osSemaphoreNew failed");
}

void os_mutex_init(os_mutex_t *m)
{
    static const osMutexAttr_t a = { .name = "bench", .attr_bits = osMutexPrioInherit };
    if (m->id != NULL)
        (void)osMutexDelete(m->id);
    m->id = osMutexNew(&a);
    if (m->id == NULL)
        stop("osMutexNew failed");
}

void os_queue_init(os_queue_t *q, void *buf, unsigned item, unsigned n)
{
    (void)buf;
    if (q->id != NULL)
        (void)osMessageQueueDelete(q->id);
    q->id = osMessageQueueNew(n, item, NULL);
    if (q->id == NULL)
        stop("osMessageQueueNew failed");
}

void os_print_config(void)
{
    osVersion_t api;
    char id[48];
    if (osKernelGetInfo(&api, id, sizeof id) != osOK)
        stop("osKernelGetInfo failed");
    /* The version fields are major * 10000000 + minor * 10000 + revision. */
    board_printf("@VOS config kernel=cmsis_rtos2 kernel_id=\"%s\" version=%lu.%lu.%lu "
                 "api=%lu.%lu.%lu clock_hz=%lu tick_hz=%lu\n", id,
                 (unsigned long)(api.kernel / 10000000u),
                 (unsigned long)(api.kernel / 10000u % 1000u), (unsigned long)(api.kernel % 10000u),
                 (unsigned long)(api.api / 10000000u), (unsigned long)(api.api / 10000u % 1000u),
                 (unsigned long)(api.api % 10000u),
                 (unsigned long)osal_cmsis_timer_hz,
                 (unsigned long)(osal_cmsis_timer_hz / osal_cmsis_tick_counts));
    board_printf("@VOS config irq_prio_kernel=0x%x irq_prio_kernel_low=0x%x "
                 "irq_prio_zero_latency=%s prio_map=\"bench p -> osPriorityLow + 2p\"\n",
                 (unsigned)OSAL_IRQ_PRIO_KERNEL, (unsigned)OSAL_IRQ_PRIO_KERNEL_LOW,
#ifdef OSAL_IRQ_PRIO_ZERO_LATENCY
                 OSAL_CMSIS_STR(OSAL_IRQ_PRIO_ZERO_LATENCY)
#else
                 "none"
#endif
                 );
}
