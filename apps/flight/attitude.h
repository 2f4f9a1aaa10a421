/* SPDX-License-Identifier: MIT */
/*
 * Attitude estimation: Mahony's explicit complementary filter on SO(3)
 * (R. Mahony, T. Hamel, J.-M. Pflimlin, "Nonlinear Complementary Filters
 * on the Special Orthogonal Group", IEEE Trans. Automatic Control 53(5),
 * 2008), in quaternion form, with one reference vector (gravity, from the
 * accelerometer) and gyro bias estimation.
 *
 *   v     = -acc / |acc|                 measured down direction (body)
 *   v_hat = R_hat^T e3                   estimated down direction (body)
 *   e     = v x v_hat                    correction (the paper's w_mes)
 *   b_hat' = -ki e  (while |e| < sin 5 deg) bias estimate
 *   w     = gyro - b_hat + kp e
 *   q_hat' = 1/2 q_hat (x) (0, w)        then renormalised
 *
 * Roll and pitch are corrected by gravity; yaw is integrated gyro only
 * (there is no magnetometer), so the yaw estimate and the bias component
 * along the vertical drift unless the vehicle tilts. Conventions: quat.h
 * (NED world, FRD body, q rotates body to world).
 *
 * Accelerometer samples whose magnitude is outside [0.5 g, 1.5 g] (free
 * fall, hard manoeuvre, saturation) are not trusted: the step is pure gyro
 * integration and the bias estimate is frozen.
 *
 * Context: pure computation on the caller's att_t; no allocation, no OS
 * call, no libm call except one sqrtf per normalisation. One att_t per
 * fusion task; calls on one att_t must not run concurrently.
 */
#ifndef VAIOS_FLIGHT_ATTITUDE_H
#define VAIOS_FLIGHT_ATTITUDE_H

/* Tuning for the 1 kHz loop of vehicle_model.h's default IMU. Linearised,
 * the tilt and bias errors follow s^2 + kp s + ki: these values make it
 * critically damped with a double pole at 1 rad/s (derivation and
 * measured convergence in docs/flight.md). */
#define ATT_KP_DEFAULT 2.0f     /* rad/s per unit of e */
#define ATT_KI_DEFAULT 1.0f     /* rad/s^2 per unit of e */
#define ATT_BIAS_MAX   0.35f    /* |bias estimate| bound per axis, rad/s (20 deg/s) */
#define ATT_BIAS_ERR2  0.0076f  /* bias integrates only while |e|^2 < this: |e| < sin 5 deg */

typedef struct {
    float q[4];      /* estimated attitude, unit norm, body to world */
    float bias[3];   /* estimated gyro bias, rad/s */
    float rate[3];   /* last gyro sample minus the bias estimate, rad/s */
    float kp;        /* proportional gain, rad/s */
    float ki;        /* integral (bias) gain, rad/s^2 */
    float bias_max;  /* bound of each bias component, rad/s */
    unsigned rejected; /* accelerometer samples ignored by the magnitude gate */
} att_t;

/* Identity attitude, zero bias, the given gains (kp >= 0, ki >= 0). */
void att_init(att_t *att, float kp, float ki);

/* Levels the estimate from one accelerometer sample: roll and pitch from
 * gravity, yaw 0. A sample outside the magnitude gate leaves q unchanged.
 * Returns 0 if levelled, -1 if the sample was rejected. */
int att_level(att_t *att, const float acc[3]);

/* Overwrites the attitude estimate (normalised); bias untouched. */
void att_set_quat(att_t *att, const float q[4]);

/* One filter step: gyro in rad/s, acc in m/s^2 (both body FRD, acc reads
 * {0, 0, -g} level at rest), dt in seconds (> 0). */
void att_update(att_t *att, const float gyro[3], const float acc[3], float dt);

/* Z-Y-X Euler angles of the estimate, radians. Uses atan2f/asinf: for
 * logging and tests; the controller works on the quaternion. */
void att_euler(const att_t *att, float *roll, float *pitch, float *yaw);

#endif /* VAIOS_FLIGHT_ATTITUDE_H */
