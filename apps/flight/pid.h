/* SPDX-License-Identifier: MIT */
/*
 * PID controller and the cascaded attitude controller built from it.
 *
 * PID (one axis):
 *   e = sp - y
 *   u = kp e + I + kd D,   D = low-pass(-dy/dt)  (derivative on measurement,
 *                          so a setpoint step gives no derivative kick)
 *   out = clamp(u, out_min, out_max)
 * Anti-windup, selected per controller:
 *   PID_AW_CLAMP    conditional integration: the integral step is skipped
 *                   when it would push an output that is already past a
 *                   limit further past it; I is also bounded to the output
 *                   range;
 *   PID_AW_BACKCALC back-calculation: I' = ki e + kt (out - u), so I is
 *                   pulled back at rate kt while the output is clamped
 *                   (but not past 0: tracking unwinds, it never builds an
 *                   integral of the opposite sign);
 *   PID_AW_NONE     plain integration, for comparison in tests only.
 * A caller whose actuator limits downstream of the PID (the mixer) may pass
 * limited = true: integration that would grow |u| further is then skipped
 * in every mode except PID_AW_NONE.
 *
 * Cascaded attitude controller (roll, pitch, yaw):
 *   q_e     = q^* (x) q_sp, sign chosen so q_e.w >= 0 (shortest rotation)
 *   rate_sp = clamp(angle_kp * 2 q_e.xyz, +/- rate_max)   angle loop, P only
 *   torque  = PID_i(rate_sp_i, rate_i)                     rate loops
 * 2 q_e.xyz is the attitude error as a rotation vector in the body frame
 * (exact direction, magnitude 2 sin(angle/2)), so the angle loop needs no
 * trigonometry and has no gimbal lock. The torques are in the mixer's
 * normalised units (fraction of one motor's full thrust per motor).
 *
 * Context: pure computation on caller-owned structures, no allocation, no
 * OS call; one controller per control task, not reentrant per instance.
 */
#ifndef VAIOS_FLIGHT_PID_H
#define VAIOS_FLIGHT_PID_H

#include <stdbool.h>

typedef enum {
    PID_AW_CLAMP = 0,
    PID_AW_BACKCALC,
    PID_AW_NONE,
} pid_aw_t;

typedef struct {
    float kp, ki, kd;          /* gains: output per unit error, per unit error*s, per unit/s */
    float out_min, out_max;    /* output clamp, out_min < out_max */
    float d_tau;               /* derivative low-pass time constant, s (0: unfiltered) */
    float kt;                  /* back-calculation tracking gain, 1/s (PID_AW_BACKCALC) */
    pid_aw_t aw;
} pid_gains_t;

typedef struct {
    pid_gains_t g;
    float integ;               /* integral term, output units */
    float d_filt;              /* filtered -dy/dt */
    float prev_y;              /* last measurement */
    float out;                 /* last clamped output */
    bool primed;               /* prev_y valid: the first update has no D term */
} pid_ctrl_t;

/* Copies g and resets the state. */
void pid_init(pid_ctrl_t *pid, const pid_gains_t *g);

/* Zero integral and derivative state; the next update has no D term. */
void pid_reset(pid_ctrl_t *pid);

/* One step with setpoint sp and measurement y over dt seconds (> 0);
 * returns the clamped output. sp and y must be finite: a NaN would stay in
 * the integral and derivative state until pid_reset (the mixer, last in
 * the chain, turns non-finite commands into 0). */
float pid_update(pid_ctrl_t *pid, float sp, float y, float dt, bool limited);

/* ---- cascaded attitude controller ------------------------------------ */

enum { CTL_ROLL = 0, CTL_PITCH = 1, CTL_YAW = 2, CTL_AXES = 3 };

typedef struct {
    float angle_kp[CTL_AXES];  /* rate setpoint per rad of attitude error, 1/s */
    float rate_max[CTL_AXES];  /* rate setpoint bound, rad/s */
    pid_gains_t rate[CTL_AXES];/* rate loops: rad/s in, normalised torque out */
} ctl_config_t;

typedef struct {
    float angle_kp[CTL_AXES];
    float rate_max[CTL_AXES];
    pid_ctrl_t rate[CTL_AXES];
    float q_sp[4];             /* attitude setpoint, unit */
    float rate_sp[CTL_AXES];   /* last rate setpoints, rad/s */
} ctl_t;

/* Gains tuned for vehicle_model.h's default airframe (docs/flight.md). */
void ctl_default_config(ctl_config_t *cfg);

/* Copies cfg, setpoint level with yaw 0, PIDs reset. */
void ctl_init(ctl_t *ctl, const ctl_config_t *cfg);

/* Resets the three rate PIDs (on arming, after a hold). */
void ctl_reset(ctl_t *ctl);

/* Attitude setpoint from Z-Y-X Euler angles (rad). Uses sinf/cosf: call it
 * when the setpoint changes, not necessarily every sample. */
void ctl_set_attitude(ctl_t *ctl, float roll, float pitch, float yaw);

/* Attitude setpoint as a quaternion (normalised on copy). */
void ctl_set_attitude_quat(ctl_t *ctl, const float q_sp[4]);

/* One control step. q: estimated attitude (unit); rate: body rates with the
 * bias removed (att_t.rate), rad/s; limited: bit i set when the mixer could
 * not apply axis i's last torque (mixer.h MIX_LIM_*: bit 0 roll, 1 pitch,
 * 2 yaw); torque: roll, pitch, yaw commands for the mixer. */
void ctl_update(ctl_t *ctl, const float q[4], const float rate[CTL_AXES], float dt,
                unsigned limited, float torque[CTL_AXES]);

#endif /* VAIOS_FLIGHT_PID_H */
