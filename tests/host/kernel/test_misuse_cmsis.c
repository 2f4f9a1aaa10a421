/* SPDX-License-Identifier: MIT */
/*
 * The misuse matrix of the CMSIS-RTOS2 layer (cmsis/, issue 21): every
 * function of cmsis_os2.h with every input class that applies to it (NULL,
 * zeroed and foreign ids, deleted objects, ended threads, calls from an
 * interrupt the reference forbids there or allows only without a timeout,
 * before the kernel starts, with the kernel locked, NULL and out-of-range
 * arguments, not the owner, a state that forbids the call), against the
 * osStatus_t, NULL, 0 or error value the CMSIS-RTOS2 reference (and, where
 * the reference leaves it open, docs/cmsis-rtos2.md) gives.
 *
 * One table (rows[] below). Every probe is isolated: it runs in a child
 * process of its own (the layer keeps registries that only a new process
 * forgets), which builds a fresh world of CMSIS objects in a CMSIS thread,
 * makes the call in its context, then checks from that thread that
 *  - the result is the expected one;
 *  - a refused call changed no byte of the live objects' control blocks;
 *  - every live object still works (a semaphore release and acquire, a
 *    mutex acquire and release, a message put and get, a block alloc and
 *    free, event flags set and clear, a timer start and stop, the peer's
 *    thread flags), the layer's heap is sound and the kernel's invariants
 *    hold.
 * A call that halts the system (osThreadExit from a handler, osFaultResume)
 * is expected to end its process with the abort of arch_halt.
 * Built against a kernel with VOS_CFG_CHECKS on and off: the layer checks
 * its own arguments in both, so every row runs in both.
 *
 * Found and fixed with it: a thread call given a foreign id (any other,
 * smaller control block) read the thread head's tag 128 bytes past the
 * object's end (os2_thread_valid now reads the kernel task's tag, the
 * first word, first), osThreadNew read a cb_mem's tag before checking
 * its cb_size, and every other New took the control block of a live
 * thread (whose first word is its kernel task's tag) or of a native kernel
 * object as free memory and wrote over it (os2_new now refuses a cb_mem
 * that holds a live object of any kind: class live-cb).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#include "harness.h"
#include "kernel.h"
#include "host_test.h"
#include "cmsis_os2.h"
#include "os2_vaios.h"

/* --- Input classes and contexts ------------------------------------------------ */

enum cls {
    C_VALID,      /* a correct call */
    C_NULL,       /* NULL id */
    C_ZERO,       /* zeroed memory as an id */
    C_FOREIGN,    /* an id of another kind */
    C_DELETED,    /* a deleted object (or a detached thread that ended) */
    C_ENDED,      /* a joinable thread that ended, not joined */
    C_IN_ISR,     /* a call the reference forbids in a handler */
    C_ISR_WAIT,   /* from a handler with a non-zero timeout */
    C_BEFORE,     /* kernel initialised, not started */
    C_LOCKED,     /* a call that must wait, with the kernel locked */
    C_NULL_ARG,   /* NULL for a pointer argument other than the id */
    C_ARG_LOW,    /* an argument below its range */
    C_ARG_HIGH,   /* an argument above its range */
    C_NOT_OWNER,  /* a mutex another thread owns */
    C_NO_WAIT,    /* a wait that cannot be satisfied now, timeout 0 */
    C_TIMEOUT,    /* the same with a short timeout */
    C_STATE,      /* an object in a state that forbids the call */
    C_SMALL_CB,   /* cb_mem smaller than the type's control block */
    C_LIVE_CB,    /* cb_mem holding a live object of another kind */
    C_COUNT
};

static const char *const cls_name[C_COUNT] = {
    "valid", "null", "zeroed", "foreign", "deleted", "ended", "in-isr", "isr-wait",
    "before-start", "locked", "null-arg", "arg-low", "arg-high", "not-owner", "no-wait",
    "timeout", "state", "small-cb", "live-cb",
};

enum ctx { T, I, B, L, S };
static const char *const ctx_name[] = { "thread", "isr", "before-start", "kernel-locked",
                                        "kernel-suspended" };

/* cmsis/src/kernel.c: bytes free in the layer's heap (0 if it is damaged). */
size_t vos_cmsis_heap_free(void);

#define MM_NULL 1000          /* a NULL pointer */
#define MM_PTR  1001          /* a non-NULL pointer */
#define MM_HALT 1002          /* the system halts (arch_halt): the process aborts */
#define MM_DONE 4242

static long ptr(const void *p)
{
    return p == NULL ? MM_NULL : MM_PTR;
}

/* --- The world ------------------------------------------------------------------- */

#define QCAP 4u
#define QMSG 8u
#define PCNT 4u
#define PBLK 32u

static struct {
    osThreadId_t self, peer, ended, gone;
    osMutexId_t m, mo, mr, mdead;
    osSemaphoreId_t s, s0, sfull, sdead;
    osEventFlagsId_t ef, efdead, efsmall;
    osMessageQueueId_t mq, mqe, mqf, mqdead;
    osMemoryPoolId_t mp, mpe, mpdead;
    osTimerId_t tm, tmrun, tmdead;
    void *blk, *blk_free;
    unsigned timer_calls;
} W;

/* Control blocks in static memory: the deleted objects' stay readable,
 * and the live ones can be compared byte for byte around a probe. */
#define CB_WORDS 64
enum { CB_M, CB_MO, CB_S, CB_EF, CB_MQ, CB_MP, CB_TM, CB_LIVE,
       CB_MDEAD = CB_LIVE, CB_SDEAD, CB_EFDEAD, CB_MQDEAD, CB_MPDEAD, CB_TMDEAD, CB_ALL };
static uint64_t cb[CB_ALL][CB_WORDS];
static uint64_t snap[CB_LIVE][CB_WORDS];
static uint64_t zeroed[CB_WORDS];
static uint64_t ended_cb[VOS_CMSIS_THREAD_CB_SIZE / 8 + 1];
/* A native kernel semaphore, live, in memory as large as any control block. */
static union {
    vos_sem_t s;
    uint64_t w[CB_WORDS];
} native;
static uint64_t ended_stack[4096 / 8];

_Static_assert(VOS_CMSIS_MUTEX_CB_SIZE <= sizeof cb[0] && VOS_CMSIS_SEMAPHORE_CB_SIZE <= sizeof cb[0] &&
               VOS_CMSIS_EVFLAGS_CB_SIZE <= sizeof cb[0] && VOS_CMSIS_MSGQUEUE_CB_SIZE <= sizeof cb[0] &&
               VOS_CMSIS_MEMPOOL_CB_SIZE <= sizeof cb[0] && VOS_CMSIS_TIMER_CB_SIZE <= sizeof cb[0],
               "control blocks fit");

static void timer_fn(void *arg)
{
    (void)arg;
    W.timer_calls++;
}

static void peer_fn(void *arg)
{
    (void)arg;
    osMutexAcquire(W.mo, osWaitForever);
    osThreadFlagsWait(0x1u, osFlagsWaitAny, osWaitForever);
    for (;;)
        osThreadFlagsWait(0x1u, osFlagsWaitAny, osWaitForever);
}

static void short_fn(void *arg)
{
    (void)arg;
}

static void fail_setup(const char *what)
{
    printf("     world setup: %s\n", what);
    exit(2);
}

/* The objects every probe starts from. In the prober thread (or before
 * the start: the objects only). */
static void world_setup(void)
{
    if (vos_sem_init(&native.s, 1, 1) != VOS_OK)
        fail_setup("the native semaphore");
    osMutexAttr_t ma = { .cb_mem = cb[CB_M], .cb_size = sizeof cb[0] };
    W.m = osMutexNew(&ma);
    ma.cb_mem = cb[CB_MO];
    W.mo = osMutexNew(&ma);
    W.mr = osMutexNew(&(osMutexAttr_t){ .attr_bits = osMutexRecursive });
    ma.cb_mem = cb[CB_MDEAD];
    W.mdead = osMutexNew(&ma);
    osSemaphoreAttr_t sa = { .cb_mem = cb[CB_S], .cb_size = sizeof cb[0] };
    W.s = osSemaphoreNew(2, 1, &sa);
    W.s0 = osSemaphoreNew(1, 0, NULL);
    W.sfull = osSemaphoreNew(1, 1, NULL);
    sa.cb_mem = cb[CB_SDEAD];
    W.sdead = osSemaphoreNew(1, 1, &sa);
    osEventFlagsAttr_t ea = { .cb_mem = cb[CB_EF], .cb_size = sizeof cb[0] };
    W.ef = osEventFlagsNew(&ea);
    ea.cb_mem = cb[CB_EFDEAD];
    W.efdead = osEventFlagsNew(&ea);
    /* the smallest control block, in memory of exactly its size (the
     * sanitizer sees its end): the foreign id of a thread call */
    ea.cb_mem = malloc(VOS_CMSIS_EVFLAGS_CB_SIZE);
    ea.cb_size = VOS_CMSIS_EVFLAGS_CB_SIZE;
    W.efsmall = osEventFlagsNew(&ea);
    osMessageQueueAttr_t qa = { .cb_mem = cb[CB_MQ], .cb_size = sizeof cb[0] };
    W.mq = osMessageQueueNew(QCAP, QMSG, &qa);
    W.mqe = osMessageQueueNew(QCAP, QMSG, NULL);
    W.mqf = osMessageQueueNew(1, QMSG, NULL);
    qa.cb_mem = cb[CB_MQDEAD];
    W.mqdead = osMessageQueueNew(QCAP, QMSG, &qa);
    osMemoryPoolAttr_t pa = { .cb_mem = cb[CB_MP], .cb_size = sizeof cb[0] };
    W.mp = osMemoryPoolNew(PCNT, PBLK, &pa);
    W.mpe = osMemoryPoolNew(1, PBLK, NULL);
    pa.cb_mem = cb[CB_MPDEAD];
    W.mpdead = osMemoryPoolNew(PCNT, PBLK, &pa);
    osTimerAttr_t ta = { .cb_mem = cb[CB_TM], .cb_size = sizeof cb[0] };
    W.tm = osTimerNew(timer_fn, osTimerPeriodic, NULL, &ta);
    W.tmrun = osTimerNew(timer_fn, osTimerOnce, NULL, NULL);
    ta.cb_mem = cb[CB_TMDEAD];
    W.tmdead = osTimerNew(timer_fn, osTimerOnce, NULL, &ta);
    if (!W.m || !W.mo || !W.mr || !W.mdead || !W.s || !W.s0 || !W.sfull || !W.sdead || !W.ef ||
        !W.efsmall ||
        !W.efdead || !W.mq || !W.mqe || !W.mqf || !W.mqdead || !W.mp || !W.mpe || !W.mpdead ||
        !W.tm || !W.tmrun || !W.tmdead)
        fail_setup("an object was not created");
    uint8_t msg[QMSG] = { 1 };
    W.blk = osMemoryPoolAlloc(W.mp, 0);
    W.blk_free = osMemoryPoolAlloc(W.mp, 0);
    if (osMutexDelete(W.mdead) != osOK || osSemaphoreDelete(W.sdead) != osOK ||
        osEventFlagsDelete(W.efdead) != osOK || osMessageQueueDelete(W.mqdead) != osOK ||
        osMemoryPoolDelete(W.mpdead) != osOK || osTimerDelete(W.tmdead) != osOK ||
        osMessageQueuePut(W.mq, msg, 0, 0) != osOK || osMessageQueuePut(W.mqf, msg, 0, 0) != osOK ||
        osEventFlagsSet(W.ef, 0x1u) != 0x1u || W.blk == NULL || W.blk_free == NULL ||
        osMemoryPoolFree(W.mp, W.blk_free) != osOK || osMemoryPoolAlloc(W.mpe, 0) == NULL)
        fail_setup("the objects' states");
}

/* The threads: the peer (higher, owns mo, waits for flag 0x1), a joinable
 * thread that ended, a detached one that ended; the timer tmrun armed 1 s
 * out. In the prober thread. */
static void world_threads(void)
{
    W.self = osThreadGetId();
    W.peer = osThreadNew(peer_fn, NULL, &(osThreadAttr_t){ .name = "peer",
                                                           .priority = osPriorityHigh });
    W.ended = osThreadNew(short_fn, NULL, &(osThreadAttr_t){ .name = "ended",
        .attr_bits = osThreadJoinable, .priority = osPriorityHigh, .cb_mem = ended_cb,
        .cb_size = sizeof ended_cb, .stack_mem = ended_stack, .stack_size = sizeof ended_stack });
    W.gone = osThreadNew(short_fn, NULL, &(osThreadAttr_t){ .name = "gone",
        .priority = osPriorityHigh });
    if (!W.peer || !W.ended || !W.gone || osTimerStart(W.tmrun, 1000) != osOK)
        fail_setup("the threads");
    osDelay(1);
    if (osThreadGetState(W.peer) != osThreadBlocked ||
        osThreadGetState(W.ended) != osThreadTerminated)
        fail_setup("the threads' states");
}

static void *const live_ids[CB_LIVE] = { 0 };

/* --- Ids by class ------------------------------------------------------------------ */

enum kind { K_THREAD, K_MUTEX, K_SEM, K_EF, K_MQ, K_MP, K_TIMER };

static void *id(enum kind k, int cls)
{
    switch (cls) {
    case C_NULL:
        return NULL;
    case C_ZERO:
        return zeroed;
    case C_FOREIGN:
        /* a smaller object from the layer's heap for a thread id: a check
         * must read nothing beyond it */
        return k == K_THREAD ? (void *)W.efsmall : k == K_SEM ? (void *)W.m : (void *)W.s;
    case C_DELETED:
        switch (k) {
        case K_THREAD: return W.gone;
        case K_MUTEX: return W.mdead;
        case K_SEM: return W.sdead;
        case K_EF: return W.efdead;
        case K_MQ: return W.mqdead;
        case K_MP: return W.mpdead;
        default: return W.tmdead;
        }
    case C_ENDED:
        return W.ended;
    case C_NOT_OWNER:
        return W.mo;
    case C_NO_WAIT:
    case C_TIMEOUT:
    case C_LOCKED:
        switch (k) {
        case K_MUTEX: return W.mo;
        case K_SEM: return W.s0;
        case K_MQ: return W.mqe;
        case K_MP: return W.mpe;
        default: return NULL;
        }
    default:
        switch (k) {
        case K_THREAD: return W.peer;
        case K_MUTEX: return W.m;
        case K_SEM: return W.s;
        case K_EF: return W.ef;
        case K_MQ: return W.mq;
        case K_MP: return W.mp;
        default: return W.tm;
        }
    }
}

/* The timeout of a class: 0, a few ticks, or forever. */
static uint32_t tmo(int cls)
{
    return cls == C_TIMEOUT || cls == C_ISR_WAIT ? 3u : cls == C_LOCKED ? osWaitForever : 0u;
}

/* The cb_mem of class C_LIVE_CB for a New of kind k: the memory of a live
 * object of another kind, each kind of holder once at least (a running
 * CMSIS thread, whose first word is its kernel task's tag; a joinable
 * thread that ended, not joined; a native kernel object; layer objects).
 * A copy is kept: normal_use checks that the refused New wrote none of it. */
static void *victim;
static uint32_t victim_size;
static uint8_t victim_copy[sizeof native];

static void *live_cb(enum kind k, uint32_t *size)
{
    switch (k) {
    case K_THREAD: victim = cb[CB_MQ], victim_size = sizeof cb[0]; break;
    case K_MUTEX: victim = &native, victim_size = sizeof native; break;
    case K_EF: victim = cb[CB_M], victim_size = sizeof cb[0]; break;
    case K_MP: victim = ended_cb, victim_size = sizeof ended_cb; break;
    default: victim = W.peer, victim_size = VOS_CMSIS_THREAD_CB_SIZE; break;
    }
    _Static_assert(VOS_CMSIS_THREAD_CB_SIZE <= sizeof victim_copy && sizeof ended_cb <= sizeof victim_copy,
                   "every holder fits the copy");
    memcpy(victim_copy, victim, victim_size);
    *size = victim_size;
    return victim;
}

#define TH(c) ((osThreadId_t)id(K_THREAD, (c)))
#define MX(c) ((osMutexId_t)id(K_MUTEX, (c)))
#define SE(c) ((osSemaphoreId_t)id(K_SEM, (c)))
#define EF(c) ((osEventFlagsId_t)id(K_EF, (c)))
#define MQ(c) ((osMessageQueueId_t)id(K_MQ, (c)))
#define MP(c) ((osMemoryPoolId_t)id(K_MP, (c)))
#define TM(c) ((osTimerId_t)id(K_TIMER, (c)))

/* --- Probes: one per function, the call made with the arguments of a class ----- */

static long p_osKernelInitialize(int c) { (void)c; return osKernelInitialize(); }
static long p_osKernelGetInfo(int c)
{
    osVersion_t v;
    char buf[16];
    return c == C_NULL_ARG ? osKernelGetInfo(NULL, NULL, 0) : osKernelGetInfo(&v, buf, sizeof buf);
}
static long p_osKernelGetState(int c) { (void)c; return osKernelGetState(); }
static long p_osKernelStart(int c) { (void)c; return osKernelStart(); }
static long p_osKernelLock(int c) { (void)c; return osKernelLock(); }
static long p_osKernelUnlock(int c) { (void)c; return osKernelUnlock(); }
static long p_osKernelRestoreLock(int c)
{
    return osKernelRestoreLock(c == C_ARG_HIGH ? 2 : c == C_ARG_LOW ? -5 : 0);
}
static long p_osKernelSuspend(int c)
{
    (void)c;
    uint32_t t = osKernelSuspend();
    if (t != 0)
        osKernelResume(0);
    return t != 0;
}
static long p_osKernelResume(int c)
{
    (void)c;
    osKernelResume(0);        /* not suspended: nothing */
    return osKernelGetState();
}
static long p_osKernelProtect(int c) { (void)c; return osKernelProtect(0); }
static long p_osKernelDestroyClass(int c) { (void)c; return osKernelDestroyClass(0, 0); }
static long p_osKernelGetTickCount(int c) { (void)c; return osKernelGetTickCount() < 1000u; }
static long p_osKernelGetTickFreq(int c) { (void)c; return osKernelGetTickFreq(); }
static long p_osKernelGetSysTimerCount(int c) { (void)c; return osKernelGetSysTimerCount() != 0; }
static long p_osKernelGetSysTimerFreq(int c) { (void)c; return osKernelGetSysTimerFreq() == VOS_CFG_CLOCK_HZ; }

static long p_osThreadNew(int c)
{
    osThreadAttr_t a = { .priority = osPriorityLow };
    if (c == C_ARG_HIGH)
        a.priority = (osPriority_t)(osPriorityISR + 1);
    if (c == C_ARG_LOW)
        a.stack_size = 64;
    if (c == C_STATE)
        a.cb_mem = ended_cb, a.cb_size = sizeof ended_cb;   /* still a thread */
    if (c == C_SMALL_CB)
        a.cb_mem = malloc(16), a.cb_size = 16;   /* the sanitizer sees its end */
    if (c == C_LIVE_CB)
        a.cb_mem = live_cb(K_THREAD, &a.cb_size);
    long r = ptr(osThreadNew(c == C_NULL_ARG ? NULL : short_fn, NULL, &a));
    if (c == C_SMALL_CB)
        free(a.cb_mem);
    return r;
}
static long p_osThreadGetName(int c) { return ptr(osThreadGetName(TH(c))); }
static long p_osThreadGetClass(int c) { return osThreadGetClass(TH(c)); }
static long p_osThreadGetZone(int c) { return osThreadGetZone(TH(c)); }
static long p_osThreadGetId(int c) { (void)c; return ptr(osThreadGetId()); }
static long p_osThreadGetState(int c) { return osThreadGetState(TH(c)); }
static long p_osThreadGetStackSize(int c) { return osThreadGetStackSize(TH(c)) != 0; }
static long p_osThreadGetStackSpace(int c) { return osThreadGetStackSpace(TH(c)) != 0; }
static long p_osThreadSetPriority(int c)
{
    osPriority_t p = c == C_ARG_HIGH ? (osPriority_t)(osPriorityISR + 1)
                   : c == C_ARG_LOW ? osPriorityNone : osPriorityHigh;
    return osThreadSetPriority(TH(c == C_ARG_HIGH || c == C_ARG_LOW ? C_VALID : c), p);
}
static long p_osThreadGetPriority(int c) { return osThreadGetPriority(TH(c)); }
static long p_osThreadYield(int c) { (void)c; return osThreadYield(); }
static long p_osThreadSuspend(int c)
{
    osStatus_t r = osThreadSuspend(TH(c));
    if (r == osOK)
        osThreadResume(TH(c));
    return r;
}
static long p_osThreadResume(int c) { return osThreadResume(TH(c)); }   /* valid: not suspended */
static long p_osThreadDetach(int c) { return osThreadDetach(TH(c)); }
static long p_osThreadJoin(int c) { return osThreadJoin(c == C_STATE ? W.self : TH(c)); }
static long p_osThreadTerminate(int c) { return osThreadTerminate(c == C_STATE ? W.ended : TH(c)); }
static long p_osThreadFeedWatchdog(int c) { (void)c; return osThreadFeedWatchdog(10); }
static long p_osThreadProtectPrivileged(int c) { (void)c; return osThreadProtectPrivileged(); }
static long p_osThreadSuspendClass(int c) { (void)c; return osThreadSuspendClass(0, 0); }
static long p_osThreadResumeClass(int c) { (void)c; return osThreadResumeClass(0, 0); }
static long p_osThreadTerminateZone(int c) { (void)c; return osThreadTerminateZone(0); }
static long p_osThreadSetAffinityMask(int c)
{
    return osThreadSetAffinityMask(TH(c == C_ARG_HIGH ? C_VALID : c), c == C_ARG_HIGH ? 0x6u : 1u);
}
static long p_osThreadGetAffinityMask(int c) { return osThreadGetAffinityMask(TH(c)); }
static void exit_fn(void *arg)
{
    (void)arg;
    osThreadExit();
}
static long p_osThreadExit(int c)
{
    if (c == C_IN_ISR)
        osThreadExit();                       /* halts */
    osThreadId_t t = osThreadNew(exit_fn, NULL, &(osThreadAttr_t){ .attr_bits = osThreadJoinable,
                                                                   .priority = osPriorityHigh });
    return t == NULL ? MM_NULL : osThreadJoin(t);
}
static long p_osFaultResume(int c)
{
    (void)c;
    osFaultResume();                          /* halts */
    return 0;
}
static long p_osThreadGetCount(int c) { (void)c; return osThreadGetCount() != 0; }
static long p_osThreadEnumerate(int c)
{
    osThreadId_t a[8];
    return osThreadEnumerate(c == C_NULL_ARG ? NULL : a, c == C_ARG_LOW ? 0 : 8) != 0;
}
static long p_osThreadFlagsSet(int c)
{
    return (int32_t)osThreadFlagsSet(TH(c == C_ARG_HIGH ? C_VALID : c),
                                     c == C_ARG_HIGH ? 0x80000000u : 0x2u);
}
static long p_osThreadFlagsClear(int c) { return (int32_t)osThreadFlagsClear(c == C_ARG_HIGH ? 0x80000000u : 0x4u); }
static long p_osThreadFlagsGet(int c) { (void)c; return (int32_t)osThreadFlagsGet(); }
static long p_osThreadFlagsWait(int c)
{
    return (int32_t)osThreadFlagsWait(c == C_ARG_HIGH ? 0x80000000u : 0x8u, osFlagsWaitAny, tmo(c));
}
static long p_osDelay(int c) { return osDelay(c == C_ARG_LOW ? 0 : 1); }
static long p_osDelayUntil(int c)
{
    return osDelayUntil(osKernelGetTickCount() + (c == C_ARG_LOW ? 0u : c == C_ARG_HIGH ? 0x80000000u : 1u));
}

static long p_osTimerNew(int c)
{
    osTimerAttr_t a = { 0 };
    if (c == C_LIVE_CB)
        a.cb_mem = live_cb(K_TIMER, &a.cb_size);
    return ptr(osTimerNew(c == C_NULL_ARG ? NULL : timer_fn,
                          c == C_ARG_HIGH ? (osTimerType_t)7 : osTimerOnce, NULL, &a));
}
static long p_osTimerGetName(int c) { return ptr(osTimerGetName(TM(c))); }
static long p_osTimerStart(int c) { return osTimerStart(TM(c == C_ARG_LOW ? C_VALID : c), c == C_ARG_LOW ? 0 : 100); }
static long p_osTimerStop(int c) { return osTimerStop(c == C_VALID ? W.tmrun : TM(c)); }  /* tm: not running */
static long p_osTimerIsRunning(int c) { return osTimerIsRunning(c == C_VALID ? W.tmrun : TM(c)); }
static long p_osTimerDelete(int c)
{
    return osTimerDelete(c == C_VALID ? osTimerNew(timer_fn, osTimerOnce, NULL, NULL) : TM(c));
}

static long p_osEventFlagsNew(int c)
{
    osEventFlagsAttr_t a = { 0 };
    if (c == C_LIVE_CB)
        a.cb_mem = live_cb(K_EF, &a.cb_size);
    return ptr(osEventFlagsNew(&a));
}
static long p_osEventFlagsGetName(int c) { return ptr(osEventFlagsGetName(EF(c))); }
static long p_osEventFlagsSet(int c)
{
    return (int32_t)osEventFlagsSet(EF(c == C_ARG_HIGH ? C_VALID : c), c == C_ARG_HIGH ? 0x80000000u : 0x2u);
}
static long p_osEventFlagsClear(int c)
{
    return (int32_t)osEventFlagsClear(EF(c == C_ARG_HIGH ? C_VALID : c), c == C_ARG_HIGH ? 0x80000000u : 0x4u);
}
static long p_osEventFlagsGet(int c) { return (int32_t)osEventFlagsGet(EF(c)); }
static long p_osEventFlagsWait(int c)
{
    bool own = c == C_ARG_HIGH || c == C_NO_WAIT || c == C_TIMEOUT || c == C_LOCKED || c == C_ISR_WAIT;
    return (int32_t)osEventFlagsWait(EF(own ? C_VALID : c), c == C_ARG_HIGH ? 0x80000000u : own ? 0x10u : 0x1u,
                                     osFlagsWaitAny | osFlagsNoClear, tmo(c));
}
static long p_osEventFlagsDelete(int c)
{
    return osEventFlagsDelete(c == C_VALID ? osEventFlagsNew(NULL) : EF(c));
}

static long p_osMutexNew(int c)
{
    osMutexAttr_t a = { 0 };
    if (c == C_LIVE_CB)
        a.cb_mem = live_cb(K_MUTEX, &a.cb_size);
    return ptr(osMutexNew(&a));
}
static long p_osMutexGetName(int c) { return ptr(osMutexGetName(MX(c))); }
static long p_osMutexAcquire(int c)
{
    osStatus_t r = osMutexAcquire(MX(c), tmo(c));
    if (r == osOK)
        osMutexRelease(MX(c));
    return r;
}
static long p_osMutexRelease(int c) { return osMutexRelease(MX(c)); }   /* valid: not acquired */
static long p_osMutexGetOwner(int c) { return ptr(osMutexGetOwner(c == C_VALID ? W.mo : MX(c))); }
static long p_osMutexDelete(int c) { return osMutexDelete(c == C_VALID ? osMutexNew(NULL) : MX(c)); }

static long p_osSemaphoreNew(int c)
{
    osSemaphoreAttr_t a = { 0 };
    if (c == C_LIVE_CB)
        a.cb_mem = live_cb(K_SEM, &a.cb_size);
    return ptr(osSemaphoreNew(c == C_ARG_LOW ? 0 : 2, c == C_ARG_HIGH ? 3 : 1, &a));
}
static long p_osSemaphoreGetName(int c) { return ptr(osSemaphoreGetName(SE(c))); }
static long p_osSemaphoreAcquire(int c)
{
    osStatus_t r = osSemaphoreAcquire(SE(c), tmo(c));
    if (r == osOK)
        osSemaphoreRelease(SE(c));
    return r;
}
static long p_osSemaphoreRelease(int c)
{
    osStatus_t r = osSemaphoreRelease(c == C_STATE ? W.sfull : SE(c));
    if (r == osOK)
        osSemaphoreAcquire(SE(c), 0);
    return r;
}
static long p_osSemaphoreGetCount(int c) { return osSemaphoreGetCount(SE(c)); }
static long p_osSemaphoreDelete(int c)
{
    return osSemaphoreDelete(c == C_VALID ? osSemaphoreNew(1, 0, NULL) : SE(c));
}

static long p_osMemoryPoolNew(int c)
{
    osMemoryPoolAttr_t a = { 0 };
    if (c == C_LIVE_CB)
        a.cb_mem = live_cb(K_MP, &a.cb_size);
    return ptr(osMemoryPoolNew(c == C_ARG_LOW ? 0 : 2, c == C_ARG_HIGH ? 0 : 16, &a));
}
static long p_osMemoryPoolGetName(int c) { return ptr(osMemoryPoolGetName(MP(c))); }
static long p_osMemoryPoolAlloc(int c)
{
    void *b = osMemoryPoolAlloc(MP(c), tmo(c));
    if (b != NULL)
        osMemoryPoolFree(MP(c), b);
    return ptr(b);
}
static long p_osMemoryPoolFree(int c)
{
    void *b = c == C_NULL_ARG ? NULL : c == C_ARG_HIGH ? (char *)W.blk + 4
            : c == C_STATE ? W.blk_free : W.blk;
    osStatus_t r = osMemoryPoolFree(MP(c == C_NULL_ARG || c == C_ARG_HIGH || c == C_STATE ? C_VALID : c), b);
    if (r == osOK)
        W.blk = osMemoryPoolAlloc(W.mp, 0);
    return r;
}
static long p_osMemoryPoolGetCapacity(int c) { return osMemoryPoolGetCapacity(MP(c)); }
static long p_osMemoryPoolGetBlockSize(int c) { return osMemoryPoolGetBlockSize(MP(c)); }
static long p_osMemoryPoolGetCount(int c) { return osMemoryPoolGetCount(MP(c)); }
static long p_osMemoryPoolGetSpace(int c) { return osMemoryPoolGetSpace(MP(c)); }
static long p_osMemoryPoolDelete(int c)
{
    return osMemoryPoolDelete(c == C_VALID ? osMemoryPoolNew(2, 16, NULL) : MP(c));
}

static long p_osMessageQueueNew(int c)
{
    osMessageQueueAttr_t a = { 0 };
    if (c == C_LIVE_CB)
        a.cb_mem = live_cb(K_MQ, &a.cb_size);
    return ptr(osMessageQueueNew(c == C_ARG_LOW ? 0 : 2, c == C_ARG_HIGH ? 0 : 8, &a));
}
static long p_osMessageQueueGetName(int c) { return ptr(osMessageQueueGetName(MQ(c))); }
static long p_osMessageQueuePut(int c)
{
    uint8_t m[QMSG] = { 7 };
    osMessageQueueId_t q = c == C_NO_WAIT || c == C_TIMEOUT || c == C_LOCKED ? W.mqf
                         : MQ(c == C_NULL_ARG ? C_VALID : c);
    osStatus_t r = osMessageQueuePut(q, c == C_NULL_ARG ? NULL : m, 0, tmo(c));
    if (r == osOK)
        osMessageQueueGet(q, m, NULL, 0);
    return r;
}
static long p_osMessageQueueGet(int c)
{
    uint8_t m[QMSG];
    osMessageQueueId_t q = MQ(c == C_NULL_ARG ? C_VALID : c);
    osStatus_t r = osMessageQueueGet(q, c == C_NULL_ARG ? NULL : m, NULL, tmo(c));
    if (r == osOK)
        osMessageQueuePut(q, m, 0, 0);
    return r;
}
static long p_osMessageQueueGetCapacity(int c) { return osMessageQueueGetCapacity(MQ(c)); }
static long p_osMessageQueueGetMsgSize(int c) { return osMessageQueueGetMsgSize(MQ(c)); }
static long p_osMessageQueueGetCount(int c) { return osMessageQueueGetCount(MQ(c)); }
static long p_osMessageQueueGetSpace(int c) { return osMessageQueueGetSpace(MQ(c)); }
static long p_osMessageQueueReset(int c) { return osMessageQueueReset(c == C_VALID ? W.mqe : MQ(c)); }
static long p_osMessageQueueDelete(int c)
{
    return osMessageQueueDelete(c == C_VALID ? osMessageQueueNew(2, 8, NULL) : MQ(c));
}

/* --- The table ------------------------------------------------------------------- */

struct row {
    const char *call;
    long (*fn)(int cls);
    uint8_t cls, ctx;
    long expect;
};

#define R(call, cls, ctx, expect) { #call, p_##call, C_##cls, ctx, (long)(expect) }
#define FE(x) ((long)(int32_t)(x))   /* a flags error as the probes return it */

static const struct row rows[] = {
    /* kernel */
    R(osKernelInitialize, STATE, T, osError),            /* already running */
    R(osKernelInitialize, IN_ISR, I, osErrorISR),
    R(osKernelGetInfo, VALID, I, osOK),
    R(osKernelGetInfo, NULL_ARG, T, osOK),
    R(osKernelGetState, VALID, T, osKernelRunning),
    R(osKernelGetState, VALID, I, osKernelRunning),
    R(osKernelGetState, BEFORE, B, osKernelReady),
    R(osKernelGetState, LOCKED, L, osKernelLocked),
    R(osKernelGetState, STATE, S, osKernelSuspended),
    R(osKernelStart, STATE, T, osError),
    R(osKernelStart, IN_ISR, I, osErrorISR),
    R(osKernelLock, VALID, T, 0),
    R(osKernelLock, IN_ISR, I, osErrorISR),
    R(osKernelLock, STATE, L, 1),                        /* already locked */
    R(osKernelLock, BEFORE, B, osError),
    R(osKernelLock, STATE, S, osError),                  /* the lock is the suspension's */
    R(osKernelUnlock, STATE, S, osError),
    R(osKernelUnlock, BEFORE, B, osError),
    R(osKernelRestoreLock, STATE, S, osError),
    R(osKernelRestoreLock, BEFORE, B, osError),
    R(osKernelSuspend, LOCKED, L, 0),                    /* only a running kernel */
    R(osKernelSuspend, STATE, S, 0),
    R(osKernelUnlock, VALID, T, 0),
    R(osKernelUnlock, STATE, L, 1),
    R(osKernelUnlock, IN_ISR, I, osErrorISR),
    R(osKernelRestoreLock, VALID, T, 0),
    R(osKernelRestoreLock, ARG_HIGH, T, osError),
    R(osKernelRestoreLock, ARG_LOW, T, osError),
    R(osKernelRestoreLock, IN_ISR, I, osErrorISR),
    R(osKernelSuspend, VALID, T, 1),
    R(osKernelSuspend, IN_ISR, I, 0),
    R(osKernelSuspend, BEFORE, B, 0),
    R(osKernelResume, STATE, T, osKernelRunning),       /* not suspended */
    R(osKernelResume, IN_ISR, I, osKernelRunning),
    R(osKernelProtect, VALID, T, osError),               /* no safety classes */
    R(osKernelProtect, IN_ISR, I, osErrorISR),
    R(osKernelDestroyClass, VALID, T, osError),
    R(osKernelDestroyClass, IN_ISR, I, osErrorISR),
    R(osKernelGetTickCount, VALID, I, 1),
    R(osKernelGetTickCount, BEFORE, B, 1),
    R(osKernelGetTickFreq, VALID, I, VOS_CMSIS_TICK_HZ),
    R(osKernelGetSysTimerCount, VALID, I, 1),
    R(osKernelGetSysTimerFreq, VALID, I, 1),
    /* threads */
    R(osThreadNew, VALID, T, MM_PTR),
    R(osThreadNew, BEFORE, B, MM_PTR),
    R(osThreadNew, NULL_ARG, T, MM_NULL),                /* no function */
    R(osThreadNew, IN_ISR, I, MM_NULL),
    R(osThreadNew, ARG_HIGH, T, MM_NULL),                /* priority above osPriorityISR */
    R(osThreadNew, ARG_LOW, T, MM_NULL),                 /* a 64-byte stack */
    R(osThreadNew, STATE, T, MM_NULL),                   /* cb_mem of a thread not joined */
    R(osThreadNew, SMALL_CB, T, MM_NULL),
    R(osThreadNew, LIVE_CB, T, MM_NULL),                 /* a live message queue's */
    R(osThreadGetName, VALID, T, MM_PTR),
    R(osThreadGetName, NULL, T, MM_NULL),
    R(osThreadGetName, ZERO, T, MM_NULL),
    R(osThreadGetName, FOREIGN, T, MM_NULL),
    R(osThreadGetName, DELETED, T, MM_NULL),
    R(osThreadGetClass, VALID, T, 0),
    R(osThreadGetClass, NULL, T, osErrorId),
    R(osThreadGetClass, FOREIGN, T, osErrorId),
    R(osThreadGetZone, VALID, T, 0),
    R(osThreadGetZone, NULL, T, osErrorId),
    R(osThreadGetZone, ZERO, T, osErrorId),
    R(osThreadGetId, VALID, T, MM_PTR),
    R(osThreadGetId, VALID, I, MM_PTR),                  /* the interrupted thread */
    R(osThreadGetState, VALID, T, osThreadBlocked),
    R(osThreadGetState, NULL, T, osThreadError),
    R(osThreadGetState, ZERO, T, osThreadError),
    R(osThreadGetState, FOREIGN, T, osThreadError),
    R(osThreadGetState, DELETED, T, osThreadError),
    R(osThreadGetState, ENDED, T, osThreadTerminated),
    R(osThreadGetState, IN_ISR, I, osThreadError),
    R(osThreadGetStackSize, VALID, T, 1),
    R(osThreadGetStackSize, NULL, T, 0),
    R(osThreadGetStackSize, FOREIGN, T, 0),
    R(osThreadGetStackSize, IN_ISR, I, 0),
    R(osThreadGetStackSpace, VALID, T, 1),
    R(osThreadGetStackSpace, NULL, T, 0),
    R(osThreadGetStackSpace, ZERO, T, 0),
    R(osThreadGetStackSpace, IN_ISR, I, 0),
    R(osThreadSetPriority, VALID, T, osOK),
    R(osThreadSetPriority, NULL, T, osErrorParameter),
    R(osThreadSetPriority, ZERO, T, osErrorParameter),
    R(osThreadSetPriority, FOREIGN, T, osErrorParameter),
    R(osThreadSetPriority, DELETED, T, osErrorParameter),
    R(osThreadSetPriority, ENDED, T, osErrorResource),
    R(osThreadSetPriority, ARG_HIGH, T, osErrorParameter),
    R(osThreadSetPriority, ARG_LOW, T, osErrorParameter), /* osPriorityNone */
    R(osThreadSetPriority, IN_ISR, I, osErrorISR),
    R(osThreadGetPriority, VALID, T, osPriorityHigh),
    R(osThreadGetPriority, NULL, T, osPriorityError),
    R(osThreadGetPriority, FOREIGN, T, osPriorityError),
    R(osThreadGetPriority, DELETED, T, osPriorityError),
    R(osThreadGetPriority, IN_ISR, I, osPriorityError),
    R(osThreadYield, VALID, T, osOK),
    R(osThreadYield, IN_ISR, I, osErrorISR),
    R(osThreadSuspend, VALID, T, osOK),
    R(osThreadSuspend, NULL, T, osErrorParameter),
    R(osThreadSuspend, ZERO, T, osErrorParameter),
    R(osThreadSuspend, FOREIGN, T, osErrorParameter),
    R(osThreadSuspend, DELETED, T, osErrorParameter),
    R(osThreadSuspend, ENDED, T, osErrorResource),
    R(osThreadSuspend, IN_ISR, I, osErrorISR),
    R(osThreadResume, VALID, T, osOK),                   /* blocked: its wait ends (as RTX) */
    R(osThreadResume, NULL, T, osErrorParameter),
    R(osThreadResume, FOREIGN, T, osErrorParameter),
    R(osThreadResume, DELETED, T, osErrorParameter),
    R(osThreadResume, ENDED, T, osErrorResource),
    R(osThreadResume, IN_ISR, I, osErrorISR),
    R(osThreadDetach, VALID, T, osErrorResource),        /* the peer is detached already */
    R(osThreadDetach, ENDED, T, osOK),
    R(osThreadDetach, NULL, T, osErrorParameter),
    R(osThreadDetach, ZERO, T, osErrorParameter),
    R(osThreadDetach, FOREIGN, T, osErrorParameter),
    R(osThreadDetach, DELETED, T, osErrorParameter),
    R(osThreadDetach, IN_ISR, I, osErrorISR),
    R(osThreadJoin, ENDED, T, osOK),
    R(osThreadJoin, VALID, T, osErrorResource),          /* not joinable */
    R(osThreadJoin, STATE, T, osErrorResource),          /* itself */
    R(osThreadJoin, NULL, T, osErrorParameter),
    R(osThreadJoin, FOREIGN, T, osErrorParameter),
    R(osThreadJoin, DELETED, T, osErrorParameter),
    R(osThreadJoin, IN_ISR, I, osErrorISR),
    R(osThreadTerminate, VALID, T, osOK),
    R(osThreadTerminate, STATE, T, osErrorResource),     /* ended already */
    R(osThreadTerminate, NULL, T, osErrorParameter),
    R(osThreadTerminate, ZERO, T, osErrorParameter),
    R(osThreadTerminate, FOREIGN, T, osErrorParameter),
    R(osThreadTerminate, DELETED, T, osErrorParameter),
    R(osThreadTerminate, IN_ISR, I, osErrorISR),
    R(osThreadExit, VALID, T, osOK),                     /* the thread ends: its join returns */
    R(osThreadExit, IN_ISR, I, MM_HALT),                 /* cannot return a status */
    R(osFaultResume, VALID, T, MM_HALT),                 /* VAIOS does not resume from a fault */
    R(osFaultResume, VALID, I, MM_HALT),
    R(osThreadFeedWatchdog, VALID, T, osError),
    R(osThreadFeedWatchdog, IN_ISR, I, osErrorISR),
    R(osThreadProtectPrivileged, IN_ISR, I, osErrorISR),
    R(osThreadProtectPrivileged, VALID, T, osOK),
    R(osThreadSuspendClass, VALID, T, osError),
    R(osThreadSuspendClass, IN_ISR, I, osErrorISR),
    R(osThreadResumeClass, VALID, T, osError),
    R(osThreadResumeClass, IN_ISR, I, osErrorISR),
    R(osThreadTerminateZone, VALID, T, osError),
    R(osThreadTerminateZone, VALID, I, osError),         /* a fault handler's call: no zones */
    R(osThreadSetAffinityMask, VALID, T, osOK),
    R(osThreadSetAffinityMask, ARG_HIGH, T, osErrorParameter),
    R(osThreadSetAffinityMask, NULL, T, osErrorParameter),
    R(osThreadSetAffinityMask, FOREIGN, T, osErrorParameter),
    R(osThreadSetAffinityMask, IN_ISR, I, osErrorISR),
    R(osThreadGetAffinityMask, VALID, T, 1),
    R(osThreadGetAffinityMask, NULL, T, 0),
    R(osThreadGetAffinityMask, ZERO, T, 0),
    R(osThreadGetAffinityMask, IN_ISR, I, 0),
    R(osThreadGetCount, VALID, T, 1),
    R(osThreadGetCount, IN_ISR, I, 0),
    R(osThreadEnumerate, VALID, T, 1),
    R(osThreadEnumerate, NULL_ARG, T, 0),
    R(osThreadEnumerate, ARG_LOW, T, 0),                 /* room for none */
    R(osThreadEnumerate, IN_ISR, I, 0),
    R(osThreadFlagsSet, VALID, T, 0x2),
    R(osThreadFlagsSet, VALID, I, 0x2),
    R(osThreadFlagsSet, NULL, T, FE(osFlagsErrorParameter)),
    R(osThreadFlagsSet, ZERO, T, FE(osFlagsErrorParameter)),
    R(osThreadFlagsSet, FOREIGN, T, FE(osFlagsErrorParameter)),
    R(osThreadFlagsSet, DELETED, T, FE(osFlagsErrorParameter)),
    R(osThreadFlagsSet, ARG_HIGH, T, FE(osFlagsErrorParameter)),   /* bit 31 */
    R(osThreadFlagsClear, VALID, T, 0),
    R(osThreadFlagsClear, ARG_HIGH, T, FE(osFlagsErrorParameter)),
    R(osThreadFlagsClear, IN_ISR, I, FE(osFlagsErrorISR)),
    R(osThreadFlagsGet, VALID, T, 0),
    R(osThreadFlagsGet, IN_ISR, I, 0),
    R(osThreadFlagsWait, NO_WAIT, T, FE(osFlagsErrorResource)),
    R(osThreadFlagsWait, TIMEOUT, T, FE(osFlagsErrorTimeout)),
    R(osThreadFlagsWait, ARG_HIGH, T, FE(osFlagsErrorParameter)),
    R(osThreadFlagsWait, IN_ISR, I, FE(osFlagsErrorISR)),
    R(osThreadFlagsWait, LOCKED, L, FE(osFlagsErrorUnknown)),  /* the reference leaves it open */
    R(osDelay, VALID, T, osOK),
    R(osDelay, ARG_LOW, T, osErrorParameter),            /* 0 ticks */
    R(osDelay, IN_ISR, I, osErrorISR),
    R(osDelay, BEFORE, B, osError),
    R(osDelay, LOCKED, L, osError),
    R(osDelayUntil, VALID, T, osOK),
    R(osDelayUntil, ARG_LOW, T, osErrorParameter),       /* now */
    R(osDelayUntil, ARG_HIGH, T, osErrorParameter),      /* in the past (half the range) */
    R(osDelayUntil, IN_ISR, I, osErrorISR),
    /* timers */
    R(osTimerNew, VALID, T, MM_PTR),
    R(osTimerNew, BEFORE, B, MM_PTR),
    R(osTimerNew, NULL_ARG, T, MM_NULL),
    R(osTimerNew, ARG_HIGH, T, MM_NULL),                 /* no such type */
    R(osTimerNew, IN_ISR, I, MM_NULL),
    R(osTimerNew, LIVE_CB, T, MM_NULL),                  /* a running thread's */
    R(osTimerGetName, NULL, T, MM_NULL),
    R(osTimerGetName, ZERO, T, MM_NULL),
    R(osTimerGetName, FOREIGN, T, MM_NULL),
    R(osTimerGetName, DELETED, T, MM_NULL),
    R(osTimerStart, VALID, T, osOK),
    R(osTimerStart, ARG_LOW, T, osErrorParameter),       /* 0 ticks */
    R(osTimerStart, NULL, T, osErrorParameter),
    R(osTimerStart, ZERO, T, osErrorParameter),
    R(osTimerStart, FOREIGN, T, osErrorParameter),
    R(osTimerStart, DELETED, T, osErrorParameter),
    R(osTimerStart, IN_ISR, I, osErrorISR),
    R(osTimerStop, VALID, T, osOK),
    R(osTimerStop, STATE, T, osErrorResource),           /* not running */
    R(osTimerStop, NULL, T, osErrorParameter),
    R(osTimerStop, FOREIGN, T, osErrorParameter),
    R(osTimerStop, DELETED, T, osErrorParameter),
    R(osTimerStop, IN_ISR, I, osErrorISR),
    R(osTimerIsRunning, VALID, T, 1),
    R(osTimerIsRunning, STATE, T, 0),
    R(osTimerIsRunning, NULL, T, 0),
    R(osTimerIsRunning, ZERO, T, 0),
    R(osTimerIsRunning, DELETED, T, 0),
    R(osTimerIsRunning, IN_ISR, I, 0),
    R(osTimerDelete, VALID, T, osOK),
    R(osTimerDelete, NULL, T, osErrorParameter),
    R(osTimerDelete, ZERO, T, osErrorParameter),
    R(osTimerDelete, FOREIGN, T, osErrorParameter),
    R(osTimerDelete, DELETED, T, osErrorParameter),
    R(osTimerDelete, IN_ISR, I, osErrorISR),
    /* event flags */
    R(osEventFlagsNew, VALID, T, MM_PTR),
    R(osEventFlagsNew, BEFORE, B, MM_PTR),
    R(osEventFlagsNew, IN_ISR, I, MM_NULL),
    R(osEventFlagsNew, LIVE_CB, T, MM_NULL),             /* a live mutex's */
    R(osEventFlagsGetName, NULL, T, MM_NULL),
    R(osEventFlagsGetName, FOREIGN, T, MM_NULL),
    R(osEventFlagsGetName, DELETED, T, MM_NULL),
    R(osEventFlagsSet, VALID, T, 0x3),
    R(osEventFlagsSet, VALID, I, 0x3),
    R(osEventFlagsSet, NULL, T, FE(osFlagsErrorParameter)),
    R(osEventFlagsSet, ZERO, T, FE(osFlagsErrorParameter)),
    R(osEventFlagsSet, FOREIGN, T, FE(osFlagsErrorParameter)),
    R(osEventFlagsSet, DELETED, T, FE(osFlagsErrorParameter)),
    R(osEventFlagsSet, ARG_HIGH, T, FE(osFlagsErrorParameter)),
    R(osEventFlagsClear, VALID, T, 0x1),
    R(osEventFlagsClear, VALID, I, 0x1),
    R(osEventFlagsClear, NULL, T, FE(osFlagsErrorParameter)),
    R(osEventFlagsClear, FOREIGN, T, FE(osFlagsErrorParameter)),
    R(osEventFlagsClear, DELETED, T, FE(osFlagsErrorParameter)),
    R(osEventFlagsClear, ARG_HIGH, T, FE(osFlagsErrorParameter)),
    R(osEventFlagsGet, VALID, T, 0x1),
    R(osEventFlagsGet, VALID, I, 0x1),
    R(osEventFlagsGet, NULL, T, 0),
    R(osEventFlagsGet, ZERO, T, 0),
    R(osEventFlagsGet, DELETED, T, 0),
    R(osEventFlagsWait, VALID, T, 0x1),
    R(osEventFlagsWait, VALID, I, 0x1),
    R(osEventFlagsWait, NULL, T, FE(osFlagsErrorParameter)),
    R(osEventFlagsWait, ZERO, T, FE(osFlagsErrorParameter)),
    R(osEventFlagsWait, FOREIGN, T, FE(osFlagsErrorParameter)),
    R(osEventFlagsWait, DELETED, T, FE(osFlagsErrorParameter)),
    R(osEventFlagsWait, ARG_HIGH, T, FE(osFlagsErrorParameter)),
    R(osEventFlagsWait, NO_WAIT, T, FE(osFlagsErrorResource)),
    R(osEventFlagsWait, TIMEOUT, T, FE(osFlagsErrorTimeout)),
    R(osEventFlagsWait, ISR_WAIT, I, FE(osFlagsErrorParameter)),
    R(osEventFlagsWait, LOCKED, L, FE(osFlagsErrorUnknown)),
    R(osEventFlagsDelete, VALID, T, osOK),
    R(osEventFlagsDelete, NULL, T, osErrorParameter),
    R(osEventFlagsDelete, FOREIGN, T, osErrorParameter),
    R(osEventFlagsDelete, DELETED, T, osErrorParameter),
    R(osEventFlagsDelete, IN_ISR, I, osErrorISR),
    /* mutexes */
    R(osMutexNew, VALID, T, MM_PTR),
    R(osMutexNew, BEFORE, B, MM_PTR),
    R(osMutexNew, IN_ISR, I, MM_NULL),
    R(osMutexNew, LIVE_CB, T, MM_NULL),                  /* a native kernel semaphore's */
    R(osMutexGetName, NULL, T, MM_NULL),
    R(osMutexGetName, FOREIGN, T, MM_NULL),
    R(osMutexGetName, DELETED, T, MM_NULL),
    R(osMutexAcquire, VALID, T, osOK),
    R(osMutexAcquire, NULL, T, osErrorParameter),
    R(osMutexAcquire, ZERO, T, osErrorParameter),
    R(osMutexAcquire, FOREIGN, T, osErrorParameter),
    R(osMutexAcquire, DELETED, T, osErrorParameter),
    R(osMutexAcquire, NO_WAIT, T, osErrorResource),      /* the peer owns it */
    R(osMutexAcquire, TIMEOUT, T, osErrorTimeout),
    R(osMutexAcquire, IN_ISR, I, osErrorISR),
    R(osMutexAcquire, LOCKED, L, osError),
    R(osMutexRelease, VALID, T, osErrorResource),        /* not acquired */
    R(osMutexRelease, NOT_OWNER, T, osErrorResource),
    R(osMutexRelease, NULL, T, osErrorParameter),
    R(osMutexRelease, ZERO, T, osErrorParameter),
    R(osMutexRelease, FOREIGN, T, osErrorParameter),
    R(osMutexRelease, DELETED, T, osErrorParameter),
    R(osMutexRelease, IN_ISR, I, osErrorISR),
    R(osMutexGetOwner, VALID, T, MM_PTR),                /* mo: the peer */
    R(osMutexGetOwner, NULL, T, MM_NULL),
    R(osMutexGetOwner, FOREIGN, T, MM_NULL),
    R(osMutexGetOwner, DELETED, T, MM_NULL),
    R(osMutexGetOwner, IN_ISR, I, MM_NULL),
    R(osMutexDelete, VALID, T, osOK),
    R(osMutexDelete, NULL, T, osErrorParameter),
    R(osMutexDelete, ZERO, T, osErrorParameter),
    R(osMutexDelete, FOREIGN, T, osErrorParameter),
    R(osMutexDelete, DELETED, T, osErrorParameter),
    R(osMutexDelete, IN_ISR, I, osErrorISR),
    /* semaphores */
    R(osSemaphoreNew, VALID, T, MM_PTR),
    R(osSemaphoreNew, BEFORE, B, MM_PTR),
    R(osSemaphoreNew, ARG_LOW, T, MM_NULL),              /* max 0 */
    R(osSemaphoreNew, ARG_HIGH, T, MM_NULL),             /* initial above max */
    R(osSemaphoreNew, IN_ISR, I, MM_NULL),
    R(osSemaphoreNew, LIVE_CB, T, MM_NULL),              /* a running thread's */
    R(osSemaphoreGetName, NULL, T, MM_NULL),
    R(osSemaphoreGetName, FOREIGN, T, MM_NULL),
    R(osSemaphoreGetName, DELETED, T, MM_NULL),
    R(osSemaphoreAcquire, VALID, T, osOK),
    R(osSemaphoreAcquire, VALID, I, osOK),
    R(osSemaphoreAcquire, NULL, T, osErrorParameter),
    R(osSemaphoreAcquire, ZERO, T, osErrorParameter),
    R(osSemaphoreAcquire, FOREIGN, T, osErrorParameter),
    R(osSemaphoreAcquire, DELETED, T, osErrorParameter),
    R(osSemaphoreAcquire, NO_WAIT, T, osErrorResource),
    R(osSemaphoreAcquire, NO_WAIT, I, osErrorResource),
    R(osSemaphoreAcquire, TIMEOUT, T, osErrorTimeout),
    R(osSemaphoreAcquire, ISR_WAIT, I, osErrorParameter),
    R(osSemaphoreAcquire, LOCKED, L, osError),
    R(osSemaphoreRelease, VALID, T, osOK),
    R(osSemaphoreRelease, VALID, I, osOK),
    R(osSemaphoreRelease, STATE, T, osErrorResource),    /* at its maximum */
    R(osSemaphoreRelease, NULL, T, osErrorParameter),
    R(osSemaphoreRelease, ZERO, T, osErrorParameter),
    R(osSemaphoreRelease, FOREIGN, T, osErrorParameter),
    R(osSemaphoreRelease, DELETED, T, osErrorParameter),
    R(osSemaphoreGetCount, VALID, T, 1),
    R(osSemaphoreGetCount, VALID, I, 1),
    R(osSemaphoreGetCount, NULL, T, 0),
    R(osSemaphoreGetCount, FOREIGN, T, 0),
    R(osSemaphoreGetCount, DELETED, T, 0),
    R(osSemaphoreDelete, VALID, T, osOK),
    R(osSemaphoreDelete, NULL, T, osErrorParameter),
    R(osSemaphoreDelete, ZERO, T, osErrorParameter),
    R(osSemaphoreDelete, FOREIGN, T, osErrorParameter),
    R(osSemaphoreDelete, DELETED, T, osErrorParameter),
    R(osSemaphoreDelete, IN_ISR, I, osErrorISR),
    /* memory pools */
    R(osMemoryPoolNew, VALID, T, MM_PTR),
    R(osMemoryPoolNew, BEFORE, B, MM_PTR),
    R(osMemoryPoolNew, ARG_LOW, T, MM_NULL),             /* 0 blocks */
    R(osMemoryPoolNew, ARG_HIGH, T, MM_NULL),            /* 0-byte blocks */
    R(osMemoryPoolNew, IN_ISR, I, MM_NULL),
    R(osMemoryPoolNew, LIVE_CB, T, MM_NULL),             /* a thread not joined */
    R(osMemoryPoolGetName, NULL, T, MM_NULL),
    R(osMemoryPoolGetName, FOREIGN, T, MM_NULL),
    R(osMemoryPoolGetName, DELETED, T, MM_NULL),
    R(osMemoryPoolAlloc, VALID, T, MM_PTR),
    R(osMemoryPoolAlloc, VALID, I, MM_PTR),
    R(osMemoryPoolAlloc, NULL, T, MM_NULL),
    R(osMemoryPoolAlloc, ZERO, T, MM_NULL),
    R(osMemoryPoolAlloc, FOREIGN, T, MM_NULL),
    R(osMemoryPoolAlloc, DELETED, T, MM_NULL),
    R(osMemoryPoolAlloc, NO_WAIT, T, MM_NULL),
    R(osMemoryPoolAlloc, TIMEOUT, T, MM_NULL),
    R(osMemoryPoolAlloc, ISR_WAIT, I, MM_NULL),
    R(osMemoryPoolAlloc, LOCKED, L, MM_NULL),
    R(osMemoryPoolFree, VALID, T, osOK),
    R(osMemoryPoolFree, VALID, I, osOK),
    R(osMemoryPoolFree, NULL_ARG, T, osErrorParameter),  /* no block */
    R(osMemoryPoolFree, ARG_HIGH, T, osErrorParameter),  /* inside a block */
    R(osMemoryPoolFree, STATE, T, osErrorResource),      /* already free */
    R(osMemoryPoolFree, NULL, T, osErrorParameter),
    R(osMemoryPoolFree, FOREIGN, T, osErrorParameter),
    R(osMemoryPoolFree, DELETED, T, osErrorParameter),
    R(osMemoryPoolGetCapacity, VALID, I, PCNT),
    R(osMemoryPoolGetCapacity, NULL, T, 0),
    R(osMemoryPoolGetCapacity, FOREIGN, T, 0),
    R(osMemoryPoolGetCapacity, DELETED, T, 0),
    R(osMemoryPoolGetBlockSize, VALID, I, PBLK),
    R(osMemoryPoolGetBlockSize, NULL, T, 0),
    R(osMemoryPoolGetBlockSize, ZERO, T, 0),
    R(osMemoryPoolGetCount, VALID, I, 1),
    R(osMemoryPoolGetCount, NULL, T, 0),
    R(osMemoryPoolGetCount, DELETED, T, 0),
    R(osMemoryPoolGetSpace, VALID, I, PCNT - 1),
    R(osMemoryPoolGetSpace, NULL, T, 0),
    R(osMemoryPoolGetSpace, FOREIGN, T, 0),
    R(osMemoryPoolDelete, VALID, T, osOK),
    R(osMemoryPoolDelete, NULL, T, osErrorParameter),
    R(osMemoryPoolDelete, ZERO, T, osErrorParameter),
    R(osMemoryPoolDelete, FOREIGN, T, osErrorParameter),
    R(osMemoryPoolDelete, DELETED, T, osErrorParameter),
    R(osMemoryPoolDelete, IN_ISR, I, osErrorISR),
    /* message queues */
    R(osMessageQueueNew, VALID, T, MM_PTR),
    R(osMessageQueueNew, BEFORE, B, MM_PTR),
    R(osMessageQueueNew, ARG_LOW, T, MM_NULL),           /* capacity 0 */
    R(osMessageQueueNew, ARG_HIGH, T, MM_NULL),          /* 0-byte messages */
    R(osMessageQueueNew, IN_ISR, I, MM_NULL),
    R(osMessageQueueNew, LIVE_CB, T, MM_NULL),           /* a running thread's */
    R(osMessageQueueGetName, NULL, T, MM_NULL),
    R(osMessageQueueGetName, FOREIGN, T, MM_NULL),
    R(osMessageQueueGetName, DELETED, T, MM_NULL),
    R(osMessageQueuePut, VALID, T, osOK),
    R(osMessageQueuePut, VALID, I, osOK),
    R(osMessageQueuePut, NULL_ARG, T, osErrorParameter),
    R(osMessageQueuePut, NULL, T, osErrorParameter),
    R(osMessageQueuePut, ZERO, T, osErrorParameter),
    R(osMessageQueuePut, FOREIGN, T, osErrorParameter),
    R(osMessageQueuePut, DELETED, T, osErrorParameter),
    R(osMessageQueuePut, NO_WAIT, T, osErrorResource),   /* full */
    R(osMessageQueuePut, NO_WAIT, I, osErrorResource),
    R(osMessageQueuePut, TIMEOUT, T, osErrorTimeout),
    R(osMessageQueuePut, ISR_WAIT, I, osErrorParameter),
    R(osMessageQueuePut, LOCKED, L, osError),
    R(osMessageQueueGet, VALID, T, osOK),
    R(osMessageQueueGet, VALID, I, osOK),
    R(osMessageQueueGet, NULL_ARG, T, osErrorParameter),
    R(osMessageQueueGet, NULL, T, osErrorParameter),
    R(osMessageQueueGet, ZERO, T, osErrorParameter),
    R(osMessageQueueGet, FOREIGN, T, osErrorParameter),
    R(osMessageQueueGet, DELETED, T, osErrorParameter),
    R(osMessageQueueGet, NO_WAIT, T, osErrorResource),   /* empty */
    R(osMessageQueueGet, TIMEOUT, T, osErrorTimeout),
    R(osMessageQueueGet, ISR_WAIT, I, osErrorParameter),
    R(osMessageQueueGet, LOCKED, L, osError),
    R(osMessageQueueGetCapacity, VALID, I, QCAP),
    R(osMessageQueueGetCapacity, NULL, T, 0),
    R(osMessageQueueGetCapacity, FOREIGN, T, 0),
    R(osMessageQueueGetCapacity, DELETED, T, 0),
    R(osMessageQueueGetMsgSize, VALID, I, QMSG),
    R(osMessageQueueGetMsgSize, NULL, T, 0),
    R(osMessageQueueGetMsgSize, ZERO, T, 0),
    R(osMessageQueueGetCount, VALID, I, 1),
    R(osMessageQueueGetCount, NULL, T, 0),
    R(osMessageQueueGetCount, DELETED, T, 0),
    R(osMessageQueueGetSpace, VALID, I, QCAP - 1),
    R(osMessageQueueGetSpace, NULL, T, 0),
    R(osMessageQueueGetSpace, FOREIGN, T, 0),
    R(osMessageQueueReset, VALID, T, osOK),
    R(osMessageQueueReset, NULL, T, osErrorParameter),
    R(osMessageQueueReset, ZERO, T, osErrorParameter),
    R(osMessageQueueReset, FOREIGN, T, osErrorParameter),
    R(osMessageQueueReset, DELETED, T, osErrorParameter),
    R(osMessageQueueReset, IN_ISR, I, osErrorISR),
    R(osMessageQueueDelete, VALID, T, osOK),
    R(osMessageQueueDelete, NULL, T, osErrorParameter),
    R(osMessageQueueDelete, FOREIGN, T, osErrorParameter),
    R(osMessageQueueDelete, DELETED, T, osErrorParameter),
    R(osMessageQueueDelete, IN_ISR, I, osErrorISR),
};

/* --- Running a probe (in its own process) ------------------------------------------ */

static const struct row *cur;
static long result;
static unsigned failures;

static void fail(const char *what, long got, long want)
{
    failures++;
    printf("     probe %s(%s, %s): %s: got %ld, expected %ld\n", cur->call, cls_name[cur->cls],
           ctx_name[cur->ctx], what, got, want);
}

static void probe_isr(void)
{
    result = cur->fn(cur->cls);
}

static void take_snapshot(void)
{
    memcpy(snap, cb, sizeof snap);
}

/* Every live object still works, whatever state the probe left it in. */
static void normal_use(void)
{
    (void)live_ids;
    /* A wait for the owned mutex that timed out or was refused with the
     * kernel locked leaves the kernel's mutex tracked on its owner's list
     * (kernel/mutex.c; nothing a caller can observe): mo's block is not
     * compared then. */
    if ((cur->cls == C_TIMEOUT || cur->cls == C_LOCKED) && cur->fn == p_osMutexAcquire)
        memcpy(snap[CB_MO], cb[CB_MO], sizeof snap[CB_MO]);
    if (cur->expect < 0 && memcmp(snap, cb, sizeof snap) != 0)
        fail("a refused call changed a live object", 1, 0);
    if (!(zeroed[0] == 0 && memcmp(zeroed, zeroed + 1, sizeof zeroed - 8) == 0))
        fail("the zeroed id was written", 1, 0);
    if (cur->cls == C_LIVE_CB && memcmp(victim, victim_copy, victim_size) != 0)
        fail("a New wrote the live object in its cb_mem", 1, 0);
    if (vos_sem_count(&native.s) != 1)
        fail("the native semaphore", vos_sem_count(&native.s), 1);
    if (cur->fn == p_osKernelSuspend || cur->fn == p_osKernelLock || cur->fn == p_osKernelRestoreLock)
        osKernelRestoreLock(0);
    uint32_t c = osSemaphoreGetCount(W.s);
    bool ok = c < 2 ? osSemaphoreRelease(W.s) == osOK && osSemaphoreAcquire(W.s, 0) == osOK
                    : osSemaphoreAcquire(W.s, 0) == osOK && osSemaphoreRelease(W.s) == osOK;
    if (!ok || osSemaphoreGetCount(W.s) != c)
        fail("semaphore release and acquire", (long)c, 1);
    if (osMutexGetOwner(W.m) == NULL &&
        (osMutexAcquire(W.m, 0) != osOK || osMutexGetOwner(W.m) != osThreadGetId() ||
         osMutexRelease(W.m) != osOK || osMutexGetOwner(W.m) != NULL))
        fail("mutex acquire and release", 0, 1);
    uint8_t msg[QMSG] = { 3 };
    uint32_t n = osMessageQueueGetCount(W.mq);
    ok = n < QCAP ? osMessageQueuePut(W.mq, msg, 0, 0) == osOK && osMessageQueueGet(W.mq, msg, NULL, 0) == osOK
                  : osMessageQueueGet(W.mq, msg, NULL, 0) == osOK && osMessageQueuePut(W.mq, msg, 0, 0) == osOK;
    if (!ok || osMessageQueueGetCount(W.mq) != n)
        fail("message put and get", (long)n, 1);
    void *b = osMemoryPoolAlloc(W.mp, 0);
    if (b == NULL || osMemoryPoolFree(W.mp, b) != osOK)
        fail("pool alloc and free", 0, 1);
    if ((osEventFlagsSet(W.ef, 0x40u) & 0x40u) == 0 || (osEventFlagsClear(W.ef, 0x40u) & 0x40u) == 0)
        fail("event flags set and clear", 0, 1);
    if (osTimerStart(W.tm, 500) != osOK || osTimerIsRunning(W.tm) != 1 || osTimerStop(W.tm) != osOK)
        fail("timer start and stop", 0, 1);
    if (W.timer_calls != 0)
        fail("a timer called back", (long)W.timer_calls, 0);
    osThreadState_t ps = osThreadGetState(W.peer);
    if (cur->fn != p_osThreadTerminate && ps != osThreadBlocked)
        fail("the peer's state", ps, osThreadBlocked);
    const char *why = t_inv_why(true);
    if (why != NULL) {
        printf("     invariant: %s\n", why);
        fail("kernel invariants", 1, 0);
    }
    if (vos_cmsis_heap_free() == 0)
        fail("the layer's heap", 0, 1);
}

static void prober(void *arg)
{
    (void)arg;
    world_setup();
    world_threads();
    take_snapshot();
    if (cur->ctx == T) {
        result = cur->fn(cur->cls);
    } else if (cur->ctx == L) {
        if (osKernelLock() != 0)
            fail("lock around the probe", 1, 0);
        result = cur->fn(cur->cls);
        osKernelUnlock();
    } else if (cur->ctx == S) {
        (void)osKernelSuspend();
        if (osKernelGetState() != osKernelSuspended)
            fail("suspend around the probe", osKernelGetState(), osKernelSuspended);
        result = cur->fn(cur->cls);
        if (osKernelGetState() != osKernelSuspended)
            fail("still suspended after the probe", osKernelGetState(), osKernelSuspended);
        osKernelResume(0);
        if (osKernelGetState() != osKernelRunning)
            fail("running after osKernelResume", osKernelGetState(), osKernelRunning);
    } else if (cur->ctx == I) {
        host_irq(probe_isr);
    }
    if (result != cur->expect)
        fail("result", result, cur->expect);
    normal_use();
    host_stop(MM_DONE);
}

/* The scenario's first task (a native one): starts the prober thread. */
static void boot(void *arg)
{
    (void)arg;
    if (osThreadNew(prober, NULL, &(osThreadAttr_t){ .name = "prober",
                                                     .priority = osPriorityNormal }) == NULL)
        fail_setup("the prober");
}

/* The child: the kernel initialised, the world (before-start probes made
 * here), the prober thread, the start. */
static int child(const struct row *r)
{
    cur = r;
    result = 0x7fff;
    if (osKernelInitialize() != osOK)
        fail_setup("osKernelInitialize");
    if (r->ctx == B) {
        world_setup();
        take_snapshot();
        result = r->fn(r->cls);
        if (result != r->expect)
            fail("result", result, r->expect);
        return failures == 0 ? 0 : 1;
    }
    int st = host_run(boot, NULL, VOS_PRIO_MAX);
    if (st != MM_DONE)
        fail("scenario end (the prober did not finish)", st, MM_DONE);
    return failures == 0 ? 0 : 1;
}

int main(void)
{
    unsigned run = 0, failed = 0, calls = 0;
    bool seen[C_COUNT] = { false };
    unsigned classes = 0;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const struct row *r = &rows[i];
        if (i == 0 || strcmp(r->call, rows[i - 1].call) != 0)
            calls++;
        if (!seen[r->cls]) {
            seen[r->cls] = true;
            classes++;
        }
        fflush(stdout);
        pid_t pid = fork();
        if (pid == 0)
            exit(child(r));
        int status = 0;
        run++;
        bool halted = r->expect == MM_HALT;
        if (pid < 0 || waitpid(pid, &status, 0) != pid ||
            (halted ? !WIFSIGNALED(status) || WTERMSIG(status) != SIGABRT
                    : !WIFEXITED(status) || WEXITSTATUS(status) != 0)) {
            failed++;
            printf("FAIL probe %s(%s, %s)%s\n", r->call, cls_name[r->cls], ctx_name[r->ctx],
                   WIFSIGNALED(status) ? ": crashed" : "");
        }
    }
    printf("%s cmsis misuse matrix (VOS_CFG_CHECKS=%d): %u probes of %u functions x %u input "
           "classes, %u failed\n", failed ? "FAIL" : "PASS", VOS_CFG_CHECKS, run, calls, classes,
           failed);
    printf("%u passed, %u failed\n", failed ? 0u : 1u, failed ? 1u : 0u);
    return failed ? 1 : 0;
}
