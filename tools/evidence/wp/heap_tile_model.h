/* SPDX-License-Identifier: MIT */
/*
 * The whole-heap block model (heap_tile.c states and explains it): the
 * ghost block sequence tn, tG, tF, tS, the or_flag axiom, arena_sep, and
 * tiled(h) = I1, I2, I4's top clause and I6 over the whole arena. Shared
 * by heap_tile.c (take_top) and heap_tile_take.c (take); included after
 * heap_model.h. Its assumptions are heap_tile.c's (or_flag, an axiom;
 * arena_sep, a precondition where it is used).
 */
#ifndef EV_WP_HEAP_TILE_MODEL_H
#define EV_WP_HEAP_TILE_MODEL_H

#define TMAX 65536

/*@ ghost uint32_t tn; */
/*@ ghost uint32_t tG[TMAX + 1]; */
/*@ ghost uint32_t tF[TMAX]; */
/*@ ghost uint32_t tS[TMAX + 1]; */

/*@ axiomatic C_or_flag {
      axiom or_flag: \forall integer x; 0 <= x && x % 8 == 0 ==> (x | 1) == x + 1;
    }

    lemma hb_min_24: HB_MIN == 24;

    logic integer bsize{L}(integer i) = tG[i + 1] - tG[i];
    logic integer pfree{L}(integer i) = i == 0 ? 0 : tF[i - 1];
    logic integer hword{L}(integer i) = bsize(i) + tF[i] + 2 * pfree(i);

    predicate arena_sep(vos_heap_t *h) =
      \forall integer o1, o2; 0 <= o1 < o2 <= h->total && o1 % 8 == 0 && o2 % 8 == 0 ==>
        hsep(h, o1, o2);

    // The block sequence as data (no memory): offsets, flags, sums.
    // I1's tiling: tG[0] = 0, tG[tn] = total, multiples of 8, every
    // block at least HB_MIN bytes (pairwise, so no induction is needed
    // for tn * HB_MIN <= total); flags 0 or 1; I2's "no two free blocks
    // adjacent"; I6's prefix sums.
    predicate gseq{L}(integer total) =
      1 <= tn && tG[0] == 0 && tG[tn] == total &&
      (\forall integer i; 0 <= i <= tn ==> tG[i] % 8 == 0) &&
      (\forall integer i, j; 0 <= i <= j <= tn ==> tG[j] - tG[i] >= (j - i) * HB_MIN) &&
      (\forall integer i; 0 <= i < tn ==> tF[i] == 0 || tF[i] == 1) &&
      (\forall integer i; 0 <= i && i + 1 < tn ==> !(tF[i] == 1 && tF[i + 1] == 1)) &&
      tS[0] == 0 &&
      (\forall integer i; 0 <= i < tn ==> tS[i + 1] == tS[i] + (tF[i] == 1 ? bsize(i) : 0));

    // I1's "every header valid" and I2's flags: block i's header is
    // valid and says size(i) | HB_FREE * F[i] | HB_PREV_FREE * F[i-1].
    predicate hdrs{L}(vos_heap_t *h) =
      \forall integer i; 0 <= i < tn ==> hdr(h, tG[i], hword(i));

    // The sentinel: valid, HB_PREV_FREE == the last block's HB_FREE.
    predicate sentinel{L}(vos_heap_t *h) = hdr(h, h->total, 2 * tF[tn - 1]);

    // I6: free_bytes is the sum; min_free <= free_bytes.
    predicate counted{L}(vos_heap_t *h) =
      h->free_bytes == tS[tn] && h->min_free <= h->free_bytes;

    // I4's top clause.
    predicate tile_top{L}(vos_heap_t *h) =
      (tF[tn - 1] == 1 ==> h->top == B(h, tG[tn - 1]) && h->top_size == bsize(tn - 1)) &&
      (tF[tn - 1] == 0 ==> h->top == \null && h->top_size == 0);

    predicate tiled{L}(vos_heap_t *h) =
      gseq(h->total) && hdrs(h) && sentinel(h) && counted(h) && tile_top(h);
*/

#endif
