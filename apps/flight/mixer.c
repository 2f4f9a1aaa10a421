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

#include "quat.h"

/* Motor factors {roll, pitch, yaw} in VM_MOTOR_* order (FR, RR, RL, FL). */
static const float k_mix[MIX_MOTORS][3] = {
    { -1.0f, +1.0f, +1.0f },  /* front right, ccw */
    { -1.0f, -1.0f, -1.0f },  /* rear right, cw */
    { +1.0f, -1.0f, +1.0f },  /* rear left, ccw */
    { +1.0f, +1.0f, -1.0f },  /* front left, cw */
};

/* Inputs beyond this magnitude (or NaN) are treated as 0: no meaningful
 * command is that large, and it keeps later arithmetic finite. */
#define MIX_INPUT_MAX 1.0e6f

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
    for (int i = 0; i < MIX_MOTORS; i++) {
        d[i] = k_mix[i][0] * r + k_mix[i][1] * p;
        dmax = d[i] > dmax ? d[i] : dmax;
        dmin = d[i] < dmin ? d[i] : dmin;
    }
    if (dmax - dmin > range) {
        float s = range / (dmax - dmin);
        for (int i = 0; i < MIX_MOTORS; i++)
            d[i] *= s;
        flags |= (r != 0.0f ? MIX_LIM_ROLL : 0u) | (p != 0.0f ? MIX_LIM_PITCH : 0u);
    }

    /* 2. yaw: largest k in [0, 1] with d_i - d_j + k (e_i - e_j) <= range
     * for every ordered pair; the roll/pitch spread already fits, so each
     * bound is >= 0 up to rounding. */
    float e[MIX_MOTORS];
    for (int i = 0; i < MIX_MOTORS; i++)
        e[i] = k_mix[i][2] * y;
    float k = 1.0f;
    for (int i = 0; i < MIX_MOTORS; i++) {
        for (int j = 0; j < MIX_MOTORS; j++) {
            float de = e[i] - e[j];
            if (de > 0.0f && d[i] - d[j] + k * de > range)
                k = (range - (d[i] - d[j])) / de;
        }
    }
    if (k < 1.0f) {
        k = k > 0.0f ? k : 0.0f;
        flags |= MIX_LIM_YAW;
    }

    /* 3. throttle */
    float mmax = -MIX_INPUT_MAX, mmin = MIX_INPUT_MAX;
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
    for (int i = 0; i < MIX_MOTORS; i++)
        out[i] = fl_clampf(t + d[i], lo_lim, 1.0f);
    return flags;
}
