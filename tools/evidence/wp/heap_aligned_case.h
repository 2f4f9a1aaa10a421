/* SPDX-License-Identifier: MIT */
/*
 * The terms the contracts of heap_alloc_aligned's listed-block cases
 * share: heap_aligned_g0.c (no gap) and heap_aligned_g1.c (a gap), which
 * both include this file (after heap_alloc.c and heap_alloc_list.h) and
 * cannot include each other, as each states its own contract of
 * heap_alloc_aligned. Macros only, no logic declaration: they name
 * heap_alloc_aligned's formals (h, size, align) and heap_alloc_list.h's
 * KF, so they serve in that function's contract and in lemmas that bind
 * h, size and align. Each file keeps its own clause labels.
 */
#ifndef EV_WP_HEAP_ALIGNED_CASE_H
#define EV_WP_HEAP_ALIGNED_CASE_H

/* The code's rounded block size, ((uint32_t)size + HB_HDR + 7u) & ~7u
 * (heap_aligned.c's bs0), and class_ceil's argument for a block size x,
 * bs + (uint32_t)align + HB_MIN as the code writes it. */
#define BS0 ((uint32_t)((uint32_t)(size + 8) + 7) & 4294967288)
#define AS(x) ((uint32_t)((uint32_t)((x) + (uint32_t)align) + HB_MIN))
/* The payload address of block b as the code computes it,
 * (uintptr_t)b + HB_HDR (uintptr_t is 32 bits: gcc_x86_32). */
#define PAY(b) ((uint32_t)((uintptr_t)(b) + HB_HDR))
/* The code's first gap for block b, as the code writes it. */
#define GAPC(b) ((uint32_t)(((uint32_t)((uint32_t)(PAY(b) + (uint32_t)align) - 1u) & \
  (uint32_t)~(uint32_t)((uint32_t)align - 1u)) - PAY(b)))
/* The head of KF's list. */
#define GB   (h->lists[KF])
/* The found class on the path where the code's block size is x, in
 * fx_kf's terms at class_ceil's argument, and its bounds
 * (heap_aligned_g1.c's a1_lo and a1_hi; heap_aligned_g0.c's GPATH adds
 * take's preconditions). */
#define GFOUND(x) (kf_first(h, cls_ceil(AS(x))) && \
  cls_ceil(AS(x)) <= KF < VOS_HEAP_CLASSES && h->lists[KF] != \null)
/* The code's checks in its own terms (preconditions ag_chk, a1_chk: the
 * instance of heap_aligned_g0_arith.h's ag_chk_of). */
#define AG_CHK ((align & (uint32_t)(align - 1u)) == 0 && \
  (uint32_t)(size - 1u) < VOS_HEAP_MAX_REQUEST)
/* The head's payload address plus align below 2^32 (preconditions
 * ag_addr, a1_addr: an assumption of each case). */
#define AG_ADDR (PAY(h->lists[KF]) + align < 4294967296)

#endif
