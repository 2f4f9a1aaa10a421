/* SPDX-License-Identifier: MIT */
/*
 * Synthetic quadcopter: rigid-body rotational motion and the IMU that
 * rides on it, advanced in fixed steps (1 ms by default, i.e. a 1 kHz IMU).
 *
 * The model stands in for the airframe and its sensor, so the attitude
 * filter, the controller and the mixer can be tested (on the host) and
 * loaded with realistic data (on the target) without hardware.
 *
 * Two ways of moving:
 *  - kinematic manoeuvres (VM_HOVER .. VM_SCRIPT): the body rates follow a
 *    prescribed profile of time, motor commands are ignored. Used to feed
 *    the attitude filter a motion whose truth is known exactly;
 *  - VM_DYNAMIC: motor commands -> first-order motor lag -> thrusts ->
 *    body torques (quad-X geometry, rotor drag for yaw) plus an optional
 *    disturbance torque -> Euler's rigid-body equation with a diagonal
 *    inertia and linear aerodynamic damping. Used to close the loop.
 * Only rotation is modelled: the accelerometer reports gravity rotated into
 * the body frame plus noise (the quasi-static assumption a level-flight
 * attitude filter makes), never thrust or translational acceleration.
 *
 * Sensor errors: gyro = true rate + constant bias (drawn from the seed,
 * uniform in +/- gyro_bias_max per axis) + zero-mean noise; accelerometer =
 * specific force + noise. Noise is the sum of four uniforms from a
 * xorshift32 generator, scaled to the configured standard deviation (an
 * Irwin-Hall approximation of a Gaussian, bounded at +/- 3.46 sigma).
 *
 * Determinism: two models initialised with the same seed and parameters and
 * driven with the same calls produce bit-identical samples in the same
 * build. Different compilers or FP contraction (fused multiply-add) settings
 * may round differently.
 *
 * Cost and context: no allocation, no OS calls, no libm call in vm_step
 * (oscillators are rotated, not evaluated), so it may run in the IMU
 * interrupt of a benchmark. One vm_t is owned by one caller; nothing here
 * locks.
 */
#ifndef VAIOS_FLIGHT_VEHICLE_MODEL_H
#define VAIOS_FLIGHT_VEHICLE_MODEL_H

#include <stdbool.h>
#include <stdint.h>

/* Motor order, shared with mixer.h: going clockwise seen from above,
 * starting front right. Front-right and rear-left spin counter-clockwise
 * seen from above, the other two clockwise. */
enum { VM_MOTOR_FR = 0, VM_MOTOR_RR = 1, VM_MOTOR_RL = 2, VM_MOTOR_FL = 3, VM_MOTORS = 4 };

typedef enum {
    VM_HOVER = 0,  /* rates zero: the attitude stays where it is */
    VM_STEP,       /* roll step (step_roll) at 0.5 s, pitch step (step_pitch) at 1.5 s,
                      both as smooth rate pulses lasting step_time, then hold */
    VM_YAW_SPIN,   /* constant heading rate spin_rate about the world vertical
                      (roll and pitch unchanged) */
    VM_WOBBLE,     /* roll and pitch sinusoids: wobble_amp at wobble_hz (roll)
                      and 0.8 * wobble_amp at 0.65 * wobble_hz (pitch) */
    VM_SCRIPT,     /* 10 s flight: hover 1 s, roll step at 1 s, pitch step
                      at 2 s, heading spin 3-6 s while tilted, pitch and
                      roll back to level at 6 and 6.5 s, wobble 7-10 s;
                      hover after 10 s */
    VM_DYNAMIC,    /* rates from motor commands and torques (closed loop) */
} vm_manoeuvre_t;

typedef struct {
    float dt;              /* step, s (0.001 for a 1 kHz IMU) */
    float inertia[3];      /* principal moments of inertia, kg m^2 */
    float arm;             /* motor distance from the centre, m */
    float thrust_max;      /* thrust of one motor at command 1, N (linear in command) */
    float drag_ratio;      /* rotor reaction torque per newton of thrust, m */
    float motor_tau;       /* motor time constant, s */
    float damping;         /* aerodynamic rate damping, N m per rad/s */
    float gyro_noise;      /* gyro noise standard deviation, rad/s */
    float gyro_bias_max;   /* |bias| bound per axis, rad/s */
    float acc_noise;       /* accelerometer noise standard deviation, m/s^2 */
    float step_roll;       /* VM_STEP / VM_SCRIPT roll step, rad */
    float step_pitch;      /* VM_STEP / VM_SCRIPT pitch step, rad */
    float step_time;       /* duration of a step's rate pulse, s */
    float spin_rate;       /* VM_YAW_SPIN / VM_SCRIPT heading rate, rad/s */
    float wobble_amp;      /* VM_WOBBLE / VM_SCRIPT roll amplitude, rad */
    float wobble_hz;       /* VM_WOBBLE / VM_SCRIPT roll frequency, Hz */
} vm_params_t;

/* One IMU sample, as a driver would deliver it. */
typedef struct {
    float gyro[3];         /* body rates, rad/s (FRD) */
    float acc[3];          /* specific force, m/s^2 (FRD; level and still: {0, 0, -g}) */
    uint32_t seq;          /* sample number, 1 for the first vm_step after vm_init */
} vm_imu_t;

typedef struct {
    vm_params_t p;
    float q[4];            /* true attitude, body to world */
    float w[3];            /* true body rates, rad/s */
    float bias[3];         /* true gyro bias, rad/s */
    float motor[VM_MOTORS];/* motor thrust state, fraction of thrust_max */
    float motor_cmd[VM_MOTORS];
    float tau_ext[3];      /* disturbance torque, N m */
    uint32_t steps;        /* steps since vm_init */
    uint32_t steps_man;    /* steps since the manoeuvre was set */
    float osc[2][2];       /* wobble oscillators {cos, sin} of roll and pitch */
    float osc_rot[2][2];   /* per-step rotation {cos, sin} of each oscillator */
    uint32_t rng;          /* xorshift32 state, never 0 */
    vm_manoeuvre_t man;
    bool hold;             /* attitude clamped (vehicle held by hand) */
} vm_t;

/* Fills p with the default airframe: a 1 kg, 450 mm quad-X
 * (Ixx = Iyy = 0.010, Izz = 0.018 kg m^2; 8 N per motor; 20 ms motors)
 * and a 1 kHz MEMS IMU (gyro noise 0.005 rad/s, bias up to 0.03 rad/s,
 * accelerometer noise 0.1 m/s^2). */
void vm_default_params(vm_params_t *p);

/* Starts the model level, at rest, in VM_HOVER, with the gyro bias drawn
 * from seed (any value, 0 included: it is scrambled into a non-zero
 * generator state). p == NULL means the defaults; p is copied. */
void vm_init(vm_t *vm, uint32_t seed, const vm_params_t *p);

/* Selects the motion from the next step on; the manoeuvre's clock restarts
 * at 0. Switching to VM_DYNAMIC keeps the current attitude and rates. */
void vm_set_manoeuvre(vm_t *vm, vm_manoeuvre_t man);

/* Motor commands for VM_DYNAMIC, each clamped to [0, 1] (NaN reads as 0);
 * order VM_MOTOR_*. Kept until the next call. */
void vm_set_motors(vm_t *vm, const float cmd[VM_MOTORS]);

/* Constant external torque (body frame, N m) added in VM_DYNAMIC. */
void vm_set_disturbance(vm_t *vm, const float tau[3]);

/* Holds the attitude fixed with zero rates (held on the bench) while true;
 * motors keep their lag dynamics. Releasing resumes from rest. */
void vm_set_hold(vm_t *vm, bool hold);

/* Overwrites the true attitude (normalised) and rates; for tests that need
 * a vehicle starting tilted or spinning. */
void vm_set_state(vm_t *vm, const float q[4], const float w[3]);

/* Advances the model by one step and writes the IMU sample taken at the end
 * of it. */
void vm_step(vm_t *vm, vm_imu_t *out);

/* Truth accessors for tests and logging. */
void vm_true_euler(const vm_t *vm, float *roll, float *pitch, float *yaw);

#endif /* VAIOS_FLIGHT_VEHICLE_MODEL_H */
