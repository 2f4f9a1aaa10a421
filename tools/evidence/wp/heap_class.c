/* SPDX-License-Identifier: MIT */
/*
 * WP proof of the heap's class search (kernel/heap.c: find_class, with
 * ctz32): for a heap whose bitmaps are exactly its non-empty lists (i5,
 * heap_i5.c) and a class idx < VOS_HEAP_CLASSES, find_class reads only
 * and returns
 *   none:  -1, exactly when every list of class >= idx is empty;
 *   found: otherwise the lowest class k >= idx whose list is non-empty
 *          (k < VOS_HEAP_CLASSES, lists[k] != NULL, every list of class
 *          idx .. k-1 empty),
 * so heap_alloc takes from the best list there is for its request. Every
 * memory access valid, no shift out of range, ctz's argument non-zero
 * (-wp-rte).
 *
 * Assumptions (docs/evidence.md lists them):
 *  - __builtin_ctz(x) for x != 0 is the number of zero bits below x's
 *    lowest set bit (GCC's definition, stated as a contract below: bit
 *    \result of x is set, no bit below it is);
 *  - the axioms of the included files are in every goal's context:
 *    heap_i5.c's C_bits and Flat_memory, heap_put.c's C_or, heap_model.h's
 *    arena model (find_class's goals are about i5 and the bitmaps only).
 * The lemmas below (the bit facts and find_class's steps over i5) are
 * proved by the heap_class_lemmas run; none is assumed.
 *
 * The code proved is kernel/heap.c itself, included (through heap_put.c
 * and heap_i5.c) whole: this file adds only contracts.
 */
#include "heap_put.c"
#include "heap_class.h"

/*@ // 0xFFFFFFFF has its 32 low bits set (wp:range splits k into its
    // values, each a constant computation).
    lemma ones32_and: \forall integer k; 0 <= k < 32 ==> (4294967295 & (1 << k)) != 0;
    lemma ones32: \forall integer k; 0 <= k < 32 ==> bit_on(4294967295, k);
    // Bit k of x >> s is bit k + s of x; bit k of x << s is bit k - s.
    lemma shr_bit: \forall integer x, s, k; 0 <= x && 0 <= s && 0 <= k ==>
      (bit_on(x >> s, k) <==> bit_on(x, k + s));
    lemma shl_bit: \forall integer x, s, k; 0 <= s && 0 <= k ==>
      (bit_on(x << s, k) <==> (s <= k && bit_on(x, k - s)));
    // A 32-bit word has no bit at or above 32.
    lemma u32_hi: \forall uint32_t x; \forall integer k; 32 <= k ==> !bit_on(x, k);
    // The mask ~0u << s (as uint32_t) has exactly the bits s .. 31.
    lemma mask_from: \forall integer s, k; 0 <= s < 32 && 0 <= k < 32 ==>
      (bit_on((uint32_t)(4294967295 << s), k) <==> s <= k);
    lemma and_bit: \forall integer x, y, k; 0 <= k ==>
      (bit_on(x & y, k) <==> (bit_on(x, k) && bit_on(y, k)));
*/

/* find_class's steps, as lemmas over i5 (the first level f = idx >> 4, the
 * second s = idx & 15; above(f) = (uint32_t)(~0u << (f + 1)), the mask of
 * the first levels above f). */
/*@ logic integer above(integer f) = (uint32_t)(4294967295 << (f + 1));

    lemma shl16: \forall integer x; 0 <= x <= 13 ==> (x << SL) == x * 16;
    lemma shr_zero: \forall integer x, s, k; 0 <= x && 0 <= s <= k && (x >> s) == 0 ==>
      !bit_on(x, k);
    // i5 read at a class j of first level f: list j is non-empty exactly
    // when bit j - 16 f of sl_map[f] is set.
    lemma i5_at: \forall vos_heap_t *h, integer f, j;
      i5(h) && 0 <= f < VOS_HEAP_FL_COUNT && f * 16 <= j < f * 16 + 16 ==>
        (h->lists[j] != \null <==> bit_on(h->sl_map[f], j - f * 16));
    // A non-empty list j: its first level's bit is set in fl_map.
    lemma i5_fl_at: \forall vos_heap_t *h, integer j;
      i5(h) && 0 <= j < VOS_HEAP_CLASSES && h->lists[j] != \null ==>
        bit_on(h->fl_map, j / 16);
    lemma above_bit: \forall integer m, f, g; 0 <= f < g < 32 ==>
      (bit_on(m & above(f), g) <==> bit_on(m, g));
    lemma above_low: \forall integer m, f, g; 0 <= g <= f < 32 ==> !bit_on(m & above(f), g);
    lemma empty_join: \forall vos_heap_t *h, integer a, b, c;
      a <= b <= c && lists_empty(h, a, b) && lists_empty(h, b, c) ==> lists_empty(h, a, c);
    // A set bit r of sl_map[f] >> s (a 32-bit word without bits 16 .. 31)
    // is its bit s + r, below 16.
    lemma fc_hit: \forall uint32_t x; \forall integer s, r;
      0 <= s < 16 && 0 <= r < 32 &&
      (\forall integer k; 16 <= k < 32 ==> !bit_on(x, k)) && bit_on(x >> s, r) ==>
        s + r < 16 && bit_on(x, s + r);
    // No first level above f in fl_map: every list above level f is empty.
    lemma fc_none_above: \forall vos_heap_t *h, integer f;
      i5(h) && 0 <= f < VOS_HEAP_FL_COUNT && (h->fl_map & above(f)) == 0 ==>
        lists_empty(h, (f + 1) * 16, VOS_HEAP_CLASSES);
    // A first level g above f in fl_map exists and has a non-empty list.
    lemma fc_above: \forall vos_heap_t *h, integer f, g;
      i5(h) && 0 <= f < VOS_HEAP_FL_COUNT && 0 <= g < 32 &&
      bit_on(h->fl_map & above(f), g) ==>
        f < g < VOS_HEAP_FL_COUNT && h->sl_map[g] != 0;
    lemma above_fl: \forall vos_heap_t *h, integer f, j;
      i5(h) && 0 <= f && (f + 1) * 16 <= j < VOS_HEAP_CLASSES && h->lists[j] != \null ==>
        bit_on(h->fl_map & above(f), j / 16);
    lemma between_j: \forall vos_heap_t *h, integer f, g, j;
      i5(h) && 0 <= f < VOS_HEAP_FL_COUNT && 0 <= g <= VOS_HEAP_FL_COUNT &&
      (f + 1) * 16 <= j < g * 16 &&
      bits_clear_below(h->fl_map & above(f), g) ==> h->lists[j] == \null;
    // Below the lowest such g, the lists of the levels above f are empty.
    lemma fc_between: \forall vos_heap_t *h, integer f, g;
      i5(h) && 0 <= f < VOS_HEAP_FL_COUNT && 0 <= g <= VOS_HEAP_FL_COUNT &&
      bits_clear_below(h->fl_map & above(f), g) ==>
        lists_empty(h, (f + 1) * 16, g * 16);
    // sl_map[f] >> s == 0: the lists (f, s .. 15) are empty.
    lemma fc_rest: \forall vos_heap_t *h, integer f, s;
      i5(h) && 0 <= f < VOS_HEAP_FL_COUNT && 0 <= s < 16 && 0 <= h->sl_map[f] &&
      (h->sl_map[f] >> s) == 0 ==>
        lists_empty(h, f * 16 + s, f * 16 + 16);
    // A clear bit j - idx of sl_map[f] >> s (idx = 16 f + s): list j
    // (of level f) is empty.
    lemma low_pt: \forall vos_heap_t *h, integer idx, j;
      i5(h) && 0 <= idx < VOS_HEAP_CLASSES && idx <= j < (idx >> SL) * 16 + 16 &&
      0 <= h->sl_map[idx >> SL] &&
      !bit_on(h->sl_map[idx >> SL] >> (idx & SL_MASK), j - idx) ==> h->lists[j] == \null;
    lemma level_pt: \forall vos_heap_t *h, integer g, j;
      i5(h) && 0 <= g < VOS_HEAP_FL_COUNT && g * 16 <= j < g * 16 + 16 &&
      !bit_on(h->sl_map[g], j - g * 16) ==> h->lists[j] == \null;
    lemma level_empty: \forall vos_heap_t *h, integer g, t;
      i5(h) && 0 <= g < VOS_HEAP_FL_COUNT && 0 <= t <= 16 &&
      bits_clear_below(h->sl_map[g], t) ==>
        lists_empty(h, g * 16, g * 16 + t);
    lemma level_hit: \forall vos_heap_t *h, integer g, t;
      i5(h) && 0 <= g < VOS_HEAP_FL_COUNT && 0 <= t < 32 && bit_on(h->sl_map[g], t) ==>
        t < 16 && h->lists[g * 16 + t] != \null;

    // The code's mask, (uint32_t)(~0u << (fl + 1u)), is above(fl).
    lemma above_code: \forall integer idx; 0 <= idx < VOS_HEAP_CLASSES ==>
      (uint32_t)(4294967295 << (uint32_t)((idx >> SL) + 1)) == above(idx >> SL);
    // The three ways out of find_class, in the code's terms.
    lemma fc_none: \forall vos_heap_t *h, integer idx;
      i5(h) && 0 <= idx < VOS_HEAP_CLASSES && 0 <= h->sl_map[idx >> SL] &&
      (h->sl_map[idx >> SL] >> (idx & SL_MASK)) == 0 &&
      (h->fl_map & (uint32_t)(4294967295 << (uint32_t)((idx >> SL) + 1))) == 0 ==>
        lists_empty(h, idx, VOS_HEAP_CLASSES);
    lemma fc_low: \forall vos_heap_t *h, integer idx, r;
      i5(h) && 0 <= idx < VOS_HEAP_CLASSES && 0 <= h->sl_map[idx >> SL] < 4294967296 &&
      0 <= r < 32 && bit_on(h->sl_map[idx >> SL] >> (idx & SL_MASK), r) &&
      bits_clear_below(h->sl_map[idx >> SL] >> (idx & SL_MASK), r) ==>
        idx + r < VOS_HEAP_CLASSES && h->lists[idx + r] != \null &&
        lists_empty(h, idx, idx + r);
    lemma fc_up: \forall vos_heap_t *h, integer idx, g, t;
      i5(h) && 0 <= idx < VOS_HEAP_CLASSES && 0 <= h->sl_map[idx >> SL] &&
      (h->sl_map[idx >> SL] >> (idx & SL_MASK)) == 0 &&
      0 <= g < 32 && 0 <= t < 32 &&
      bit_on(h->fl_map & (uint32_t)(4294967295 << (uint32_t)((idx >> SL) + 1)), g) &&
      bits_clear_below(h->fl_map & (uint32_t)(4294967295 << (uint32_t)((idx >> SL) + 1)), g) &&
      bit_on(h->sl_map[g], t) && bits_clear_below(h->sl_map[g], t) ==>
        (idx >> SL) < g < VOS_HEAP_FL_COUNT && t < 16 && h->lists[g * 16 + t] != \null &&
        lists_empty(h, idx, g * 16 + t);
*/

/*@ requires x != 0;
    assigns \nothing;
    ensures 0 <= \result < 32;
    ensures bit_on(x, \result);
    ensures bits_clear_below(x, \result);
*/
int __builtin_ctz(unsigned int x);

/*@ requires x != 0;
    assigns \nothing;
    ensures 0 <= \result < 32;
    ensures bit_on(x, \result);
    ensures bits_clear_below(x, \result);
*/
INLINE uint32_t ctz32(uint32_t x);

/* find_class's contract: heap_class.h (shared with heap_aligned_fn.c). */
