/* SPDX-License-Identifier: MIT */
/*
 * The DMA memory class of the Nucleo-H743ZI: buffers that a driver hands
 * to DMA1, DMA2 or the MDMA with no cache maintenance at all.
 *
 *   static uint8_t rx[64] BOARD_DMA;         in SRAM1 (D2 domain), uncached
 *
 * The section .dma (linker.ld) is SRAM1 at 0x30000000, BOARD_DMA_SIZE bytes,
 * not loaded and not cleared at reset (a buffer's first contents are the
 * driver's to write). At reset the board maps it with an MPU region of its
 * own (region BOARD_DMA_MPU_REGION, above the kernel's eight, so it takes
 * precedence): Normal memory, not cacheable, shareable, never executable,
 * read and write for privileged code only. So:
 *   - the CPU's accesses go straight to SRAM1: what the CPU wrote is what
 *     the DMA reads, and what the DMA wrote is what the CPU reads next;
 *   - a driver that owns DMA buffers runs privileged (a task of the kernel
 *     domain, or an interrupt handler); an unprivileged protection domain
 *     cannot reach them even if granted (the board's region wins), and
 *     exchanges data with the driver through the kernel (a queue, a
 *     channel). That keeps a domain from reading another's DMA buffers.
 * A buffer in cacheable memory (the AXI SRAM) needs the maintenance rules
 * of cm7_cache.h instead. The DTCM, where this board keeps data, bss and
 * the stacks, cannot be reached by DMA1/DMA2 at all.
 */
#ifndef BOARD_DMA_H
#define BOARD_DMA_H

#define BOARD_DMA __attribute__((section(".dma"), aligned(32)))

#define BOARD_DMA_BASE       0x30000000u   /* SRAM1 */
#define BOARD_DMA_SIZE       (32u * 1024u) /* a power of two: one MPU region */
#define BOARD_DMA_MPU_REGION 8u

/* Program the MPU region (startup.c, board_reset_late). With VOS_CFG_MPU
 * the kernel enables the MPU at vos_start and leaves this region alone;
 * without it, this enables the MPU with the default map for everything
 * else (PRIVDEFENA). */
void board_dma_region_init(void);

#endif /* BOARD_DMA_H */
