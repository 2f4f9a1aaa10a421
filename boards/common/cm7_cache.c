/* SPDX-License-Identifier: MIT */
/*
 * Cortex-M7 level-1 cache control and maintenance (cm7_cache.h). The
 * register addresses are the Armv7-M System Control Space's; the set/way
 * walk reads the data cache's geometry from CCSIDR, so the code does not
 * assume the cache's size.
 */
#include "cm7_cache.h"

#define SCB_CCR     (*(volatile uint32_t *)0xE000ED14u)
#define SCB_CCSIDR  (*(volatile uint32_t *)0xE000ED80u)   /* selected cache's geometry */
#define SCB_CSSELR  (*(volatile uint32_t *)0xE000ED84u)   /* 0: level 1 data cache */
#define SCB_ICIALLU (*(volatile uint32_t *)0xE000EF50u)   /* invalidate all instruction lines */
#define SCB_DCIMVAC (*(volatile uint32_t *)0xE000EF5Cu)   /* invalidate data line by address */
#define SCB_DCISW   (*(volatile uint32_t *)0xE000EF60u)   /* invalidate data line by set/way */
#define SCB_DCCMVAC (*(volatile uint32_t *)0xE000EF68u)   /* clean data line by address */

#define CCR_DC (1u << 16)
#define CCR_IC (1u << 17)

#define CCSIDR_LINE(r)  (((r) & 7u) + 4u)           /* log2 of the line in bytes */
#define CCSIDR_WAYS(r)  ((((r) >> 3) & 0x3FFu) + 1u)
#define CCSIDR_SETS(r)  ((((r) >> 13) & 0x7FFFu) + 1u)
#define DCISW_WAY_SHIFT 30u                         /* 4 ways: the way in bits 31:30 */

static inline void barrier(void)
{
    __asm__ volatile("dsb\n\tisb" ::: "memory");
}

void cm7_cache_enable(void)
{
    SCB_ICIALLU = 0;
    SCB_CSSELR = 0;
    __asm__ volatile("dsb" ::: "memory");
    uint32_t id = SCB_CCSIDR;
    uint32_t line = CCSIDR_LINE(id), ways = CCSIDR_WAYS(id), sets = CCSIDR_SETS(id);
    /* The way field's position depends on the number of ways: 32 - log2(ways). */
    uint32_t way_shift = ways > 1u ? (uint32_t)__builtin_clz(ways - 1u) : DCISW_WAY_SHIFT;
    for (uint32_t s = 0; s < sets; s++)
        for (uint32_t w = 0; w < ways; w++)
            SCB_DCISW = (w << way_shift) | (s << line);
    barrier();
    SCB_CCR |= CCR_IC | CCR_DC;
    barrier();
}

/* Every data line that holds a byte of [p, p + len) given to the
 * maintenance-by-address register op (SCB_DCCMVAC or SCB_DCIMVAC), after
 * the writes before it and before what follows. */
static void dcache_by_line(volatile uint32_t *op, uintptr_t p, size_t len)
{
    uintptr_t a = p & ~(uintptr_t)(CM7_CACHE_LINE - 1u);
    uintptr_t end = p + len;
    __asm__ volatile("dsb" ::: "memory");
    for (; a < end; a += CM7_CACHE_LINE)
        *op = (uint32_t)a;
    barrier();
}

void cm7_dcache_clean(const void *p, size_t len)
{
    dcache_by_line(&SCB_DCCMVAC, (uintptr_t)p, len);
}

void cm7_dcache_invalidate(void *p, size_t len)
{
    dcache_by_line(&SCB_DCIMVAC, (uintptr_t)p, len);
}
