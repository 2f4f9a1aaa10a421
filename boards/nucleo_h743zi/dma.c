/* SPDX-License-Identifier: MIT */
/*
 * The DMA class's MPU region (board_dma.h). PMSAv7 registers as in
 * arch/cortex-m/mpu.c; the attributes are the Armv7-M "Normal,
 * non-cacheable" encoding (TEX 001, C 0, B 0), shareable.
 */
#include <stdint.h>
#include "board.h"
#include "board_dma.h"
#include "vaios/config.h"

#define MPU_TYPE  0xE000ED90u
#define MPU_CTRL  0xE000ED94u
#define MPU_RNR   0xE000ED98u
#define MPU_RBAR  0xE000ED9Cu
#define MPU_RASR  0xE000EDA0u

#define MPU_TYPE_DREGION(t)  (((t) >> 8) & 0xFFu)
#define MPU_CTRL_ENABLE      (1u << 0)
#define MPU_CTRL_PRIVDEFENA  (1u << 2)
#define RASR_ENABLE          (1u << 0)
#define RASR_SIZE(log2)      ((uint32_t)((log2) - 1u) << 1)
#define RASR_S               (1u << 18)
#define RASR_TEX1            (1u << 19)     /* with C = B = 0: Normal, not cacheable */
#define RASR_AP_PRIV_RW      (1u << 24)     /* privileged read/write, unprivileged none */
#define RASR_XN              (1u << 28)

_Static_assert((BOARD_DMA_SIZE & (BOARD_DMA_SIZE - 1u)) == 0 && BOARD_DMA_SIZE >= 32u,
               "the DMA class is one MPU region: a power of two of at least 32 bytes");
_Static_assert((BOARD_DMA_BASE & (BOARD_DMA_SIZE - 1u)) == 0, "an MPU region is aligned to its size");

#define EXIT_NO_DMA_REGION 7   /* the board's own stops: 6 is the clock's */

void board_dma_region_init(void)
{
    if (MPU_TYPE_DREGION(REG32(MPU_TYPE)) <= BOARD_DMA_MPU_REGION) {
        board_printf("\n!! dma: this MPU has no region %u for the DMA class\n",
                     (unsigned)BOARD_DMA_MPU_REGION);
        board_exit(EXIT_NO_DMA_REGION);
    }
    __asm__ volatile("dsb" ::: "memory");
    REG32(MPU_RNR) = BOARD_DMA_MPU_REGION;
    REG32(MPU_RBAR) = BOARD_DMA_BASE;
    REG32(MPU_RASR) = RASR_ENABLE | RASR_SIZE(__builtin_ctz(BOARD_DMA_SIZE)) | RASR_S |
                      RASR_TEX1 | RASR_AP_PRIV_RW | RASR_XN;
#if !VOS_CFG_MPU
    REG32(MPU_CTRL) = MPU_CTRL_ENABLE | MPU_CTRL_PRIVDEFENA;
#endif
    __asm__ volatile("dsb\n\tisb" ::: "memory");
}
