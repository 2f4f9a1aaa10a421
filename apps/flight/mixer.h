/* SPDX-License-Identifier: MIT */
/*
 * Quad-X mixer: collective throttle and roll, pitch, yaw torque commands
 * to four motor commands in [idle, 1] (a subset of [0, 1]).
 *
 *   m_i = T + kr_i r + kp_i p + ky_i y
 *
 * Motor order and spin directions are vehicle_model.h's VM_MOTOR_*:
 *
 *              front
 *       FL(3) cw     FR(0) ccw          roll  +: left motors up   (kr)
 *             \       /                 pitch +: front motors up  (kp)
 *               [  ]                    yaw   +: ccw motors up    (ky)
 *             /       \
 *       RL(2) ccw    RR(1) cw
 *
 * The torque units are "fraction of one motor's full command": a pure
 * roll command r raises the left pair by r and lowers the right pair by r.
 * Every column of the table sums to zero, so torques never change the
 * total thrust while nothing saturates.
 *
 * Saturation, in priority order (roll/pitch first, then yaw, throttle last):
 *  1. if the roll/pitch spread across motors exceeds the range 1 - idle,
 *     roll and pitch are scaled down together (their ratio, hence the
 *     direction of the tilt torque, is kept);
 *  2. yaw is reduced to the largest fraction that still fits the range
 *     (computed exactly from the motor pairs);
 *  3. throttle is moved, down or up, just enough for every motor to fit:
 *     the requested differences between motors are delivered exactly.
 * Raising throttle at low stick keeps authority (what some firmwares call
 * air mode); a caller that must not spin motors up (disarmed) does not
 * call the mixer. Non-finite inputs are treated as 0.
 *
 * Context: pure function, reentrant, callable from any context.
 */
#ifndef VAIOS_FLIGHT_MIXER_H
#define VAIOS_FLIGHT_MIXER_H

/* Returned flags. The axis bits are the `limited` argument of ctl_update
 * (bit i = axis i: 0 roll, 1 pitch, 2 yaw). */
#define MIX_LIM_ROLL  (1u << 0)   /* roll torque scaled down */
#define MIX_LIM_PITCH (1u << 1)   /* pitch torque scaled down */
#define MIX_LIM_YAW   (1u << 2)   /* yaw torque reduced */
#define MIX_LIM_AXES  (MIX_LIM_ROLL | MIX_LIM_PITCH | MIX_LIM_YAW)
#define MIX_THR_DOWN  (1u << 3)   /* throttle lowered to fit */
#define MIX_THR_UP    (1u << 4)   /* throttle raised to fit */

enum { MIX_MOTORS = 4 };

/* throttle: collective command in [0, 1] (clamped to [idle, 1]);
 * torque: roll, pitch, yaw commands (ctl_update's output);
 * idle: lowest motor command while armed, 0 <= idle < 1;
 * out: motor commands, each in [idle, 1]. Returns MIX_* flags. */
unsigned mix_quadx(float throttle, const float torque[3], float idle, float out[MIX_MOTORS]);

#endif /* VAIOS_FLIGHT_MIXER_H */
