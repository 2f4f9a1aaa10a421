/* SPDX-License-Identifier: MIT */
/*
 * Host tests of the flight pipeline's numerical core: vehicle model,
 * attitude filter, PID and cascaded controller, mixer.
 *
 * Output: one line per test, "PASS name: figures" or "FAIL name: first
 * failed check | figures", then exactly "N passed, M failed". Exit status
 * is nonzero when any test failed. Every figure printed is measured in the
 * run; the bounds each test asserts are printed next to it.
 *
 * This file: the vehicle model, the attitude filter and the mixer; the PID
 * and closed-loop tests are in test_control.c.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "attitude.h"
#include "harness.h"
#include "mixer.h"
#include "quat.h"
#include "sample_hash.h"
#include "vehicle_model.h"

/* Angle between the true and estimated gravity directions: the tilt
 * error, independent of yaw and of Euler singularities. */
static float tilt_error(const float q_true[4], const float q_est[4])
{
    float a[3], b[3];
    quat_down_body(q_true, a);
    quat_down_body(q_est, b);
    float c = a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    return acosf(fl_clampf(c, -1.0f, 1.0f));
}

/* ---- vehicle model ---------------------------------------------------- */

static void run_model(uint32_t seed, vm_imu_t *out, int n)
{
    vm_t vm;
    vm_init(&vm, seed, NULL);
    vm_set_manoeuvre(&vm, VM_SCRIPT);
    for (int i = 0; i < n / 2; i++)
        vm_step(&vm, &out[i]);
    /* Second half closed loop, motors driven from the samples themselves. */
    vm_set_manoeuvre(&vm, VM_DYNAMIC);
    for (int i = n / 2; i < n; i++) {
        float m[VM_MOTORS];
        for (int j = 0; j < VM_MOTORS; j++)
            m[j] = 0.4f + 0.05f * out[i - 1].gyro[j % 3];
        vm_set_motors(&vm, m);
        vm_step(&vm, &out[i]);
    }
}

static void test_model_determinism(void)
{
    enum { N = 12000 };
    static vm_imu_t a[N], b[N], c[N];
    run_model(0xC0FFEEu, a, N);
    run_model(0xC0FFEEu, b, N);
    run_model(0xC0FFEFu, c, N);
    int same = 0, differ = 0;
    for (int i = 0; i < N; i++) {
        same += memcmp(a[i].gyro, b[i].gyro, sizeof a[i].gyro) == 0
             && memcmp(a[i].acc, b[i].acc, sizeof a[i].acc) == 0 && a[i].seq == b[i].seq;
        differ += memcmp(a[i].gyro, c[i].gyro, sizeof a[i].gyro) != 0;
    }
    CHECK(same == N, "same seed: only %d of %d samples bit-identical", same, N);
    CHECK(differ == N, "next seed: only %d of %d gyro samples differ", differ, N);
    CHECK(a[0].seq == 1 && a[N - 1].seq == N, "sequence numbers %u..%u", (unsigned)a[0].seq,
          (unsigned)a[N - 1].seq);
    vm_t z;
    vm_init(&z, 0, NULL);
    CHECK(z.rng != 0, "seed 0 left the generator stuck at 0");
    fig("%d/%d samples bit-identical for one seed, %d/%d differ for the next seed", same, N,
        differ, N);
    uint32_t h1 = flight_sample_hash(0xC0FFEEu, 10000), h2 = flight_sample_hash(0xC0FFEEu, 10000);
    uint32_t l1 = flight_loop_hash(0xC0FFEEu, 3000), l2 = flight_loop_hash(0xC0FFEEu, 3000);
    CHECK(h1 == h2 && l1 == l2, "fingerprints changed between runs: %08lx %08lx, %08lx %08lx",
          (unsigned long)h1, (unsigned long)h2, (unsigned long)l1, (unsigned long)l2);
    fig("fingerprints (seed 0xC0FFEE; m4_cost.sh compares the target's): samples %08lx, "
        "closed loop %08lx", (unsigned long)h1, (unsigned long)l1);
}

static void test_model_imu_statistics(void)
{
    enum { N = 40000 };
    vm_t vm;
    vm_imu_t s;
    vm_init(&vm, 7, NULL);
    double sum[6] = { 0 }, sq[6] = { 0 };
    float maxdev = 0.0f;
    for (int i = 0; i < N; i++) {
        vm_step(&vm, &s);
        for (int k = 0; k < 3; k++) {
            float dg = s.gyro[k] - vm.bias[k];
            float da = s.acc[k] - (k == 2 ? -FL_G : 0.0f);
            sum[k] += (double)dg;
            sq[k] += (double)dg * (double)dg;
            sum[3 + k] += (double)da;
            sq[3 + k] += (double)da * (double)da;
            maxdev = fmaxf(maxdev, fabsf(dg) / vm.p.gyro_noise);
            maxdev = fmaxf(maxdev, fabsf(da) / vm.p.acc_noise);
        }
    }
    double worst_mean = 0.0, worst_sd = 0.0;
    for (int k = 0; k < 6; k++) {
        double sigma = (double)(k < 3 ? vm.p.gyro_noise : vm.p.acc_noise);
        double mean = sum[k] / N;
        double sd = sqrt(sq[k] / N - mean * mean);
        /* 5 standard errors of the mean; 3 % on the standard deviation
         * (its standard error at N = 40000 is 0.35 %). */
        CHECK(fabs(mean) < 5.0 * sigma / sqrt((double)N), "channel %d mean %.3g (sigma %.3g)", k,
              mean, sigma);
        CHECK(fabs(sd / sigma - 1.0) < 0.03, "channel %d sd %.4g, configured %.4g", k, sd, sigma);
        worst_mean = fmax(worst_mean, fabs(mean) / sigma);
        worst_sd = fmax(worst_sd, fabs(sd / sigma - 1.0));
    }
    for (int k = 0; k < 3; k++)
        CHECK(fabsf(vm.bias[k]) <= vm.p.gyro_bias_max, "bias %d = %g", k, (double)vm.bias[k]);
    /* Sum of four uniforms scaled to unit variance is bounded by 2 sqrt 3. */
    CHECK(maxdev <= 3.4642f, "noise sample at %.3f sigma", (double)maxdev);
    fig("6 channels x %d samples: worst |mean| %.4f sigma, worst sd error %.2f %%, "
        "largest sample %.2f sigma (bound 3.46)", N, worst_mean, 100.0 * worst_sd, (double)maxdev);
    fig("bias %.4f %.4f %.4f rad/s", (double)vm.bias[0], (double)vm.bias[1], (double)vm.bias[2]);
}

static void test_model_manoeuvres(void)
{
    vm_t vm;
    vm_imu_t s;
    float r, p, y;
    vm_params_t prm;
    vm_default_params(&prm);

    /* VM_STEP: roll pulse ends at 0.7 s, pitch pulse at 1.7 s. */
    vm_init(&vm, 3, NULL);
    vm_set_manoeuvre(&vm, VM_STEP);
    for (int i = 0; i < 1000; i++)
        vm_step(&vm, &s);
    vm_true_euler(&vm, &r, &p, &y);
    CHECK(fabsf(r - prm.step_roll) < 0.05f * FL_DEG2RAD && fabsf(p) < 1e-4f,
          "after the roll step: roll %.3f pitch %.3f deg", deg(r), deg(p));
    float roll_step = r;
    for (int i = 0; i < 1000; i++)
        vm_step(&vm, &s);
    float qx[4], qy[4], qe[4], qerr[4];
    quat_from_euler(prm.step_roll, 0.0f, 0.0f, qx);
    quat_from_euler(0.0f, prm.step_pitch, 0.0f, qy);
    quat_mul(qx, qy, qe); /* body-frame roll, then body-frame pitch */
    quat_conj_mul(qe, vm.q, qerr);
    float step_err = 2.0f * sqrtf(qerr[1] * qerr[1] + qerr[2] * qerr[2] + qerr[3] * qerr[3]);
    CHECK(step_err < 0.05f * FL_DEG2RAD, "after both steps: %.4f deg from the expected attitude",
          deg(step_err));
    fig("step: roll %.3f deg (cmd %.1f), then %.4f deg from roll(x)pitch", deg(roll_step),
        deg(prm.step_roll), deg(step_err));

    /* VM_YAW_SPIN from a tilted attitude: heading only. */
    vm_init(&vm, 3, NULL);
    float q0[4], w0[3] = { 0, 0, 0 }, r0, p0, y0;
    quat_from_euler(10.0f * FL_DEG2RAD, 5.0f * FL_DEG2RAD, 0.0f, q0);
    vm_set_state(&vm, q0, w0);
    vm_true_euler(&vm, &r0, &p0, &y0);
    vm_set_manoeuvre(&vm, VM_YAW_SPIN);
    for (int i = 0; i < 2000; i++)
        vm_step(&vm, &s);
    vm_true_euler(&vm, &r, &p, &y);
    float dyaw = fl_wrap_pi(y - y0) - 2.0f * prm.spin_rate;
    CHECK(fabsf(dyaw) < 0.1f * FL_DEG2RAD, "spin: heading off by %.3f deg", deg(dyaw));
    CHECK(fabsf(r - r0) < 0.02f * FL_DEG2RAD && fabsf(p - p0) < 0.02f * FL_DEG2RAD,
          "spin changed the tilt: roll %.3f pitch %.3f deg", deg(r), deg(p));
    fig("spin 2 s: heading error %.4f deg, tilt change %.4f/%.4f deg", deg(dyaw), deg(r - r0),
        deg(p - p0));

    /* VM_WOBBLE: amplitude and zero mean. */
    vm_init(&vm, 3, NULL);
    vm_set_manoeuvre(&vm, VM_WOBBLE);
    float rmax = 0.0f, pmax = 0.0f;
    double rsum = 0.0;
    for (int i = 0; i < 10000; i++) {
        vm_step(&vm, &s);
        vm_true_euler(&vm, &r, &p, &y);
        rmax = fmaxf(rmax, fabsf(r));
        pmax = fmaxf(pmax, fabsf(p));
        rsum += (double)r;
    }
    CHECK(fabsf(rmax / prm.wobble_amp - 1.0f) < 0.03f, "wobble roll amplitude %.3f deg", deg(rmax));
    CHECK(fabsf(pmax / (0.8f * prm.wobble_amp) - 1.0f) < 0.03f, "wobble pitch amplitude %.3f deg",
          deg(pmax));
    CHECK(fabs(rsum / 10000.0) < 0.01 * (double)prm.wobble_amp, "wobble roll mean %.4f rad",
          rsum / 10000.0);
    fig("wobble: roll amplitude %.2f deg (cmd %.1f), pitch %.2f deg (cmd %.1f)", deg(rmax),
        deg(prm.wobble_amp), deg(pmax), deg(0.8f * prm.wobble_amp));

    /* VM_SCRIPT: level again at 6.8 s, heading turned by 3 s of spin. */
    vm_init(&vm, 3, NULL);
    vm_set_manoeuvre(&vm, VM_SCRIPT);
    for (int i = 0; i < 6800; i++)
        vm_step(&vm, &s);
    vm_true_euler(&vm, &r, &p, &y);
    CHECK(fabsf(r) < 0.05f * FL_DEG2RAD && fabsf(p) < 0.05f * FL_DEG2RAD,
          "script not level at 6.8 s: %.3f %.3f deg", deg(r), deg(p));
    CHECK(fabsf(y - 3.0f * prm.spin_rate) < 0.1f * FL_DEG2RAD, "script heading %.3f deg", deg(y));
    fig("script at 6.8 s: roll %.3f pitch %.3f yaw %.2f deg", deg(r), deg(p), deg(y));
}

/* Torque command on one axis from hover: the body must turn that way. */
static void test_model_mixer_signs(void)
{
    for (int axis = 0; axis < 3; axis++) {
        for (int sgn = -1; sgn <= 1; sgn += 2) {
            vm_t vm;
            vm_imu_t s;
            vm_init(&vm, 11, NULL);
            vm_set_manoeuvre(&vm, VM_DYNAMIC);
            float tq[3] = { 0, 0, 0 }, m[MIX_MOTORS];
            tq[axis] = 0.05f * (float)sgn;
            mix_quadx(0.35f, tq, 0.05f, m);
            vm_set_motors(&vm, m);
            for (int i = 0; i < 50; i++)
                vm_step(&vm, &s);
            float w = vm.w[axis] * (float)sgn;
            float other = fabsf(vm.w[(axis + 1) % 3]) + fabsf(vm.w[(axis + 2) % 3]);
            CHECK(w > 0.0f, "axis %d sign %d turned the wrong way (%.4f rad/s)", axis, sgn,
                  (double)vm.w[axis]);
            CHECK(other < 0.01f * w, "axis %d sign %d coupled into other axes (%.4g rad/s)", axis,
                  sgn, (double)other);
            if (sgn > 0)
                fig("%s +0.05 -> %.3f rad/s after 50 ms", axis == 0 ? "roll" : axis == 1 ? "pitch" : "yaw",
                    (double)vm.w[axis]);
        }
    }
}

/* ---- attitude filter --------------------------------------------------- */

typedef struct {
    double rms;          /* roll/pitch Euler error RMS over 2..10 s, deg */
    float max;           /* largest roll or pitch error over 2..10 s, rad */
    float tilt_max;      /* largest tilt error over 2..10 s, rad */
    float bias_err_xy;   /* max |bias error| of x, y at 10 s, rad/s */
    float bias_err_z;
    float yaw_err;       /* at 10 s, rad */
    float norm_dev;      /* max | |q| - 1 | over the run */
    unsigned rejected;
} att_run_t;

/* 10 s of VM_SCRIPT at 1 kHz, the filter started 30 deg roll and -20 deg
 * pitch away from the truth (level). */
static att_run_t attitude_run(uint32_t seed)
{
    att_run_t r = { 0 };
    vm_t vm;
    att_t att;
    vm_imu_t s;
    vm_init(&vm, seed, NULL);
    vm_set_manoeuvre(&vm, VM_SCRIPT);
    att_init(&att, ATT_KP_DEFAULT, ATT_KI_DEFAULT);
    float q0[4];
    quat_from_euler(30.0f * FL_DEG2RAD, -20.0f * FL_DEG2RAD, 0.0f, q0);
    att_set_quat(&att, q0);
    double se = 0.0;
    int n = 0;
    for (int i = 0; i < 10000; i++) {
        vm_step(&vm, &s);
        att_update(&att, s.gyro, s.acc, vm.p.dt);
        float n2 = att.q[0] * att.q[0] + att.q[1] * att.q[1] + att.q[2] * att.q[2]
                 + att.q[3] * att.q[3];
        r.norm_dev = fmaxf(r.norm_dev, fabsf(sqrtf(n2) - 1.0f));
        if (i >= 2000) {
            float er, ep, ey, tr, tp, ty;
            att_euler(&att, &er, &ep, &ey);
            vm_true_euler(&vm, &tr, &tp, &ty);
            float dr = fl_wrap_pi(er - tr), dp = ep - tp;
            se += deg(dr) * deg(dr) + deg(dp) * deg(dp);
            n += 2;
            r.max = fmaxf(r.max, fmaxf(fabsf(dr), fabsf(dp)));
            r.tilt_max = fmaxf(r.tilt_max, tilt_error(vm.q, att.q));
            if (i == 9999)
                r.yaw_err = fl_wrap_pi(ey - ty);
        }
    }
    r.rms = sqrt(se / n);
    r.bias_err_xy = fmaxf(fabsf(att.bias[0] - vm.bias[0]), fabsf(att.bias[1] - vm.bias[1]));
    r.bias_err_z = fabsf(att.bias[2] - vm.bias[2]);
    r.rejected = att.rejected;
    return r;
}

static void test_attitude_convergence(void)
{
    const double rms_bound = 2.0;      /* deg, roll/pitch RMS after 2 s (issue 7) */
    const float max_bound = 3.0f;      /* deg, worst roll/pitch error after 2 s */
    const float bias_bound = 0.004f;   /* rad/s, x and y bias error at 10 s */
    const float norm_bound = 1e-5f;
    att_run_t r = attitude_run(1);
    CHECK(r.rms < rms_bound, "roll/pitch RMS %.3f deg", r.rms);
    CHECK(r.max < max_bound * FL_DEG2RAD, "max error %.3f deg", deg(r.max));
    CHECK(r.bias_err_xy < bias_bound, "x/y bias error %.4f rad/s", (double)r.bias_err_xy);
    CHECK(r.norm_dev < norm_bound, "quaternion norm off by %.3g", (double)r.norm_dev);
    CHECK(r.rejected == 0, "%u accelerometer samples rejected", r.rejected);
    fig("seed 1: roll/pitch RMS %.3f deg (bound %.1f), max %.3f deg (bound %.1f), tilt max %.3f deg",
        r.rms, rms_bound, deg(r.max), (double)max_bound, deg(r.tilt_max));
    fig("bias error x/y %.4f rad/s (bound %.3f), z %.4f rad/s (unbounded: needs tilt), yaw error %.2f deg "
        "(no magnetometer), | |q|-1 | <= %.2g", (double)r.bias_err_xy, (double)bias_bound,
        (double)r.bias_err_z, deg(r.yaw_err), (double)r.norm_dev);

    /* The same bounds must hold for other seeds (other biases and noise). */
    double worst_rms = 0.0;
    float worst_max = 0.0f, worst_bias = 0.0f;
    for (uint32_t seed = 2; seed <= 9; seed++) {
        att_run_t o = attitude_run(seed);
        CHECK(o.rms < rms_bound && o.max < max_bound * FL_DEG2RAD && o.bias_err_xy < bias_bound
                  && o.norm_dev < norm_bound,
              "seed %u: RMS %.3f deg, max %.3f deg, bias err %.4f", (unsigned)seed, o.rms,
              deg(o.max), (double)o.bias_err_xy);
        worst_rms = fmax(worst_rms, o.rms);
        worst_max = fmaxf(worst_max, o.max);
        worst_bias = fmaxf(worst_bias, o.bias_err_xy);
    }
    fig("seeds 2-9 worst: RMS %.3f deg, max %.3f deg, x/y bias error %.4f rad/s", worst_rms,
        deg(worst_max), (double)worst_bias);
}

/* Still vehicle, filter levelled from the first sample: the x and y gyro
 * bias must be learnt (z is along gravity: unobservable without a
 * magnetometer, so it must at least not run away). */
static void test_attitude_bias(void)
{
    vm_t vm;
    att_t att;
    vm_imu_t s;
    vm_init(&vm, 5, NULL);
    att_init(&att, ATT_KP_DEFAULT, ATT_KI_DEFAULT);
    vm_step(&vm, &s);
    CHECK(att_level(&att, s.acc) == 0, "att_level refused a level sample");
    float t_conv = -1.0f;
    const float band = 0.002f;  /* rad/s, ~0.1 deg/s */
    for (int i = 1; i < 20000; i++) {
        vm_step(&vm, &s);
        att_update(&att, s.gyro, s.acc, vm.p.dt);
        float e = fmaxf(fabsf(att.bias[0] - vm.bias[0]), fabsf(att.bias[1] - vm.bias[1]));
        if (e >= band)
            t_conv = -1.0f;
        else if (t_conv < 0.0f)
            t_conv = (float)i * vm.p.dt;
    }
    float ex = att.bias[0] - vm.bias[0], ey = att.bias[1] - vm.bias[1];
    CHECK(t_conv >= 0.0f && t_conv < 10.0f, "x/y bias not within %.3f rad/s from 10 s on (from %.2f s)",
          (double)band, (double)t_conv);
    CHECK(fabsf(att.bias[2]) <= fabsf(vm.bias[2]) + band, "z bias estimate ran away: %.4f",
          (double)att.bias[2]);
    float tilt = tilt_error(vm.q, att.q);
    CHECK(tilt < 0.2f * FL_DEG2RAD, "tilt error %.3f deg at 20 s", deg(tilt));
    fig("true bias %.4f %.4f %.4f rad/s; x/y within %.3f rad/s from %.2f s on (bound 10 s); "
        "error at 20 s %.5f %.5f, z estimate %.4f; tilt error %.3f deg",
        (double)vm.bias[0], (double)vm.bias[1], (double)vm.bias[2], (double)band, (double)t_conv,
        (double)ex, (double)ey, (double)att.bias[2], deg(tilt));
}

static void test_attitude_level_and_gate(void)
{
    vm_params_t p;
    vm_default_params(&p);
    p.acc_noise = 0.0f;
    vm_t vm;
    vm_imu_t s;
    vm_init(&vm, 9, &p);
    float q0[4], w0[3] = { 0, 0, 0 };
    quat_from_euler(25.0f * FL_DEG2RAD, -10.0f * FL_DEG2RAD, 40.0f * FL_DEG2RAD, q0);
    vm_set_state(&vm, q0, w0);
    vm_step(&vm, &s);
    att_t att;
    att_init(&att, ATT_KP_DEFAULT, ATT_KI_DEFAULT);
    CHECK(att_level(&att, s.acc) == 0, "level refused");
    float r, pt, y;
    att_euler(&att, &r, &pt, &y);
    CHECK(fabsf(r - 25.0f * FL_DEG2RAD) < 0.01f * FL_DEG2RAD
              && fabsf(pt + 10.0f * FL_DEG2RAD) < 0.01f * FL_DEG2RAD && fabsf(y) < 1e-6f,
          "levelled to %.3f %.3f %.3f deg", deg(r), deg(pt), deg(y));
    fig("levelled from one noise-free sample: roll %.4f pitch %.4f deg (truth 25, -10)", deg(r),
        deg(pt));

    /* Free fall, 3 g and NaN are rejected: pure gyro integration, bias kept. */
    float qb[4];
    memcpy(qb, att.q, sizeof qb);
    att.bias[0] = 0.01f;
    const float gyro[3] = { 0.1f, 0.0f, 0.0f };
    const float bad[3][3] = { { 0, 0, 0 }, { 0, 0, -3.0f * FL_G }, { NAN, 0, -FL_G } };
    for (int k = 0; k < 3; k++)
        att_update(&att, gyro, bad[k], 0.001f);
    CHECK(att.rejected == 3, "%u of 3 bad samples rejected", att.rejected);
    CHECK(att.bias[0] == 0.01f, "bias changed on rejected samples");
    float qd[4];
    quat_conj_mul(qb, att.q, qd);
    float ang = 2.0f * qd[1];  /* rotation about body x */
    CHECK(fabsf(ang - 3.0f * 0.001f * (0.1f - 0.01f)) < 1e-6f, "gyro-only step turned %.3g rad",
          (double)ang);
    CHECK(att_level(&att, bad[0]) == -1, "level accepted a zero sample");
    fig("3/3 bad accelerometer samples gated, attitude advanced by gyro only");
}

/* ---- mixer ------------------------------------------------------------- */

static float mix_axis(const float m[4], int axis)
{
    switch (axis) {
    case 0: return (m[VM_MOTOR_FL] + m[VM_MOTOR_RL] - m[VM_MOTOR_FR] - m[VM_MOTOR_RR]) / 4.0f;
    case 1: return (m[VM_MOTOR_FR] + m[VM_MOTOR_FL] - m[VM_MOTOR_RR] - m[VM_MOTOR_RL]) / 4.0f;
    default: return (m[VM_MOTOR_FR] + m[VM_MOTOR_RL] - m[VM_MOTOR_RR] - m[VM_MOTOR_FL]) / 4.0f;
    }
}

static void test_mixer_range(void)
{
    uint32_t s = 12345;
    int n = 0;
    const float special[] = { NAN, INFINITY, -INFINITY, 1e30f, -1e30f, 0.0f, 1.0f, -1.0f };
    float lo = 1.0f, hi = 0.0f;
    for (int i = 0; i < 200000; i++) {
        float v[5];
        for (int k = 0; k < 5; k++) {
            s ^= s << 13;
            s ^= s >> 17;
            s ^= s << 5;
            float u = (float)(s >> 8) / 16777216.0f;
            v[k] = (i % 7 == 0 && k == (i / 7) % 5) ? special[(s >> 3) % 8] : 4.0f * u - 2.0f;
        }
        float idle = fabsf(v[4]) * 0.1f;
        idle = idle == idle && idle < 0.2f ? idle : 0.0f;
        float m[4];
        mix_quadx(0.5f + 0.5f * v[0], &v[1], idle, m);
        for (int k = 0; k < 4; k++) {
            n += !(m[k] >= idle && m[k] <= 1.0f);
            lo = fminf(lo, m[k]);
            hi = fmaxf(hi, m[k]);
        }
    }
    CHECK(n == 0, "%d outputs outside [idle, 1] (or NaN)", n);
    fig("200000 random commands incl. NaN/Inf: 0 outputs outside [idle, 1]; seen [%.3f, %.3f]",
        (double)lo, (double)hi);
}

static void test_mixer_symmetry_and_signs(void)
{
    float m[4], mn[4];
    const float zero[3] = { 0, 0, 0 };
    unsigned f = mix_quadx(0.5f, zero, 0.0f, m);
    CHECK(f == 0 && m[0] == 0.5f && m[1] == 0.5f && m[2] == 0.5f && m[3] == 0.5f,
          "zero torque is not all-throttle");
    for (int axis = 0; axis < 3; axis++) {
        float tq[3] = { 0, 0, 0 };
        tq[axis] = 0.1f;
        f = mix_quadx(0.5f, tq, 0.0f, m);
        tq[axis] = -0.1f;
        mix_quadx(0.5f, tq, 0.0f, mn);
        float sum = m[0] + m[1] + m[2] + m[3];
        CHECK(f == 0 && fabsf(sum - 2.0f) < 1e-6f, "axis %d changed total thrust (%.6f)", axis, (double)sum);
        CHECK(fabsf(mix_axis(m, axis) - 0.1f) < 1e-6f, "axis %d delivered %.6f", axis,
              (double)mix_axis(m, axis));
        for (int k = 0; k < 4; k++) {
            CHECK(fabsf((m[k] - 0.5f) + (mn[k] - 0.5f)) < 1e-6f, "axis %d motor %d not mirrored", axis, k);
            CHECK(fabsf(fabsf(m[k] - 0.5f) - 0.1f) < 1e-6f, "axis %d motor %d moved %.6f", axis, k,
                  (double)(m[k] - 0.5f));
        }
        for (int o = 0; o < 3; o++)
            if (o != axis)
                CHECK(fabsf(mix_axis(m, o)) < 1e-6f, "axis %d leaked into axis %d", axis, o);
    }
    /* Yaw: + raises the counter-clockwise rotors (front right, rear left). */
    const float yaw[3] = { 0, 0, 0.1f };
    mix_quadx(0.5f, yaw, 0.0f, m);
    CHECK(m[VM_MOTOR_FR] > 0.5f && m[VM_MOTOR_RL] > 0.5f && m[VM_MOTOR_RR] < 0.5f
              && m[VM_MOTOR_FL] < 0.5f, "yaw + raised the wrong pair");
    /* Roll + raises the left pair, pitch + the front pair. */
    const float rp[3] = { 0.1f, 0.05f, 0 };
    mix_quadx(0.5f, rp, 0.0f, m);
    CHECK(fabsf(m[VM_MOTOR_FL] - 0.65f) < 1e-6f && fabsf(m[VM_MOTOR_RL] - 0.55f) < 1e-6f
              && fabsf(m[VM_MOTOR_FR] - 0.45f) < 1e-6f && fabsf(m[VM_MOTOR_RR] - 0.35f) < 1e-6f,
          "roll 0.1 + pitch 0.05 gave %.3f %.3f %.3f %.3f", (double)m[0], (double)m[1], (double)m[2],
          (double)m[3]);
    fig("each axis mirrored and decoupled, thrust kept, yaw + raises ccw rotors FR/RL");
}

static void test_mixer_saturation(void)
{
    float m[4];
    /* High throttle: throttle gives way, the roll difference is kept. */
    const float roll[3] = { 0.2f, 0, 0 };
    unsigned f = mix_quadx(0.9f, roll, 0.0f, m);
    CHECK(f == MIX_THR_DOWN, "high throttle flags %#x", f);
    CHECK(fabsf(mix_axis(m, 0) - 0.2f) < 1e-6f && fabsf(fmaxf(m[VM_MOTOR_FL], m[VM_MOTOR_RL]) - 1.0f) < 1e-6f,
          "high throttle: roll %.6f, top motor %.6f", (double)mix_axis(m, 0), (double)m[VM_MOTOR_FL]);
    float thr_hi = (m[0] + m[1] + m[2] + m[3]) / 4.0f;

    /* Low throttle: raised above idle, the pitch difference is kept. */
    const float pitch[3] = { 0, 0.2f, 0 };
    f = mix_quadx(0.02f, pitch, 0.05f, m);
    CHECK(f == MIX_THR_UP, "low throttle flags %#x", f);
    CHECK(fabsf(mix_axis(m, 1) - 0.2f) < 1e-6f && fabsf(fminf(m[VM_MOTOR_RR], m[VM_MOTOR_RL]) - 0.05f) < 1e-6f,
          "low throttle: pitch %.6f", (double)mix_axis(m, 1));

    /* Roll + pitch beyond the range: scaled together, direction kept. */
    const float big[3] = { 0.6f, 0.4f, 0.0f };
    f = mix_quadx(0.5f, big, 0.05f, m);
    float ratio = mix_axis(m, 0) / mix_axis(m, 1);
    float spread = fmaxf(fmaxf(m[0], m[1]), fmaxf(m[2], m[3])) - fminf(fminf(m[0], m[1]), fminf(m[2], m[3]));
    CHECK((f & MIX_LIM_AXES) == (MIX_LIM_ROLL | MIX_LIM_PITCH), "big roll/pitch flags %#x", f);
    CHECK(fabsf(ratio - 1.5f) < 1e-5f, "roll/pitch ratio %.6f, commanded 1.5", (double)ratio);
    CHECK(fabsf(spread - 0.95f) < 1e-6f, "spread %.6f, range 0.95", (double)spread);

    /* Yaw is cut first, roll stays whole. */
    const float ry[3] = { 0.4f, 0.0f, 0.3f };
    f = mix_quadx(0.5f, ry, 0.0f, m);
    CHECK((f & MIX_LIM_AXES) == MIX_LIM_YAW, "roll+yaw flags %#x", f);
    CHECK(fabsf(mix_axis(m, 0) - 0.4f) < 1e-6f, "roll cut to %.6f", (double)mix_axis(m, 0));
    CHECK(fabsf(mix_axis(m, 2) - 0.1f) < 1e-6f, "yaw %.6f, the largest that fits is 0.1",
          (double)mix_axis(m, 2));
    fig("throttle 0.9 + roll 0.2 -> throttle %.3f, roll kept; 0.6/0.4 roll/pitch scaled to spread %.3f "
        "at ratio %.4f; roll 0.4 + yaw 0.3 -> yaw %.3f, roll %.3f", (double)thr_hi, (double)spread,
        (double)ratio, (double)mix_axis(m, 2), (double)mix_axis(m, 0));
}

int main(void)
{
    run("model_determinism", test_model_determinism);
    run("model_imu_statistics", test_model_imu_statistics);
    run("model_manoeuvres", test_model_manoeuvres);
    run("model_mixer_signs", test_model_mixer_signs);
    run("attitude_convergence", test_attitude_convergence);
    run("attitude_bias", test_attitude_bias);
    run("attitude_level_and_gate", test_attitude_level_and_gate);
    control_tests();
    run("mixer_range", test_mixer_range);
    run("mixer_symmetry_and_signs", test_mixer_symmetry_and_signs);
    run("mixer_saturation", test_mixer_saturation);
    return summary();
}
