/* SPDX-License-Identifier: MIT */
/*
 * Channels on the emulated board: the copy both ways, inheritance by a
 * lower server while a medium task is ready (it never runs), a reply and
 * a signal from a real interrupt handler, a client timing out while
 * served, a server terminated holding a client, and the wrong contexts.
 */
#include "vtest.h"

static vos_chan_t ch;

/* --- Before the scheduler starts ------------------------------------------ */

static int pre_r[3];

void vt_before_start(void)
{
    uint32_t v = 0;
    vos_msg_client_t cl;
    pre_r[0] = vos_chan_init(&ch);
    pre_r[1] = vos_msg_send(&ch, &v, 4, &v, 4, VOS_FOREVER);
    pre_r[2] = vos_msg_receive(&ch, &v, 4, &cl, VOS_NO_WAIT);
}

VT_TEST(before_start)
{
    VT_EQ(pre_r[0], VOS_OK);
    VT_EQ(pre_r[1], VOS_ERR_CONTEXT);
    VT_EQ(pre_r[2], VOS_ERR_CONTEXT);
}

/* --- Round trip and inheritance ------------------------------------------------ */

static volatile bool mid_ran, hi_waiting;
static volatile int served_at;

static void low_server(void *arg)
{
    (void)arg;
    uint8_t buf[64];
    vos_msg_client_t cl;
    int n = vos_msg_receive(&ch, buf, sizeof buf, &cl, VOS_FOREVER);
    served_at = vos_task_priority(NULL);
    for (int i = 0; i < n; i++)
        buf[i] = (uint8_t)~buf[i];
    vos_msg_reply(&cl, buf, (size_t)n, VOS_OK);
    vt_log(vos_task_priority(NULL) == 3 ? 'r' : 'X');
}

static void mid_task(void *arg)
{
    (void)arg;
    if (hi_waiting)
        mid_ran = true;
    vt_log('m');
}

VT_TEST(low_server_inherits_medium_never_runs)
{
    vt_log_reset();
    vos_chan_init(&ch);
    mid_ran = hi_waiting = false;
    vt_spawn(0, "L", low_server, NULL, 3);
    vos_sleep(vos_us(10));                   /* L waits in its receive */
    vt_spawn(1, "M", mid_task, NULL, 6);     /* ready: runs only when we block */
    uint8_t req[64], rep[64];
    for (int i = 0; i < 64; i++)
        req[i] = (uint8_t)(i * 3);
    hi_waiting = true;
    int n = vos_msg_send(&ch, req, 64, rep, 64, vos_ms(10));
    hi_waiting = false;
    VT_EQ(n, 64);
    VT_ASSERT(!mid_ran);
    VT_EQ(served_at, VT_RUNNER_PRIO);
    for (int i = 0; i < 64; i++)
        VT_EQ(rep[i], (uint8_t)~(uint8_t)(i * 3));
    vt_join(2, 100);
    VT_EQ(vt_log_len(), 2);
    VT_EQ(vt_log_text()[0], 'm');            /* M before L: L fell back to 3 */
    VT_EQ(vt_log_text()[1], 'r');
}

/* --- From an interrupt handler ----------------------------------------------- */

static vos_msg_client_t isr_client;
static int isr_r[4];

static void isr_reply(void)
{
    uint32_t v = 0xC0FFEEu;
    isr_r[0] = vos_msg_reply(&isr_client, &v, 4, VOS_OK);        /* task form: refused */
    isr_r[1] = vos_msg_reply_isr(&isr_client, &v, 4, VOS_OK);
    isr_r[2] = vos_msg_reply_isr(&isr_client, &v, 4, VOS_OK);    /* already replied */
    isr_r[3] = vos_msg_signal_isr(&ch, 0x8);
}

/* A server that hands its request to a "device": the handler replies. */
static void device_server(void *arg)
{
    (void)arg;
    uint32_t v;
    VT_EQ(vos_msg_receive(&ch, &v, 4, &isr_client, VOS_FOREVER), 4);
    VT_EQ(vos_task_priority(NULL), VT_RUNNER_PRIO);
    vt_run_in_isr(isr_reply);
    VT_EQ(vos_task_priority(NULL), 4);
    vos_msg_client_t cl;
    VT_EQ(vos_msg_receive(&ch, &v, 4, &cl, VOS_NO_WAIT), 0);   /* the handler's signal */
    VT_ASSERT(cl.task == NULL);
    VT_EQ(cl.signals, 0x8);
}

VT_TEST(reply_and_signal_from_a_handler)
{
    vos_chan_init(&ch);
    vt_spawn(0, "dev", device_server, NULL, 4);
    vos_sleep(vos_us(10));
    uint32_t v = 1, r = 0;
    VT_EQ(vos_msg_send(&ch, &v, 4, &r, 4, vos_ms(10)), 4);
    VT_EQ(r, 0xC0FFEEu);
    vt_join(1, 100);
    VT_EQ(isr_r[0], VOS_ERR_CONTEXT);
    VT_EQ(isr_r[1], VOS_OK);
    VT_EQ(isr_r[2], VOS_ERR_STATE);
    VT_EQ(isr_r[3], VOS_OK);
    VT_EQ(vos_msg_reply_isr(&isr_client, &v, 4, VOS_OK), VOS_ERR_CONTEXT);
}

/* --- Endings ------------------------------------------------------------------ */

static vos_msg_client_t slow_client;
static volatile int late_reply;

static void slow_server(void *arg)
{
    (void)arg;
    uint32_t v;
    VT_EQ(vos_msg_receive(&ch, &v, 4, &slow_client, VOS_FOREVER), 4);
    vos_sleep(vos_ms(5));                     /* longer than the client waits */
    late_reply = vos_msg_reply(&slow_client, &v, 4, VOS_OK);
    VT_EQ(vos_task_priority(NULL), 2);
    vos_msg_receive(&ch, &v, 4, &slow_client, VOS_FOREVER);   /* terminated here */
}

VT_TEST(timeout_while_served_then_server_terminated)
{
    vos_chan_init(&ch);
    vos_task_t *s = vt_spawn(0, "slow", slow_server, NULL, 2);
    vos_sleep(vos_us(10));
    uint32_t v = 5, r = 0;
    vos_time_t start = vos_now();
    VT_EQ(vos_msg_send(&ch, &v, 4, &r, 4, vos_ms(1)), VOS_ERR_TIMEOUT);
    VT_ASSERT(vos_now() - start >= vos_dur_cycles(vos_ms(1)));
    VT_EQ(r, 0);
    VT_EQ(vos_task_priority(s), 2);           /* the timeout took its boost back */
    vos_sleep(vos_ms(6));
    VT_EQ(late_reply, VOS_ERR_STATE);
    VT_EQ(vos_task_terminate(s), VOS_OK);
    VT_EQ(vos_msg_send(&ch, &v, 4, &r, 4, VOS_NO_WAIT), VOS_ERR_WOULD_BLOCK);
    VT_EQ(vos_chan_delete(&ch), VOS_OK);
    VT_EQ(vos_msg_send(&ch, &v, 4, &r, 4, VOS_NO_WAIT), VOS_ERR_INVALID);
}

static void holding_server(void *arg)
{
    (void)arg;
    uint32_t v;
    vos_msg_client_t cl;
    vos_msg_receive(&ch, &v, 4, &cl, VOS_FOREVER);
    vos_sleep(vos_ms(100));
}

static volatile int orphan_r = 1;

static void orphan_client(void *arg)
{
    (void)arg;
    uint32_t v = 1;
    orphan_r = vos_msg_send(&ch, &v, 4, &v, 4, VOS_FOREVER);
}

VT_TEST(server_exits_holding_a_client)
{
    vos_chan_init(&ch);
    vos_task_t *s = vt_spawn(0, "hold", holding_server, NULL, 2);
    vos_sleep(vos_us(10));
    vt_spawn(1, "orph", orphan_client, NULL, 5);
    vos_sleep(vos_us(10));
    VT_EQ(vos_task_priority(s), 5);
    VT_EQ(vos_task_terminate(s), VOS_OK);
    vt_join(2, 100);
    VT_EQ(orphan_r, VOS_ERR_DELETED);
    vos_chan_delete(&ch);
}
