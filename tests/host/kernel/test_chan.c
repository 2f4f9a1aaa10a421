/* SPDX-License-Identifier: MIT */
/*
 * Channels: send / receive / reply (kernel/channel.c).
 *
 * Named scenarios (the copy both ways, lengths and statuses, the order of
 * receipt, signals, deletion, a server that ends holding clients, a
 * client that ends while served), then enumerations checked against an
 * independent model:
 *
 *   chains of 3 and 4 servers (T0 serves T1, which serves T2, ...), the
 *   same with a mutex at the root (T1 waits for a mutex T0 holds), and a
 *   server holding 2 and 3 clients (fan), over every assignment of base
 *   priorities; every order of every reply, unlock and timeout the system
 *   allows, with and without deadlines on every wait; after the last step
 *   every server replies to the clients that timed out while it held them
 *   and must get VOS_ERR_STATE.
 *
 * The model knows only what the director told the tasks to do and
 * computes
 *   eff(t) = max(base(t), eff(w) for every w that t holds as a client or
 *                that waits for a mutex t holds)
 * (a queued, not yet received client lends nothing). After every step
 * every task's priority, the client each receive returned and every
 * finished call's result must match it, and the kernel invariant checker
 * (which knows the served queues) must pass.
 *
 * Then random load: clients of mixed priorities, some with timeouts, and
 * servers holding several clients and replying out of order; every
 * message is received at most once, every reply reaches the send it
 * answers, and each one ends exactly one way.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include "harness.h"
#include "odometer.h"
#include "kernel.h"
#include "puppet.h"

#define NT 5
#define DIRECTOR VOS_PRIO_MAX
#define TMO_STEP 1000000u
#define NEVER VOS_TIME_NEVER   /* no deadline */

static vos_chan_t chx;

/* --- Named scenarios -------------------------------------------------------------------- */

static uint8_t big_req[64], big_rep[64];

static void echo_server(void *arg)
{
    (void)arg;
    uint8_t buf[64];
    vos_msg_client_t cl;
    for (;;) {
        int n = vos_msg_receive(&chx, buf, sizeof buf, &cl, VOS_FOREVER);
        if (n < 0)
            return;
        t_log("S:%d@%d", n, vos_task_priority(NULL));
        for (int i = 0; i < n; i++)
            buf[i] = (uint8_t)(buf[i] + 1);
        CHECK_EQ(vos_msg_reply(&cl, buf, (size_t)n, VOS_OK), VOS_OK);
        CHECK_EQ(vos_msg_reply(&cl, buf, (size_t)n, VOS_OK), VOS_ERR_STATE);
    }
}

static void roundtrip_main(void *arg)
{
    (void)arg;
    vos_chan_init(&chx);
    t_task("S", echo_server, NULL, 3);
    for (int i = 0; i < 64; i++)
        big_req[i] = (uint8_t)i;
    CHECK_EQ(vos_msg_send(&chx, big_req, 64, big_rep, 64, VOS_FOREVER), 64);
    for (int i = 0; i < 64; i++)
        CHECK_EQ(big_rep[i], i + 1);
    uint32_t v = 41;
    CHECK_EQ(vos_msg_send(&chx, &v, 4, &v, 4, vos_ms(1)), 4);   /* one buffer both ways */
    CHECK_EQ(v, 0x0101012au);
    CHECK_EQ(vos_msg_send(&chx, NULL, 0, NULL, 0, VOS_FOREVER), 0);
    CHECK_INV();
    CHECK_LOG("S:64@8 S:4@8 S:0@8");
    vos_chan_delete(&chx);
}

static void case_roundtrip_copies_both_ways(void)
{
    CHECK_EQ(t_run(roundtrip_main, NULL, 8), HOST_IDLE);
}

static void sizes_server(void *arg)
{
    (void)arg;
    uint8_t buf[8];
    vos_msg_client_t cl;
    /* 1: a request longer than the buffer: refused both sides, true length. */
    CHECK_EQ(vos_msg_receive(&chx, buf, 4, &cl, VOS_FOREVER), VOS_ERR_TOO_BIG);
    CHECK_EQ(cl.len, 8);
    /* nothing held; the client's next send waits queued, and lends to us
     * (ready, its channel's server) only if configured */
    CHECK_EQ(vos_task_priority(NULL), VOS_CFG_MSG_LEND_QUEUED ? 8 : 3);
    /* 2: a reply longer than the client's room: refused, still held. */
    CHECK_EQ(vos_msg_receive(&chx, buf, 8, &cl, VOS_FOREVER), 2);
    CHECK_EQ(cl.reply_cap, 2);
    CHECK_EQ(vos_msg_reply(&cl, buf, 3, VOS_OK), VOS_ERR_TOO_BIG);
    CHECK_EQ(vos_task_priority(NULL), 8);
    CHECK_EQ(vos_msg_reply(&cl, buf, 2, 5), VOS_ERR_ARG);      /* not a status */
    CHECK_EQ(vos_msg_reply(&cl, buf, 2, VOS_ERR_TIMEOUT), VOS_ERR_ARG);
    CHECK_EQ(vos_msg_reply(&cl, NULL, 0, VOS_MSG_STATUS_APP - 7), VOS_OK);
    /* the client (8) sent again at once: queued, it lends if configured */
    CHECK_EQ(vos_task_priority(NULL), VOS_CFG_MSG_LEND_QUEUED ? 8 : 3);
    /* 3: a queued request longer than the buffer: refused both sides. */
    vos_sleep(vos_cycles(10));
    CHECK_EQ(vos_msg_receive(&chx, buf, 4, &cl, VOS_NO_WAIT), VOS_ERR_TOO_BIG);
    CHECK_EQ(cl.len, 8);
    CHECK_EQ(vos_task_priority(NULL), 3);
    t_log("refused");
}

static void sizes_main(void *arg)
{
    (void)arg;
    vos_chan_init(&chx);
    uint8_t req[8] = {0}, rep[2];
    CHECK_EQ(vos_msg_send(&chx, req, 8, rep, 2, VOS_NO_WAIT), VOS_ERR_WOULD_BLOCK);
    t_task("S", sizes_server, NULL, 3);
    vos_sleep(vos_cycles(1));                               /* S waits in its receive */
    CHECK_EQ(vos_msg_send(&chx, req, 8, rep, 2, VOS_NO_WAIT), VOS_ERR_TOO_BIG);
    CHECK_EQ(vos_msg_send(&chx, req, 2, rep, 2, VOS_FOREVER), VOS_MSG_STATUS_APP - 7);
    CHECK_EQ(vos_msg_send(&chx, req, 8, rep, 2, VOS_FOREVER), VOS_ERR_TOO_BIG);  /* queued */
    vos_sleep(vos_cycles(1));
    CHECK_INV();
    CHECK_LOG("refused");
}

static void case_lengths_and_statuses(void)
{
    CHECK_EQ(t_run(sizes_main, NULL, 8), HOST_IDLE);
}

static void order_client(void *arg)
{
    uint32_t id = (uint32_t)(uintptr_t)arg;
    CHECK_EQ(vos_msg_send(&chx, &id, 4, NULL, 0, VOS_FOREVER), 0);
}

static void order_main(void *arg)
{
    (void)arg;
    vos_chan_init(&chx);
    /* Queued clients lend nothing: we stay at 2 while they wait. */
    t_task("c1", order_client, (void *)1, 4);
    t_task("c2", order_client, (void *)2, 6);
    t_task("c3", order_client, (void *)3, 4);
    t_task("c4", order_client, (void *)4, 6);
    CHECK_EQ(vos_task_priority(NULL), 2);
    vos_msg_client_t cl[4];
    uint32_t id;
    for (int i = 0; i < 4; i++) {
        CHECK_EQ(vos_msg_receive(&chx, &id, 4, &cl[i], VOS_NO_WAIT), 4);
        t_log("%u@%d", id, vos_task_priority(NULL));
        CHECK_INV();
    }
    CHECK_EQ(vos_msg_receive(&chx, &id, 4, &cl[0], VOS_NO_WAIT), VOS_ERR_WOULD_BLOCK);
    /* Reply out of order: the priority falls to exactly what is left. */
    int want[4] = {6, 4, 4, 2};
    int order[4] = {1, 0, 3, 2};
    for (int i = 0; i < 4; i++) {
        CHECK_EQ(vos_msg_reply(&cl[order[i]], NULL, 0, VOS_OK), VOS_OK);
        CHECK_EQ(vos_task_priority(NULL), want[i]);
        CHECK_INV();
    }
    CHECK_LOG("2@6 4@6 1@6 3@6");
}

static void case_receive_order_and_any_reply_order(void)
{
    CHECK_EQ(t_run(order_main, NULL, 2), HOST_IDLE);
}

static vos_msg_client_t held;

static void hold_server(void *arg)
{
    (void)arg;
    uint32_t id;
    CHECK_EQ(vos_msg_receive(&chx, &id, 4, &held, VOS_FOREVER), 4);
    t_log("got%u", id);
    host_advance(vos_dur_cycles(vos_ms(10)));   /* works on it; the client gives up meanwhile */
    t_log("prio%d", vos_task_priority(NULL));
    CHECK_EQ(vos_msg_reply(&held, &id, 4, VOS_OK), VOS_ERR_STATE);
    t_log("late");
}

static void timeout_main(void *arg)
{
    (void)arg;
    vos_chan_init(&chx);
    t_task("S", hold_server, NULL, 3);
    uint32_t id = 7, rep = 0;
    CHECK_EQ(vos_msg_send(&chx, &id, 4, &rep, 4, vos_ms(1)), VOS_ERR_TIMEOUT);
    t_log("timeout@%llu", (unsigned long long)vos_now());
    CHECK_EQ(rep, 0);
    CHECK_INV();
}

static void case_client_timeout_while_served(void)
{
    CHECK_EQ(t_run(timeout_main, NULL, 9), HOST_IDLE);
    /* The server ran at 9 while it held the client, and 3 once it left. */
    CHECK_LOG("got7 timeout@1000000 prio3 late");
}

static vos_task_t *server_task;

static void two_clients_server(void *arg)
{
    (void)arg;
    uint32_t id;
    vos_msg_client_t c1, c2;
    CHECK_EQ(vos_msg_receive(&chx, &id, 4, &c1, VOS_FOREVER), 4);
    CHECK_EQ(vos_msg_receive(&chx, &id, 4, &c2, VOS_FOREVER), 4);
    t_log("S-holds@%d", vos_task_priority(NULL));
    CHECK_EQ(vos_msg_receive(&chx, &id, 4, &c2, VOS_FOREVER), VOS_OK);   /* never returns */
}

static void ended_client(void *arg)
{
    uint32_t id = 1;
    int r = vos_msg_send(&chx, &id, 4, NULL, 0, VOS_FOREVER);
    t_log("%s:%s", (const char *)arg, vos_strerror(r));
}

static void server_ends_main(void *arg)
{
    (void)arg;
    vos_chan_init(&chx);
    server_task = t_task("S", two_clients_server, NULL, 2);
    t_task("A", ended_client, "A", 5);
    t_task("B", ended_client, "B", 4);
    vos_sleep(vos_cycles(1));
    CHECK_EQ(vos_task_priority(server_task), 5);
    CHECK_EQ(vos_task_terminate(server_task), VOS_OK);
    vos_sleep(vos_cycles(1));
    CHECK_INV();
}

static void case_server_terminated_holding_clients(void)
{
    CHECK_EQ(t_run(server_ends_main, NULL, 9), HOST_IDLE);
    CHECK_LOG("S-holds@5 A:object deleted B:object deleted");
}

static vos_task_t *victim;

static void keep_server(void *arg)
{
    (void)arg;
    uint32_t id;
    CHECK_EQ(vos_msg_receive(&chx, &id, 4, &held, VOS_FOREVER), 4);
    CHECK_EQ(vos_task_priority(NULL), 6);
    vos_sleep(vos_cycles(10));             /* the client is terminated meanwhile */
    CHECK_EQ(vos_task_priority(NULL), 2);
    CHECK_EQ(vos_msg_reply(&held, &id, 4, VOS_OK), VOS_ERR_STATE);
    t_log("reply-harmless");
}

static void client_ends_main(void *arg)
{
    (void)arg;
    vos_chan_init(&chx);
    t_task("S", keep_server, NULL, 2);
    victim = t_task("C", ended_client, "C", 6);
    vos_sleep(vos_cycles(5));
    CHECK_EQ(vos_task_terminate(victim), VOS_OK);
    CHECK_INV();
    vos_sleep(vos_cycles(10));
    CHECK_INV();
}

static void case_client_terminated_while_served(void)
{
    CHECK_EQ(t_run(client_ends_main, NULL, 9), HOST_IDLE);
    CHECK_LOG("reply-harmless");
}

static void reuse_server(void *arg)
{
    (void)arg;
    uint32_t id;
    vos_msg_client_t first, second;
    CHECK_EQ(vos_msg_receive(&chx, &id, 4, &first, VOS_FOREVER), 4);
    vos_sleep(vos_cycles(10));     /* the client times out and sends again */
    CHECK_EQ(vos_msg_receive(&chx, &id, 4, &second, VOS_FOREVER), 4);
    CHECK(first.task == second.task && first.seq != second.seq);
    CHECK_EQ(vos_msg_reply(&first, &id, 4, VOS_OK), VOS_ERR_STATE);   /* the stale one */
    CHECK_EQ(vos_task_priority(NULL), 7);
    CHECK_EQ(vos_msg_reply(&second, &id, 4, VOS_OK), VOS_OK);
}

static void reuse_main(void *arg)
{
    (void)arg;
    vos_chan_init(&chx);
    t_task("S", reuse_server, NULL, 2);
    uint32_t id = 3, rep;
    CHECK_EQ(vos_msg_send(&chx, &id, 4, &rep, 4, vos_cycles(5)), VOS_ERR_TIMEOUT);
    CHECK_EQ(vos_msg_send(&chx, &id, 4, &rep, 4, VOS_FOREVER), 4);
}

static void case_stale_handle_never_reaches_a_later_send(void)
{
    CHECK_EQ(t_run(reuse_main, NULL, 7), HOST_IDLE);
}

static void abort_server(void *arg)
{
    (void)arg;
    uint32_t id;
    CHECK_EQ(vos_msg_receive(&chx, &id, 4, &held, VOS_FOREVER), 4);
    vos_sleep(vos_cycles(10));
}

static void abort_main(void *arg)
{
    (void)arg;
    vos_chan_init(&chx);
    vos_task_t *s = t_task("S", abort_server, NULL, 2);
    uint32_t id = 3;
    /* a priority change of a held client passes to its server */
    vos_task_t *c = t_task("C", ended_client, "C", 4);
    vos_sleep(vos_cycles(1));
    CHECK_EQ(vos_task_priority(s), 4);
    CHECK_EQ(vos_task_set_priority(c, 6), VOS_OK);
    CHECK_EQ(vos_task_priority(s), 6);
    CHECK_INV();
    CHECK_EQ(vos_task_abort_wait(c), VOS_OK);
    CHECK_EQ(vos_task_priority(s), 2);
    vos_sleep(vos_cycles(1));
    CHECK_INV();
    (void)id;
}

static void case_priority_change_and_abort_of_held_client(void)
{
    CHECK_EQ(t_run(abort_main, NULL, 9), HOST_IDLE);
    CHECK_LOG("C:aborted");
}

static void signal_server(void *arg)
{
    (void)arg;
    uint32_t id;
    vos_msg_client_t cl;
    for (int i = 0; i < 3; i++) {
        int n = vos_msg_receive(&chx, &id, 4, &cl, VOS_FOREVER);
        if (cl.task == NULL) {
            t_log("sig%x", (unsigned)cl.signals);
        } else {
            t_log("msg%u", id);
            vos_msg_reply(&cl, NULL, 0, VOS_OK);
        }
        CHECK(n >= 0);
    }
    CHECK_EQ(vos_msg_receive(&chx, &id, 4, &cl, VOS_FOREVER), VOS_ERR_DELETED);
    t_log("deleted");
}

static void signal_main(void *arg)
{
    (void)arg;
    vos_chan_init(&chx);
    t_task("S", signal_server, NULL, 6);
    vos_sleep(vos_cycles(1));                                   /* S waits */
    CHECK_EQ(vos_msg_signal(&chx, 0x10), VOS_OK);   /* the waiting server takes them */
    CHECK_EQ(vos_msg_signal(&chx, 0x1), VOS_OK);    /* pending ... */
    CHECK_EQ(vos_msg_signal(&chx, 0x4), VOS_OK);    /* ... ORed */
    t_task("C", order_client, (void *)9, 4);
    /* the pending flags come first, then the client */
    vos_sleep(vos_cycles(1));
    vos_chan_delete(&chx);
    vos_sleep(vos_cycles(1));
    CHECK_EQ(vos_msg_signal(&chx, 1), VOS_ERR_INVALID);
}

static void case_signals_and_delete(void)
{
    CHECK_EQ(t_run(signal_main, NULL, 8), HOST_IDLE);
    CHECK_LOG("sig10 sig5 msg9 deleted");
}

/* Only the holder replies; another server's reply is refused and changes
 * nothing. */
static vos_msg_client_t s1_handle;
static vos_task_t *s1_task;

static void first_server(void *arg)
{
    (void)arg;
    uint32_t id;
    CHECK_EQ(vos_msg_receive(&chx, &id, 4, &s1_handle, VOS_FOREVER), 4);
    vos_sleep(vos_cycles(10));
    CHECK_EQ(vos_msg_reply(&s1_handle, &id, 4, VOS_OK), VOS_OK);
    t_log("s1-replied");
}

static void other_server(void *arg)
{
    (void)arg;
    uint32_t id = 0;
    CHECK_EQ(vos_msg_reply(&s1_handle, &id, 4, VOS_OK), VOS_ERR_NOT_OWNER);
    CHECK_EQ(vos_task_priority(s1_task), 7);
    CHECK_EQ(vos_task_priority(NULL), 3);
    t_log("s2-refused");
}

static void not_owner_main(void *arg)
{
    (void)arg;
    vos_chan_init(&chx);
    s1_task = t_task("S1", first_server, NULL, 2);
    vos_sleep(vos_cycles(1));
    uint32_t id = 42, rep = 0;
    t_task("S2", other_server, NULL, 3);   /* runs once we wait for the reply */
    CHECK_EQ(vos_msg_send(&chx, &id, 4, &rep, 4, VOS_FOREVER), 4);
    CHECK_EQ(rep, 42);
    CHECK_INV();
}

static void case_only_the_holder_replies(void)
{
    CHECK_EQ(t_run(not_owner_main, NULL, 7), HOST_IDLE);
    CHECK_LOG("s2-refused s1-replied");
}

/* A lock that would wait on a client the caller holds, which itself holds
 * the mutex: a cycle through a message hold, refused. */
static vos_mutex_t cyc;

static void cycle_client(void *arg)
{
    (void)arg;
    uint32_t id = 1;
    CHECK_EQ(vos_mutex_lock(&cyc, VOS_FOREVER), VOS_OK);
    CHECK_EQ(vos_msg_send(&chx, &id, 4, NULL, 0, VOS_FOREVER), 0);
    vos_mutex_unlock(&cyc);
    t_log("client-done");
}

static void cycle_main(void *arg)
{
    (void)arg;
    vos_chan_init(&chx);
    vos_mutex_init(&cyc);
    t_watch_mutex(&cyc);
    t_task("C", cycle_client, NULL, 5);       /* locks, then waits for us */
    uint32_t id;
    vos_msg_client_t cl;
    CHECK_EQ(vos_msg_receive(&chx, &id, 4, &cl, VOS_FOREVER), 4);
    CHECK_EQ(vos_mutex_lock(&cyc, VOS_FOREVER), VOS_ERR_DEADLOCK);
    CHECK_INV();
    CHECK_EQ(vos_msg_reply(&cl, NULL, 0, VOS_OK), VOS_OK);
    CHECK_EQ(vos_mutex_lock(&cyc, VOS_FOREVER), VOS_OK);   /* after the client's unlock */
    vos_mutex_unlock(&cyc);
}

static void case_lock_cycle_through_a_hold_refused(void)
{
    CHECK_EQ(t_run(cycle_main, NULL, 3), HOST_IDLE);
    CHECK_LOG("client-done");
}

/* A server that itself sends passes what it inherited on, and a server
 * that waits on a mutex passes it to the owner. */
static vos_chan_t chy;
static vos_mutex_t mtx;

static void back_server(void *arg)
{
    (void)arg;
    uint32_t id;
    CHECK_EQ(vos_msg_receive(&chy, &id, 4, &held, VOS_FOREVER), 4);
    t_log("back@%d", vos_task_priority(NULL));
    CHECK_EQ(vos_mutex_lock(&mtx, VOS_FOREVER), VOS_OK);
    vos_mutex_unlock(&mtx);
    vos_msg_reply(&held, NULL, 0, VOS_OK);
}

static void front_server(void *arg)
{
    (void)arg;
    uint32_t id;
    vos_msg_client_t cl;
    CHECK_EQ(vos_msg_receive(&chx, &id, 4, &cl, VOS_FOREVER), 4);
    t_log("front@%d", vos_task_priority(NULL));
    CHECK_EQ(vos_msg_send(&chy, &id, 4, NULL, 0, VOS_FOREVER), 0);
    vos_msg_reply(&cl, NULL, 0, VOS_OK);
}

static vos_task_t *locker;

static void lock_holder(void *arg)
{
    (void)arg;
    vos_mutex_lock(&mtx, VOS_FOREVER);
    vos_sleep(vos_cycles(100));
    t_log("holder@%d", vos_task_priority(NULL));
    vos_mutex_unlock(&mtx);
    t_log("holder-after@%d", vos_task_priority(NULL));
}

static void transitive_main(void *arg)
{
    (void)arg;
    vos_chan_init(&chx);
    vos_chan_init(&chy);
    vos_mutex_init(&mtx);
    t_watch_mutex(&mtx);
    locker = t_task("L", lock_holder, NULL, 1);
    vos_sleep(vos_cycles(1));
    t_task("B", back_server, NULL, 2);
    t_task("F", front_server, NULL, 3);
    uint32_t id = 1;
    CHECK_EQ(vos_msg_send(&chx, &id, 4, NULL, 0, VOS_FOREVER), 0);
    CHECK_INV();
}

static void case_transitive_through_send_and_mutex(void)
{
    CHECK_EQ(t_run(transitive_main, NULL, 8), HOST_IDLE);
    CHECK_LOG("front@8 back@8 holder@8 holder-after@1");
}

/* --- Queued clients and a ready server (VOS_CFG_MSG_LEND_QUEUED) ------------------------ */

#define LENDS(p, base) (VOS_CFG_MSG_LEND_QUEUED ? (p) : (base))
static vos_sem_t s_go;
static vos_task_t *q_client;

static void ready_server(void *arg)
{
    (void)arg;
    vos_msg_client_t cl;
    uint32_t id;
    /* becomes chx's server, finding nobody */
    CHECK_EQ(vos_msg_receive(&chx, &id, 4, &cl, VOS_NO_WAIT), VOS_ERR_WOULD_BLOCK);
    CHECK_EQ(vos_sem_take(&s_go, VOS_FOREVER), VOS_OK);     /* blocked on something else */
    host_advance(vos_dur_cycles(vos_ms(2)));                /* computes, ready */
    CHECK_EQ(vos_sem_take(&s_go, VOS_FOREVER), VOS_OK);
}

static void queued_client(void *arg)
{
    vos_chan_t *c = arg;
    uint32_t id = 1;
    int r = vos_msg_send(c, &id, 4, NULL, 0, c == &chx ? vos_ms(1) : VOS_FOREVER);
    t_log("q:%s", vos_strerror(r));
}

static vos_mutex_t qmx;

static void locking_client(void *arg)
{
    (void)arg;
    uint32_t id = 2;
    CHECK_EQ(vos_mutex_lock(&qmx, VOS_FOREVER), VOS_OK);
    CHECK_EQ(vos_msg_send(&chy, &id, 4, NULL, 0, VOS_FOREVER), 0);
    vos_mutex_unlock(&qmx);
}

static void locking_server(void *arg)
{
    (void)arg;
    vos_msg_client_t cl;
    uint32_t id;
    CHECK_EQ(vos_msg_receive(&chy, &id, 4, &cl, VOS_NO_WAIT), VOS_ERR_WOULD_BLOCK);
    vos_sleep(vos_cycles(10));
    /* the owner waits queued on our channel: not a cycle (another task
     * may receive it), so we wait */
    CHECK_EQ(vos_mutex_lock(&qmx, VOS_FOREVER), VOS_OK);
    vos_mutex_unlock(&qmx);
    t_log("locked");
}

static void other_receiver(void *arg)
{
    (void)arg;
    vos_msg_client_t cl;
    uint32_t id;
    CHECK_EQ(vos_msg_receive(&chy, &id, 4, &cl, VOS_FOREVER), 4);
    CHECK_EQ(vos_msg_reply(&cl, NULL, 0, VOS_OK), VOS_OK);
}

static void lend_main(void *arg)
{
    (void)arg;
    vos_chan_init(&chx);
    vos_sem_init(&s_go, 0, 1);
    vos_task_t *s = t_task("S", ready_server, NULL, 2);
    vos_sleep(vos_cycles(1));
    q_client = t_task("C", queued_client, &chx, 5);
    vos_sleep(vos_cycles(1));
    CHECK_EQ(vos_task_priority(s), 2);           /* blocked on its semaphore */
    CHECK_INV();
    vos_sem_give(&s_go);
    CHECK_EQ(vos_task_priority(s), LENDS(5, 2)); /* ready: C lends */
    CHECK_INV();
    CHECK_EQ(vos_task_set_priority(q_client, 7), VOS_OK);
    CHECK_EQ(vos_task_priority(s), LENDS(7, 2));
    CHECK_EQ(vos_task_suspend(s), VOS_OK);
    CHECK_EQ(vos_task_priority(s), 2);           /* suspended: not ready */
    CHECK_INV();
    CHECK_EQ(vos_task_resume(s), VOS_OK);
    CHECK_EQ(vos_task_priority(s), LENDS(7, 2));
    /* S computes for 2 ms: C times out at 1 ms meanwhile */
    vos_sleep_until(1500000);
    CHECK_EQ(vos_task_priority(s), 2);
    CHECK_INV();
    t_task("C2", queued_client, &chx, 4);
    vos_sleep(vos_cycles(1));
    CHECK_EQ(vos_task_priority(s), LENDS(4, 2));
    CHECK_EQ(vos_chan_delete(&chx), VOS_OK);     /* the lend goes with the channel */
    CHECK_EQ(vos_task_priority(s), 2);
    CHECK_INV();
    vos_sleep(vos_ms(2));
    /* a server terminated while its channel has queued clients */
    vos_chan_init(&chx);
    vos_task_t *s2 = t_task("S2", ready_server, NULL, 3);
    vos_sleep(vos_cycles(1));
    t_task("C3", queued_client, &chx, 6);
    vos_sleep(vos_cycles(1));
    vos_sem_give(&s_go);
    CHECK_EQ(vos_task_priority(s2), LENDS(6, 3));
    CHECK_EQ(vos_task_terminate(s2), VOS_OK);
    CHECK_INV();
    vos_chan_delete(&chx);
    vos_sem_give(&s_go);
    /* a lock whose owner waits queued on the caller's channel */
    vos_chan_init(&chy);
    vos_mutex_init(&qmx);
    t_watch_mutex(&qmx);
    t_task("L", locking_server, NULL, 3);
    vos_sleep(vos_cycles(1));
    t_task("K", locking_client, NULL, 4);
    vos_sleep(vos_cycles(20));
    CHECK_INV();
    t_task("R", other_receiver, NULL, 1);
    vos_sleep(vos_ms(1));
    CHECK_INV();
}

static void case_queued_clients_and_a_ready_server(void)
{
    CHECK_EQ(t_run(lend_main, NULL, 9), HOST_IDLE);
    CHECK_LOG("q:timeout q:object deleted q:object deleted locked");
}

/* --- Long messages: copied in pieces, and every ending between two -------------------- */

#define LONG 1000u               /* 16 pieces of VOS_CFG_MSG_CHUNK (64) */
static uint8_t l_req[LONG], l_req2[LONG], l_srv[LONG], l_rep[LONG];
static unsigned l_prefix_seen[LONG + 1];
static const uint8_t *l_watch_src;
static uint8_t *l_watch_dst;

static void l_fill(uint8_t *b, unsigned salt)
{
    for (unsigned i = 0; i < LONG; i++)
        b[i] = (uint8_t)(1 + (i * 7 + salt) % 251);
}

/* How many leading bytes of dst equal src's. */
static unsigned l_prefix(const uint8_t *dst, const uint8_t *src)
{
    unsigned n = 0;
    while (n < LONG && dst[n] == src[n])
        n++;
    return n;
}

/* An interrupt at every release of the kernel lock: what has been copied
 * so far. */
static void l_peek(void)
{
    l_prefix_seen[l_prefix(l_watch_dst, l_watch_src)]++;
    host_irq_at_unlock(1, l_peek);
}

static unsigned l_partials(void)
{
    unsigned n = 0;
    for (unsigned k = 1; k < LONG; k++) {
        if (l_prefix_seen[k] != 0) {
            CHECK_EQ(k % VOS_CFG_MSG_CHUNK, 0);   /* only ever whole pieces */
            n++;
        }
    }
    return n;
}

static void long_server(void *arg)
{
    (void)arg;
    vos_msg_client_t cl;
    int n = vos_msg_receive(&chx, l_srv, LONG, &cl, VOS_FOREVER);
    CHECK_EQ(n, LONG);
    CHECK_EQ(l_prefix(l_srv, l_req), LONG);
    host_irq_at_unlock(0, NULL);
    memset(l_prefix_seen, 0, sizeof l_prefix_seen);
    l_fill(l_srv, 5);
    l_watch_src = l_srv;
    l_watch_dst = l_rep;
    host_irq_at_unlock(1, l_peek);
    CHECK_EQ(vos_msg_reply(&cl, l_srv, LONG, VOS_OK), VOS_OK);
    host_irq_at_unlock(0, NULL);
    t_log("reply-pieces:%u", l_partials());
}

static void long_main(void *arg)
{
    (void)arg;
    vos_chan_init(&chx);
    t_task("S", long_server, NULL, 3);
    vos_sleep(vos_cycles(1));              /* S waits: it copies our request itself */
    l_fill(l_req, 1);
    memset(l_srv, 0, sizeof l_srv);
    memset(l_rep, 0, sizeof l_rep);
    memset(l_prefix_seen, 0, sizeof l_prefix_seen);
    l_watch_src = l_req;
    l_watch_dst = l_srv;
    host_irq_at_unlock(1, l_peek);
    CHECK_EQ(vos_msg_send(&chx, l_req, LONG, l_rep, LONG, VOS_FOREVER), LONG);
    vos_sleep(vos_cycles(1));
    CHECK_EQ(l_prefix(l_rep, l_srv), LONG);
    CHECK_INV();
    vos_chan_delete(&chx);
}

static void case_long_messages_copied_in_pieces(void)
{
    /* Every piece is a critical section of its own: an interrupt taken at
     * each release of the lock sees every multiple of the piece size. */
    memset(l_prefix_seen, 0, sizeof l_prefix_seen);
    CHECK_EQ(t_run(long_main, NULL, 8), HOST_IDLE);
    CHECK_LOG("reply-pieces:15");
}

/* The helper: a high task that does what an interrupt asks of it. */
static vos_sem_t h_go;
static void (*h_what)(void);

static void hitman(void *arg)
{
    (void)arg;
    while (vos_sem_take(&h_go, VOS_FOREVER) == VOS_OK)
        h_what();
}

static void wake_hitman(void)
{
    vos_sem_give_isr(&h_go);
}

static vos_task_t *l_client, *l_server;

/* An interrupt that lets 2 ms pass: a deadline falls inside the copy. */
static void l_tick(void)
{
    host_advance(vos_dur_cycles(vos_ms(2)));
}

static void l_client_main(void *arg)
{
    const char *name = arg;
    uint8_t *req = name[0] == 'A' ? l_req : l_req2;
    int r = vos_msg_send(&chx, req, LONG, l_rep, LONG, name[1] == 't' ? vos_ms(1) : VOS_FOREVER);
    memset(req, 0xEE, LONG);               /* the buffer is ours again: reused */
    t_log("%c:%s", name[0], r >= 0 ? "ok" : vos_strerror(r));
}

/* A client that times out while its request is being copied: the server
 * goes on with the next one, whose request arrives whole. */
static void tmo_copy_server(void *arg)
{
    (void)arg;
    vos_msg_client_t cl;
    vos_sleep(vos_cycles(10));             /* A and B queue meanwhile */
    memset(l_srv, 0, sizeof l_srv);
    host_irq_at_unlock(2, l_tick);
    int n = vos_msg_receive(&chx, l_srv, LONG, &cl, VOS_FOREVER);
    CHECK_EQ(n, LONG);
    CHECK_EQ(l_prefix(l_srv, l_req2), LONG);   /* B's, whole */
    CHECK(cl.task != l_client);
    t_log("S@%d", vos_task_priority(NULL));
    CHECK_EQ(vos_msg_reply(&cl, NULL, 0, VOS_OK), VOS_OK);
    CHECK_EQ(vos_task_priority(NULL), 3);
}

static void tmo_copy_main(void *arg)
{
    (void)arg;
    vos_chan_init(&chx);
    l_fill(l_req, 1);
    l_fill(l_req2, 2);
    t_task("S", tmo_copy_server, NULL, 3);
    l_client = t_task("A", l_client_main, "At", 6);   /* 1 ms deadline */
    t_task("B", l_client_main, "B-", 5);
    vos_sleep(vos_ms(5));
    CHECK_INV();
    vos_chan_delete(&chx);
}

static void case_client_timeout_during_request_copy(void)
{
    CHECK_EQ(t_run(tmo_copy_main, NULL, 8), HOST_IDLE);
    CHECK_LOG("A:timeout S@5 B:ok");
}

/* The server was waiting: the client holds itself to it and the server
 * copies when it runs; a client aborted before that copy is done leaves
 * the server waiting on, with its first deadline. */
static void abort_c(void)
{
    CHECK_EQ(vos_task_abort_wait(l_client), VOS_OK);
}

static void fetch_server(void *arg)
{
    (void)arg;
    vos_msg_client_t cl;
    int n = vos_msg_receive(&chx, l_srv, LONG, &cl, vos_ms(5));
    t_log("S:%s@%llu", vos_strerror(n), (unsigned long long)vos_now());
}

static void fetch_abort_main(void *arg)
{
    (void)arg;
    vos_chan_init(&chx);
    vos_sem_init(&h_go, 0, 1);
    h_what = abort_c;
    t_task("H", hitman, NULL, 9);
    t_task("S", fetch_server, NULL, 3);
    vos_sleep(vos_cycles(1));              /* S waits in its receive */
    l_client = vos_self();
    host_irq_at_unlock(2, wake_hitman);    /* S's first piece done */
    int r = vos_msg_send(&chx, l_req, LONG, l_rep, LONG, VOS_FOREVER);
    t_log("C:%s", vos_strerror(r));
    vos_sleep(vos_ms(10));
    CHECK_INV();
    vos_chan_delete(&chx);
}

static void case_client_aborted_before_the_server_copied(void)
{
    CHECK_EQ(t_run(fetch_abort_main, NULL, 2), HOST_IDLE);
    CHECK_LOG("C:aborted S:timeout@5000000");
}

/* The same, with the server's deadline passing during the copy: it does
 * not wait again, it times out at once. */
static void late_abort(void)
{
    host_advance(vos_dur_cycles(vos_ms(6)));
    vos_sem_give_isr(&h_go);
}

static void fetch_late_main(void *arg)
{
    (void)arg;
    vos_chan_init(&chx);
    vos_sem_init(&h_go, 0, 1);
    h_what = abort_c;
    t_task("H", hitman, NULL, 9);
    t_task("S", fetch_server, NULL, 3);
    vos_sleep(vos_cycles(1));
    l_client = vos_self();
    host_irq_at_unlock(2, late_abort);
    int r = vos_msg_send(&chx, l_req, LONG, l_rep, LONG, VOS_FOREVER);
    t_log("C:%s", vos_strerror(r));
    vos_sleep(vos_ms(10));
    CHECK_INV();
    vos_chan_delete(&chx);
}

static void case_server_deadline_passes_during_the_copy(void)
{
    CHECK_EQ(t_run(fetch_late_main, NULL, 2), HOST_IDLE);
    CHECK_LOG("S:timeout@6000001 C:aborted");
}

/* Endings during a reply's copy: the server terminated (the client's
 * send fails with VOS_ERR_DELETED), the client terminated (the reply
 * fails with VOS_ERR_STATE and touches nothing more). */
static void kill_server(void)
{
    CHECK_EQ(vos_task_terminate(l_server), VOS_OK);
}

static void kill_client(void)
{
    CHECK_EQ(vos_task_terminate(l_client), VOS_OK);
}

static void reply_copy_server(void *arg)
{
    (void)arg;
    vos_msg_client_t cl;
    uint32_t id;
    CHECK_EQ(vos_msg_receive(&chx, &id, 4, &cl, VOS_FOREVER), 4);
    CHECK_EQ(vos_task_priority(NULL), 6);
    host_irq_at_unlock(1, wake_hitman);
    int r = vos_msg_reply(&cl, l_srv, LONG, VOS_OK);
    host_irq_at_unlock(0, NULL);
    t_log("reply:%s@%d", vos_strerror(r), vos_task_priority(NULL));
}

static void reply_client(void *arg)
{
    (void)arg;
    uint32_t id = 1;
    int r = vos_msg_send(&chx, &id, 4, l_rep, LONG, VOS_FOREVER);
    t_log("C:%s", vos_strerror(r));
    t_log("C-got:%u", l_prefix(l_rep, l_srv));
}

static void reply_end_main(void *arg)
{
    vos_chan_init(&chx);
    vos_sem_init(&h_go, 0, 1);
    h_what = arg;
    l_fill(l_srv, 3);
    memset(l_rep, 0, sizeof l_rep);
    t_task("H", hitman, NULL, 9);
    l_server = t_task("S", reply_copy_server, NULL, 3);
    vos_sleep(vos_cycles(1));
    l_client = t_task("C", reply_client, NULL, 6);
    vos_sleep(vos_ms(1));
    CHECK_INV();
    vos_chan_delete(&chx);
}

static void case_server_terminated_during_reply_copy(void)
{
    CHECK_EQ(t_run(reply_end_main, kill_server, 8), HOST_IDLE);
    /* one piece was copied before the server ended */
    CHECK_LOG("C:object deleted C-got:64");
}

static void case_client_terminated_during_reply_copy(void)
{
    CHECK_EQ(t_run(reply_end_main, kill_client, 8), HOST_IDLE);
    CHECK_LOG("reply:wrong state@3");
}

/* The channel deleted during a request's copy: the client is held by the
 * server, not the channel, and the receive completes; if the client also
 * left meanwhile, the receive fails with VOS_ERR_DELETED. */
static bool del_kill_too;

static void del_chan(void)
{
    CHECK_EQ(vos_chan_delete(&chx), VOS_OK);
    if (del_kill_too)
        CHECK_EQ(vos_task_terminate(l_client), VOS_OK);
}

static void del_copy_server(void *arg)
{
    (void)arg;
    vos_msg_client_t cl;
    vos_sleep(vos_cycles(10));             /* the client queues */
    host_irq_at_unlock(1, wake_hitman);
    int n = vos_msg_receive(&chx, l_srv, LONG, &cl, VOS_FOREVER);
    host_irq_at_unlock(0, NULL);
    t_log("S:%s", n >= 0 ? "ok" : vos_strerror(n));
    if (n >= 0) {
        CHECK_EQ(l_prefix(l_srv, l_req), LONG);
        CHECK_EQ(vos_msg_reply(&cl, NULL, 0, VOS_OK), VOS_OK);
    }
}

static void del_copy_main(void *arg)
{
    del_kill_too = arg != NULL;
    vos_chan_init(&chx);
    vos_sem_init(&h_go, 0, 1);
    h_what = del_chan;
    l_fill(l_req, 4);
    t_task("H", hitman, NULL, 9);
    t_task("S", del_copy_server, NULL, 3);
    l_client = t_task("A", l_client_main, "A-", 5);
    vos_sleep(vos_ms(1));
    CHECK_INV();
}

static void case_channel_deleted_during_request_copy(void)
{
    CHECK_EQ(t_run(del_copy_main, NULL, 8), HOST_IDLE);
    CHECK_LOG("S:ok A:ok");
    t_scenario_reset();
    t_log_clear();
    CHECK_EQ(t_run(del_copy_main, (void *)1, 8), HOST_IDLE);
    CHECK_LOG("S:object deleted");
}

/* --- The model and the director ---------------------------------------------------------- */

enum shape { CHAIN, CHAIN_MUTEX, FAN, CHAIN_QUEUED };
/* RDY: told to receive, ready, not yet run (a puppet is otherwise always
 * blocked between steps: on its command, or in its call). */
enum mk { IDLE, QUEUED, HELD, MUTEXW, RECV, RDY };

struct plan {
    const char *family;
    enum shape shape;
    int n;
    unsigned base[NT];
    bool deadlines;              /* every wait has one, in the order rank[] */
    unsigned rank[NT];
};

static const struct plan *plan;
static struct puppet pp[NT];
static vos_chan_t cc[NT];
static vos_mutex_t mm;
static enum mk kind[NT];
static int lend[NT];            /* server holding t, owner of the mutex t waits for */
static int mholder;
static unsigned arrival[NT], arrivals;
static vos_time_t tmo[NT];
static vos_msg_client_t handle[NT];
static int handle_of[NT];       /* server whose handle[] names t (-1: none) */
static bool stale[NT];
static bool bound[NT];          /* t has received on its channel: its server */
static bool run_bad;
static unsigned steps;
static uint32_t next_msg = 100;

static struct odometer odo;

static unsigned choose(unsigned radix)
{
    return odo_choose(&odo, radix);
}

static unsigned model_eff(int t, int hops)
{
    unsigned p = plan->base[t];
    if (hops > NT)
        return p;
    for (int w = 0; w < plan->n; w++) {
        /* A queued client lends to its channel's server while that one is
         * ready, with VOS_CFG_MSG_LEND_QUEUED only. */
        bool queued_lends = VOS_CFG_MSG_LEND_QUEUED && kind[w] == QUEUED && bound[t] &&
                            kind[t] == RDY;
        if (lend[w] == t && (kind[w] == HELD || kind[w] == MUTEXW || queued_lends)) {
            unsigned e = model_eff(w, hops + 1);
            if (e > p)
                p = e;
        }
    }
    return p;
}

static void describe(char *buf, size_t len)
{
    size_t n = (size_t)snprintf(buf, len, "%s n=%d base", plan->family, plan->n);
    for (int t = 0; t < plan->n && n < len; t++)
        n += (size_t)snprintf(buf + n, len - n, "%s%u", t ? "," : "=", plan->base[t]);
    if (plan->deadlines)
        for (int t = 0; t < plan->n && n < len; t++)
            n += (size_t)snprintf(buf + n, len - n, "%s%u", t ? "," : " rank=", plan->rank[t]);
    n += (size_t)snprintf(buf + n, len - n, " choices");
    for (unsigned k = 0; k < odo.depth && k < ODO_MAX && n < len; k++)
        n += (size_t)snprintf(buf + n, len - n, " %u", odo.ch[k]);
}

static void bad(const char *step, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void bad(const char *step, const char *fmt, ...)
{
    char what[256], where[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    describe(where, sizeof where);
    t_fail(__FILE__, __LINE__, "[%s] after %s: %s", where, step, what);
    run_bad = true;
}

static bool skip_busy;   /* a timed-out task has not run yet */

static void check(const char *step)
{
    steps++;
    for (int t = 0; t < plan->n && !run_bad; t++) {
        unsigned want = model_eff(t, 0);
        int got = vos_task_priority(pp[t].task);
        if (got != (int)want)
            bad(step, "T%d priority %d, model %u (base %u)", t, got, want, plan->base[t]);
        bool busy = kind[t] != IDLE;
        if (!skip_busy && pup_busy(&pp[t]) != busy)
            bad(step, "T%d busy %d, model %d", t, pup_busy(&pp[t]), busy);
    }
    const char *why = run_bad ? NULL : t_inv_why(true);
    if (why != NULL)
        bad(step, "invariant: %s", why);
}

static vos_dur_t wait_for(int t)
{
    if (!plan->deadlines) {
        tmo[t] = NEVER;
        return VOS_FOREVER;
    }
    tmo[t] = (vos_time_t)(plan->rank[t] + 1) * TMO_STEP;
    return vos_cycles(tmo[t] - vos_now());
}

/* Task s receives on its channel: returns at once with the first queued
 * client the model predicts, or blocks. */
static void do_recv(int s)
{
    char step[64];
    snprintf(step, sizeof step, "T%d receives", s);
    int want = -1;
    for (int x = 0; x < plan->n; x++) {
        if (kind[x] != QUEUED || lend[x] != s)
            continue;
        if (want < 0 || model_eff(x, 0) > model_eff(want, 0) ||
            (model_eff(x, 0) == model_eff(want, 0) && arrival[x] < arrival[want]))
            want = x;
    }
    /* Told, and ready: queued clients lend to it (if configured). */
    pup_cmd(&pp[s], PUP_RECV, &cc[s], VOS_FOREVER);
    kind[s] = RDY;
    bound[s] = true;
    char ready[64];
    snprintf(ready, sizeof ready, "T%d ready to receive", s);
    check(ready);
    pup_settle();
    int r = pup_busy(&pp[s]) ? PUP_PENDING : pp[s].result;
    kind[s] = IDLE;
    if (want < 0) {
        kind[s] = RECV;
        if (r != PUP_PENDING)
            bad(step, "receive returned %d, expected to wait", r);
    } else {
        kind[want] = HELD;
        if (r != 4 || pp[s].client.task != pp[want].task || pp[s].msg != pp[want].msg)
            bad(step, "receive returned %d from %s, model T%d", r,
                pp[s].client.task ? pp[s].client.task->name : "-", want);
        handle[want] = pp[s].client;
        handle_of[want] = s;
    }
    check(step);
}

/* Task c sends to server s's channel. */
static void do_send(int c, int s)
{
    char step[64];
    snprintf(step, sizeof step, "T%d sends to T%d", c, s);
    pp[c].msg = next_msg++;
    vos_dur_t to = wait_for(c);
    lend[c] = s;
    arrival[c] = arrivals++;
    bool meets = kind[s] == RECV;
    kind[c] = meets ? HELD : QUEUED;
    int r = pup_do(&pp[c], PUP_SEND, &cc[s], to);
    if (r != PUP_PENDING)
        bad(step, "send returned %d", r);
    if (meets) {
        kind[s] = IDLE;
        if (pup_busy(&pp[s]) || pp[s].result != 4 || pp[s].client.task != pp[c].task ||
            pp[s].msg != pp[c].msg)
            bad(step, "the waiting server: busy %d result %d", pup_busy(&pp[s]), pp[s].result);
        handle[c] = pp[s].client;
        handle_of[c] = s;
    }
    check(step);
}

static void do_reply(int s, int c)
{
    char step[64];
    snprintf(step, sizeof step, "T%d replies to T%d", s, c);
    pp[s].msg = next_msg++;
    kind[c] = IDLE;
    lend[c] = -1;
    tmo[c] = NEVER;
    handle_of[c] = -1;
    int r = pup_do(&pp[s], PUP_REPLY, &handle[c], VOS_NO_WAIT);
    if (r != VOS_OK)
        bad(step, "reply returned %d", r);
    if (pup_busy(&pp[c]) || pp[c].result != 4 || pp[c].rep != pp[s].msg)
        bad(step, "client: busy %d result %d reply %u (sent %u)", pup_busy(&pp[c]),
            pp[c].result, (unsigned)pp[c].rep, (unsigned)pp[s].msg);
    check(step);
}

/* Task s receives on its channel without waiting, finding nobody: from
 * now on it is the channel's server. */
static void do_bind(int s)
{
    char step[64];
    snprintf(step, sizeof step, "T%d receives, nobody there", s);
    int r = pup_do(&pp[s], PUP_RECV, &cc[s], VOS_NO_WAIT);
    bound[s] = true;
    if (r != VOS_ERR_WOULD_BLOCK)
        bad(step, "receive returned %d", r);
    check(step);
}

static void do_lock(int t)
{
    char step[64];
    snprintf(step, sizeof step, "T%d locks", t);
    vos_dur_t to = VOS_FOREVER;
    if (mholder < 0) {
        mholder = t;
    } else {
        to = wait_for(t);
        kind[t] = MUTEXW;
        lend[t] = mholder;
    }
    int r = pup_do(&pp[t], PUP_LOCK, &mm, to);
    if (r != (kind[t] == MUTEXW ? PUP_PENDING : VOS_OK))
        bad(step, "lock returned %d", r);
    check(step);
}

static void do_unlock(int t)
{
    char step[64];
    snprintf(step, sizeof step, "T%d unlocks", t);
    int w = -1;
    for (int x = 0; x < plan->n; x++)
        if (kind[x] == MUTEXW)
            w = x;
    mholder = w;
    if (w >= 0) {
        kind[w] = IDLE;
        lend[w] = -1;
        tmo[w] = NEVER;
    }
    int r = pup_do(&pp[t], PUP_UNLOCK, &mm, VOS_NO_WAIT);
    if (r != VOS_OK)
        bad(step, "unlock returned %d", r);
    if (w >= 0 && (pup_busy(&pp[w]) || pp[w].result != VOS_OK))
        bad(step, "new owner T%d: busy %d result %d", w, pup_busy(&pp[w]), pp[w].result);
    check(step);
}

static void do_timeout(void)
{
    int w = -1;
    for (int x = 0; x < plan->n; x++)
        if (kind[x] != IDLE && kind[x] != RECV && tmo[x] != NEVER &&
            (w < 0 || tmo[x] < tmo[w]))
            w = x;
    char step[64];
    snprintf(step, sizeof step, "T%d times out (%d)", w, kind[w]);
    vos_sleep_until(tmo[w]);
    if (kind[w] == HELD)
        stale[w] = true;
    kind[w] = IDLE;
    lend[w] = -1;
    tmo[w] = NEVER;
    skip_busy = true;
    check(step);                       /* at once: the server fell back */
    skip_busy = false;
    pup_settle();
    check(step);
    if (pup_busy(&pp[w]) || pp[w].result != VOS_ERR_TIMEOUT)
        bad(step, "T%d: busy %d result %d", w, pup_busy(&pp[w]), pp[w].result);
}

static void director(void *arg)
{
    (void)arg;
    static const char *names[NT] = {"T0", "T1", "T2", "T3", "T4"};
    int n = plan->n;
    arrivals = 0;
    mholder = -1;
    vos_mutex_init(&mm);
    t_watch_mutex(&mm);
    for (int t = 0; t < n; t++) {
        vos_chan_init(&cc[t]);
        void *stack;
        size_t size;
        vos_task_t *tcb = t_tcb(&stack, &size);
        CHECK_EQ(pup_start(&pp[t], names[t], plan->base[t], tcb, stack, size), VOS_OK);
        t_watch_sem(&pp[t].go);
        kind[t] = IDLE;
        lend[t] = -1;
        tmo[t] = NEVER;
        stale[t] = false;
        bound[t] = false;
        handle_of[t] = -1;
    }
    pup_settle();
    switch (plan->shape) {
    case CHAIN:
        for (int i = 0; i + 1 < n; i++)
            do_recv(i);
        for (int i = n - 1; i >= 1 && !run_bad; i--)
            do_send(i, i - 1);
        break;
    case CHAIN_MUTEX:
        do_lock(0);
        for (int i = 1; i + 1 < n; i++)
            do_recv(i);
        for (int i = n - 1; i >= 2 && !run_bad; i--)
            do_send(i, i - 1);
        do_lock(1);
        break;
    case CHAIN_QUEUED:
        /* as CHAIN, but T1 queues on T0, which is busy (its server, not
         * waiting) and receives it as a step of its own */
        do_bind(0);
        for (int i = 1; i + 1 < n; i++)
            do_recv(i);
        for (int i = n - 1; i >= 1 && !run_bad; i--)
            do_send(i, i - 1);
        break;
    case FAN:
        do_bind(0);
        for (int i = 1; i < n && !run_bad; i++)
            do_send(i, 0);
        for (int i = 1; i < n && !run_bad; i++)
            do_recv(0);
        break;
    }
    while (!run_bad) {
        int act_s[NT * NT], act_c[NT * NT], nact = 0;
        bool tmo_pending = false;
        for (int t = 0; t < n; t++) {
            tmo_pending |= kind[t] != IDLE && kind[t] != RECV && tmo[t] != NEVER;
            if (kind[t] != IDLE)
                continue;
            for (int c = 0; c < n; c++)
                if (kind[c] == HELD && lend[c] == t) {
                    act_s[nact] = t;
                    act_c[nact++] = c;
                }
            if (mholder == t) {
                act_s[nact] = t;
                act_c[nact++] = -1;
            }
            for (int c = 0; c < n; c++)
                if (kind[c] == QUEUED && lend[c] == t) {
                    act_s[nact] = t;          /* t receives */
                    act_c[nact++] = -2;
                    break;
                }
        }
        unsigned k = (unsigned)nact + tmo_pending;
        if (k == 0)
            break;
        unsigned c = choose(k);
        if (c < (unsigned)nact) {
            if (act_c[c] == -2)
                do_recv(act_s[c]);
            else if (act_c[c] < 0)
                do_unlock(act_s[c]);
            else
                do_reply(act_s[c], act_c[c]);
        } else {
            do_timeout();
        }
    }
    /* Replies to clients that left: refused, nothing changes. */
    for (int c = 0; c < n && !run_bad; c++) {
        if (!stale[c])
            continue;
        int s = handle_of[c];
        char step[64];
        snprintf(step, sizeof step, "T%d replies to T%d, gone", s, c);
        int r = pup_do(&pp[s], PUP_REPLY, &handle[c], VOS_NO_WAIT);
        if (r != VOS_ERR_STATE)
            bad(step, "reply returned %d", r);
        check(step);
    }
    host_stop(0);
}

static int top_size(void)
{
    return getenv("T_QUICK") != NULL ? 3 : 4;
}

static unsigned enumerate(const struct plan *p)
{
    unsigned runs = 0;
    plan = p;
    odo_reset(&odo);
    do {
        odo_start_run(&odo);
        run_bad = false;
        t_scenario_reset();
        int r = t_run(director, NULL, DIRECTOR);
        if (r != 0 && !run_bad)
            bad("the end", "scenario ended with %d", r);
        runs++;
    } while (!run_bad && odo_next(&odo));
    return runs;
}

/* Every base assignment (a permutation of 3, 6, 9, ...), and with
 * deadlines every order of the deadlines too. */
static void enumerate_family(const char *family, enum shape shape, bool deadlines)
{
    steps = 0;
    unsigned runs = 0;
    for (int n = 3; n <= top_size() && !t_failed(); n++) {
        struct plan p = {.family = family, .shape = shape, .n = n, .deadlines = deadlines};
        unsigned prio[NT];
        for (int t = 0; t < n; t++)
            prio[t] = 3 + 3u * (unsigned)t;
        do {
            for (int t = 0; t < n; t++) {
                p.base[t] = prio[t];
                p.rank[t] = (unsigned)t;
            }
            do {
                runs += enumerate(&p);
            } while (deadlines && !t_failed() && next_perm(p.rank, n));
        } while (!t_failed() && next_perm(prio, n));
    }
    printf("     %u scenarios, %u checked steps\n", runs, steps);
}

static void case_chain_every_reply_order(void)
{
    enumerate_family("chain", CHAIN, false);
}

static void case_chain_every_reply_and_timeout_order(void)
{
    enumerate_family("chain-timeout", CHAIN, true);
}

static void case_chain_mutex_root_every_order(void)
{
    enumerate_family("chain-mutex", CHAIN_MUTEX, false);
    enumerate_family("chain-mutex-timeout", CHAIN_MUTEX, true);
}

static void case_chain_queued_every_order(void)
{
    enumerate_family("chain-queued", CHAIN_QUEUED, false);
    enumerate_family("chain-queued-timeout", CHAIN_QUEUED, true);
}

static void case_fan_every_reply_and_timeout_order(void)
{
    enumerate_family("fan", FAN, false);
    enumerate_family("fan-timeout", FAN, true);
}

/* --- Random load ------------------------------------------------------------------------- */

#define LC 6                 /* clients */
#define LS 3                 /* servers */
#define LM 150               /* messages per client */
#define LID (LC * LM)

static vos_chan_t lch[2];
static uint8_t received[LID];   /* times each message was received */
static uint8_t outcome[LID];    /* 1 replied, 2 timed out */
static uint8_t stale_ok[LID];   /* a reply refused because the client left */
static unsigned load_done;

struct lmsg {
    uint32_t id;
    uint32_t pad[15];
};

static void load_client(void *arg)
{
    unsigned me = (unsigned)(uintptr_t)arg;
    for (unsigned i = 0; i < LM; i++) {
        struct lmsg m = {.id = me * LM + i}, r = {0};
        size_t len = 4 + 4 * (t_rand() % 16);
        for (size_t w = 1; w < len / 4; w++)
            m.pad[w - 1] = m.id ^ (uint32_t)w;
        vos_dur_t to = (me & 1) ? vos_cycles(1 + t_rand() % 3000) : VOS_FOREVER;
        int res = vos_msg_send(&lch[me % 2], &m, len, &r, sizeof r, to);
        if (res == VOS_ERR_TIMEOUT) {
            outcome[m.id] = 2;
            continue;
        }
        CHECK_EQ(res, (long long)len);
        CHECK_EQ(r.id, m.id + 1000000u);
        for (size_t w = 1; w < len / 4; w++)
            CHECK_EQ(r.pad[w - 1], ~(m.id ^ (uint32_t)w));
        outcome[m.id] = 1;
        if (t_rand() % 4 == 0)
            host_advance(t_rand() % 500);
    }
    load_done++;
}

static void load_server(void *arg)
{
    unsigned me = (unsigned)(uintptr_t)arg;
    struct lmsg m[3];
    vos_msg_client_t cl[3];
    int len[3];
    for (;;) {
        int k = 0;
        len[0] = vos_msg_receive(&lch[me % 2], &m[0], sizeof m[0], &cl[0], VOS_FOREVER);
        if (len[0] < 0)
            return;
        k = 1;
        /* Hold a few more if they are there, and reply in a random order. */
        while (k < 3 && (len[k] = vos_msg_receive(&lch[me % 2], &m[k], sizeof m[k], &cl[k],
                                                 VOS_NO_WAIT)) >= 0)
            k++;
        for (int i = 0; i < k; i++) {
            CHECK(m[i].id < LID);
            received[m[i].id]++;
        }
        if (t_rand() % 3 == 0)
            host_advance(t_rand() % 2000);
        for (int left = k; left > 0; left--) {
            int i = (int)(t_rand() % (unsigned)left);
            struct lmsg r = {.id = m[i].id + 1000000u};
            for (int w = 1; w < len[i] / 4; w++)
                r.pad[w - 1] = ~m[i].pad[w - 1];
            int e = vos_msg_reply(&cl[i], &r, (size_t)len[i], VOS_OK);
            if (e == VOS_ERR_STATE)
                stale_ok[m[i].id]++;
            else
                CHECK_EQ(e, VOS_OK);
            m[i] = m[left - 1];
            cl[i] = cl[left - 1];
            len[i] = len[left - 1];
        }
    }
}

static void load_main(void *arg)
{
    (void)arg;
    vos_chan_init(&lch[0]);
    vos_chan_init(&lch[1]);
    load_done = 0;
    for (unsigned s = 0; s < LS; s++)
        t_task("srv", load_server, (void *)(uintptr_t)s, 2 + 3 * s);
    for (unsigned c = 0; c < LC; c++)
        t_task("cli", load_client, (void *)(uintptr_t)c, 1 + t_rand() % 10);
    while (load_done < LC) {
        vos_sleep(vos_cycles(10000));
        CHECK_INV();
    }
    unsigned replied = 0, timed_out = 0;
    for (unsigned id = 0; id < LID; id++) {
        CHECK(received[id] <= 1);
        CHECK(outcome[id] == 1 || outcome[id] == 2);
        if (outcome[id] == 1) {
            CHECK_EQ(received[id], 1);
            CHECK_EQ(stale_ok[id], 0);
            replied++;
        } else {
            CHECK(stale_ok[id] <= received[id]);
            timed_out++;
        }
    }
    printf("     %u replied, %u timed out\n", replied, timed_out);
    CHECK(replied > LID / 2 && timed_out > 0);
    vos_chan_delete(&lch[0]);
    vos_chan_delete(&lch[1]);
    host_stop(0);
}

static void case_random_load_nothing_lost_or_duplicated(void)
{
    for (int round = 0; round < 4 && !t_failed(); round++) {
        memset(received, 0, sizeof received);
        memset(outcome, 0, sizeof outcome);
        memset(stale_ok, 0, sizeof stale_ok);
        t_scenario_reset();
        CHECK_EQ(t_run(load_main, NULL, VOS_PRIO_MAX), 0);
    }
}

static const struct t_case cases[] = {
    {"roundtrip_copies_both_ways", case_roundtrip_copies_both_ways},
    {"lengths_and_statuses", case_lengths_and_statuses},
    {"receive_order_and_any_reply_order", case_receive_order_and_any_reply_order},
    {"client_timeout_while_served", case_client_timeout_while_served},
    {"server_terminated_holding_clients", case_server_terminated_holding_clients},
    {"client_terminated_while_served", case_client_terminated_while_served},
    {"stale_handle_never_reaches_a_later_send", case_stale_handle_never_reaches_a_later_send},
    {"priority_change_and_abort_of_held_client", case_priority_change_and_abort_of_held_client},
    {"signals_and_delete", case_signals_and_delete},
    {"only_the_holder_replies", case_only_the_holder_replies},
    {"lock_cycle_through_a_hold_refused", case_lock_cycle_through_a_hold_refused},
    {"transitive_through_send_and_mutex", case_transitive_through_send_and_mutex},
    {"queued_clients_and_a_ready_server", case_queued_clients_and_a_ready_server},
    {"long_messages_copied_in_pieces", case_long_messages_copied_in_pieces},
    {"client_timeout_during_request_copy", case_client_timeout_during_request_copy},
    {"client_aborted_before_the_server_copied", case_client_aborted_before_the_server_copied},
    {"server_deadline_passes_during_the_copy", case_server_deadline_passes_during_the_copy},
    {"server_terminated_during_reply_copy", case_server_terminated_during_reply_copy},
    {"client_terminated_during_reply_copy", case_client_terminated_during_reply_copy},
    {"channel_deleted_during_request_copy", case_channel_deleted_during_request_copy},
    {"chain_every_reply_order", case_chain_every_reply_order},
    {"chain_every_reply_and_timeout_order", case_chain_every_reply_and_timeout_order},
    {"chain_mutex_root_every_order", case_chain_mutex_root_every_order},
    {"fan_every_reply_and_timeout_order", case_fan_every_reply_and_timeout_order},
    {"chain_queued_every_order", case_chain_queued_every_order},
    {"random_load_nothing_lost_or_duplicated", case_random_load_nothing_lost_or_duplicated},
};

int main(int argc, char **argv)
{
    return t_main(argc, argv, cases, sizeof cases / sizeof cases[0]);
}
