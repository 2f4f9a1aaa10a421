/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target: random sequences of kernel calls by several tasks, on
 * the host port, with the kernel's invariants checked after every step.
 *
 * One input is one scenario (host_run resets the kernel). The director, the
 * highest-priority task, reads the input:
 *   byte 0..4    base priorities of the five puppets (1..30)
 *   byte 5       mutex 2 is a ceiling mutex if bit 7 is set, ceiling 1..30
 *   byte 6, 7    maximum counts of the two semaphores (1..4, the low two
 *                bits); the timer service task's priority is
 *                1 + (byte 6 >> 2) % 30
 *   then ops of 3 bytes: opcode (bit 7: do not settle after it), a, b
 *   (see enum op)
 * Puppet commands go to puppet a % 5 and are skipped while it is busy with
 * an earlier one; director actions (time, interrupts, priorities,
 * suspend/resume, deletion, exits, termination, aborted waits,
 * restarts, and the software timers' start, stop and delete, from the
 * director or from an interrupt) happen at once. After each
 * op the director lets every ready task run (one cycle of virtual time)
 * unless the op said to leave them mid-flight.
 *
 * Checked, any failure aborts with a description (a libFuzzer crash):
 *  - inv_check() (tests/host/kernel/invariants.c) in the director after
 *    every op, in every puppet after each of its calls, and inside every
 *    simulated interrupt handler;
 *  - each call's result is one its contract allows for the arguments, a
 *    successful lock leaves the caller the owner, and a timeout or a sleep
 *    never ends before its time;
 *  - software timers against a model of each one's start (its first
 *    expiry and period): a callback never runs for a stopped or deleted
 *    timer, nor before its expiry, nor twice for a one-shot; expiry n of a
 *    periodic timer is at first + n * period exactly, with the expiries
 *    skipped counted in its overruns (an interrupt timer's next expiry,
 *    seen from its callback, is first + (callbacks + overruns + 1) *
 *    period); ISR timers call back in an interrupt, the others in the
 *    service task; the heap of armed timers is checked by inv_check;
 *  - a puppet holding the scheduler lock keeps the CPU while interrupts
 *    make others ready (no switch), and its blocking calls are refused
 *    (see PUP_SCHED_LOCK in puppet.h).
 * Sanitizers (address, undefined) check memory and UB all along.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "vaios/vaios.h"
#include "host.h"
#include "invariants.h"
#include "puppet.h"

#define NP      5            /* puppets */
#define SPARES  8            /* control blocks for restarted puppets */
#define NM      3
#define NS      2
#define NT      4            /* timers 0, 1: VOS_TIMER_ISR; 2, 3: service task */
#define STACK   (32u * 1024u)
#define OPS_MAX 400

enum op {
    OP_LOCK,        /* puppet a: lock mutex b%3, timeout class b/3 */
    OP_UNLOCK,      /* puppet a: unlock mutex b%3 */
    OP_TAKE,        /* puppet a: take sem b%2, timeout class b/2 */
    OP_GIVE,        /* puppet a: give sem b%2 */
    OP_SLEEP,       /* puppet a: sleep 1 + b*37 cycles */
    OP_BUSY,        /* puppet a: compute 1 + b*53 cycles */
    OP_YIELD,       /* puppet a: yield */
    OP_SETPRIO,     /* puppet a sets puppet b%5's priority to 1 + (b/5)%30 */
    OP_DIR_PRIO,    /* director sets puppet a's priority to 1 + b%30 */
    OP_SUSPEND,     /* director suspends puppet a */
    OP_RESUME,      /* director resumes puppet a */
    OP_IRQ_GIVE,    /* interrupt: give sem b%2, then resume puppet a if b&4 */
    OP_ADVANCE,     /* director sleeps 1 + a*b cycles: timeouts fire */
    OP_DELETE,      /* director deletes and re-creates mutex b%3 or sem (b%2) if a&1 */
    OP_EXIT,        /* puppet a exits (holding whatever it holds) */
    OP_RESTART,     /* puppet a, if exited, starts again in fresh memory */
    OP_SC_IRQ,      /* as OP_IRQ_GIVE, but between the LL and SC of the next
                       lock-free fast path (host_irq_in_next_sc) */
    OP_TERMINATE,   /* director terminates puppet a (whatever it is doing) */
    OP_ABORT,       /* puppet a's wait is aborted, from an interrupt if b&1 */
    OP_TIMER_START, /* timer a%4 (from an interrupt if a&0x40): first expiry
                       (b&15)*89 cycles (0: VOS_NO_WAIT) from now, or, if
                       b&0x80, that long in the past (vos_timer_start_at);
                       period ((b>>4)&7)*113 cycles (0: one-shot); an ISR
                       timer's callback computes ((a>>2)&15)*41 cycles (a
                       periodic one at most a quarter of its period) and
                       gives a semaphore */
    OP_TIMER_STOP,  /* timer a%4 stopped (from an interrupt if a&0x40) */
    OP_TIMER_DELETE,/* timer a%4 deleted, initialised again unless b&1 */
    OP_SCHED_LOCK,  /* puppet a: PUP_SCHED_LOCK for 1 + b*29 cycles */
    OP_COUNT
};

static struct puppet pup[NP];
static vos_task_t tcbs[NP + SPARES];
static uint64_t stacks[NP + SPARES][STACK / 8];
static unsigned next_tcb;
static vos_mutex_t mx[NM];
static vos_sem_t sm[NS];
static unsigned base[NP], sem_max[NS], ceiling;
static const uint8_t *in;
static size_t in_len;
static bool lock_outlived[NP];   /* its mutex was deleted during the lock call */
static int irq_sem;
static int irq_resume = -1;
static int irq_abort = -1;

/* The model of a timer since its last start. */
struct tmodel {
    bool live;             /* initialised, not deleted */
    bool started;          /* started and not stopped since */
    vos_time_t first;      /* its first expiry */
    uint64_t period;       /* cycles, 0: one-shot */
    uint32_t calls;        /* callbacks since the start */
    uint32_t seen_over;    /* overruns read at the last callback */
    uint64_t burn;         /* an ISR callback computes this long */
};
static vos_timer_t tmr[NT];
static struct tmodel tmod[NT];
static unsigned svc_prio;
static uint64_t svc_stack[STACK / 8];
static int irq_timer = -1;         /* timer op for timer_irq: its index */
static unsigned irq_timer_op, irq_timer_b;

static vos_task_t *world_tasks[NP + SPARES + 1];   /* + the timer service task */
static vos_timer_t *world_timers[NT] = {&tmr[0], &tmr[1], &tmr[2], &tmr[3]};
static vos_mutex_t *world_mutexes[NM] = {&mx[0], &mx[1], &mx[2]};
static vos_sem_t *world_sems[NS + NP];
static const struct inv_world world = {
    .tasks = world_tasks, .ntasks = NP + SPARES + 1,
    .mutexes = world_mutexes, .nmutexes = NM,
    .sems = world_sems, .nsems = NS + NP,
    .timers = world_timers, .ntimers = NT,
};

static void die(const char *where, const char *why) __attribute__((noreturn));
static void die(const char *where, const char *why)
{
    fprintf(stderr, "fuzz_kernel: %s: %s\n", where, why);
    abort();
}

/* The timers against their models: an armed periodic timer is due on its
 * grid first + n * period (n >= 1 once it has called back), an armed
 * one-shot at its first expiry; a timer not started is not active. */
static const char *check_timers(void)
{
    for (int k = 0; k < NT; k++) {
        const struct tmodel *m = &tmod[k];
        const vos_timer_t *t = &tmr[k];
        if (!m->live)
            continue;
        if (!m->started) {
            if (vos_timer_active(t) != 0)
                return "a stopped timer is active";
            continue;
        }
        if (!t->armed)
            continue;
        if (m->period == 0 ? t->due != m->first
                           : t->due < m->first || (t->due - m->first) % m->period != 0)
            return "an armed timer is off its expiry grid";
    }
    return NULL;
}

static void check(const char *where, bool thread)
{
    const char *why = inv_check(&world, thread);
    if (why == NULL)
        why = check_timers();
    if (why != NULL)
        die(where, why);
}

/* Every timer's callback: the model's checks (see the top). */
static void timer_cb(vos_timer_t *t, void *arg)
{
    int k = (int)(uintptr_t)arg;
    struct tmodel *m = &tmod[k];
    vos_time_t now = host_now();
    if (t != &tmr[k] || t->tag != VOS_TAG_TIMER || !m->live || !m->started)
        die("timer", "a callback ran for a stopped or deleted timer");
    if (vos_in_isr() != (k < 2))
        die("timer", "a callback ran in the wrong context");
    if (m->period == 0 && m->calls != 0)
        die("timer", "a one-shot timer called back twice");
    /* Expiry index i >= callbacks + the overruns seen so far (exactly that
     * for an ISR timer, whose overruns grow only at its own expiries). */
    uint64_t i = (uint64_t)m->calls + m->seen_over;
    if (now < m->first + i * m->period) {
        char why[160];
        snprintf(why, sizeof why, "timer %d called back at %llu before expiry %llu (first %llu, "
                 "period %llu, overruns %u)", k, (unsigned long long)now,
                 (unsigned long long)i, (unsigned long long)m->first,
                 (unsigned long long)m->period, (unsigned)t->overruns);
        die("timer", why);
    }
    if (m->period != 0) {
        uint64_t next = m->first + ((uint64_t)m->calls + t->overruns + 1u) * m->period;
        if (!t->armed)
            die("timer", "a periodic timer is not armed in its callback");
        if (k < 2 && t->due != next)
            die("timer", "an ISR timer's next expiry is not first + (n + overruns) * period");
        if (k >= 2 && t->due < next)
            die("timer", "a periodic timer's next expiry is behind its callbacks");
    }
    m->calls++;
    m->seen_over = t->overruns;
    if (k < 2) {
        if (vos_sem_give_isr(&sm[(k + m->burn) % NS]) == VOS_ERR_CONTEXT)
            die("timer", "vos_sem_give_isr refused in an ISR callback");
        /* Interrupts masked too long: other timers' expiries pass. A
         * periodic callback takes at most a quarter of its period, or the
         * two ISR timers together could take all of the CPU (a livelock
         * on any machine, not a kernel fault). */
        uint64_t burn = m->period == 0 || m->burn < m->period / 4u ? m->burn : m->period / 4u;
        if (burn != 0)
            host_advance(burn);
    }
    check(k < 2 ? "timer isr" : "timer task", k >= 2);
}

/* Start or stop timer k (op 0: start, 1: stop) with the byte b of the op:
 * the call and the model together. From the director or an interrupt. */
static void timer_op(int k, unsigned op, unsigned b)
{
    struct tmodel *m = &tmod[k];
    vos_timer_t *t = &tmr[k];
    int r, want;
    if (op == 0) {
        uint64_t first = (b & 15u) * 89u, period = ((b >> 4) & 7u) * 113u;
        vos_time_t now = host_now(), at = now + first;
        if (b & 0x80u)
            at = now > first ? now - first : 0;
        /* The model first: an expiry already due calls back inside the
         * call, as its lock is released. */
        bool was = m->started;
        if (m->live)
            *m = (struct tmodel){ .live = true, .started = true, .first = at, .period = period,
                                  .burn = m->burn };
        if (b & 0x80u)
            r = vos_timer_start_at(t, at, vos_cycles(period));
        else
            r = vos_timer_start(t, vos_cycles(first), vos_cycles(period));
        want = m->live ? VOS_OK : VOS_ERR_INVALID;
        if (r != VOS_OK)
            m->started = was;
    } else {
        int active = vos_timer_active(t);
        r = vos_timer_stop(t);
        want = !m->live ? VOS_ERR_INVALID : active == 1 ? VOS_OK : VOS_ERR_STATE;
        if (r == VOS_OK)
            m->started = false;
        if (vos_timer_active(t) > 0)
            die("timer stop", "the timer is still active");
    }
    if (r != want)
        die(op == 0 ? "timer start" : "timer stop", vos_strerror(r));
}

static void timer_irq(void)
{
    timer_op(irq_timer, irq_timer_op, irq_timer_b);
    irq_timer = -1;
    check("timer irq", false);
}

static int timer_init(int k)
{
    tmod[k] = (struct tmodel){ .live = true, .burn = tmod[k].burn };
    return vos_timer_init(&tmr[k], k < 2 ? "isr-timer" : "task-timer", timer_cb,
                          (void *)(uintptr_t)k, k < 2 ? VOS_TIMER_ISR : 0);
}

/* Hand puppet p a command (it is idle). */
static void command(struct puppet *p, enum pup_op op, void *obj, vos_dur_t arg)
{
    lock_outlived[p - pup] = false;
    pup_cmd(p, op, obj, arg);
}

static vos_dur_t timeout_class(unsigned c)
{
    switch (c % 4) {
    case 0:
        return VOS_NO_WAIT;
    case 1:
        return VOS_FOREVER;
    default:
        return vos_cycles(1 + (c / 4) * 101u);
    }
}

/* In the puppet, after each of its calls: the result is allowed, and the
 * state is consistent from this task's point of view too. */
static void after(struct puppet *p)
{
    int r = p->result;
    uint64_t elapsed = p->finished - p->started;     /* cycles */
    bool ok;
    switch (p->op) {
    case PUP_LOCK:
        ok = r == VOS_OK || r == VOS_ERR_TIMEOUT || r == VOS_ERR_DELETED || r == VOS_ERR_ABORTED ||
             r == VOS_ERR_DEADLOCK || r == VOS_ERR_ARG || r == VOS_ERR_INVALID ||
             (r == VOS_ERR_WOULD_BLOCK && vos_dur_cycles(p->arg) == 0);
        if (r == VOS_OK && ht_owner(p->obj) != vos_self() && !lock_outlived[p - pup]) {
            char why[160];
            vos_task_t *o = ht_owner(p->obj);
            snprintf(why, sizeof why, "%s: lock of m%d returned ok but the owner is %s (state %d)",
                     p->name, (int)((vos_mutex_t *)p->obj - mx), o ? o->name : "nobody",
                     o ? o->state : 0);
            die("lock", why);
        }
        if (r == VOS_ERR_TIMEOUT && elapsed < vos_dur_cycles(p->arg))
            die("lock", "timed out early");
        break;
    case PUP_UNLOCK:
        ok = r == VOS_OK || r == VOS_ERR_NOT_OWNER || r == VOS_ERR_INVALID;
        break;
    case PUP_TAKE:
        ok = r == VOS_OK || r == VOS_ERR_TIMEOUT || r == VOS_ERR_DELETED || r == VOS_ERR_ABORTED ||
             r == VOS_ERR_INVALID || (r == VOS_ERR_WOULD_BLOCK && vos_dur_cycles(p->arg) == 0);
        if (r == VOS_ERR_TIMEOUT && elapsed < vos_dur_cycles(p->arg))
            die("take", "timed out early");
        break;
    case PUP_GIVE:
        ok = r == VOS_OK || r == VOS_ERR_OVERFLOW || r == VOS_ERR_INVALID;
        break;
    case PUP_SLEEP:
        ok = r == VOS_OK || r == VOS_ERR_ABORTED;
        if (r == VOS_OK && elapsed < vos_dur_cycles(p->arg))
            die("sleep", "woke early");
        break;
    case PUP_SETPRIO:
        ok = r == VOS_OK || r == VOS_ERR_INVALID;
        break;
    case PUP_SCHED_LOCK:
        ok = r == VOS_OK;
        if (r == VOS_ERR_CORRUPT)
            die(p->name, "another task ran, or the depth changed, while the scheduler was locked");
        if (elapsed < vos_dur_cycles(p->arg))
            die("sched lock", "computed for less than asked");
        break;
    default:
        ok = r == VOS_OK;
        break;
    }
    if (!ok)
        die(p->name, vos_strerror(r));
    check(p->name, true);
}

static int start_puppet(int i)
{
    static const char *names[NP] = {"P0", "P1", "P2", "P3", "P4"};
    if (next_tcb == NP + SPARES)
        return VOS_ERR_NO_MEMORY;
    unsigned k = next_tcb++;
    memset(&tcbs[k], 0, sizeof tcbs[k]);
    world_tasks[k] = &tcbs[k];
    world_sems[NS + i] = &pup[i].go;
    pup[i].after = after;
    return pup_start(&pup[i], names[i], base[i], &tcbs[k], stacks[k], sizeof stacks[k]);
}

static void irq_handler(void)
{
    int r = vos_sem_give_isr(&sm[irq_sem]);
    if (r != VOS_OK && r != VOS_ERR_OVERFLOW && r != VOS_ERR_INVALID)
        die("irq give", vos_strerror(r));
    if (irq_abort >= 0) {
        r = vos_task_abort_wait(pup[irq_abort].task);
        if (r != VOS_OK && r != VOS_ERR_STATE)
            die("irq abort", vos_strerror(r));
        irq_abort = -1;
    }
    if (irq_resume >= 0) {
        r = vos_task_resume_isr(pup[irq_resume].task);
        if (r != VOS_OK && r != VOS_ERR_STATE)
            die("irq resume", vos_strerror(r));
    }
    check("irq", false);
}

static void director(void *arg)
{
    (void)arg;
    for (int m = 0; m < NM; m++)
        vos_mutex_init(&mx[m]);
    if (ceiling)
        vos_mutex_init_ceiling(&mx[2], ceiling);
    for (int s = 0; s < NS; s++) {
        vos_sem_init(&sm[s], 0, sem_max[s]);
        world_sems[s] = &sm[s];
    }
    for (int k = 0; k < NT; k++)
        if (timer_init(k) != VOS_OK)
            die("start", "timer initialisation failed");
    if (vos_timer_service_start(svc_prio, svc_stack, sizeof svc_stack) != VOS_OK ||
        vos_timer_service_task(&world_tasks[NP + SPARES]) != VOS_OK)
        die("start", "the timer service task did not start");
    for (int i = 0; i < NP; i++)
        if (start_puppet(i) != VOS_OK)
            die("start", "puppet creation failed");
    pup_settle();
    check("start", true);

    for (size_t at = 0; at + 3 <= in_len && at / 3 < OPS_MAX; at += 3) {
        unsigned op = (in[at] & 0x7Fu) % OP_COUNT, a = in[at + 1], b = in[at + 2];
        struct puppet *p = &pup[a % NP];
        bool idle = !pup_busy(p) && vos_task_state(p->task) != VOS_TASK_EXITED;
        bool settle = !(in[at] & 0x80);
        int r;
        switch (op) {
        case OP_LOCK:
            if (idle)
                command(p, PUP_LOCK, &mx[b % NM], timeout_class(b / NM));
            break;
        case OP_UNLOCK:
            if (idle)
                command(p, PUP_UNLOCK, &mx[b % NM], vos_cycles(0));
            break;
        case OP_TAKE:
            if (idle)
                command(p, PUP_TAKE, &sm[b % NS], timeout_class(b / NS));
            break;
        case OP_GIVE:
            if (idle)
                command(p, PUP_GIVE, &sm[b % NS], vos_cycles(0));
            break;
        case OP_SLEEP:
            if (idle)
                command(p, PUP_SLEEP, NULL, vos_cycles(1 + b * 37u));
            break;
        case OP_BUSY:
            if (idle)
                command(p, PUP_BUSY, NULL, vos_cycles(1 + b * 53u));
            break;
        case OP_YIELD:
            if (idle)
                command(p, PUP_YIELD, NULL, vos_cycles(0));
            break;
        case OP_SETPRIO:
            if (idle)
                command(p, PUP_SETPRIO, pup[b % NP].task, vos_cycles(1 + (b / NP) % 30u));
            break;
        case OP_DIR_PRIO:
            r = vos_task_set_priority(p->task, 1 + b % 30u);
            if (r != VOS_OK)
                die("set priority", vos_strerror(r));
            break;
        case OP_SUSPEND:
            r = vos_task_suspend(p->task);
            if (r != VOS_OK && r != VOS_ERR_STATE)
                die("suspend", vos_strerror(r));
            break;
        case OP_RESUME:
            r = vos_task_resume(p->task);
            if (r != VOS_OK && r != VOS_ERR_STATE)
                die("resume", vos_strerror(r));
            break;
        case OP_IRQ_GIVE:
            irq_sem = (int)(b % NS);
            irq_resume = (b & 4) ? (int)(a % NP) : -1;
            host_irq(irq_handler);
            break;
        case OP_SC_IRQ:
            irq_sem = (int)(b % NS);
            irq_resume = (b & 4) ? (int)(a % NP) : -1;
            host_irq_in_next_sc(irq_handler);
            break;
        case OP_ADVANCE:
            vos_sleep(vos_cycles(1 + (uint64_t)a * b));
            break;
        case OP_DELETE:
            if (a & 1) {
                vos_sem_delete(&sm[b % NS]);
                vos_sem_init(&sm[b % NS], 0, sem_max[b % NS]);
            } else {
                /* A lock in progress on it may already have been granted
                 * (handed over, the task not yet running): it returns ok
                 * for a mutex that no longer exists as it was. */
                for (int i = 0; i < NP; i++)
                    if (pup_busy(&pup[i]) && pup[i].op == PUP_LOCK && pup[i].obj == &mx[b % NM])
                        lock_outlived[i] = true;
                vos_mutex_delete(&mx[b % NM]);
                if (b % NM == 2 && ceiling)
                    vos_mutex_init_ceiling(&mx[2], ceiling);
                else
                    vos_mutex_init(&mx[b % NM]);
            }
            break;
        case OP_EXIT:
            if (idle)
                command(p, PUP_EXIT, NULL, vos_cycles(0));
            break;
        case OP_RESTART:
            if (vos_task_state(p->task) == VOS_TASK_EXITED && start_puppet((int)(a % NP)) != VOS_OK)
                settle = true;      /* out of spare memory: carry on */
            break;
        case OP_TERMINATE:
            r = vos_task_terminate(p->task);
            if (r != VOS_OK && r != VOS_ERR_STATE)
                die("terminate", vos_strerror(r));
            break;
        case OP_ABORT:
            if (b & 1) {
                irq_sem = (int)(b % NS);
                irq_resume = -1;
                irq_abort = (int)(a % NP);
                host_irq(irq_handler);
            } else {
                r = vos_task_abort_wait(p->task);
                if (r != VOS_OK && r != VOS_ERR_STATE)
                    die("abort", vos_strerror(r));
            }
            break;
        case OP_TIMER_START:
        case OP_TIMER_STOP: {
            int k = (int)(a % NT);
            if (k < 2)
                tmod[k].burn = ((a >> 2) & 15u) * 41u;
            if (a & 0x40u) {
                irq_timer = k;
                irq_timer_op = op == OP_TIMER_STOP;
                irq_timer_b = b;
                host_irq(timer_irq);
            } else {
                timer_op(k, op == OP_TIMER_STOP, b);
            }
            break;
        }
        case OP_TIMER_DELETE: {
            int k = (int)(a % NT);
            r = vos_timer_delete(&tmr[k]);
            if (r != (tmod[k].live ? VOS_OK : VOS_ERR_INVALID))
                die("timer delete", vos_strerror(r));
            tmod[k].live = tmod[k].started = false;
            if (vos_timer_active(&tmr[k]) != VOS_ERR_INVALID)
                die("timer delete", "a deleted timer is still a timer");
            if (!(b & 1u) && timer_init(k) != VOS_OK)
                die("timer delete", "initialising a deleted timer failed");
            break;
        }
        case OP_SCHED_LOCK:
            if (idle)
                command(p, PUP_SCHED_LOCK, NULL, vos_cycles(1u + b * 29u));
            break;
        default:
            break;
        }
        if (settle)
            pup_settle();
        check("director", true);
    }
    host_stop(0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 8)
        return 0;
    for (int i = 0; i < NP; i++)
        base[i] = 1 + data[i] % 30u;
    ceiling = (data[5] & 0x80) ? 1 + data[5] % 30u : 0;
    sem_max[0] = 1 + data[6] % 4u;
    sem_max[1] = 1 + data[7] % 4u;
    svc_prio = 1 + (data[6] >> 2) % 30u;
    memset(tmr, 0, sizeof tmr);      /* the last scenario's timers are abandoned armed */
    memset(tmod, 0, sizeof tmod);
    irq_timer = -1;
    in = data + 8;
    in_len = size - 8;
    next_tcb = 0;
    memset(world_tasks, 0, sizeof world_tasks);
    int r = host_run(director, NULL, VOS_PRIO_MAX);
    if (r != 0)
        die("scenario", r == HOST_IDLE ? "the director blocked for ever" : vos_strerror(r));
    return 0;
}
