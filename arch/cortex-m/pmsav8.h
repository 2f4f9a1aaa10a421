/* SPDX-License-Identifier: MIT */
/*
 * Armv8-M memory protection unit (PMSAv8): the encoding of a region into
 * its two register words, and the test of two encoded regions for
 * overlap. Pure functions of their arguments, no register access: the
 * port (mpu.c, port_impl.h) uses them on the target, and
 * tests/host/test_pmsav8.c checks them on the host.
 *
 * A PMSAv8 region is [base, limit] in 32-byte granules: RBAR holds the
 * base (bits 31..5), shareability, access permission and execute-never;
 * RLAR the limit (bits 31..5: the address of the region's last granule),
 * the index of its memory attributes in MAIR0/1 and the enable bit. Any
 * 32-byte-aligned range of a multiple of 32 bytes is one region: no
 * power-of-two size or alignment, no subregions. The region's number is
 * not in RBAR (there is no VALID/REGION field as on PMSAv7): it is the
 * RNR register's, or RNR + 1..3 through the alias pairs.
 *
 * An address that two enabled regions cover faults, for every access,
 * privileged or not (PMSAv7 lets the higher-numbered region win); so the
 * regions the port loads together never overlap (mpu.c, the region map),
 * and pmsav8_overlap tells a domain whose regions would.
 */
#ifndef VAIOS_PMSAV8_H
#define VAIOS_PMSAV8_H

#include <stdbool.h>
#include <stdint.h>

#define PMSAV8_GRANULE        32u

#define PMSAV8_RBAR_XN        (1u << 0)   /* execute never */
#define PMSAV8_RBAR_AP_PRIV   (0u << 1)   /* privileged read/write, unprivileged none */
#define PMSAV8_RBAR_AP_RW     (1u << 1)   /* read/write at any privilege */
#define PMSAV8_RBAR_AP_PRO    (2u << 1)   /* privileged read-only, unprivileged none */
#define PMSAV8_RBAR_AP_RO     (3u << 1)   /* read-only at any privilege */
#define PMSAV8_RBAR_SH_NONE   (0u << 3)   /* not shareable (cached on the Cortex-M7/M55) */
#define PMSAV8_RBAR_BASE      0xFFFFFFE0u
#define PMSAV8_RLAR_EN        (1u << 0)
#define PMSAV8_RLAR_ATTR(i)   ((uint32_t)(i) << 1)   /* MAIR attribute index 0..7 */
#define PMSAV8_RLAR_LIMIT     0xFFFFFFE0u

/* The two memory attributes the port uses, their MAIR indexes and the
 * MAIR0 value that defines them (MAIR1 is unused):
 *   0, SRAM: Normal, inner and outer write-back, non-transient, read and
 *      write allocate (0xFF): what the default memory map gives SRAM, as
 *      the PMSAv7 port's TEX=1 C B;
 *   1, DEVICE: Device-nGnRE (0x04): the PMSAv7 port's shared device. */
#define PMSAV8_ATTR_SRAM      0u
#define PMSAV8_ATTR_DEVICE    1u
#define PMSAV8_MAIR0          (0xFFu | (0x04u << 8))

/* Encode [base, base + size) into out[0] (RBAR) and out[1] (RLAR) with
 * the RBAR permission bits rbar_bits (PMSAV8_RBAR_AP_*, _XN, _SH_*) and
 * MAIR index attr. False, and out untouched, when PMSAv8 cannot express
 * it: base or size not a multiple of 32, size 0, or a range that wraps
 * past the top of the address space. */
static inline bool pmsav8_encode(uint32_t base, uint32_t size, uint32_t rbar_bits,
                                 uint32_t attr, uint32_t out[2])
{
    if (size == 0 || (base % PMSAV8_GRANULE) != 0 || (size % PMSAV8_GRANULE) != 0 ||
        base + (size - 1u) < base)
        return false;
    out[0] = base | (rbar_bits & ~PMSAV8_RBAR_BASE);
    out[1] = ((base + (size - 1u)) & PMSAV8_RLAR_LIMIT) | PMSAV8_RLAR_ATTR(attr & 7u) |
             PMSAV8_RLAR_EN;
    return true;
}

/* The first and last byte of an encoded region. */
static inline uint32_t pmsav8_first(const uint32_t r[2])
{
    return r[0] & PMSAV8_RBAR_BASE;
}

static inline uint32_t pmsav8_last(const uint32_t r[2])
{
    return (r[1] & PMSAV8_RLAR_LIMIT) | (PMSAV8_GRANULE - 1u);
}

/* True when a and b are both enabled and share at least one byte: an
 * access there would fault even where both regions allow it. */
static inline bool pmsav8_overlap(const uint32_t a[2], const uint32_t b[2])
{
    return (a[1] & PMSAV8_RLAR_EN) != 0 && (b[1] & PMSAV8_RLAR_EN) != 0 &&
           pmsav8_first(a) <= pmsav8_last(b) && pmsav8_first(b) <= pmsav8_last(a);
}

#endif /* VAIOS_PMSAV8_H */
