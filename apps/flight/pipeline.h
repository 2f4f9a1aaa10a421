/* SPDX-License-Identifier: MIT */
/*
 * The stages of the 1 kHz flight pipeline, free of any OS call, so that the
 * benchmark (through its OS adaptation layer), the target tests (through
 * the VAIOS API) and any other kernel run the identical application; only
 * the wiring (interrupt, tasks, queues, heap) is theirs.
 *
 *   IMU interrupt --fp_imu_msg_t--> fusion task --fp_att_msg_t--> PID task
 *        ^                                                          |
 *        | fp_plant_take                              fp_cmd_msg_t  |
 *        |                                                          v
 *   published sample <----- fp_plant_advance <----- plant task (the world)
 *
 *   PID task --fp_snap_write--> snapshot --fp_snap_read--> telemetry task
 *                                                     (heap buffers, link)
 *
 * Stage by stage:
 *  - plant (fp_plant_*): the vehicle model of vehicle_model.h standing in
 *    for the airframe and its IMU. The plant task applies each motor
 *    command and steps the model once, which prepares the next IMU sample
 *    before its interrupt; the interrupt only copies it. So the measured
 *    path (interrupt -> mixer output) holds the flight software and not the
 *    simulation of the world, as on a real vehicle where the sample is read
 *    from the sensor's buffer.
 *  - fusion (fp_fuse): att_update on each sample;
 *  - control (fp_control): ctl_update then mix_quadx, with the mixer's
 *    limit flags fed back to the rate loops; setpoint changes
 *    (fp_control_setpoint, fp_plan_due) are made between samples;
 *  - telemetry (fp_telem_*): packets allocated from a heap through the
 *    caller's allocator, filled from the latest snapshot, queued on a
 *    simulated radio link with fades, checked (CRC) and freed as the link
 *    delivers them.
 *
 * Sample numbering: the plant's samples count from 1 (vm_imu_t.seq); the
 * k-th interrupt carries the k-th published sample, so message seq is the
 * model's sample number. seq 0 (FP_SEQ_STOP) is the stop message a wiring
 * sends down the chain to end the tasks.
 *
 * Concurrency (single core): the plant's double buffer is written by one
 * task and read by one interrupt handler; the snapshot is written by a
 * task that the reader never preempts (the reader has lower priority).
 * Every other structure belongs to one task. Nothing here blocks,
 * allocates by itself or calls libm on the per-sample path.
 */
#ifndef VAIOS_FLIGHT_PIPELINE_H
#define VAIOS_FLIGHT_PIPELINE_H

#include <stdbool.h>
#include <stdint.h>

#include "attitude.h"
#include "mixer.h"
#include "pid.h"
#include "vehicle_model.h"

#define FP_SEQ_STOP  0u       /* message seq meaning "stop and pass it on" */
#define FP_TRUTH_N   8u       /* true attitudes the plant remembers (power of 2) */

/* ---- messages between the stages (copied by value through queues) ------ */

typedef struct {
    float gyro[3];            /* rad/s, body FRD */
    float acc[3];             /* m/s^2, body FRD */
    uint32_t seq;             /* model sample number; FP_SEQ_STOP to stop */
    uint32_t t_irq;           /* counter read first thing in the interrupt */
} fp_imu_msg_t;

typedef struct {
    float q[4];               /* attitude estimate */
    float rate[3];            /* bias-corrected body rates, rad/s */
    uint32_t seq;
    uint32_t t_irq;
} fp_att_msg_t;

typedef struct {
    float motor[MIX_MOTORS];  /* mixer output, VM_MOTOR_* order */
    uint32_t seq;
    uint32_t t_irq;
} fp_cmd_msg_t;

/* ---- plant: the vehicle and its IMU ------------------------------------ */

typedef struct {
    vm_t vm;
    vm_imu_t buf[2];          /* the published sample and the one being made */
    volatile uint32_t pub;    /* index of the published sample in buf */
    uint32_t last_taken;      /* seq of the last sample an interrupt took */
    float truth[FP_TRUTH_N][4]; /* true attitude of sample seq at [seq % FP_TRUTH_N] */
} fp_plant_t;

/* Model started with seed (vehicle_model.h's defaults), moving as man,
 * every motor at throttle. Nothing is published yet. Context: before the
 * interrupt is started. */
void fp_plant_init(fp_plant_t *p, uint32_t seed, vm_manoeuvre_t man, float throttle);

/* Applies motor (NULL: keep the last commands), steps the model once and
 * publishes the new sample for the next interrupt. Returns that sample
 * (valid until the next call). Context: the plant task only, or before the
 * interrupt is started. */
const vm_imu_t *fp_plant_advance(fp_plant_t *p, const float motor[MIX_MOTORS]);

/* Copies the published sample into m (gyro, acc, seq; t_irq untouched).
 * Returns 0, or -1 if it is the sample the previous call took (the plant
 * has not produced the next one: the pipeline is late). Context: the IMU
 * interrupt handler only (it must not be preempted by fp_plant_advance). */
int fp_plant_take(fp_plant_t *p, fp_imu_msg_t *m);

/* True attitude of sample seq (one of the last FP_TRUTH_N produced). */
const float *fp_plant_truth(const fp_plant_t *p, uint32_t seq);

/* ---- fusion ------------------------------------------------------------ */

typedef struct {
    att_t att;
    float dt;                 /* sample period, s */
} fp_fusion_t;

/* Filter with the default gains; levelled from level_acc (an
 * accelerometer sample, e.g. fp_plant_advance's first) or, if NULL, left
 * at the identity. */
void fp_fusion_init(fp_fusion_t *f, float dt, const float level_acc[3]);

/* One filter step on in; out gets the estimate, seq and t_irq. */
void fp_fuse(fp_fusion_t *f, const fp_imu_msg_t *in, fp_att_msg_t *out);

/* ---- control and mixer ------------------------------------------------- */

typedef struct {
    ctl_t ctl;
    float throttle;           /* collective command, hover */
    float idle;               /* lowest armed motor command */
    float dt;
    float torque[3];          /* last controller output */
    unsigned flags;           /* last mixer flags (MIX_*) */
} fp_control_t;

/* Default gains, level setpoint, heading 0. */
void fp_control_init(fp_control_t *c, float dt, float throttle, float idle);

/* Controller then mixer on in; out gets the four motor commands, seq and
 * t_irq. mix_quadx is the last call: the mixer output is written when
 * this returns (the caller reads the counter right after). */
void fp_control(fp_control_t *c, const fp_att_msg_t *in, fp_cmd_msg_t *out);

/* New attitude setpoint: roll and pitch (rad), heading = the heading of
 * q_now (the latest estimate) + dyaw. Uses sinf/cosf/atan2f: call it
 * between samples, not on the measured path. */
void fp_control_setpoint(fp_control_t *c, const float q_now[4], float roll, float pitch,
                         float dyaw);

/* ---- flight plan: setpoint changes by sample number --------------------- */

typedef struct {
    uint32_t at;              /* samples into the cycle */
    float roll, pitch, dyaw;  /* rad; dyaw relative to the heading then */
} fp_setpoint_t;

typedef struct {
    const fp_setpoint_t *sp;  /* sorted by at, at < cycle */
    unsigned n;
    uint32_t lead_in;         /* samples of level hover before the first cycle */
    uint32_t cycle;           /* samples per repetition (> 0) */
} fp_plan_t;

/* The benchmark's flight: 3 s level hover (filter and bias settle), then
 * an 8 s cycle repeated for as long as the run lasts: roll +20 deg,
 * level, pitch -15 deg, level, roll -15 / pitch +10 deg, level, a 30 deg
 * heading change, level. */
extern const fp_plan_t fp_plan_default;

/* The setpoint to apply after sample `done` (so that sample done + 1 is the
 * first to use it), or NULL if the plan changes nothing there. */
const fp_setpoint_t *fp_plan_due(const fp_plan_t *plan, uint32_t done);

/* ---- snapshot for the telemetry (single writer, lower-priority reader) -- */

typedef struct {
    uint32_t seq;
    float q[4];
    float motor[MIX_MOTORS];
    uint32_t latency;         /* interrupt -> mixer output of that sample, counts */
    unsigned flags;
} fp_state_t;

typedef struct {
    volatile uint32_t version; /* odd while the writer is in the middle */
    fp_state_t s;
} fp_snap_t;

/* Writer: the PID task, after the measured window. */
void fp_snap_write(fp_snap_t *snap, const fp_att_msg_t *att, const fp_cmd_msg_t *cmd,
                   uint32_t latency, unsigned flags);

/* Reader: copies a consistent state into out (retrying while a write
 * preempted it). Returns false if nothing was written yet. Must run at a
 * lower priority than the writer on the same core. */
bool fp_snap_read(const fp_snap_t *snap, fp_state_t *out);

/* ---- telemetry --------------------------------------------------------- */

#define FP_TELEM_INFLIGHT 32u   /* packets queued on the link at most */

typedef void *(*fp_alloc_fn)(void *ctx, unsigned size);
typedef void (*fp_free_fn)(void *ctx, void *p);

typedef struct {
    fp_alloc_fn alloc;
    fp_free_fn release;
    void *ctx;
    uint8_t *q[FP_TELEM_INFLIGHT]; /* packets on the link, oldest first (ring) */
    unsigned head, count;
    unsigned sent;            /* bytes of the oldest packet already sent */
    unsigned link_bytes;      /* link capacity per tick, bytes */
    unsigned fade;            /* ticks left in the current fade (link down) */
    uint32_t rng;
    uint32_t ticks;
    /* statistics */
    uint32_t packets;         /* packets built */
    uint32_t delivered;       /* packets through the link and checked */
    uint32_t bytes;           /* bytes delivered */
    uint32_t dropped;         /* packets dropped: link queue full */
    uint32_t alloc_failed;    /* allocations that returned NULL */
    uint32_t bad;             /* delivered packets whose check failed (expect 0) */
    unsigned peak_inflight;
} fp_telem_t;

/* Telemetry over a link of link_bytes per tick, allocating through
 * alloc/release(ctx, ...); seed drives packet sizes and link fades. */
void fp_telem_init(fp_telem_t *t, fp_alloc_fn alloc, fp_free_fn release, void *ctx,
                   uint32_t seed, unsigned link_bytes);

/* One telemetry period (the benchmark runs it every 10 ms): builds this
 * tick's packets from st (NULL: status only), then lets the link deliver. */
void fp_telem_tick(fp_telem_t *t, const fp_state_t *st);

/* Delivers (checks and frees) everything still queued: after it the
 * telemetry holds no memory. */
void fp_telem_drain(fp_telem_t *t);

#endif /* VAIOS_FLIGHT_PIPELINE_H */
