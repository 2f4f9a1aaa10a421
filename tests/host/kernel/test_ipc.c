/* SPDX-License-Identifier: MIT */
/*
 * Message queues, event flag groups and direct task notifications: order,
 * direct hand-over to a waiting task, interrupt forms, timeouts, deletion
 * with waiters, bad inputs.
 */
#include <stdio.h>
#include "harness.h"
#include "kernel.h"

static vos_queue_t q;
static uint32_t qbuf[8];
static vos_event_t ev;
static vos_task_t *tk[4];

/* --- Queues -------------------------------------------------------------------------------- */

static void fifo_main(void *arg)
{
    (void)arg;
    CHECK_EQ(vos_queue_init(&q, qbuf, sizeof qbuf[0], 4), VOS_OK);
    uint32_t v, x;
    for (v = 1; v <= 3; v++)
        CHECK_EQ(vos_queue_send(&q, &v, VOS_NO_WAIT), VOS_OK);
    v = 0;
    CHECK_EQ(vos_queue_send_front(&q, &v, VOS_NO_WAIT), VOS_OK);
    v = 9;
    CHECK_EQ(vos_queue_send(&q, &v, VOS_NO_WAIT), VOS_ERR_WOULD_BLOCK);
    CHECK_EQ(vos_queue_send_front(&q, &v, VOS_NO_WAIT), VOS_ERR_WOULD_BLOCK);
    CHECK_EQ(vos_queue_count(&q), 4);
    for (uint32_t want = 0; want <= 3; want++) {
        CHECK_EQ(vos_queue_recv(&q, &x, VOS_NO_WAIT), VOS_OK);
        CHECK_EQ(x, want);
    }
    x = 77;
    CHECK_EQ(vos_queue_recv(&q, &x, VOS_NO_WAIT), VOS_ERR_WOULD_BLOCK);
    CHECK_EQ(x, 77);                               /* not written on error */
}

static void case_queue_fifo_and_front(void)
{
    CHECK_EQ(t_run(fifo_main, NULL, 5), HOST_IDLE);
}

/* Items of odd sizes, around the ring many times. */
static void ring_main(void *arg)
{
    (void)arg;
    static uint8_t buf[5 * 7];
    CHECK_EQ(vos_queue_init(&q, buf, 7, 5), VOS_OK);
    uint8_t in[7], out[7];
    unsigned sent = 0, got = 0;
    for (unsigned round = 0; round < 200; round++) {
        unsigned n = 1 + t_rand() % 5;
        for (unsigned i = 0; i < n; i++) {
            for (unsigned b = 0; b < 7; b++)
                in[b] = (uint8_t)(sent * 7 + b);
            if (vos_queue_send(&q, in, VOS_NO_WAIT) == VOS_OK)
                sent++;
        }
        unsigned m = 1 + t_rand() % 5;
        for (unsigned i = 0; i < m; i++) {
            if (vos_queue_recv(&q, out, VOS_NO_WAIT) != VOS_OK)
                break;
            for (unsigned b = 0; b < 7; b++)
                if (out[b] != (uint8_t)(got * 7 + b))
                    t_fail(__FILE__, __LINE__, "item %u byte %u is %u", got, b, out[b]);
            got++;
        }
        CHECK_EQ(vos_queue_count(&q), (int)(sent - got));
    }
}

static void case_queue_ring_odd_items(void)
{
    CHECK_EQ(t_run(ring_main, NULL, 5), HOST_IDLE);
}

/* Every copy form of the queue (word moves for 4, 8 and 16 bytes, memcpy
 * otherwise) at an odd buffer address, with sends to the back and the
 * front, around the ring many times, against a model of the ring. */
static void sizes_main(void *arg)
{
    (void)arg;
    static const uint32_t sizes[] = { 1, 3, 4, 7, 8, 12, 16, 17, 32 };
    static uint8_t area[1 + 5 * 32];
    for (unsigned k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        uint32_t size = sizes[k];
        CHECK_EQ(vos_queue_init(&q, area + 1, size, 5), VOS_OK);
        uint32_t model[5], head = 0, n = 0, next = 1;
        uint8_t in[32], out[33];
        for (unsigned round = 0; round < 300; round++) {
            bool front = t_rand() % 3 == 0;
            for (unsigned b = 0; b < size; b++)
                in[b] = (uint8_t)(next * 31 + b);
            int r = front ? vos_queue_send_front(&q, in, VOS_NO_WAIT)
                          : vos_queue_send(&q, in, VOS_NO_WAIT);
            if (n == 5) {
                CHECK_EQ(r, VOS_ERR_WOULD_BLOCK);
            } else {
                CHECK_EQ(r, VOS_OK);
                if (front) {
                    head = (head + 4) % 5;
                    model[head] = next;
                } else {
                    model[(head + n) % 5] = next;
                }
                n++;
                next++;
            }
            unsigned m = t_rand() % 3;
            for (unsigned i = 0; i < m; i++) {
                out[size] = 0xA5;
                r = vos_queue_recv(&q, out, VOS_NO_WAIT);
                if (n == 0) {
                    CHECK_EQ(r, VOS_ERR_WOULD_BLOCK);
                    break;
                }
                CHECK_EQ(r, VOS_OK);
                for (unsigned b = 0; b < size; b++)
                    if (out[b] != (uint8_t)(model[head] * 31 + b))
                        t_fail(__FILE__, __LINE__, "size %u item %u byte %u is %u",
                               (unsigned)size, (unsigned)model[head], b, out[b]);
                CHECK_EQ(out[size], 0xA5);          /* nothing past the item */
                head = (head + 1) % 5;
                n--;
            }
            CHECK_EQ(vos_queue_count(&q), (int)n);
        }
        CHECK_EQ(vos_queue_delete(&q), VOS_OK);
    }
}

static void case_queue_item_sizes(void)
{
    CHECK_EQ(t_run(sizes_main, NULL, 5), HOST_IDLE);
}

static void receiver(void *arg)
{
    uint32_t x = 0;
    int r = vos_queue_recv(&q, &x, VOS_FOREVER);
    t_log("%s:%s:%u", (const char *)arg, vos_strerror(r), (unsigned)x);
}

static void handoff_main(void *arg)
{
    (void)arg;
    vos_queue_init(&q, qbuf, sizeof qbuf[0], 2);
    t_task("L1", receiver, "L1", 3);
    t_task("H1", receiver, "H1", 8);
    t_task("L2", receiver, "L2", 3);
    t_task("H2", receiver, "H2", 8);
    vos_sleep(vos_cycles(1));                                  /* all four wait */
    for (uint32_t v = 1; v <= 4; v++) {
        t_log("send%u", (unsigned)v);
        CHECK_EQ(vos_queue_send(&q, &v, VOS_NO_WAIT), VOS_OK);
        CHECK_EQ(vos_queue_count(&q), 0);          /* straight to the receiver */
    }
}

static void case_queue_handoff_to_receivers(void)
{
    CHECK_EQ(t_run(handoff_main, NULL, 5), HOST_IDLE);
    /* The higher ones run at once; the lower ones when main is done. */
    CHECK_LOG("send1 H1:ok:1 send2 H2:ok:2 send3 send4 L1:ok:3 L2:ok:4");
}

static void sender(void *arg)
{
    uint32_t v = (uint32_t)(uintptr_t)arg;
    int r = vos_queue_send(&q, &v, VOS_FOREVER);
    t_log("S%u:%s", (unsigned)v, vos_strerror(r));
}

static void full_main(void *arg)
{
    (void)arg;
    vos_queue_init(&q, qbuf, sizeof qbuf[0], 2);
    uint32_t v = 100, x;
    CHECK_EQ(vos_queue_send(&q, &v, VOS_NO_WAIT), VOS_OK);
    v = 101;
    CHECK_EQ(vos_queue_send(&q, &v, VOS_NO_WAIT), VOS_OK);
    t_task("s1", sender, (void *)1, 3);
    t_task("s2", sender, (void *)2, 7);
    t_task("s3", sender, (void *)3, 3);
    vos_sleep(vos_cycles(1));                                  /* the three wait, full */
    CHECK_EQ(vos_queue_count(&q), 2);
    CHECK_INV();
    static const uint32_t want[] = {100, 101, 2, 1, 3};
    for (int i = 0; i < 5; i++) {
        CHECK_EQ(vos_queue_recv(&q, &x, VOS_NO_WAIT), VOS_OK);
        CHECK_EQ(x, want[i]);
    }
    t_log("m");
}

static void case_queue_senders_wait_when_full(void)
{
    CHECK_EQ(t_run(full_main, NULL, 5), HOST_IDLE);
    /* s2 (priority 7) moves into the queue first and runs at once. */
    CHECK_LOG("S2:ok m S1:ok S3:ok");
}

static void timed_recv(void *arg)
{
    uint32_t x;
    vos_time_t t0 = vos_now();
    int r = vos_queue_recv(&q, &x, vos_cycles((uintptr_t)arg));
    t_log("R:%s@%llu", vos_strerror(r), (unsigned long long)(vos_now() - t0));
}

static void timed_send(void *arg)
{
    uint32_t v = 5;
    vos_time_t t0 = vos_now();
    int r = vos_queue_send(&q, &v, vos_cycles((uintptr_t)arg));
    t_log("S:%s@%llu", vos_strerror(r), (unsigned long long)(vos_now() - t0));
}

static void timeout_main(void *arg)
{
    (void)arg;
    vos_queue_init(&q, qbuf, sizeof qbuf[0], 1);
    t_task("r", timed_recv, (void *)300, 7);
    vos_sleep(vos_cycles(400));
    uint32_t v = 1;
    CHECK_EQ(vos_queue_send(&q, &v, VOS_NO_WAIT), VOS_OK);
    t_task("s", timed_send, (void *)250, 7);
    vos_sleep(vos_cycles(400));
    CHECK_EQ(vos_queue_count(&q), 1);
}

static void case_queue_timeouts(void)
{
    CHECK_EQ(t_run(timeout_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("R:timeout@300 S:timeout@250");
}

static void queue_isr_handler(void)
{
    uint32_t v = 42, x;
    CHECK_EQ(vos_queue_send_isr(&q, &v), VOS_OK);      /* to the waiting receiver */
    v = 43;
    CHECK_EQ(vos_queue_send_isr(&q, &v), VOS_OK);
    v = 41;
    CHECK_EQ(vos_queue_send_front_isr(&q, &v), VOS_OK);
    CHECK_EQ(vos_queue_send_isr(&q, &v), VOS_ERR_WOULD_BLOCK);   /* full: 2 */
    CHECK_EQ(vos_queue_recv_isr(&q, &x), VOS_OK);
    CHECK_EQ(x, 41);
    CHECK_EQ(vos_queue_send(&q, &v, VOS_NO_WAIT), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_queue_recv(&q, &x, VOS_NO_WAIT), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_queue_delete(&q), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_queue_init(&q, qbuf, 4, 2), VOS_ERR_CONTEXT);
    t_log("isr");
}

static void queue_isr_main(void *arg)
{
    (void)arg;
    vos_queue_init(&q, qbuf, sizeof qbuf[0], 2);
    t_task("R", receiver, "R", 9);
    host_irq(queue_isr_handler);
    uint32_t x;
    CHECK_EQ(vos_queue_send_isr(&q, &x), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_queue_recv_isr(&q, &x), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_queue_recv(&q, &x, VOS_NO_WAIT), VOS_OK);
    CHECK_EQ(x, 43);
    CHECK_EQ(vos_queue_count(&q), 0);
}

static void case_queue_from_interrupts(void)
{
    CHECK_EQ(t_run(queue_isr_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("isr R:ok:42");
}

static void queue_delete_main(void *arg)
{
    (void)arg;
    vos_queue_init(&q, qbuf, sizeof qbuf[0], 1);
    t_task("A", receiver, "A", 7);
    t_task("B", timed_recv, (void *)1000, 8);
    CHECK_EQ(vos_queue_delete(&q), VOS_OK);
    uint32_t v = 1;
    CHECK_EQ(vos_queue_send(&q, &v, VOS_NO_WAIT), VOS_ERR_INVALID);
    CHECK_EQ(vos_queue_count(&q), VOS_ERR_INVALID);
    CHECK_EQ(vos_queue_delete(&q), VOS_ERR_INVALID);
    vos_sleep(vos_cycles(2000));                               /* B's old deadline passes */
    /* Senders too. */
    vos_queue_init(&q, qbuf, sizeof qbuf[0], 1);
    CHECK_EQ(vos_queue_send(&q, &v, VOS_NO_WAIT), VOS_OK);
    t_task("S", sender, (void *)7, 7);
    CHECK_EQ(vos_queue_delete(&q), VOS_OK);
}

static void case_queue_delete_with_waiters(void)
{
    CHECK_EQ(t_run(queue_delete_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("R:object deleted@0 A:object deleted:0 S7:object deleted");
}

static void case_queue_bad_inputs(void)
{
    uint32_t v = 0;
    CHECK_EQ(vos_queue_init(NULL, qbuf, 4, 2), VOS_ERR_INVALID);
    CHECK_EQ(vos_queue_init(&q, NULL, 4, 2), VOS_ERR_ARG);
    CHECK_EQ(vos_queue_init(&q, qbuf, 0, 2), VOS_ERR_ARG);
    CHECK_EQ(vos_queue_init(&q, qbuf, 4, 0), VOS_ERR_ARG);
    CHECK_EQ(vos_queue_init(&q, qbuf, SIZE_MAX / 2, 3), VOS_ERR_ARG);
    CHECK_EQ(vos_queue_init(&q, qbuf, 4, 2), VOS_OK);
    CHECK_EQ(vos_queue_send(&q, NULL, VOS_NO_WAIT), VOS_ERR_ARG);
    CHECK_EQ(vos_queue_recv(&q, NULL, VOS_NO_WAIT), VOS_ERR_ARG);
    CHECK_EQ(vos_queue_send((vos_queue_t *)(void *)&ev, &v, VOS_NO_WAIT), VOS_ERR_INVALID);
    CHECK_EQ(vos_queue_count(NULL), VOS_ERR_INVALID);
    /* Before the start: no waiting, but no-wait calls work. */
    CHECK_EQ(vos_queue_recv(&q, &v, VOS_FOREVER), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_queue_send(&q, &v, VOS_FOREVER), VOS_OK);
    CHECK_EQ(vos_queue_send(&q, &v, VOS_NO_WAIT), VOS_OK);
    CHECK_EQ(vos_queue_send(&q, &v, VOS_FOREVER), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_queue_recv(&q, &v, VOS_FOREVER), VOS_OK);
    CHECK_EQ(vos_queue_delete(&q), VOS_OK);
}

/* --- Event flags ---------------------------------------------------------------------------- */

struct ewait {
    const char *name;
    uint32_t bits;
    unsigned options;
};

static void event_waiter(void *arg)
{
    const struct ewait *w = arg;
    uint32_t got = 0xDEAD;
    int r = vos_event_wait(&ev, w->bits, w->options, VOS_FOREVER, &got);
    t_log("%s:%s:%x", w->name, vos_strerror(r), (unsigned)got);
}

static void event_main(void *arg)
{
    (void)arg;
    static const struct ewait a = {"A", 0x1, VOS_EVENT_ANY};
    static const struct ewait b = {"B", 0x3, VOS_EVENT_ALL};
    static const struct ewait c = {"C", 0x2, VOS_EVENT_ANY | VOS_EVENT_CLEAR};
    static const struct ewait d = {"D", 0x2, VOS_EVENT_ANY};
    CHECK_EQ(vos_event_init(&ev, 0), VOS_OK);
    t_task("A", event_waiter, (void *)&a, 6);
    t_task("B", event_waiter, (void *)&b, 7);
    t_task("C", event_waiter, (void *)&c, 8);
    t_task("D", event_waiter, (void *)&d, 3);
    vos_sleep(vos_cycles(1));                                   /* D waits too */
    t_log("set1");
    CHECK_EQ(vos_event_set(&ev, 0x1), VOS_OK);     /* A only */
    t_log("set2");
    CHECK_EQ(vos_event_set(&ev, 0x2), VOS_OK);     /* C, B and D, by priority */
    uint32_t f;
    CHECK_EQ(vos_event_get(&ev, &f), VOS_OK);
    CHECK_EQ(f, 0x1);                               /* C cleared 0x2 after all */
    t_log("m");
}

static void case_event_any_all_clear(void)
{
    CHECK_EQ(t_run(event_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("set1 A:ok:1 set2 C:ok:3 B:ok:3 m D:ok:3");
}

static void event_timeout(void *arg)
{
    (void)arg;
    uint32_t got = 0xDEAD;
    vos_time_t t0 = vos_now();
    int r = vos_event_wait(&ev, 0x10, VOS_EVENT_ANY, vos_cycles(500), &got);
    t_log("T:%s@%llu:%x", vos_strerror(r), (unsigned long long)(vos_now() - t0),
          (unsigned)got);
}

static void event_isr(void)
{
    CHECK_EQ(vos_event_set_isr(&ev, 0x4), VOS_OK);
    CHECK_EQ(vos_event_set(&ev, 0x4), VOS_ERR_CONTEXT);
    uint32_t got;
    CHECK_EQ(vos_event_wait(&ev, 0x4, VOS_EVENT_ANY, VOS_NO_WAIT, &got), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_event_clear(&ev, 0x100), VOS_OK);
    t_log("isr");
}

static void event_misc_main(void *arg)
{
    (void)arg;
    uint32_t got = 0;
    CHECK_EQ(vos_event_init(&ev, 0x5), VOS_OK);
    CHECK_EQ(vos_event_wait(&ev, 0x4, VOS_EVENT_ANY, VOS_NO_WAIT, &got), VOS_OK);
    CHECK_EQ(got, 0x5);
    CHECK_EQ(vos_event_wait(&ev, 0x6, VOS_EVENT_ALL, VOS_NO_WAIT, &got), VOS_ERR_WOULD_BLOCK);
    CHECK_EQ(vos_event_wait(&ev, 0, VOS_EVENT_ANY, VOS_NO_WAIT, &got), VOS_ERR_ARG);
    CHECK_EQ(vos_event_wait(&ev, 1, 0x80, VOS_NO_WAIT, &got), VOS_ERR_ARG);
    CHECK_EQ(vos_event_wait(&ev, 0x5, VOS_EVENT_ALL | VOS_EVENT_CLEAR, VOS_NO_WAIT, NULL),
             VOS_OK);
    CHECK_EQ(vos_event_get(&ev, &got), VOS_OK);
    CHECK_EQ(got, 0);
    CHECK_EQ(vos_event_get(&ev, NULL), VOS_ERR_ARG);
    t_task("T", event_timeout, NULL, 7);
    vos_sleep(vos_cycles(600));
    host_irq(event_isr);
    t_task("W", event_waiter, &(struct ewait){"W", 0x4, VOS_EVENT_ANY}, 7);
    t_task("X", event_waiter, &(struct ewait){"X", 0x8, VOS_EVENT_ANY}, 7);
    CHECK_EQ(vos_event_delete(&ev), VOS_OK);
    CHECK_EQ(vos_event_set(&ev, 1), VOS_ERR_INVALID);
}

static void case_event_misc(void)
{
    CHECK_EQ(t_run(event_misc_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("T:timeout@500:dead isr W:ok:4 X:object deleted:dead");
}

/* --- Notifications -------------------------------------------------------------------------- */

static void taker(void *arg)
{
    (void)arg;
    uint32_t v = 0;
    int r = vos_notify_take(false, VOS_FOREVER, &v);
    t_log("take:%s:%u", vos_strerror(r), (unsigned)v);
    r = vos_notify_take(true, vos_cycles(300), &v);
    t_log("take:%s:%u", vos_strerror(r), (unsigned)v);
    r = vos_notify_take(true, vos_cycles(300), &v);
    t_log("take:%s@%llu", vos_strerror(r), (unsigned long long)vos_now());
}

static void give_isr(void)
{
    CHECK_EQ(vos_notify_give_isr(tk[0]), VOS_OK);
    CHECK_EQ(vos_notify_give(tk[0]), VOS_ERR_CONTEXT);
    t_log("isr");
}

static void notify_count_main(void *arg)
{
    (void)arg;
    tk[0] = t_task("T", taker, NULL, 7);
    vos_sleep(vos_cycles(1));                                   /* T waits */
    host_irq(give_isr);                             /* T released with 1 */
    CHECK_EQ(vos_notify_give(tk[0]), VOS_OK);       /* counted: T is below us */
    CHECK_EQ(vos_notify_give(tk[0]), VOS_OK);       /* T will take both: 2 */
    vos_sleep(vos_cycles(1000));                                /* T times out at ~300 */
    CHECK_EQ(vos_notify_give(tk[0]), VOS_ERR_STATE);    /* exited */
    CHECK_EQ(vos_notify_give((vos_task_t *)(void *)&q), VOS_ERR_INVALID);
    uint32_t v;
    CHECK_EQ(vos_notify_take(false, VOS_NO_WAIT, &v), VOS_ERR_WOULD_BLOCK);
    vos_self()->notify = UINT32_MAX;
    CHECK_EQ(vos_notify_give(vos_self()), VOS_ERR_OVERFLOW);
    CHECK_EQ(vos_notify_take(true, VOS_NO_WAIT, &v), VOS_OK);
    CHECK_EQ(v, UINT32_MAX);
}

static void case_notify_count(void)
{
    CHECK_EQ(t_run(notify_count_main, NULL, 9), HOST_IDLE);
    CHECK_LOG("isr take:ok:1 take:ok:2 take:timeout@301");
}

static void flag_waiter(void *arg)
{
    (void)arg;
    uint32_t got = 0;
    int r = vos_notify_wait(0x4, 0x4, VOS_FOREVER, &got);
    t_log("wait:%s:%x", vos_strerror(r), (unsigned)got);
    CHECK_EQ(vos_self()->notify, 0x1);              /* 0x4 cleared on exit */
    r = vos_notify_wait(0x8, 0, vos_cycles(200), &got);
    t_log("wait:%s", vos_strerror(r));
}

static void notify_flags_main(void *arg)
{
    (void)arg;
    tk[0] = t_task("F", flag_waiter, NULL, 7);
    CHECK_EQ(vos_notify_set(tk[0], 0x1), VOS_OK);   /* not its flag: waits on */
    CHECK_EQ(vos_task_state(tk[0]), VOS_TASK_BLOCKED);
    t_log("set");
    CHECK_EQ(vos_notify_set(tk[0], 0x4), VOS_OK);
    CHECK_EQ(vos_notify_set(tk[0], 0), VOS_ERR_ARG);
    uint32_t got;
    CHECK_EQ(vos_notify_wait(0, 0, VOS_NO_WAIT, &got), VOS_ERR_ARG);
    vos_sleep(vos_cycles(1000));
}

static void case_notify_flags(void)
{
    CHECK_EQ(t_run(notify_flags_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("set wait:ok:5 wait:timeout");
}

int main(int argc, char **argv)
{
    static const struct t_case cases[] = {
        {"queue_fifo_and_front", case_queue_fifo_and_front},
        {"queue_ring_odd_items", case_queue_ring_odd_items},
        {"queue_item_sizes", case_queue_item_sizes},
        {"queue_handoff_to_receivers", case_queue_handoff_to_receivers},
        {"queue_senders_wait_when_full", case_queue_senders_wait_when_full},
        {"queue_timeouts", case_queue_timeouts},
        {"queue_from_interrupts", case_queue_from_interrupts},
        {"queue_delete_with_waiters", case_queue_delete_with_waiters},
        {"queue_bad_inputs", case_queue_bad_inputs},
        {"event_any_all_clear", case_event_any_all_clear},
        {"event_misc", case_event_misc},
        {"notify_count", case_notify_count},
        {"notify_flags", case_notify_flags},
    };
    return t_main(argc, argv, cases, sizeof cases / sizeof cases[0]);
}
