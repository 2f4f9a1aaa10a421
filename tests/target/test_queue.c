/* SPDX-License-Identifier: MIT */
/*
 * Message queues: ring order and wrap-around for every item size path,
 * front insertion, full and empty with and without timeouts, direct copy
 * into a waiting receiver (with the switch it causes), waiting senders
 * moved into the ring, priority order of waiters, deletion with waiters,
 * every bad input and wrong context, the interrupt forms from a real
 * handler, and a long randomised run of many senders and receivers (and
 * an interrupt producer) with no message lost or duplicated.
 */
#include <string.h>
#include "vtest.h"
#include "port.h"   /* arch_lock: the stress accounting masks the test interrupt */

/* --- Helpers ------------------------------------------------------------ */


/* --- Before the scheduler starts ---------------------------------------- */

static vos_queue_t preq;
static uint32_t preq_buf[2];
static int pre_init, pre_send1, pre_send2, pre_send3_wait, pre_send3_nowait, pre_recv;
static int pre_recv_wait, pre_recv_isr, pre_send_isr;
static uint32_t pre_got;

void vt_before_start(void)
{
    uint32_t v = 11, w = 22, x = 33;
    pre_init = vos_queue_init(&preq, preq_buf, sizeof preq_buf[0], 2);
    pre_send1 = vos_queue_send(&preq, &v, VOS_NO_WAIT);
    pre_send2 = vos_queue_send(&preq, &w, VOS_FOREVER);      /* room: no wait needed */
    pre_send3_wait = vos_queue_send(&preq, &x, vos_ms(1));   /* full: would have to wait */
    pre_send3_nowait = vos_queue_send(&preq, &x, VOS_NO_WAIT);
    pre_send_isr = vos_queue_send_isr(&preq, &x);
    pre_recv = vos_queue_recv(&preq, &pre_got, VOS_FOREVER);
    pre_recv_isr = vos_queue_recv_isr(&preq, &pre_got);
    uint32_t y;
    vos_queue_recv(&preq, &y, VOS_NO_WAIT);
    pre_recv_wait = vos_queue_recv(&preq, &y, vos_ms(1));    /* empty: would have to wait */
}

VT_TEST(before_start)
{
    VT_EQ(pre_init, VOS_OK);
    VT_EQ(pre_send1, VOS_OK);
    VT_EQ(pre_send2, VOS_OK);
    VT_EQ(pre_send3_wait, VOS_ERR_CONTEXT);
    VT_EQ(pre_send3_nowait, VOS_ERR_WOULD_BLOCK);
    VT_EQ(pre_send_isr, VOS_ERR_CONTEXT);
    VT_EQ(pre_recv, VOS_OK);
    VT_EQ(pre_got, 11);
    VT_EQ(pre_recv_isr, VOS_ERR_CONTEXT);
    VT_EQ(pre_recv_wait, VOS_ERR_CONTEXT);
    VT_EQ(vos_queue_count(&preq), 0);
    VT_EQ(vos_queue_delete(&preq), VOS_OK);
}

/* --- Ring behaviour -------------------------------------------------------- */

VT_TEST(init_bad_args)
{
    vos_queue_t q;
    uint32_t buf[4];
    VT_EQ(vos_queue_init(NULL, buf, 4, 4), VOS_ERR_INVALID);
    VT_EQ(vos_queue_init(&q, NULL, 4, 4), VOS_ERR_ARG);
    VT_EQ(vos_queue_init(&q, buf, 0, 4), VOS_ERR_ARG);
    VT_EQ(vos_queue_init(&q, buf, 4, 0), VOS_ERR_ARG);
    VT_EQ(vos_queue_init(&q, buf, 0x10000, 0x10000), VOS_ERR_ARG);  /* 4 GiB */
    VT_EQ(vos_queue_init(&q, buf, 4, 0x80000000u), VOS_ERR_ARG);    /* count must fit an int */
    VT_EQ(vos_queue_init(&q, buf, 4, 4), VOS_OK);
    VT_EQ(vos_queue_count(&q), 0);
    VT_EQ(vos_queue_delete(&q), VOS_OK);
}

/* Send and receive through a queue of items of `size` bytes for many
 * laps of the ring, mixing back and front sends; a model array says what
 * must come out. */
static void ring_model_run(size_t size, size_t cap, uint32_t seed)
{
    static uint8_t buf[16 * 13];
    uint8_t model[16][13];     /* model[0] is the next to receive */
    int mcount = 0;
    vos_queue_t q;
    VT_ASSERT(size <= 13 && cap <= 16);
    VT_EQ(vos_queue_init(&q, buf, size, cap), VOS_OK);
    uint32_t s = seed;
    uint8_t item[16], out[16];

    for (int step = 0; step < 3000; step++) {
        uint32_t r = vt_rand(&s);
        for (size_t i = 0; i < size; i++)
            item[i] = (uint8_t)(vt_rand(&s) >> 8);
        if ((r & 3) != 0 && r % 7 != 0) {      /* send, mostly */
            bool front = (r >> 8) % 4 == 0;
            int err = front ? vos_queue_send_front(&q, item, VOS_NO_WAIT)
                            : vos_queue_send(&q, item, VOS_NO_WAIT);
            if (mcount == (int)cap) {
                VT_EQ(err, VOS_ERR_WOULD_BLOCK);
            } else {
                VT_EQ(err, VOS_OK);
                if (front) {
                    memmove(model[1], model[0], sizeof model[0] * (size_t)mcount);
                    memcpy(model[0], item, size);
                } else {
                    memcpy(model[mcount], item, size);
                }
                mcount++;
            }
        } else {
            memset(out, 0xEE, sizeof out);
            int err = vos_queue_recv(&q, out, VOS_NO_WAIT);
            if (mcount == 0) {
                VT_EQ(err, VOS_ERR_WOULD_BLOCK);
                VT_EQ(out[0], 0xEE);     /* untouched on failure */
            } else {
                VT_EQ(err, VOS_OK);
                VT_EQ(memcmp(out, model[0], size), 0);
                VT_EQ(out[size], 0xEE);  /* exactly item_size bytes written */
                memmove(model[0], model[1], sizeof model[0] * (size_t)(mcount - 1));
                mcount--;
            }
        }
        VT_EQ(vos_queue_count(&q), mcount);
        if (vt_failures())
            break;
    }
    VT_EQ(vos_queue_delete(&q), VOS_OK);
}

VT_TEST(ring_order_item_sizes)
{
    /* 4 and 8: the word-copy fast paths; the others: memcpy. Odd
     * capacities and sizes put the wrap point anywhere. */
    static const size_t sizes[] = { 1, 3, 4, 8, 12, 13 };
    static const size_t caps[] = { 1, 2, 5, 16 };
    for (unsigned i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        for (unsigned j = 0; j < sizeof caps / sizeof caps[0]; j++)
            ring_model_run(sizes[i], caps[j], 0x1234567u + i * 31u + j);
}

VT_TEST(fifo_and_front)
{
    vos_queue_t q;
    uint32_t buf[5], v, out;
    VT_EQ(vos_queue_init(&q, buf, sizeof buf[0], 5), VOS_OK);
    for (v = 1; v <= 3; v++)
        VT_EQ(vos_queue_send(&q, &v, VOS_NO_WAIT), VOS_OK);
    v = 100;
    VT_EQ(vos_queue_send_front(&q, &v, VOS_NO_WAIT), VOS_OK);
    v = 4;
    VT_EQ(vos_queue_send(&q, &v, VOS_NO_WAIT), VOS_OK);
    VT_EQ(vos_queue_count(&q), 5);
    VT_EQ(vos_queue_send_front(&q, &v, VOS_NO_WAIT), VOS_ERR_WOULD_BLOCK);
    static const uint32_t expect[] = { 100, 1, 2, 3, 4 };
    for (int i = 0; i < 5; i++) {
        VT_EQ(vos_queue_recv(&q, &out, VOS_NO_WAIT), VOS_OK);
        VT_EQ(out, expect[i]);
    }
    VT_EQ(vos_queue_recv(&q, &out, VOS_NO_WAIT), VOS_ERR_WOULD_BLOCK);
    VT_EQ(vos_queue_delete(&q), VOS_OK);
}

VT_TEST(timeouts_full_and_empty)
{
    vos_queue_t q;
    uint32_t buf[2], v = 7, out;
    VT_EQ(vos_queue_init(&q, buf, sizeof buf[0], 2), VOS_OK);

    vos_time_t t0 = vos_now();
    VT_EQ(vos_queue_recv(&q, &out, vos_ms(2)), VOS_ERR_TIMEOUT);
    vos_time_t d = vos_now() - t0;
    VT_ASSERT(d >= vos_dur_cycles(vos_ms(2)));
    VT_LE(d, vos_dur_cycles(vos_ms(2)) + vos_dur_cycles(vos_us(20)));

    VT_EQ(vos_queue_send(&q, &v, VOS_NO_WAIT), VOS_OK);
    VT_EQ(vos_queue_send(&q, &v, VOS_NO_WAIT), VOS_OK);
    t0 = vos_now();
    VT_EQ(vos_queue_send(&q, &v, vos_ms(1)), VOS_ERR_TIMEOUT);
    VT_EQ(vos_queue_send_front(&q, &v, vos_us(300)), VOS_ERR_TIMEOUT);
    d = vos_now() - t0;
    VT_ASSERT(d >= vos_dur_cycles(vos_ms(1)) + vos_dur_cycles(vos_us(300)));
    VT_LE(d, vos_dur_cycles(vos_ms(1)) + vos_dur_cycles(vos_us(340)));
    VT_EQ(vos_queue_count(&q), 2);   /* the timed-out items were not added */
    VT_EQ(vos_queue_delete(&q), VOS_OK);
}

/* --- Waiting and handing over --------------------------------------------- */

static vos_queue_t hq;
static uint32_t hq_buf[3];
static volatile uint32_t rx_value[4];
static volatile int rx_err[4];
static volatile int rx_order[4], rx_done;

static void receiver(void *arg)
{
    int id = (int)(uintptr_t)arg;
    uint32_t v = 0xDEADu;
    rx_err[id] = vos_queue_recv(&hq, &v, VOS_FOREVER);
    rx_value[id] = v;
    rx_order[rx_done++] = id;
}

VT_TEST(direct_copy_to_higher_receiver)
{
    VT_EQ(vos_queue_init(&hq, hq_buf, sizeof hq_buf[0], 3), VOS_OK);
    rx_done = 0;
    vt_spawn(0, "rx", receiver, (void *)0, VT_RUNNER_PRIO + 1);  /* runs and blocks at once */
    VT_EQ(vos_task_state(vt_task(0)), VOS_TASK_BLOCKED);
    uint32_t v = 0xA5A51234u;
    VT_EQ(vos_queue_send(&hq, &v, VOS_NO_WAIT), VOS_OK);
    /* The receiver ran before send returned, with the message, and the
     * item never went through the ring. */
    VT_EQ(rx_done, 1);
    VT_EQ(rx_err[0], VOS_OK);
    VT_EQ(rx_value[0], 0xA5A51234u);
    VT_EQ(vos_queue_count(&hq), 0);
    vt_join(1, 100);
    VT_EQ(vos_queue_delete(&hq), VOS_OK);
}

VT_TEST(direct_copy_to_lower_receiver)
{
    VT_EQ(vos_queue_init(&hq, hq_buf, sizeof hq_buf[0], 3), VOS_OK);
    rx_done = 0;
    vt_spawn(0, "rx", receiver, (void *)0, VT_RUNNER_PRIO - 1);
    vos_sleep(vos_us(100));           /* let it block */
    VT_EQ(vos_task_state(vt_task(0)), VOS_TASK_BLOCKED);
    uint32_t v = 77;
    VT_EQ(vos_queue_send(&hq, &v, VOS_NO_WAIT), VOS_OK);
    VT_EQ(rx_done, 0);                /* lower: no switch yet */
    VT_EQ(vos_queue_count(&hq), 0);   /* but the message is already its */
    v = 78;
    VT_EQ(vos_queue_send(&hq, &v, VOS_NO_WAIT), VOS_OK);   /* this one is queued */
    VT_EQ(vos_queue_count(&hq), 1);
    vt_join(1, 100);
    VT_EQ(rx_value[0], 77);
    uint32_t out;
    VT_EQ(vos_queue_recv(&hq, &out, VOS_NO_WAIT), VOS_OK);
    VT_EQ(out, 78);
    VT_EQ(vos_queue_delete(&hq), VOS_OK);
}

VT_TEST(receivers_in_priority_order)
{
    VT_EQ(vos_queue_init(&hq, hq_buf, sizeof hq_buf[0], 3), VOS_OK);
    rx_done = 0;
    /* Blocked in the order 0, 1, 2, 3: priorities 5, 9, 9, 7. Expected
     * service order: 1, 2 (FIFO among equals), 3, 0. */
    static const unsigned prio[4] = { 5, 9, 9, 7 };
    for (int i = 0; i < 4; i++) {
        vt_spawn(i, "rx", receiver, (void *)(uintptr_t)i, prio[i]);
        vos_sleep(vos_us(50));
    }
    /* Front and back sends alike go straight to the best receiver. */
    for (uint32_t v = 0; v < 4; v++)
        VT_EQ(v & 1 ? vos_queue_send_front(&hq, &v, VOS_NO_WAIT)
                    : vos_queue_send(&hq, &v, VOS_NO_WAIT), VOS_OK);
    VT_EQ(vos_queue_count(&hq), 0);
    vt_join(4, 100);
    VT_EQ(rx_value[1], 0);
    VT_EQ(rx_value[2], 1);
    VT_EQ(rx_value[3], 2);
    VT_EQ(rx_value[0], 3);
    VT_EQ(vos_queue_delete(&hq), VOS_OK);
}

VT_TEST(waiter_priority_change_reorders_service)
{
    VT_EQ(vos_queue_init(&hq, hq_buf, sizeof hq_buf[0], 3), VOS_OK);
    rx_done = 0;
    vt_spawn(0, "rx0", receiver, (void *)0, 8);
    vos_sleep(vos_us(50));
    vt_spawn(1, "rx1", receiver, (void *)1, 6);
    vos_sleep(vos_us(50));
    VT_EQ(vos_task_set_priority(vt_task(1), 10), VOS_OK);   /* now ahead of rx0 */
    uint32_t v = 100;
    VT_EQ(vos_queue_send(&hq, &v, VOS_NO_WAIT), VOS_OK);
    v = 101;
    VT_EQ(vos_queue_send(&hq, &v, VOS_NO_WAIT), VOS_OK);
    vt_join(2, 100);
    VT_EQ(rx_value[1], 100);
    VT_EQ(rx_value[0], 101);
    VT_EQ(vos_queue_delete(&hq), VOS_OK);
}

static volatile int tx_err[4];

static void sender_back(void *arg)
{
    uint32_t v = (uint32_t)(uintptr_t)arg;
    tx_err[v % 4] = vos_queue_send(&hq, &v, VOS_FOREVER);
}

static void sender_front(void *arg)
{
    uint32_t v = (uint32_t)(uintptr_t)arg;
    tx_err[v % 4] = vos_queue_send_front(&hq, &v, VOS_FOREVER);
}

VT_TEST(waiting_senders_fill_freed_slots)
{
    VT_EQ(vos_queue_init(&hq, hq_buf, sizeof hq_buf[0], 3), VOS_OK);
    uint32_t v, out;
    for (v = 10; v < 13; v++)
        VT_EQ(vos_queue_send(&hq, &v, VOS_NO_WAIT), VOS_OK);
    /* Three blocked senders: back 20 (prio 5), front 21 (prio 8),
     * back 22 (prio 5, after 20). */
    vt_spawn(0, "tx20", sender_back, (void *)20, 5);
    vt_spawn(1, "tx21", sender_front, (void *)21, 8);
    vt_spawn(2, "tx22", sender_back, (void *)22, 5);
    vos_sleep(vos_us(100));
    for (int i = 0; i < 3; i++)
        VT_EQ(vos_task_state(vt_task(i)), VOS_TASK_BLOCKED);
    VT_EQ(vos_queue_count(&hq), 3);

    /* Each receive frees a slot that the best waiting sender fills at
     * once: 21 to the front, then 20 and 22 to the back. */
    static const uint32_t expect[] = { 10, 21, 11, 12, 20, 22 };
    for (int i = 0; i < 6; i++) {
        VT_EQ(vos_queue_recv(&hq, &out, VOS_NO_WAIT), VOS_OK);
        VT_EQ(out, expect[i]);
        if (i < 3)
            VT_EQ(vos_queue_count(&hq), 3);
    }
    VT_EQ(vos_queue_count(&hq), 0);
    vt_join(3, 100);
    VT_EQ(tx_err[0], VOS_OK);
    VT_EQ(tx_err[1], VOS_OK);
    VT_EQ(tx_err[2], VOS_OK);
    VT_EQ(vos_queue_delete(&hq), VOS_OK);
}

static volatile int to_err;

static void sender_with_timeout(void *arg)
{
    uint32_t v = (uint32_t)(uintptr_t)arg;
    to_err = vos_queue_send(&hq, &v, vos_us(200));
}

VT_TEST(timed_out_sender_leaves_no_item)
{
    VT_EQ(vos_queue_init(&hq, hq_buf, sizeof hq_buf[0], 1), VOS_OK);
    uint32_t v = 1, out;
    VT_EQ(vos_queue_send(&hq, &v, VOS_NO_WAIT), VOS_OK);
    to_err = 1;
    vt_spawn(0, "txto", sender_with_timeout, (void *)2, VT_RUNNER_PRIO - 1);
    vos_sleep(vos_ms(1));
    VT_EQ(to_err, VOS_ERR_TIMEOUT);
    VT_EQ(vos_queue_recv(&hq, &out, VOS_NO_WAIT), VOS_OK);
    VT_EQ(out, 1);
    VT_EQ(vos_queue_recv(&hq, &out, VOS_NO_WAIT), VOS_ERR_WOULD_BLOCK);
    vt_join(1, 10);

    /* A receiver that timed out leaves the queue usable both ways. */
    VT_EQ(vos_queue_recv(&hq, &out, vos_us(50)), VOS_ERR_TIMEOUT);
    v = 3;
    VT_EQ(vos_queue_send(&hq, &v, VOS_NO_WAIT), VOS_OK);
    VT_EQ(vos_queue_count(&hq), 1);
    VT_EQ(vos_queue_recv(&hq, &out, VOS_NO_WAIT), VOS_OK);
    VT_EQ(out, 3);
    VT_EQ(vos_queue_delete(&hq), VOS_OK);
}

VT_TEST(suspended_receiver_keeps_its_message)
{
    VT_EQ(vos_queue_init(&hq, hq_buf, sizeof hq_buf[0], 3), VOS_OK);
    rx_done = 0;
    vt_spawn(0, "rx", receiver, (void *)0, VT_RUNNER_PRIO + 1);
    VT_EQ(vos_task_suspend(vt_task(0)), VOS_OK);       /* suspended while blocked */
    uint32_t v = 5;
    VT_EQ(vos_queue_send(&hq, &v, VOS_NO_WAIT), VOS_OK);
    VT_EQ(rx_done, 0);
    VT_EQ(vos_task_state(vt_task(0)), VOS_TASK_SUSPENDED);
    VT_EQ(vos_queue_count(&hq), 0);
    VT_EQ(vos_task_resume(vt_task(0)), VOS_OK);
    VT_EQ(rx_done, 1);
    VT_EQ(rx_value[0], 5);
    vt_join(1, 10);
    VT_EQ(vos_queue_delete(&hq), VOS_OK);
}

/* --- Deletion and bad input ------------------------------------------------- */

VT_TEST(delete_wakes_waiters)
{
    VT_EQ(vos_queue_init(&hq, hq_buf, sizeof hq_buf[0], 1), VOS_OK);
    rx_done = 0;
    vt_spawn(0, "rx0", receiver, (void *)0, 6);
    vt_spawn(1, "rx1", receiver, (void *)1, VT_RUNNER_PRIO + 2);
    vos_sleep(vos_us(50));
    VT_EQ(vos_queue_delete(&hq), VOS_OK);
    VT_EQ(rx_done, 1);                     /* the higher one ran at once */
    vt_join(2, 10);
    VT_EQ(rx_err[0], VOS_ERR_DELETED);
    VT_EQ(rx_err[1], VOS_ERR_DELETED);
    VT_EQ(rx_value[0], 0xDEADu);           /* no item written */

    /* Senders waiting on a full queue. */
    uint32_t v = 1;
    VT_EQ(vos_queue_init(&hq, hq_buf, sizeof hq_buf[0], 1), VOS_OK);
    VT_EQ(vos_queue_send(&hq, &v, VOS_NO_WAIT), VOS_OK);
    vt_spawn(0, "tx", sender_back, (void *)8, 6);
    vt_spawn(1, "tx", sender_front, (void *)9, 7);
    vos_sleep(vos_us(50));
    VT_EQ(vos_queue_delete(&hq), VOS_OK);
    vt_join(2, 10);
    VT_EQ(tx_err[0], VOS_ERR_DELETED);
    VT_EQ(tx_err[1], VOS_ERR_DELETED);

    /* A deleted queue refuses everything. */
    uint32_t out;
    VT_EQ(vos_queue_send(&hq, &v, VOS_NO_WAIT), VOS_ERR_INVALID);
    VT_EQ(vos_queue_recv(&hq, &out, VOS_NO_WAIT), VOS_ERR_INVALID);
    VT_EQ(vos_queue_count(&hq), VOS_ERR_INVALID);
    VT_EQ(vos_queue_delete(&hq), VOS_ERR_INVALID);
}

VT_TEST(bad_objects_and_arguments)
{
    vos_queue_t zero;
    memset(&zero, 0, sizeof zero);
    vos_sem_t sem;
    VT_EQ(vos_sem_init(&sem, 0, 1), VOS_OK);
    vos_queue_t *foreign = (vos_queue_t *)(void *)&sem;
    uint32_t v = 1, out;

    vos_queue_t *bad[] = { NULL, &zero, foreign };
    for (unsigned i = 0; i < 3; i++) {
        VT_EQ(vos_queue_send(bad[i], &v, VOS_NO_WAIT), VOS_ERR_INVALID);
        VT_EQ(vos_queue_send_front(bad[i], &v, VOS_NO_WAIT), VOS_ERR_INVALID);
        VT_EQ(vos_queue_recv(bad[i], &out, VOS_FOREVER), VOS_ERR_INVALID);
        VT_EQ(vos_queue_count(bad[i]), VOS_ERR_INVALID);
        VT_EQ(vos_queue_delete(bad[i]), VOS_ERR_INVALID);
    }
    VT_EQ(vos_sem_count(&sem), 0);        /* the semaphore was not touched */
    VT_EQ(vos_sem_delete(&sem), VOS_OK);

    VT_EQ(vos_queue_init(&hq, hq_buf, sizeof hq_buf[0], 3), VOS_OK);
    VT_EQ(vos_queue_send(&hq, NULL, VOS_NO_WAIT), VOS_ERR_ARG);
    VT_EQ(vos_queue_send_front(&hq, NULL, VOS_NO_WAIT), VOS_ERR_ARG);
    VT_EQ(vos_queue_recv(&hq, NULL, VOS_NO_WAIT), VOS_ERR_ARG);
    /* Interrupt forms from a task. */
    VT_EQ(vos_queue_send_isr(&hq, &v), VOS_ERR_CONTEXT);
    VT_EQ(vos_queue_send_front_isr(&hq, &v), VOS_ERR_CONTEXT);
    VT_EQ(vos_queue_recv_isr(&hq, &out), VOS_ERR_CONTEXT);
    VT_EQ(vos_queue_count(&hq), 0);
    VT_EQ(vos_queue_delete(&hq), VOS_OK);
}

static int isr_r[12];
static uint32_t isr_out;

static void isr_bad_calls(void)
{
    uint32_t v = 9;
    vos_queue_t q2;
    isr_r[0] = vos_queue_send(&hq, &v, VOS_NO_WAIT);
    isr_r[1] = vos_queue_send(&hq, &v, VOS_FOREVER);
    isr_r[2] = vos_queue_send_front(&hq, &v, VOS_NO_WAIT);
    isr_r[3] = vos_queue_recv(&hq, &isr_out, VOS_FOREVER);
    isr_r[4] = vos_queue_delete(&hq);
    isr_r[5] = vos_queue_init(&q2, hq_buf, 4, 1);
    isr_r[6] = vos_queue_send_isr(NULL, &v);
    isr_r[7] = vos_queue_send_isr(&hq, NULL);
    isr_r[8] = vos_queue_recv_isr(&hq, &isr_out);   /* empty */
    isr_r[9] = vos_queue_count(&hq);                 /* any context */
}

VT_TEST(wrong_context_from_interrupt)
{
    VT_EQ(vos_queue_init(&hq, hq_buf, sizeof hq_buf[0], 3), VOS_OK);
    vt_run_in_isr(isr_bad_calls);
    VT_EQ(isr_r[0], VOS_ERR_CONTEXT);
    VT_EQ(isr_r[1], VOS_ERR_CONTEXT);
    VT_EQ(isr_r[2], VOS_ERR_CONTEXT);
    VT_EQ(isr_r[3], VOS_ERR_CONTEXT);
    VT_EQ(isr_r[4], VOS_ERR_CONTEXT);
    VT_EQ(isr_r[5], VOS_ERR_CONTEXT);
    VT_EQ(isr_r[6], VOS_ERR_INVALID);
    VT_EQ(isr_r[7], VOS_ERR_ARG);
    VT_EQ(isr_r[8], VOS_ERR_WOULD_BLOCK);
    VT_EQ(isr_r[9], 0);
    VT_EQ(vos_queue_count(&hq), 0);
    VT_EQ(vos_queue_delete(&hq), VOS_OK);
}

/* --- Interrupt forms --------------------------------------------------------- */

static void isr_send_two(void)
{
    uint32_t a = 0x1111, b = 0x2222, c = 0x3333;
    isr_r[0] = vos_queue_send_isr(&hq, &a);          /* to the waiting receiver */
    isr_r[1] = vos_queue_send_isr(&hq, &b);          /* into the ring */
    isr_r[2] = vos_queue_send_front_isr(&hq, &c);    /* ahead of b */
    isr_r[3] = vos_queue_send_isr(&hq, &c);          /* full (capacity 2) */
    isr_r[4] = rx_done;                              /* not yet: runs after the handler */
}

static void isr_recv_one(void)
{
    isr_r[0] = vos_queue_recv_isr(&hq, &isr_out);    /* frees a slot for the waiting sender */
    isr_r[1] = vos_queue_count(&hq);
}

VT_TEST(interrupt_forms_wake_tasks)
{
    VT_EQ(vos_queue_init(&hq, hq_buf, sizeof hq_buf[0], 2), VOS_OK);
    rx_done = 0;
    vt_spawn(0, "rx", receiver, (void *)0, VT_RUNNER_PRIO + 1);
    vt_run_in_isr(isr_send_two);
    VT_EQ(isr_r[0], VOS_OK);
    VT_EQ(isr_r[1], VOS_OK);
    VT_EQ(isr_r[2], VOS_OK);
    VT_EQ(isr_r[3], VOS_ERR_WOULD_BLOCK);
    VT_EQ(isr_r[4], 0);
    VT_EQ(rx_done, 1);               /* ran when the handler returned */
    VT_EQ(rx_value[0], 0x1111);
    vt_join(1, 10);

    /* A sender blocked on the full queue; the handler receives. */
    tx_err[3] = 1;
    vt_spawn(0, "tx", sender_back, (void *)0x4443, VT_RUNNER_PRIO + 1);   /* 0x4443 % 4 == 3 */
    VT_EQ(vos_task_state(vt_task(0)), VOS_TASK_BLOCKED);
    vt_run_in_isr(isr_recv_one);
    VT_EQ(isr_r[0], VOS_OK);
    VT_EQ(isr_out, 0x3333);
    VT_EQ(isr_r[1], 2);              /* the sender's item took the slot */
    vt_join(1, 10);
    VT_EQ(tx_err[3], VOS_OK);
    uint32_t out;
    VT_EQ(vos_queue_recv(&hq, &out, VOS_NO_WAIT), VOS_OK);
    VT_EQ(out, 0x2222);
    VT_EQ(vos_queue_recv(&hq, &out, VOS_NO_WAIT), VOS_OK);
    VT_EQ(out, 0x4443);
    VT_EQ(vos_queue_delete(&hq), VOS_OK);
}

/* --- Randomised stress ---------------------------------------------------------
 * Senders of mixed priorities send numbered messages (sender id, sequence
 * number, random payload) to the back or the front, with random timeouts,
 * retrying what timed out; receivers of mixed priorities receive with
 * random timeouts; a timer interrupt sends and receives with the _isr
 * forms. Every message must arrive exactly once (a bitmap per sender) and
 * the payload checksums must agree. With one receiver and back sends only,
 * each sender's messages must also arrive in order. */

#define ST_SENDERS  5
#define ST_ISR_ID   ST_SENDERS          /* the interrupt's sender id */
#define ST_MAX_MSGS 2048

struct st_msg {
    uint8_t sender;
    uint8_t pad;
    uint16_t seq;
    uint32_t payload;
    uint32_t extra[1];    /* the 12-byte run uses it (memcpy path) */
};

static vos_queue_t sq;
static uint8_t sq_buf[7 * sizeof(struct st_msg)];
static size_t st_size;
static int st_msgs;                          /* per task sender */
static bool st_front_ok, st_ordered;
static volatile bool st_done;
static uint32_t st_sent_sum, st_recv_sum;
static uint8_t st_seen[ST_SENDERS + 1][ST_MAX_MSGS / 8];
static int st_last_seq[ST_SENDERS + 1];
static volatile int st_received, st_dups, st_disorder, st_bad_err, st_isr_sent, st_isr_recv;
static uint32_t st_isr_rng;

static vos_dur_t st_timeout(uint32_t r)
{
    switch (r % 5) {
    case 0: return VOS_NO_WAIT;
    case 1: return vos_us(3);
    case 2: return vos_us(40);
    case 3: return vos_ms(2);
    default: return VOS_FOREVER;
    }
}

/* Account for one received message. Lock-free: called by receivers and
 * the interrupt, so it runs with kernel interrupts masked. */
static void st_account(const struct st_msg *m)
{
    uint32_t key = arch_lock();
    if (m->sender > ST_SENDERS || m->seq >= ST_MAX_MSGS) {
        st_bad_err++;
    } else {
        uint8_t *b = &st_seen[m->sender][m->seq / 8];
        if (*b & (1u << (m->seq % 8)))
            st_dups++;
        *b |= (uint8_t)(1u << (m->seq % 8));
        if (st_ordered && m->seq != st_last_seq[m->sender] + 1)
            st_disorder++;
        st_last_seq[m->sender] = m->seq;
        st_recv_sum += m->payload + (st_size > 8 ? m->extra[0] : 0);
        st_received++;
    }
    arch_unlock(key);
}

static void st_sender(void *arg)
{
    int id = (int)(uintptr_t)arg;
    uint32_t s = 0x9E3779B9u * (uint32_t)(id + 1);
    for (int seq = 0; seq < st_msgs; seq++) {
        struct st_msg m = { .sender = (uint8_t)id, .seq = (uint16_t)seq };
        m.payload = vt_rand(&s);
        m.extra[0] = st_size > 8 ? vt_rand(&s) : 0;
        uint32_t key = arch_lock();
        st_sent_sum += m.payload + m.extra[0];
        arch_unlock(key);
        for (;;) {
            uint32_t r = vt_rand(&s);
            bool front = st_front_ok && (r & 0x300) == 0;
            int err = front ? vos_queue_send_front(&sq, &m, st_timeout(r))
                            : vos_queue_send(&sq, &m, st_timeout(r));
            if (err == VOS_OK)
                break;
            if (err != VOS_ERR_TIMEOUT && err != VOS_ERR_WOULD_BLOCK) {
                st_bad_err++;
                return;
            }
            if (r & 0x1000)
                vos_yield();
        }
        uint32_t r = vt_rand(&s);
        if ((r & 0xF) == 0)
            vos_sleep(vos_us(r >> 28));
        else if ((r & 0xF) == 1)
            vos_yield();
    }
}

static void st_receiver(void *arg)
{
    uint32_t s = 0x85EBCA6Bu * (uint32_t)((uintptr_t)arg + 1);
    struct st_msg m;
    for (;;) {
        uint32_t r = vt_rand(&s);
        /* Never VOS_FOREVER: a receiver must see st_done at the end. */
        vos_dur_t timeout = (r % 5) == 4 ? vos_ms(5) : st_timeout(r);
        int err = vos_queue_recv(&sq, &m, timeout);
        if (err == VOS_OK) {
            st_account(&m);
            if ((r & 0x70) == 0)
                vos_sleep(vos_us(r >> 29));
        } else if (err == VOS_ERR_TIMEOUT || err == VOS_ERR_WOULD_BLOCK) {
            if (st_done && vos_queue_count(&sq) == 0)
                return;
            if (err == VOS_ERR_WOULD_BLOCK)
                vos_sleep(vos_us(5));
        } else {
            st_bad_err++;
            return;
        }
    }
}

static void st_isr(void)
{
    uint32_t r = vt_rand(&st_isr_rng);
    if (r & 1) {
        if (st_isr_sent < ST_MAX_MSGS) {
            struct st_msg m = { .sender = ST_ISR_ID, .seq = (uint16_t)st_isr_sent };
            m.payload = r;
            m.extra[0] = st_size > 8 ? ~r : 0;
            bool front = st_front_ok && (r & 6) == 0;
            int err = front ? vos_queue_send_front_isr(&sq, &m) : vos_queue_send_isr(&sq, &m);
            if (err == VOS_OK) {
                st_sent_sum += m.payload + m.extra[0];
                st_isr_sent++;
            } else if (err != VOS_ERR_WOULD_BLOCK) {
                st_bad_err++;
            }
        }
    } else if (!st_ordered) {
        struct st_msg m;
        int err = vos_queue_recv_isr(&sq, &m);
        if (err == VOS_OK) {
            st_account(&m);
            st_isr_recv++;
        } else if (err != VOS_ERR_WOULD_BLOCK) {
            st_bad_err++;
        }
    }
}

static void stress_run(size_t size, size_t cap, int receivers, bool front_ok, int msgs)
{
    static const unsigned tx_prio[ST_SENDERS] = { 4, 9, 9, 14, 22 };
    static const unsigned rx_prio[] = { 9, 3, 16, 21, 6 };

    VT_EQ(vos_queue_init(&sq, sq_buf, size, cap), VOS_OK);
    st_size = size;
    st_msgs = msgs;
    st_front_ok = front_ok;
    st_ordered = receivers == 1 && !front_ok;
    st_done = false;
    st_sent_sum = st_recv_sum = 0;
    memset(st_seen, 0, sizeof st_seen);
    for (int i = 0; i <= ST_SENDERS; i++)
        st_last_seq[i] = -1;
    st_received = st_dups = st_disorder = st_bad_err = st_isr_sent = st_isr_recv = 0;
    st_isr_rng = 0xC0FFEEu;

    for (int i = 0; i < ST_SENDERS; i++)
        vt_spawn(i, "stx", st_sender, (void *)(uintptr_t)i, tx_prio[i]);
    for (int i = 0; i < receivers; i++)
        vt_spawn(ST_SENDERS + i, "srx", st_receiver, (void *)(uintptr_t)i, rx_prio[i]);
    board_irq_start(0, 7919, 0x80, st_isr);

    vt_join(ST_SENDERS, 20000);
    board_irq_stop(0);
    st_done = true;
    vt_join(ST_SENDERS + receivers, 2000);

    int expected = ST_SENDERS * msgs + st_isr_sent;
    VT_EQ(st_bad_err, 0);
    VT_EQ(st_dups, 0);
    VT_EQ(st_disorder, 0);
    VT_EQ(st_received, expected);
    VT_EQ(st_recv_sum, st_sent_sum);
    VT_EQ(vos_queue_count(&sq), 0);
    for (int id = 0; id < ST_SENDERS; id++)
        for (int seq = 0; seq < msgs; seq++)
            if (!(st_seen[id][seq / 8] & (1u << (seq % 8)))) {
                VT_EQ(id * 100000 + seq, -1);   /* names the lost message */
                return;
            }
    vt_note("%d messages (%d from the interrupt, %d taken by it), size %u\n", expected,
            st_isr_sent, st_isr_recv, (unsigned)size);
    VT_ASSERT(st_isr_sent > 0);
    VT_EQ(vos_queue_delete(&sq), VOS_OK);
}

VT_TEST(stress_one_receiver_in_order)
{
    stress_run(8, 5, 1, false, 1200);
}

VT_TEST(stress_many_to_many_8_bytes)
{
    stress_run(8, 7, 5, true, 1500);
}

VT_TEST(stress_many_to_many_12_bytes)
{
    stress_run(12, 3, 4, true, 1200);
}

/* --- Path lengths (for information; the benchmark owns the figures) ------- */

static volatile uint32_t ml_t1, ml_value;

static void ml_receiver(void *arg)
{
    (void)arg;
    uint32_t v;
    for (int i = 0; i < 8; i++) {
        if (vos_queue_recv(&hq, &v, VOS_FOREVER) != VOS_OK)
            return;
        ml_t1 = board_cycles();
        ml_value = v;
    }
}

VT_TEST(path_lengths)
{
    vos_queue_t q;
    uint32_t buf[4], v = 42, out = 0;
    VT_EQ(vos_queue_init(&q, buf, sizeof buf[0], 4), VOS_OK);
    uint32_t empty = UINT32_MAX, best = UINT32_MAX, best_s = UINT32_MAX;
    for (int i = 0; i < 16; i++) {
        /* The barriers keep the compiler's bookkeeping out of the windows. */
        uint32_t t0 = board_cycles();
        __asm__ volatile("" ::: "memory");
        uint32_t t1 = board_cycles();
        __asm__ volatile("" ::: "memory");
        uint32_t t2 = board_cycles();
        __asm__ volatile("" ::: "memory");
        vos_queue_send(&q, &v, VOS_NO_WAIT);
        __asm__ volatile("" ::: "memory");
        uint32_t t3 = board_cycles();
        __asm__ volatile("" ::: "memory");
        vos_queue_recv(&q, &out, VOS_NO_WAIT);
        __asm__ volatile("" ::: "memory");
        uint32_t t4 = board_cycles();
        __asm__ volatile("" ::: "memory");
        if (t1 - t0 < empty)
            empty = t1 - t0;
        if (t4 - t2 < best)
            best = t4 - t2;
        if (t3 - t2 < best_s)
            best_s = t3 - t2;
    }
    VT_EQ(out, 42);
    vt_note("queue_send_recv (4 bytes): %u insn (send %u), empty window %u subtracted\n",
            (unsigned)(best - empty), (unsigned)(best_s - empty), (unsigned)empty);
    VT_EQ(vos_queue_delete(&q), VOS_OK);

    VT_EQ(vos_queue_init(&hq, hq_buf, sizeof hq_buf[0], 3), VOS_OK);
    vt_spawn(0, "mlrx", ml_receiver, NULL, VT_RUNNER_PRIO + 1);
    uint32_t lat = UINT32_MAX;
    for (uint32_t i = 0; i < 8; i++) {
        uint32_t t0 = board_cycles();
        vos_queue_send(&hq, &i, VOS_NO_WAIT);
        VT_EQ(ml_value, i);
        if (ml_t1 - t0 < lat)
            lat = ml_t1 - t0;
    }
    vt_note("msg_latency: %u insn (empty window %u subtracted)\n", (unsigned)(lat - empty),
            (unsigned)empty);
    vt_join(1, 10);
    VT_EQ(vos_queue_delete(&hq), VOS_OK);
}
