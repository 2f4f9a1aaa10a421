/* SPDX-License-Identifier: MIT */
/*
 * Mahony explicit complementary filter with bias estimation (see
 * attitude.h for the equations and their source).
 *
 * Invariants after every public call: q is unit norm (renormalised every
 * step, and quat_normalize resets a degenerate state to identity);
 * |bias[i]| <= bias_max.
 *
 * Integration is first order (q += 1/2 q (x) (0, w) dt) followed by
 * renormalisation: for |w| dt <= 0.01 rad, the rotation it applies differs
 * from the exact one by less than 1e-7 rad per step, below float rounding.
 */
#include "attitude.h"

#include <math.h>
#include <string.h>

#include "quat.h"

/* Accelerometer magnitude gate, squared, m^2/s^4. */
#define ACC_MIN2 ((0.5f * FL_G) * (0.5f * FL_G))
#define ACC_MAX2 ((1.5f * FL_G) * (1.5f * FL_G))

void att_init(att_t *att, float kp, float ki)
{
    memset(att, 0, sizeof *att);
    att->q[0] = 1.0f;
    att->kp = kp;
    att->ki = ki;
    att->bias_max = ATT_BIAS_MAX;
}

int att_level(att_t *att, const float acc[3])
{
    float n2 = acc[0] * acc[0] + acc[1] * acc[1] + acc[2] * acc[2];
    if (!(n2 >= ACC_MIN2 && n2 <= ACC_MAX2))
        return -1;
    /* Level at rest: acc = -g * (third row of R); roll and pitch follow. */
    float roll = atan2f(-acc[1], -acc[2]);
    float pitch = atan2f(acc[0], sqrtf(acc[1] * acc[1] + acc[2] * acc[2]));
    quat_from_euler(roll, pitch, 0.0f, att->q);
    return 0;
}

void att_set_quat(att_t *att, const float q[4])
{
    memcpy(att->q, q, sizeof att->q);
    quat_normalize(att->q);
}

void att_update(att_t *att, const float gyro[3], const float acc[3], float dt)
{
    float *q = att->q;
    float corr[3] = { 0.0f, 0.0f, 0.0f };

    float n2 = acc[0] * acc[0] + acc[1] * acc[1] + acc[2] * acc[2];
    if (n2 >= ACC_MIN2 && n2 <= ACC_MAX2) {
        float inv = -1.0f / sqrtf(n2);
        float v[3] = { acc[0] * inv, acc[1] * inv, acc[2] * inv };
        float vh[3];
        quat_down_body(q, vh);
        float e[3] = {
            v[1] * vh[2] - v[2] * vh[1],
            v[2] * vh[0] - v[0] * vh[2],
            v[0] * vh[1] - v[1] * vh[0],
        };
        /* A large error is an attitude error (start-up, after a gated
         * stretch), not bias: integrating it would wind the bias estimate
         * far from the truth and take ~1/ki seconds to unwind. */
        float kidt = (e[0] * e[0] + e[1] * e[1] + e[2] * e[2] < ATT_BIAS_ERR2) ? att->ki * dt : 0.0f;
        for (int i = 0; i < 3; i++) {
            att->bias[i] = fl_clampf(att->bias[i] - kidt * e[i], -att->bias_max, att->bias_max);
            corr[i] = att->kp * e[i];
        }
    } else {
        att->rejected++;
    }

    float w[3];
    for (int i = 0; i < 3; i++) {
        att->rate[i] = gyro[i] - att->bias[i];
        w[i] = (att->rate[i] + corr[i]) * (0.5f * dt);
    }
    float q0 = q[0], q1 = q[1], q2 = q[2], q3 = q[3];
    q[0] = q0 - q1 * w[0] - q2 * w[1] - q3 * w[2];
    q[1] = q1 + q0 * w[0] + q2 * w[2] - q3 * w[1];
    q[2] = q2 + q0 * w[1] - q1 * w[2] + q3 * w[0];
    q[3] = q3 + q0 * w[2] + q1 * w[1] - q2 * w[0];
    quat_normalize(q);
}

void att_euler(const att_t *att, float *roll, float *pitch, float *yaw)
{
    quat_to_euler(att->q, roll, pitch, yaw);
}
