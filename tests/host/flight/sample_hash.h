/* SPDX-License-Identifier: MIT */
/*
 * Fingerprints of the flight code's output: FNV-1a over the bit patterns
 * of the floats it produces. Computed by the host tests and by the Cortex-M4F cost image,
 * so a target build can be checked bit for bit against the host
 * (both need -ffp-contract=off, see apps/flight/sources.cmake).
 */
#ifndef VAIOS_TEST_FLIGHT_SAMPLE_HASH_H
#define VAIOS_TEST_FLIGHT_SAMPLE_HASH_H

#include <stdint.h>

uint32_t flight_sample_hash(uint32_t seed, int n);

/* Fingerprint of the closed loop (rig.h): the four motor commands of n
 * samples, with a 20 deg roll setpoint from sample n/3 on. Covers the
 * filter, the controller and the mixer as well as the model. */
uint32_t flight_loop_hash(uint32_t seed, int n);

#endif /* VAIOS_TEST_FLIGHT_SAMPLE_HASH_H */
