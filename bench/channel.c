/* SPDX-License-Identifier: MIT */
/*
 * Synchronous message passing metrics (docs/benchmark.md):
 * msg_sync_roundtrip (4 and 64 bytes), msg_sync_latency, pi_msg.
 *
 * VAIOS calls directly (vaios/channel.h): the other kernels of the OSAL
 * have no send/receive/reply. Every reply is checked against its request
 * and pi_msg checks the inversion inside the measurement: a medium task
 * that runs while the high client waits for the low server stops the run
 * with an error instead of producing a figure.
 */
#include "core.h"
#include "families.h"
#include "vaios/vaios.h"

#define SAMPLES 2000
#define P(n) (VB_MAIN_PRIO + (n))

static vos_chan_t ch;
static volatile uint32_t t0;
static volatile int left;
static size_t msg_len;

static void fail(const char *what)
{
    board_printf("!! bench: %s\n", what);
    board_exit(2);
}

/* Receives, answers with the request's words plus one, until a request
 * of length 0. latency: a sample from t0 to the first instruction after
 * the receive returns. */
static void server(void *arg)
{
    bool latency = arg != NULL;
    uint32_t buf[16];
    vos_msg_client_t cl;
    for (;;) {
        int n = vos_msg_receive(&ch, buf, sizeof buf, &cl, VOS_FOREVER);
        uint32_t b = board_cycles();   /* msg_sync_latency window ends here */
        if (latency && n > 0)
            vb_add((int64_t)(b - t0 - vb_overhead));
        if (n <= 0)
            break;
        buf[0]++;
        vos_msg_reply(&cl, buf, (size_t)n, VOS_OK);
    }
    vos_msg_reply(&cl, NULL, 0, VOS_OK);
}

static void client(void *arg)
{
    bool roundtrip = arg != NULL;
    uint32_t req[16] = {0}, rep[16];
    for (int i = 0; i < SAMPLES; i++) {
        req[0] = (uint32_t)i;
        uint32_t a = board_cycles();   /* both windows start here */
        t0 = a;
        int n = vos_msg_send(&ch, req, msg_len, rep, sizeof rep, VOS_FOREVER);
        uint32_t b = board_cycles();   /* msg_sync_roundtrip window ends here */
        if (n != (int)msg_len || rep[0] != (uint32_t)i + 1u)
            fail("msg_sync: wrong reply");
        if (roundtrip)
            vb_add((int64_t)(b - a - vb_overhead));
    }
    vos_msg_send(&ch, NULL, 0, NULL, 0, VOS_FOREVER);
}

static void sync_run(const char *id, const char *scenario, size_t len, bool roundtrip,
                     const char *note)
{
    vb_progress(id, 0, SAMPLES);
    vos_chan_init(&ch);
    msg_len = len;
    vb_reset(0);
    vb_spawn_begin();
    vb_spawn(0, "srv", server, roundtrip ? NULL : (void *)1, P(2));
    vb_spawn(1, "cli", client, roundtrip ? (void *)1 : NULL, P(1));
    vb_spawn_end();
    vb_join(2);
    vos_chan_delete(&ch);
    vb_report(id, scenario, board_cycle_unit, vb_overhead, note);
}

/* --- pi_msg: L serves H while M is ready ------------------------------------------------
 * Tasks are created while the main task runs at the top priority; H and M
 * suspend themselves before each round, L waits in its receive. */

static vos_task_t *hi, *mid;
static volatile bool mid_ran, hi_waiting;

static void pm_mid(void *arg)
{
    (void)arg;
    for (;;) {
        vos_task_suspend(NULL);
        if (left < 0)
            break;
        if (hi_waiting)
            mid_ran = true;
    }
}

static void pm_lo(void *arg)
{
    (void)arg;
    uint32_t v;
    vos_msg_client_t cl;
    for (;;) {
        int n = vos_msg_receive(&ch, &v, sizeof v, &cl, VOS_FOREVER);
        uint32_t b = board_cycles();   /* pi_msg window ends here */
        if (n <= 0)
            break;
        vb_add((int64_t)(b - t0 - vb_overhead));
        if (vos_task_priority(NULL) != P(3))
            fail("pi_msg: L does not serve at H's priority");
        v++;
        vos_msg_reply(&cl, &v, sizeof v, VOS_OK);
        if (vos_task_priority(NULL) != P(1))
            fail("pi_msg: L's priority not restored by the reply");
    }
    vos_msg_reply(&cl, NULL, 0, VOS_OK);
}

static void pm_hi(void *arg)
{
    (void)arg;
    for (uint32_t i = 0; i < SAMPLES; i++) {
        uint32_t v = i, r = 0;
        vos_task_suspend(NULL);        /* until L waits again and the kicker resumes us */
        vos_task_resume(mid);          /* M ready; it must not run before our reply */
        hi_waiting = true;
        t0 = board_cycles();           /* pi_msg window starts here */
        int n = vos_msg_send(&ch, &v, sizeof v, &r, sizeof r, VOS_FOREVER);
        hi_waiting = false;
        if (n != (int)sizeof r || r != i + 1u)
            fail("pi_msg: wrong reply");
        if (mid_ran)
            fail("priority inversion: M ran while H waited for L's reply");
    }
    left = -1;
    vos_task_resume(mid);
    vos_msg_send(&ch, NULL, 0, NULL, 0, VOS_FOREVER);
}

/* Below M and at L's level, behind L: resumes H each time it has
 * suspended itself and M and L have gone back to their waits, so every
 * sample starts with L waiting in its receive. */
static void pm_kick(void *arg)
{
    (void)arg;
    while (left >= 0) {
        if (vos_task_state(hi) == VOS_TASK_SUSPENDED)
            vos_task_resume(hi);
        else
            vos_yield();
    }
}

static void pi_msg_run(void)
{
    vb_progress("pi_msg", 0, SAMPLES);
    vos_chan_init(&ch);
    vb_reset(0);
    left = SAMPLES;
    mid_ran = hi_waiting = false;
    vb_spawn_begin();
    vb_spawn(0, "L", pm_lo, NULL, P(1));
    mid = vb_spawn(1, "M", pm_mid, NULL, P(2));
    hi = vb_spawn(2, "H", pm_hi, NULL, P(3));
    vb_spawn(3, "kick", pm_kick, NULL, P(1));
    vb_spawn_end();
    vb_join(4);
    vos_chan_delete(&ch);
    vb_report("pi_msg", "idle", board_cycle_unit, vb_overhead,
              "H sends to the channel L (lower) waits on while M is ready -> L runs with the "
              "message at H's priority; M never ran before H had its reply (checked)");
}

#if OSAL_CRIT_STATS
/* crit_max's load (the image with critical-section statistics): 1 KiB
 * requests and replies, so that a copy whose masked section grew with the
 * message would be the longest one. No figure of its own; every reply is
 * checked. */
#define LONG_WORDS 256
static uint32_t long_req[LONG_WORDS], long_srv[LONG_WORDS], long_rep[LONG_WORDS];

static void long_server(void *arg)
{
    (void)arg;
    vos_msg_client_t cl;
    for (;;) {
        int n = vos_msg_receive(&ch, long_srv, sizeof long_srv, &cl, VOS_FOREVER);
        if (n <= 0)
            break;
        for (int i = 0; i < LONG_WORDS; i++)
            long_srv[i] = ~long_srv[i];
        vos_msg_reply(&cl, long_srv, (size_t)n, VOS_OK);
    }
    vos_msg_reply(&cl, NULL, 0, VOS_OK);
}

static void long_client(void *arg)
{
    (void)arg;
    for (uint32_t k = 0; k < 200; k++) {
        for (int i = 0; i < LONG_WORDS; i++)
            long_req[i] = k * 1000u + (uint32_t)i;
        int n = vos_msg_send(&ch, long_req, sizeof long_req, long_rep, sizeof long_rep,
                             VOS_FOREVER);
        if (n != (int)sizeof long_rep || long_rep[LONG_WORDS - 1] != ~long_req[LONG_WORDS - 1])
            fail("msg_sync long: wrong reply");
    }
    vos_msg_send(&ch, NULL, 0, NULL, 0, VOS_FOREVER);
}

void bench_channel_long(void)
{
    vos_chan_init(&ch);
    vb_spawn_begin();
    vb_spawn(0, "srv", long_server, NULL, P(2));
    vb_spawn(1, "cli", long_client, NULL, P(1));
    vb_spawn_end();
    vb_join(2);
    vos_chan_delete(&ch);
}
#endif

void bench_channel(void)
{
    sync_run("msg_sync_roundtrip", "4B", 4, true,
             "4-byte request and reply; the higher server waits in its receive");
    sync_run("msg_sync_roundtrip", "64B", 64, true,
             "64-byte request and reply; the higher server waits in its receive");
    sync_run("msg_sync_latency", "idle", 4, false,
             "send -> first instruction of the higher server, waiting in its receive, "
             "with the 4-byte message");
    pi_msg_run();
}
