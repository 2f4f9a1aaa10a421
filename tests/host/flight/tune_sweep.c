/* SPDX-License-Identifier: MIT */
/*
 * Tuning aid, not a test: the closed-loop roll step (rig.h, the same
 * scenario as ctl_step_roll_pitch) over a grid of roll/pitch gains, and the
 * held-vehicle windup scenario at two angle gains. docs/flight.md quotes
 * its output; rerun it after changing the model or the controller:
 *   build/host-flight/flight_tune_sweep [seed]     (default seed 21)
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "pid.h"
#include "quat.h"
#include "rig.h"

enum { SETTLE_N = 3000, STEP_N = 2000 };

static rig_t rig;
static float y[STEP_N];
static uint32_t seed = 21;

static step_fig_t roll_step(const ctl_config_t *cfg, int hold_ms)
{
    rig_init(&rig, seed, cfg);
    rig_run(&rig, SETTLE_N);
    float target = 20.0f * FL_DEG2RAD, r, p, yw;
    ctl_set_attitude(&rig.ctl, target, 0.0f, 0.0f);
    if (hold_ms > 0) {
        vm_set_hold(&rig.vm, true);
        rig_run(&rig, hold_ms);
        vm_set_hold(&rig.vm, false);
    }
    for (int i = 0; i < STEP_N; i++) {
        rig_step(&rig);
        vm_true_euler(&rig.vm, &r, &p, &yw);
        y[i] = r;
    }
    return step_figures(y, STEP_N, rig.dt, 0.0f, target, 0.02f);
}

int main(int argc, char **argv)
{
    if (argc > 1)
        seed = (uint32_t)strtoul(argv[1], NULL, 0);
    static const float akp[] = { 6.0f, 8.0f, 10.0f };
    static const float kp[] = { 0.06f, 0.08f, 0.10f };
    static const float ki[] = { 0.1f, 0.3f, 0.6f };
    static const float kd[] = { 0.001f, 0.002f };
    printf("roll +20 deg step, seed %lu, default airframe\n", (unsigned long)seed);
    printf("angle_kp   kp     ki     kd      rise_s  overshoot_%%  settle_s\n");
    for (unsigned a = 0; a < sizeof akp / sizeof akp[0]; a++)
        for (unsigned b = 0; b < sizeof kp / sizeof kp[0]; b++)
            for (unsigned c = 0; c < sizeof ki / sizeof ki[0]; c++)
                for (unsigned d = 0; d < sizeof kd / sizeof kd[0]; d++) {
                    ctl_config_t cfg;
                    ctl_default_config(&cfg);
                    for (int ax = CTL_ROLL; ax <= CTL_PITCH; ax++) {
                        cfg.angle_kp[ax] = akp[a];
                        cfg.rate[ax].kp = kp[b];
                        cfg.rate[ax].ki = ki[c];
                        cfg.rate[ax].kd = kd[d];
                    }
                    step_fig_t f = roll_step(&cfg, 0);
                    printf("%5.1f    %5.2f  %5.2f  %6.4f   %6.3f  %8.1f     %6.3f\n", (double)akp[a],
                           (double)kp[b], (double)ki[c], (double)kd[d], (double)f.rise,
                           100.0 * (double)f.overshoot, (double)f.settle);
                }
    printf("\nheld 2 s at a 20 deg roll setpoint, then released (conditional integration)\n");
    for (int half = 0; half < 2; half++) {
        ctl_config_t cfg;
        ctl_default_config(&cfg);
        if (half)
            cfg.angle_kp[CTL_ROLL] *= 0.5f;
        step_fig_t f = roll_step(&cfg, 2000);
        printf("angle_kp %4.1f: overshoot %.1f %%, settle %.3f s\n", (double)cfg.angle_kp[CTL_ROLL],
               100.0 * (double)f.overshoot, (double)f.settle);
    }
    return 0;
}
