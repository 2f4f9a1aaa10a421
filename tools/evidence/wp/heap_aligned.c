/* SPDX-License-Identifier: MIT */
/*
 * The arithmetic of heap_alloc_aligned (kernel/heap.c), the aligned
 * allocation: lemmas about the code's own expressions, proved by the
 * heap_aligned_lemmas run. heap_alloc_aligned's gap loop and refusals
 * are proved on the code by heap_aligned_fn.c; its success path is NOT
 * proved (docs/evidence.md, Not proved), so g0
 * below is still a hand copy of the code's expression, checked by
 * reading, not tied to the code by a proof.
 *
 * The code computes, for the block b it found (a list head or the top):
 *     pay = (uintptr_t)b + HB_HDR;
 *     gap = (uint32_t)(((pay + align - 1u) & ~(uintptr_t)(align - 1u)) - pay);
 *     while (gap != 0 && gap < HB_MIN) gap += (uint32_t)align;
 * g0(p, a) below is the first line's value for pay = p and align = a,
 * written with the C conversions WP gives the code (the uint32_t sum
 * pay + align, minus 1, and ~ of align - 1 as a uint32_t; uintptr_t and
 * size_t are 32 bits: machdep gcc_x86_32), and gap_of(p, a) the value
 * after the loop when a >= 16 (one pass at most: a non-zero g0 below
 * HB_MIN is 8 or 16, and 8 + a >= HB_MIN). The transcription is checked by
 * reading, not by a proof of the function. Proved (lemma gap_ok): for a
 * power of two a in [16, 2^19] (heap_alloc_aligned's accepted aligns
 * above VOS_HEAP_ALIGN; vos_heap_alloc_aligned sends the others to
 * vos_heap_alloc) and an 8-aligned payload address p with p + a < 2^32:
 *   - the gap is 0 or at least HB_MIN (it can stand as a free block);
 *   - it is a multiple of 8 (the split leaves 8-aligned headers);
 *   - it is below a + HB_MIN (so a block of bs + a + HB_MIN bytes, which
 *     is what class_ceil(bs + align + HB_MIN) asks of a listed block,
 *     holds the gap and bs bytes after it);
 *   - p + gap is a multiple of a: the payload returned is aligned.
 * And (lemma bs_ok) the block size bs_of(size) the code computes for a
 * request of 1..2^19 bytes is a multiple of 8, at least HB_MIN, and holds
 * the header and the request (size + 8 <= bs <= size + 24).
 *
 * Assumptions, stated as axioms below (C facts the provers do not derive
 * from WP's model of the bitwise operators):
 *  - round_up: for a power of two a (a & (a - 1) == 0) and p + a < 2^32,
 *    (p + a - 1) & ~(a - 1) is p + a - 1 rounded down to a multiple of a
 *    (C11 6.5.3.3p4: ~ of an unsigned value is UINT_MAX minus it; 6.5.10:
 *    & keeps the bits set in both, here all but the low log2(a) bits);
 *  - pow2_8: a power of two of at least 8 is a multiple of 8;
 *  - and_low3: x & 0xFFFFFFF8 (~7u) is x rounded down to a multiple of 8.
 * The lemmas mult_mod, mod_8c, div_8, mod_8, g0_val, g0_align and g0_8 are
 * the steps to gap_ok, proved in the same run.
 */
/* Included by several proofs (heap_alloc.c, heap_tile_free.c, ...): once per run. */
#ifndef EV_WP_HEAP_ALIGNED_C
#define EV_WP_HEAP_ALIGNED_C
#include "heap_source.h"

/*@ // The gap the code computes before the first aligned payload of the
    // block whose payload would start at address p (g0), and after the
    // loop that makes a gap of 8 or 16 bytes a free block (a >= 16).
    logic integer g0(integer p, integer a) =
      (uint32_t)(((uint32_t)((uint32_t)(p + a) - 1) & (uint32_t)~(a - 1)) - p);
    logic integer gap_of(integer p, integer a) =
      g0(p, a) == 0 ? 0 : (g0(p, a) < HB_MIN ? g0(p, a) + a : g0(p, a));

    axiomatic C_low_bits {
      axiom round_up: \forall integer p, a; 0 <= p && 1 <= a <= 2147483648 && p + a < 4294967296 &&
        (a & (a - 1)) == 0 ==> g0(p, a) == a - 1 - (p + a - 1) % a;
      axiom pow2_8: \forall integer a; 8 <= a && (a & (a - 1)) == 0 ==> a % 8 == 0;
      axiom and_low3: \forall integer x; 0 <= x < 4294967296 ==> (x & 4294967288) == x - x % 8;
    }

    lemma mult_mod: \forall integer x, a; 0 <= x && 0 < a ==> (x - x % a) % a == 0;
    lemma mod_8c: \forall integer z, c; 0 <= z && 0 < c && z % (8 * c) == 0 ==> z % 8 == 0;
    lemma div_8: \forall integer a; 0 < a && a % 8 == 0 ==> a == 8 * (a / 8) && 0 < a / 8;
    lemma mod_8: \forall integer z, a; 0 <= z && 0 < a && a % 8 == 0 && z % a == 0 ==> z % 8 == 0;

    lemma g0_val: \forall integer p, a; 0 <= p && p + a < 4294967296 &&
      16 <= a <= 524288 && (a & (a - 1)) == 0 ==>
        g0(p, a) == a - 1 - (p + a - 1) % a && 0 <= g0(p, a) < a;
    lemma g0_align: \forall integer p, a; 0 <= p && p + a < 4294967296 &&
      16 <= a <= 524288 && (a & (a - 1)) == 0 ==> (p + g0(p, a)) % a == 0;
    lemma g0_8: \forall integer p, a; 0 <= p && p % 8 == 0 && p + a < 4294967296 &&
      16 <= a <= 524288 && (a & (a - 1)) == 0 ==> g0(p, a) % 8 == 0;

    lemma gap_ok: \forall integer p, a; 0 <= p && p % 8 == 0 && p + a < 4294967296 &&
      16 <= a <= 524288 && (a & (a - 1)) == 0 ==>
        (gap_of(p, a) == 0 || HB_MIN <= gap_of(p, a)) && gap_of(p, a) % 8 == 0 &&
        gap_of(p, a) < a + HB_MIN && (p + gap_of(p, a)) % a == 0;

    // The block size of a request of size bytes, as the code computes it:
    // ((uint32_t)size + HB_HDR + 7u) & ~7u, raised to HB_MIN.
    logic integer bs0(integer size) = (uint32_t)((uint32_t)(size + 8) + 7) & 4294967288;
    logic integer bs_of(integer size) = bs0(size) < HB_MIN ? HB_MIN : bs0(size);
    lemma bs_ok: \forall integer size; 1 <= size <= 524288 ==>
      HB_MIN <= bs_of(size) && bs_of(size) % 8 == 0 && size + HB_HDR <= bs_of(size) <= size + 24;
*/

#endif /* EV_WP_HEAP_ALIGNED_C */
