/* SPDX-License-Identifier: MIT */
/*
 * Host tests of the PID, the cascaded attitude controller and the closed
 * loop (model + filter + controller + mixer, rig.h): step responses, anti-
 * windup and disturbance rejection. Output format: harness.h.
 */
#include <math.h>
#include <stdbool.h>
#include <stddef.h>

#include "attitude.h"
#include "harness.h"
#include "mixer.h"
#include "pid.h"
#include "quat.h"
#include "rig.h"
#include "vehicle_model.h"

/* ---- PID --------------------------------------------------------------- */

static void test_pid_terms(void)
{
    pid_ctrl_t pid;
    pid_gains_t g = { .kp = 2.0f, .ki = 0.0f, .kd = 0.0f, .out_min = -1.0f, .out_max = 1.0f };
    pid_init(&pid, &g);
    CHECK(pid_update(&pid, 0.3f, 0.1f, 0.001f, false) == 2.0f * (0.3f - 0.1f), "P term");
    CHECK(pid_update(&pid, 5.0f, 0.0f, 0.001f, false) == 1.0f, "upper clamp");
    CHECK(pid_update(&pid, -5.0f, 0.0f, 0.001f, false) == -1.0f, "lower clamp");

    /* Derivative on measurement: a setpoint jump gives no kick. */
    g = (pid_gains_t){ .kp = 1.0f, .kd = 0.1f, .out_min = -100.0f, .out_max = 100.0f };
    pid_init(&pid, &g);
    pid_update(&pid, 0.0f, 0.5f, 0.001f, false);
    float u = pid_update(&pid, 3.0f, 0.5f, 0.001f, false);
    CHECK(u == 2.5f, "setpoint step gave %.6f, expected kp*e = 2.5", (double)u);
    u = pid_update(&pid, 3.0f, 0.51f, 0.001f, false);
    float expect = 2.49f - 0.1f * (0.01f / 0.001f);
    CHECK(fabsf(u - expect) < 1e-3f, "measurement step: %.5f, expected %.5f", (double)u,
          (double)expect);

    /* Filtered derivative of a ramp converges to -kd * slope. */
    g.d_tau = 0.005f;
    pid_init(&pid, &g);
    for (int i = 0; i < 100; i++)
        u = pid_update(&pid, 0.0f, 0.002f * (float)i, 0.001f, false);
    float d = u - (-(0.002f * 99.0f));
    CHECK(fabsf(d - (-0.1f * 2.0f)) < 1e-3f, "filtered D of a ramp %.5f, expected -0.2", (double)d);

    /* Integral: ki e t. */
    g = (pid_gains_t){ .ki = 0.5f, .out_min = -10.0f, .out_max = 10.0f };
    pid_init(&pid, &g);
    for (int i = 0; i < 1000; i++)
        u = pid_update(&pid, 1.0f, 0.0f, 0.001f, false);
    CHECK(fabsf(u - 0.5f) < 1e-4f, "integral after 1 s: %.5f, expected 0.5", (double)u);
    fig("P, clamp, no derivative kick, filtered D, I term exact");
}

/* Saturate for 2 s, then reverse the error: count the samples until the
 * output leaves the limit. */
static int pid_recovery(pid_aw_t aw, float *integ_max)
{
    pid_ctrl_t pid;
    pid_gains_t g = { .kp = 0.1f, .ki = 1.0f, .out_min = -0.25f, .out_max = 0.25f, .kt = 20.0f,
                      .aw = aw };
    pid_init(&pid, &g);
    *integ_max = 0.0f;
    for (int i = 0; i < 2000; i++) {
        pid_update(&pid, 2.0f, 0.0f, 0.001f, false);
        *integ_max = fmaxf(*integ_max, fabsf(pid.integ));
    }
    for (int i = 1; i <= 20000; i++) {
        if (pid_update(&pid, -0.5f, 0.0f, 0.001f, false) < g.out_max)
            return i;
    }
    return -1;
}

static void test_pid_antiwindup(void)
{
    float im_clamp, im_back, im_none;
    int n_clamp = pid_recovery(PID_AW_CLAMP, &im_clamp);
    int n_back = pid_recovery(PID_AW_BACKCALC, &im_back);
    int n_none = pid_recovery(PID_AW_NONE, &im_none);
    CHECK(n_clamp >= 1 && n_clamp <= 2, "conditional integration left saturation after %d samples", n_clamp);
    CHECK(n_back >= 1 && n_back <= 2, "back-calculation left saturation after %d samples", n_back);
    CHECK(im_clamp <= 0.25f && im_back <= 0.25f, "integral beyond the output range: %.3f %.3f",
          (double)im_clamp, (double)im_back);
    /* The control case shows the scenario really winds up a plain PID. */
    CHECK(n_none > 1000, "plain integration recovered in %d samples: the test does not wind up", n_none);

    /* The mixer's limit flag freezes integration that would grow |u|. */
    pid_ctrl_t pid;
    pid_gains_t g = { .kp = 0.1f, .ki = 1.0f, .out_min = -1.0f, .out_max = 1.0f, .aw = PID_AW_CLAMP };
    pid_init(&pid, &g);
    for (int i = 0; i < 100; i++)
        pid_update(&pid, 0.5f, 0.0f, 0.001f, false);
    float i0 = pid.integ;
    pid_update(&pid, 0.5f, 0.0f, 0.001f, true);
    CHECK(i0 > 0.0f && pid.integ == i0, "limited flag did not freeze the integral");
    /* Output still positive (I dominates), error negative: unwinding is allowed. */
    float u = pid_update(&pid, -0.1f, 0.0f, 0.001f, true);
    CHECK(u > 0.0f && pid.integ < i0, "limited flag blocked integration back from the limit");
    fig("after 2 s saturated, output leaves the limit in %d sample(s) (conditional) / %d "
        "(back-calculation) vs %d without anti-windup; |I| max %.3f / %.3f / %.3f",
        n_clamp, n_back, n_none, (double)im_clamp, (double)im_back, (double)im_none);
}

/* ---- closed loop ------------------------------------------------------- */

enum { SETTLE_N = 3000, STEP_N = 2000 };

/* 3 s of level hover (filter and bias settle), then a setpoint step on one
 * axis; the true (roll, pitch) or estimated (yaw) angle is recorded. */
static step_fig_t closed_step_on(const vm_params_t *prm, int axis, float target,
                                 const ctl_config_t *cfg, float *cross_max)
{
    static rig_t rig;
    static float y[STEP_N];
    rig_init_params(&rig, 21, prm, cfg);
    rig_run(&rig, SETTLE_N);
    float r, p, yw, from;
    att_euler(&rig.att, &r, &p, &yw);
    float heading = yw;
    from = axis == 2 ? yw : 0.0f;
    ctl_set_attitude(&rig.ctl, axis == 0 ? target : 0.0f, axis == 1 ? target : 0.0f,
                     heading + (axis == 2 ? target : 0.0f));
    *cross_max = 0.0f;
    for (int i = 0; i < STEP_N; i++) {
        rig_step(&rig);
        if (axis == 2) {
            att_euler(&rig.att, &r, &p, &yw);
            y[i] = yw;
        } else {
            vm_true_euler(&rig.vm, &r, &p, &yw);
            y[i] = axis == 0 ? r : p;
            *cross_max = fmaxf(*cross_max, fabsf(axis == 0 ? p : r));
        }
    }
    return step_figures(y, STEP_N, rig.dt, from, axis == 2 ? from + target : target, 0.02f);
}

static step_fig_t closed_step(int axis, float target, const ctl_config_t *cfg, float *cross_max)
{
    return closed_step_on(NULL, axis, target, cfg, cross_max);
}

static void test_ctl_step_roll_pitch(void)
{
    const float rise_max = 0.25f, os_max = 0.10f, settle_max = 0.5f;
    const float err_max = 0.2f * FL_DEG2RAD, cross_bound = 1.0f * FL_DEG2RAD;
    for (int axis = 0; axis < 2; axis++) {
        float target = (axis == 0 ? 20.0f : -20.0f) * FL_DEG2RAD, cross;
        step_fig_t f = closed_step(axis, target, NULL, &cross);
        const char *name = axis == 0 ? "roll +20" : "pitch -20";
        CHECK(f.rise > 0.0f && f.rise < rise_max, "%s: rise %.3f s", name, (double)f.rise);
        CHECK(f.overshoot < os_max, "%s: overshoot %.1f %%", name, 100.0 * (double)f.overshoot);
        CHECK(f.settle < settle_max, "%s: settled (2 %%) after %.3f s", name, (double)f.settle);
        CHECK(f.final_err < err_max, "%s: final error %.3f deg", name, deg(f.final_err));
        CHECK(cross < cross_bound, "%s: other axis moved %.3f deg", name, deg(cross));
        fig("%s deg: rise(10-90) %.3f s (bound %.2f), overshoot %.1f %% (bound %.0f), settle(2 %%) %.3f s "
            "(bound %.1f), final error %.3f deg, cross-axis %.3f deg", name, (double)f.rise,
            (double)rise_max, 100.0 * (double)f.overshoot, 100.0 * (double)os_max, (double)f.settle,
            (double)settle_max, deg(f.final_err), deg(cross));
    }
}

/* The default gains on other airframes: inertia x0.7 .. x1.5 and motor
 * time constants 15 .. 30 ms, roll +20 deg. */
static void test_ctl_step_robust(void)
{
    const float os_max = 0.10f, settle_max = 0.6f;
    const float inertia[] = { 0.7f, 1.0f, 1.5f };
    const float motor_tau[] = { 0.015f, 0.030f };
    float worst_os = 0.0f, worst_settle = 0.0f, worst_rise = 0.0f;
    for (int i = 0; i < 3; i++) {
        for (int m = 0; m < 2; m++) {
            vm_params_t p;
            vm_default_params(&p);
            for (int k = 0; k < 3; k++)
                p.inertia[k] *= inertia[i];
            p.motor_tau = motor_tau[m];
            float cross;
            step_fig_t f = closed_step_on(&p, 0, 20.0f * FL_DEG2RAD, NULL, &cross);
            CHECK(f.rise > 0.0f && f.overshoot < os_max && f.settle < settle_max,
                  "inertia x%.1f, motor %.0f ms: rise %.3f s, overshoot %.1f %%, settle %.3f s",
                  (double)inertia[i], 1000.0 * (double)motor_tau[m], (double)f.rise,
                  100.0 * (double)f.overshoot, (double)f.settle);
            worst_os = fmaxf(worst_os, f.overshoot);
            worst_settle = fmaxf(worst_settle, f.settle);
            worst_rise = fmaxf(worst_rise, f.rise);
        }
    }
    fig("roll +20 deg on 6 airframes (inertia x0.7/x1/x1.5, motors 15/30 ms): worst rise %.3f s, "
        "overshoot %.1f %% (bound %.0f), settle(2 %%) %.3f s (bound %.1f)", (double)worst_rise,
        100.0 * (double)worst_os, 100.0 * (double)os_max, (double)worst_settle, (double)settle_max);
}

static void test_ctl_step_yaw(void)
{
    const float os_max = 0.10f, settle_max = 1.0f;
    float cross;
    step_fig_t f = closed_step(2, 30.0f * FL_DEG2RAD, NULL, &cross);
    CHECK(f.rise > 0.0f && f.overshoot < os_max && f.settle < settle_max,
          "yaw +30: rise %.3f s, overshoot %.1f %%, settle %.3f s", (double)f.rise,
          100.0 * (double)f.overshoot, (double)f.settle);
    fig("yaw +30 deg (estimated heading): rise %.3f s, overshoot %.1f %% (bound %.0f), settle(2 %%) "
        "%.3f s (bound %.1f)", (double)f.rise, 100.0 * (double)f.overshoot, 100.0 * (double)os_max,
        (double)f.settle, (double)settle_max);
}

/* Held level on the bench for 2 s with a 20 deg roll setpoint, then let go. */
static step_fig_t windup_run(pid_aw_t aw, float *integ_max)
{
    static rig_t rig;
    static float y[STEP_N];
    ctl_config_t cfg;
    ctl_default_config(&cfg);
    for (int i = 0; i < CTL_AXES; i++)
        cfg.rate[i].aw = aw;
    rig_init(&rig, 23, &cfg);
    rig_run(&rig, SETTLE_N);
    vm_set_hold(&rig.vm, true);
    float target = 20.0f * FL_DEG2RAD;
    ctl_set_attitude(&rig.ctl, target, 0.0f, 0.0f);
    *integ_max = 0.0f;
    for (int i = 0; i < 2000; i++) {
        rig_step(&rig);
        *integ_max = fmaxf(*integ_max, fabsf(rig.ctl.rate[CTL_ROLL].integ));
    }
    vm_set_hold(&rig.vm, false);
    float r, p, yw;
    for (int i = 0; i < STEP_N; i++) {
        rig_step(&rig);
        vm_true_euler(&rig.vm, &r, &p, &yw);
        y[i] = r;
    }
    return step_figures(y, STEP_N, rig.dt, 0.0f, target, 0.02f);
}

static void test_ctl_windup(void)
{
    const float os_max = 0.10f, settle_max = 0.6f;
    float im_c, im_b, im_n;
    step_fig_t c = windup_run(PID_AW_CLAMP, &im_c);
    step_fig_t b = windup_run(PID_AW_BACKCALC, &im_b);
    step_fig_t n = windup_run(PID_AW_NONE, &im_n);
    CHECK(c.overshoot < os_max && c.settle < settle_max,
          "conditional: overshoot %.1f %%, settle %.3f s", 100.0 * (double)c.overshoot, (double)c.settle);
    CHECK(b.overshoot < os_max && b.settle < settle_max,
          "back-calculation: overshoot %.1f %%, settle %.3f s", 100.0 * (double)b.overshoot, (double)b.settle);
    CHECK(im_c <= 0.25f && im_b <= 0.25f, "integral left the output range: %.3f %.3f", (double)im_c,
          (double)im_b);
    CHECK(n.overshoot > 2.0f * os_max, "plain PID overshoot only %.1f %%: the test does not wind up",
          100.0 * (double)n.overshoot);
    fig("held 2 s at a 20 deg roll setpoint, released: overshoot %.1f %% / %.1f %% (bound %.0f), settle "
        "%.3f / %.3f s (bound %.1f), |I| max %.3f / %.3f (conditional / back-calculation); "
        "without anti-windup: overshoot %.0f %%, |I| max %.2f",
        100.0 * (double)c.overshoot, 100.0 * (double)b.overshoot, 100.0 * (double)os_max,
        (double)c.settle, (double)b.settle, (double)settle_max, (double)im_c, (double)im_b,
        100.0 * (double)n.overshoot, (double)im_n);
}

/* A constant roll torque (an off-centre battery) must be rejected. */
static void test_ctl_disturbance(void)
{
    static rig_t rig;
    rig_init(&rig, 29, NULL);
    rig_run(&rig, SETTLE_N);
    const float tau[3] = { 0.05f, 0.0f, 0.0f };
    vm_set_disturbance(&rig.vm, tau);
    float peak = 0.0f, r, p, y;
    double tail = 0.0;
    for (int i = 0; i < 4000; i++) {
        rig_step(&rig);
        vm_true_euler(&rig.vm, &r, &p, &y);
        peak = fmaxf(peak, fabsf(r));
        if (i >= 3000)
            tail += (double)fabsf(r);
    }
    tail /= 1000.0;
    CHECK(tail < 0.2 * (double)FL_DEG2RAD, "residual roll %.3f deg", tail * (double)FL_RAD2DEG);
    CHECK(peak < 3.0f * FL_DEG2RAD, "peak roll %.3f deg", deg(peak));
    fig("0.05 N m roll torque: peak %.3f deg (bound 3), mean |roll| 3-4 s after %.4f deg (bound 0.2), "
        "integral %.4f", deg(peak), tail * (double)FL_RAD2DEG, (double)rig.ctl.rate[CTL_ROLL].integ);
}

void control_tests(void)
{
    run("pid_terms", test_pid_terms);
    run("pid_antiwindup", test_pid_antiwindup);
    run("ctl_step_roll_pitch", test_ctl_step_roll_pitch);
    run("ctl_step_robust", test_ctl_step_robust);
    run("ctl_step_yaw", test_ctl_step_yaw);
    run("ctl_windup", test_ctl_windup);
    run("ctl_disturbance", test_ctl_disturbance);
}
