/* SPDX-License-Identifier: MIT */
/*
 * The Cortex-M7's level-1 caches (Armv7-M architecture, "Cache maintenance
 * operations"; the M7's 32-byte lines): enabling them at start-up, and the
 * maintenance a driver does on a buffer it hands to a DMA controller when
 * that buffer is in cacheable memory.
 *
 * The rules for DMA buffers (docs/porting.md, "Caches and DMA"):
 *   - best, put the buffer in the board's DMA class (board_dma.h): memory
 *     the board maps uncached, where no maintenance is ever needed;
 *   - a buffer in cacheable memory must start and end on a cache line
 *     (CM7_CACHE_LINE-aligned, a multiple of it long: CM7_CACHE_ALIGNED),
 *     or its line neighbours are corrupted by the invalidate below;
 *   - before a DMA reads memory (transmit): cm7_dcache_clean(buf, len)
 *     after the CPU's last write, so the DMA sees it;
 *   - before a DMA writes memory (receive): cm7_dcache_invalidate(buf, len)
 *     before the transfer starts, and again after it ends, before the CPU
 *     reads (a speculative read may have refilled a line meanwhile);
 *   - the CPU does not touch the buffer while the transfer runs.
 * The DTCM is never cached and cannot be reached by the STM32H7's DMA1/2.
 *
 * Context: any (the operations are single register writes per line; a
 * long buffer is a long loop, so a driver cleans what it transfers, not
 * more). QEMU models no caches: on the emulated Cortex-M7 these calls are
 * not made (docs/porting.md says what was tested where).
 */
#ifndef BOARD_CM7_CACHE_H
#define BOARD_CM7_CACHE_H

#include <stddef.h>
#include <stdint.h>

#define CM7_CACHE_LINE 32u
#define CM7_CACHE_ALIGNED __attribute__((aligned(CM7_CACHE_LINE)))

/* Invalidate both caches, then enable them (CCR.IC, CCR.DC). Before RAM
 * is initialised or right after; not while the data cache is on. */
void cm7_cache_enable(void);

/* Write the lines of [p, p + len) back to memory. */
void cm7_dcache_clean(const void *p, size_t len);

/* Discard the cached lines of [p, p + len) (their unwritten data too). */
void cm7_dcache_invalidate(void *p, size_t len);

#endif /* BOARD_CM7_CACHE_H */
