/* SPDX-License-Identifier: MIT */
/*
 * The PMSAv8 region encoder of the Armv8-M port (arch/cortex-m/pmsav8.h),
 * on the host: the register words it produces for exact ranges, what it
 * refuses (base or size not whole 32-byte granules, size 0, a range that
 * wraps), and the overlap test that refuses a domain whose regions PMSAv8
 * would fault on. The field layout checked here is the Armv8-M
 * architecture's MPU_RBAR / MPU_RLAR: BASE[31:5], SH[4:3], AP[2:1],
 * XN[0]; LIMIT[31:5], AttrIndx[3:1], EN[0].
 */
#include "htest.h"
#include "pmsav8.h"

static uint32_t r[2], s[2];

static void exact_ranges_of_whole_granules(void)
{
    HT_ASSERT(pmsav8_encode(0x38000020u, 96, PMSAV8_RBAR_AP_RO | PMSAV8_RBAR_XN, 0, r));
    HT_EQ(r[0], 0x38000020u | (3u << 1) | 1u);
    HT_EQ(r[1], 0x38000060u | 1u);                 /* last granule 0x38000060, index 0, EN */
    HT_EQ(pmsav8_first(r), 0x38000020u);
    HT_EQ(pmsav8_last(r), 0x3800007Fu);
    /* No power of two, no alignment beyond 32: 1 KB + 32 at an odd granule. */
    HT_ASSERT(pmsav8_encode(0x10000fe0u, 1056, PMSAV8_RBAR_AP_RW, PMSAV8_ATTR_DEVICE, r));
    HT_EQ(r[0], 0x10000fe0u | (1u << 1));
    HT_EQ(r[1], 0x100013e0u | (1u << 1) | 1u);
    HT_EQ(pmsav8_last(r) + 1u - pmsav8_first(r), 1056);
    /* One granule; the whole top granule; 4 GB minus one granule. */
    HT_ASSERT(pmsav8_encode(0x20000000u, 32, PMSAV8_RBAR_AP_PRO, 0, r));
    HT_EQ(r[1] & PMSAV8_RLAR_LIMIT, 0x20000000u);
    HT_ASSERT(pmsav8_encode(0xFFFFFFE0u, 32, 0, 0, r));
    HT_EQ(pmsav8_last(r), 0xFFFFFFFFu);
    HT_ASSERT(pmsav8_encode(0, 0xFFFFFFE0u, 0, 0, r));
    HT_EQ(pmsav8_last(r), 0xFFFFFFDFu);
}

static void permission_bits_stay_in_their_field(void)
{
    /* Bits of the base passed as permissions never reach the base. */
    HT_ASSERT(pmsav8_encode(0x20000000u, 64, 0xFFFFFFFFu, 9, r));
    HT_EQ(r[0], 0x2000001Fu);
    HT_EQ(r[1], 0x20000020u | (1u << 1) | 1u);    /* index 9 & 7 = 1 */
    HT_EQ(PMSAV8_MAIR0 & 0xFFu, 0xFFu);            /* index 0: normal write-back RWA */
    HT_EQ((PMSAV8_MAIR0 >> 8) & 0xFFu, 0x04u);     /* index 1: Device-nGnRE */
}

static void what_pmsav8_cannot_express_is_refused(void)
{
    r[0] = r[1] = 0x12345678u;
    HT_ASSERT(!pmsav8_encode(0x20000010u, 32, 0, 0, r));     /* base not a granule */
    HT_ASSERT(!pmsav8_encode(0x20000000u, 48, 0, 0, r));     /* size not whole granules */
    HT_ASSERT(!pmsav8_encode(0x20000000u, 16, 0, 0, r));     /* below one granule */
    HT_ASSERT(!pmsav8_encode(0x20000000u, 0, 0, 0, r));      /* empty */
    HT_ASSERT(!pmsav8_encode(0xFFFFFFE0u, 64, 0, 0, r));     /* wraps past the top */
    HT_ASSERT(pmsav8_encode(0x00000020u, 0xFFFFFFE0u, 0, 0, s));  /* ends at the top */
    HT_ASSERT(!pmsav8_encode(0x00000040u, 0xFFFFFFE0u, 0, 0, r)); /* one granule past it */
    HT_EQ(r[0], 0x12345678u);                                 /* untouched */
    HT_EQ(r[1], 0x12345678u);
}

static void overlap_is_any_shared_byte_of_two_enabled_regions(void)
{
    HT_ASSERT(pmsav8_encode(0x20000000u, 256, 0, 0, r));
    HT_ASSERT(pmsav8_encode(0x20000100u, 256, 0, 0, s));     /* side by side */
    HT_ASSERT(!pmsav8_overlap(r, s) && !pmsav8_overlap(s, r));
    HT_ASSERT(pmsav8_encode(0x200000e0u, 32, 0, 0, s));      /* r's last granule */
    HT_ASSERT(pmsav8_overlap(r, s) && pmsav8_overlap(s, r));
    HT_ASSERT(pmsav8_encode(0x1fffffe0u, 64, 0, 0, s));      /* across r's first */
    HT_ASSERT(pmsav8_overlap(r, s) && pmsav8_overlap(s, r));
    HT_ASSERT(pmsav8_encode(0x10000000u, 0x20000000u, 0, 0, s));   /* r inside s */
    HT_ASSERT(pmsav8_overlap(r, s) && pmsav8_overlap(s, r));
    s[1] &= ~PMSAV8_RLAR_EN;                                  /* disabled: no overlap */
    HT_ASSERT(!pmsav8_overlap(r, s) && !pmsav8_overlap(s, r));
    HT_ASSERT(pmsav8_overlap(r, r));
}

int main(void)
{
    HT_RUN(exact_ranges_of_whole_granules);
    HT_RUN(permission_bits_stay_in_their_field);
    HT_RUN(what_pmsav8_cannot_express_is_refused);
    HT_RUN(overlap_is_any_shared_byte_of_two_enabled_regions);
    return ht_finish();
}
