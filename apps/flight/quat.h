/* SPDX-License-Identifier: MIT */
/*
 * Quaternion and small-vector helpers shared by the flight blocks
 * (vehicle model, attitude filter, attitude controller).
 *
 * Conventions, used by every file under apps/flight/:
 *  - Frames: world is NED (x north, y east, z down); body is FRD (x forward,
 *    y right, z down). Roll is about body x (right wing down positive),
 *    pitch about body y (nose up positive), yaw about body z (nose right
 *    positive). Euler angles are the aerospace Z-Y-X sequence.
 *  - A quaternion is float q[4] = {w, x, y, z}, Hamilton product, and
 *    rotates body vectors into the world frame: v_w = q (x) v_b (x) q*.
 *    Its kinematics with body rates w_b is dq/dt = 1/2 q (x) (0, w_b).
 *  - Angles in radians, rates in rad/s, single precision only: everything
 *    here runs on the Cortex-M4F single-precision FPU and must never
 *    promote to double.
 *
 * All functions are pure, reentrant, allocation-free and callable from any
 * context (task or interrupt). Output arrays may not alias inputs unless
 * stated.
 */
#ifndef VAIOS_FLIGHT_QUAT_H
#define VAIOS_FLIGHT_QUAT_H

#include <math.h>

#define FL_PI      3.14159265f
#define FL_DEG2RAD 0.0174532925f
#define FL_RAD2DEG 57.2957795f
#define FL_G       9.80665f     /* standard gravity, m/s^2 */

/* r = p (x) q. r must not alias p or q. */
static inline void quat_mul(const float p[4], const float q[4], float r[4])
{
    r[0] = p[0] * q[0] - p[1] * q[1] - p[2] * q[2] - p[3] * q[3];
    r[1] = p[0] * q[1] + p[1] * q[0] + p[2] * q[3] - p[3] * q[2];
    r[2] = p[0] * q[2] - p[1] * q[3] + p[2] * q[0] + p[3] * q[1];
    r[3] = p[0] * q[3] + p[1] * q[2] - p[2] * q[1] + p[3] * q[0];
}

/* r = p* (x) q: the rotation from p's body frame to q's, in p's body frame.
 * r must not alias p or q. */
static inline void quat_conj_mul(const float p[4], const float q[4], float r[4])
{
    r[0] = p[0] * q[0] + p[1] * q[1] + p[2] * q[2] + p[3] * q[3];
    r[1] = p[0] * q[1] - p[1] * q[0] - p[2] * q[3] + p[3] * q[2];
    r[2] = p[0] * q[2] + p[1] * q[3] - p[2] * q[0] - p[3] * q[1];
    r[3] = p[0] * q[3] - p[1] * q[2] + p[2] * q[1] - p[3] * q[0];
}

/* Scales q to unit norm in place. A zero (or non-finite) quaternion, which
 * no valid integration produces, is replaced by the identity so that a
 * corrupted state recovers instead of spreading NaN. */
static inline void quat_normalize(float q[4])
{
    float n2 = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
    if (!(n2 > 1e-12f && n2 < 1e12f)) {
        q[0] = 1.0f;
        q[1] = q[2] = q[3] = 0.0f;
        return;
    }
    float inv = 1.0f / sqrtf(n2);
    q[0] *= inv;
    q[1] *= inv;
    q[2] *= inv;
    q[3] *= inv;
}

/* Down direction of the world (NED z) expressed in the body frame, i.e. the
 * third row of the body-to-world rotation matrix. For a unit q it is the
 * direction an accelerometer at rest reports as -acc/|acc|. */
static inline void quat_down_body(const float q[4], float d[3])
{
    d[0] = 2.0f * (q[1] * q[3] - q[0] * q[2]);
    d[1] = 2.0f * (q[2] * q[3] + q[0] * q[1]);
    d[2] = q[0] * q[0] - q[1] * q[1] - q[2] * q[2] + q[3] * q[3];
}

/* Unit quaternion of the Z-Y-X Euler angles (roll, pitch, yaw).
 * Uses sinf/cosf: not meant for a 1 kHz hot path. */
static inline void quat_from_euler(float roll, float pitch, float yaw, float q[4])
{
    float cr = cosf(0.5f * roll), sr = sinf(0.5f * roll);
    float cp = cosf(0.5f * pitch), sp = sinf(0.5f * pitch);
    float cy = cosf(0.5f * yaw), sy = sinf(0.5f * yaw);
    q[0] = cr * cp * cy + sr * sp * sy;
    q[1] = sr * cp * cy - cr * sp * sy;
    q[2] = cr * sp * cy + sr * cp * sy;
    q[3] = cr * cp * sy - sr * sp * cy;
}

/* Z-Y-X Euler angles of a unit quaternion: roll and yaw in (-pi, pi],
 * pitch in [-pi/2, pi/2] (the sine is clamped so rounding just past
 * +/-1 at the poles cannot produce NaN). Uses atan2f/asinf. */
static inline void quat_to_euler(const float q[4], float *roll, float *pitch, float *yaw)
{
    float w = q[0], x = q[1], y = q[2], z = q[3];
    float sp = 2.0f * (w * y - x * z);
    if (sp > 1.0f)
        sp = 1.0f;
    else if (sp < -1.0f)
        sp = -1.0f;
    *roll = atan2f(2.0f * (w * x + y * z), 1.0f - 2.0f * (x * x + y * y));
    *pitch = asinf(sp);
    *yaw = atan2f(2.0f * (w * z + x * y), 1.0f - 2.0f * (y * y + z * z));
}

/* Angle a wrapped into (-pi, pi]. Valid for |a| < 3 pi, which covers the
 * difference of two wrapped angles. */
static inline float fl_wrap_pi(float a)
{
    if (a > FL_PI)
        a -= 2.0f * FL_PI;
    else if (a <= -FL_PI)
        a += 2.0f * FL_PI;
    return a;
}

static inline float fl_clampf(float v, float lo, float hi)
{
    return v < lo ? lo : (v > hi ? hi : v);
}

#endif /* VAIOS_FLIGHT_QUAT_H */
