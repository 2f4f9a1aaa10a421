/* SPDX-License-Identifier: MIT */
/*
 * Closed-loop test rig for the flight blocks: vehicle model (VM_DYNAMIC)
 * -> IMU sample -> attitude filter -> cascaded controller -> mixer ->
 * motor commands back into the model, one step per IMU sample, with the
 * one-sample actuation delay a real 1 kHz loop has. Plus the step-response
 * figures the tests assert on.
 */
#ifndef VAIOS_TEST_FLIGHT_RIG_H
#define VAIOS_TEST_FLIGHT_RIG_H

#include <stdint.h>

#include "attitude.h"
#include "mixer.h"
#include "pid.h"
#include "vehicle_model.h"

typedef struct {
    vm_t vm;
    att_t att;
    ctl_t ctl;
    vm_imu_t imu;
    float torque[3];
    float motor[MIX_MOTORS];
    unsigned mix_flags;
    float throttle;
    float idle;
    float dt;
} rig_t;

/* Default airframe, seed, controller cfg (NULL: ctl_default_config);
 * hover throttle 0.35, idle 0.05; the filter is levelled from the first
 * sample and the setpoint is level, heading 0. */
void rig_init(rig_t *rig, uint32_t seed, const ctl_config_t *cfg);

/* Same with another airframe (vm_params_t), for robustness tests. */
void rig_init_params(rig_t *rig, uint32_t seed, const vm_params_t *p, const ctl_config_t *cfg);

/* One sample through the whole pipeline. */
void rig_step(rig_t *rig);

/* Runs n samples. */
void rig_run(rig_t *rig, int n);

typedef struct {
    float rise;       /* 10 % -> 90 % of the step, s (-1: never reached) */
    float overshoot;  /* peak beyond the target, fraction of the step (>= 0) */
    float settle;     /* time after which the response stays within band, s */
    float final_err;  /* mean |error| over the last 20 % of the window, rad */
} step_fig_t;

/* Figures of a step from `from` to `to` sampled every dt in y[0..n-1]
 * (y[0] is the first sample after the setpoint changed); band is the
 * settling band as a fraction of |to - from|. */
step_fig_t step_figures(const float *y, int n, float dt, float from, float to, float band);

#endif /* VAIOS_TEST_FLIGHT_RIG_H */
