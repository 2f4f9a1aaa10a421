/* SPDX-License-Identifier: MIT */
/* Closed-loop rig and step-response figures (see rig.h). */
#include "rig.h"

#include <math.h>
#include <string.h>

void rig_init(rig_t *rig, uint32_t seed, const ctl_config_t *cfg)
{
    rig_init_params(rig, seed, NULL, cfg);
}

void rig_init_params(rig_t *rig, uint32_t seed, const vm_params_t *p, const ctl_config_t *cfg)
{
    memset(rig, 0, sizeof *rig);
    vm_init(&rig->vm, seed, p);
    vm_set_manoeuvre(&rig->vm, VM_DYNAMIC);
    rig->dt = rig->vm.p.dt;
    rig->throttle = 0.35f;
    rig->idle = 0.05f;
    att_init(&rig->att, ATT_KP_DEFAULT, ATT_KI_DEFAULT);
    ctl_config_t def;
    if (!cfg) {
        ctl_default_config(&def);
        cfg = &def;
    }
    ctl_init(&rig->ctl, cfg);
    for (int i = 0; i < MIX_MOTORS; i++)
        rig->motor[i] = rig->throttle;
    vm_set_motors(&rig->vm, rig->motor);
    vm_step(&rig->vm, &rig->imu);
    att_level(&rig->att, rig->imu.acc);
}

void rig_step(rig_t *rig)
{
    vm_step(&rig->vm, &rig->imu);
    att_update(&rig->att, rig->imu.gyro, rig->imu.acc, rig->dt);
    ctl_update(&rig->ctl, rig->att.q, rig->att.rate, rig->dt, rig->mix_flags & MIX_LIM_AXES,
               rig->torque);
    rig->mix_flags = mix_quadx(rig->throttle, rig->torque, rig->idle, rig->motor);
    vm_set_motors(&rig->vm, rig->motor);
}

void rig_run(rig_t *rig, int n)
{
    for (int i = 0; i < n; i++)
        rig_step(rig);
}

step_fig_t step_figures(const float *y, int n, float dt, float from, float to, float band)
{
    step_fig_t f = { -1.0f, 0.0f, 0.0f, 0.0f };
    float span = to - from;
    float t10 = -1.0f, t90 = -1.0f, peak = 0.0f;
    for (int i = 0; i < n; i++) {
        float frac = (y[i] - from) / span;  /* 0 at start, 1 at target */
        float t = (float)(i + 1) * dt;
        if (t10 < 0.0f && frac >= 0.1f)
            t10 = t;
        if (t90 < 0.0f && frac >= 0.9f)
            t90 = t;
        if (frac - 1.0f > peak)
            peak = frac - 1.0f;
        if (fabsf(y[i] - to) > band * fabsf(span))
            f.settle = t;
    }
    if (t10 >= 0.0f && t90 >= 0.0f)
        f.rise = t90 - t10;
    f.overshoot = peak;
    int tail = n / 5;
    float acc = 0.0f;
    for (int i = n - tail; i < n; i++)
        acc += fabsf(y[i] - to);
    f.final_err = tail > 0 ? acc / (float)tail : 0.0f;
    return f;
}
