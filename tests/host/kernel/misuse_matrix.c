/* SPDX-License-Identifier: MIT */
/*
 * The misuse matrix: every public call of every header, each with every
 * class of bad or boundary input that applies to it, in the calling
 * context the probe needs, against the result the header documents.
 *
 * One table (rows[] below): call x input class x context x expected
 * result, plus whether the documentation says the check stays at
 * VOS_CFG_CHECKS = 0 (docs/api.md, "Checks": blocking from an interrupt or
 * before start, mutex calls from an interrupt, heap and pool pointer
 * ranges, a second create of a live task; and what no check decides: a
 * wait that cannot be satisfied, a state that forbids the call). With the
 * checks off only those rows run.
 *
 * Every probe is isolated: a fresh world of objects and tasks in its own
 * scenario. A probe made before start runs in main() before host_run();
 * the others in the scenario's main task (with the scheduler locked
 * around the call for the task-locked context) or in a simulated
 * interrupt it raises. Then, from the main task:
 *  - the result is the expected one;
 *  - a refused call (negative expected result) changed no byte of the
 *    live objects, the zeroed object stays zero, the deleted stay deleted;
 *  - the heap passes vos_heap_check, the kernel invariants hold (the
 *    software timers' heap among them);
 *  - every live object still works normally (a give and take, a lock and
 *    unlock, a send and receive, a set and wait, an alloc and free, a
 *    notification, a timer start and stop), and no timer callback ran
 *    (none is due within a probe's scenario).
 *
 * Adding a call: write its probe function (p_<call>, the call made with
 * the arguments of an input class) and one row per class that applies.
 */
#include <stdio.h>
#include <string.h>
#include "harness.h"
#include "kernel.h"
#include "misuse_matrix.h"

/* --- Input classes and contexts ------------------------------------------------ */

enum mm_cls {
    C_VALID,        /* a correct call: the baseline of a boundary */
    C_NULL,         /* NULL object */
    C_ZERO,         /* zeroed memory, never initialised */
    C_FOREIGN,      /* an object of another type */
    C_DELETED,      /* a deleted object */
    C_EXITED,       /* a task that has exited */
    C_IN_ISR,       /* task or blocking form from an interrupt */
    C_FROM_TASK,    /* _isr form from a task */
    C_BEFORE,       /* before vos_start() */
    C_NULL_ARG,     /* NULL for a pointer argument other than the object */
    C_ARG_LOW,      /* an argument below its range */
    C_ARG_HIGH,     /* an argument above its range */
    C_ARG_EDGE,     /* an argument at the edge of its range, still valid */
    C_NOT_OWNER,    /* a mutex owned by another task */
    C_DOUBLE_FREE,  /* a block already free */
    C_MISALIGNED,   /* a pointer not on a block's alignment */
    C_MID_BLOCK,    /* a pointer into the middle of a block */
    C_OUTSIDE,      /* a pointer outside the heap or pool */
    C_NO_WAIT,      /* zero timeout on a wait that cannot be satisfied now */
    C_HUGE_WAIT,    /* a timeout past VOS_DUR_MAX, satisfied 1 ms later */
    C_STATE,        /* an object in a state that forbids the call */
    C_LOCKED,       /* a call that must wait, made with the scheduler locked */
    C_PERIOD,       /* a timer period out of range */
    C_CYCLE,        /* a wait that closes a cycle (join of a task joining the caller) */
    C_COUNT
};

static const char *const cls_name[C_COUNT] = {
    "valid", "null", "zeroed", "foreign", "deleted", "exited", "in-isr", "isr-form-from-task",
    "before-start", "null-arg", "arg-low", "arg-high", "arg-edge", "not-owner",
    "double-free", "misaligned", "mid-block", "outside", "no-wait", "huge-wait", "state",
    "locked", "period", "cycle",
};

/* task, interrupt, before start, interrupt before start, task with the
 * scheduler locked around the call (one level), an interrupt above the
 * kernel's level (host_irq_above: generated from every I row, below) */
enum mm_ctx { T, I, B, BI, L, AK };
static const char *const ctx_name[] = { "task", "isr", "before", "isr-before", "task-locked",
                                        "isr-above-kernel" };

/* Results of calls that return no error code. */
#define MM_NULL  1000           /* a NULL pointer */
#define MM_PTR   1001           /* a non-NULL pointer */
#define MM_DONE  4242           /* the scenario's main task finished its checks */

static int ptr_result(const void *p)
{
    return p == NULL ? MM_NULL : MM_PTR;
}

/* --- The world every probe starts from --------------------------------------------- */

#define QCAP 4u
#define QISZ 8u
#define PBLK 32u

/* The live objects, in one block so that a refused call can be shown to
 * have changed none of their bytes. */
struct live {
    vos_sem_t s;          /* count 1 of 2: a give and a take both succeed */
    vos_sem_t s0;         /* count 0: a take must wait */
    vos_sem_t sfull;      /* count 1 of 1: a give overflows */
    vos_mutex_t m;        /* free */
    vos_mutex_t mo;       /* owned by the peer */
    vos_mutex_t mc;       /* ceiling below the main task's priority */
    vos_queue_t q;        /* one item of QCAP */
    vos_queue_t qe;       /* empty */
    vos_queue_t qf;       /* full */
    vos_event_t e;        /* flag 0x1 set */
    vos_pool_t p;         /* one block allocated (pb), one freed (pfreed) */
    vos_pool_t pe;        /* empty */
    vos_heap_t h;         /* blocks hb, hfreed (free between two allocated) */
    vos_timer_t tm;       /* a task timer, stopped */
    vos_timer_t ta;       /* a task timer armed 1 s after the start, one-shot */
    vos_chan_t ch;        /* no server, no client */
    vos_work_t wi;        /* a work item, idle (workq rows' world only) */
    vos_work_t wqd;       /* a work item queued on W.wq (workq rows' world only) */
    uint8_t qbuf[3][QCAP * QISZ];
    uint64_t pmem[4 * PBLK / 8];
    uint64_t pemem[PBLK / 8];
    uint64_t harena[4096 / 8];
};

static struct world {
    struct live l;
    struct live snap;     /* l before the probe */
    /* Objects the probes may change or destroy. */
    vos_sem_t sdead, sscratch;
    vos_mutex_t mdead, mk, mscratch;
    vos_queue_t qdead, qscratch;
    uint8_t qscratch_buf[QCAP * QISZ];
    vos_event_t edead, escratch;
    vos_chan_t chdead, chscratch;
    vos_heap_t hscratch;
    vos_pool_t pscratch;
    vos_timer_t tmdead;   /* deleted */
    vos_timer_t tmscratch;/* deleted: the init probes make it a timer again */
    vos_timer_t tmx;      /* an interrupt timer armed 2 s after the start, 1 s period */
    unsigned tm_fired;    /* callbacks run (none may in a probe's scenario) */
    uint64_t pscratch_mem[4 * PBLK / 8];
    void *hb, *hfreed, *pb, *pfreed;
    vos_task_t *peer, *exited, *susp, *kicker, *main;
    vos_task_t *scratch;  /* a zeroed control block for create probes */
    void *scratch_stack;
    size_t scratch_size;
    vos_sem_t park;       /* the peer waits on it for ever */
    vos_workq_t wq;       /* a work queue, worker below main (workq rows only) */
    vos_workq_t wqscratch;/* zeroed: the init probes make it a queue */
    vos_work_t wscratch;  /* zeroed: the init probes make it an item */
    _Alignas(16) uint8_t zero[sizeof(vos_heap_t) + sizeof(vos_task_t)];
} W;

/* An arena of exactly 2^VOS_CFG_HEAP_MAX_LOG2 bytes and a little more. */
static _Alignas(16) uint8_t big_arena[((size_t)1 << VOS_CFG_HEAP_MAX_LOG2) + 64];

static void nop_entry(void *arg)
{
    (void)arg;
}

/* Above main: locks mo at start, then waits for ever (an aborted wait
 * starts again). */
static void peer_main(void *arg)
{
    (void)arg;
    vos_mutex_lock(&W.l.mo, VOS_FOREVER);
    for (;;)
        vos_sem_take(&W.park, VOS_FOREVER);
}

/* Above main, for the join-cycle probe: joins the main task for ever. */
static void joiner_main(void *arg)
{
    (void)arg;
    vos_task_join(W.main, VOS_FOREVER);
}

static void tm_callback(vos_timer_t *tm, void *arg)
{
    (void)tm;
    (void)arg;
    W.tm_fired++;
}

/* Above main, for the huge-wait probes only: holds mk, and 1 ms after the
 * start satisfies every wait a huge-wait probe makes. */
static void kicker_main(void *arg)
{
    (void)arg;
    uint8_t item[QISZ] = { 0 };
    vos_mutex_lock(&W.mk, VOS_FOREVER);
    vos_sleep(vos_ms(1));
    vos_mutex_unlock(&W.mk);
    vos_sem_give(&W.l.s0);
    vos_queue_send(&W.l.qe, item, VOS_NO_WAIT);
    vos_queue_recv(&W.l.qf, item, VOS_NO_WAIT);
    vos_event_set(&W.l.e, 0x100u);
    vos_notify_give(W.main);
    vos_notify_set(W.main, 0x100u);
    vos_msg_signal(&W.l.ch, 0x100u);
    vos_sem_take(&W.park, VOS_FOREVER);
}

static uint64_t world_svc_stack[T_STACK / 8];
static bool world_svc = true;   /* false: a world without the timer service */
static uint64_t world_wq_stack[T_STACK / 8];
static bool world_wq;           /* the row is a work queue's: the world has W.wq */

static void work_nop(vos_work_t *w, void *arg)
{
    (void)w;
    (void)arg;
}

/* Everything before start, in main(). timers: arm ta and tmx (the
 * next-event probe of "nothing pending" starts without them). */
static void world_setup(bool kicker, bool timers)
{
    memset(&W, 0, sizeof W);
    struct live *l = &W.l;
    uint8_t item[QISZ] = { 1, 2, 3, 4, 5, 6, 7, 8 };

    CHECK_EQ(vos_sem_init(&l->s, 1, 2), VOS_OK);
    CHECK_EQ(vos_sem_init(&l->s0, 0, 2), VOS_OK);
    CHECK_EQ(vos_sem_init(&l->sfull, 1, 1), VOS_OK);
    CHECK_EQ(vos_sem_init(&W.sdead, 0, 1), VOS_OK);
    CHECK_EQ(vos_sem_delete(&W.sdead), VOS_OK);
    CHECK_EQ(vos_sem_init(&W.sscratch, 0, 1), VOS_OK);
    CHECK_EQ(vos_sem_init(&W.park, 0, 1), VOS_OK);
    CHECK_EQ(vos_mutex_init(&l->m), VOS_OK);
    CHECK_EQ(vos_mutex_init(&l->mo), VOS_OK);
    CHECK_EQ(vos_mutex_init_ceiling(&l->mc, 4), VOS_OK);
    CHECK_EQ(vos_mutex_init(&W.mk), VOS_OK);
    CHECK_EQ(vos_mutex_init(&W.mdead), VOS_OK);
    CHECK_EQ(vos_mutex_delete(&W.mdead), VOS_OK);
    CHECK_EQ(vos_mutex_init(&W.mscratch), VOS_OK);
    for (int i = 0; i < 3; i++) {
        vos_queue_t *q = i == 0 ? &l->q : i == 1 ? &l->qe : &l->qf;
        CHECK_EQ(vos_queue_init(q, l->qbuf[i], QISZ, QCAP), VOS_OK);
    }
    CHECK_EQ(vos_queue_send(&l->q, item, VOS_NO_WAIT), VOS_OK);
    for (unsigned i = 0; i < QCAP; i++)
        CHECK_EQ(vos_queue_send(&l->qf, item, VOS_NO_WAIT), VOS_OK);
    CHECK_EQ(vos_queue_init(&W.qdead, W.qscratch_buf, QISZ, QCAP), VOS_OK);
    CHECK_EQ(vos_queue_delete(&W.qdead), VOS_OK);
    CHECK_EQ(vos_queue_init(&W.qscratch, W.qscratch_buf, QISZ, QCAP), VOS_OK);
    CHECK_EQ(vos_event_init(&l->e, 0x1u), VOS_OK);
    CHECK_EQ(vos_event_init(&W.edead, 0), VOS_OK);
    CHECK_EQ(vos_event_delete(&W.edead), VOS_OK);
    CHECK_EQ(vos_event_init(&W.escratch, 0), VOS_OK);
    CHECK_EQ(vos_chan_init(&l->ch), VOS_OK);
    CHECK_EQ(vos_chan_init(&W.chdead), VOS_OK);
    CHECK_EQ(vos_chan_delete(&W.chdead), VOS_OK);
    CHECK_EQ(vos_chan_init(&W.chscratch), VOS_OK);

    CHECK_EQ(vos_heap_init(&l->h, l->harena, sizeof l->harena), VOS_OK);
    void *keep;
    CHECK_EQ(vos_heap_alloc(&l->h, 40, &W.hb), VOS_OK);
    CHECK_EQ(vos_heap_alloc(&l->h, 40, &W.hfreed), VOS_OK);
    CHECK_EQ(vos_heap_alloc(&l->h, 40, &keep), VOS_OK);   /* keeps hfreed from merging */
    CHECK_EQ(vos_heap_free(&l->h, W.hfreed), VOS_OK);
    CHECK_EQ(vos_pool_init(&l->p, l->pmem, PBLK, 4), VOS_OK);
    CHECK_EQ(vos_pool_alloc(&l->p, &W.pb), VOS_OK);
    CHECK_EQ(vos_pool_alloc(&l->p, &W.pfreed), VOS_OK);
    CHECK_EQ(vos_pool_free(&l->p, W.pfreed), VOS_OK);
    CHECK_EQ(vos_pool_init(&l->pe, l->pemem, PBLK, 1), VOS_OK);
    void *last;
    CHECK_EQ(vos_pool_alloc(&l->pe, &last), VOS_OK);
    CHECK_EQ(vos_pool_init(&W.pscratch, W.pscratch_mem, PBLK, 4), VOS_OK);
    CHECK_EQ(vos_timer_init(&l->tm, "tm", tm_callback, NULL, 0), VOS_OK);
    CHECK_EQ(vos_timer_init(&l->ta, "ta", tm_callback, NULL, 0), VOS_OK);
    CHECK_EQ(vos_timer_init(&W.tmx, "tmx", tm_callback, NULL, VOS_TIMER_ISR), VOS_OK);
    CHECK_EQ(vos_timer_init(&W.tmdead, "tmdead", tm_callback, NULL, 0), VOS_OK);
    CHECK_EQ(vos_timer_delete(&W.tmdead), VOS_OK);
    CHECK_EQ(vos_timer_init(&W.tmscratch, "tmscratch", tm_callback, NULL, 0), VOS_OK);
    CHECK_EQ(vos_timer_delete(&W.tmscratch), VOS_OK);
    /* The timer service task, below the main task (it never runs in a
     * probe's scenario): task timers are started only once it exists. */
    if (world_svc)
        CHECK_EQ(vos_timer_service_start(3, world_svc_stack, sizeof world_svc_stack), VOS_OK);
    if (timers) {
        CHECK_EQ(vos_timer_start(&l->ta, vos_ms(1000), VOS_NO_WAIT),
                 world_svc ? VOS_OK : VOS_ERR_NO_SERVICE);
        CHECK_EQ(vos_timer_start(&W.tmx, vos_ms(2000), vos_ms(1000)), VOS_OK);
    }

    if (world_wq) {
        /* Below the main task: its worker never runs in a probe's scenario. */
        CHECK_EQ(vos_workq_init(&W.wq, "wq", 3, world_wq_stack, sizeof world_wq_stack), VOS_OK);
        t_watch_task(&W.wq.task);
        CHECK_EQ(vos_work_init(&l->wi, work_nop, NULL), VOS_OK);
        CHECK_EQ(vos_work_init(&l->wqd, work_nop, NULL), VOS_OK);
        CHECK_EQ(vos_workq_submit(&W.wq, &l->wqd), VOS_OK);
    }
    W.peer = t_task("peer", peer_main, NULL, 6);
    W.exited = t_task("exited", nop_entry, NULL, 9);
    W.susp = t_task("susp", nop_entry, NULL, 2);
    CHECK_EQ(vos_task_suspend(W.susp), VOS_OK);
    if (kicker)
        W.kicker = t_task("kicker", kicker_main, NULL, 7);
    W.scratch = t_tcb(&W.scratch_stack, &W.scratch_size);
    t_watch_sem(&l->s);
    t_watch_sem(&l->s0);
    t_watch_sem(&l->sfull);
    t_watch_mutex(&l->m);
    t_watch_mutex(&l->mo);
    t_watch_mutex(&l->mc);
    t_watch_mutex(&W.mk);
    t_watch_timer(&l->tm);
    t_watch_timer(&l->ta);
    t_watch_timer(&W.tmx);
    t_watch_timer(&W.tmscratch);
}

/* --- Object and argument selection by input class ---------------------------------- */

static void *pick(int c, void *live, void *foreign, void *dead)
{
    switch (c) {
    case C_NULL:    return NULL;
    case C_ZERO:    return W.zero;
    case C_FOREIGN: return foreign;
    case C_DELETED:
    case C_EXITED:  return dead;
    default:        return live;
    }
}

static vos_sem_t *S(int c)
{
    vos_sem_t *live = c == C_NO_WAIT || c == C_HUGE_WAIT || c == C_IN_ISR || c == C_BEFORE ||
                              c == C_LOCKED
                          ? &W.l.s0 : c == C_STATE ? &W.l.sfull : &W.l.s;
    return pick(c, live, &W.l.m, &W.sdead);
}

static vos_mutex_t *M(int c)
{
    vos_mutex_t *live = c == C_NO_WAIT || c == C_NOT_OWNER || c == C_LOCKED ? &W.l.mo
                        : c == C_HUGE_WAIT ? &W.mk : c == C_ARG_HIGH ? &W.l.mc : &W.l.m;
    return pick(c, live, &W.l.s, &W.mdead);
}

static vos_queue_t *Qs(int c)   /* for sends: full when it must wait */
{
    vos_queue_t *live = c == C_NO_WAIT || c == C_HUGE_WAIT || c == C_IN_ISR || c == C_BEFORE ||
                                c == C_LOCKED
                            ? &W.l.qf : &W.l.q;
    return pick(c, live, &W.l.e, &W.qdead);
}

static vos_queue_t *Qr(int c)   /* for receives: empty when it must wait */
{
    vos_queue_t *live = c == C_NO_WAIT || c == C_HUGE_WAIT || c == C_IN_ISR || c == C_BEFORE ||
                                c == C_LOCKED
                            ? &W.l.qe : &W.l.q;
    return pick(c, live, &W.l.e, &W.qdead);
}

static vos_event_t *E(int c)
{
    return pick(c, &W.l.e, &W.l.s, &W.edead);
}

static vos_heap_t *H(int c)
{
    return pick(c, &W.l.h, &W.l.p, NULL);
}

static vos_pool_t *P(int c)
{
    return pick(c, c == C_STATE ? &W.l.pe : &W.l.p, &W.l.s, NULL);
}

/* A task: the peer (blocked), or the exited one; the foreign object is an
 * event group, the smallest object. */
static vos_task_t *Tk(int c)
{
    return pick(c, c == C_STATE ? W.susp : W.peer, &W.l.e, W.exited);
}

/* The timeout of a class: none, past VOS_DUR_MAX (treated as for ever),
 * or 1 ms (never reached: either the call does not wait or it is
 * refused). */
static vos_dur_t TO(int c)
{
    if (c == C_NO_WAIT)
        return VOS_NO_WAIT;
    if (c == C_HUGE_WAIT)
        return vos_cycles(UINT64_MAX - 1u);
    return vos_ms(1);
}

/* The bits a wait waits for: 0x100 is never set before the kicker. */
static uint32_t WBITS(int c)
{
    if (c == C_ARG_LOW)
        return 0;
    return c == C_VALID ? 0x1u : 0x100u;
}

static uint8_t item_buf[QISZ];

/* --- Probes: one function per call, the call made with class c's inputs -------------- */

/* sem.h */
static int p_sem_init(int c)
{
    vos_sem_t *s = c == C_NULL ? NULL : &W.sscratch;
    switch (c) {
    case C_ARG_LOW:  return vos_sem_init(s, 0, 0);
    case C_ARG_HIGH: return vos_sem_init(s, 0, (uint32_t)INT32_MAX + 1u);
    case C_ARG_EDGE: return vos_sem_init(s, (uint32_t)INT32_MAX, (uint32_t)INT32_MAX);
    case C_STATE:    return vos_sem_init(s, 2, 1);
    default:         return vos_sem_init(s, 0, 1);
    }
}
static int p_sem_give(int c)       { return vos_sem_give(S(c)); }
static int p_sem_give_isr(int c)   { return vos_sem_give_isr(S(c)); }
static int p_sem_take(int c)       { return vos_sem_take(S(c), TO(c)); }
static int p_sem_take_isr(int c)   { return vos_sem_take_isr(S(c)); }
static int p_sem_count(int c)      { return vos_sem_count(S(c)); }
static int p_sem_delete(int c)
{
    return vos_sem_delete(c == C_IN_ISR || c == C_BEFORE ? &W.sscratch : S(c));
}

/* mutex.h */
static int p_mutex_init(int c)     { return vos_mutex_init(c == C_NULL ? NULL : &W.mscratch); }
static int p_mutex_init_ceiling(int c)
{
    vos_mutex_t *m = c == C_NULL ? NULL : &W.mscratch;
    unsigned ceil = c == C_ARG_LOW ? 0 : c == C_ARG_HIGH ? VOS_PRIO_MAX + 1u
                  : c == C_ARG_EDGE ? VOS_PRIO_MAX : 5u;
    return vos_mutex_init_ceiling(m, ceil);
}
static int p_mutex_lock(int c)     { return vos_mutex_lock(M(c), TO(c)); }
static int p_mutex_unlock(int c)   { return vos_mutex_unlock(M(c)); }
static int p_mutex_delete(int c)
{
    return vos_mutex_delete(c == C_IN_ISR || c == C_BEFORE ? &W.mscratch : M(c));
}
static int p_mutex_owner(int c)
{
    vos_task_t *o = NULL;
    int err = vos_mutex_owner(M(c), c == C_NULL_ARG ? NULL : &o);
    return err != VOS_OK ? err : o == W.peer ? VOS_OK : MM_NULL;
}

/* queue.h */
static int p_queue_init(int c)
{
    vos_queue_t *q = c == C_NULL ? NULL : &W.qscratch;
    switch (c) {
    case C_NULL_ARG: return vos_queue_init(q, NULL, QISZ, QCAP);
    case C_ARG_LOW:  return vos_queue_init(q, W.qscratch_buf, 0, QCAP);
    case C_ARG_HIGH: return vos_queue_init(q, W.qscratch_buf, QISZ, (size_t)INT32_MAX + 1u);
    case C_ARG_EDGE: return vos_queue_init(q, W.qscratch_buf, 1, 1);
    default:         return vos_queue_init(q, W.qscratch_buf, QISZ, QCAP);
    }
}
static const void *ITEM(int c)     { return c == C_NULL_ARG ? NULL : item_buf; }
static void *OUT(int c)            { return c == C_NULL_ARG ? NULL : item_buf; }
static int p_queue_send(int c)     { return vos_queue_send(Qs(c), ITEM(c), TO(c)); }
static int p_queue_send_front(int c) { return vos_queue_send_front(Qs(c), ITEM(c), TO(c)); }
static int p_queue_recv(int c)     { return vos_queue_recv(Qr(c), OUT(c), TO(c)); }
static int p_queue_send_isr(int c) { return vos_queue_send_isr(Qs(c), ITEM(c)); }
static int p_queue_send_front_isr(int c) { return vos_queue_send_front_isr(Qs(c), ITEM(c)); }
static int p_queue_recv_isr(int c) { return vos_queue_recv_isr(Qr(c), OUT(c)); }
static int p_queue_count(int c)    { return vos_queue_count(Qs(c)); }
static int p_queue_delete(int c)
{
    return vos_queue_delete(c == C_IN_ISR || c == C_BEFORE ? &W.qscratch : Qs(c));
}

/* event.h */
static int p_event_init(int c)     { return vos_event_init(c == C_NULL ? NULL : &W.escratch, 0); }
static int p_event_set(int c)      { return vos_event_set(E(c), 0x2u); }
static int p_event_set_isr(int c)  { return vos_event_set_isr(E(c), 0x2u); }
static int p_event_clear(int c)    { return vos_event_clear(E(c), 0x4u); }
static int p_event_get(int c)
{
    uint32_t f;
    return vos_event_get(E(c), c == C_NULL_ARG ? NULL : &f);
}
static int p_event_wait(int c)
{
    uint32_t got;
    unsigned opt = c == C_ARG_HIGH ? 0x80u : VOS_EVENT_ANY;
    return vos_event_wait(E(c), WBITS(c), opt, TO(c), &got);
}
static int p_event_delete(int c)
{
    return vos_event_delete(c == C_IN_ISR || c == C_BEFORE ? &W.escratch : E(c));
}

/* channel.h */
static vos_chan_t *CH(int c)
{
    return pick(c, &W.l.ch, &W.l.s, &W.chdead);
}
static uint8_t msg_buf[8];
static int p_chan_init(int c)      { return vos_chan_init(c == C_NULL ? NULL : &W.chscratch); }
static int p_chan_delete(int c)
{
    return vos_chan_delete(c == C_IN_ISR || c == C_BEFORE ? &W.chscratch : CH(c));
}
static int p_msg_send(int c)
{
    size_t len = c == C_ARG_HIGH ? (size_t)INT32_MAX + 1u : 4u;
    return vos_msg_send(CH(c), c == C_NULL_ARG ? NULL : msg_buf, len, msg_buf, 8, TO(c));
}
static int p_msg_receive(int c)
{
    vos_msg_client_t cl;
    int r = vos_msg_receive(CH(c), msg_buf, 8, c == C_NULL_ARG ? NULL : &cl, TO(c));
    return r == 0 && cl.task == NULL && cl.signals == 0x100u ? VOS_OK : r;
}
/* A handle: NULL, a zeroed or foreign "task", an exited task, or the
 * peer, which waits for a semaphore and not for a reply. */
static int msg_reply_with(int c, bool isr)
{
    vos_msg_client_t cl = { .task = Tk(c), .seq = 1, .reply_cap = 8 };
    const vos_msg_client_t *h = c == C_NULL ? NULL : &cl;
    int status = c == C_ARG_HIGH ? 1 : c == C_ARG_LOW ? VOS_MSG_STATUS_APP + 1 : VOS_OK;
    const void *data = c == C_NULL_ARG ? NULL : msg_buf;
    return isr ? vos_msg_reply_isr(h, data, 4, status) : vos_msg_reply(h, data, 4, status);
}
static int p_msg_reply(int c)      { return msg_reply_with(c, false); }
static int p_msg_reply_isr(int c)  { return msg_reply_with(c, true); }
static int p_msg_signal(int c)     { return vos_msg_signal(CH(c), c == C_ARG_LOW ? 0 : 0x2u); }
static int p_msg_signal_isr(int c) { return vos_msg_signal_isr(CH(c), c == C_ARG_LOW ? 0 : 0x2u); }

/* heap.h */
static int p_heap_init(int c)
{
    vos_heap_t *h = c == C_NULL ? NULL : &W.hscratch;
    size_t lim = (size_t)1 << VOS_CFG_HEAP_MAX_LOG2;
    switch (c) {
    case C_NULL_ARG: return vos_heap_init(h, NULL, 4096);
    case C_ARG_LOW:  return vos_heap_init(h, big_arena, VOS_HEAP_OVERHEAD + VOS_HEAP_MIN_BLOCK - 1);
    case C_ARG_HIGH: return vos_heap_init(h, big_arena, lim);
    case C_ARG_EDGE: return vos_heap_init(h, big_arena, lim - 8u);
    default:         return vos_heap_init(h, big_arena, 4096);
    }
}
static int p_heap_alloc(int c)
{
    size_t n = c == C_ARG_LOW ? 0 : c == C_ARG_HIGH ? VOS_HEAP_MAX_REQUEST + 1u : 24u;
    void *p = NULL;
    return vos_heap_alloc(H(c), n, c == C_NULL_ARG ? NULL : &p);
}
static int p_heap_alloc_aligned(int c)
{
    size_t a = c == C_ARG_LOW ? 24u : c == C_ARG_HIGH ? VOS_HEAP_MAX_REQUEST * 2u
             : c == C_ARG_EDGE ? VOS_HEAP_MAX_REQUEST : 64u;
    size_t n = c == C_ARG_EDGE ? VOS_HEAP_MAX_REQUEST : 24u;   /* no class holds both */
    void *p = NULL;
    return vos_heap_alloc_aligned(H(c), n, a, c == C_NULL_ARG ? NULL : &p);
}
static int p_heap_free(int c)
{
    uint8_t *b = W.hb;
    switch (c) {
    case C_NULL_ARG:    return vos_heap_free(H(c), NULL);
    case C_DOUBLE_FREE: return vos_heap_free(H(c), W.hfreed);
    case C_MISALIGNED:  return vos_heap_free(H(c), b + 4);
    case C_MID_BLOCK:   return vos_heap_free(H(c), b + 16);
    case C_OUTSIDE:     return vos_heap_free(H(c), (uint8_t *)W.l.harena + sizeof W.l.harena + 64);
    default:            return vos_heap_free(H(c), b);
    }
}
static int p_heap_stats(int c)
{
    vos_heap_stats_t st;
    return vos_heap_stats(H(c), c == C_NULL_ARG ? NULL : &st);
}
static int p_heap_check(int c)     { return vos_heap_check(H(c)); }

/* pool.h */
static int p_pool_init(int c)
{
    vos_pool_t *p = c == C_NULL ? NULL : &W.pscratch;
    uint8_t *mem = (uint8_t *)W.pscratch_mem;
    switch (c) {
    case C_NULL_ARG:   return vos_pool_init(p, NULL, PBLK, 4);
    case C_MISALIGNED: return vos_pool_init(p, mem + 4, PBLK, 3);
    case C_ARG_LOW:    return vos_pool_init(p, mem, VOS_POOL_MIN_BLOCK - VOS_POOL_ALIGN, 4);
    case C_ARG_HIGH:   return vos_pool_init(p, mem, PBLK, ((size_t)1 << 32) / PBLK);
    case C_STATE:      return vos_pool_init(p, mem, PBLK + 1u, 2);
    case C_ARG_EDGE:   return vos_pool_init(p, mem, VOS_POOL_MIN_BLOCK, 1);
    default:           return vos_pool_init(p, mem, PBLK, 4);
    }
}
static int p_pool_alloc(int c)
{
    void *b = NULL;
    return vos_pool_alloc(P(c), c == C_NULL_ARG ? NULL : &b);
}
static int p_pool_free(int c)
{
    uint8_t *b = W.pb;
    switch (c) {
    case C_NULL_ARG:    return vos_pool_free(P(c), NULL);
    case C_DOUBLE_FREE: return vos_pool_free(P(c), W.pfreed);
    case C_MISALIGNED:  return vos_pool_free(P(c), b + 4);
    case C_MID_BLOCK:   return vos_pool_free(P(c), b + PBLK / 2);
    case C_OUTSIDE:     return vos_pool_free(P(c), (uint8_t *)W.l.pmem + sizeof W.l.pmem);
    default:            return vos_pool_free(P(c), b);
    }
}
static int p_pool_available(int c) { return vos_pool_available(P(c)); }
static int p_pool_min_available(int c) { return vos_pool_min_available(P(c)); }

/* notify.h */
static int p_notify_give(int c)    { return vos_notify_give(Tk(c)); }
static int p_notify_give_isr(int c) { return vos_notify_give_isr(Tk(c)); }
static int p_notify_take(int c)
{
    uint32_t v;
    return vos_notify_take(false, TO(c), &v);
}
static int p_notify_set(int c)     { return vos_notify_set(Tk(c), c == C_ARG_LOW ? 0 : 0x2u); }
static int p_notify_set_isr(int c) { return vos_notify_set_isr(Tk(c), c == C_ARG_LOW ? 0 : 0x2u); }
static int p_notify_wait(int c)
{
    uint32_t got;
    return vos_notify_wait(WBITS(c), 0, TO(c), &got);
}

/* task.h */
static int p_task_create(int c)
{
    vos_task_t *t = c == C_NULL ? NULL : c == C_STATE ? W.peer
                  : c == C_EXITED ? W.exited : W.scratch;
    unsigned prio = c == C_ARG_LOW ? 0 : c == C_ARG_HIGH ? VOS_PRIO_MAX + 1u : 1u;
    size_t size = c == C_MISALIGNED ? VOS_CFG_STACK_MIN - 1u : W.scratch_size;
    vos_entry_t fn = c == C_NULL_ARG ? NULL : nop_entry;
    void *stack = c == C_EXITED ? W.exited->stack_base : W.scratch_stack;
    if (c == C_EXITED)
        size = W.exited->stack_size;
    return vos_task_create(t, "probe", fn, NULL, prio, stack, size);
}
static int p_start(int c)          { (void)c; return vos_start(); }
static int p_running(int c)        { (void)c; return vos_running(); }
static int p_self(int c)           { (void)c; return ptr_result(vos_self()); }
static int p_yield(int c)          { (void)c; return vos_yield(); }
static int p_task_suspend(int c)
{
    /* arg-edge: the interrupted task itself, named explicitly */
    return vos_task_suspend(c == C_NULL_ARG ? NULL : c == C_ARG_EDGE ? W.main : Tk(c));
}
static int p_task_resume(int c)    { return vos_task_resume(Tk(c)); }
static int p_task_resume_isr(int c) { return vos_task_resume_isr(Tk(c)); }
static int p_task_set_priority(int c)
{
    unsigned prio = c == C_ARG_LOW ? 0 : c == C_ARG_HIGH ? VOS_PRIO_MAX + 1u : 3u;
    return vos_task_set_priority(c == C_ARG_LOW || c == C_ARG_HIGH ? NULL : Tk(c), prio);
}
static int p_task_priority(int c)  { return vos_task_priority(Tk(c)); }
static int p_task_base_priority(int c) { return vos_task_base_priority(Tk(c)); }
static int p_task_state(int c)     { return vos_task_state(Tk(c)); }
static int p_task_set_slicing(int c) { return vos_task_set_slicing(Tk(c), c == C_VALID); }
static int p_task_stack_unused(int c)
{
    size_t n;
    return vos_task_stack_unused(Tk(c), c == C_NULL_ARG ? NULL : &n);
}
static int p_stack_overflow_task(int c) { (void)c; return ptr_result(vos_stack_overflow_task()); }

/* The idle task, found among the live tasks (NULL before start). */
static vos_task_t *idle_task(void)
{
    vos_task_t *all[16];
    int n = vos_task_enumerate(all, 16);
    for (int i = 0; i < n && i < 16; i++)
        if (vos_task_base_priority(all[i]) == VOS_PRIO_IDLE)
            return all[i];
    return NULL;
}

/* null: the caller (only before start: in a task it would not return);
 * arg-low: the idle task; valid and in-isr: the suspended task. */
static int p_task_terminate(int c)
{
    return vos_task_terminate(c == C_ARG_LOW ? idle_task() : Tk(c == C_VALID || c == C_IN_ISR
                                                                   ? C_STATE : c));
}

/* state: the caller itself; cycle: a task (above the caller) that joins
 * the caller; exited: done already; no-wait before start: the exited task,
 * which has not run yet. */
static int p_task_join(int c)
{
    vos_task_t *t = c == C_STATE ? vos_self() : c == C_NO_WAIT && !vos_running() ? W.exited
                  : Tk(c);
    if (c == C_CYCLE)
        t = t_task("joiner", joiner_main, NULL, 8);
    return vos_task_join(t, TO(c));
}

/* valid: the peer, blocked for ever (its take starts again); arg-edge:
 * the caller, running. */
static int p_task_abort_wait(int c)
{
    return vos_task_abort_wait(c == C_ARG_EDGE ? vos_self() : Tk(c));
}

/* arg-low: count only (cap 0, out NULL); arg-edge: a cap below the
 * count; valid: room for all. The result is the count if every entry
 * returned is a task the checker knows is live, else MM_NULL. */
static int p_task_enumerate(int c)
{
    vos_task_t *out[8] = { NULL };
    size_t cap = c == C_ARG_LOW ? 0 : c == C_ARG_EDGE ? 1 : 8;
    int n = vos_task_enumerate(c == C_ARG_LOW || c == C_NULL_ARG ? NULL : out, cap);
    for (int i = 0; i < n && (size_t)i < cap; i++) {
        int st = vos_task_state(out[i]);
        if (st != VOS_TASK_READY && st != VOS_TASK_BLOCKED && st != VOS_TASK_SUSPENDED)
            return MM_NULL;
        if (out[i] == W.exited && vos_running())
            return MM_NULL;
    }
    return n;
}

/* The result is VOS_OK only if no sleep_until of the world missed. */
static int p_task_overruns(int c)
{
    uint32_t n = 7;
    vos_task_t *t = c == C_NULL || c == C_BEFORE ? NULL : Tk(c);
    int err = vos_task_overruns(t, c == C_NULL_ARG ? NULL : &n);
    if (err != VOS_OK)
        return err;
    return n == 0 ? VOS_OK : MM_NULL;
}
/* The result is VOS_OK only if the figure is within the stack. */
static int p_task_stack_high_water(int c)
{
    size_t hw = 0;
    vos_task_t *t = c == C_NULL || c == C_BEFORE ? NULL : Tk(c);
    int err = vos_task_stack_high_water(t, c == C_NULL_ARG ? NULL : &hw);
    if (err != VOS_OK)
        return err;
    const vos_task_t *s = t != NULL ? t : vos_self();
    return hw > 0 && hw <= s->stack_size ? VOS_OK : MM_NULL;
}

/* sched.h */
static int p_in_isr(int c)         { (void)c; return vos_in_isr(); }

/* valid: one lock, its depth, its unlock; arg-high: the 256th nested lock
 * (255 allowed), then every level undone. */
static int p_sched_lock(int c)
{
    if (c == C_ARG_HIGH) {
        int n = 0, err;
        while ((err = vos_sched_lock()) == VOS_OK && n < 1000)
            n++;
        int depth = vos_sched_lock_depth();
        for (int i = 0; i < n; i++)
            vos_sched_unlock();
        return n == 255 && depth == 255 && vos_sched_lock_depth() == 0 ? err : MM_NULL;
    }
    int err = vos_sched_lock();
    if (err == VOS_OK) {
        int depth = vos_sched_lock_depth();
        if (vos_sched_unlock() != VOS_OK || depth != 1)
            return MM_NULL;
    }
    return err;
}

/* valid: the unlock of a lock just taken; state: not locked. */
static int p_sched_unlock(int c)
{
    if (c == C_VALID && vos_sched_lock() != VOS_OK)
        return MM_NULL;
    return vos_sched_unlock();
}
static int p_sched_lock_depth(int c) { (void)c; return vos_sched_lock_depth(); }

/* valid: the earliest armed timer is ta (MM_NULL if the time is another);
 * state: nothing pending (the world has no armed timer for this probe). */
static int p_next_event(int c)
{
    vos_time_t at = 0;
    int err = vos_next_event(c == C_NULL_ARG ? NULL : &at);
    if (err == VOS_OK && at != W.l.ta.due)
        return MM_NULL;
    return err;
}

/* valid: a skip of 0 cycles (a longer one would make the world's armed
 * timers due within the probe). */
static int p_time_skip(int c) { (void)c; return vos_time_skip(vos_cycles(0)); }

/* timer.h. A timer of a class: tm (stopped) when the call needs a stopped
 * one, ta (armed) otherwise; foreign: a semaphore. */
static vos_timer_t *TM(int c)
{
    return pick(c, c == C_STATE ? &W.l.tm : &W.l.ta, &W.l.s, &W.tmdead);
}

/* The init probes work on tmscratch (deleted, so free to initialise);
 * state: the armed ta, which may not be initialised again. */
static int p_timer_init(int c)
{
    vos_timer_t *tm = c == C_NULL ? NULL : c == C_STATE ? &W.l.ta : &W.tmscratch;
    vos_timer_fn_t fn = c == C_NULL_ARG ? NULL : tm_callback;
    unsigned flags = c == C_ARG_HIGH ? VOS_TIMER_ISR << 1 : c == C_ARG_EDGE ? VOS_TIMER_ISR : 0;
    return vos_timer_init(tm, "probe", fn, NULL, flags);
}

/* The start probes (re)start tm (state: ta, armed); arg-high: a first expiry of VOS_DUR_MAX
 * (for ever); arg-edge: the longest finite one; no-wait: at the next
 * alarm; period: a period of VOS_FOREVER. */
static int p_timer_start(int c)
{
    vos_dur_t first = c == C_ARG_HIGH ? VOS_DUR_MAX
                    : c == C_ARG_EDGE ? vos_cycles(vos_dur_cycles(VOS_DUR_MAX) - 1u)
                    : c == C_NO_WAIT ? VOS_NO_WAIT : vos_ms(500);
    vos_dur_t period = c == C_PERIOD ? VOS_FOREVER : vos_ms(100);
    return vos_timer_start(pick(c, c == C_STATE ? &W.l.ta : &W.l.tm, &W.l.s, &W.tmdead), first,
                           period);
}

/* arg-low: a time already past; arg-high: VOS_TIME_NEVER as the time. */
static int p_timer_start_at(int c)
{
    vos_time_t first = c == C_ARG_HIGH ? VOS_TIME_NEVER
                     : c == C_ARG_LOW ? 0 : vos_now() + vos_dur_cycles(vos_ms(500));
    vos_dur_t period = c == C_PERIOD ? VOS_FOREVER : VOS_NO_WAIT;
    return vos_timer_start_at(pick(c, &W.l.tm, &W.l.s, &W.tmdead), first, period);
}

/* valid: tmx (armed, not one of the live objects); state: tm (stopped). */
static int p_timer_stop(int c)
{
    return vos_timer_stop(c == C_VALID || c == C_IN_ISR || c == C_BEFORE ? &W.tmx : TM(c));
}
static int p_timer_active(int c)   { return vos_timer_active(TM(c)); }

/* The result is VOS_OK only if the time left is within ta's second. */
static int p_timer_remaining(int c)
{
    vos_dur_t left = VOS_NO_WAIT;
    int err = vos_timer_remaining(TM(c), c == C_NULL_ARG ? NULL : &left);
    if (err == VOS_OK && (vos_dur_cycles(left) == 0 || vos_dur_cycles(left) >
                          vos_dur_cycles(vos_ms(1000))))
        return MM_NULL;
    return err;
}
static int p_timer_overruns(int c)
{
    uint32_t n = 0xFFFFu;
    int err = vos_timer_overruns(TM(c), c == C_NULL_ARG ? NULL : &n);
    return err == VOS_OK && n != 0 ? MM_NULL : err;
}

/* valid: tmx (armed). */
static int p_timer_delete(int c)
{
    return vos_timer_delete(c == C_VALID || c == C_IN_ISR || c == C_BEFORE ? &W.tmx : TM(c));
}

/* Below the main task, so it never runs in the probe's scenario. state:
 * a second start; null-arg: no stack; arg-low: priority 0; arg-high: a
 * priority above the range; misaligned: a stack below VOS_CFG_STACK_MIN. */
static void service_end(void)
{
    vos_task_t *t;
    if (vos_timer_service_task(&t) == VOS_OK)
        vos_task_terminate(t);
}

static int p_timer_service_start(int c)
{
    if (c != C_STATE)
        service_end();      /* the world's, so that this start is the first */
    unsigned prio = c == C_ARG_LOW ? 0 : c == C_ARG_HIGH ? VOS_PRIO_MAX + 1u : 3u;
    size_t size = c == C_MISALIGNED ? VOS_CFG_STACK_MIN - 1u : W.scratch_size;
    void *stack = c == C_NULL_ARG ? NULL : W.scratch_stack;
    return vos_timer_service_start(prio, stack, size);  /* state: the world's runs */
}

/* valid: after a start, the task is the service task; state: none runs. */
static int p_timer_service_task(int c)
{
    vos_task_t *t = NULL;
    if (!vos_in_isr())
        service_end();      /* from an interrupt: the world's, found as it is */
    if (c == C_VALID && !vos_in_isr() && vos_timer_service_start(3, W.scratch_stack, W.scratch_size) != VOS_OK)
        return MM_NULL;
    int err = vos_timer_service_task(c == C_NULL_ARG ? NULL : &t);
    if (err == VOS_OK && (vos_task_base_priority(t) != 3 || strcmp(t->name, "tmr") != 0))
        return MM_NULL;
    return err;
}

/* time.h */
static int p_now(int c)
{
    (void)c;
    vos_time_t a = vos_now(), b = vos_now();
    return b >= a ? VOS_OK : MM_NULL;
}
static int p_sleep(int c)          { return vos_sleep(c == C_ARG_LOW ? VOS_NO_WAIT : TO(c)); }
static int p_sleep_until(int c)
{
    /* arg-low: time 0, past once the clock has moved (a missed deadline) */
    if (c == C_ARG_LOW && vos_now() == 0 && !vos_in_isr() && vos_running())
        host_advance(1);
    return vos_sleep_until(c == C_ARG_LOW ? 0 : vos_now() + vos_dur_cycles(TO(c)));
}

/* error.h */
static int p_strerror(int c)
{
    const char *s = vos_strerror(c == C_ARG_LOW ? -1000 : c == C_ARG_HIGH ? 1000 : VOS_ERR_ARG);
    return s != NULL && strcmp(s, "unknown error") == 0 ? MM_NULL : MM_PTR;
}

/* trace.h (VOS_CFG_TRACE = 0 in this build: the calls compile to nothing
 * and the buffer calls report VOS_ERR_STATE) */
static int p_trace_calls(int c)
{
    (void)c;
    vos_trace_start();
    vos_trace_marker(1, 2);
    vos_trace_task_name(NULL, NULL);
    vos_trace_stop();
    vos_trace_clear();
    return VOS_OK;
}
static int p_trace_buffer(int c)
{
    const void *p;
    size_t n;
    return vos_trace_buffer(c == C_NULL_ARG ? NULL : &p, c == C_NULL_ARG ? NULL : &n);
}
static int p_trace_emit(int c)     { (void)c; return vos_trace_emit(NULL); }

/* fault.h. Valid: a record of the calling task (no frame) saved, then
 * read; state: the store cleared first (no record). */
static int p_fault_record_save(int c)
{
    vos_fault_record_t r = { .kind = VOS_FAULT_HARD };
    if (c == C_ARG_LOW)
        r.kind = 0;
    else if (c == C_ARG_HIGH)
        r.kind = VOS_FAULT_KIND_MAX + 1u;
    else if (c == C_ARG_EDGE)
        r.kind = VOS_FAULT_MEMORY;     /* the lowest kind */
    const vos_task_t *t = pick(c, vos_self(), &W.l.s, NULL);
    return vos_fault_record_save(c == C_NULL_ARG ? NULL : &r, c == C_NULL ? NULL : t);
}
static int fault_record_prepare(int c)
{
    vos_fault_record_t r = { .kind = VOS_FAULT_USAGE, .addr = 0x1234u };
    if (c == C_STATE) {
        (void)vos_fault_record_take(&r);   /* whatever an earlier probe left */
        return VOS_OK;
    }
    return vos_fault_record_save(&r, NULL);
}
static int p_fault_record_get(int c)
{
    vos_fault_record_t out;
    int err = fault_record_prepare(c);
    if (err == VOS_OK)
        err = vos_fault_record_get(c == C_NULL_ARG ? NULL : &out);
    return err == VOS_OK && out.addr != 0x1234u ? MM_NULL : err;
}
static int p_fault_record_take(int c)
{
    vos_fault_record_t out;
    int err = fault_record_prepare(c);
    if (err == VOS_OK)
        err = vos_fault_record_take(c == C_NULL_ARG ? NULL : &out);
    if (err == VOS_OK && (out.addr != 0x1234u || vos_fault_record_get(&out) != VOS_ERR_NO_RECORD))
        return MM_NULL;
    return err;
}

#if VOS_CFG_RUNTIME_STATS
/* stats.h. A reading is VOS_OK only if it is the kernel's, of the source
 * asked for. null: "the caller" (none before the start, none in a
 * handler); exited: the ended task keeps its figures. */
static int p_stats_task(int c)
{
    vos_stats_t s = { 0 };
    const vos_task_t *t = c == C_NULL || c == C_BEFORE ? NULL : Tk(c);
    int err = vos_stats_task(t, c == C_NULL_ARG ? NULL : &s);
    if (err != VOS_OK)
        return err;
    return s.tag == VOS_TAG_STATS && s.task == (t != NULL ? t : vos_self()) ? VOS_OK : MM_NULL;
}
/* arg-low: -1; arg-high: VOS_STATS_IRQS, one past the last source */
static int p_stats_irq(int c)
{
    vos_stats_t s = { 0 };
    int irq = c == C_ARG_LOW ? -1 : c == C_ARG_HIGH ? VOS_STATS_IRQS : VOS_STATS_IRQ_ALARM;
    int err = vos_stats_irq(irq, c == C_NULL_ARG ? NULL : &s);
    if (err != VOS_OK)
        return err;
    return s.tag == VOS_TAG_STATS && s.task == NULL && s.irq == irq ? VOS_OK : MM_NULL;
}
/* arg-edge: room for one entry only (there are more); valid: room for
 * all, the count equal to the interrupt sources and the live tasks. */
static int p_stats_snapshot(int c)
{
    static vos_stats_t out[40];
    size_t n = 0;
    size_t cap = c == C_ARG_EDGE ? 1u : 40u;
    int err = vos_stats_snapshot(c == C_NULL_ARG ? NULL : out, cap, &n);
    if (err == VOS_ERR_TOO_BIG)
        return n > 1u && out[0].tag == VOS_TAG_STATS ? err : MM_NULL;
    if (err != VOS_OK)
        return err;
    size_t live = 0;
    for (const vos_task_t *t = vos__all_tasks; t != NULL; t = t->all_next)
        live++;
    return n == live + VOS_STATS_IRQS ? VOS_OK : MM_NULL;
}
/* Two readings of the running task: zeroed, a record the kernel never
 * filled; state, in reverse order; foreign, of two sources; null-arg,
 * no result pointer. */
static int p_stats_share(int c)
{
    vos_stats_t a, b, z = { 0 };
    uint32_t ppm = 0;
    if (vos_stats_task(NULL, &a) != VOS_OK)
        return MM_NULL;
    host_advance(100);
    if (vos_stats_task(c == C_FOREIGN ? W.peer : NULL, &b) != VOS_OK)
        return MM_NULL;
    const vos_stats_t *x = c == C_ZERO ? &z : c == C_STATE ? &b : &a;
    const vos_stats_t *y = c == C_STATE ? &a : &b;
    int err = vos_stats_share(x, y, c == C_NULL_ARG ? NULL : &ppm);
    if (err != VOS_OK)
        return err;
    return ppm == 1000000u ? VOS_OK : MM_NULL;   /* it alone ran */
}
/* The same classes for the console table of two snapshots; arg-low: an
 * empty second snapshot. */
static void mm_put(char ch, void *ctx)
{
    (*(size_t *)ctx)++;
    (void)ch;
}
static int p_stats_top(int c)
{
    static vos_stats_t a[40], b[40], z[1];
    size_t na, nb, chars = 0;
    if (vos_stats_snapshot(a, 40, &na) != VOS_OK)
        return MM_NULL;
    host_advance(100);
    if (vos_stats_snapshot(b, 40, &nb) != VOS_OK)
        return MM_NULL;
    memset(z, 0, sizeof z);
    const vos_stats_t *x = c == C_ZERO ? z : c == C_STATE ? b : a;
    const vos_stats_t *y = c == C_STATE ? a : b;
    int err = vos_stats_top(x, c == C_ZERO ? 1u : na, y, c == C_ARG_LOW ? 0u : nb,
                            c == C_NULL_ARG ? NULL : mm_put, &chars);
    if (err != VOS_OK)
        return err;
    return chars > 0u ? VOS_OK : MM_NULL;
}
#endif

/* --- The table ---------------------------------------------------------------------- */

struct mm_row {
    const char *call;
    int (*fn)(int cls);
    unsigned char cls;
    unsigned char ctx;
    bool always;        /* documented to hold with VOS_CFG_CHECKS = 0 too */
    int expect;
};

/* One row: call, class, context, expected result, always-on (A) or a
 * parameter check (P). */

/* workq.h. A queue of a class: the world's (one item queued); an item:
 * wi (idle) or wqd (queued on it). */
static vos_workq_t *WQ(int c)
{
    return pick(c, &W.wq, &W.l.s, NULL);
}
static vos_work_t *WI(int c)
{
    return pick(c, c == C_STATE ? &W.l.wqd : &W.l.wi, &W.l.s, NULL);
}
static int p_work_init(int c)
{
    vos_work_t *w = c == C_NULL ? NULL : c == C_STATE ? &W.l.wqd : &W.wscratch;
    return vos_work_init(w, c == C_NULL_ARG ? NULL : work_nop, NULL);
}
static int p_workq_init(int c)
{
    vos_workq_t *q = c == C_NULL ? NULL : c == C_STATE ? &W.wq : &W.wqscratch;
    void *stack = c == C_NULL_ARG ? NULL : W.scratch_stack;
    size_t size = c == C_ARG_LOW ? 16u : W.scratch_size;
    unsigned prio = c == C_ARG_HIGH ? VOS_PRIO_MAX + 1u : 2u;
    int err = vos_workq_init(q, "probe", prio, stack, size);
    if (err == VOS_OK)
        t_watch_task(&W.wqscratch.task);
    return err;
}
static int p_workq_submit(int c)
{
    return vos_workq_submit(WQ(c), c == C_NULL_ARG ? NULL : WI(c));
}
static int p_workq_submit_after(int c)
{
    vos_dur_t d = c == C_ARG_HIGH ? VOS_FOREVER : c == C_ARG_EDGE ? vos_cycles(UINT64_MAX / 2u - 1u)
                                                                  : vos_ms(500);
    return vos_workq_submit_after(WQ(c), c == C_NULL_ARG ? NULL : WI(c), d);
}
static int p_workq_cancel(int c)
{
    /* valid: the queued item; state: the idle one */
    return vos_workq_cancel(pick(c, c == C_STATE ? &W.l.wi : &W.l.wqd, &W.l.s, NULL));
}
static int p_workq_flush(int c)
{
    return vos_workq_flush(WQ(c), TO(c));
}
static int p_work_pending(int c)
{
    return vos_work_pending(pick(c, c == C_STATE ? &W.l.wi : &W.l.wqd, &W.l.s, NULL));
}
static int p_workq_task(int c)
{
    vos_task_t *t = NULL;
    int err = vos_workq_task(WQ(c), c == C_NULL_ARG ? NULL : &t);
    if (err == VOS_OK && t != &W.wq.task)
        return MM_NULL;
    return err;
}

#define R(call, cls, ctx, expect, kind) \
    { "vos_" #call, p_##call, C_##cls, ctx, kind, expect }
#define A true
#define P false
#define OK VOS_OK
#define INVALID VOS_ERR_INVALID
#define CONTEXT VOS_ERR_CONTEXT
#define ARG VOS_ERR_ARG
#define STATE VOS_ERR_STATE
#define WOULD_BLOCK VOS_ERR_WOULD_BLOCK
#define TOO_BIG VOS_ERR_TOO_BIG
#define OVERFLOW VOS_ERR_OVERFLOW
#define NOT_OWNER VOS_ERR_NOT_OWNER

#if VOS_CFG_TRACE
#define TRACE_NOBUF VOS_ERR_ARG
#else
#define TRACE_NOBUF VOS_ERR_STATE
#endif

static const struct mm_row rows[] = {
    /* sem.h */
    R(sem_init, NULL, T, INVALID, P),
    R(sem_init, ARG_LOW, T, ARG, P),
    R(sem_init, ARG_HIGH, T, ARG, P),
    R(sem_init, ARG_EDGE, T, OK, A),
    R(sem_init, STATE, T, ARG, P),
    R(sem_init, IN_ISR, I, CONTEXT, P),
    R(sem_init, BEFORE, B, OK, A),
    R(sem_give, NULL, T, INVALID, P),
    R(sem_give, ZERO, T, INVALID, P),
    R(sem_give, FOREIGN, T, INVALID, P),
    R(sem_give, DELETED, T, INVALID, P),
    R(sem_give, IN_ISR, I, CONTEXT, P),
    R(sem_give, BEFORE, B, OK, A),
    R(sem_give, STATE, T, OVERFLOW, A),
    R(sem_give_isr, NULL, I, INVALID, P),
    R(sem_give_isr, ZERO, I, INVALID, P),
    R(sem_give_isr, FOREIGN, I, INVALID, P),
    R(sem_give_isr, DELETED, I, INVALID, P),
    R(sem_give_isr, FROM_TASK, T, CONTEXT, P),
    R(sem_give_isr, STATE, I, OVERFLOW, A),
    R(sem_take, NULL, T, INVALID, P),
    R(sem_take, ZERO, T, INVALID, P),
    R(sem_take, FOREIGN, T, INVALID, P),
    R(sem_take, DELETED, T, INVALID, P),
    R(sem_take, IN_ISR, I, CONTEXT, A),
    R(sem_take, BEFORE, B, CONTEXT, A),
    R(sem_take, NO_WAIT, T, WOULD_BLOCK, A),
    R(sem_take, HUGE_WAIT, T, OK, A),
    R(sem_take_isr, NULL, I, INVALID, P),
    R(sem_take_isr, ZERO, I, INVALID, P),
    R(sem_take_isr, FOREIGN, I, INVALID, P),
    R(sem_take_isr, DELETED, I, INVALID, P),
    R(sem_take_isr, FROM_TASK, T, CONTEXT, P),
    R(sem_take_isr, NO_WAIT, I, WOULD_BLOCK, A),
    R(sem_count, NULL, T, INVALID, P),
    R(sem_count, ZERO, T, INVALID, P),
    R(sem_count, FOREIGN, T, INVALID, P),
    R(sem_count, DELETED, T, INVALID, P),
    R(sem_count, VALID, I, 1, A),
    R(sem_delete, NULL, T, INVALID, P),
    R(sem_delete, ZERO, T, INVALID, P),
    R(sem_delete, FOREIGN, T, INVALID, P),
    R(sem_delete, DELETED, T, INVALID, P),
    R(sem_delete, IN_ISR, I, CONTEXT, P),
    R(sem_delete, BEFORE, B, OK, A),
    /* mutex.h */
    R(mutex_init, NULL, T, INVALID, P),
    R(mutex_init, IN_ISR, I, CONTEXT, A),
    R(mutex_init, BEFORE, B, OK, A),
    R(mutex_init_ceiling, NULL, T, INVALID, P),
    R(mutex_init_ceiling, ARG_LOW, T, ARG, P),
    R(mutex_init_ceiling, ARG_HIGH, T, ARG, P),
    R(mutex_init_ceiling, ARG_EDGE, T, OK, A),
    R(mutex_init_ceiling, IN_ISR, I, CONTEXT, A),
    R(mutex_lock, NULL, T, INVALID, P),
    R(mutex_lock, ZERO, T, INVALID, P),
    R(mutex_lock, FOREIGN, T, INVALID, P),
    R(mutex_lock, DELETED, T, INVALID, P),
    R(mutex_lock, IN_ISR, I, CONTEXT, A),
    R(mutex_lock, BEFORE, B, CONTEXT, A),
    R(mutex_lock, NO_WAIT, T, WOULD_BLOCK, A),
    R(mutex_lock, HUGE_WAIT, T, OK, A),
    R(mutex_lock, ARG_HIGH, T, ARG, A),        /* a ceiling below the caller */
    R(mutex_unlock, NULL, T, INVALID, P),
    R(mutex_unlock, ZERO, T, INVALID, P),
    R(mutex_unlock, FOREIGN, T, INVALID, P),
    R(mutex_unlock, DELETED, T, INVALID, P),
    R(mutex_unlock, IN_ISR, I, CONTEXT, A),
    R(mutex_unlock, BEFORE, B, CONTEXT, A),
    R(mutex_unlock, NOT_OWNER, T, NOT_OWNER, A),
    R(mutex_unlock, STATE, T, NOT_OWNER, A),   /* a free mutex */
    R(mutex_delete, NULL, T, INVALID, P),
    R(mutex_delete, ZERO, T, INVALID, P),
    R(mutex_delete, FOREIGN, T, INVALID, P),
    R(mutex_delete, DELETED, T, INVALID, P),
    R(mutex_delete, IN_ISR, I, CONTEXT, A),
    R(mutex_delete, BEFORE, B, OK, A),
    R(mutex_owner, NULL, T, INVALID, A),
    R(mutex_owner, ZERO, T, INVALID, A),
    R(mutex_owner, FOREIGN, T, INVALID, A),
    R(mutex_owner, DELETED, T, INVALID, A),
    R(mutex_owner, NULL_ARG, T, ARG, A),
    R(mutex_owner, NOT_OWNER, I, OK, A),       /* the peer owns it */
    /* queue.h */
    R(queue_init, NULL, T, INVALID, P),
    R(queue_init, NULL_ARG, T, ARG, P),
    R(queue_init, ARG_LOW, T, ARG, P),
    R(queue_init, ARG_HIGH, T, ARG, P),
    R(queue_init, ARG_EDGE, T, OK, A),
    R(queue_init, IN_ISR, I, CONTEXT, P),
    R(queue_init, BEFORE, B, OK, A),
    R(queue_send, NULL, T, INVALID, P),
    R(queue_send, ZERO, T, INVALID, P),
    R(queue_send, FOREIGN, T, INVALID, P),
    R(queue_send, DELETED, T, INVALID, P),
    R(queue_send, NULL_ARG, T, ARG, P),
    R(queue_send, IN_ISR, I, CONTEXT, A),
    R(queue_send, BEFORE, B, CONTEXT, A),
    R(queue_send, NO_WAIT, T, WOULD_BLOCK, A),
    R(queue_send, HUGE_WAIT, T, OK, A),
    R(queue_send_front, VALID, T, OK, A),      /* to the front of a ring at its start */
    R(queue_send_front, NULL, T, INVALID, P),
    R(queue_send_front, DELETED, T, INVALID, P),
    R(queue_send_front, NULL_ARG, T, ARG, P),
    R(queue_send_front, IN_ISR, I, CONTEXT, A),
    R(queue_send_front, BEFORE, B, CONTEXT, A),
    R(queue_send_front, NO_WAIT, T, WOULD_BLOCK, A),
    R(queue_recv, NULL, T, INVALID, P),
    R(queue_recv, ZERO, T, INVALID, P),
    R(queue_recv, FOREIGN, T, INVALID, P),
    R(queue_recv, DELETED, T, INVALID, P),
    R(queue_recv, NULL_ARG, T, ARG, P),
    R(queue_recv, IN_ISR, I, CONTEXT, A),
    R(queue_recv, BEFORE, B, CONTEXT, A),
    R(queue_recv, NO_WAIT, T, WOULD_BLOCK, A),
    R(queue_recv, HUGE_WAIT, T, OK, A),
    R(queue_send_isr, NULL, I, INVALID, P),
    R(queue_send_isr, ZERO, I, INVALID, P),
    R(queue_send_isr, FOREIGN, I, INVALID, P),
    R(queue_send_isr, DELETED, I, INVALID, P),
    R(queue_send_isr, NULL_ARG, I, ARG, P),
    R(queue_send_isr, FROM_TASK, T, CONTEXT, P),
    R(queue_send_isr, NO_WAIT, I, WOULD_BLOCK, A),
    R(queue_send_front_isr, NULL, I, INVALID, P),
    R(queue_send_front_isr, DELETED, I, INVALID, P),
    R(queue_send_front_isr, FROM_TASK, T, CONTEXT, P),
    R(queue_send_front_isr, NO_WAIT, I, WOULD_BLOCK, A),
    R(queue_recv_isr, NULL, I, INVALID, P),
    R(queue_recv_isr, ZERO, I, INVALID, P),
    R(queue_recv_isr, FOREIGN, I, INVALID, P),
    R(queue_recv_isr, DELETED, I, INVALID, P),
    R(queue_recv_isr, NULL_ARG, I, ARG, P),
    R(queue_recv_isr, FROM_TASK, T, CONTEXT, P),
    R(queue_recv_isr, NO_WAIT, I, WOULD_BLOCK, A),
    R(queue_count, NULL, T, INVALID, P),
    R(queue_count, ZERO, T, INVALID, P),
    R(queue_count, FOREIGN, T, INVALID, P),
    R(queue_count, DELETED, T, INVALID, P),
    R(queue_count, VALID, I, 1, A),
    R(queue_delete, NULL, T, INVALID, P),
    R(queue_delete, ZERO, T, INVALID, P),
    R(queue_delete, FOREIGN, T, INVALID, P),
    R(queue_delete, DELETED, T, INVALID, P),
    R(queue_delete, IN_ISR, I, CONTEXT, P),
    R(queue_delete, BEFORE, B, OK, A),
    /* event.h */
    R(event_init, NULL, T, INVALID, P),
    R(event_init, IN_ISR, I, CONTEXT, P),
    R(event_init, BEFORE, B, OK, A),
    R(event_set, NULL, T, INVALID, P),
    R(event_set, ZERO, T, INVALID, P),
    R(event_set, FOREIGN, T, INVALID, P),
    R(event_set, DELETED, T, INVALID, P),
    R(event_set, IN_ISR, I, CONTEXT, P),
    R(event_set, BEFORE, B, OK, A),
    R(event_set_isr, NULL, I, INVALID, P),
    R(event_set_isr, ZERO, I, INVALID, P),
    R(event_set_isr, FOREIGN, I, INVALID, P),
    R(event_set_isr, DELETED, I, INVALID, P),
    R(event_set_isr, FROM_TASK, T, CONTEXT, P),
    R(event_clear, NULL, T, INVALID, P),
    R(event_clear, ZERO, T, INVALID, P),
    R(event_clear, FOREIGN, T, INVALID, P),
    R(event_clear, DELETED, T, INVALID, P),
    R(event_clear, VALID, I, OK, A),
    R(event_get, NULL, T, INVALID, P),
    R(event_get, ZERO, T, INVALID, P),
    R(event_get, FOREIGN, T, INVALID, P),
    R(event_get, DELETED, T, INVALID, P),
    R(event_get, NULL_ARG, T, ARG, P),
    R(event_get, VALID, I, OK, A),
    R(event_wait, NULL, T, INVALID, P),
    R(event_wait, ZERO, T, INVALID, P),
    R(event_wait, FOREIGN, T, INVALID, P),
    R(event_wait, DELETED, T, INVALID, P),
    R(event_wait, ARG_LOW, T, ARG, P),
    R(event_wait, ARG_HIGH, T, ARG, P),
    R(event_wait, IN_ISR, I, CONTEXT, A),
    R(event_wait, BEFORE, B, CONTEXT, A),
    R(event_wait, NO_WAIT, T, WOULD_BLOCK, A),
    R(event_wait, HUGE_WAIT, T, OK, A),
    R(event_wait, VALID, B, OK, A),            /* met at the call: no wait needed */
    R(event_delete, NULL, T, INVALID, P),
    R(event_delete, ZERO, T, INVALID, P),
    R(event_delete, FOREIGN, T, INVALID, P),
    R(event_delete, DELETED, T, INVALID, P),
    R(event_delete, IN_ISR, I, CONTEXT, P),
    R(event_delete, BEFORE, B, OK, A),
    /* heap.h */
    R(heap_init, NULL, T, INVALID, P),
    R(heap_init, NULL_ARG, T, ARG, P),
    R(heap_init, ARG_LOW, T, ARG, A),
    R(heap_init, ARG_HIGH, T, ARG, A),
    R(heap_init, ARG_EDGE, T, OK, A),
    R(heap_init, BEFORE, B, OK, A),
    R(heap_alloc, NULL, T, INVALID, P),
    R(heap_alloc, ZERO, T, INVALID, P),
    R(heap_alloc, FOREIGN, T, INVALID, P),
    R(heap_alloc, NULL_ARG, T, ARG, P),
    R(heap_alloc, ARG_LOW, T, ARG, A),
    R(heap_alloc, ARG_HIGH, T, ARG, A),
    R(heap_alloc, VALID, I, OK, A),
    R(heap_alloc_aligned, NULL, T, INVALID, P),
    R(heap_alloc_aligned, ZERO, T, INVALID, P),
    R(heap_alloc_aligned, FOREIGN, T, INVALID, P),
    R(heap_alloc_aligned, NULL_ARG, T, ARG, P),
    R(heap_alloc_aligned, ARG_LOW, T, ARG, A),
    R(heap_alloc_aligned, ARG_HIGH, T, ARG, A),
    R(heap_alloc_aligned, ARG_EDGE, T, ARG, A),
    R(heap_alloc_aligned, VALID, I, OK, A),
    R(heap_free, NULL, T, INVALID, P),
    R(heap_free, ZERO, T, INVALID, P),
    R(heap_free, FOREIGN, T, INVALID, P),
    R(heap_free, NULL_ARG, T, OK, A),
    R(heap_free, DOUBLE_FREE, T, STATE, A),
    R(heap_free, MISALIGNED, T, INVALID, A),
    R(heap_free, MID_BLOCK, T, INVALID, A),
    R(heap_free, OUTSIDE, T, INVALID, A),
    R(heap_free, VALID, I, OK, A),
    R(heap_stats, NULL, T, INVALID, P),
    R(heap_stats, ZERO, T, INVALID, P),
    R(heap_stats, FOREIGN, T, INVALID, P),
    R(heap_stats, NULL_ARG, T, ARG, P),
    R(heap_check, NULL, T, INVALID, P),
    R(heap_check, ZERO, T, INVALID, P),
    R(heap_check, FOREIGN, T, INVALID, P),
    R(heap_check, VALID, B, OK, A),
    /* pool.h */
    R(pool_init, NULL, T, INVALID, P),
    R(pool_init, NULL_ARG, T, ARG, P),
    R(pool_init, MISALIGNED, T, ARG, P),
    R(pool_init, ARG_LOW, T, ARG, P),
    R(pool_init, ARG_HIGH, T, ARG, P),
    R(pool_init, STATE, T, ARG, P),            /* a block size off the alignment */
    R(pool_init, ARG_EDGE, T, OK, A),
    R(pool_alloc, NULL, T, INVALID, P),
    R(pool_alloc, ZERO, T, INVALID, P),
    R(pool_alloc, FOREIGN, T, INVALID, P),
    R(pool_alloc, NULL_ARG, T, ARG, P),
    R(pool_alloc, STATE, T, VOS_ERR_NO_MEMORY, A),   /* empty */
    R(pool_alloc, VALID, I, OK, A),
    R(pool_free, NULL, T, INVALID, P),
    R(pool_free, ZERO, T, INVALID, P),
    R(pool_free, FOREIGN, T, INVALID, P),
    R(pool_free, NULL_ARG, T, INVALID, A),
    R(pool_free, DOUBLE_FREE, T, STATE, A),
    R(pool_free, MISALIGNED, T, INVALID, A),
    R(pool_free, MID_BLOCK, T, INVALID, A),
    R(pool_free, OUTSIDE, T, INVALID, A),
    R(pool_free, VALID, I, OK, A),
    R(pool_available, NULL, T, INVALID, P),
    R(pool_available, ZERO, T, INVALID, P),
    R(pool_available, FOREIGN, T, INVALID, P),
    R(pool_available, VALID, I, 3, A),
    R(pool_min_available, NULL, T, INVALID, P),
    R(pool_min_available, ZERO, T, INVALID, P),
    R(pool_min_available, FOREIGN, T, INVALID, P),
    R(pool_min_available, VALID, I, 2, A),
    /* notify.h */
    R(notify_give, NULL, T, INVALID, P),
    R(notify_give, ZERO, T, INVALID, P),
    R(notify_give, FOREIGN, T, INVALID, P),
    R(notify_give, EXITED, T, STATE, P),
    R(notify_give, IN_ISR, I, CONTEXT, P),
    R(notify_give, BEFORE, B, OK, A),
    R(notify_give_isr, NULL, I, INVALID, P),
    R(notify_give_isr, ZERO, I, INVALID, P),
    R(notify_give_isr, FOREIGN, I, INVALID, P),
    R(notify_give_isr, EXITED, I, STATE, P),
    R(notify_give_isr, FROM_TASK, T, CONTEXT, P),
    R(notify_take, IN_ISR, I, CONTEXT, A),
    R(notify_take, BEFORE, B, CONTEXT, A),
    R(notify_take, NO_WAIT, T, WOULD_BLOCK, A),
    R(notify_take, HUGE_WAIT, T, OK, A),
    R(notify_set, NULL, T, INVALID, P),
    R(notify_set, ZERO, T, INVALID, P),
    R(notify_set, FOREIGN, T, INVALID, P),
    R(notify_set, EXITED, T, STATE, P),
    R(notify_set, ARG_LOW, T, ARG, P),
    R(notify_set, IN_ISR, I, CONTEXT, P),
    R(notify_set_isr, NULL, I, INVALID, P),
    R(notify_set_isr, EXITED, I, STATE, P),
    R(notify_set_isr, ARG_LOW, I, ARG, P),
    R(notify_set_isr, FROM_TASK, T, CONTEXT, P),
    R(notify_wait, ARG_LOW, T, ARG, P),
    R(notify_wait, IN_ISR, I, CONTEXT, A),
    R(notify_wait, BEFORE, B, CONTEXT, A),
    R(notify_wait, NO_WAIT, T, WOULD_BLOCK, A),
    R(notify_wait, HUGE_WAIT, T, OK, A),
    /* task.h */
    R(task_create, NULL, T, INVALID, P),
    R(task_create, NULL_ARG, T, ARG, P),
    R(task_create, ARG_LOW, T, ARG, P),
    R(task_create, ARG_HIGH, T, ARG, P),
    R(task_create, MISALIGNED, T, ARG, P),     /* a stack below VOS_CFG_STACK_MIN */
    R(task_create, STATE, T, INVALID, A),      /* a live task again */
    R(task_create, EXITED, T, OK, A),          /* an exited task's block is free again */
    R(task_create, IN_ISR, I, CONTEXT, P),
    R(task_create, BEFORE, B, OK, A),
    R(start, STATE, T, STATE, A),
    R(start, IN_ISR, I, STATE, A),
    R(start, IN_ISR, BI, CONTEXT, A),
    R(running, VALID, T, 1, A),
    R(running, BEFORE, B, 0, A),
    R(running, IN_ISR, I, 1, A),
    R(self, VALID, T, MM_PTR, A),
    R(self, BEFORE, B, MM_NULL, A),
    R(self, IN_ISR, I, MM_PTR, A),       /* the interrupted task (issue 14) */
    R(yield, IN_ISR, I, CONTEXT, A),
    R(yield, BEFORE, B, CONTEXT, A),
    R(yield, VALID, T, OK, A),
    R(task_suspend, ZERO, T, INVALID, P),
    R(task_suspend, FOREIGN, T, INVALID, P),
    R(task_suspend, EXITED, T, STATE, A),
    R(task_suspend, STATE, T, STATE, A),       /* already suspended */
    R(task_suspend, IN_ISR, I, CONTEXT, P),
    R(task_suspend, NULL_ARG, B, CONTEXT, A),  /* "the caller" before start */
    R(task_suspend, NULL_ARG, I, CONTEXT, A),  /* "the caller" in an interrupt */
    R(task_suspend, ARG_EDGE, I, CONTEXT, A),  /* the interrupted task, by name */
    R(task_resume, NULL, T, INVALID, P),
    R(task_resume, ZERO, T, INVALID, P),
    R(task_resume, FOREIGN, T, INVALID, P),
    R(task_resume, EXITED, T, STATE, A),
    R(task_resume, VALID, T, STATE, A),        /* blocked, not suspended */
    R(task_resume, IN_ISR, I, CONTEXT, P),
    R(task_resume_isr, NULL, I, INVALID, P),
    R(task_resume_isr, ZERO, I, INVALID, P),
    R(task_resume_isr, FOREIGN, I, INVALID, P),
    R(task_resume_isr, VALID, I, STATE, A),
    R(task_resume_isr, FROM_TASK, T, CONTEXT, P),
    R(task_set_priority, ZERO, T, INVALID, P),
    R(task_set_priority, FOREIGN, T, INVALID, P),
    R(task_set_priority, ARG_LOW, T, ARG, P),
    R(task_set_priority, ARG_HIGH, T, ARG, P),
    R(task_set_priority, IN_ISR, I, CONTEXT, P),
    R(task_priority, ZERO, T, INVALID, P),
    R(task_priority, FOREIGN, T, INVALID, P),
    R(task_priority, IN_ISR, I, 6, A),
    R(task_base_priority, ZERO, T, INVALID, P),
    R(task_base_priority, FOREIGN, T, INVALID, P),
    R(task_base_priority, IN_ISR, I, 6, A),
    R(task_state, NULL, T, INVALID, P),
    R(task_state, ZERO, T, INVALID, P),
    R(task_state, FOREIGN, T, INVALID, P),
    R(task_state, EXITED, T, VOS_TASK_EXITED, A),
    R(task_state, STATE, I, VOS_TASK_SUSPENDED, A),
    R(task_state, VALID, B, VOS_TASK_READY, A),
    R(task_set_slicing, VALID, T, OK, A),
    R(task_set_slicing, ZERO, T, INVALID, P),
    R(task_set_slicing, FOREIGN, T, INVALID, P),
    R(task_set_slicing, NULL, B, INVALID, P),  /* "the caller" before start */
    R(task_stack_unused, ZERO, T, INVALID, P),
    R(task_stack_unused, FOREIGN, T, INVALID, P),
    R(task_stack_unused, NULL, B, INVALID, P),
    R(task_stack_unused, NULL_ARG, T, ARG, P),
    R(task_stack_unused, VALID, I, OK, A),
    R(stack_overflow_task, VALID, I, MM_NULL, A),
    R(task_terminate, NULL, B, CONTEXT, A),    /* "the caller" before start */
    R(task_terminate, ZERO, T, INVALID, P),
    R(task_terminate, FOREIGN, T, INVALID, P),
    R(task_terminate, EXITED, T, STATE, A),
    R(task_terminate, ARG_LOW, T, ARG, P),     /* the idle task */
    R(task_terminate, IN_ISR, I, CONTEXT, P),
    R(task_terminate, VALID, T, OK, A),        /* a suspended task */
    R(task_terminate, VALID, B, OK, A),
    R(task_join, NULL, T, INVALID, P),
    R(task_join, ZERO, T, INVALID, P),
    R(task_join, FOREIGN, T, INVALID, P),
    R(task_join, EXITED, T, OK, A),
    R(task_join, EXITED, I, CONTEXT, P),       /* would not wait: only the check refuses */
    R(task_join, IN_ISR, I, CONTEXT, A),
    R(task_join, BEFORE, B, CONTEXT, A),
    R(task_join, NO_WAIT, T, WOULD_BLOCK, A),
    R(task_join, NO_WAIT, B, WOULD_BLOCK, A),
    R(task_join, STATE, T, VOS_ERR_DEADLOCK, A),   /* the caller itself */
    R(task_join, CYCLE, T, VOS_ERR_DEADLOCK, A),
    R(task_join, LOCKED, L, CONTEXT, A),
    R(task_abort_wait, NULL, T, INVALID, P),
    R(task_abort_wait, ZERO, T, INVALID, P),
    R(task_abort_wait, FOREIGN, T, INVALID, P),
    R(task_abort_wait, EXITED, T, STATE, A),
    R(task_abort_wait, STATE, T, STATE, A),    /* suspended, not waiting */
    R(task_abort_wait, ARG_EDGE, T, STATE, A), /* the caller, running */
    R(task_abort_wait, BEFORE, B, STATE, A),   /* the peer has not run yet */
    R(task_abort_wait, VALID, T, OK, A),
    R(task_abort_wait, VALID, I, OK, A),
    R(task_enumerate, NULL_ARG, T, ARG, P),
    R(task_enumerate, IN_ISR, I, CONTEXT, P),
    R(task_enumerate, ARG_LOW, T, 5, A),       /* peer, suspended, main, idle, timers */
    R(task_enumerate, ARG_LOW, B, 4, A),       /* peer, exited (not yet), suspended, timers */
    R(task_enumerate, ARG_EDGE, T, 5, A),
    R(task_enumerate, VALID, T, 5, A),
    R(task_enumerate, VALID, L, 5, A),
    R(task_overruns, NULL, T, OK, A),          /* the caller */
    R(task_overruns, BEFORE, B, INVALID, P),   /* "the caller" before start */
    R(task_overruns, ZERO, T, INVALID, P),
    R(task_overruns, FOREIGN, T, INVALID, P),
    R(task_overruns, NULL_ARG, T, ARG, P),
    R(task_overruns, EXITED, T, OK, A),
    R(task_overruns, VALID, I, OK, A),
    R(task_stack_high_water, NULL, T, OK, A),  /* the caller */
    R(task_stack_high_water, BEFORE, B, INVALID, P),   /* "the caller" before start */
    R(task_stack_high_water, ZERO, T, INVALID, P),
    R(task_stack_high_water, FOREIGN, T, INVALID, P),
    R(task_stack_high_water, NULL_ARG, T, ARG, P),
    R(task_stack_high_water, EXITED, T, OK, A),
    R(task_stack_high_water, VALID, I, OK, A),
    /* sched.h */
    R(in_isr, VALID, T, 0, A),
    R(in_isr, IN_ISR, I, 1, A),
    R(in_isr, BEFORE, B, 0, A),
    R(in_isr, IN_ISR, BI, 1, A),
    R(sched_lock, VALID, T, OK, A),
    R(sched_lock, IN_ISR, I, CONTEXT, A),
    R(sched_lock, BEFORE, B, CONTEXT, A),
    R(sched_lock, ARG_HIGH, T, OVERFLOW, A),   /* the 256th level */
    R(sched_unlock, VALID, T, OK, A),
    R(sched_unlock, STATE, T, STATE, A),       /* not locked */
    R(sched_unlock, IN_ISR, I, CONTEXT, A),
    R(sched_unlock, BEFORE, B, CONTEXT, A),
    R(sched_lock_depth, VALID, T, 0, A),
    R(sched_lock_depth, VALID, L, 1, A),
    R(sched_lock_depth, IN_ISR, I, 0, A),
    R(sched_lock_depth, BEFORE, B, 0, A),
    R(next_event, VALID, T, OK, A),
    R(next_event, VALID, I, OK, A),
    R(next_event, VALID, B, OK, A),
    R(next_event, NULL_ARG, T, ARG, P),
    R(next_event, STATE, T, WOULD_BLOCK, A),   /* nothing pending */
    R(time_skip, VALID, T, OK, A),
    R(time_skip, VALID, L, OK, A),
    R(time_skip, VALID, B, OK, A),
    R(time_skip, IN_ISR, I, CONTEXT, A),
    /* Calls that must wait, with the scheduler locked; what need not wait works. */
    R(sem_take, LOCKED, L, CONTEXT, A),
    R(sem_take, VALID, L, OK, A),
    R(mutex_lock, LOCKED, L, CONTEXT, A),
    R(mutex_lock, NO_WAIT, L, WOULD_BLOCK, A),
    R(queue_send, LOCKED, L, CONTEXT, A),
    R(queue_recv, LOCKED, L, CONTEXT, A),
    R(event_wait, LOCKED, L, CONTEXT, A),
    R(notify_take, LOCKED, L, CONTEXT, A),
    R(notify_wait, LOCKED, L, CONTEXT, A),
    R(sleep, LOCKED, L, CONTEXT, A),
    R(sleep_until, LOCKED, L, CONTEXT, A),
    R(yield, VALID, L, OK, A),                 /* nothing happens */
    /* timer.h */
    R(timer_init, NULL, T, INVALID, P),
    R(timer_init, NULL_ARG, T, ARG, P),    /* no callback */
    R(timer_init, ARG_HIGH, T, ARG, P),        /* an unknown flag */
    R(timer_init, STATE, T, INVALID, A),       /* an armed timer */
    R(timer_init, VALID, T, OK, A),
    R(timer_init, ARG_EDGE, I, OK, A),         /* VOS_TIMER_ISR */
    R(timer_init, VALID, B, OK, A),
    R(timer_start, NULL, T, INVALID, P),
    R(timer_start, ZERO, T, INVALID, P),
    R(timer_start, FOREIGN, T, INVALID, P),
    R(timer_start, DELETED, T, INVALID, P),
    R(timer_start, ARG_HIGH, T, ARG, P),
    R(timer_start, PERIOD, T, ARG, P),
    R(timer_start, ARG_EDGE, T, OK, A),
    R(timer_start, NO_WAIT, T, OK, A),
    R(timer_start, STATE, T, OK, A),           /* a restart */
    R(timer_start, VALID, I, OK, A),
    R(timer_start, VALID, B, OK, A),
    R(timer_start_at, NULL, T, INVALID, P),
    R(timer_start_at, ZERO, T, INVALID, P),
    R(timer_start_at, FOREIGN, T, INVALID, P),
    R(timer_start_at, DELETED, T, INVALID, P),
    R(timer_start_at, ARG_HIGH, T, ARG, P),
    R(timer_start_at, PERIOD, T, ARG, P),
    R(timer_start_at, ARG_LOW, T, OK, A),      /* a time already past */
    R(timer_start_at, VALID, I, OK, A),
    R(timer_start_at, VALID, B, OK, A),
    R(timer_stop, NULL, T, INVALID, P),
    R(timer_stop, ZERO, T, INVALID, P),
    R(timer_stop, FOREIGN, T, INVALID, P),
    R(timer_stop, DELETED, T, INVALID, P),
    R(timer_stop, STATE, T, STATE, A),         /* not active */
    R(timer_stop, VALID, T, OK, A),
    R(timer_stop, IN_ISR, I, OK, A),
    R(timer_stop, BEFORE, B, OK, A),
    R(timer_active, NULL, T, INVALID, P),
    R(timer_active, ZERO, T, INVALID, P),
    R(timer_active, FOREIGN, T, INVALID, P),
    R(timer_active, DELETED, T, INVALID, P),
    R(timer_active, VALID, I, 1, A),
    R(timer_active, STATE, T, 0, A),
    R(timer_remaining, NULL, T, INVALID, P),
    R(timer_remaining, ZERO, T, INVALID, P),
    R(timer_remaining, FOREIGN, T, INVALID, P),
    R(timer_remaining, DELETED, T, INVALID, P),
    R(timer_remaining, NULL_ARG, T, ARG, P),
    R(timer_remaining, STATE, T, STATE, A),    /* not armed */
    R(timer_remaining, VALID, I, OK, A),
    R(timer_remaining, VALID, B, OK, A),
    R(timer_overruns, NULL, T, INVALID, P),
    R(timer_overruns, ZERO, T, INVALID, P),
    R(timer_overruns, FOREIGN, T, INVALID, P),
    R(timer_overruns, DELETED, T, INVALID, P),
    R(timer_overruns, NULL_ARG, T, ARG, P),
    R(timer_overruns, VALID, I, OK, A),
    R(timer_delete, NULL, T, INVALID, P),
    R(timer_delete, ZERO, T, INVALID, P),
    R(timer_delete, FOREIGN, T, INVALID, P),
    R(timer_delete, DELETED, T, INVALID, P),
    R(timer_delete, VALID, T, OK, A),          /* an armed timer */
    R(timer_delete, IN_ISR, I, OK, A),
    R(timer_delete, BEFORE, B, OK, A),
    R(timer_service_start, NULL_ARG, T, ARG, P),
    R(timer_service_start, ARG_LOW, T, ARG, P),
    R(timer_service_start, ARG_HIGH, T, ARG, P),
    R(timer_service_start, MISALIGNED, T, ARG, P),     /* a stack below VOS_CFG_STACK_MIN */
    R(timer_service_start, IN_ISR, I, CONTEXT, P),
    R(timer_service_start, STATE, T, STATE, A),        /* already running */
    R(timer_service_start, VALID, T, OK, A),
    R(timer_service_start, BEFORE, B, OK, A),
    R(timer_service_task, NULL_ARG, T, ARG, P),
    R(timer_service_task, STATE, T, STATE, A), /* none running */
    R(timer_service_task, VALID, I, OK, A),    /* the world's, from an interrupt */
    R(timer_service_task, VALID, T, OK, A),
    /* workq.h (a world with a work queue, worker below main, one item queued) */
    R(work_init, NULL, T, INVALID, P),
    R(work_init, NULL_ARG, T, ARG, P),     /* no function */
    R(work_init, STATE, T, INVALID, A),        /* a pending item */
    R(work_init, IN_ISR, I, CONTEXT, P),
    R(work_init, VALID, T, OK, A),
    R(work_init, VALID, B, OK, A),
    R(workq_init, NULL, T, INVALID, P),
    R(workq_init, NULL_ARG, T, ARG, P),    /* no stack */
    R(workq_init, ARG_HIGH, T, ARG, P),        /* priority */
    R(workq_init, ARG_LOW, T, ARG, P),         /* a stack below VOS_CFG_STACK_MIN */
    R(workq_init, STATE, T, INVALID, A),       /* its worker is alive */
    R(workq_init, IN_ISR, I, CONTEXT, P),
    R(workq_init, VALID, T, OK, A),
    R(workq_init, VALID, B, OK, A),
    R(workq_submit, NULL, T, INVALID, P),
    R(workq_submit, ZERO, T, INVALID, P),
    R(workq_submit, FOREIGN, T, INVALID, P),   /* a semaphore as queue and as item */
    R(workq_submit, NULL_ARG, T, INVALID, P),  /* no item: an object (error.h) */
    R(workq_submit, STATE, T, STATE, A),       /* submitted twice */
    R(workq_submit, STATE, I, STATE, A),
    R(workq_submit, VALID, T, OK, A),
    R(workq_submit, VALID, I, OK, A),
    R(workq_submit, VALID, B, OK, A),
    R(workq_submit_after, NULL, T, INVALID, P),
    R(workq_submit_after, ZERO, T, INVALID, P),
    R(workq_submit_after, FOREIGN, T, INVALID, P),
    R(workq_submit_after, NULL_ARG, T, INVALID, P),
    R(workq_submit_after, ARG_HIGH, T, ARG, A),    /* VOS_FOREVER */
    R(workq_submit_after, STATE, T, STATE, A),     /* queued already */
    R(workq_submit_after, ARG_EDGE, T, OK, A),     /* just below VOS_DUR_MAX */
    R(workq_submit_after, VALID, I, OK, A),
    R(workq_submit_after, VALID, B, OK, A),
    R(workq_cancel, NULL, T, INVALID, P),
    R(workq_cancel, ZERO, T, INVALID, P),
    R(workq_cancel, FOREIGN, T, INVALID, P),
    R(workq_cancel, IN_ISR, I, CONTEXT, P),
    R(workq_cancel, STATE, T, STATE, A),       /* neither pending nor running */
    R(workq_cancel, VALID, T, OK, A),
    R(workq_cancel, VALID, B, OK, A),
    R(workq_flush, NULL, T, INVALID, P),
    R(workq_flush, ZERO, T, INVALID, P),
    R(workq_flush, FOREIGN, T, INVALID, P),
    R(workq_flush, IN_ISR, I, CONTEXT, P),
    R(workq_flush, NO_WAIT, T, WOULD_BLOCK, A),    /* an item queued */
    R(workq_flush, LOCKED, L, CONTEXT, A),
    R(workq_flush, BEFORE, B, CONTEXT, A),
    R(work_pending, NULL, T, INVALID, P),
    R(work_pending, ZERO, T, INVALID, P),
    R(work_pending, FOREIGN, T, INVALID, P),
    R(work_pending, VALID, I, 1, A),
    R(work_pending, STATE, T, 0, A),
    R(workq_task, NULL, T, INVALID, P),
    R(workq_task, FOREIGN, T, INVALID, P),
    R(workq_task, NULL_ARG, T, ARG, P),
    R(workq_task, VALID, I, OK, A),
    /* channel.h */
    R(chan_init, NULL, T, INVALID, P),
    R(chan_init, IN_ISR, I, CONTEXT, P),
    R(chan_init, BEFORE, B, OK, A),
    R(chan_delete, NULL, T, INVALID, P),
    R(chan_delete, ZERO, T, INVALID, P),
    R(chan_delete, FOREIGN, T, INVALID, P),
    R(chan_delete, DELETED, T, INVALID, P),
    R(chan_delete, IN_ISR, I, CONTEXT, P),
    R(chan_delete, BEFORE, B, OK, A),
    R(msg_send, NULL, T, INVALID, P),
    R(msg_send, ZERO, T, INVALID, P),
    R(msg_send, FOREIGN, T, INVALID, P),
    R(msg_send, DELETED, T, INVALID, P),
    R(msg_send, NULL_ARG, T, ARG, P),          /* request NULL, length 4 */
    R(msg_send, ARG_HIGH, T, ARG, P),          /* length past INT32_MAX */
    R(msg_send, IN_ISR, I, CONTEXT, A),
    R(msg_send, BEFORE, B, CONTEXT, A),
    R(msg_send, NO_WAIT, T, WOULD_BLOCK, A),   /* no server waits */
    R(msg_receive, NULL, T, INVALID, P),
    R(msg_receive, ZERO, T, INVALID, P),
    R(msg_receive, FOREIGN, T, INVALID, P),
    R(msg_receive, DELETED, T, INVALID, P),
    R(msg_receive, NULL_ARG, T, ARG, P),       /* no handle */
    R(msg_receive, IN_ISR, I, CONTEXT, A),
    R(msg_receive, BEFORE, B, CONTEXT, A),
    R(msg_receive, NO_WAIT, T, WOULD_BLOCK, A),
    R(msg_receive, HUGE_WAIT, T, OK, A),       /* the kicker's signal */
    R(msg_reply, NULL, T, ARG, P),             /* no handle */
    R(msg_reply, ZERO, T, INVALID, P),
    R(msg_reply, FOREIGN, T, INVALID, P),
    R(msg_reply, EXITED, T, STATE, A),
    R(msg_reply, STATE, T, STATE, A),          /* a task that waits for no reply */
    R(msg_reply, VALID, T, STATE, A),          /* the peer, blocked on a semaphore */
    R(msg_reply, NULL_ARG, T, ARG, P),         /* data NULL, length 4 */
    R(msg_reply, ARG_HIGH, T, ARG, P),         /* a positive status */
    R(msg_reply, ARG_LOW, T, ARG, P),          /* a status among the kernel's codes */
    R(msg_reply, IN_ISR, I, CONTEXT, A),
    R(msg_reply, BEFORE, B, CONTEXT, A),
    R(msg_reply_isr, NULL, I, ARG, P),
    R(msg_reply_isr, ZERO, I, INVALID, P),
    R(msg_reply_isr, FOREIGN, I, INVALID, P),
    R(msg_reply_isr, EXITED, I, STATE, A),
    R(msg_reply_isr, VALID, I, STATE, A),
    R(msg_reply_isr, FROM_TASK, T, CONTEXT, A),
    R(msg_signal, NULL, T, INVALID, P),
    R(msg_signal, ZERO, T, INVALID, P),
    R(msg_signal, FOREIGN, T, INVALID, P),
    R(msg_signal, DELETED, T, INVALID, P),
    R(msg_signal, ARG_LOW, T, ARG, P),         /* no flags */
    R(msg_signal, IN_ISR, I, CONTEXT, P),
    R(msg_signal, VALID, T, OK, A),
    R(msg_signal, VALID, B, OK, A),
    R(msg_signal_isr, NULL, I, INVALID, P),
    R(msg_signal_isr, DELETED, I, INVALID, P),
    R(msg_signal_isr, ARG_LOW, I, ARG, P),
    R(msg_signal_isr, FROM_TASK, T, CONTEXT, P),
    R(msg_signal_isr, VALID, I, OK, A),
    /* time.h */
    R(now, IN_ISR, I, OK, A),
    R(now, BEFORE, B, OK, A),
    R(sleep, IN_ISR, I, CONTEXT, A),
    R(sleep, BEFORE, B, CONTEXT, A),
    R(sleep, ARG_LOW, T, OK, A),               /* 0: a yield */
    R(sleep_until, IN_ISR, I, CONTEXT, A),
    R(sleep_until, BEFORE, B, CONTEXT, A),
    R(sleep_until, ARG_LOW, T, VOS_ERR_LATE, A),   /* in the past: a missed deadline */
    R(sleep_until, ARG_LOW, L, VOS_ERR_LATE, A),   /* the same with the scheduler locked */
    /* error.h */
    /* fault.h: every context, fault handlers above the kernel's level too */
    R(fault_record_save, NULL_ARG, T, ARG, P),
    R(fault_record_save, FOREIGN, I, INVALID, P),
    R(fault_record_save, ARG_LOW, T, ARG, P),
    R(fault_record_save, ARG_HIGH, B, ARG, P),
    R(fault_record_save, ARG_EDGE, T, OK, A),
    R(fault_record_save, NULL, AK, OK, A),
    R(fault_record_save, VALID, T, OK, A),
    R(fault_record_get, NULL_ARG, I, ARG, P),
    R(fault_record_get, STATE, T, VOS_ERR_NO_RECORD, A),
    R(fault_record_get, VALID, AK, OK, A),
    R(fault_record_get, VALID, B, OK, A),
    R(fault_record_take, NULL_ARG, T, ARG, P),
    R(fault_record_take, STATE, AK, VOS_ERR_NO_RECORD, A),
    R(fault_record_take, VALID, I, OK, A),
    R(fault_record_take, VALID, L, OK, A),
    R(strerror, ARG_LOW, I, MM_NULL, A),
    R(strerror, ARG_HIGH, B, MM_NULL, A),
    R(strerror, VALID, T, MM_PTR, A),
    /* trace.h */
    R(trace_calls, IN_ISR, I, OK, A),
    R(trace_calls, BEFORE, B, OK, A),
    R(trace_buffer, NULL_ARG, T, TRACE_NOBUF, A),
    R(trace_emit, NULL_ARG, T, TRACE_NOBUF, A),
#if VOS_CFG_RUNTIME_STATS
    /* stats.h (test_misuse_stats: a kernel with VOS_CFG_RUNTIME_STATS) */
    R(stats_task, NULL, T, OK, A),             /* the caller */
    R(stats_task, NULL, I, CONTEXT, P),        /* "the caller" in a handler */
    R(stats_task, BEFORE, B, CONTEXT, P),      /* "the caller" before the start */
    R(stats_task, ZERO, T, INVALID, P),
    R(stats_task, FOREIGN, T, INVALID, P),
    R(stats_task, NULL_ARG, T, ARG, P),
    R(stats_task, EXITED, T, OK, A),
    R(stats_task, VALID, T, OK, A),
    R(stats_task, VALID, I, OK, A),
    R(stats_task, VALID, B, OK, A),
    R(stats_irq, ARG_LOW, T, ARG, P),
    R(stats_irq, ARG_HIGH, T, ARG, P),
    R(stats_irq, NULL_ARG, I, ARG, P),
    R(stats_irq, VALID, I, OK, A),
    R(stats_irq, VALID, B, OK, A),
    R(stats_snapshot, NULL_ARG, T, ARG, P),
    R(stats_snapshot, ARG_EDGE, T, TOO_BIG, A),
    R(stats_snapshot, VALID, T, OK, A),
    R(stats_snapshot, VALID, I, OK, A),
    R(stats_snapshot, VALID, B, OK, A),
    R(stats_share, NULL_ARG, T, ARG, P),
    R(stats_share, ZERO, T, INVALID, A),       /* a record the kernel never filled */
    R(stats_share, STATE, T, ARG, A),          /* reversed */
    R(stats_share, FOREIGN, T, ARG, A),        /* readings of two tasks */
    R(stats_share, VALID, T, OK, A),
    R(stats_top, NULL_ARG, T, ARG, A),         /* no put */
    R(stats_top, ARG_LOW, T, ARG, A),          /* an empty snapshot */
    R(stats_top, ZERO, T, INVALID, A),
    R(stats_top, STATE, T, ARG, A),            /* reversed */
    R(stats_top, VALID, T, OK, A),
#endif
};

/* --- Running a probe ----------------------------------------------------------------- */

static const struct mm_row *cur;
static int cur_result;
static bool changed;           /* a refused probe changed a live object */
static unsigned failures;

static void mm_fail(const struct mm_row *r, const char *what, long got, long want)
{
    failures++;
    printf("     probe %s(%s, %s): %s: got %ld, expected %ld\n", r->call,
           cls_name[r->cls], ctx_name[r->ctx], what, got, want);
}

static void probe_isr(void)
{
    cur_result = cur->fn(cur->cls);
}

/* Make the probe in its context (not B or BI inside a scenario), noting
 * whether a refused call changed the live objects. */
static void probe(const struct mm_row *r)
{
    W.snap = W.l;
    if (r->ctx == T || r->ctx == B) {
        cur_result = r->fn(r->cls);
    } else if (r->ctx == L) {
        int err = vos_sched_lock();
        cur_result = r->fn(r->cls);
        if (err != VOS_OK || (err = vos_sched_unlock()) != VOS_OK)
            mm_fail(r, "the scheduler lock around the probe", err, VOS_OK);
    } else if (r->ctx == AK) {
        host_irq_above(probe_isr);
    } else {
        host_irq(probe_isr);   /* before start: handler mode, no switch */
    }
    /* heap.h: a refused request on a valid heap counts as a failure, and
     * changes nothing else. */
    W.snap.h.failures = W.l.h.failures;
    /* A wait refused because the scheduler is locked may leave the
     * kernel's fast-path bookkeeping as the wait had prepared it (see
     * vos__block_prepare, kernel/wait.c): a contended mutex marked tracked
     * on its owner's list (owner, recursion depth as seen by its owner and
     * waiters unchanged), the fast-path bounds of a queue (its items and
     * waiters unchanged). Nothing a caller can observe. */
    if (r->cls == C_LOCKED) {
        W.snap.mo.owner_word |= W.l.mo.owner_word & VOS__OWNER_TRACKED;
        W.snap.mo.count = W.l.mo.count;
        W.snap.mo.next_held = W.l.mo.next_held;
        W.snap.qf.recv_min = W.l.qf.recv_min;
        W.snap.qe.send_max = W.l.qe.send_max;
    }
    changed = r->expect < 0 && memcmp(&W.snap, &W.l, sizeof W.l) != 0;
}

static bool all_zero(const uint8_t *p, size_t n)
{
    while (n--)
        if (*p++ != 0)
            return false;
    return true;
}

/* The live objects still work: normal use of each, and the checks. */
static void normal_use(const struct mm_row *r)
{
    struct live *l = &W.l;
    uint8_t item[QISZ] = { 9 };

    if (changed)
        mm_fail(r, "a refused call changed a live object", 1, 0);
    if (!all_zero(W.zero, sizeof W.zero))
        mm_fail(r, "the zeroed object was written", 1, 0);
    if (W.sdead.tag != VOS_TAG_DEAD || W.mdead.tag != VOS_TAG_DEAD ||
        W.qdead.tag != VOS_TAG_DEAD || W.edead.tag != VOS_TAG_DEAD ||
        W.tmdead.tag != VOS_TAG_DEAD)
        mm_fail(r, "a deleted object came back", 1, 0);

    int err = vos_heap_check(&l->h);
    if (err != VOS_OK)
        mm_fail(r, "vos_heap_check", err, VOS_OK);
    void *hp = NULL;
    if ((err = vos_heap_alloc(&l->h, 40, &hp)) != VOS_OK || (err = vos_heap_free(&l->h, hp)) != VOS_OK)
        mm_fail(r, "heap alloc and free", err, VOS_OK);
    int av = vos_pool_available(&l->p);
    void *pp = NULL;
    if (av <= 0 || vos_pool_alloc(&l->p, &pp) != VOS_OK || (err = vos_pool_free(&l->p, pp)) != VOS_OK ||
        vos_pool_available(&l->p) != av)
        mm_fail(r, "pool alloc and free", av, 1);

    int c = vos_sem_count(&l->s);
    if (c < 0 || vos_sem_take(&l->s, VOS_NO_WAIT) != (c > 0 ? VOS_OK : VOS_ERR_WOULD_BLOCK) ||
        vos_sem_give(&l->s) != VOS_OK || (c == 0 && vos_sem_take(&l->s, VOS_NO_WAIT) != VOS_OK) ||
        vos_sem_count(&l->s) != c)
        mm_fail(r, "semaphore give and take", c, 1);
    vos_task_t *o1 = NULL, *o2 = W.peer;
    if ((err = vos_mutex_lock(&l->m, VOS_NO_WAIT)) != VOS_OK ||
        vos_mutex_owner(&l->m, &o1) != VOS_OK || o1 != vos_self() ||
        (err = vos_mutex_unlock(&l->m)) != VOS_OK || vos_mutex_owner(&l->m, &o2) != VOS_OK ||
        o2 != NULL)
        mm_fail(r, "mutex lock and unlock", err, VOS_OK);
    int qc = vos_queue_count(&l->q);
    if (qc < 0 || qc >= (int)QCAP || vos_queue_send(&l->q, item, VOS_NO_WAIT) != VOS_OK ||
        vos_queue_recv(&l->q, item, VOS_NO_WAIT) != VOS_OK || vos_queue_count(&l->q) != qc)
        mm_fail(r, "queue send and receive", qc, 1);
    uint32_t got = 0;
    if (vos_event_set(&l->e, 0x40u) != VOS_OK ||
        vos_event_wait(&l->e, 0x40u, VOS_EVENT_CLEAR, VOS_NO_WAIT, &got) != VOS_OK ||
        (got & 0x40u) == 0)
        mm_fail(r, "event set and wait", (long)got, 0x40);
    if ((err = vos_notify_give(W.peer)) != VOS_OK)
        mm_fail(r, "notify the peer", err, VOS_OK);
    vos_dur_t left = VOS_NO_WAIT;
    if (!world_svc) {
        /* A task timer cannot start without the service; an interrupt one can. */
        if ((err = vos_timer_start(&l->tm, vos_ms(500), VOS_NO_WAIT)) != VOS_ERR_NO_SERVICE)
            mm_fail(r, "a task timer started without the service", err, VOS_ERR_NO_SERVICE);
    } else if ((err = vos_timer_start(&l->tm, vos_ms(500), VOS_NO_WAIT)) != VOS_OK ||
        vos_timer_active(&l->tm) != 1 || vos_timer_remaining(&l->tm, &left) != VOS_OK ||
        vos_dur_cycles(left) > vos_dur_cycles(vos_ms(500)) ||
        (err = vos_timer_stop(&l->tm)) != VOS_OK || vos_timer_active(&l->tm) != 0)
        mm_fail(r, "timer start and stop", err, VOS_OK);
    if (W.tm_fired != 0)
        mm_fail(r, "a timer callback ran before its time", (long)W.tm_fired, 0);
    /* The queued item is still first (an accepted cancel took it off), and
     * nothing ran. */
    bool wq_cancelled = r->fn == p_workq_cancel && r->expect == VOS_OK;
    if (world_wq && ((W.wq.head == &l->wqd) == wq_cancelled ||
                     vos_work_pending(&l->wqd) != !wq_cancelled || W.wq.done != 0))
        mm_fail(r, "the work queue's first item", vos_work_pending(&l->wqd), !wq_cancelled);
    if (vos_task_state(W.peer) != VOS_TASK_BLOCKED)
        mm_fail(r, "the peer's state", vos_task_state(W.peer), VOS_TASK_BLOCKED);
    const char *why = t_inv_why(true);
    if (why != NULL) {
        printf("     invariant: %s\n", why);
        mm_fail(r, "kernel invariants", 1, 0);
    }
}

static void probe_main(void *arg)
{
    const struct mm_row *r = arg;
    W.main = vos_self();
    /* The peer and the exited task ran already (they outrank main). */
    if (r->ctx == T || r->ctx == I || r->ctx == L || r->ctx == AK)
        probe(r);
    /* From above the kernel's level a call that checks its context before
     * its input may say VOS_ERR_CONTEXT for a bad input too. */
    if (cur_result != r->expect && !(r->ctx == AK && cur_result == VOS_ERR_CONTEXT))
        mm_fail(r, "result", cur_result, r->expect);
    normal_use(r);
    host_stop(MM_DONE);
}

static void run_row(const struct mm_row *r)
{
    t_scenario_reset();
    world_wq = strncmp(r->call, "vos_work", 8) == 0;
    world_setup(r->cls == C_HUGE_WAIT, !(r->fn == p_next_event && r->cls == C_STATE));
    cur = r;
    cur_result = 0x7fff;
    changed = false;
    if (r->ctx == B || r->ctx == BI)
        probe(r);
    int st = t_run(probe_main, (void *)r, 5);
    if (st != MM_DONE)
        mm_fail(r, "scenario end (the main task did not finish)", st, MM_DONE);
}

struct mm_result mm_run(void)
{
    struct mm_result res = { 0 };
    bool cls_seen[C_COUNT] = { false };
    failures = 0;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const struct mm_row *r = &rows[i];
        if (i == 0 || strcmp(r->call, rows[i - 1].call) != 0)
            res.calls++;
        if (!cls_seen[r->cls]) {
            cls_seen[r->cls] = true;
            res.classes++;
        }
        if (!VOS_CFG_CHECKS && !r->always) {
            res.skipped++;
            continue;
        }
        res.run++;
        run_row(r);
    }
    /* Generated: every probe made in a kernel-level interrupt is made
     * again, with the same input, from an interrupt above the kernel's
     * level, where every call allowed in a handler refuses with
     * VOS_ERR_CONTEXT and changes nothing (a parameter check, kernel.h:
     * VOS__CHECK_LEVEL), unless its input is refused first (below). Calls that return no error
     * code (a time, a pointer, a name, a flag) have nothing to refuse with
     * and stay out; so does one row per call (the first I row suffices
     * where a call has several with the same input class). */
    static const char *const no_code[] = {
        "vos_now", "vos_in_isr", "vos_self", "vos_running", "vos_strerror",
        "vos_stack_overflow_task", "vos_trace_calls", "vos_trace_emit", "vos_trace_buffer",
        "vos_trace_marker", "vos_sched_lock_depth",
        /* and calls documented for every context, fault handlers included:
         * their rows above the kernel's level are in the table */
        "vos_fault_record_save", "vos_fault_record_get", "vos_fault_record_take",
    };
    for (size_t i = 0; VOS_CFG_CHECKS && i < sizeof rows / sizeof rows[0]; i++) {
        if (rows[i].ctx != I)
            continue;
        bool skip = false;
        for (size_t k = 0; k < sizeof no_code / sizeof no_code[0]; k++)
            skip |= strcmp(rows[i].call, no_code[k]) == 0;
        if (skip)
            continue;
        struct mm_row h = rows[i];
        h.ctx = AK;
        h.always = false;
        /* The object and argument checks come first (a NULL, foreign
         * or deleted object, an argument out of range: refused as at the
         * kernel's level, and nothing read beyond the tag), and vos_start
         * says it already ran; every other input is refused for the
         * context (either refusal is accepted for those, see probe_main). */
        bool input_first = h.expect == VOS_ERR_INVALID || h.expect == VOS_ERR_ARG ||
                           strcmp(h.call, "vos_start") == 0;
        if (!input_first)
            h.expect = VOS_ERR_CONTEXT;
        res.run++;
        res.above++;
        run_row(&h);
    }
    /* Generated: every accepted start of a task-context timer, made again
     * in a world where no timer service task was ever started, is refused
     * with VOS_ERR_NO_SERVICE and changes nothing (a state check: it stays
     * at VOS_CFG_CHECKS = 0). */
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        if ((rows[i].fn != p_timer_start && rows[i].fn != p_timer_start_at) ||
            rows[i].expect != VOS_OK)
            continue;
        struct mm_row n = rows[i];
        n.expect = VOS_ERR_NO_SERVICE;
        world_svc = false;
        res.run++;
        res.no_service++;
        run_row(&n);
        world_svc = true;
    }
    res.failed = failures;
    return res;
}
