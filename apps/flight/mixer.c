/* SPDX-License-Identifier: MIT */
/*
 * Quad-X mixer with prioritised saturation handling (see mixer.h).
 *
 * Invariant of the result: every output is within [idle, 1]; when no flag
 * is set, out_i - out_j equals the requested difference exactly (to float
 * rounding) and the mean of the outputs equals the throttle; with only
 * MIX_THR_* set, the differences are still exact.
 */
#include "mixer.h"

#include <math.h>

#include "quat.h"

/* Motor factors {roll, pitch, yaw} in VM_MOTOR_* order (FR, RR, RL, FL).
 * The yaw step below relies on every yaw factor being +1 or -1 (true of
 * any X frame with alternating spin directions). */
static const float k_mix[MIX_MOTORS][3] = {
    { -1.0f, +1.0f, +1.0f },  /* front right, ccw */
    { -1.0f, -1.0f, -1.0f },  /* rear right, cw */
    { +1.0f, -1.0f, +1.0f },  /* rear left, ccw */
    { +1.0f, +1.0f, -1.0f },  /* front left, cw */
};

/* Inputs beyond this magnitude (or NaN) are treated as 0: no meaningful
 * command is that large, and it keeps later arithmetic finite. */
#define MIX_INPUT_MAX 1.0e6f

/* The motor loops run over a constant table; unrolled, the compiler folds
 * the +/-1 factors away, which GCC at -O2 does not do on its own (path
 * lengths: tests/host/flight/m4_cost.sh, docs/flight.md). */
#if defined(__GNUC__) && !defined(__clang__)
#define MIX_UNROLL _Pragma("GCC unroll 4")
#elif defined(__clang__)
#define MIX_UNROLL _Pragma("clang loop unroll(full)")
#else
#define MIX_UNROLL
#endif

static float sane(float v)
{
    return (v > -MIX_INPUT_MAX && v < MIX_INPUT_MAX) ? v : 0.0f;
}

unsigned mix_quadx(float throttle, const float torque[3], float idle, float out[MIX_MOTORS])
{
    unsigned flags = 0;
    float lo_lim = fl_clampf(sane(idle), 0.0f, 1.0f);
    float range = 1.0f - lo_lim;
    float r = sane(torque[0]), p = sane(torque[1]), y = sane(torque[2]);
    float t = fl_clampf(sane(throttle), lo_lim, 1.0f);

    /* 1. roll and pitch */
    float d[MIX_MOTORS];
    float dmax = -MIX_INPUT_MAX, dmin = MIX_INPUT_MAX;
    MIX_UNROLL
    for (int i = 0; i < MIX_MOTORS; i++) {
        d[i] = k_mix[i][0] * r + k_mix[i][1] * p;
        dmax = d[i] > dmax ? d[i] : dmax;
        dmin = d[i] < dmin ? d[i] : dmin;
    }
    if (dmax - dmin > range) {
        float s = range / (dmax - dmin);
        MIX_UNROLL
    for (int i = 0; i < MIX_MOTORS; i++)
            d[i] *= s;
        flags |= (r != 0.0f ? MIX_LIM_ROLL : 0u) | (p != 0.0f ? MIX_LIM_PITCH : 0u);
    }

    /* 2. yaw. Every yaw factor is +1 or -1, so raising yaw by k y moves
     * the motors of one spin direction ("up": factor * y > 0) up by k|y|
     * and the others down by k|y|. Only an up motor above a down motor can
     * break the range: the largest k that fits is
     *   (range - (max d over up - min d over down)) / (2 |y|). */
    float dup = -MIX_INPUT_MAX, ddown = MIX_INPUT_MAX;
    MIX_UNROLL
    for (int i = 0; i < MIX_MOTORS; i++) {
        if (k_mix[i][2] * y > 0.0f)
            dup = d[i] > dup ? d[i] : dup;
        else
            ddown = d[i] < ddown ? d[i] : ddown;
    }
    float ay2 = 2.0f * fabsf(y);
    float k = 1.0f;
    if (dup - ddown + ay2 > range) {
        k = (range - (dup - ddown)) / ay2;
        k = k > 0.0f ? k : 0.0f;
        flags |= MIX_LIM_YAW;
    }
    float e[MIX_MOTORS];
    MIX_UNROLL
    for (int i = 0; i < MIX_MOTORS; i++)
        e[i] = k_mix[i][2] * y;

    /* 3. throttle */
    float mmax = -MIX_INPUT_MAX, mmin = MIX_INPUT_MAX;
    MIX_UNROLL
    for (int i = 0; i < MIX_MOTORS; i++) {
        d[i] += k * e[i];
        mmax = d[i] > mmax ? d[i] : mmax;
        mmin = d[i] < mmin ? d[i] : mmin;
    }
    if (t + mmax > 1.0f) {
        t = 1.0f - mmax;
        flags |= MIX_THR_DOWN;
    } else if (t + mmin < lo_lim) {
        t = lo_lim - mmin;
        flags |= MIX_THR_UP;
    }

    /* The clamp only absorbs rounding: the spread fits the range. */
    MIX_UNROLL
    for (int i = 0; i < MIX_MOTORS; i++)
        out[i] = fl_clampf(t + d[i], lo_lim, 1.0f);
    return flags;
}
