/* SPDX-License-Identifier: MIT */
/*
 * Messaging metrics (docs/benchmark.md): msg_latency, queue_send_recv.
 */
#include "core.h"
#include "families.h"

#define SAMPLES 2000

#if OSAL_HAS_QUEUE
static os_queue_t q;
static uint32_t qbuf[8];
static volatile uint32_t t0;
static volatile int left;

static void send_recv(void *arg)
{
    (void)arg;
    uint32_t in = 0, out;
    for (int i = 0; i < SAMPLES; i++) {
        in++;
        uint32_t a = board_cycles();
        os_queue_send(&q, &in);
        os_queue_recv(&q, &out);
        uint32_t b = board_cycles();
        if (out != in) {
            board_printf("!! bench: queue returned %lu, sent %lu\n", (unsigned long)out,
                         (unsigned long)in);
            board_exit(2);
        }
        vb_add((int64_t)(b - a - vb_overhead));
    }
}

static void receiver(void *arg)
{
    (void)arg;
    uint32_t msg, expect = 1;
    for (;;) {
        os_queue_recv(&q, &msg);
        uint32_t b = board_cycles();
        if (msg == 0)
            break;
        if (msg != expect++) {
            board_printf("!! bench: msg_latency received %lu\n", (unsigned long)msg);
            board_exit(2);
        }
        vb_add((int64_t)(b - t0 - vb_overhead));
    }
}

static void sender(void *arg)
{
    (void)arg;
    uint32_t msg = 0;
    while (left-- > 0) {
        msg++;
        t0 = board_cycles();
        os_queue_send(&q, &msg);       /* receiver (higher) runs with it */
    }
    msg = 0;
    os_queue_send(&q, &msg);
}
#endif

void bench_messaging(void)
{
#if OSAL_HAS_QUEUE
    vb_progress("queue_send_recv", 0, SAMPLES);
    os_queue_init(&q, qbuf, sizeof(uint32_t), 8);
    vb_reset(0);
    vb_spawn(0, "sr", send_recv, NULL, VB_MAIN_PRIO + 1);
    vb_join(1);
    vb_report("queue_send_recv", "idle", board_cycle_unit, vb_overhead,
              "one 4-byte message sent and received by the same task");

    vb_progress("msg_latency", 0, SAMPLES);
    vb_reset(0);
    left = SAMPLES;
    vb_spawn_begin();
    vb_spawn(0, "rx", receiver, NULL, VB_MAIN_PRIO + 2);
    vb_spawn(1, "tx", sender, NULL, VB_MAIN_PRIO + 1);
    vb_spawn_end();
    vb_join(2);
    vb_report("msg_latency", "idle", board_cycle_unit, vb_overhead,
              "receiver blocked on an empty queue; send -> receiver runs with the message");
#else
    vb_skip("queue_send_recv", "message queues are not in this build");
    vb_skip("msg_latency", "message queues are not in this build");
#endif
}
