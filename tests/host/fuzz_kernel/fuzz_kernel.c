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
 *    make others ready (no switch), and its blocking calls are refused,
 *    while its sleeps that need no wait (zero, a time passed) return
 *    VOS_OK (see PUP_SCHED_LOCK in puppet.h);
 *  - wake on time (kernel/sleep.c) learns the wake-up path only: switches
 *    cost nothing here, so the path is 0 and no sleep may ever busy-wait,
 *    whatever the scenario did to earlier wakes (a higher or equal puppet
 *    computing across a sleeper's alarm, a locked scheduler, interrupts,
 *    suspensions); a disturbed wake taken as a path would make the lead,
 *    and so later sleeps' busy waits, non-zero;
 *  - channels against a model of their messages (OP_SEND ... OP_UNLOCK_IRQ:
 *    sends of up to 256 bytes, several pieces of a copy, receives, replies
 *    by the holder, by another task and from interrupts, deletes, signals,
 *    and interrupts between two pieces of a copy, besides every timeout,
 *    abort, suspension and termination above): every request received is
 *    one that was sent, whole, with its sender's handle, and is received
 *    at most once; a send that returns a reply gets its own reply, whole,
 *    after exactly one receive; every send ends once, and a reply that
 *    succeeded reaches its send; priority inheritance through the message
 *    holds is checked by inv_check with the mutexes'.
 * Sanitizers (address, undefined) check memory and UB all along.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "vaios/vaios.h"
#include "host_test.h"
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
    OP_SEND,        /* puppet a: sends 4 * (1 + (a/8)*2 % 64) bytes (several
                       pieces of VOS_CFG_MSG_CHUNK) to channel b&1, timeout
                       class b/2 */
    OP_RECV,        /* puppet a: receives on channel b&1, timeout class b/2
                       (while it holds fewer than HELD_MAX clients) */
    OP_REPLY,       /* puppet a: replies 4 * (1 + (b/4)%64) bytes to its held
                       client b%n; if b&0x80, to a client puppet (a+1)%5
                       holds instead (not the owner) */
    OP_REPLY_ISR,   /* an interrupt replies to puppet a's held client b%n */
    OP_CHAN_DELETE, /* director deletes and re-creates channel b&1 */
    OP_SIGNAL,      /* signal 1 << a%32 on channel b&1, from an interrupt if b&2 */
    OP_UNLOCK_IRQ,  /* as OP_IRQ_GIVE, at the (1 + b%8)-th release of the
                       kernel lock from now (host_irq_at_unlock: between two
                       pieces of a copy, among others), aborting puppet a's
                       wait if b&8 */
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

/* Channels and the model of their messages: every send has an id
 * (1..OPS_MAX), its request and reply carry it in every word. */
#define NCH       2
#define HELD_MAX  4
#define NID       (OPS_MAX + 1)
#define OUT_REPLIED 1
#define OUT_FAILED  2
static vos_chan_t chn[NCH];
static uint32_t next_id;
static uint8_t recv_count[NID];     /* times received */
static uint8_t outcome[NID];        /* how its send ended */
static uint8_t replied_ok[NID];     /* a reply to it returned VOS_OK */
static int sender_of[NID];          /* puppet index */
static uint32_t sending_id[NP];     /* the puppet's last send */
struct heldc {
    vos_msg_client_t h;
    uint32_t id;
};
static struct heldc held[NP][HELD_MAX];   /* clients a puppet has received */
static unsigned nheld[NP];
static vos_msg_client_t reply_h[NP];      /* the handle of a reply in progress */
static uint32_t reply_id[NP];
static bool reply_foreign[NP];
static struct heldc isr_reply;
static int isr_reply_result;
static int irq_chan;
static unsigned irq_bit;
/* The director is changing a timer and its model (not atomic together):
 * an interrupt that lands inside checks the kernel's invariants only. */
static bool timer_model_busy;

static uint32_t word(uint32_t id, unsigned k, bool reply)
{
    if (k == 0)
        return reply ? id | 0x80000000u : id;
    uint32_t w = id * 2654435761u + k;
    return reply ? ~w : w;
}

/* n bytes of buf are message id's request (or reply). */
static bool intact(const uint32_t *buf, size_t n, uint32_t id, bool reply)
{
    for (unsigned k = 0; k < n / 4; k++)
        if (buf[k] != word(id, k, reply))
            return false;
    return true;
}

static void fill(uint32_t *buf, size_t n, uint32_t id, bool reply)
{
    for (unsigned k = 0; k < n / 4; k++)
        buf[k] = word(id, k, reply);
}

/* The model of a timer since its last start. */
struct tmodel {
    bool live;             /* initialised, not deleted */
    bool started;          /* started and not stopped since */
    vos_time_t first;      /* its first expiry */
    uint64_t period;       /* cycles, 0: one-shot */
    uint32_t calls;        /* callbacks since the start */
    uint32_t seen_over;    /* overruns read at the last callback */
    uint64_t burn;         /* an ISR callback computes this long */
    bool running;          /* its callback runs (between entry and return) */
    bool owed;             /* stopped with VOS_ERR_BUSY before its committed
                              callback started: that one callback may come */
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
    if (why == NULL && host_spin_max() != 0)
        why = "a sleep busy-waited: wake on time learned a disturbed wake as its path (0 here)";
    if (why != NULL)
        die(where, why);
}

/* Every timer's callback: the model's checks (see the top). */
static void timer_cb(vos_timer_t *t, void *arg)
{
    int k = (int)(uintptr_t)arg;
    struct tmodel *m = &tmod[k];
    vos_time_t now = host_now();
    bool owed = m->owed;
    m->owed = false;
    /* A stop that returned VOS_OK (or a delete) promised no callback
     * after it; one that returned VOS_ERR_BUSY owes the committed one. */
    if (t != &tmr[k] || (!owed && (t->tag != VOS_TAG_TIMER || !m->live || !m->started)))
        die("timer", "a callback ran for a stopped or deleted timer");
    m->running = true;
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
    if (m->period != 0 && !owed) {
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
    m->running = false;
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
        /* VOS_ERR_BUSY: a callback of it is committed in another context
         * (the service task, or the alarm interrupt this one nests in):
         * stopped all the same; that callback runs (if it has not yet
         * started, the model owes it once). */
        if (r == VOS_ERR_BUSY && m->live) {
            want = r;
            if (!m->running)
                m->owed = true;
        }
        if (r == VOS_OK || r == VOS_ERR_BUSY)
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
    case PUP_SEND_LONG: {
        int i = (int)(p - pup);
        uint32_t id = sending_id[i];
        if (outcome[id] != 0)
            die(p->name, "a send ended twice");
        outcome[id] = r >= 0 ? OUT_REPLIED : OUT_FAILED;
        ok = r == VOS_ERR_TIMEOUT || r == VOS_ERR_DELETED || r == VOS_ERR_ABORTED ||
             r == VOS_ERR_INVALID || (r == VOS_ERR_WOULD_BLOCK && vos_dur_cycles(p->arg) == 0);
        if (r >= 0) {
            ok = true;
            if (r < 4 || r > (int)sizeof p->lrep || r % 4 != 0 || !intact(p->lrep, (size_t)r, id, true))
                die(p->name, "a send returned a reply that is not its own");
            if (recv_count[id] != 1)
                die(p->name, "a send was replied to without being received once");
        }
        if (r == VOS_ERR_TIMEOUT && elapsed < vos_dur_cycles(p->arg))
            die("send", "timed out early");
        break;
    }
    case PUP_RECV_LONG: {
        int i = (int)(p - pup);
        ok = r == VOS_ERR_TIMEOUT || r == VOS_ERR_DELETED || r == VOS_ERR_ABORTED ||
             r == VOS_ERR_INVALID || (r == VOS_ERR_WOULD_BLOCK && vos_dur_cycles(p->arg) == 0);
        if (r >= 0 && p->client.task == NULL) {
            ok = r == 0 && p->client.signals != 0;        /* a signal receipt */
        } else if (r >= 0) {
            uint32_t id = p->lbuf[0];
            if ((size_t)r != p->client.len || r < 4 || id == 0 || id >= next_id ||
                !intact(p->lbuf, (size_t)r, id, false))
                die(p->name, "received a request that is not one that was sent");
            int j = sender_of[id];
            if (pup[j].task != p->client.task || sending_id[j] != id)
                die(p->name, "received a request with another task's handle");
            if (++recv_count[id] > 1)
                die(p->name, "a request was received twice");
            if (nheld[i] == HELD_MAX)
                die(p->name, "holds more clients than it was allowed to receive");
            held[i][nheld[i]++] = (struct heldc){ .h = p->client, .id = id };
            ok = true;
        }
        if (r == VOS_ERR_TIMEOUT && elapsed < vos_dur_cycles(p->arg))
            die("receive", "timed out early");
        break;
    }
    case PUP_REPLY_LONG: {
        int i = (int)(p - pup);
        if (reply_foreign[i]) {
            ok = r == VOS_ERR_NOT_OWNER || r == VOS_ERR_STATE;
        } else {
            ok = r == VOS_OK || r == VOS_ERR_STATE;
            if (r == VOS_OK)
                replied_ok[reply_id[i]] = 1;
        }
        break;
    }
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
    nheld[i] = 0;
    sending_id[i] = 0;          /* the last one's send ended with it */
    return pup_start(&pup[i], names[i], base[i], &tcbs[k], stacks[k], sizeof stacks[k]);
}

static void irq_handler(void)
{
    int r = vos_sem_give_isr(&sm[irq_sem]);
    if (r != VOS_OK && r != VOS_ERR_OVERFLOW && r != VOS_ERR_INVALID)
        die("irq give", vos_strerror(r));
    if (irq_abort >= 0) {
        r = vos_task_abort_wait(pup[irq_abort].task);
        /* (a deferred interrupt may find the puppet ended: no task any more) */
        if (r != VOS_OK && r != VOS_ERR_STATE &&
            !(r == VOS_ERR_INVALID && pup[irq_abort].task->tag != VOS_TAG_TASK))
            die("irq abort", vos_strerror(r));
        irq_abort = -1;
    }
    if (irq_resume >= 0) {
        r = vos_task_resume_isr(pup[irq_resume].task);
        if (r != VOS_OK && r != VOS_ERR_STATE &&
            !(r == VOS_ERR_INVALID && pup[irq_resume].task->tag != VOS_TAG_TASK))
            die("irq resume", vos_strerror(r));
    }
    /* Armed for a store-conditional or a release of the lock, it may land
     * inside the director's change of a timer and its model. */
    if (timer_model_busy) {
        const char *why = inv_check(&world, false);
        if (why != NULL)
            die("irq", why);
    } else {
        check("irq", false);
    }
}

static void reply_isr(void)
{
    struct heldc *c = &isr_reply;
    uint32_t rep[PUP_LONG_WORDS];
    fill(rep, sizeof rep, c->id, true);
    isr_reply_result = vos_msg_reply_isr(&c->h, rep, 4 + (c->id % PUP_LONG_WORDS) * 4, VOS_OK);
    check("reply isr", false);
}

static void signal_isr(void)
{
    if (vos_msg_signal_isr(&chn[irq_chan], 1u << irq_bit) != VOS_OK)
        die("signal isr", "refused");
    check("signal isr", false);
}

/* Every message sent has ended one way, or its sender still waits; a
 * reply that returned VOS_OK reached its send. */
static void check_messages(void)
{
    for (uint32_t id = 1; id < next_id; id++) {
        int j = sender_of[id];
        /* Only a sender that waits for its next command has reported its
         * last send (one suspended or terminated on the way has not). */
        const vos_task_t *t = pup[j].task;
        bool quiet = t->state == VOS_TASK_BLOCKED && t->waitq == &pup[j].go.waiters;
        if (sending_id[j] != id || !quiet)
            continue;
        if (outcome[id] == 0)
            die("messages", "a send never ended");
        if (replied_ok[id] && outcome[id] != OUT_REPLIED)
            die("messages", "a reply that succeeded never reached its send");
    }
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
    for (int c = 0; c < NCH; c++)
        vos_chan_init(&chn[c]);
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
                timer_model_busy = true;
                timer_op(k, op == OP_TIMER_STOP, b);
                timer_model_busy = false;
            }
            break;
        }
        case OP_TIMER_DELETE: {
            int k = (int)(a % NT);
            timer_model_busy = true;
            r = vos_timer_delete(&tmr[k]);
            if (r == VOS_ERR_BUSY && tmod[k].live && !tmod[k].running)
                tmod[k].owed = true;       /* as for a stop (timer_op) */
            else if (r != (tmod[k].live ? VOS_OK : VOS_ERR_INVALID))
                die("timer delete", vos_strerror(r));
            tmod[k].live = tmod[k].started = false;
            if (vos_timer_active(&tmr[k]) != VOS_ERR_INVALID)
                die("timer delete", "a deleted timer is still a timer");
            if (!(b & 1u) && timer_init(k) != VOS_OK)
                die("timer delete", "initialising a deleted timer failed");
            timer_model_busy = false;
            break;
        }
        case OP_SCHED_LOCK:
            if (idle)
                command(p, PUP_SCHED_LOCK, NULL, vos_cycles(1u + b * 29u));
            break;
        case OP_SEND:
            if (idle && next_id < NID) {
                uint32_t id = next_id++;
                int i = (int)(a % NP);
                sender_of[id] = i;
                sending_id[i] = id;
                p->llen = 4u * (1u + ((a >> 3) * 2u) % PUP_LONG_WORDS);
                fill(p->lbuf, p->llen, id, false);
                command(p, PUP_SEND_LONG, &chn[b & 1], timeout_class(b >> 1));
            }
            break;
        case OP_RECV:
            if (idle && nheld[a % NP] < HELD_MAX)
                command(p, PUP_RECV_LONG, &chn[b & 1], timeout_class(b >> 1));
            break;
        case OP_REPLY: {
            int i = (int)(a % NP), j = (b & 0x80) ? (i + 1) % NP : i;
            if (!idle || nheld[j] == 0)
                break;
            unsigned k = b % nheld[j];
            reply_h[i] = held[j][k].h;
            reply_id[i] = held[j][k].id;
            reply_foreign[i] = j != i;
            if (j == i)
                held[j][k] = held[j][--nheld[j]];
            p->llen = 4u * (1u + (b / 4u) % PUP_LONG_WORDS);
            fill(p->lbuf, p->llen, reply_id[i], true);
            command(p, PUP_REPLY_LONG, &reply_h[i], vos_cycles(0));
            break;
        }
        case OP_REPLY_ISR: {
            int j = (int)(a % NP);
            if (nheld[j] == 0)
                break;
            unsigned k = b % nheld[j];
            isr_reply = held[j][k];
            held[j][k] = held[j][--nheld[j]];
            host_irq(reply_isr);
            if (isr_reply_result == VOS_OK)
                replied_ok[isr_reply.id] = 1;
            else if (isr_reply_result != VOS_ERR_STATE)
                die("reply isr", vos_strerror(isr_reply_result));
            break;
        }
        case OP_CHAN_DELETE:
            vos_chan_delete(&chn[b & 1]);
            vos_chan_init(&chn[b & 1]);
            break;
        case OP_SIGNAL:
            if (b & 2) {
                irq_chan = (int)(b & 1);
                irq_bit = a % 32;
                host_irq(signal_isr);
            } else if (vos_msg_signal(&chn[b & 1], 1u << (a % 32)) != VOS_OK) {
                die("signal", "refused");
            }
            break;
        case OP_UNLOCK_IRQ:
            irq_sem = (int)(b % NS);
            irq_resume = -1;
            irq_abort = (b & 8) ? (int)(a % NP) : -1;
            host_irq_at_unlock(1 + b % 8u, irq_handler);
            break;
        default:
            break;
        }
        if (settle)
            pup_settle();
        check("director", true);
    }
    pup_settle();
    check_messages();
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
    next_id = 1;
    memset(recv_count, 0, sizeof recv_count);
    memset(outcome, 0, sizeof outcome);
    memset(replied_ok, 0, sizeof replied_ok);
    memset(sending_id, 0, sizeof sending_id);
    irq_abort = irq_resume = -1;
    timer_model_busy = false;
    int r = host_run(director, NULL, VOS_PRIO_MAX);
    if (r != 0)
        die("scenario", r == HOST_IDLE ? "the director blocked for ever" : vos_strerror(r));
    return 0;
}
