/* SPDX-License-Identifier: MIT */
/*
 * The out-of-line half of the CMSIS-RTOS2 backend (osal_impl.h): task
 * creation and end, the 64-bit time, object creation, the start and the
 * configuration lines. Nothing here runs inside a measurement window
 * except os_now, which the families read only outside them.
 */
#include <stddef.h>
#include "osal.h"
#include "../common/counter64.h"
#include "vaios/config.h"   /* the board counter's rate, BOARD_CYCLES_HZ (board.h) */

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

/* Every task runs here: the end is recorded before osThreadExit, so that
 * os_task_done does not depend on the state a kernel reports for a thread
 * that has exited (osThreadTerminated on RTX5 and VAIOS's layer; a
 * conforming kernel may report osThreadInactive or osThreadError once it
 * has let go of the thread). */
static void trampoline(void *arg)
{
    os_task_t *t = arg;
    t->fn(t->arg);
    t->ended = true;
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
    t->ended = false;
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

/* Ended: its function returned (the trampoline's mark) and the thread has
 * left the scheduler, so its stack is no longer in use: any state but
 * ready, running or blocked (a thread marked but preempted before its
 * osThreadExit is ready). Then detached, which gives its control block
 * back to the kernel. Task context, never the task itself. */
bool os_task_done(os_task_t *t)
{
    if (t->done)
        return true;
    if (!t->ended)
        return false;
    osThreadState_t st = osThreadGetState(t->id);
    if (st == osThreadReady || st == osThreadRunning || st == osThreadBlocked)
        return false;
    (void)osThreadDetach(t->id);
    t->done = true;
    return true;
}

/* Terminated where it stands, and marked ended as the trampoline marks a
 * thread whose function returned, since os_task_done reads that mark, not
 * the state (above): the thread stays joinable until os_task_done
 * detaches it. A terminate the kernel refuses stops the run (the task
 * would never be done, and vb_join would wait for it for ever). */
void os_task_kill(os_task_t *t)
{
    if (osThreadTerminate(t->id) != osOK)
        stop("osThreadTerminate of a bench task failed");
    t->ended = true;
}

#if OSAL_SPIN_IDLE
/* The spinning idle (OSAL_SPIN_IDLE, README.md): a thread just below every
 * bench level that never blocks, so the kernel's own idle, which may wait
 * in WFI, never runs. Under the emulator's sleep=off a WFI's skip to the
 * next timer event can land late (boards/netduinoplus2/idle_exact.c); a
 * spinning thread is preempted at the exact instruction. A block of NOPs,
 * so that the emulator runs many idle instructions per translated block. */
extern const char vb_idle_mode[];
const char vb_idle_mode[] = "spin: a harness thread below the bench levels (OSAL_SPIN_IDLE)";
static uint64_t spin_stack[256 / 8];
#ifdef OSAL_CMSIS_THREAD_CB_SIZE
static uint64_t spin_cb[(OSAL_CMSIS_THREAD_CB_SIZE + 7) / 8];
#endif

static void spin(void *arg)
{
    (void)arg;
    for (;;)
        __asm__ volatile(".rept 64\n\tnop\n\t.endr" ::: "memory");
}

static void spin_start(void)
{
    const osThreadAttr_t a = {
        .name = "spin idle",
        .stack_mem = spin_stack,
        .stack_size = sizeof spin_stack,
        .priority = osal_cmsis_prio(0),
#ifdef OSAL_CMSIS_THREAD_CB_SIZE
        .cb_mem = spin_cb,
        .cb_size = sizeof spin_cb,
#endif
    };
    if (osThreadNew(spin, NULL, &a) == NULL)
        stop("the spinning idle thread could not be created");
}
#endif

/* The board's counter (board_cycles, every figure's clock) is started
 * here, before the kernel: a kernel other than VAIOS knows nothing of it.
 * On VAIOS's layer the time driver starts the same counter again at
 * osKernelStart (boards/netduinoplus2/counter.c). */
void os_start(void)
{
    kernel_init();
#if OSAL_SPIN_IDLE
    spin_start();
#endif
    board_counter_start();
    (void)osKernelStart();
    stop("osKernelStart returned");
    for (;;)
        ;
}

/* The 32-bit system timer extended by counting wraps, with the scheduler
 * locked (os_now is never called from an interrupt handler). */
static uint32_t last_lo, wraps;

uint64_t os_now(void)
{
    int32_t lock = osKernelLock();
    uint64_t t = vb_counter64(osKernelGetSysTimerCount(), &last_lo, &wraps);
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

/* The coding of osKernelGetInfo's version fields, stated by the build
 * (OSAL_CMSIS_VERSION_CODING, README.md): cmsis, the specification's
 * major * 10000000 + minor * 10000 + revision (RTX5, VAIOS's layer), or
 * bytes, 0xMMmmpp00 (Zephyr's layer, which returns its kernel version). */
#define OSAL_CMSIS_CODING_cmsis 1
#define OSAL_CMSIS_CODING_bytes 2
#define OSAL_CMSIS_CODING_(c) OSAL_CMSIS_CODING_##c
#define OSAL_CMSIS_CODING(c) OSAL_CMSIS_CODING_(c)
#if OSAL_CMSIS_CODING(OSAL_CMSIS_VERSION_CODING) == OSAL_CMSIS_CODING_cmsis
static void version_decode(uint32_t v, unsigned out[3])
{
    out[0] = (unsigned)(v / 10000000u);
    out[1] = (unsigned)(v / 10000u % 1000u);
    out[2] = (unsigned)(v % 10000u);
}
#elif OSAL_CMSIS_CODING(OSAL_CMSIS_VERSION_CODING) == OSAL_CMSIS_CODING_bytes
static void version_decode(uint32_t v, unsigned out[3])
{
    out[0] = (unsigned)(v >> 24);
    out[1] = (unsigned)(v >> 16 & 0xFFu);
    out[2] = (unsigned)(v >> 8 & 0xFFu);
}
#else
#error "OSAL_CMSIS_VERSION_CODING is cmsis or bytes (bench/os/cmsis_rtos2/README.md)"
#endif

/* The kernel's system timer (os_now, every sleep and duration of the
 * harness) must count at the rate of the board's counter (board_cycles,
 * every figure): a kernel whose timer runs at the core clock against a
 * 1 GHz counter would "complete" with sleeps off by the ratio. Both the
 * rate the kernel states and the rate seen over RATE_CHECK_MS of busy
 * time are compared; a difference refuses the run. Task context, the
 * kernel running. */
#define RATE_CHECK_MS 2u
static void rate_check(void)
{
    if ((uint64_t)osal_cmsis_timer_hz != (uint64_t)BOARD_CYCLES_HZ) {
        board_printf("!! bench: cmsis_rtos2: osKernelGetSysTimerFreq() is %lu Hz, the board's "
                     "counter %lu Hz: refused (the kernel's timer must count at the counter's "
                     "rate, README.md)\n", (unsigned long)osal_cmsis_timer_hz,
                     (unsigned long)BOARD_CYCLES_HZ);
        board_exit(2);
    }
    uint32_t span = (uint32_t)((uint64_t)BOARD_CYCLES_HZ / 1000u * RATE_CHECK_MS);
    uint32_t c0 = board_cycles();
    uint64_t k0 = os_now();
    while ((uint32_t)(board_cycles() - c0) < span)
        ;
    uint32_t c1 = board_cycles();
    uint64_t k1 = os_now();
    uint64_t dc = c1 - c0, dk = k1 - k0;
    uint64_t diff = dk > dc ? dk - dc : dc - dk;
    if (diff > dc / 1000u) {
        board_printf("!! bench: cmsis_rtos2: over %lu counts of the board's counter the kernel's "
                     "system timer counted %lu: refused (README.md)\n", (unsigned long)dc,
                     (unsigned long)dk);
        board_exit(2);
    }
}

void os_print_config(void)
{
    rate_check();
    osVersion_t api;
    char id[48];
    if (osKernelGetInfo(&api, id, sizeof id) != osOK)
        stop("osKernelGetInfo failed");
    unsigned kv[3], av[3];
    version_decode(api.kernel, kv);
    version_decode(api.api, av);
    board_printf("@VOS config kernel=cmsis_rtos2 kernel_id=\"%s\" version=%u.%u.%u "
                 "api=%u.%u.%u version_code=0x%08lx version_coding=%s clock_hz=%lu tick_hz=%lu\n",
                 id, kv[0], kv[1], kv[2], av[0], av[1], av[2], (unsigned long)api.kernel,
                 OSAL_CMSIS_STR(OSAL_CMSIS_VERSION_CODING), (unsigned long)osal_cmsis_timer_hz,
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
