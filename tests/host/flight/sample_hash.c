/* SPDX-License-Identifier: MIT */
/* Fingerprints of the flight code's output (see sample_hash.h). */
#include "sample_hash.h"

#include <string.h>

#include "quat.h"
#include "rig.h"
#include "vehicle_model.h"

static uint32_t fnv1a(uint32_t h, const float *v, int n)
{
    for (int k = 0; k < n; k++) {
        uint32_t w;
        memcpy(&w, &v[k], sizeof w);
        h ^= w;
        h *= 16777619u;
    }
    return h;
}

uint32_t flight_sample_hash(uint32_t seed, int n)
{
    static vm_t vm; /* static: the cost image has a small stack */
    vm_imu_t s;
    uint32_t h = 2166136261u;
    vm_init(&vm, seed, NULL);
    vm_set_manoeuvre(&vm, VM_SCRIPT);
    for (int i = 0; i < n; i++) {
        vm_step(&vm, &s);
        h = fnv1a(h, s.gyro, 3);
        h = fnv1a(h, s.acc, 3);
    }
    return h;
}

uint32_t flight_loop_hash(uint32_t seed, int n)
{
    static rig_t rig;
    uint32_t h = 2166136261u;
    rig_init(&rig, seed, NULL);
    for (int i = 0; i < n; i++) {
        if (i == n / 3)
            ctl_set_attitude(&rig.ctl, 20.0f * FL_DEG2RAD, 0.0f, 0.0f);
        rig_step(&rig);
        h = fnv1a(h, rig.motor, MIX_MOTORS);
    }
    return h;
}

#ifdef SAMPLE_HASH_MAIN
#include <stdio.h>
#include <stdlib.h>

/* Host helper of m4_cost.sh: prints both fingerprints of seed argv[1],
 * in the format the cost image prints them. */
int main(int argc, char **argv)
{
    uint32_t seed = argc > 1 ? (uint32_t)strtoul(argv[1], NULL, 0) : 0xC0FFEEu;
    printf("samples-hash %08lx\n", (unsigned long)flight_sample_hash(seed, 10000));
    printf("loop-hash %08lx\n", (unsigned long)flight_loop_hash(seed, 3000));
    return 0;
}
#endif
