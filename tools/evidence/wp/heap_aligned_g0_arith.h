/* SPDX-License-Identifier: MIT */
/*
 * Integer facts of heap_alloc_aligned's no-gap case (heap_aligned_g0.c),
 * about the code's own expressions: its checks and its first gap in
 * heap_aligned.c's g0 terms. They read only integers, so they are proved
 * in heap_aligned.c's small context by the heap_aligned_g0_arith run
 * (heap_aligned_g0_arith.c: heap_aligned.c, the kernel and this file):
 * in heap_aligned_g0.c's context (the heap model and every heap lemma)
 * CVC4 timed out on them at 60 s. No assumption beyond heap_aligned.c's.
 * Include after heap_aligned.c (g0).
 */
#ifndef EV_WP_HEAP_ALIGNED_G0_ARITH_H
#define EV_WP_HEAP_ALIGNED_G0_ARITH_H

/*@ // The uint32_t conversions of the code's terms are the values.
    lemma ag_dec: \forall integer x; 1 <= x <= 524288 ==> (uint32_t)(x - 1u) == x - 1;
    lemma ag_u32a: \forall integer a; 16 <= a <= 524288 ==>
      (uint32_t)a == a && (uint32_t)((uint32_t)a - 1u) == a - 1;
    // The code's checks pass (the contract's ag_chk).
    lemma ag_chk_of: \forall integer size, align;
      16 <= align <= 524288 && (align & (align - 1)) == 0 && 1 <= size <= 524288 ==>
        (align & (uint32_t)(align - 1u)) == 0 && (uint32_t)(size - 1u) < 524288;
    // The code's first gap for a payload address p is g0(p, align). (p
    // and align quantified as uint32_t: with integers and 0 <= p < 2^32
    // CVC4 timed out at 60 s.)
    lemma ag_gap: \forall uint32_t p, align; 16 <= align <= 524288 ==>
        (uint32_t)(((uint32_t)((uint32_t)(p + (uint32_t)align) - 1u) &
          (uint32_t)~(uint32_t)((uint32_t)align - 1u)) - p) == g0(p, align);
    // A first gap of 0 means an aligned payload (heap_aligned.c's
    // g0_align; the contract's ag_al).
    lemma ag_al_of: \forall integer p, align;
      0 <= p && p + align < 4294967296 && 16 <= align <= 524288 &&
      (align & (align - 1)) == 0 && g0(p, align) == 0 ==> p % align == 0;
*/

#endif
