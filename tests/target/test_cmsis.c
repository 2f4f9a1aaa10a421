/* SPDX-License-Identifier: MIT */
/*
 * Conformance suite of the CMSIS-RTOS2 layer: one case per documented
 * behaviour of the API reference (return values, errors, ISR rules,
 * ordering, blocking and waking), on the emulated board.
 *
 * The vtest runner is a native VAIOS task; cases that need a CMSIS thread
 * context run their body in one (ct_run), at osPriorityNormal, while the
 * runner waits. Interrupt-context checks run in a real handler through
 * vt_run_in_isr.
 */
#include <string.h>
#include "vtest.h"
#include "cmsis_os2.h"
#include "os2_vaios.h"

size_t vos_cmsis_heap_free(void);

#define C VOS_CMSIS_TICK_CYCLES

/* --- Helpers ---------------------------------------------------------------- */

static vos_sem_t ct_done;
static void (*ct_body)(void);

static void ct_tramp(void *arg)
{
    (void)arg;
    ct_body();
    vos_sem_give(&ct_done);
}

/* Run body in a CMSIS thread of priority Normal and wait for it. */
static void ct_run(void (*body)(void))
{
    vos_sem_init(&ct_done, 0, 1);
    ct_body = body;
    const osThreadAttr_t a = { .name = "case", .priority = osPriorityNormal, .stack_size = 2048 };
    VT_ASSERT(osThreadNew(ct_tramp, NULL, &a) != NULL);
    VT_EQ(vos_sem_take(&ct_done, vos_ms(20000)), VOS_OK);
    osDelay(1);     /* let the case thread finish its exit */
}

#define CT(name)                                    \
    static void ct_body_##name(void);               \
    VT_TEST(name) { ct_run(ct_body_##name); }       \
    static void ct_body_##name(void)

static osThreadId_t spawn(osThreadFunc_t f, void *arg, osPriority_t p)
{
    const osThreadAttr_t a = { .name = "w", .priority = p, .stack_size = 1024 };
    osThreadId_t t = osThreadNew(f, arg, &a);
    VT_ASSERT(t != NULL);
    return t;
}

static volatile int counter;
static volatile uint32_t seen;

/* --- Before the kernel starts --------------------------------------------------- */

static int pre_state0, pre_init, pre_state1, pre_init2, pre_delay;
static osThreadId_t pre_thread;
static volatile int pre_ran;

static void pre_entry(void *arg)
{
    pre_ran = (int)(uintptr_t)arg;
}

void vt_before_start(void)
{
    pre_state0 = osKernelGetState();
    pre_init = osKernelInitialize();
    pre_state1 = osKernelGetState();
    pre_init2 = osKernelInitialize();
    pre_delay = osDelay(1);
    pre_thread = osThreadNew(pre_entry, (void *)7, NULL);
}

VT_TEST(kernel_before_start)
{
    VT_EQ(pre_state0, osKernelInactive);
    VT_EQ(pre_init, osOK);
    VT_EQ(pre_state1, osKernelReady);
    VT_EQ(pre_init2, osError);
    VT_EQ(pre_delay, osError);
    VT_ASSERT(pre_thread != NULL);
    vos_sleep(vos_ms(2));
    VT_EQ(pre_ran, 7);
}

VT_TEST(kernel_state_and_start)
{
    VT_EQ(osKernelGetState(), osKernelRunning);
    VT_EQ(osKernelStart(), osError);
    VT_EQ(osKernelInitialize(), osError);
}

VT_TEST(kernel_info)
{
    osVersion_t v;
    char id[32], small[4];
    VT_EQ(osKernelGetInfo(&v, id, sizeof id), osOK);
    VT_EQ(v.api, 20030000u);
    VT_ASSERT(strncmp(id, "VAIOS", 5) == 0);
    VT_EQ(osKernelGetInfo(NULL, small, sizeof small), osOK);
    VT_ASSERT(strcmp(small, "VAI") == 0);
    VT_EQ(osKernelGetInfo(NULL, NULL, 0), osOK);
}

VT_TEST(kernel_tick_and_systimer)
{
    VT_EQ(osKernelGetTickFreq(), VOS_CMSIS_TICK_HZ);
    VT_EQ(osKernelGetSysTimerFreq(), VOS_CFG_CLOCK_HZ);
    uint32_t a = osKernelGetSysTimerCount();
    uint32_t t = osKernelGetTickCount();
    uint64_t now = vos_now();
    uint32_t b = osKernelGetSysTimerCount();
    VT_ASSERT(b != a);
    VT_LE(t, now / C);
    VT_LE(now / C, (uint64_t)t + 1);
}

/* --- Delays -------------------------------------------------------------------- */

CT(delay_ends_on_tick_boundary)
{
    for (uint32_t n = 1; n <= 4; n++) {
        uint32_t t0 = osKernelGetTickCount();
        VT_EQ(osDelay(n), osOK);
        uint64_t now = vos_now();
        VT_EQ(osKernelGetTickCount(), t0 + n);
        VT_LE(now % C, C / 10);     /* woken just after the boundary */
    }
}

CT(delay_zero_is_parameter_error)
{
    VT_EQ(osDelay(0), osErrorParameter);
}

CT(delay_until)
{
    uint32_t t = osKernelGetTickCount();
    VT_EQ(osDelayUntil(t + 5), osOK);
    VT_EQ(osKernelGetTickCount(), t + 5);
    t = osKernelGetTickCount();
    VT_EQ(osDelayUntil(t), osErrorParameter);
    VT_EQ(osDelayUntil(t - 1), osErrorParameter);
    /* a periodic loop does not drift */
    uint32_t next = osKernelGetTickCount();
    for (int i = 0; i < 5; i++) {
        next += 2;
        VT_EQ(osDelayUntil(next), osOK);
    }
    VT_EQ(osKernelGetTickCount(), next);
}

/* --- Threads ---------------------------------------------------------------------- */

static void noop(void *arg)
{
    (void)arg;
}

CT(thread_new_refuses_bad_arguments)
{
    static uint64_t stack[128];
    static uint64_t cb[(VOS_CMSIS_THREAD_CB_SIZE + 7) / 8];
    osThreadAttr_t a;
    VT_ASSERT(osThreadNew(NULL, NULL, NULL) == NULL);
    memset(&a, 0, sizeof a);
    a.priority = (osPriority_t)57;
    VT_ASSERT(osThreadNew(noop, NULL, &a) == NULL);
    a.priority = osPriorityError;
    VT_ASSERT(osThreadNew(noop, NULL, &a) == NULL);
    a.priority = (osPriority_t)2;   /* between Idle and Low: not a priority */
    VT_ASSERT(osThreadNew(noop, NULL, &a) == NULL);
    memset(&a, 0, sizeof a);
    a.stack_size = 64;
    VT_ASSERT(osThreadNew(noop, NULL, &a) == NULL);
    memset(&a, 0, sizeof a);
    a.cb_mem = cb;
    a.cb_size = 8;
    VT_ASSERT(osThreadNew(noop, NULL, &a) == NULL);
    memset(&a, 0, sizeof a);
    a.cb_size = sizeof cb;          /* a size without memory */
    VT_ASSERT(osThreadNew(noop, NULL, &a) == NULL);
    memset(&a, 0, sizeof a);
    a.stack_mem = (uint8_t *)stack + 2;   /* not 4-byte aligned (4 is accepted: cmsis_os.h) */
    a.stack_size = 512;
    VT_ASSERT(osThreadNew(noop, NULL, &a) == NULL);
    memset(&a, 0, sizeof a);
    a.stack_mem = stack;
    a.stack_size = 510;                     /* not a multiple of 4 */
    VT_ASSERT(osThreadNew(noop, NULL, &a) == NULL);
    memset(&a, 0, sizeof a);
    a.affinity_mask = osThreadProcessor(1);
    VT_ASSERT(osThreadNew(noop, NULL, &a) == NULL);
}

static void record_arg(void *arg)
{
    seen = (uint32_t)(uintptr_t)arg;
    counter++;
}

CT(thread_runs_with_argument_name_and_default_priority)
{
    counter = 0;
    osThreadId_t self = osThreadGetId();
    VT_ASSERT(self != NULL);
    VT_ASSERT(strcmp(osThreadGetName(self), "case") == 0);
    VT_EQ(osThreadGetPriority(self), osPriorityNormal);
    VT_EQ(osThreadGetState(self), osThreadRunning);
    osThreadId_t t = osThreadNew(record_arg, (void *)0x1234, NULL);
    VT_ASSERT(t != NULL);
    VT_ASSERT(osThreadGetName(t) == NULL);
    VT_EQ(osThreadGetPriority(t), osPriorityNormal);   /* default */
    VT_EQ(osThreadGetState(t), osThreadReady);          /* equal priority: not yet run */
    VT_EQ(counter, 0);
    osDelay(1);
    VT_EQ(counter, 1);
    VT_EQ(seen, 0x1234u);
}

static void log_arg(void *arg)
{
    vt_log((char)(uintptr_t)arg);
}

CT(thread_priority_order_and_preemption)
{
    vt_log_reset();
    spawn(log_arg, (void *)'h', osPriorityHigh);    /* runs before osThreadNew returns */
    vt_log('s');
    spawn(log_arg, (void *)'l', osPriorityLow);     /* runs only when we block */
    vt_log('t');
    osDelay(1);
    VT_ASSERT(vt_log_is("hstl"));
}

CT(thread_set_get_priority)
{
    osThreadId_t self = osThreadGetId();
    VT_EQ(osThreadSetPriority(self, osPriorityAboveNormal3), osOK);
    VT_EQ(osThreadGetPriority(self), osPriorityAboveNormal3);
    VT_EQ(osThreadSetPriority(self, (osPriority_t)99), osErrorParameter);
    VT_EQ(osThreadSetPriority(self, osPriorityNone), osErrorParameter);
    VT_EQ(osThreadSetPriority(NULL, osPriorityNormal), osErrorParameter);
    VT_EQ(osThreadGetPriority(NULL), osPriorityError);
    VT_EQ(osThreadSetPriority(self, osPriorityNormal), osOK);
    /* a lowered thread yields to a ready thread it now ranks below */
    vt_log_reset();
    spawn(log_arg, (void *)'b', osPriorityBelowNormal);
    vt_log('a');
    VT_EQ(osThreadSetPriority(self, osPriorityLow), osOK);
    vt_log('c');
    VT_ASSERT(vt_log_is("abc"));
    VT_EQ(osThreadSetPriority(self, osPriorityNormal), osOK);
}

CT(priority_mapping_keeps_order)
{
    unsigned prev = 0;
    VT_EQ(vos_cmsis_prio(osPriorityNone), 0);
    VT_EQ(vos_cmsis_prio(osPriorityIdle), 1);
    for (int p = osPriorityLow; p <= osPriorityISR; p++) {
        unsigned l = vos_cmsis_prio((osPriority_t)p);
        VT_ASSERT(l >= prev && l >= 2 && l <= 30);
        prev = l;
    }
    VT_ASSERT(vos_cmsis_prio(osPriorityLow) < vos_cmsis_prio(osPriorityBelowNormal));
    VT_ASSERT(vos_cmsis_prio(osPriorityNormal7) < vos_cmsis_prio(osPriorityAboveNormal));
    VT_ASSERT(vos_cmsis_prio(osPriorityRealtime6) < vos_cmsis_prio(osPriorityRealtime7));
    VT_ASSERT(vos_cmsis_prio(osPriorityRealtime7) < vos_cmsis_prio(osPriorityISR));
    for (int p = 3; p < osPriorityLow; p++)
        VT_EQ(vos_cmsis_prio((osPriority_t)p), 0);
    VT_EQ(vos_cmsis_prio((osPriority_t)57), 0);
}

static void yielder(void *arg)
{
    for (int i = 0; i < 3; i++) {
        vt_log((char)(uintptr_t)arg);
        VT_EQ(osThreadYield(), osOK);
    }
}

CT(thread_yield_round_robin)
{
    vt_log_reset();
    spawn(yielder, (void *)'x', osPriorityNormal);
    spawn(yielder, (void *)'y', osPriorityNormal);
    VT_EQ(vt_log_len(), 0);
    osDelay(2);
    VT_ASSERT(vt_log_is("xyxyxy"));
}

static void spin_count(void *arg)
{
    (void)arg;
    for (;;) {
        counter++;
        osDelay(1);
    }
}

CT(thread_suspend_resume)
{
    counter = 0;
    osThreadId_t t = spawn(spin_count, NULL, osPriorityHigh);
    osDelay(2);
    VT_EQ(osThreadSuspend(t), osOK);
    VT_EQ(osThreadGetState(t), osThreadBlocked);
    int c = counter;
    osDelay(5);
    VT_EQ(counter, c);
    VT_EQ(osThreadSuspend(t), osErrorResource);
    VT_EQ(osThreadResume(t), osOK);
    VT_EQ(osThreadResume(osThreadGetId()), osErrorResource);  /* running: not blocked */
    osDelay(3);
    VT_ASSERT(counter > c);
    VT_EQ(osThreadSuspend(NULL), osErrorParameter);
    VT_EQ(osThreadResume(NULL), osErrorParameter);
    VT_EQ(osThreadSuspend(t), osOK);    /* parked for good; memory stays */
}

static uint64_t st_stack[512 / 8];
static uint64_t st_cb[(VOS_CMSIS_THREAD_CB_SIZE + 7) / 8];

CT(thread_static_memory_and_stack_queries)
{
    size_t before = vos_cmsis_heap_free();
    const osThreadAttr_t a = { .name = "static", .cb_mem = st_cb, .cb_size = sizeof st_cb,
                               .stack_mem = st_stack, .stack_size = sizeof st_stack,
                               .priority = osPriorityHigh, .attr_bits = osThreadJoinable };
    counter = 0;
    osThreadId_t t = osThreadNew(record_arg, (void *)5, &a);
    VT_ASSERT(t == (osThreadId_t)st_cb);
    VT_EQ(counter, 1);
    VT_EQ(vos_cmsis_heap_free(), before);
    VT_EQ(osThreadGetState(t), osThreadTerminated);
    VT_EQ(osThreadGetStackSize(t), sizeof st_stack);
    VT_EQ(osThreadGetStackSize(NULL), 0);
    osThreadId_t self = osThreadGetId();
    uint32_t space = osThreadGetStackSpace(self);
    VT_ASSERT(space > 0 && space < 2048);
    VT_EQ(osThreadGetStackSpace(NULL), 0);
    /* the same memory cannot hold a second live thread */
    VT_EQ(osThreadDetach(t), osOK);     /* terminated + detached: released */
    VT_EQ(osThreadGetState(t), osThreadError);
    counter = 0;
    t = osThreadNew(record_arg, (void *)6, &a);
    VT_ASSERT(t != NULL);
    VT_EQ(counter, 1);
    VT_EQ(osThreadDetach(t), osOK);
}

static void exit_early(void *arg)
{
    counter++;
    if (arg != NULL)
        osThreadExit();
    counter += 100;
}

CT(thread_exit_and_detach)
{
    counter = 0;
    osThreadId_t t = spawn(exit_early, (void *)1, osPriorityHigh);
    VT_EQ(counter, 1);
    VT_EQ(osThreadGetState(t), osThreadError);   /* detached: gone */
    VT_EQ(osThreadDetach(t), osErrorParameter);
    const osThreadAttr_t j = { .attr_bits = osThreadJoinable, .priority = osPriorityLow };
    t = osThreadNew(exit_early, NULL, &j);
    VT_ASSERT(t != NULL);
    VT_EQ(osThreadDetach(t), osOK);
    VT_EQ(osThreadDetach(t), osErrorResource);
    osDelay(2);
    VT_EQ(counter, 102);
}

CT(thread_create_exit_cycles_do_not_leak)
{
    size_t before = vos_cmsis_heap_free();
    counter = 0;
    for (int i = 0; i < 3000; i++) {
        osThreadId_t t = osThreadNew(exit_early, (i & 1) ? (void *)1 : NULL,
                                     &(osThreadAttr_t){ .priority = osPriorityHigh });
        VT_ASSERT(t != NULL);
    }
    VT_EQ(counter, 3000 + 1500 * 100);
    VT_EQ(vos_cmsis_heap_free(), before);
}

static void park(void *arg)
{
    (void)arg;
    osThreadFlagsWait(1, osFlagsWaitAny, osWaitForever);
}

CT(thread_count_and_enumerate)
{
    uint32_t n0 = osThreadGetCount();
    VT_ASSERT(n0 >= 1);
    osThreadId_t a = spawn(park, NULL, osPriorityHigh);
    osThreadId_t b = spawn(park, NULL, osPriorityHigh);
    VT_EQ(osThreadGetCount(), n0 + 2);
    osThreadId_t ids[16];
    uint32_t n = osThreadEnumerate(ids, 16);
    VT_EQ(n, n0 + 2);
    int found = 0;
    for (uint32_t i = 0; i < n; i++)
        found += (ids[i] == a) + (ids[i] == b) + (ids[i] == osThreadGetId());
    VT_EQ(found, 3);
    VT_EQ(osThreadEnumerate(ids, 1), 1);
    VT_EQ(osThreadEnumerate(NULL, 4), 0);
    VT_EQ(osThreadEnumerate(ids, 0), 0);
    osThreadFlagsSet(a, 1);
    osThreadFlagsSet(b, 1);
    VT_EQ(osThreadGetCount(), n0);
}

/* --- Thread flags --------------------------------------------------------------------- */

static osThreadId_t waiter_id;
static volatile uint32_t wait_ret;

static void flags_waiter(void *arg)
{
    uint32_t opt = (uint32_t)(uintptr_t)arg;
    wait_ret = osThreadFlagsWait(0x6, opt, osWaitForever);
    seen = osThreadFlagsGet();
}

CT(thread_flags_wait_any_clears_waited_flags)
{
    wait_ret = 0;
    waiter_id = spawn(flags_waiter, (void *)osFlagsWaitAny, osPriorityHigh);
    VT_EQ(osThreadFlagsSet(waiter_id, 0x9), 0x9u);  /* not waited for: stays */
    VT_EQ(wait_ret, 0u);
    VT_EQ(osThreadFlagsSet(waiter_id, 0x2), 0x9u);  /* released; 0x2 cleared */
    VT_EQ(wait_ret, 0xBu);
    VT_EQ(seen, 0x9u);
}

CT(thread_flags_wait_all_and_no_clear)
{
    wait_ret = 0;
    waiter_id = spawn(flags_waiter, (void *)osFlagsWaitAll, osPriorityHigh);
    osThreadFlagsSet(waiter_id, 0x2);
    VT_EQ(wait_ret, 0u);
    VT_EQ(osThreadFlagsSet(waiter_id, 0x4), 0u);
    VT_EQ(wait_ret, 0x6u);
    wait_ret = 0;
    waiter_id = spawn(flags_waiter, (void *)(osFlagsWaitAny | osFlagsNoClear), osPriorityHigh);
    VT_EQ(osThreadFlagsSet(waiter_id, 0x4), 0x4u);
    VT_EQ(wait_ret, 0x4u);
    VT_EQ(seen, 0x4u);
}

CT(thread_flags_own_get_clear_timeout)
{
    osThreadId_t self = osThreadGetId();
    VT_EQ(osThreadFlagsSet(self, 0x30), 0x30u);
    VT_EQ(osThreadFlagsGet(), 0x30u);
    VT_EQ(osThreadFlagsClear(0x10), 0x30u);
    VT_EQ(osThreadFlagsGet(), 0x20u);
    VT_EQ(osThreadFlagsWait(0x20, osFlagsWaitAny, 0), 0x20u);
    VT_EQ(osThreadFlagsGet(), 0u);
    VT_EQ(osThreadFlagsWait(0x1, osFlagsWaitAny, 0), osFlagsErrorResource);
    uint32_t t0 = osKernelGetTickCount();
    VT_EQ(osThreadFlagsWait(0x1, osFlagsWaitAny, 3), osFlagsErrorTimeout);
    VT_EQ(osKernelGetTickCount(), t0 + 3);
}

CT(thread_flags_bad_arguments)
{
    osThreadId_t self = osThreadGetId();
    VT_EQ(osThreadFlagsSet(NULL, 1), osFlagsErrorParameter);
    VT_EQ(osThreadFlagsSet(self, 0x80000000u), osFlagsErrorParameter);
    VT_EQ(osThreadFlagsClear(0x80000000u), osFlagsErrorParameter);
    VT_EQ(osThreadFlagsWait(0x80000000u, 0, 0), osFlagsErrorParameter);
    VT_EQ(osThreadFlagsWait(1, 0x10, 0), osFlagsErrorParameter);
    VT_EQ(osThreadFlagsGet(), 0u);
}

static osThreadId_t isr_target;
static volatile uint32_t isr_ret[8];

static void isr_set_flags(void)
{
    isr_ret[0] = osThreadFlagsSet(isr_target, 0x1);
    isr_ret[1] = osThreadFlagsWait(1, 0, 0);
    isr_ret[2] = osThreadFlagsClear(1);
    isr_ret[3] = osThreadFlagsGet();
}

CT(thread_flags_from_isr)
{
    isr_target = osThreadGetId();
    vt_run_in_isr(isr_set_flags);
    VT_EQ(isr_ret[0], 0x1u);
    VT_EQ(isr_ret[1], osFlagsErrorISR);
    VT_EQ(isr_ret[2], osFlagsErrorISR);
    VT_EQ(isr_ret[3], 0u);
    VT_EQ(osThreadFlagsWait(1, 0, 0), 0x1u);
}

/* --- Event flags ------------------------------------------------------------------------ */

static osEventFlagsId_t ef;

static void ef_waiter(void *arg)
{
    uint32_t opt = (uint32_t)(uintptr_t)arg;
    wait_ret = osEventFlagsWait(ef, 0x3, opt, osWaitForever);
}

CT(event_flags_set_clear_get_wait)
{
    const osEventFlagsAttr_t a = { .name = "ev" };
    ef = osEventFlagsNew(&a);
    VT_ASSERT(ef != NULL);
    VT_ASSERT(strcmp(osEventFlagsGetName(ef), "ev") == 0);
    VT_EQ(osEventFlagsGet(ef), 0u);
    VT_EQ(osEventFlagsSet(ef, 0x14), 0x14u);
    VT_EQ(osEventFlagsClear(ef, 0x4), 0x14u);
    VT_EQ(osEventFlagsGet(ef), 0x10u);
    wait_ret = 0;
    spawn(ef_waiter, (void *)osFlagsWaitAll, osPriorityHigh);
    VT_EQ(osEventFlagsSet(ef, 0x1), 0x11u);
    VT_EQ(wait_ret, 0u);
    VT_EQ(osEventFlagsSet(ef, 0x2), 0x10u);     /* released, 0x3 cleared */
    VT_EQ(wait_ret, 0x13u);
    wait_ret = 0;
    spawn(ef_waiter, (void *)(osFlagsWaitAny | osFlagsNoClear), osPriorityHigh);
    VT_EQ(osEventFlagsSet(ef, 0x2), 0x12u);
    VT_EQ(wait_ret, 0x12u);
    VT_EQ(osEventFlagsWait(ef, 0x1, 0, 0), osFlagsErrorResource);
    uint32_t t0 = osKernelGetTickCount();
    VT_EQ(osEventFlagsWait(ef, 0x1, 0, 2), osFlagsErrorTimeout);
    VT_EQ(osKernelGetTickCount(), t0 + 2);
    VT_EQ(osEventFlagsDelete(ef), osOK);
}

CT(event_flags_bad_arguments_and_delete)
{
    VT_EQ(osEventFlagsSet(NULL, 1), osFlagsErrorParameter);
    VT_EQ(osEventFlagsClear(NULL, 1), osFlagsErrorParameter);
    VT_EQ(osEventFlagsGet(NULL), 0u);
    VT_EQ(osEventFlagsWait(NULL, 1, 0, 0), osFlagsErrorParameter);
    VT_EQ(osEventFlagsDelete(NULL), osErrorParameter);
    VT_ASSERT(osEventFlagsGetName(NULL) == NULL);
    ef = osEventFlagsNew(NULL);
    VT_ASSERT(ef != NULL);
    VT_ASSERT(osEventFlagsGetName(ef) == NULL);
    VT_EQ(osEventFlagsSet(ef, 0x80000000u), osFlagsErrorParameter);
    VT_EQ(osEventFlagsWait(ef, 1, 0x8, 0), osFlagsErrorParameter);
    wait_ret = 0;
    spawn(ef_waiter, (void *)0, osPriorityHigh);
    VT_EQ(osEventFlagsDelete(ef), osOK);
    VT_EQ(wait_ret, osFlagsErrorResource);      /* the waiter was released */
    VT_EQ(osEventFlagsSet(ef, 1), osFlagsErrorParameter);   /* stale id */
    VT_EQ(osEventFlagsDelete(ef), osErrorParameter);
}

static void isr_event_flags(void)
{
    isr_ret[0] = osEventFlagsSet(ef, 0x5);
    isr_ret[1] = osEventFlagsWait(ef, 0x4, 0, 0);
    isr_ret[2] = osEventFlagsWait(ef, 0x8, 0, 0);
    isr_ret[3] = osEventFlagsWait(ef, 0x1, 0, 5);
    isr_ret[4] = osEventFlagsClear(ef, 0x1);
    isr_ret[5] = osEventFlagsGet(ef);
    isr_ret[6] = (uint32_t)osEventFlagsDelete(ef);
    isr_ret[7] = osEventFlagsNew(NULL) == NULL;
}

CT(event_flags_from_isr)
{
    ef = osEventFlagsNew(NULL);
    vt_run_in_isr(isr_event_flags);
    VT_EQ(isr_ret[0], 0x5u);
    VT_EQ(isr_ret[1], 0x5u);
    VT_EQ(isr_ret[2], osFlagsErrorResource);
    VT_EQ(isr_ret[3], osFlagsErrorParameter);
    VT_EQ(isr_ret[4], 0x1u);
    VT_EQ(isr_ret[5], 0u);
    VT_EQ((int32_t)isr_ret[6], osErrorISR);
    VT_EQ(isr_ret[7], 1);
    VT_EQ(osEventFlagsDelete(ef), osOK);
}

/* --- Mutexes ------------------------------------------------------------------------- */

static osMutexId_t mx;

static void mx_try(void *arg)
{
    (void)arg;
    wait_ret = (uint32_t)osMutexAcquire(mx, 0);
    seen = (uint32_t)osMutexRelease(mx);
}

CT(mutex_acquire_release_owner)
{
    const osMutexAttr_t a = { .name = "mx" };
    mx = osMutexNew(&a);
    VT_ASSERT(mx != NULL);
    VT_ASSERT(strcmp(osMutexGetName(mx), "mx") == 0);
    VT_ASSERT(osMutexGetOwner(mx) == NULL);
    VT_EQ(osMutexAcquire(mx, osWaitForever), osOK);
    VT_ASSERT(osMutexGetOwner(mx) == osThreadGetId());
    VT_EQ(osMutexAcquire(mx, 0), osErrorResource);     /* not recursive */
    VT_EQ(osMutexAcquire(mx, 5), osErrorResource);
    spawn(mx_try, NULL, osPriorityHigh);
    VT_EQ((int32_t)wait_ret, osErrorResource);
    VT_EQ((int32_t)seen, osErrorResource);              /* not the owner */
    VT_EQ(osMutexRelease(mx), osOK);
    VT_EQ(osMutexRelease(mx), osErrorResource);
    VT_ASSERT(osMutexGetOwner(mx) == NULL);
    VT_EQ(osMutexDelete(mx), osOK);
    VT_EQ(osMutexAcquire(mx, 0), osErrorParameter);
    VT_EQ(osMutexRelease(NULL), osErrorParameter);
    VT_EQ(osMutexDelete(NULL), osErrorParameter);
    VT_ASSERT(osMutexGetOwner(NULL) == NULL);
    VT_ASSERT(osMutexNew(&(osMutexAttr_t){ .attr_bits = 0x4 }) == NULL);
}

CT(mutex_recursive)
{
    mx = osMutexNew(&(osMutexAttr_t){ .attr_bits = osMutexRecursive | osMutexPrioInherit });
    VT_ASSERT(mx != NULL);
    for (int i = 0; i < 3; i++)
        VT_EQ(osMutexAcquire(mx, 0), osOK);
    spawn(mx_try, NULL, osPriorityHigh);
    VT_EQ((int32_t)wait_ret, osErrorResource);
    VT_EQ(osMutexRelease(mx), osOK);
    VT_EQ(osMutexRelease(mx), osOK);
    VT_ASSERT(osMutexGetOwner(mx) == osThreadGetId());
    VT_EQ(osMutexRelease(mx), osOK);
    VT_ASSERT(osMutexGetOwner(mx) == NULL);
    VT_EQ(osMutexRelease(mx), osErrorResource);
    VT_EQ(osMutexDelete(mx), osOK);
}

static void mx_block(void *arg)
{
    wait_ret = (uint32_t)osMutexAcquire(mx, (uint32_t)(uintptr_t)arg);
    if (wait_ret == osOK)
        osMutexRelease(mx);
}

static osMutexId_t mx2;

/* Holds mx2, then waits for mx: a link of an owner chain. */
static void mx_chain(void *arg)
{
    (void)arg;
    osMutexAcquire(mx2, osWaitForever);
    osMutexAcquire(mx, osWaitForever);
    osMutexRelease(mx);
    osMutexRelease(mx2);
}

static void mx_block_forever(void *arg)
{
    osMutexId_t m = arg;
    osMutexAcquire(m, osWaitForever);
    osMutexRelease(m);
}

/* An owner reports the CMSIS priority it inherits, not the highest of the
 * kernel level it runs at (two CMSIS priorities share one below Realtime). */
CT(mutex_owner_reports_the_priority_it_inherits)
{
    osThreadId_t self = osThreadGetId();
    mx = osMutexNew(NULL);
    mx2 = osMutexNew(NULL);
    VT_EQ(osMutexAcquire(mx, 0), osOK);
    spawn(mx_block_forever, mx, osPriorityAboveNormal);
    VT_EQ(osThreadGetPriority(self), osPriorityAboveNormal);
    spawn(mx_block_forever, mx, osPriorityAboveNormal1);
    osThreadYield();                        /* it shares the level self runs at now */
    VT_EQ(osThreadGetPriority(self), osPriorityAboveNormal1);
    spawn(mx_block_forever, mx, osPriorityHigh2);
    VT_EQ(osThreadGetPriority(self), osPriorityHigh2);
    VT_EQ(osMutexRelease(mx), osOK);        /* the three take it in turn and end */
    VT_EQ(osThreadGetPriority(self), osPriorityNormal);
    /* Down a chain: self holds mx; c (BelowNormal) holds mx2 and waits for
     * mx; an AboveNormal thread waits for mx2: both report AboveNormal. */
    VT_EQ(osMutexAcquire(mx, 0), osOK);
    osThreadId_t c = osThreadNew(mx_chain, NULL, &(osThreadAttr_t){ .priority = osPriorityBelowNormal,
                                                                   .attr_bits = osThreadJoinable,
                                                                   .stack_size = 1024 });
    VT_ASSERT(c != NULL);
    osDelay(1);                             /* c takes mx2 and waits for mx */
    VT_EQ(osThreadGetPriority(c), osPriorityBelowNormal);
    spawn(mx_block_forever, mx2, osPriorityAboveNormal);
    VT_EQ(osThreadGetPriority(c), osPriorityAboveNormal);
    VT_EQ(osThreadGetPriority(self), osPriorityAboveNormal);
    VT_EQ(osMutexRelease(mx), osOK);
    VT_EQ(osThreadJoin(c), osOK);
    VT_EQ(osThreadGetPriority(self), osPriorityNormal);
    osDelay(1);
    VT_EQ(osMutexDelete(mx), osOK);
    VT_EQ(osMutexDelete(mx2), osOK);
}

CT(mutex_timeout_and_priority_inheritance)
{
    mx = osMutexNew(&(osMutexAttr_t){ .attr_bits = osMutexPrioInherit });
    VT_EQ(osMutexAcquire(mx, 0), osOK);
    wait_ret = 1;
    spawn(mx_block, (void *)3, osPriorityHigh);
    /* the waiter lends its priority to the owner: exactly its priority,
     * though High and High1 share a kernel level */
    VT_EQ(osThreadGetPriority(osThreadGetId()), osPriorityHigh);
    uint32_t t0 = osKernelGetTickCount();
    while (wait_ret == 1)
        ;   /* spin: the waiter times out at its third tick */
    VT_EQ((int32_t)wait_ret, osErrorTimeout);
    VT_EQ(osKernelGetTickCount(), t0 + 3);
    VT_EQ(osThreadGetPriority(osThreadGetId()), osPriorityNormal);
    wait_ret = 1;
    spawn(mx_block, (void *)osWaitForever, osPriorityHigh);
    VT_EQ(osMutexRelease(mx), osOK);            /* handed over, the waiter runs */
    VT_EQ((int32_t)wait_ret, osOK);
    VT_EQ(osMutexDelete(mx), osOK);
}

static void mx_hold_and_end(void *arg)
{
    (void)arg;
    osMutexAcquire(mx, osWaitForever);
}

CT(mutex_robust_released_when_owner_ends)
{
    for (int i = 0; i < 50; i++) {
        mx = osMutexNew(&(osMutexAttr_t){ .attr_bits = osMutexRobust });
        spawn(mx_hold_and_end, NULL, osPriorityHigh);
        VT_ASSERT(osMutexGetOwner(mx) == NULL);
        VT_EQ(osMutexAcquire(mx, 0), osOK);
        VT_EQ(osMutexRelease(mx), osOK);
        VT_EQ(osMutexDelete(mx), osOK);
    }
}

/* --- Semaphores ------------------------------------------------------------------------ */

static osSemaphoreId_t sm;

static void sem_taker(void *arg)
{
    wait_ret = (uint32_t)osSemaphoreAcquire(sm, (uint32_t)(uintptr_t)arg);
}

CT(semaphore_counts_and_limits)
{
    VT_ASSERT(osSemaphoreNew(0, 0, NULL) == NULL);
    VT_ASSERT(osSemaphoreNew(2, 3, NULL) == NULL);
    sm = osSemaphoreNew(3, 1, &(osSemaphoreAttr_t){ .name = "sm" });
    VT_ASSERT(sm != NULL);
    VT_ASSERT(strcmp(osSemaphoreGetName(sm), "sm") == 0);
    VT_EQ(osSemaphoreGetCount(sm), 1u);
    VT_EQ(osSemaphoreRelease(sm), osOK);
    VT_EQ(osSemaphoreRelease(sm), osOK);
    VT_EQ(osSemaphoreRelease(sm), osErrorResource);
    VT_EQ(osSemaphoreGetCount(sm), 3u);
    for (int i = 0; i < 3; i++)
        VT_EQ(osSemaphoreAcquire(sm, 0), osOK);
    VT_EQ(osSemaphoreAcquire(sm, 0), osErrorResource);
    uint32_t t0 = osKernelGetTickCount();
    VT_EQ(osSemaphoreAcquire(sm, 4), osErrorTimeout);
    VT_EQ(osKernelGetTickCount(), t0 + 4);
    wait_ret = 1;
    spawn(sem_taker, (void *)osWaitForever, osPriorityHigh);
    VT_EQ(wait_ret, 1u);
    VT_EQ(osSemaphoreRelease(sm), osOK);
    VT_EQ((int32_t)wait_ret, osOK);
    VT_EQ(osSemaphoreGetCount(sm), 0u);
    wait_ret = 1;
    spawn(sem_taker, (void *)osWaitForever, osPriorityHigh);
    VT_EQ(osSemaphoreDelete(sm), osOK);
    VT_EQ((int32_t)wait_ret, osErrorResource);
    VT_EQ(osSemaphoreAcquire(sm, 0), osErrorParameter);
    VT_EQ(osSemaphoreRelease(sm), osErrorParameter);
    VT_EQ(osSemaphoreGetCount(sm), 0u);
    VT_EQ(osSemaphoreDelete(sm), osErrorParameter);
}

static void isr_semaphore(void)
{
    isr_ret[0] = (uint32_t)osSemaphoreRelease(sm);
    isr_ret[1] = (uint32_t)osSemaphoreAcquire(sm, 1);
    isr_ret[2] = osSemaphoreGetCount(sm);
    isr_ret[3] = (uint32_t)osSemaphoreDelete(sm);
    isr_ret[4] = osSemaphoreNew(1, 0, NULL) == NULL;
}

static void isr_sem_take(void)
{
    isr_ret[0] = (uint32_t)osSemaphoreAcquire(sm, 0);
    isr_ret[1] = (uint32_t)osSemaphoreAcquire(sm, 0);
}

CT(semaphore_from_isr)
{
    sm = osSemaphoreNew(1, 0, NULL);
    wait_ret = 1;
    spawn(sem_taker, (void *)osWaitForever, osPriorityHigh);
    vt_run_in_isr(isr_semaphore);
    VT_EQ((int32_t)isr_ret[0], osOK);
    VT_EQ((int32_t)isr_ret[1], osErrorParameter);
    VT_EQ(isr_ret[2], 0u);                       /* handed to the waiter */
    VT_EQ((int32_t)isr_ret[3], osErrorISR);
    VT_EQ(isr_ret[4], 1);
    VT_EQ((int32_t)wait_ret, osOK);
    osSemaphoreRelease(sm);
    vt_run_in_isr(isr_sem_take);
    VT_EQ((int32_t)isr_ret[0], osOK);
    VT_EQ((int32_t)isr_ret[1], osErrorResource);
    VT_EQ(osSemaphoreDelete(sm), osOK);
}

/* --- Memory pools ----------------------------------------------------------------------- */

static osMemoryPoolId_t mp;
static void *volatile blk;

static void mp_taker(void *arg)
{
    blk = osMemoryPoolAlloc(mp, (uint32_t)(uintptr_t)arg);
    seen = 1;
}

CT(memory_pool_alloc_free_counts)
{
    VT_ASSERT(osMemoryPoolNew(0, 8, NULL) == NULL);
    VT_ASSERT(osMemoryPoolNew(4, 0, NULL) == NULL);
    mp = osMemoryPoolNew(4, 20, &(osMemoryPoolAttr_t){ .name = "mp" });
    VT_ASSERT(mp != NULL);
    VT_ASSERT(strcmp(osMemoryPoolGetName(mp), "mp") == 0);
    VT_EQ(osMemoryPoolGetCapacity(mp), 4u);
    VT_EQ(osMemoryPoolGetBlockSize(mp), 20u);
    void *b[4];
    for (int i = 0; i < 4; i++) {
        b[i] = osMemoryPoolAlloc(mp, 0);
        VT_ASSERT(b[i] != NULL && ((uintptr_t)b[i] & 7u) == 0);
        memset(b[i], 0xA5, 20);
    }
    VT_EQ(osMemoryPoolGetCount(mp), 4u);
    VT_EQ(osMemoryPoolGetSpace(mp), 0u);
    VT_ASSERT(osMemoryPoolAlloc(mp, 0) == NULL);
    uint32_t t0 = osKernelGetTickCount();
    VT_ASSERT(osMemoryPoolAlloc(mp, 2) == NULL);
    VT_EQ(osKernelGetTickCount(), t0 + 2);
    seen = 0;
    blk = NULL;
    spawn(mp_taker, (void *)osWaitForever, osPriorityHigh);
    VT_EQ(seen, 0u);
    VT_EQ(osMemoryPoolFree(mp, b[2]), osOK);     /* goes to the waiter */
    VT_EQ(seen, 1u);
    VT_ASSERT(blk == b[2]);
    VT_EQ(osMemoryPoolFree(mp, b[0]), osOK);
    VT_EQ(osMemoryPoolFree(mp, b[0]), osErrorResource);     /* double free */
    VT_EQ(osMemoryPoolFree(mp, (uint8_t *)b[1] + 4), osErrorParameter);
    VT_EQ(osMemoryPoolFree(mp, NULL), osErrorParameter);
    VT_EQ(osMemoryPoolFree(NULL, b[1]), osErrorParameter);
    VT_EQ(osMemoryPoolGetCount(mp), 3u);
    VT_EQ(osMemoryPoolGetSpace(mp), 1u);
    VT_EQ(osMemoryPoolDelete(mp), osOK);
    VT_ASSERT(osMemoryPoolAlloc(mp, 0) == NULL);
    VT_EQ(osMemoryPoolGetCapacity(mp), 0u);
    VT_EQ(osMemoryPoolDelete(mp), osErrorParameter);
}

static uint64_t mp_mem[VOS_CMSIS_MEMPOOL_MEM_SIZE(3, 16) / 8];

static void on_timer_noop(void *arg)
{
    (void)arg;
}
static uint64_t mp_cb[(VOS_CMSIS_MEMPOOL_CB_SIZE + 7) / 8];

static void isr_pool(void)
{
    void *a = osMemoryPoolAlloc(mp, 0);
    isr_ret[0] = a != NULL;
    isr_ret[1] = osMemoryPoolAlloc(mp, 3) == NULL;
    isr_ret[2] = (uint32_t)osMemoryPoolFree(mp, a);
    isr_ret[3] = osMemoryPoolGetSpace(mp);
    isr_ret[4] = (uint32_t)osMemoryPoolDelete(mp);
}

CT(memory_pool_user_memory_and_isr)
{
    size_t before = vos_cmsis_heap_free();
    osMemoryPoolAttr_t a = { .cb_mem = mp_cb, .cb_size = sizeof mp_cb,
                             .mp_mem = mp_mem, .mp_size = sizeof mp_mem };
    mp = osMemoryPoolNew(3, 16, &a);
    VT_ASSERT(mp == (osMemoryPoolId_t)mp_cb);
    VT_EQ(vos_cmsis_heap_free(), before);
    void *p = osMemoryPoolAlloc(mp, 0);
    VT_ASSERT((uint8_t *)p >= (uint8_t *)mp_mem && (uint8_t *)p < (uint8_t *)mp_mem + sizeof mp_mem);
    osMemoryPoolFree(mp, p);
    vt_run_in_isr(isr_pool);
    VT_EQ(isr_ret[0], 1);
    VT_EQ(isr_ret[1], 1);
    VT_EQ((int32_t)isr_ret[2], osOK);
    VT_EQ(isr_ret[3], 3u);
    VT_EQ((int32_t)isr_ret[4], osErrorISR);
    VT_EQ(osMemoryPoolDelete(mp), osOK);
    a.mp_size = 8;
    VT_ASSERT(osMemoryPoolNew(3, 16, &a) == NULL);   /* memory too small */
}

/* Control blocks and pool memory that are 4-byte but not 8-byte aligned:
 * every object but a thread and a timer (64-bit times inside) needs 4. */
static uint32_t cb4[64 + 1] __attribute__((aligned(8)));
static uint32_t mem4[(VOS_CMSIS_MEMPOOL_MEM_SIZE(3, 16) + 8) / 4] __attribute__((aligned(8)));

CT(control_blocks_need_only_their_alignment)
{
    void *at4 = &cb4[1];                            /* 4 mod 8 */
    _Static_assert(VOS_CMSIS_MSGQUEUE_CB_SIZE <= 64 * 4 && VOS_CMSIS_MEMPOOL_CB_SIZE <= 64 * 4,
                   "cb4 holds every control block");
    osSemaphoreId_t s = osSemaphoreNew(1, 1, &(osSemaphoreAttr_t){ .cb_mem = at4,
                                                                     .cb_size = VOS_CMSIS_SEMAPHORE_CB_SIZE });
    VT_ASSERT(s == at4);
    VT_EQ(osSemaphoreAcquire(s, 0), osOK);
    VT_EQ(osSemaphoreDelete(s), osOK);
    osMutexId_t m = osMutexNew(&(osMutexAttr_t){ .cb_mem = at4, .cb_size = VOS_CMSIS_MUTEX_CB_SIZE });
    VT_ASSERT(m == at4);
    VT_EQ(osMutexAcquire(m, 0), osOK);
    VT_EQ(osMutexRelease(m), osOK);
    VT_EQ(osMutexDelete(m), osOK);
    osEventFlagsId_t e = osEventFlagsNew(&(osEventFlagsAttr_t){ .cb_mem = at4,
                                                                .cb_size = VOS_CMSIS_EVFLAGS_CB_SIZE });
    VT_ASSERT(e == at4);
    VT_EQ(osEventFlagsSet(e, 3u), 3u);
    VT_EQ(osEventFlagsDelete(e), osOK);
    osMessageQueueId_t q = osMessageQueueNew(2, 4, &(osMessageQueueAttr_t){ .cb_mem = at4,
                                                                             .cb_size = VOS_CMSIS_MSGQUEUE_CB_SIZE });
    VT_ASSERT(q == at4);
    uint32_t v = 7, w = 0;
    VT_EQ(osMessageQueuePut(q, &v, 0, 0), osOK);
    VT_EQ(osMessageQueueGet(q, &w, NULL, 0), osOK);
    VT_EQ(w, 7u);
    VT_EQ(osMessageQueueDelete(q), osOK);
    /* A pool: control block and memory both 4 mod 8; its blocks are still
     * 8-byte aligned and inside the memory given. */
    uint8_t *pm = (uint8_t *)&mem4[1];
    osMemoryPoolId_t p = osMemoryPoolNew(3, 16, &(osMemoryPoolAttr_t){
        .cb_mem = at4, .cb_size = VOS_CMSIS_MEMPOOL_CB_SIZE,
        .mp_mem = pm, .mp_size = VOS_CMSIS_MEMPOOL_MEM_SIZE(3, 16) });
    VT_ASSERT(p == at4);
    for (int i = 0; i < 3; i++) {
        uint8_t *b = osMemoryPoolAlloc(p, 0);
        VT_ASSERT(b != NULL && ((uintptr_t)b & 7u) == 0);
        VT_ASSERT(b >= pm && b + 16 <= pm + VOS_CMSIS_MEMPOOL_MEM_SIZE(3, 16));
    }
    VT_ASSERT(osMemoryPoolAlloc(p, 0) == NULL);
    VT_EQ(osMemoryPoolDelete(p), osOK);
    /* Still refused: 2-byte alignment, and 4-aligned memory one byte short. */
    VT_ASSERT(osSemaphoreNew(1, 1, &(osSemaphoreAttr_t){ .cb_mem = (uint8_t *)at4 + 2,
                                                           .cb_size = VOS_CMSIS_SEMAPHORE_CB_SIZE }) == NULL);
    VT_ASSERT(osMemoryPoolNew(3, 16, &(osMemoryPoolAttr_t){ .mp_mem = pm,
                                                              .mp_size = VOS_CMSIS_MEMPOOL_MEM_SIZE(3, 16) - 1u }) == NULL);
    /* A thread and a timer hold 64-bit times: 8 bytes. */
    VT_ASSERT(osTimerNew(on_timer_noop, osTimerOnce, NULL, &(osTimerAttr_t){ .cb_mem = at4,
                                                                             .cb_size = VOS_CMSIS_TIMER_CB_SIZE }) == NULL);
}

/* --- Message queues ---------------------------------------------------------------------- */

static osMessageQueueId_t mq;

static void mq_getter(void *arg)
{
    uint32_t v = 0;
    wait_ret = (uint32_t)osMessageQueueGet(mq, &v, NULL, (uint32_t)(uintptr_t)arg);
    seen = v;
}

static void mq_putter(void *arg)
{
    uint32_t v = (uint32_t)(uintptr_t)arg;
    wait_ret = (uint32_t)osMessageQueuePut(mq, &v, 0, osWaitForever);
}

CT(message_queue_put_get_fifo_and_limits)
{
    VT_ASSERT(osMessageQueueNew(0, 4, NULL) == NULL);
    VT_ASSERT(osMessageQueueNew(4, 0, NULL) == NULL);
    mq = osMessageQueueNew(3, sizeof(uint32_t), &(osMessageQueueAttr_t){ .name = "mq" });
    VT_ASSERT(mq != NULL);
    VT_ASSERT(strcmp(osMessageQueueGetName(mq), "mq") == 0);
    VT_EQ(osMessageQueueGetCapacity(mq), 3u);
    VT_EQ(osMessageQueueGetMsgSize(mq), 4u);
    for (uint32_t i = 1; i <= 3; i++)
        VT_EQ(osMessageQueuePut(mq, &i, 0, 0), osOK);
    uint32_t v = 9;
    VT_EQ(osMessageQueuePut(mq, &v, 0, 0), osErrorResource);
    uint32_t t0 = osKernelGetTickCount();
    VT_EQ(osMessageQueuePut(mq, &v, 0, 2), osErrorTimeout);
    VT_EQ(osKernelGetTickCount(), t0 + 2);
    VT_EQ(osMessageQueueGetCount(mq), 3u);
    VT_EQ(osMessageQueueGetSpace(mq), 0u);
    uint8_t prio = 0xFF;
    for (uint32_t i = 1; i <= 3; i++) {
        VT_EQ(osMessageQueueGet(mq, &v, &prio, 0), osOK);
        VT_EQ(v, i);
    }
    VT_EQ(prio, 0);
    VT_EQ(osMessageQueueGet(mq, &v, NULL, 0), osErrorResource);
    VT_EQ(osMessageQueueGet(mq, &v, NULL, 3), osErrorTimeout);
    VT_EQ(osMessageQueuePut(mq, NULL, 0, 0), osErrorParameter);
    VT_EQ(osMessageQueueGet(mq, NULL, NULL, 0), osErrorParameter);
    /* a waiting receiver gets the message directly */
    wait_ret = 1;
    spawn(mq_getter, (void *)osWaitForever, osPriorityHigh);
    v = 77;
    VT_EQ(osMessageQueuePut(mq, &v, 0, 0), osOK);
    VT_EQ((int32_t)wait_ret, osOK);
    VT_EQ(seen, 77u);
    VT_EQ(osMessageQueueGetCount(mq), 0u);
    VT_EQ(osMessageQueueDelete(mq), osOK);
    VT_EQ(osMessageQueuePut(mq, &v, 0, 0), osErrorParameter);
    VT_EQ(osMessageQueueGetCount(mq), 0u);
    VT_EQ(osMessageQueueGetSpace(mq), 0u);
    VT_EQ(osMessageQueueReset(mq), osErrorParameter);
    VT_EQ(osMessageQueueDelete(mq), osErrorParameter);
}

CT(message_queue_reset_and_delete_wake_waiters)
{
    mq = osMessageQueueNew(2, 12, NULL);
    uint8_t msg[12] = { 1, 2, 3 };
    VT_EQ(osMessageQueuePut(mq, msg, 0, 0), osOK);
    VT_EQ(osMessageQueuePut(mq, msg, 0, 0), osOK);
    wait_ret = 1;
    spawn(mq_putter, (void *)5, osPriorityHigh);       /* blocks: full */
    VT_EQ(wait_ret, 1u);
    VT_EQ(osMessageQueueReset(mq), osOK);
    VT_EQ((int32_t)wait_ret, osOK);                    /* a freed slot took its message */
    VT_EQ(osMessageQueueGetCount(mq), 1u);
    VT_EQ(osMessageQueueGetSpace(mq), 1u);
    uint8_t got[12] = { 0 };
    VT_EQ(osMessageQueueGet(mq, got, NULL, 0), osOK);
    VT_EQ(got[0], 5u);                                 /* the waiting sender's, not the discarded ones */
    wait_ret = 1;
    spawn(mq_getter, (void *)osWaitForever, osPriorityHigh);
    VT_EQ(osMessageQueueReset(mq), osOK);              /* empty: the receiver keeps waiting */
    VT_EQ(wait_ret, 1u);
    VT_EQ(osMessageQueueDelete(mq), osOK);
    VT_EQ((int32_t)wait_ret, osErrorResource);
}

CT(message_queue_priority_order)
{
    /* Higher priority first; equal priorities in the order put; the
     * priority reported is the message's. */
    mq = osMessageQueueNew(8, sizeof(uint32_t), NULL);
    static const uint8_t prio[8] = { 0, 5, 0, 9, 5, 1, 9, 0 };
    for (uint32_t i = 0; i < 8; i++)
        VT_EQ(osMessageQueuePut(mq, &i, prio[i], 0), osOK);
    static const uint32_t order[8] = { 3, 6, 1, 4, 5, 0, 2, 7 };
    for (uint32_t k = 0; k < 8; k++) {
        uint32_t v = 99;
        uint8_t p = 99;
        VT_EQ(osMessageQueueGet(mq, &v, &p, 0), osOK);
        VT_EQ(v, order[k]);
        VT_EQ(p, prio[order[k]]);
    }
    VT_EQ(osMessageQueueGetCount(mq), 0u);
    VT_EQ(osMessageQueueGetSpace(mq), 8u);
    VT_EQ(osMessageQueueDelete(mq), osOK);
}

CT(message_queue_caller_memory)
{
    static uint32_t mem[VOS_CMSIS_MSGQUEUE_MEM_SIZE(3, 6) / 4];
    static uint64_t cb[VOS_CMSIS_MSGQUEUE_CB_SIZE / 8 + 1];
    osMessageQueueAttr_t a = { .cb_mem = cb, .cb_size = sizeof cb, .mq_mem = mem, .mq_size = sizeof mem };
    a.mq_size = 3 * 6 - 1;
    VT_ASSERT(osMessageQueueNew(3, 6, &a) == NULL);    /* too small for 3 messages */
    a.mq_size = sizeof mem;
    mq = osMessageQueueNew(3, 6, &a);
    VT_ASSERT(mq != NULL);
    uint8_t m[6] = { 1, 2, 3, 4, 5, 6 }, r[6];
    for (int i = 0; i < 3; i++)
        VT_EQ(osMessageQueuePut(mq, m, (uint8_t)i, 0), osOK);
    VT_EQ(osMessageQueuePut(mq, m, 0, 0), osErrorResource);
    for (int i = 0; i < 3; i++) {
        uint8_t p;
        VT_EQ(osMessageQueueGet(mq, r, &p, 0), osOK);
        VT_EQ(p, (uint8_t)(2 - i));
        VT_EQ(memcmp(r, m, sizeof m), 0);
    }
    VT_EQ(osMessageQueueDelete(mq), osOK);
}

/* The memory the reference's users give: count * size bytes at any
 * alignment (STM32CubeMX's static buffer, a uint8_t array), and the
 * reference's own osRtxMessageQueueMemSize (count * (12 + size rounded up
 * to 4)). Messages go where they belong, nothing is written outside. */
#define RTX_MQ_MEM_SIZE(count, size) (4u * (count) * (3u + ((size) + 3u) / 4u))
static void queue_in(uint8_t *mem, uint32_t size, uint32_t count, uint32_t msg_size)
{
    static uint64_t cb[VOS_CMSIS_MSGQUEUE_CB_SIZE / 8 + 1];
    osMessageQueueAttr_t a = { .cb_mem = cb, .cb_size = sizeof cb, .mq_mem = mem, .mq_size = size };
    osMessageQueueId_t q = osMessageQueueNew(count, msg_size, &a);
    VT_ASSERT(q != NULL);
    if (q == NULL)
        return;
    uint8_t m[8], r[8];
    for (uint32_t i = 0; i < count; i++) {
        for (uint32_t b = 0; b < msg_size; b++)
            m[b] = (uint8_t)(0x10 * i + b + 1);
        VT_EQ(osMessageQueuePut(q, m, (uint8_t)(i == count - 1 ? 7 : 0), 0), osOK);
    }
    VT_EQ(osMessageQueuePut(q, m, 0, 0), osErrorResource);
    for (uint32_t k = 0; k < count; k++) {
        uint32_t i = k == 0 ? count - 1 : k - 1;    /* the priority 7 one first */
        uint8_t p = 0;
        VT_EQ(osMessageQueueGet(q, r, &p, 0), osOK);
        VT_EQ(p, i == count - 1 ? 7 : 0);
        for (uint32_t b = 0; b < msg_size; b++)
            VT_EQ(r[b], (uint8_t)(0x10 * i + b + 1));
    }
    VT_EQ(osMessageQueueDelete(q), osOK);
}

CT(message_queue_memory_the_reference_documents)
{
    static uint8_t area[1 + 5 * 8 + 4];
    for (uint32_t size = 1; size <= 8; size++) {
        /* count * size bytes, one byte past a 4-byte boundary */
        memset(area, 0xEE, sizeof area);
        uint8_t *mem = area + 1;
        queue_in(mem, 5 * size, 5, size);
        VT_EQ(area[0], 0xEE);
        for (uint32_t b = 5 * size; b < sizeof area - 1; b++)
            VT_EQ(mem[b], 0xEE);
        static uint64_t cb[VOS_CMSIS_MSGQUEUE_CB_SIZE / 8 + 1];
        osMessageQueueAttr_t a = { .cb_mem = cb, .cb_size = sizeof cb, .mq_mem = mem,
                                   .mq_size = 5 * size - 1 };
        VT_ASSERT(osMessageQueueNew(5, size, &a) == NULL);     /* one byte short */
    }
    static uint32_t rtx[RTX_MQ_MEM_SIZE(4, 6) / 4];
    queue_in((uint8_t *)rtx, sizeof rtx, 4, 6);
}

static void isr_queue(void)
{
    uint32_t v = 42;
    isr_ret[0] = (uint32_t)osMessageQueuePut(mq, &v, 0, 0);
    isr_ret[1] = (uint32_t)osMessageQueuePut(mq, &v, 0, 0);
    isr_ret[2] = (uint32_t)osMessageQueuePut(mq, &v, 0, 1);
    isr_ret[3] = osMessageQueueGetCount(mq);
    v = 0;
    isr_ret[4] = (uint32_t)osMessageQueueGet(mq, &v, NULL, 0);
    isr_ret[5] = v;
    isr_ret[6] = (uint32_t)osMessageQueueReset(mq);
    isr_ret[7] = (uint32_t)osMessageQueueDelete(mq);
}

CT(message_queue_from_isr)
{
    mq = osMessageQueueNew(1, 4, NULL);
    vt_run_in_isr(isr_queue);
    VT_EQ((int32_t)isr_ret[0], osOK);
    VT_EQ((int32_t)isr_ret[1], osErrorResource);
    VT_EQ((int32_t)isr_ret[2], osErrorParameter);
    VT_EQ(isr_ret[3], 1u);
    VT_EQ((int32_t)isr_ret[4], osOK);
    VT_EQ(isr_ret[5], 42u);
    VT_EQ((int32_t)isr_ret[6], osErrorISR);
    VT_EQ((int32_t)isr_ret[7], osErrorISR);
    VT_EQ(osMessageQueueDelete(mq), osOK);
}

/* --- Interrupt context: calls the reference forbids there ------------------------------------- */

static volatile int32_t isr_st[24];

static void isr_forbidden(void)
{
    int i = 0;
    isr_st[i++] = osKernelInitialize();
    isr_st[i++] = osKernelStart();
    isr_st[i++] = osDelay(1);
    isr_st[i++] = osDelayUntil(osKernelGetTickCount() + 1);
    isr_st[i++] = osThreadYield();
    isr_st[i++] = osThreadNew(noop, NULL, NULL) == NULL;
    isr_st[i++] = osThreadSuspend(isr_target);
    isr_st[i++] = osThreadResume(isr_target);
    isr_st[i++] = osThreadSetPriority(isr_target, osPriorityLow);
    isr_st[i++] = osThreadGetPriority(isr_target);
    isr_st[i++] = osThreadGetState(isr_target);
    isr_st[i++] = osThreadDetach(isr_target);
    isr_st[i++] = (int32_t)osThreadGetStackSize(isr_target);
    isr_st[i++] = (int32_t)osThreadGetCount();
    isr_st[i++] = osMutexNew(NULL) == NULL;
    isr_st[i++] = osMutexAcquire(mx, 0);
    isr_st[i++] = osMutexRelease(mx);
    isr_st[i++] = osMutexGetOwner(mx) == NULL;
    isr_st[i++] = osMessageQueueNew(1, 4, NULL) == NULL;
    isr_st[i++] = osMemoryPoolNew(1, 4, NULL) == NULL;
    isr_st[i++] = (int32_t)osKernelGetState();
    isr_st[i++] = osThreadGetName(isr_target) != NULL;
    isr_st[i++] = (int32_t)osKernelGetTickCount() == (int32_t)(vos_now() / C);
}

CT(isr_forbidden_calls)
{
    isr_target = osThreadGetId();
    mx = osMutexNew(NULL);
    osMutexAcquire(mx, 0);
    vt_run_in_isr(isr_forbidden);
    static const int32_t want[] = {
        osErrorISR, osErrorISR, osErrorISR, osErrorISR, osErrorISR, 1, osErrorISR, osErrorISR,
        osErrorISR, osPriorityError, osThreadError, osErrorISR, 0, 0, 1, osErrorISR,
        osErrorISR, 1, 1, 1, osKernelRunning, 1, 1,
    };
    for (unsigned i = 0; i < sizeof want / sizeof want[0]; i++) {
        if (isr_st[i] != want[i])
            vt_note("isr call %u\n", i);
        VT_EQ(isr_st[i], want[i]);
    }
    VT_ASSERT(osThreadGetId() == isr_target);
    VT_EQ(osMutexRelease(mx), osOK);
    VT_EQ(osMutexDelete(mx), osOK);
}

/* --- Isolation and affinity ---------------------------------------------------------------- */

CT(isolation_and_affinity)
{
    osThreadId_t self = osThreadGetId();
    VT_EQ(osThreadGetClass(self), 0u);
    VT_EQ(osThreadGetClass(NULL), osErrorId);
    VT_EQ(osThreadGetZone(self), 0u);
    VT_EQ(osThreadGetZone(NULL), osErrorId);
    VT_EQ(osThreadGetAffinityMask(self), 1u);
    VT_EQ(osThreadGetAffinityMask(NULL), 0u);
    VT_EQ(osThreadSetAffinityMask(self, osThreadProcessor(0)), osOK);
    VT_EQ(osThreadSetAffinityMask(self, osThreadProcessor(1)), osErrorParameter);
    VT_EQ(osThreadSetAffinityMask(NULL, 1), osErrorParameter);
    VT_EQ(osKernelProtect(1), osError);
    VT_EQ(osKernelDestroyClass(1, osSafetyWithSameClass), osError);
    VT_EQ(osThreadFeedWatchdog(10), osError);
    VT_EQ(osThreadSuspendClass(1, osSafetyWithLowerClass), osError);
    VT_EQ(osThreadResumeClass(1, osSafetyWithLowerClass), osError);
    VT_EQ(osThreadTerminateZone(1), osError);
    osThreadId_t z = osThreadNew(noop, NULL, &(osThreadAttr_t){ .attr_bits = osThreadZone(5) | osThreadJoinable,
                                                                .priority = osPriorityLow });
    VT_EQ(osThreadGetZone(z), 5u);
    VT_EQ(osThreadDetach(z), osOK);
    VT_EQ(osThreadProtectPrivileged(), osOK);
    VT_ASSERT(osThreadNew(noop, NULL, &(osThreadAttr_t){ .attr_bits = osThreadPrivileged }) == NULL);
    VT_ASSERT(osThreadNew(noop, NULL, &(osThreadAttr_t){ .attr_bits = osThreadUnprivileged,
                                                          .priority = osPriorityLow }) != NULL);
}

/* --- Leaks ---------------------------------------------------------------------------------- */

CT(objects_create_delete_cycles_do_not_leak)
{
    size_t before = vos_cmsis_heap_free();
    for (int i = 0; i < 1000; i++) {
        osEventFlagsId_t e = osEventFlagsNew(NULL);
        osMutexId_t m = osMutexNew(NULL);
        osSemaphoreId_t s = osSemaphoreNew(2, 1, NULL);
        osMemoryPoolId_t p = osMemoryPoolNew(4, 32, NULL);
        osMessageQueueId_t q = osMessageQueueNew(4, 16, NULL);
        VT_ASSERT(e && m && s && p && q);
        VT_EQ(osEventFlagsDelete(e), osOK);
        VT_EQ(osMutexDelete(m), osOK);
        VT_EQ(osSemaphoreDelete(s), osOK);
        VT_EQ(osMemoryPoolDelete(p), osOK);
        VT_EQ(osMessageQueueDelete(q), osOK);
    }
    VT_EQ(vos_cmsis_heap_free(), before);
}

/* --- Scheduler lock and suspension ------------------------------------------------------ */

CT(kernel_lock_unlock_restore)
{
    vt_log_reset();
    VT_EQ(osKernelLock(), 0);
    VT_EQ(osKernelGetState(), osKernelLocked);
    VT_EQ(osKernelLock(), 1);
    spawn(log_arg, (void *)'h', osPriorityHigh);    /* ready, but the lock holds */
    vt_log('a');
    VT_EQ(osKernelUnlock(), 1);                     /* h runs here */
    vt_log('b');
    VT_ASSERT(vt_log_is("ahb"));
    VT_EQ(osKernelGetState(), osKernelRunning);
    VT_EQ(osKernelUnlock(), 0);
    VT_EQ(osKernelRestoreLock(1), 1);
    VT_EQ(osKernelGetState(), osKernelLocked);
    VT_EQ(osKernelRestoreLock(0), 0);
    VT_EQ(osKernelGetState(), osKernelRunning);
    VT_EQ(osKernelRestoreLock(2), osError);
    VT_EQ(osKernelRestoreLock(-1), osError);
    int32_t prev = osKernelLock();
    VT_EQ(osKernelRestoreLock(prev), 0);            /* the nesting-safe idiom */
}

static volatile int32_t lock_isr[3];

static void isr_lock(void)
{
    lock_isr[0] = osKernelLock();
    lock_isr[1] = osKernelUnlock();
    lock_isr[2] = osKernelRestoreLock(0);
}

CT(kernel_lock_from_isr)
{
    vt_run_in_isr(isr_lock);
    VT_EQ(lock_isr[0], osErrorISR);
    VT_EQ(lock_isr[1], osErrorISR);
    VT_EQ(lock_isr[2], osErrorISR);
}

static void sleeper(void *arg)
{
    osDelay((uint32_t)(uintptr_t)arg);
    counter++;
}

static volatile uint32_t slept_at;

/* Records the tick its delay starts in, then sleeps. */
static void sleeper_at(void *arg)
{
    slept_at = osKernelGetTickCount();
    osDelay((uint32_t)(uintptr_t)arg);
    counter++;
}

CT(kernel_suspend_resume)
{
    counter = 0;
    spawn(sleeper, (void *)10, osPriorityHigh);
    uint32_t t0 = osKernelGetTickCount();
    uint32_t ticks = osKernelSuspend();
    VT_EQ(osKernelGetState(), osKernelSuspended);
    VT_EQ(ticks, 10u - (osKernelGetTickCount() - t0));
    osKernelResume(0);
    VT_EQ(osKernelGetState(), osKernelRunning);
    osDelay(12);
    VT_EQ(counter, 1);
}

/* osKernelSuspend's answer is the exact number of ticks until the next
 * thread becomes ready: a delay of n started in tick t ends at the start
 * of tick t + n (wake on time's alarm before it does not shorten it). */
CT(kernel_suspend_counts_every_tick_of_a_delay)
{
    static const uint32_t delays[] = { 1, 2, 3, 50 };
    for (unsigned i = 0; i < sizeof delays / sizeof delays[0]; i++) {
        counter = 0;
        osDelay(1);                         /* start on a tick boundary */
        spawn(sleeper_at, (void *)(uintptr_t)delays[i], osPriorityHigh);
        uint32_t before = osKernelGetTickCount();
        uint32_t ticks = osKernelSuspend();
        uint32_t after = osKernelGetTickCount();
        osKernelResume(0);
        VT_EQ(before, slept_at);            /* one tick is ample on the board */
        VT_EQ(after, before);
        VT_EQ(ticks, delays[i]);
        osDelay(delays[i] + 1u);
        VT_EQ(counter, 1);
    }
}

static volatile uint32_t high_ran;

static void mark_high(void *arg)
{
    (void)arg;
    high_ran = osKernelGetTickCount() + 1u;
}

/* While suspended nothing is scheduled, and the lock calls neither report
 * a lock state nor release the suspension's lock. */
CT(kernel_suspended_holds_its_lock)
{
    high_ran = 0;
    VT_ASSERT(osKernelSuspend() != 0);
    spawn(mark_high, NULL, osPriorityHigh);
    VT_EQ(osKernelLock(), osError);
    VT_EQ(osKernelUnlock(), osError);
    VT_EQ(osKernelRestoreLock(0), osError);
    VT_EQ(osKernelRestoreLock(1), osError);
    VT_EQ(high_ran, 0u);
    VT_EQ(osKernelGetState(), osKernelSuspended);
    osKernelResume(0);
    VT_ASSERT(high_ran != 0u);              /* ran at the resume */
    VT_EQ(osKernelGetState(), osKernelRunning);
    /* A locked kernel is not suspended, and its lock is left alone. */
    VT_EQ(osKernelLock(), 0);
    VT_EQ(osKernelSuspend(), 0u);
    osKernelResume(0);
    VT_EQ(osKernelGetState(), osKernelLocked);
    VT_EQ(osKernelUnlock(), 1);
}

static volatile uint32_t resume_fired;

static void on_resume_timer(void *arg)
{
    (void)arg;
    resume_fired = osKernelGetTickCount();
}

/* osKernelResume(sleep_ticks): the kernel's time moves on by the ticks
 * slept that the time base did not count: delays end and timers expire
 * at once when they fell in the sleep, the tick count includes them. */
CT(kernel_resume_advances_time_by_the_ticks_slept)
{
    counter = 0;
    resume_fired = 0;
    osDelay(1);
    spawn(sleeper_at, (void *)40, osPriorityHigh);
    osTimerId_t tm = osTimerNew(on_resume_timer, osTimerOnce, NULL, NULL);
    VT_EQ(osTimerStart(tm, 30), osOK);
    uint32_t t0 = osKernelGetTickCount();
    uint32_t ticks = osKernelSuspend();
    VT_EQ(ticks, 30u - (osKernelGetTickCount() - t0));
    osKernelResume(ticks);                  /* as if the counter stopped for them */
    uint32_t t1 = osKernelGetTickCount();
    VT_ASSERT(t1 - t0 >= 30u && t1 - t0 <= 31u);
    osDelay(1);                             /* the timer thread runs */
    VT_ASSERT(resume_fired != 0u && resume_fired - t0 >= 30u && resume_fired - t0 <= 31u);
    VT_EQ(counter, 0);                      /* 10 ticks of its delay left */
    VT_EQ(osKernelSuspend(), 40u - (osKernelGetTickCount() - slept_at));
    osKernelResume(50);                     /* beyond its end */
    VT_EQ(counter, 1);                      /* ran at the resume */
    VT_EQ(osTimerDelete(tm), osOK);
    /* A board whose counter kept running: the ticks it counted are not
     * added twice. */
    t0 = osKernelGetTickCount();
    VT_ASSERT(osKernelSuspend() > 5u);     /* the runner's own timeout, seconds away */
    while (osKernelGetTickCount() - t0 < 5u)
        ;
    osKernelResume(5);
    VT_ASSERT(osKernelGetTickCount() - t0 <= 6u);
}

/* --- Termination, join, resume of a wait --------------------------------------------------- */

CT(thread_terminate)
{
    counter = 0;
    osThreadId_t t = spawn(spin_count, NULL, osPriorityHigh);
    osDelay(2);
    VT_EQ(osThreadTerminate(t), osOK);
    int c = counter;
    osDelay(3);
    VT_EQ(counter, c);
    VT_EQ(osThreadGetState(t), osThreadError);      /* detached: gone */
    VT_EQ(osThreadTerminate(t), osErrorParameter);
    VT_EQ(osThreadTerminate(NULL), osErrorParameter);
    t = osThreadNew(spin_count, NULL, &(osThreadAttr_t){ .attr_bits = osThreadJoinable,
                                                          .priority = osPriorityHigh });
    VT_EQ(osThreadTerminate(t), osOK);
    VT_EQ(osThreadGetState(t), osThreadTerminated);
    VT_EQ(osThreadTerminate(t), osErrorResource);
    VT_EQ(osThreadJoin(t), osOK);
    VT_EQ(osThreadGetState(t), osThreadError);
}

CT(thread_terminate_cycles_do_not_leak)
{
    size_t before = vos_cmsis_heap_free();
    for (int i = 0; i < 2000; i++) {
        osThreadId_t t = osThreadNew(spin_count, NULL,
                                     &(osThreadAttr_t){ .priority = (i & 1) ? osPriorityHigh : osPriorityLow });
        VT_ASSERT(t != NULL);
        VT_EQ(osThreadTerminate(t), osOK);
    }
    VT_EQ(vos_cmsis_heap_free(), before);
}

CT(thread_terminate_releases_mutex)
{
    mx = osMutexNew(&(osMutexAttr_t){ .attr_bits = osMutexRobust });
    osThreadId_t t = spawn(park, NULL, osPriorityLow);
    (void)t;
    osThreadId_t h = osThreadNew(mx_hold_and_end, NULL, &(osThreadAttr_t){ .priority = osPriorityHigh,
                                                                        .attr_bits = osThreadJoinable });
    VT_EQ(osThreadJoin(h), osOK);
    VT_ASSERT(osMutexGetOwner(mx) == NULL);
    VT_EQ(osMutexAcquire(mx, 0), osOK);
    VT_EQ(osMutexRelease(mx), osOK);
    VT_EQ(osMutexDelete(mx), osOK);
    VT_EQ(osThreadTerminate(t), osOK);
}

CT(thread_join)
{
    counter = 0;
    const osThreadAttr_t j = { .attr_bits = osThreadJoinable, .priority = osPriorityLow };
    osThreadId_t t = osThreadNew(sleeper, (void *)3, &j);
    uint32_t t0 = osKernelGetTickCount();
    VT_EQ(osThreadJoin(t), osOK);                   /* waits for its end */
    VT_EQ(counter, 1);
    VT_EQ(osKernelGetTickCount(), t0 + 3);
    VT_EQ(osThreadJoin(t), osErrorParameter);       /* storage reclaimed */
    VT_EQ(osThreadJoin(osThreadGetId()), osErrorResource);
    osThreadId_t d = spawn(park, NULL, osPriorityLow);
    VT_EQ(osThreadJoin(d), osErrorResource);        /* detached */
    VT_EQ(osThreadJoin(NULL), osErrorParameter);
    osThreadFlagsSet(d, 1);
}

static void delayer(void *arg)
{
    (void)arg;
    wait_ret = (uint32_t)osDelay(1000);
    seen = osKernelGetTickCount();
}

CT(thread_resume_ends_a_wait)
{
    wait_ret = 99;
    osThreadId_t t = spawn(delayer, NULL, osPriorityHigh);
    osDelay(2);
    VT_EQ(osThreadGetState(t), osThreadBlocked);
    uint32_t now = osKernelGetTickCount();
    VT_EQ(osThreadResume(t), osOK);
    VT_EQ((int32_t)wait_ret, osOK);
    VT_EQ(seen, now);
}

static volatile osThreadId_t isr_self;

static void isr_get_id(void)
{
    isr_self = osThreadGetId();
}

CT(thread_get_id_in_isr_is_the_interrupted_thread)
{
    vt_run_in_isr(isr_get_id);
    VT_ASSERT(isr_self == osThreadGetId());
}

/* --- Timers --------------------------------------------------------------------------- */

static volatile uint32_t fired[8];
static volatile int nfired;

static void on_timer(void *arg)
{
    (void)arg;
    if (nfired < 8)
        fired[nfired] = osKernelGetTickCount();
    nfired++;
}

CT(timer_once_and_periodic)
{
    VT_ASSERT(osTimerNew(NULL, osTimerOnce, NULL, NULL) == NULL);
    VT_ASSERT(osTimerNew(on_timer, (osTimerType_t)2, NULL, NULL) == NULL);
    osTimerId_t once = osTimerNew(on_timer, osTimerOnce, NULL, &(osTimerAttr_t){ .name = "once" });
    VT_ASSERT(once != NULL);
    VT_ASSERT(strcmp(osTimerGetName(once), "once") == 0);
    VT_EQ(osTimerIsRunning(once), 0u);
    VT_EQ(osTimerStop(once), osErrorResource);
    VT_EQ(osTimerStart(once, 0), osErrorParameter);
    nfired = 0;
    uint32_t t0 = osKernelGetTickCount();
    VT_EQ(osTimerStart(once, 3), osOK);
    VT_EQ(osTimerIsRunning(once), 1u);
    osDelay(6);
    VT_EQ(nfired, 1);
    VT_EQ(fired[0], t0 + 3);
    VT_EQ(osTimerIsRunning(once), 0u);
    osTimerId_t per = osTimerNew(on_timer, osTimerPeriodic, NULL, NULL);
    nfired = 0;
    t0 = osKernelGetTickCount();
    VT_EQ(osTimerStart(per, 2), osOK);
    osDelay(9);                         /* expiries at t0+2, +4, +6, +8 */
    VT_EQ(osTimerStop(per), osOK);
    VT_EQ(nfired, 4);
    for (int i = 0; i < 4; i++)
        VT_EQ(fired[i], t0 + 2u * (uint32_t)(i + 1));
    VT_EQ(osTimerStop(per), osErrorResource);
    VT_EQ(osTimerDelete(per), osOK);
    VT_EQ(osTimerDelete(once), osOK);
    VT_EQ(osTimerStart(once, 1), osErrorParameter);
    VT_EQ(osTimerDelete(once), osErrorParameter);
    VT_ASSERT(osTimerGetName(once) == NULL);
}

static osTimerId_t isr_timer;
static volatile int32_t timer_isr[5];

static void isr_timers(void)
{
    timer_isr[0] = osTimerNew(on_timer, osTimerOnce, NULL, NULL) == NULL;
    timer_isr[1] = osTimerStart(isr_timer, 1);
    timer_isr[2] = osTimerStop(isr_timer);
    timer_isr[3] = osTimerDelete(isr_timer);
    timer_isr[4] = (int32_t)osTimerIsRunning(isr_timer);
}

CT(timer_from_isr)
{
    isr_timer = osTimerNew(on_timer, osTimerOnce, NULL, NULL);
    osTimerStart(isr_timer, 100);
    vt_run_in_isr(isr_timers);
    VT_EQ(timer_isr[0], 1);
    VT_EQ(timer_isr[1], osErrorISR);
    VT_EQ(timer_isr[2], osErrorISR);
    VT_EQ(timer_isr[3], osErrorISR);
    VT_EQ(timer_isr[4], 0);
    VT_EQ(osTimerDelete(isr_timer), osOK);
}

CT(timer_create_delete_cycles_do_not_leak)
{
    size_t before = vos_cmsis_heap_free();
    for (int i = 0; i < 1000; i++) {
        osTimerId_t t = osTimerNew(on_timer, osTimerPeriodic, NULL, NULL);
        VT_ASSERT(t != NULL);
        VT_EQ(osTimerStart(t, 50), osOK);
        VT_EQ(osTimerDelete(t), osOK);
    }
    VT_EQ(vos_cmsis_heap_free(), before);
}

/* --- The smallest stack -------------------------------------------------------------- */

static osSemaphoreId_t small_sem;
static osMutexId_t small_mx;

/* Every kind of wait a thread makes, each ended differently (time, a give,
 * a flag, a handler meanwhile), never touching the FPU. */
static void small_body(void *arg)
{
    (void)arg;
    for (int i = 0; i < 3; i++) {
        osDelay(1);
        osSemaphoreAcquire(small_sem, osWaitForever);
        osThreadFlagsWait(1, osFlagsWaitAny, 2);
        osMutexAcquire(small_mx, osWaitForever);
        osMutexRelease(small_mx);
        osThreadYield();
    }
    osThreadFlagsWait(2, osFlagsWaitAny, osWaitForever);
}

static uint64_t small_stack[VOS_CFG_STACK_MIN / 8];

/* VOS_CFG_STACK_MIN (guard included) holds a thread that does not use the
 * FPU and waits in the layer's calls, with interrupts coming meanwhile;
 * a smaller stack is refused. What it used is printed (docs/cmsis-rtos2.md
 * quotes it). */
CT(thread_stack_minimum_holds_a_thread_that_waits)
{
    small_sem = osSemaphoreNew(4, 0, NULL);
    small_mx = osMutexNew(NULL);
    VT_ASSERT(osThreadNew(small_body, NULL, &(osThreadAttr_t){ .stack_mem = small_stack,
                                                               .stack_size = VOS_CFG_STACK_MIN - 8 }) == NULL);
    osThreadId_t t = osThreadNew(small_body, NULL, &(osThreadAttr_t){
        .priority = osPriorityHigh, .stack_mem = small_stack, .stack_size = sizeof small_stack,
        .attr_bits = osThreadJoinable });
    VT_ASSERT(t != NULL);
    for (int i = 0; i < 3; i++) {
        osDelay(2);
        vt_run_in_isr(isr_lock);
        VT_EQ(osSemaphoreRelease(small_sem), osOK);
        VT_ASSERT((int32_t)osThreadFlagsSet(t, 1) >= 0);
    }
    osDelay(5);
    VT_EQ(osThreadGetState(t), osThreadBlocked);
    uint32_t space = osThreadGetStackSpace(t);
    vt_note("a thread that waits used %lu of its %u-byte stack (guard %u)\n",
            (unsigned long)(sizeof small_stack - VOS_CFG_STACK_GUARD - space),
            (unsigned)sizeof small_stack, (unsigned)VOS_CFG_STACK_GUARD);
    VT_ASSERT(space > 0);
    osThreadFlagsSet(t, 2);
    VT_EQ(osThreadJoin(t), osOK);
    VT_EQ(osSemaphoreDelete(small_sem), osOK);
    VT_EQ(osMutexDelete(small_mx), osOK);
}
