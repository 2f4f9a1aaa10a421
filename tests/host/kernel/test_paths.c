/* SPDX-License-Identifier: MIT */
/*
 * Every path of the notification, queue and sleep calls, each form against
 * each state, and the windows between a fast path and its slow path: an
 * interrupt delivered as the fast path releases the lock
 * (host_irq_at_unlock) changes the object before the slow path looks at
 * it again. What each case asserts is the calls' documented behaviour
 * (results, values, order of wake-ups, times); the branches they drive
 * are the ones the other suites leave (tests/host/kernel/coverage.md).
 */
#include <stdio.h>
#include "harness.h"
#include "kernel.h"

#define DIRECTOR 5u

static const char *err(int r)
{
    return vos_strerror(r);
}

/* The idle task's refusal of a sleep: a hook that tries both forms once
 * when asked to (idle_probe), then waits for an interrupt as the idle loop
 * without a hook does. The hook runs on the idle task's small stack: it
 * only stores the results. */
static volatile bool idle_probe;
static volatile int idle_sleep_r = 1, idle_until_r = 1;

void vos_hook_idle(vos_time_t next_event)
{
    (void)next_event;
    if (idle_probe) {
        idle_probe = false;
        idle_sleep_r = vos_sleep(vos_cycles(10));
        idle_until_r = vos_sleep_until(arch_now() + 10);
    }
    arch_idle();
}

/* --- Notifications: the four raisers ------------------------------------------------ */

struct raiser {
    const char *name;
    bool isr;    /* the _isr form: called from a simulated handler */
    bool give;   /* vos_notify_give (a count) rather than vos_notify_set (flags) */
};

static const struct raiser raisers[4] = {
    {"give", false, true},
    {"give_isr", true, true},
    {"set", false, false},
    {"set_isr", true, false},
};

static const struct raiser *rz;
static vos_task_t *rz_target;
static uint32_t rz_bits;
static int rz_result;

static int raise_call(bool isr_form)
{
    if (rz->give)
        return isr_form ? vos_notify_give_isr(rz_target) : vos_notify_give(rz_target);
    return isr_form ? vos_notify_set_isr(rz_target, rz_bits) : vos_notify_set(rz_target, rz_bits);
}

static void raise_handler(void)
{
    rz_result = raise_call(rz->isr);
}

static void raise_wrong_handler(void)
{
    rz_result = raise_call(false);      /* the task form, from a handler */
}

/* Raise bits (a give ignores them) on t with r, from the context r is for. */
static int raise(const struct raiser *r, vos_task_t *t, uint32_t bits)
{
    rz = r;
    rz_target = t;
    rz_bits = bits;
    if (!r->isr)
        return raise_call(false);
    rz_result = 1;
    host_irq(raise_handler);
    return rz_result;
}

/* r's call from the other context: refused. */
static int raise_wrong_context(const struct raiser *r, vos_task_t *t, uint32_t bits)
{
    rz = r;
    rz_target = t;
    rz_bits = bits;
    if (r->isr)
        return raise_call(true);        /* the _isr form, from a task */
    rz_result = 1;
    host_irq(raise_wrong_handler);
    return rz_result;
}

struct waiter_arg {
    const struct raiser *r;
    bool out;              /* pass a result pointer */
    vos_dur_t timeout;
};

static vos_task_t *w_task;

/* Waits the way r releases: a take for a give, a wait for flag 0x4 (with
 * 0x4 cleared on exit) for a set. Logs its result, what it received ("-":
 * no pointer passed) and its value and mask afterwards. */
static void notify_waiter(void *arg)
{
    const struct waiter_arg *a = arg;
    uint32_t v = 0xDEAD;
    int r = a->r->give ? vos_notify_take(true, a->timeout, a->out ? &v : NULL)
                       : vos_notify_wait(0x4, 0x4, a->timeout, a->out ? &v : NULL);
    if (a->out)
        t_log("W:%s:%x:n=%x:m=%x", err(r), (unsigned)v, (unsigned)vos_self()->notify,
              (unsigned)vos_self()->notify_mask);
    else
        t_log("W:%s:-:n=%x:m=%x", err(r), (unsigned)vos_self()->notify,
              (unsigned)vos_self()->notify_mask);
    CHECK_EQ(v, a->out ? v : 0xDEAD);   /* no pointer: nothing written anywhere */
}

/* A waiter above or below the raiser is released with its result; it
 * runs at once if it outranks the interrupted or calling task, else when
 * that one blocks. A set of flags the waiter does not wait for leaves it
 * waiting. */
struct release_arg {
    const struct raiser *r;
    bool above;
    bool out;
};

static void release_main(void *arg)
{
    const struct release_arg *ra = arg;
    struct waiter_arg wa = {ra->r, ra->out, VOS_FOREVER};
    w_task = t_task("W", notify_waiter, &wa, ra->above ? DIRECTOR + 2 : DIRECTOR - 2);
    if (!ra->above)
        vos_sleep(vos_cycles(1));                   /* W waits */
    CHECK_EQ(vos_task_state(w_task), VOS_TASK_BLOCKED);
    CHECK(w_task->notify_mask != 0);
    if (!ra->r->give) {
        CHECK_EQ(raise(ra->r, w_task, 0x1), VOS_OK);   /* not its flag */
        CHECK_EQ(vos_task_state(w_task), VOS_TASK_BLOCKED);
        CHECK_EQ(w_task->notify, 0x1);
    }
    CHECK_EQ(raise(ra->r, w_task, 0x4), VOS_OK);
    t_log("raised");
    CHECK_INV();
    vos_sleep(vos_cycles(1));
    CHECK_EQ(vos_task_state(w_task), VOS_TASK_EXITED);
}

static void case_notify_raise_releases_waiter(void)
{
    for (int i = 0; i < 4; i++) {
        for (int above = 0; above < 2; above++) {
            for (int out = 0; out < 2; out++) {
                const struct raiser *r = &raisers[i];
                struct release_arg ra = {r, above != 0, out != 0};
                t_scenario_reset();
                t_log_clear();
                CHECK_EQ(t_run(release_main, &ra, DIRECTOR), HOST_IDLE);
                /* A take with clear on exit gets the count 1 and leaves 0;
                 * the wait gets 0x5 (0x1 set before) and clears its 0x4. */
                char w[64];
                snprintf(w, sizeof w, "W:ok:%s:n=%x:m=0", out ? (r->give ? "1" : "5") : "-",
                         r->give ? 0u : 1u);
                char want[96];
                snprintf(want, sizeof want, above ? "%s raised" : "raised %s", w);
                if (strcmp(t_log_text(), want) != 0)
                    t_fail(__FILE__, __LINE__, "%s, waiter %s, %s pointer: log \"%s\", expected \"%s\"",
                           r->name, above ? "above" : "below", out ? "a" : "no", t_log_text(), want);
            }
        }
    }
}

/* A waiter whose timeout has woken it but which has not run yet (a task
 * above it keeps the CPU) still has its mask set: a raise meeting the
 * mask only updates the value, and the waiter returns its timeout with
 * the new value kept. */
static void late_main(void *arg)
{
    const struct raiser *r = arg;
    struct waiter_arg wa = {r, true, vos_cycles(100)};
    w_task = t_task("W", notify_waiter, &wa, DIRECTOR - 2);
    vos_sleep(vos_cycles(1));                           /* W waits until 101 */
    host_advance(200);                                  /* W times out meanwhile */
    CHECK_EQ(vos_task_state(w_task), VOS_TASK_READY);
    CHECK(w_task->notify_mask != 0);
    CHECK_EQ(raise(r, w_task, 0x4), VOS_OK);
    CHECK_EQ(vos_task_state(w_task), VOS_TASK_READY);
    CHECK_EQ(w_task->notify, r->give ? 1u : 0x4u);
    t_log("raised");
    vos_sleep(vos_cycles(1));
}

static void case_notify_raise_after_timeout(void)
{
    for (int i = 0; i < 4; i++) {
        t_scenario_reset();
        t_log_clear();
        CHECK_EQ(t_run(late_main, (void *)&raisers[i], DIRECTOR), HOST_IDLE);
        /* The timeout leaves the value alone and writes no result. */
        CHECK_STR(t_log_text(), raisers[i].give ? "raised W:timeout:dead:n=1:m=0"
                                                : "raised W:timeout:dead:n=4:m=0");
    }
}

/* Refusals, for each raiser: no task, an object that is not a task, the
 * other context, an exited and a faulted target, no flags, and a count
 * at its maximum (the value is left as it was). */
static void quit_at_once(void *arg)
{
    (void)arg;
}

static void overflow_and_block(void *arg)
{
    (void)arg;
    *vos_self()->guard = 0;        /* what an overflow does first */
    vos_sleep(vos_cycles(10));     /* switched out: caught here */
    t_log("faulted-task-ran");
}

static void refusals_main(void *arg)
{
    (void)arg;
    static vos_queue_t not_a_task;
    static uint32_t qb[2];
    CHECK_EQ(vos_queue_init(&not_a_task, qb, 4, 2), VOS_OK);
    vos_task_t *gone = t_task("gone", quit_at_once, NULL, DIRECTOR + 1);
    vos_task_t *bad = t_task("bad", overflow_and_block, NULL, DIRECTOR + 1);
    CHECK_EQ(vos_task_state(gone), VOS_TASK_EXITED);
    CHECK_EQ(vos_task_state(bad), VOS_TASK_FAULTED);
    vos_task_t *me = vos_self();
    for (int i = 0; i < 4; i++) {
        const struct raiser *r = &raisers[i];
        CHECK_EQ(raise(r, NULL, 1), VOS_ERR_INVALID);
        CHECK_EQ(raise(r, (vos_task_t *)(void *)&not_a_task, 1), VOS_ERR_INVALID);
        CHECK_EQ(raise_wrong_context(r, me, 1), VOS_ERR_CONTEXT);
        CHECK_EQ(raise(r, gone, 1), VOS_ERR_STATE);
        CHECK_EQ(raise(r, bad, 1), VOS_ERR_STATE);
        if (!r->give)
            CHECK_EQ(raise(r, me, 0), VOS_ERR_ARG);
        me->notify = r->give ? UINT32_MAX : 0;
        CHECK_EQ(raise(r, me, 0x80000000u), r->give ? VOS_ERR_OVERFLOW : VOS_OK);
        CHECK_EQ(me->notify, r->give ? UINT32_MAX : 0x80000000u);
        me->notify = 0;
    }
    CHECK_EQ(gone->notify, 0);
    CHECK_EQ(bad->notify, 0);
}

static void case_notify_refusals(void)
{
    CHECK_EQ(t_run(refusals_main, NULL, DIRECTOR), HOST_IDLE);
    CHECK_LOG("");
}

/* The take and the wait that find their value already met, in every
 * form: with and without clear on exit, with and without a result
 * pointer. */
static void take_isr(void)
{
    uint32_t v;
    CHECK_EQ(vos_notify_take(true, VOS_NO_WAIT, &v), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_notify_wait(0x1, 0, VOS_NO_WAIT, &v), VOS_ERR_CONTEXT);
}

static void met_main(void *arg)
{
    (void)arg;
    vos_task_t *me = vos_self();
    uint32_t v = 0;
    me->notify = 3;
    CHECK_EQ(vos_notify_take(false, VOS_NO_WAIT, NULL), VOS_OK);
    CHECK_EQ(me->notify, 2);
    CHECK_EQ(vos_notify_take(false, VOS_FOREVER, &v), VOS_OK);
    CHECK_EQ(v, 2);
    CHECK_EQ(me->notify, 1);
    me->notify = 7;
    CHECK_EQ(vos_notify_take(true, VOS_NO_WAIT, NULL), VOS_OK);
    CHECK_EQ(me->notify, 0);
    CHECK_EQ(vos_notify_take(true, VOS_NO_WAIT, NULL), VOS_ERR_WOULD_BLOCK);
    me->notify = 0x6;
    CHECK_EQ(vos_notify_wait(0x2, 0x2, VOS_NO_WAIT, NULL), VOS_OK);
    CHECK_EQ(me->notify, 0x4);
    CHECK_EQ(vos_notify_wait(0x4, 0, VOS_FOREVER, &v), VOS_OK);
    CHECK_EQ(v, 0x4);
    CHECK_EQ(me->notify, 0x4);
    CHECK_EQ(vos_notify_wait(0x1, 0, VOS_NO_WAIT, &v), VOS_ERR_WOULD_BLOCK);
    CHECK_EQ(me->notify_mask, 0);
    host_irq(take_isr);
}

static void case_notify_met_at_once(void)
{
    uint32_t v;
    /* Before vos_start() there is no task to wait. */
    CHECK_EQ(vos_notify_take(true, VOS_NO_WAIT, &v), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_notify_wait(0x1, 0, VOS_NO_WAIT, &v), VOS_ERR_CONTEXT);
    CHECK_EQ(t_run(met_main, NULL, DIRECTOR), HOST_IDLE);
}

/* A take whose fast path finds nothing, with a give landing between the
 * fast path's release of the lock and the slow path's: the slow path
 * finds the value met under its own lock and returns it without waiting. */
static vos_task_t *main_task;
static unsigned window_gives;

static void give_in_window(void)
{
    for (unsigned i = 0; i < window_gives; i++)
        CHECK_EQ(vos_notify_give_isr(main_task), VOS_OK);
    t_log("irq");
}

static void window_main(void *arg)
{
    (void)arg;
    main_task = vos_self();
    vos_time_t t0 = vos_now();
    uint64_t sw = host_switches();
    uint32_t v = 0;

    window_gives = 1;
    host_irq_at_unlock(1, give_in_window);
    CHECK_EQ(vos_notify_take(false, VOS_FOREVER, &v), VOS_OK);
    CHECK_EQ(v, 1);
    CHECK_EQ(main_task->notify, 0);
    CHECK_EQ(main_task->notify_mask, 0);
    t_log("took");

    window_gives = 3;
    host_irq_at_unlock(1, give_in_window);
    CHECK_EQ(vos_notify_take(true, vos_cycles(50), NULL), VOS_OK);
    CHECK_EQ(main_task->notify, 0);                 /* all three cleared */
    t_log("took");

    window_gives = 2;
    host_irq_at_unlock(1, give_in_window);
    CHECK_EQ(vos_notify_take(false, VOS_NO_WAIT, &v), VOS_OK);
    CHECK_EQ(v, 2);
    CHECK_EQ(main_task->notify, 1);
    t_log("took");

    CHECK_TIME(vos_now(), t0);                      /* never waited */
    CHECK_EQ(host_switches(), sw);
}

static void case_notify_take_raised_in_window(void)
{
    CHECK_EQ(t_run(window_main, NULL, DIRECTOR), HOST_IDLE);
    CHECK_LOG("irq took irq took irq took");
}

/* --- Queues ------------------------------------------------------------------------- */

#define QCAP 3u
#define QMAX 16u

static vos_queue_t q;
static uint8_t qbuf[QCAP * QMAX];
static uint32_t qsize;

/* The model: the items in the queue, oldest first, each identified by the
 * byte that fills it. */
static uint8_t model[QCAP];
static unsigned model_n;

static void fill(uint8_t *item, uint8_t id)
{
    memset(item, 0, QMAX);
    for (uint32_t i = 0; i < qsize; i++)
        item[i] = (uint8_t)(id + i);
}

static bool holds(const uint8_t *item, uint8_t id)
{
    for (uint32_t i = 0; i < qsize; i++)
        if (item[i] != (uint8_t)(id + i))
            return false;
    for (uint32_t i = qsize; i < QMAX; i++)   /* nothing written past the item */
        if (item[i] != 0xEE)
            return false;
    return true;
}

/* The send forms: back or front, from a task or a handler. */
struct sender {
    const char *name;
    bool front;
    bool isr;
};

static const struct sender senders[4] = {
    {"send", false, false},
    {"send_front", true, false},
    {"send_isr", false, true},
    {"send_front_isr", true, true},
};

static const struct sender *sx;
static const uint8_t *sx_item;
static void *rx_out;
static int sx_result;

static void send_handler(void)
{
    sx_result = sx->front ? vos_queue_send_front_isr(&q, sx_item) : vos_queue_send_isr(&q, sx_item);
}

static int qsend(const struct sender *s, const uint8_t *item)
{
    if (!s->isr)
        return s->front ? vos_queue_send_front(&q, item, VOS_NO_WAIT)
                        : vos_queue_send(&q, item, VOS_NO_WAIT);
    sx = s;
    sx_item = item;
    sx_result = 1;
    host_irq(send_handler);
    return sx_result;
}

static void recv_handler(void)
{
    sx_result = vos_queue_recv_isr(&q, rx_out);
}

static int qrecv(bool isr, uint8_t *out)
{
    memset(out, 0xEE, QMAX);
    if (!isr)
        return vos_queue_recv(&q, out, VOS_NO_WAIT);
    rx_out = out;
    sx_result = 1;
    host_irq(recv_handler);
    return sx_result;
}

/* Helpers: a task above and one below the director. Each, when told, does
 * one blocking queue call: a receive (then checks the item it got against
 * the id it was told to expect) or a send of the item with the id it was
 * given, to the back or the front, with a timeout or none. */
enum hop { HOP_RECV, HOP_SEND, HOP_SEND_FRONT };

struct helper {
    const char *name;
    vos_task_t *task;
    vos_sem_t go;
    enum hop op;
    vos_dur_t timeout;
    uint8_t id;            /* sent, or expected */
    int result;
    bool busy;
};

static struct helper hi = {.name = "H"}, lo = {.name = "L"};

static void helper_task(void *arg)
{
    struct helper *h = arg;
    uint8_t item[QMAX];
    for (;;) {
        CHECK_EQ(vos_sem_take(&h->go, VOS_FOREVER), VOS_OK);
        if (h->op == HOP_RECV) {
            memset(item, 0xEE, sizeof item);
            h->result = vos_queue_recv(&q, item, h->timeout);
            if (h->result == VOS_OK && !holds(item, h->id))
                t_fail(__FILE__, __LINE__, "%s received the wrong item (expected %u)", h->name,
                       h->id);
        } else {
            fill(item, h->id);
            h->result = h->op == HOP_SEND_FRONT ? vos_queue_send_front(&q, item, h->timeout)
                                                : vos_queue_send(&q, item, h->timeout);
        }
        h->busy = false;
    }
}

static void helper_go(struct helper *h, enum hop op, uint8_t id, vos_dur_t timeout)
{
    CHECK(!h->busy);
    h->op = op;
    h->id = id;
    h->timeout = timeout;
    h->busy = true;
    CHECK_EQ(vos_sem_give(&h->go), VOS_OK);
    vos_sleep(vos_cycles(1));       /* the helper runs up to its wait */
}

static void model_push(uint8_t id, bool front)
{
    if (front) {
        memmove(model + 1, model, model_n);
        model[0] = id;
    } else {
        model[model_n] = id;
    }
    model_n++;
}

static uint8_t model_pop(void)
{
    uint8_t id = model[0];
    memmove(model, model + 1, --model_n);
    return id;
}

/* The forms from a handler refuse a missing item as the task forms do. */
static void null_items_isr(void)
{
    CHECK_EQ(vos_queue_send_isr(&q, NULL), VOS_ERR_ARG);
    CHECK_EQ(vos_queue_send_front_isr(&q, NULL), VOS_ERR_ARG);
    CHECK_EQ(vos_queue_recv_isr(&q, NULL), VOS_ERR_ARG);
}

/* What the random walk went through, per item size: each kind of step
 * must have happened for the walk to count. */
enum { K_SEND, K_SEND_FULL, K_RECV, K_RECV_EMPTY, K_HANDOVER_HI, K_HANDOVER_LO,
       K_REFILL_BACK, K_REFILL_FRONT, K_CLOSED_EMPTY, K_CLOSED_FULL, K_KINDS };
static unsigned seen[K_KINDS];

/* Every send and receive form, every item size (the word copies, the
 * 16-byte path, the memcpy of any other size), against a model of the
 * ring, through random states: empty and full rings wrapped anywhere,
 * a receiver waiting above or below the caller (the item is handed
 * over), a sender waiting on a full ring (its item takes the slot freed,
 * at the back or the front), and the fast paths closed by a waiter that
 * timed out (the next call takes the slow path and opens them again). */
static void model_main(void *arg)
{
    (void)arg;
    static const uint32_t sizes[] = {4, 8, 16, 7, 12};
    uint8_t item[QMAX], out[QMAX];
    uint8_t next_id = 1;

    CHECK_EQ(vos_sem_init(&hi.go, 0, 1), VOS_OK);
    CHECK_EQ(vos_sem_init(&lo.go, 0, 1), VOS_OK);
    hi.task = t_task("H", helper_task, &hi, DIRECTOR + 2);
    lo.task = t_task("L", helper_task, &lo, DIRECTOR - 2);
    vos_sleep(vos_cycles(1));

    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        qsize = sizes[si];
        memset(qbuf, 0, sizeof qbuf);
        CHECK_EQ(vos_queue_init(&q, qbuf, qsize, QCAP), VOS_OK);
        model_n = 0;
        memset(seen, 0, sizeof seen);
        host_irq(null_items_isr);
        for (int step = 0; step < 400 && !t_failed(); step++) {
            uint32_t pick = t_rand() % 16;
            struct helper *h = (t_rand() & 1) ? &hi : &lo;
            if (pick < 5) {                         /* a send, any form */
                const struct sender *s = &senders[pick % 4];
                uint8_t id = next_id;
                next_id = (uint8_t)(next_id + 17);
                fill(item, id);
                int want = model_n < QCAP ? VOS_OK : VOS_ERR_WOULD_BLOCK;
                CHECK_EQ(qsend(s, item), want);
                seen[want == VOS_OK ? K_SEND : K_SEND_FULL]++;
                if (want == VOS_OK)
                    model_push(id, s->front);
            } else if (pick < 10) {                 /* a receive, either form */
                int want = model_n > 0 ? VOS_OK : VOS_ERR_WOULD_BLOCK;
                CHECK_EQ(qrecv(pick & 1, out), want);
                seen[want == VOS_OK ? K_RECV : K_RECV_EMPTY]++;
                if (want == VOS_OK) {
                    uint8_t id = model_pop();
                    if (!holds(out, id))
                        t_fail(__FILE__, __LINE__, "size %u: received not item %u", qsize, id);
                }
            } else if (pick < 12 && model_n == 0) { /* a receiver waits: handed over */
                h = seen[K_HANDOVER_HI] <= seen[K_HANDOVER_LO] ? &hi : &lo;
                helper_go(h, HOP_RECV, next_id, VOS_FOREVER);
                CHECK(h->busy);
                const struct sender *s = &senders[t_rand() % 4];
                fill(item, next_id);
                CHECK_EQ(qsend(s, item), VOS_OK);
                CHECK_EQ(vos_queue_count(&q), 0);
                CHECK(h->busy == (h == &lo));       /* the one above ran at once */
                vos_sleep(vos_cycles(1));
                CHECK(!h->busy);
                CHECK_EQ(h->result, VOS_OK);
                seen[h == &hi ? K_HANDOVER_HI : K_HANDOVER_LO]++;
                next_id = (uint8_t)(next_id + 17);
            } else if (pick < 12 && model_n == QCAP) {  /* a sender waits on the full ring */
                bool front = t_rand() & 1;
                uint8_t id = next_id;
                next_id = (uint8_t)(next_id + 17);
                helper_go(h, front ? HOP_SEND_FRONT : HOP_SEND, id, VOS_FOREVER);
                CHECK(h->busy);
                fill(item, 0x99);
                CHECK_EQ(qsend(&senders[t_rand() % 4], item), VOS_ERR_WOULD_BLOCK);
                CHECK_EQ(qrecv(t_rand() & 1, out), VOS_OK);
                uint8_t got = model_pop();
                if (!holds(out, got))
                    t_fail(__FILE__, __LINE__, "size %u: received not item %u", qsize, got);
                model_push(id, front);
                seen[front ? K_REFILL_FRONT : K_REFILL_BACK]++;
                CHECK_EQ(vos_queue_count(&q), (int)QCAP);   /* the slot refilled */
                vos_sleep(vos_cycles(1));
                CHECK(!h->busy);
                CHECK_EQ(h->result, VOS_OK);
            } else if (pick < 14 && (model_n == 0 || model_n == QCAP)) {
                /* A waiter that times out leaves the fast paths closed. */
                bool empty = model_n == 0;
                helper_go(h, empty ? HOP_RECV : HOP_SEND, 0, vos_cycles(5));
                CHECK(h->busy);
                vos_sleep(vos_cycles(10));
                CHECK(!h->busy);
                CHECK_EQ(h->result, VOS_ERR_TIMEOUT);
                if (empty)
                    CHECK_EQ(q.send_max, 0);
                else
                    CHECK_EQ(q.recv_min, QCAP);
                seen[empty ? K_CLOSED_EMPTY : K_CLOSED_FULL]++;
            }
            CHECK_EQ(vos_queue_count(&q), (int)model_n);
        }
        for (int k = 0; k < K_KINDS; k++)
            if (seen[k] == 0)
                t_fail(__FILE__, __LINE__, "size %u: step kind %d never taken", qsize, k);
        CHECK_INV();
    }
    t_log("done");
    host_stop(0);
}

static void case_queue_model_every_form(void)
{
    CHECK_EQ(t_run(model_main, NULL, DIRECTOR), 0);
    CHECK_LOG("done");
}

/* A queue used before vos_start(): the calls that would wait are refused,
 * the others work. */
static void case_queue_before_start(void)
{
    uint8_t item[QMAX], out[QMAX];
    qsize = 7;
    CHECK_EQ(vos_queue_init(&q, qbuf, qsize, 1), VOS_OK);
    memset(out, 0xEE, sizeof out);
    CHECK_EQ(vos_queue_recv(&q, out, vos_cycles(10)), VOS_ERR_CONTEXT);
    fill(item, 3);
    CHECK_EQ(vos_queue_send(&q, item, vos_cycles(10)), VOS_OK);
    CHECK_EQ(vos_queue_send_front(&q, item, vos_cycles(10)), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_queue_recv(&q, out, vos_cycles(10)), VOS_OK);
    CHECK(holds(out, 3));
    /* A buffer whose end would pass the end of the address space. */
    CHECK_EQ(vos_queue_init(&q, (void *)(UINTPTR_MAX - 15), 4, 4), VOS_ERR_ARG);
    CHECK_EQ(vos_queue_init(&q, (void *)(UINTPTR_MAX - 15), 4, 3), VOS_OK);
}

/* A receiver that starts to wait between a send's fast path and its slow
 * path (a 12-byte item, which the fast path does not copy itself, or a 4-
 * or 8-byte one with the fast path closed by a receiver that timed out: the
 * send leaves the lock; an interrupt at that release wakes the receiver,
 * which runs and waits on the empty queue): the slow path hands the item
 * to it instead of storing it, and the receiver runs at once if it
 * outranks the sender.
 * Variants: one receiver above; a receiver whose priority a third task
 * lowers below the sender's meanwhile; two receivers (the second keeps
 * the fast paths closed, and the next send hands over to it). */
static struct helper r2 = {.name = "R2"};
static vos_sem_t lower_go;
static int window_variant;

static void lowerer(void *arg)
{
    (void)arg;
    for (;;) {
        CHECK_EQ(vos_sem_take(&lower_go, VOS_FOREVER), VOS_OK);
        CHECK_EQ(vos_task_set_priority(hi.task, DIRECTOR - 2), VOS_OK);
        t_log("lowered");
    }
}

static void join_in_window(void)
{
    t_log("irq");
    hi.busy = true;
    CHECK_EQ(vos_sem_give_isr(&hi.go), VOS_OK);   /* runs after the handler, waits */
    if (window_variant == 1)
        CHECK_EQ(vos_sem_give_isr(&lower_go), VOS_OK);
    if (window_variant == 2) {
        r2.busy = true;
        CHECK_EQ(vos_sem_give_isr(&r2.go), VOS_OK);
    }
}

static void qwindow_main(void *arg)
{
    (void)arg;
    static const uint32_t sizes[] = {12, 4, 8};
    uint8_t item[QMAX];
    CHECK_EQ(vos_sem_init(&hi.go, 0, 1), VOS_OK);
    CHECK_EQ(vos_sem_init(&r2.go, 0, 1), VOS_OK);
    CHECK_EQ(vos_sem_init(&lower_go, 0, 1), VOS_OK);
    hi.task = t_task("H", helper_task, &hi, DIRECTOR + 2);
    r2.task = t_task("R2", helper_task, &r2, DIRECTOR + 1);
    t_task("lowerer", lowerer, NULL, DIRECTOR + 1);
    hi.busy = false;
    r2.busy = false;
    r2.op = HOP_RECV;
    r2.timeout = VOS_FOREVER;

    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        qsize = sizes[si];
        memset(qbuf, 0, sizeof qbuf);
        CHECK_EQ(vos_queue_init(&q, qbuf, qsize, QCAP), VOS_OK);
        t_log("size%u", (unsigned)qsize);
        for (window_variant = 0; window_variant < 3; window_variant++) {
            CHECK_EQ(vos_task_set_priority(hi.task, DIRECTOR + 2), VOS_OK);
            if (qsize != 12) {
                /* The fast path copies 4 and 8 bytes itself: a receiver
                 * that timed out closes it, so the send leaves the lock. */
                helper_go(&hi, HOP_RECV, 0, vos_cycles(5));
                vos_sleep(vos_cycles(10));
                CHECK_EQ(hi.result, VOS_ERR_TIMEOUT);
                CHECK_EQ(q.send_max, 0);
            }
            hi.op = HOP_RECV;
            hi.timeout = VOS_FOREVER;
            bool front = window_variant == 1;
            hi.id = (uint8_t)(10 * window_variant + 1);
            r2.id = (uint8_t)(10 * window_variant + 2);
            fill(item, hi.id);
            t_log("send%d", window_variant);
            host_irq_at_unlock(1, join_in_window);
            CHECK_EQ(front ? vos_queue_send_front(&q, item, VOS_FOREVER)
                           : vos_queue_send(&q, item, VOS_FOREVER), VOS_OK);
            t_log("sent");
            CHECK_EQ(vos_queue_count(&q), 0);       /* handed over, not stored */
            CHECK(hi.busy == (window_variant == 1));   /* ran at once unless lowered */
            if (window_variant == 2) {
                CHECK(r2.busy);                     /* still waits */
                CHECK_EQ(q.send_max, 0);
                fill(item, r2.id);
                CHECK_EQ(vos_queue_send(&q, item, VOS_NO_WAIT), VOS_OK);
                CHECK(!r2.busy);
                CHECK_EQ(r2.result, VOS_OK);
                t_log("sent");
            }
            CHECK_EQ(q.send_max, QCAP);             /* nobody waits: open again */
            vos_sleep(vos_cycles(1));
            CHECK(!hi.busy);
            CHECK_EQ(hi.result, VOS_OK);
            CHECK_INV();
        }
    }
}

static void case_queue_receiver_joins_in_window(void)
{
    CHECK_EQ(t_run(qwindow_main, NULL, DIRECTOR), HOST_IDLE);
    CHECK_LOG("size12 send0 irq sent send1 irq lowered sent send2 irq sent sent "
              "size4 send0 irq sent send1 irq lowered sent send2 irq sent sent "
              "size8 send0 irq sent send1 irq lowered sent send2 irq sent sent");
}

/* --- Sleeps ------------------------------------------------------------------------- */

/* A sleep without end (vos_sleep of VOS_DUR_MAX or more, vos_sleep_until
 * VOS_TIME_NEVER) arms no alarm and ends only when the wait is aborted. */
static void forever_sleeper(void *arg)
{
    int r = arg != NULL ? vos_sleep_until(VOS_TIME_NEVER) : vos_sleep(VOS_DUR_MAX);
    t_log("%s:%s@%llu", arg != NULL ? "until" : "sleep", err(r),
          (unsigned long long)vos_now());
}

static void forever_main(void *arg)
{
    (void)arg;
    vos_task_t *a = t_task("A", forever_sleeper, NULL, DIRECTOR + 1);
    vos_task_t *b = t_task("B", forever_sleeper, (void *)1, DIRECTOR + 1);
    CHECK_EQ(vos_task_state(a), VOS_TASK_BLOCKED);
    CHECK_EQ(vos_task_state(b), VOS_TASK_BLOCKED);
    CHECK_TIME(host_alarm_at(), VOS_TIME_NEVER);
    CHECK_TIME(a->deadline, 0);
    host_advance(1000000);
    CHECK_EQ(vos_task_state(a), VOS_TASK_BLOCKED);
    CHECK_EQ(vos_task_abort_wait(a), VOS_OK);
    CHECK_EQ(vos_task_abort_wait(b), VOS_OK);
}

static void case_sleep_forever(void)
{
    CHECK_EQ(t_run(forever_main, NULL, DIRECTOR), HOST_IDLE);
    CHECK_LOG("sleep:aborted@1000000 until:aborted@1000000");
}

/* A sleep short enough to be spun whole (shorter than twice the
 * calibrated lead), interrupted as it releases the lock: a handler that
 * takes part of the sleep leaves the rest to spin; one that takes longer
 * than the whole sleep makes it return at once, late, without spinning. */
static uint64_t irq_cost;

static void slow_irq(void)
{
    host_advance(irq_cost);
}

static void short_main(void *arg)
{
    (void)arg;
    host_switch_cost(40);
    /* Calibrate: the first sleep long enough to block measures the
     * wake-up path (one switch). */
    CHECK_EQ(vos_sleep(vos_cycles(5000)), VOS_OK);
    CHECK_EQ(vos_sleep(vos_cycles(5000)), VOS_OK);

    vos_time_t t0 = vos_now();
    uint64_t sw = host_switches();
    irq_cost = 30;
    host_irq_at_unlock(1, slow_irq);
    CHECK_EQ(vos_sleep(vos_cycles(60)), VOS_OK);
    CHECK_TIME(vos_now(), t0 + 60);                 /* the rest spun: on time */
    CHECK_EQ(host_switches(), sw);                  /* spun, not switched */

    t0 = vos_now();
    irq_cost = 500;
    host_irq_at_unlock(1, slow_irq);
    CHECK_EQ(vos_sleep(vos_cycles(60)), VOS_OK);
    CHECK_TIME(vos_now(), t0 + 500);                /* late: returns at once */

    t0 = vos_now();
    irq_cost = 500;
    host_irq_at_unlock(1, slow_irq);
    CHECK_EQ(vos_sleep_until(t0 + 60), VOS_OK);
    CHECK_TIME(vos_now(), t0 + 500);
    CHECK_EQ(host_switches(), sw);
    host_switch_cost(0);
}

static void case_sleep_spun_interrupted(void)
{
    CHECK_EQ(t_run(short_main, NULL, DIRECTOR), HOST_IDLE);
}

/* The idle task may not sleep: both forms refuse it. */
static void idle_main(void *arg)
{
    (void)arg;
    idle_probe = true;
    vos_sleep(vos_cycles(100));                     /* the idle task runs meanwhile */
    CHECK(!idle_probe);
    CHECK_EQ(idle_sleep_r, VOS_ERR_CONTEXT);
    CHECK_EQ(idle_until_r, VOS_ERR_CONTEXT);
}

static void case_sleep_refused_to_idle(void)
{
    CHECK_EQ(t_run(idle_main, NULL, DIRECTOR), HOST_IDLE);
}

/* The calibrated lead never passes VOS_CFG_WAKE_LEAD_MAX: wake-up paths
 * just below it (switches of the bound less 10, then less 1 cycles) would
 * raise it past it; it stops there, and the sleep still ends at its
 * deadline. A task woken by a blocking call's timeout (which takes no
 * part in the calibration) reads where the alarm is programmed meanwhile. */
static vos_time_t cap_deadline, cap_alarm;
static vos_sem_t never_given;

static void alarm_reader(void *arg)
{
    (void)arg;
    CHECK_EQ(vos_sem_take(&never_given, vos_cycles(50000)), VOS_ERR_TIMEOUT);
    cap_alarm = host_alarm_at();
}

static void cap_main(void *arg)
{
    (void)arg;
    const uint64_t bound = VOS_CFG_WAKE_LEAD_MAX;
    _Static_assert(VOS_CFG_WAKE_LEAD_MAX > 100, "the switch costs below need room");
    CHECK_EQ(vos_sem_init(&never_given, 0, 1), VOS_OK);
    host_switch_cost(bound - 10);
    for (int i = 0; i < 4; i++) {
        if (i == 2)
            host_switch_cost(bound - 1);
        vos_time_t t0 = vos_now();
        CHECK_EQ(vos_sleep(vos_cycles(100000)), VOS_OK);
        CHECK(vos_now() >= t0 + 100000);            /* never early */
    }
    t_task("reader", alarm_reader, NULL, DIRECTOR + 1);
    cap_deadline = vos_now() + 100000;
    CHECK_EQ(vos_sleep_until(cap_deadline), VOS_OK);
    CHECK_TIME(vos_now(), cap_deadline);            /* on time, to the cycle */
    CHECK(cap_alarm < cap_deadline);
    CHECK(cap_deadline - cap_alarm > bound - 10);   /* the lead went up */
    CHECK(cap_deadline - cap_alarm <= bound);
    host_switch_cost(0);
}

static void case_sleep_lead_capped(void)
{
    CHECK_EQ(t_run(cap_main, NULL, DIRECTOR), HOST_IDLE);
}

/* --- Tasks ------------------------------------------------------------------------- */

/* Two tasks each joining a different task: the end of the second one's
 * target wakes only its joiner, past the first one (which waits on in the
 * join queue), whatever their order in it. */
static vos_sem_t end_x, end_y;

static void joinee(void *arg)
{
    CHECK_EQ(vos_sem_take(arg, VOS_FOREVER), VOS_OK);
    t_log("%s-ends", arg == &end_x ? "X" : "Y");
}

static vos_task_t *jx, *jy;

static void joiner(void *arg)
{
    vos_task_t *t = arg;
    int r = vos_task_join(t, VOS_FOREVER);
    t_log("join-%s:%s", t == jx ? "X" : "Y", err(r));
}

static void join_main(void *arg)
{
    (void)arg;
    CHECK_EQ(vos_sem_init(&end_x, 0, 1), VOS_OK);
    CHECK_EQ(vos_sem_init(&end_y, 0, 1), VOS_OK);
    jx = t_task("X", joinee, &end_x, DIRECTOR - 1);
    jy = t_task("Y", joinee, &end_y, DIRECTOR - 1);
    vos_task_t *j1 = t_task("J1", joiner, jx, DIRECTOR + 2);   /* first in the queue */
    vos_task_t *j2 = t_task("J2", joiner, jy, DIRECTOR + 1);
    CHECK_EQ(vos_task_state(j1), VOS_TASK_BLOCKED);
    CHECK_EQ(vos_task_state(j2), VOS_TASK_BLOCKED);
    CHECK(vos__join_q.head == j1);
    CHECK_EQ(vos_sem_give(&end_y), VOS_OK);
    vos_sleep(vos_cycles(1));                       /* Y ends: J2 only */
    CHECK_EQ(vos_task_state(j1), VOS_TASK_BLOCKED);
    CHECK_EQ(vos_task_state(j2), VOS_TASK_EXITED);
    t_log("m");
    CHECK_EQ(vos_sem_give(&end_x), VOS_OK);
    vos_sleep(vos_cycles(1));
    CHECK_EQ(vos_task_state(j1), VOS_TASK_EXITED);
    CHECK_INV();
}

static void case_join_two_targets(void)
{
    CHECK_EQ(t_run(join_main, NULL, DIRECTOR), HOST_IDLE);
    CHECK_LOG("Y-ends join-Y:ok m X-ends join-X:ok");
}

/* A task whose stack guard is broken while it is preempted, still ready:
 * the switch away from it faults it, it leaves the ready list and never
 * runs again, and the task that preempted it goes on. */
static void breaks_guard_and_computes(void *arg)
{
    (void)arg;
    *vos_self()->guard = 0;
    t_log("F-broke");
    host_advance(1000);                              /* preempted at 50 */
    t_log("F-after");
}

static void ready_fault_main(void *arg)
{
    (void)arg;
    vos_task_t *f = t_task("F", breaks_guard_and_computes, NULL, DIRECTOR - 1);
    vos_sleep(vos_cycles(50));                      /* F runs until then */
    t_log("m@%llu", (unsigned long long)vos_now());
    CHECK_EQ(vos_task_state(f), VOS_TASK_FAULTED);
    CHECK(vos_stack_overflow_task() == f);
    CHECK_INV();
    vos_sleep(vos_cycles(5000));                    /* F never runs again */
    t_log("m-end");
}

static void case_fault_of_a_ready_task(void)
{
    CHECK_EQ(t_run(ready_fault_main, NULL, DIRECTOR), HOST_IDLE);
    CHECK_LOG("F-broke m@50 m-end");
}

int main(int argc, char **argv)
{
    static const struct t_case cases[] = {
        {"notify_raise_releases_waiter", case_notify_raise_releases_waiter},
        {"notify_raise_after_timeout", case_notify_raise_after_timeout},
        {"notify_refusals", case_notify_refusals},
        {"notify_met_at_once", case_notify_met_at_once},
        {"notify_take_raised_in_window", case_notify_take_raised_in_window},
        {"queue_model_every_form", case_queue_model_every_form},
        {"queue_before_start", case_queue_before_start},
        {"queue_receiver_joins_in_window", case_queue_receiver_joins_in_window},
        {"sleep_forever", case_sleep_forever},
        {"sleep_spun_interrupted", case_sleep_spun_interrupted},
        {"sleep_refused_to_idle", case_sleep_refused_to_idle},
        {"sleep_lead_capped", case_sleep_lead_capped},
        {"join_two_targets", case_join_two_targets},
        {"fault_of_a_ready_task", case_fault_of_a_ready_task},
    };
    return t_main(argc, argv, cases, sizeof cases / sizeof cases[0]);
}
