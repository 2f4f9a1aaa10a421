/* SPDX-License-Identifier: MIT */
/*
 * PID with derivative on measurement and anti-windup, and the cascaded
 * attitude -> rate controller (see pid.h for the equations).
 *
 * Invariants: out is always within [out_min, out_max]; with PID_AW_CLAMP
 * or PID_AW_BACKCALC, integ is always within [out_min, out_max] too, so
 * after any saturation the output can leave its limit as soon as the error
 * changes sign instead of first unwinding a stored integral.
 */
#include "pid.h"

#include <string.h>

#include "quat.h"

void pid_init(pid_ctrl_t *pid, const pid_gains_t *g)
{
    pid->g = *g;
    pid_reset(pid);
}

void pid_reset(pid_ctrl_t *pid)
{
    pid->integ = 0.0f;
    pid->d_filt = 0.0f;
    pid->prev_y = 0.0f;
    pid->out = 0.0f;
    pid->primed = false;
}

float pid_update(pid_ctrl_t *pid, float sp, float y, float dt, bool limited)
{
    const pid_gains_t *g = &pid->g;
    float e = sp - y;
    float p = g->kp * e;

    if (pid->primed) {
        /* First-order low-pass of raw = (prev_y - y) / dt with time
         * constant d_tau, alpha = dt / (d_tau + dt), folded so it costs
         * one division: d += alpha (raw - d) = (dy - d dt) / (d_tau + dt). */
        pid->d_filt += ((pid->prev_y - y) - pid->d_filt * dt) / (g->d_tau + dt);
    } else {
        pid->d_filt = 0.0f;
        pid->primed = true;
    }
    pid->prev_y = y;
    float d = g->kd * pid->d_filt;

    float di = g->ki * e * dt;
    float u, out;
    switch (g->aw) {
    case PID_AW_NONE:
        pid->integ += di;
        u = p + pid->integ + d;
        out = fl_clampf(u, g->out_min, g->out_max);
        break;
    case PID_AW_BACKCALC: {
        /* The integral used now is the one from the last step; the
         * tracking term then pulls it toward the clamped output. */
        u = p + pid->integ + d;
        out = fl_clampf(u, g->out_min, g->out_max);
        if (!(limited && e * u > 0.0f)) {
            float next = pid->integ + di;
            float tracked = next + g->kt * (out - u) * dt;
            /* Tracking removes stored integral but never builds one of the
             * opposite sign: when P and D alone exceed the limit, the
             * integral parks at 0 instead of going negative and holding
             * the output short once the saturation ends. */
            if ((next > 0.0f && tracked < 0.0f) || (next < 0.0f && tracked > 0.0f))
                tracked = 0.0f;
            pid->integ = tracked;
        }
        pid->integ = fl_clampf(pid->integ, g->out_min, g->out_max);
        break;
    }
    case PID_AW_CLAMP:
    default: {
        float cand = pid->integ + di;
        u = p + cand + d;
        bool push_up = u > g->out_max && e > 0.0f;
        bool push_down = u < g->out_min && e < 0.0f;
        bool push_ext = limited && e * u > 0.0f;
        if (!(push_up || push_down || push_ext))
            pid->integ = fl_clampf(cand, g->out_min, g->out_max);
        u = p + pid->integ + d;
        out = fl_clampf(u, g->out_min, g->out_max);
        break;
    }
    }
    pid->out = out;
    return out;
}

/* ---- cascaded attitude controller ------------------------------------ */

void ctl_default_config(ctl_config_t *cfg)
{
    /* Roll and pitch: the default airframe gives 509 rad/s^2 per unit
     * torque command behind a 20 ms motor lag; kd/kp = 20 ms puts the PD
     * zero on that pole, leaving a rate-loop crossover of ~51 rad/s with
     * ~80 deg phase margin (1 ms delay and D filter included). The angle
     * loop at 10 1/s sits 5x inside it; ki is small because the angle loop
     * already removes most steady errors. Yaw has 18x less authority
     * (rotor drag): crossover ~16 rad/s, angle loop 5 1/s. Derivation and
     * measured step figures: docs/flight.md. */
    static const pid_gains_t rp = {
        .kp = 0.10f, .ki = 0.10f, .kd = 0.0020f,
        .out_min = -0.25f, .out_max = 0.25f,
        .d_tau = 0.0025f, .kt = 20.0f, .aw = PID_AW_CLAMP,
    };
    static const pid_gains_t yw = {
        .kp = 0.60f, .ki = 0.10f, .kd = 0.0f,
        .out_min = -0.15f, .out_max = 0.15f,
        .d_tau = 0.0f, .kt = 20.0f, .aw = PID_AW_CLAMP,
    };
    cfg->angle_kp[CTL_ROLL] = 10.0f;
    cfg->angle_kp[CTL_PITCH] = 10.0f;
    cfg->angle_kp[CTL_YAW] = 5.0f;
    cfg->rate_max[CTL_ROLL] = 200.0f * FL_DEG2RAD;
    cfg->rate_max[CTL_PITCH] = 200.0f * FL_DEG2RAD;
    cfg->rate_max[CTL_YAW] = 90.0f * FL_DEG2RAD;
    cfg->rate[CTL_ROLL] = rp;
    cfg->rate[CTL_PITCH] = rp;
    cfg->rate[CTL_YAW] = yw;
}

void ctl_init(ctl_t *ctl, const ctl_config_t *cfg)
{
    for (int i = 0; i < CTL_AXES; i++) {
        ctl->angle_kp[i] = cfg->angle_kp[i];
        ctl->rate_max[i] = cfg->rate_max[i];
        pid_init(&ctl->rate[i], &cfg->rate[i]);
        ctl->rate_sp[i] = 0.0f;
    }
    ctl->q_sp[0] = 1.0f;
    ctl->q_sp[1] = ctl->q_sp[2] = ctl->q_sp[3] = 0.0f;
}

void ctl_reset(ctl_t *ctl)
{
    for (int i = 0; i < CTL_AXES; i++)
        pid_reset(&ctl->rate[i]);
}

void ctl_set_attitude(ctl_t *ctl, float roll, float pitch, float yaw)
{
    quat_from_euler(roll, pitch, yaw, ctl->q_sp);
}

void ctl_set_attitude_quat(ctl_t *ctl, const float q_sp[4])
{
    memcpy(ctl->q_sp, q_sp, sizeof ctl->q_sp);
    quat_normalize(ctl->q_sp);
}

void ctl_update(ctl_t *ctl, const float q[4], const float rate[CTL_AXES], float dt,
                unsigned limited, float torque[CTL_AXES])
{
    float qe[4];
    quat_conj_mul(q, ctl->q_sp, qe);
    float s = qe[0] < 0.0f ? -2.0f : 2.0f;
    for (int i = 0; i < CTL_AXES; i++) {
        float sp = fl_clampf(ctl->angle_kp[i] * s * qe[i + 1], -ctl->rate_max[i], ctl->rate_max[i]);
        ctl->rate_sp[i] = sp;
        torque[i] = pid_update(&ctl->rate[i], sp, rate[i], dt, (limited >> i) & 1u);
    }
}
