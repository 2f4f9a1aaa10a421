/* SPDX-License-Identifier: MIT */
/*
 * Synthetic quadcopter rotational dynamics and IMU (see vehicle_model.h).
 *
 * Invariants kept by every step:
 *  - q is unit norm (renormalised after each integration);
 *  - the rate used to integrate a step is the rate reported in that step's
 *    gyro sample (minus bias and noise), so a filter that integrates the
 *    samples sees no systematic lag against the truth;
 *  - the random generator state is never 0 (xorshift32 would stick there);
 *  - the wobble oscillators stay on the unit circle to first order.
 *
 * Integration: the attitude step is the exact rotation for a rate constant
 * over the step, with sin and cos of the half angle replaced by their
 * Taylor series (error below 1e-10 for |w| dt < 0.05 rad). In VM_DYNAMIC the
 * rate is advanced first (explicit Euler on Euler's equation) and the new
 * rate integrates the attitude.
 */
#include "vehicle_model.h"

#include <math.h>
#include <string.h>

#include "quat.h"

/* VM_SCRIPT timeline, seconds since the manoeuvre started. */
#define SCRIPT_ROLL_UP     1.0f
#define SCRIPT_PITCH_UP    2.0f
#define SCRIPT_SPIN_START  3.0f
#define SCRIPT_SPIN_END    6.0f
#define SCRIPT_PITCH_BACK  6.0f
#define SCRIPT_ROLL_BACK   6.5f
#define SCRIPT_WOBBLE      7.0f
#define SCRIPT_END        10.0f

/* VM_STEP timeline. */
#define STEP_ROLL_AT  0.5f
#define STEP_PITCH_AT 1.5f

/* Pitch wobble relative to roll wobble: a different, incommensurate
 * frequency so the two axes do not move in lock step. */
#define WOBBLE_PITCH_AMP  0.8f
#define WOBBLE_PITCH_FREQ 0.65f

#define SQRT3 1.7320508f

/* ---- random numbers ------------------------------------------------- */

static uint32_t xorshift32(uint32_t *s)
{
    uint32_t x = *s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *s = x;
    return x;
}

/* Spreads a seed over all 32 bits (the avalanche finaliser of MurmurHash3),
 * so that small or similar seeds do not start xorshift32 in its slow
 * warm-up from a state with few bits set. Never returns 0. */
static uint32_t seed_mix(uint32_t h)
{
    h ^= h >> 16;
    h *= 0x85EBCA6Bu;
    h ^= h >> 13;
    h *= 0xC2B2AE35u;
    h ^= h >> 16;
    return h ? h : 0x9E3779B9u;
}

/* Uniform in [0, 1), 24 bits. */
static float uniform01(uint32_t *s)
{
    return (float)(xorshift32(s) >> 8) * (1.0f / 16777216.0f);
}

/* Zero mean, unit variance: sum of four uniforms (variance 4/12), centred
 * and scaled by sqrt(3). Summed as integers so only one conversion. */
static float gaussish(uint32_t *s)
{
    int32_t sum = (int32_t)(xorshift32(s) >> 8) + (int32_t)(xorshift32(s) >> 8)
                + (int32_t)(xorshift32(s) >> 8) + (int32_t)(xorshift32(s) >> 8);
    return (float)(sum - 2 * 16777216) * (SQRT3 / 16777216.0f);
}

/* ---- motion profiles ------------------------------------------------ */

/* Rate of a smooth step of amplitude a lasting T, started at t0: the
 * derivative of the quintic smoothstep 6s^5 - 15s^4 + 10s^3, so rate and
 * acceleration are both continuous and the integral is exactly a. */
static float step_pulse(float t, float t0, float T, float a)
{
    float s = (t - t0) / T;
    if (s < 0.0f || s >= 1.0f)
        return 0.0f;
    float u = s * (1.0f - s);
    return a * 30.0f * u * u / T;
}

static void osc_reset(vm_t *vm)
{
    for (int i = 0; i < 2; i++) {
        vm->osc[i][0] = 1.0f;
        vm->osc[i][1] = 0.0f;
    }
}

/* Rotates both oscillators by one step and pulls them back onto the unit
 * circle (first-order correction of the norm, enough since the rounding
 * error per step is ~1e-7). */
static void osc_advance(vm_t *vm)
{
    for (int i = 0; i < 2; i++) {
        float c = vm->osc[i][0], s = vm->osc[i][1];
        float rc = vm->osc_rot[i][0], rs = vm->osc_rot[i][1];
        float nc = c * rc - s * rs;
        float ns = s * rc + c * rs;
        float k = 1.5f - 0.5f * (nc * nc + ns * ns);
        vm->osc[i][0] = nc * k;
        vm->osc[i][1] = ns * k;
    }
}

/* Wobble rates: angle = A sin(2 pi f t)  =>  rate = A 2 pi f cos(2 pi f t). */
static void wobble_rates(const vm_t *vm, float w[3])
{
    const vm_params_t *p = &vm->p;
    float wr = 2.0f * FL_PI * p->wobble_hz;
    w[0] += p->wobble_amp * wr * vm->osc[0][0];
    w[1] += WOBBLE_PITCH_AMP * p->wobble_amp * WOBBLE_PITCH_FREQ * wr * vm->osc[1][0];
}

/* Spin about the world vertical at rate r (positive: nose right): the body
 * rate is r times the down direction in body axes, so heading changes while
 * roll and pitch stay constant, whatever the tilt. */
static void heading_spin(const vm_t *vm, float r, float w[3])
{
    float d[3];
    quat_down_body(vm->q, d);
    w[0] += r * d[0];
    w[1] += r * d[1];
    w[2] += r * d[2];
}

/* Kinematic rates of the current manoeuvre at manoeuvre time t. */
static void profile_rates(vm_t *vm, float t, float w[3])
{
    const vm_params_t *p = &vm->p;
    w[0] = w[1] = w[2] = 0.0f;
    switch (vm->man) {
    case VM_HOVER:
    case VM_DYNAMIC:
        break;
    case VM_STEP:
        w[0] = step_pulse(t, STEP_ROLL_AT, p->step_time, p->step_roll);
        w[1] = step_pulse(t, STEP_PITCH_AT, p->step_time, p->step_pitch);
        break;
    case VM_YAW_SPIN:
        heading_spin(vm, p->spin_rate, w);
        break;
    case VM_WOBBLE:
        wobble_rates(vm, w);
        break;
    case VM_SCRIPT:
        w[0] = step_pulse(t, SCRIPT_ROLL_UP, p->step_time, p->step_roll)
             + step_pulse(t, SCRIPT_ROLL_BACK, p->step_time, -p->step_roll);
        w[1] = step_pulse(t, SCRIPT_PITCH_UP, p->step_time, p->step_pitch)
             + step_pulse(t, SCRIPT_PITCH_BACK, p->step_time, -p->step_pitch);
        if (t >= SCRIPT_SPIN_START && t < SCRIPT_SPIN_END)
            heading_spin(vm, p->spin_rate, w);
        if (t >= SCRIPT_WOBBLE && t < SCRIPT_END)
            wobble_rates(vm, w);
        break;
    }
}

/* ---- rigid body ----------------------------------------------------- */

/* Body torque of the current motor thrusts, quad-X geometry. */
static void motor_torque(const vm_t *vm, float tau[3])
{
    const vm_params_t *p = &vm->p;
    float f[VM_MOTORS];
    for (int i = 0; i < VM_MOTORS; i++)
        f[i] = p->thrust_max * vm->motor[i];
    float a = p->arm * 0.70710678f;  /* arm projected on body x and y */
    /* Thrust acts along -z at (x_i, y_i): torque = (-y_i F, x_i F, 0). */
    tau[0] = a * (-f[VM_MOTOR_FR] - f[VM_MOTOR_RR] + f[VM_MOTOR_RL] + f[VM_MOTOR_FL]);
    tau[1] = a * (f[VM_MOTOR_FR] - f[VM_MOTOR_RR] - f[VM_MOTOR_RL] + f[VM_MOTOR_FL]);
    /* Counter-clockwise rotors (FR, RL) push the body clockwise = +yaw. */
    tau[2] = p->drag_ratio * (f[VM_MOTOR_FR] - f[VM_MOTOR_RR] + f[VM_MOTOR_RL] - f[VM_MOTOR_FL]);
}

static void dynamics_step(vm_t *vm)
{
    const vm_params_t *p = &vm->p;
    const float *I = p->inertia;
    float *w = vm->w;
    float tau[3];
    motor_torque(vm, tau);
    float h[3] = { I[0] * w[0], I[1] * w[1], I[2] * w[2] };
    float gyro_torque[3] = {  /* w x (I w) */
        w[1] * h[2] - w[2] * h[1],
        w[2] * h[0] - w[0] * h[2],
        w[0] * h[1] - w[1] * h[0],
    };
    for (int i = 0; i < 3; i++) {
        float acc = (tau[i] + vm->tau_ext[i] - gyro_torque[i] - p->damping * w[i]) / I[i];
        w[i] += acc * p->dt;
    }
}

static void motors_step(vm_t *vm)
{
    float k = vm->p.dt / vm->p.motor_tau;
    if (k > 1.0f)
        k = 1.0f;
    for (int i = 0; i < VM_MOTORS; i++)
        vm->motor[i] += (vm->motor_cmd[i] - vm->motor[i]) * k;
}

/* q <- q (x) exp(w dt / 2), then renormalised. */
static void attitude_step(vm_t *vm)
{
    float h = 0.5f * vm->p.dt;
    float v[3] = { vm->w[0] * h, vm->w[1] * h, vm->w[2] * h };
    float n2 = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
    float c = 1.0f - n2 * (0.5f - n2 * (1.0f / 24.0f));         /* cos |v| */
    float k = 1.0f - n2 * ((1.0f / 6.0f) - n2 * (1.0f / 120.0f)); /* sin |v| / |v| */
    float dq[4] = { c, k * v[0], k * v[1], k * v[2] };
    float r[4];
    quat_mul(vm->q, dq, r);
    memcpy(vm->q, r, sizeof r);
    quat_normalize(vm->q);
}

/* ---- public API ----------------------------------------------------- */

void vm_default_params(vm_params_t *p)
{
    p->dt = 0.001f;
    p->inertia[0] = 0.010f;
    p->inertia[1] = 0.010f;
    p->inertia[2] = 0.018f;
    p->arm = 0.225f;
    p->thrust_max = 8.0f;
    p->drag_ratio = 0.016f;
    p->motor_tau = 0.020f;
    p->damping = 0.002f;
    p->gyro_noise = 0.005f;
    p->gyro_bias_max = 0.03f;
    p->acc_noise = 0.1f;
    p->step_roll = 20.0f * FL_DEG2RAD;
    p->step_pitch = -15.0f * FL_DEG2RAD;
    p->step_time = 0.2f;
    p->spin_rate = 30.0f * FL_DEG2RAD;
    p->wobble_amp = 10.0f * FL_DEG2RAD;
    p->wobble_hz = 2.0f;
}

void vm_init(vm_t *vm, uint32_t seed, const vm_params_t *p)
{
    memset(vm, 0, sizeof *vm);
    if (p)
        vm->p = *p;
    else
        vm_default_params(&vm->p);
    vm->rng = seed_mix(seed);
    vm->q[0] = 1.0f;
    for (int i = 0; i < 3; i++)
        vm->bias[i] = (2.0f * uniform01(&vm->rng) - 1.0f) * vm->p.gyro_bias_max;
    /* The only libm calls of the model: the oscillators' step rotations. */
    float d = 2.0f * FL_PI * vm->p.wobble_hz * vm->p.dt;
    vm->osc_rot[0][0] = cosf(d);
    vm->osc_rot[0][1] = sinf(d);
    vm->osc_rot[1][0] = cosf(WOBBLE_PITCH_FREQ * d);
    vm->osc_rot[1][1] = sinf(WOBBLE_PITCH_FREQ * d);
    osc_reset(vm);
    vm->man = VM_HOVER;
}

void vm_set_manoeuvre(vm_t *vm, vm_manoeuvre_t man)
{
    vm->man = man;
    vm->steps_man = 0;
    osc_reset(vm);
}

void vm_set_motors(vm_t *vm, const float cmd[VM_MOTORS])
{
    for (int i = 0; i < VM_MOTORS; i++) {
        float c = cmd[i];
        vm->motor_cmd[i] = c > 0.0f ? (c < 1.0f ? c : 1.0f) : 0.0f; /* NaN -> 0 */
    }
}

void vm_set_disturbance(vm_t *vm, const float tau[3])
{
    memcpy(vm->tau_ext, tau, sizeof vm->tau_ext);
}

void vm_set_hold(vm_t *vm, bool hold)
{
    vm->hold = hold;
    if (hold)
        vm->w[0] = vm->w[1] = vm->w[2] = 0.0f;
}

void vm_set_state(vm_t *vm, const float q[4], const float w[3])
{
    memcpy(vm->q, q, sizeof vm->q);
    quat_normalize(vm->q);
    memcpy(vm->w, w, sizeof vm->w);
}

void vm_step(vm_t *vm, vm_imu_t *out)
{
    const vm_params_t *p = &vm->p;
    motors_step(vm);
    if (vm->hold) {
        vm->w[0] = vm->w[1] = vm->w[2] = 0.0f;
    } else {
        if (vm->man == VM_DYNAMIC) {
            dynamics_step(vm);
        } else {
            /* Time counted in steps, so segment edges do not drift with
             * float accumulation over long runs. */
            float t = (float)vm->steps_man * p->dt;
            /* The wobble segment of the script starts at phase 0, so its
             * angles oscillate about the attitude it starts from. */
            if (vm->man == VM_SCRIPT && t < SCRIPT_WOBBLE && t + p->dt >= SCRIPT_WOBBLE)
                osc_reset(vm);
            profile_rates(vm, t, vm->w);
            osc_advance(vm);
        }
        attitude_step(vm);
    }
    vm->steps++;
    vm->steps_man++;

    float down[3];
    quat_down_body(vm->q, down);
    for (int i = 0; i < 3; i++) {
        out->gyro[i] = vm->w[i] + vm->bias[i] + p->gyro_noise * gaussish(&vm->rng);
        out->acc[i] = -FL_G * down[i] + p->acc_noise * gaussish(&vm->rng);
    }
    out->seq = vm->steps;
}

void vm_true_euler(const vm_t *vm, float *roll, float *pitch, float *yaw)
{
    quat_to_euler(vm->q, roll, pitch, yaw);
}
