/* SPDX-License-Identifier: MIT */
/*
 * imu_pipeline (docs/benchmark.md): the 1 kHz flight pipeline of apps/flight on
 * tasks, through the OS adaptation layer only, so another kernel runs the
 * identical application:
 *
 *   TIM4 interrupt (1 kHz, kernel-level NVIC priority)   copies the plant's sample
 *     --queue--> fusion task (att_update)
 *     --queue--> PID task (ctl_update, mix_quadx) = mixer output
 *     --queue--> plant task (vehicle model: applies the motors, makes the
 *                next sample; the world, outside the measured path)
 *   telemetry task, low priority, every 10 ms: packets from the heap on a
 *   simulated radio link (pipeline.h of apps/flight).
 *
 * The metric: from the counter read that opens the interrupt handler the
 * application registered (its first statement; with GCC 12 -O2 it is the
 * handler's 5th instruction, after the register save and two address
 * loads, and the board's dispatch runs 6 instructions before the handler)
 * to the counter read when fp_control returns (the 5th instruction after
 * mix_quadx returns: storing its flags, the return, one address load).
 * Nothing is subtracted. A sample misses its deadline when its mixer
 * output comes after the next sample interrupt, or is lost, or the plant
 * had no new sample for the interrupt.
 *
 * Priorities: PID > fusion > plant > telemetry > bench main > busy load;
 * the interrupt handlers are kernel-level (they call the _isr forms).
 */
#include <string.h>
#include "core.h"
#include "families.h"
#include "load.h"
#include "flight_run.h"
#include "pipeline.h"      /* apps/flight: the OS-free stages */

#if VB_HAS_FLIGHT   /* the whole family: main.c lists it as skipped otherwise */

#define PRIO_PID     (VB_MAIN_PRIO + 8)
#define PRIO_FUSION  (VB_MAIN_PRIO + 7)
#define PRIO_PLANT   (VB_MAIN_PRIO + 6)
#define PRIO_TELEM   (VB_MAIN_PRIO + 1)
#define PRIO_BUSY    1
_Static_assert(PRIO_PID <= OSAL_PRIO_MAX, "pipeline priorities above the kernel's range");

#define IMU_IRQ        1          /* TIM4; source 0 is the load's */
#define IMU_IRQ_PRIO   OSAL_IRQ_PRIO_KERNEL
#define QUEUE_DEPTH    4
#define TELEM_PERIOD_MS 10
#define TELEM_LINK_BYTES 160      /* per telemetry period: 128 kbit/s */
#define SEED           21u
#define THROTTLE       0.35f      /* hover */
#define IDLE           0.05f

#define IDLE_SAMPLES   10000
#define LOADED_SAMPLES 5000

struct flight {
    fp_plant_t plant;
    fp_fusion_t fusion;
    fp_control_t control;
    fp_snap_t snap;
    fp_telem_t telem;
    os_queue_t q_imu, q_att, q_cmd;
    fp_imu_msg_t q_imu_buf[QUEUE_DEPTH];
    fp_att_msg_t q_att_buf[QUEUE_DEPTH];
    fp_cmd_msg_t q_cmd_buf[QUEUE_DEPTH];
    os_sem_t run_done;
    const vb_flight_cfg_t *cfg;
    uint32_t period;
    /* written by the IMU interrupt */
    volatile uint32_t irqs;       /* interrupts so far */
    volatile uint32_t last_irq;   /* counter value of the latest one */
    volatile uint32_t lost, stale;
    /* written by the PID task */
    uint32_t outputs, late, prev_seq, prev_t, period_min, period_max;
    volatile bool telem_stop;
};
_Static_assert(sizeof(struct flight) <= VB_FLIGHT_STATE_SIZE, "pipeline state outgrew its room");

/* The running pipeline's state, in the arena (set by vb_flight_run). */
static struct flight *fl;

/* --- interrupt handlers ------------------------------------------------- */

static void imu_isr(void)
{
    uint32_t t0 = board_cycles();
    fl->last_irq = t0;
    uint32_t k = fl->irqs + 1;
    fl->irqs = k;
    if (k > fl->cfg->samples) {
        /* One interrupt after the last sample (so that the wake-up of the
         * bench task is never inside a measured path): the run is over. */
        if (k == fl->cfg->samples + 1)
            os_sem_give_isr(&fl->run_done);
        return;
    }
    fp_imu_msg_t m;
    if (fp_plant_take(&fl->plant, &m) != 0) {
        fl->stale++;
    } else {
        m.t_irq = t0;
        if (os_queue_send_isr(&fl->q_imu, &m) != 0)
            fl->lost++;
    }
}

/* --- tasks -------------------------------------------------------------- */

static void fusion_task(void *arg)
{
    (void)arg;
    fp_imu_msg_t in;
    fp_att_msg_t out;
    for (;;) {
        os_queue_recv(&fl->q_imu, &in);
        if (in.seq == FP_SEQ_STOP) {
            out.seq = FP_SEQ_STOP;
            os_queue_send(&fl->q_att, &out);
            return;
        }
        fp_fuse(&fl->fusion, &in, &out);
        os_queue_send(&fl->q_att, &out);
    }
}

static void pid_task(void *arg)
{
    (void)arg;
    fp_att_msg_t in;
    fp_cmd_msg_t out;
    for (;;) {
        os_queue_recv(&fl->q_att, &in);
        if (in.seq == FP_SEQ_STOP) {
            out.seq = FP_SEQ_STOP;
            os_queue_send(&fl->q_cmd, &out);
            return;
        }
        fp_control(&fl->control, &in, &out);
        uint32_t t1 = board_cycles();
        uint32_t next_irq = fl->last_irq;
        uint32_t lat = t1 - out.t_irq;

        uint32_t n = ++fl->outputs;
        fl->cfg->record(n, lat);
        if (next_irq != out.t_irq || lat >= fl->period)
            fl->late++;
        if (out.seq == fl->prev_seq + 1u) {
            uint32_t d = out.t_irq - fl->prev_t;
            if (d < fl->period_min)
                fl->period_min = d;
            if (d > fl->period_max)
                fl->period_max = d;
        }
        fl->prev_seq = out.seq;
        fl->prev_t = out.t_irq;
        fp_snap_write(&fl->snap, &in, &out, lat, fl->control.flags);
        os_queue_send(&fl->q_cmd, &out);
        const fp_setpoint_t *sp = fp_plan_due(&fp_plan_default, n);
        if (sp)
            fp_control_setpoint(&fl->control, in.q, sp->roll, sp->pitch, sp->dyaw);
    }
}

static void plant_task(void *arg)
{
    (void)arg;
    fp_cmd_msg_t in;
    for (;;) {
        os_queue_recv(&fl->q_cmd, &in);
        if (in.seq == FP_SEQ_STOP)
            return;
        fp_plant_advance(&fl->plant, in.motor);
    }
}

static void *telem_alloc(void *ctx, unsigned size)
{
    return os_malloc((os_heap_t *)ctx, size);
}

static void telem_free(void *ctx, void *p)
{
    os_free((os_heap_t *)ctx, p);
}

static void telem_task(void *arg)
{
    (void)arg;
    uint64_t next = os_now();
    fp_state_t st;
    while (!fl->telem_stop) {
        next += os_ms(TELEM_PERIOD_MS);
        os_sleep_until(next);
        fp_telem_tick(&fl->telem, fp_snap_read(&fl->snap, &st) ? &st : NULL);
    }
    fp_telem_drain(&fl->telem);
}

/* --- the run ------------------------------------------------------------ */

void vb_flight_run(const vb_flight_cfg_t *cfg, vb_flight_result_t *res)
{
    fl = (struct flight *)(void *)vb_flight_arena()->state;
    memset(fl, 0, sizeof *fl);
    fl->cfg = cfg;
    fl->period = (uint32_t)os_ms(1);
    fl->period_min = UINT32_MAX;
    os_sem_init(&fl->run_done, 0, 1);
    os_queue_init(&fl->q_imu, fl->q_imu_buf, sizeof fl->q_imu_buf[0], QUEUE_DEPTH);
    os_queue_init(&fl->q_att, fl->q_att_buf, sizeof fl->q_att_buf[0], QUEUE_DEPTH);
    os_queue_init(&fl->q_cmd, fl->q_cmd_buf, sizeof fl->q_cmd_buf[0], QUEUE_DEPTH);

    /* The vehicle on the ground: the first sample levels the filter, the
     * second waits for the first interrupt. */
    const float dt = 1e-3f;
    fp_plant_init(&fl->plant, SEED, VM_DYNAMIC, THROTTLE);
    const vm_imu_t *first = fp_plant_advance(&fl->plant, NULL);
    fp_fusion_init(&fl->fusion, dt, first->acc);
    fp_plant_advance(&fl->plant, NULL);
    fp_control_init(&fl->control, dt, THROTTLE, IDLE);
    fp_telem_init(&fl->telem, telem_alloc, telem_free, cfg->heap, SEED, TELEM_LINK_BYTES);

    vb_spawn_begin();
    os_task_t *tasks[4];
    tasks[0] = vb_spawn(0, "fusion", fusion_task, NULL, PRIO_FUSION);
    tasks[1] = vb_spawn(1, "pid", pid_task, NULL, PRIO_PID);
    tasks[2] = vb_spawn(2, "plant", plant_task, NULL, PRIO_PLANT);
    tasks[3] = vb_spawn(3, "telemetry", telem_task, NULL, PRIO_TELEM);
    if (cfg->loaded)
        vb_load_tasks(VB_LOAD_BUSY, 4, PRIO_BUSY);
    vb_spawn_end();

    board_irq_start(IMU_IRQ, fl->period, IMU_IRQ_PRIO, imu_isr);
    if (cfg->loaded)
        /* The tick (bench/load.h): incommensurate with 1 ms, so the load
         * meets every phase of the pipeline; OSAL_IRQ_PRIO_KERNEL, the
         * IMU interrupt's level. */
        vb_load_tick_start();

    os_sem_take(&fl->run_done);
    board_irq_stop(IMU_IRQ);
    if (cfg->loaded)
        vb_load_tick_stop();

    /* The stop message follows the last samples down the chain. */
    fp_imu_msg_t stop = { .seq = FP_SEQ_STOP };
    os_queue_send(&fl->q_imu, &stop);
    vb_join(3);
    fl->telem_stop = true;
    vb_load_end();
    vb_join(cfg->loaded ? 5 : 4);

    memset(res, 0, sizeof *res);
    res->outputs = fl->outputs;
    res->late = fl->late;
    res->lost = fl->lost;
    res->stale = fl->stale;
    res->misses = fl->late + fl->lost + fl->stale;
    res->period_min = fl->period_min;
    res->period_max = fl->period_max;
    res->packets = fl->telem.packets;
    res->delivered = fl->telem.delivered;
    res->dropped = fl->telem.dropped;
    res->bad = fl->telem.bad;
    res->alloc_failed = fl->telem.alloc_failed;
    res->peak_inflight = fl->telem.peak_inflight;
#if OSAL_HAS_OVERRUNS
    /* The kernel's count, read from the ended tasks' control blocks: the
     * telemetry task's periodic sleeps (the chain's tasks wait on queues). */
    for (int i = 0; i < 4; i++)
        res->deadline_misses += os_task_overruns(tasks[i]);
#else
    (void)tasks;
#endif
}

/* --- imu_pipeline ------------------------------------------------------- */

static void record_dist(uint32_t index, uint32_t latency)
{
    (void)index;
    vb_add((int64_t)latency);
}

static void run(bool loaded)
{
    const char *scen = loaded ? "loaded" : "idle";
    uint32_t n = loaded ? LOADED_SAMPLES : IDLE_SAMPLES;
    vb_progress("imu_pipeline", 0, n);
    vb_flight_arena_t *a = vb_flight_arena();
    os_heap_init(&a->heap, a->heap_mem, sizeof a->heap_mem);
    vb_reset(0);
    vb_flight_cfg_t cfg = { .samples = n, .loaded = loaded, .heap = &a->heap, .record = record_dist };
    vb_flight_result_t r;
    vb_flight_run(&cfg, &r);
    vb_report("imu_pipeline", scen, board_cycle_unit, 0,
              loaded ? "closed loop + telemetry; plus busy lower task and 10 kHz timer interrupt"
                     : "IMU irq -> fusion -> PID -> mixer output; closed loop, telemetry on the heap");
    vb_note_t nt = { .n = 0 };
    vb_note_fmt(&nt, "late % lost % stale % of %; irq period %..%; telemetry % sent, % dropped",
                r.late, r.lost, r.stale, r.outputs, r.period_min, r.period_max, r.delivered,
                r.dropped);
    vb_report_value("imu_pipeline_misses", scen, "count", r.misses, nt.s);
#if OSAL_HAS_OVERRUNS
    vb_report_value("imu_pipeline_deadline_misses", scen, "count", r.deadline_misses,
                    "periodic sleeps of the pipeline's tasks whose time had already passed, as "
                    "the kernel counted them (vos_task_overruns; DEADLINE_MISS in a trace)");
#else
    vb_skip("imu_pipeline_deadline_misses",
            "this kernel does not count missed sleep_until deadlines (OSAL_HAS_OVERRUNS)");
#endif
    if (r.bad || r.outputs != n - r.lost - r.stale)
        board_printf("!! bench: imu_pipeline %s: %lu outputs for %lu samples, %lu bad packets\n",
                     scen, (unsigned long)r.outputs, (unsigned long)n, (unsigned long)r.bad);
}

void bench_pipeline(void)
{
    run(false);
    run(true);
}

#endif /* VB_HAS_FLIGHT */
