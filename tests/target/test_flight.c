/* SPDX-License-Identifier: MIT */
/*
 * The flight pipeline on the board: the stages of apps/flight/pipeline.h
 * on kernel tasks, fed by a real 1 kHz timer interrupt (TIM4) through
 * kernel queues, telemetry allocating from a kernel heap beside them.
 *
 *  - estimate_tracks_truth: the attitude filter on the fusion task, fed a
 *    known motion (VM_SCRIPT, 10 s), against the model's true attitude:
 *    the bounds docs/flight.md states for the host test (roll/pitch RMS
 *    over 2-10 s < 2 deg, worst < 3 deg, x/y bias error < 0.004 rad/s);
 *  - closed_loop_roll_step: 3 s hover then a +20 deg roll step, flown by
 *    the tasks: rise < 0.25 s, overshoot < 10 %, settled (2 %) < 0.5 s,
 *    final error < 0.2 deg, pitch < 1 deg (docs/flight.md). The same
 *    stages called in a plain loop on this board must give the same motor
 *    commands bit for bit: the tasks, queues and interrupt transport the
 *    data without loss, reordering or corruption;
 *  - soak_bounded: 20 s of the benchmark's flight plan with telemetry: no
 *    missed deadline, the heap back to its start (and consistent), every
 *    task exited, every queue empty.
 * Every case also asserts that no sample missed its deadline.
 */
#include <stdlib.h>
#include <string.h>
#include "vtest.h"
#include "pipeline.h"
#include "quat.h"

#define PRIO_PID     12
#define PRIO_FUSION  11
#define PRIO_PLANT   10
#define PRIO_TELEM   5
_Static_assert(PRIO_PID < VT_RUNNER_PRIO, "the runner must outrank the pipeline to stop it");

#define IMU_IRQ      1
#define DEPTH        4
#define DT           1e-3f
#define THROTTLE     0.35f
#define IDLE         0.05f
#define HEAP_SIZE    (16 * 1024)
#define TELEM_LINK   160

/* --- the pipeline on tasks ---------------------------------------------- */

struct run_cfg {
    uint32_t samples;
    const fp_plan_t *plan;            /* NULL: setpoint never changes */
    bool telemetry;
    /* PID task, after each mixer output (index from 1) */
    void (*on_output)(uint32_t index, const fp_att_msg_t *att, const fp_cmd_msg_t *cmd);
    /* plant task, after each new sample */
    void (*on_sample)(const vm_imu_t *s);
};

static struct {
    fp_plant_t plant;
    fp_fusion_t fusion;
    fp_control_t control;
    fp_snap_t snap;
    fp_telem_t telem;
    vos_queue_t q_imu, q_att, q_cmd;
    fp_imu_msg_t q_imu_buf[DEPTH];
    fp_att_msg_t q_att_buf[DEPTH];
    fp_cmd_msg_t q_cmd_buf[DEPTH];
    vos_sem_t done;
    const struct run_cfg *cfg;
    volatile uint32_t irqs, last_irq, lost, stale;
    uint32_t outputs, late, lat_max;
    volatile bool telem_stop;
} P;

static vos_heap_t heap;
static uint64_t heap_mem[HEAP_SIZE / 8];

static void imu_isr(void)
{
    uint32_t t0 = board_cycles();
    P.last_irq = t0;
    uint32_t k = ++P.irqs;
    if (k > P.cfg->samples) {
        if (k == P.cfg->samples + 1)
            vos_sem_give_isr(&P.done);
        return;
    }
    fp_imu_msg_t m;
    if (fp_plant_take(&P.plant, &m) != 0) {
        P.stale++;
        return;
    }
    m.t_irq = t0;
    if (vos_queue_send_isr(&P.q_imu, &m) != VOS_OK)
        P.lost++;
}

static void fusion_task(void *arg)
{
    (void)arg;
    fp_imu_msg_t in;
    fp_att_msg_t out;
    for (;;) {
        VT_EQ(vos_queue_recv(&P.q_imu, &in, VOS_FOREVER), VOS_OK);
        if (in.seq == FP_SEQ_STOP) {
            out.seq = FP_SEQ_STOP;
            vos_queue_send(&P.q_att, &out, VOS_FOREVER);
            return;
        }
        fp_fuse(&P.fusion, &in, &out);
        vos_queue_send(&P.q_att, &out, VOS_FOREVER);
    }
}

static void pid_task(void *arg)
{
    (void)arg;
    fp_att_msg_t in;
    fp_cmd_msg_t out;
    for (;;) {
        VT_EQ(vos_queue_recv(&P.q_att, &in, VOS_FOREVER), VOS_OK);
        if (in.seq == FP_SEQ_STOP) {
            out.seq = FP_SEQ_STOP;
            vos_queue_send(&P.q_cmd, &out, VOS_FOREVER);
            return;
        }
        fp_control(&P.control, &in, &out);
        uint32_t t1 = board_cycles();
        uint32_t lat = t1 - out.t_irq;
        if (P.last_irq != out.t_irq || lat >= (uint32_t)vos_dur_cycles(vos_ms(1)))
            P.late++;
        if (lat > P.lat_max)
            P.lat_max = lat;
        uint32_t n = ++P.outputs;
        fp_snap_write(&P.snap, &in, &out, lat, P.control.flags);
        vos_queue_send(&P.q_cmd, &out, VOS_FOREVER);
        if (P.cfg->on_output)
            P.cfg->on_output(n, &in, &out);
        const fp_setpoint_t *sp = P.cfg->plan ? fp_plan_due(P.cfg->plan, n) : NULL;
        if (sp)
            fp_control_setpoint(&P.control, in.q, sp->roll, sp->pitch, sp->dyaw);
    }
}

static void plant_task(void *arg)
{
    (void)arg;
    fp_cmd_msg_t in;
    for (;;) {
        VT_EQ(vos_queue_recv(&P.q_cmd, &in, VOS_FOREVER), VOS_OK);
        if (in.seq == FP_SEQ_STOP)
            return;
        const vm_imu_t *s = fp_plant_advance(&P.plant, in.motor);
        if (P.cfg->on_sample)
            P.cfg->on_sample(s);
    }
}

static void *telem_alloc(void *ctx, unsigned size)
{
    void *p;
    return vos_heap_alloc(ctx, size, &p) == VOS_OK ? p : NULL;
}

static void telem_free(void *ctx, void *p)
{
    VT_EQ(vos_heap_free(ctx, p), VOS_OK);
}

static void telem_task(void *arg)
{
    (void)arg;
    vos_time_t next = vos_now();
    fp_state_t st;
    while (!P.telem_stop) {
        next += vos_dur_cycles(vos_ms(10));
        vos_sleep_until(next);
        fp_telem_tick(&P.telem, fp_snap_read(&P.snap, &st) ? &st : NULL);
    }
    fp_telem_drain(&P.telem);
}

/* The pipeline state before the first interrupt, and a fresh telemetry
 * heap: the closed loop levels the filter from one sample first (as a
 * vehicle on the ground does). */
static void setup(const struct run_cfg *cfg, uint32_t seed, vm_manoeuvre_t man, bool level)
{
    memset(&P, 0, sizeof P);
    P.cfg = cfg;
    fp_plant_init(&P.plant, seed, man, THROTTLE);
    const float *lvl = NULL;
    if (level)
        lvl = fp_plant_advance(&P.plant, NULL)->acc;
    fp_fusion_init(&P.fusion, DT, lvl);
    fp_plant_advance(&P.plant, NULL);
    fp_control_init(&P.control, DT, THROTTLE, IDLE);
    VT_EQ(vos_heap_init(&heap, heap_mem, sizeof heap_mem), VOS_OK);
    fp_telem_init(&P.telem, telem_alloc, telem_free, &heap, 21u, TELEM_LINK);
}

/* Runs the tasks and the interrupt for cfg->samples samples (after
 * setup), then stops them and checks nothing is left behind. */
static void run(void)
{
    const struct run_cfg *cfg = P.cfg;
    VT_EQ(vos_sem_init(&P.done, 0, 1), VOS_OK);
    VT_EQ(vos_queue_init(&P.q_imu, P.q_imu_buf, sizeof P.q_imu_buf[0], DEPTH), VOS_OK);
    VT_EQ(vos_queue_init(&P.q_att, P.q_att_buf, sizeof P.q_att_buf[0], DEPTH), VOS_OK);
    VT_EQ(vos_queue_init(&P.q_cmd, P.q_cmd_buf, sizeof P.q_cmd_buf[0], DEPTH), VOS_OK);

    vt_spawn(0, "fusion", fusion_task, NULL, PRIO_FUSION);
    vt_spawn(1, "pid", pid_task, NULL, PRIO_PID);
    vt_spawn(2, "plant", plant_task, NULL, PRIO_PLANT);
    if (cfg->telemetry)
        vt_spawn(3, "telemetry", telem_task, NULL, PRIO_TELEM);
    board_irq_start(IMU_IRQ, (uint32_t)vos_dur_cycles(vos_ms(1)), 0x80, imu_isr);

    VT_EQ(vos_sem_take(&P.done, vos_ms(cfg->samples + 1000)), VOS_OK);
    board_irq_stop(IMU_IRQ);
    fp_imu_msg_t stop = { .seq = FP_SEQ_STOP };
    VT_EQ(vos_queue_send(&P.q_imu, &stop, VOS_FOREVER), VOS_OK);
    vt_join(3, 100);
    P.telem_stop = true;
    vt_join(cfg->telemetry ? 4 : 3, 100);

    /* No task left behind, nothing left in a queue. */
    for (int i = 0; i < (cfg->telemetry ? 4 : 3); i++)
        VT_EQ(vos_task_state(vt_task(i)), VOS_TASK_EXITED);
    VT_EQ(vos_queue_count(&P.q_imu), 0);
    VT_EQ(vos_queue_count(&P.q_att), 0);
    VT_EQ(vos_queue_count(&P.q_cmd), 0);
    VT_EQ(P.outputs, cfg->samples);
    VT_EQ(P.late, 0);
    VT_EQ(P.lost, 0);
    VT_EQ(P.stale, 0);
    VT_LE(P.lat_max, (uint32_t)vos_dur_cycles(vos_ms(1)) - 1);
}

static float deg(float rad)
{
    return rad * FL_RAD2DEG;
}

/* x with three decimals, for notes (board_printf has no %f): FIX3(x)
 * expands to the two arguments of "%ld.%03ld". */
static long milli(float x)
{
    return (long)(x * 1000.0f + (x < 0.0f ? -0.5f : 0.5f));
}
#define FIX3(x) milli(x) / 1000, labs(milli(x) % 1000)

/* --- estimate against the truth ----------------------------------------- */

#define EST_SAMPLES 10000u
#define EST_FROM    2001u      /* first sample of the 2-10 s window */

static struct {
    float sum_sq;              /* deg^2, roll and pitch */
    uint32_t n;
    float max;                 /* rad */
} E;

static void est_output(uint32_t index, const fp_att_msg_t *att, const fp_cmd_msg_t *cmd)
{
    (void)index;
    (void)cmd;
    if (att->seq < EST_FROM)
        return;
    float er, ep, ey, tr, tp, ty;
    quat_to_euler(att->q, &er, &ep, &ey);
    quat_to_euler(fp_plant_truth(&P.plant, att->seq), &tr, &tp, &ty);
    float dr = fl_wrap_pi(er - tr), dp = ep - tp;
    E.sum_sq += deg(dr) * deg(dr) + deg(dp) * deg(dp);
    E.n += 2;
    float m = fabsf(dr) > fabsf(dp) ? fabsf(dr) : fabsf(dp);
    if (m > E.max)
        E.max = m;
}

VT_TEST(estimate_tracks_truth)
{
    static const struct run_cfg cfg = { .samples = EST_SAMPLES, .telemetry = true,
                                        .on_output = est_output };
    memset(&E, 0, sizeof E);
    setup(&cfg, 1u, VM_SCRIPT, false);
    float q0[4];
    quat_from_euler(30.0f * FL_DEG2RAD, -20.0f * FL_DEG2RAD, 0.0f, q0);
    att_set_quat(&P.fusion.att, q0);
    run();

    float rms = sqrtf(E.sum_sq / (float)E.n);
    float bias_xy = fmaxf(fabsf(P.fusion.att.bias[0] - P.plant.vm.bias[0]),
                          fabsf(P.fusion.att.bias[1] - P.plant.vm.bias[1]));
    VT_EQ(E.n, 2 * (EST_SAMPLES - EST_FROM + 1));
    VT_ASSERT(rms < 2.0f);
    VT_ASSERT(E.max < 3.0f * FL_DEG2RAD);
    VT_ASSERT(bias_xy < 0.004f);
    VT_EQ(P.fusion.att.rejected, 0);
    vt_note("10 s VM_SCRIPT on tasks: roll/pitch RMS %ld.%03ld deg (< 2), max %ld.%03ld deg (< 3), "
            "x/y bias error %ld.%03ld mrad/s (< 4); latency max %lu\n", FIX3(rms),
            FIX3(deg(E.max)), FIX3(bias_xy * 1000.0f), (unsigned long)P.lat_max);
}

/* --- closed-loop roll step ---------------------------------------------- */

#define STEP_LEAD   3000u      /* hover samples before the step */
#define STEP_N      2000u      /* samples observed after it */
#define STEP_TARGET (20.0f * FL_DEG2RAD)

static const fp_setpoint_t step_sp[] = { { 0, STEP_TARGET, 0.0f, 0.0f } };
static const fp_plan_t step_plan = { step_sp, 1, STEP_LEAD, 0xFFFFFFFFu };

static struct {
    float roll[STEP_N];
    float pitch_max;           /* rad */
    uint32_t hash;             /* FNV-1a of every motor command */
} C;

static uint32_t fnv1a(uint32_t h, const void *p, unsigned n)
{
    const uint8_t *b = p;
    while (n--) {
        h ^= *b++;
        h *= 16777619u;
    }
    return h;
}

static void step_output(uint32_t index, const fp_att_msg_t *att, const fp_cmd_msg_t *cmd)
{
    (void)index;
    (void)att;
    C.hash = fnv1a(C.hash, cmd->motor, sizeof cmd->motor);
}

/* Sample seq of the closed loop is the seq-th step of the model: the first
 * one levels the filter, so the step's first sample is STEP_LEAD + 2. */
static void step_sample(const vm_imu_t *s)
{
    uint32_t i = s->seq - (STEP_LEAD + 2u);
    if (i >= STEP_N)
        return;
    float r, p, y;
    quat_to_euler(P.plant.vm.q, &r, &p, &y);
    C.roll[i] = r;
    if (fabsf(p) > C.pitch_max)
        C.pitch_max = fabsf(p);
}

/* The same stages in a plain loop: the reference for the tasks' outputs. */
static uint32_t step_reference(void)
{
    static fp_plant_t plant;
    static fp_fusion_t fusion;
    static fp_control_t control;
    uint32_t h = 2166136261u;
    fp_plant_init(&plant, 21u, VM_DYNAMIC, THROTTLE);
    fp_fusion_init(&fusion, DT, fp_plant_advance(&plant, NULL)->acc);
    fp_plant_advance(&plant, NULL);
    fp_control_init(&control, DT, THROTTLE, IDLE);
    for (uint32_t n = 1; n <= STEP_LEAD + STEP_N; n++) {
        fp_imu_msg_t m;
        fp_att_msg_t a;
        fp_cmd_msg_t c;
        VT_EQ(fp_plant_take(&plant, &m), 0);
        fp_fuse(&fusion, &m, &a);
        fp_control(&control, &a, &c);
        h = fnv1a(h, c.motor, sizeof c.motor);
        fp_plant_advance(&plant, c.motor);
        const fp_setpoint_t *sp = fp_plan_due(&step_plan, n);
        if (sp)
            fp_control_setpoint(&control, a.q, sp->roll, sp->pitch, sp->dyaw);
    }
    return h;
}

VT_TEST(closed_loop_roll_step)
{
    static const struct run_cfg cfg = { .samples = STEP_LEAD + STEP_N, .plan = &step_plan,
                                        .telemetry = true, .on_output = step_output,
                                        .on_sample = step_sample };
    memset(&C, 0, sizeof C);
    C.hash = 2166136261u;
    setup(&cfg, 21u, VM_DYNAMIC, true);
    run();

    /* Step figures, as the host rig defines them (tests/host/flight/rig.c):
     * times are of the sample after the setpoint change, 1-based. */
    float t10 = -1.0f, t90 = -1.0f, peak = 0.0f, settle = 0.0f, tail = 0.0f;
    for (unsigned i = 0; i < STEP_N; i++) {
        float frac = C.roll[i] / STEP_TARGET;
        float t = (float)(i + 1) * DT;
        if (t10 < 0.0f && frac >= 0.1f)
            t10 = t;
        if (t90 < 0.0f && frac >= 0.9f)
            t90 = t;
        if (frac - 1.0f > peak)
            peak = frac - 1.0f;
        if (fabsf(C.roll[i] - STEP_TARGET) > 0.02f * STEP_TARGET)
            settle = t;
        if (i >= STEP_N - STEP_N / 5)
            tail += fabsf(C.roll[i] - STEP_TARGET);
    }
    float rise = t10 >= 0.0f && t90 >= 0.0f ? t90 - t10 : -1.0f;
    float final_err = tail / (float)(STEP_N / 5);
    VT_ASSERT(rise > 0.0f && rise < 0.25f);
    VT_ASSERT(peak < 0.10f);
    VT_ASSERT(settle < 0.5f);
    VT_ASSERT(final_err < 0.2f * FL_DEG2RAD);
    VT_ASSERT(C.pitch_max < 1.0f * FL_DEG2RAD);
    vt_note("roll +20 deg on tasks: rise %ld.%03ld s (< 0.25), overshoot %ld.%03ld %% (< 10), "
            "settled %ld.%03ld s (< 0.5), final error %ld.%03ld deg (< 0.2), pitch max %ld.%03ld deg "
            "(< 1)\n", FIX3(rise), FIX3(peak * 100.0f), FIX3(settle), FIX3(deg(final_err)),
            FIX3(deg(C.pitch_max)));

    uint32_t ref = step_reference();
    VT_EQ(C.hash, ref);
    vt_note("motor commands of %lu samples: FNV-1a %08lx on tasks, %08lx in a plain loop; "
            "latency max %lu\n", (unsigned long)(STEP_LEAD + STEP_N), (unsigned long)C.hash,
            (unsigned long)ref, (unsigned long)P.lat_max);
}

/* --- bounded soak ------------------------------------------------------- */

#define SOAK_S 20u

VT_TEST(soak_bounded)
{
    static const struct run_cfg cfg = { .samples = SOAK_S * 1000u, .plan = &fp_plan_default,
                                        .telemetry = true };
    setup(&cfg, 21u, VM_DYNAMIC, true);
    vos_heap_stats_t before, after;
    VT_EQ(vos_heap_stats(&heap, &before), VOS_OK);
    run();
    VT_EQ(vos_heap_stats(&heap, &after), VOS_OK);
    VT_EQ(vos_heap_check(&heap), VOS_OK);

    VT_EQ(after.free_bytes, before.free_bytes);
    VT_EQ(after.free_blocks, 1);
    VT_EQ(after.allocs, after.frees);
    VT_EQ(after.allocs, P.telem.packets);
    VT_EQ(after.failures, 0);
    VT_ASSERT(after.min_free_bytes < before.free_bytes);   /* the heap was really used */
    VT_EQ(P.telem.bad, 0);
    VT_EQ(P.telem.alloc_failed, 0);
    VT_EQ(P.telem.delivered + P.telem.dropped, P.telem.packets);
    VT_ASSERT(P.telem.ticks >= SOAK_S * 100u - 1u);
    vt_note("%lu s: %lu outputs, 0 late; heap free %lu -> %lu (lowest %lu), %lu packets "
            "(%lu dropped by link fades, peak %u queued); latency max %lu\n",
            (unsigned long)SOAK_S, (unsigned long)P.outputs, (unsigned long)before.free_bytes,
            (unsigned long)after.free_bytes, (unsigned long)after.min_free_bytes,
            (unsigned long)P.telem.packets, (unsigned long)P.telem.dropped,
            P.telem.peak_inflight, (unsigned long)P.lat_max);
}
