/* SPDX-License-Identifier: MIT */
/*
 * The tiles' update for heap_free's free of a block next to blocks in use
 * (heap_tile_put.c explains the case; this file is its ghost part over
 * heap_tile_model.h alone, a small context): g_i6 (I6 at a tile in use:
 * past it, the free blocks' sum and its size fit below each block's end,
 * a ghost loop) and g_put_seq (the sums above the freed tile up by its
 * size, a ghost loop: gseq again from gseq_but, gseq with the tile's
 * flag set and its sum not yet). Proved by the heap_tile_put_seq run;
 * heap_tile_put.c includes this file and calls both by their contracts.
 * Assumptions: none but heap_tile_model.h's definitions (no memory is
 * read). kernel/heap.c is included for its constants only.
 */
#ifndef EV_WP_HEAP_TILE_PUT_SEQ_C
#define EV_WP_HEAP_TILE_PUT_SEQ_C
#include "heap_source.h"
#include "heap_model.h"
#include "heap_tile_model.h"

/*@ // gseq (heap_tile_model.h) but at tile j: its flag and its sum are
    // not read (tile j is being freed: its flag set, its sum not yet).
    predicate gseq_but{L}(integer total, integer j) =
      1 <= tn && tG[0] == 0 && tG[tn] == total &&
      (\forall integer i; 0 <= i <= tn ==> tG[i] % 8 == 0) &&
      (\forall integer i, m; 0 <= i <= m <= tn ==> tG[m] - tG[i] >= (m - i) * HB_MIN) &&
      (\forall integer i; 0 <= i < tn && i != j ==> tF[i] == 0 || tF[i] == 1) &&
      (\forall integer i; 0 <= i && i + 1 < tn && i != j && i + 1 != j ==>
         !(tF[i] == 1 && tF[i + 1] == 1)) &&
      tS[0] == 0 &&
      (\forall integer i; 0 <= i < tn && i != j ==>
         tS[i + 1] == tS[i] + (tF[i] == 1 ? bsize(i) : 0));
*/

/* I6 at a tile j in use: past j, the free blocks' sum and j's size fit
 * below each block's end (a ghost loop: tS[i] plus j's size once past j
 * is at most tG[i]). */
/*@ ghost
  /@ requires gseq(total) && total < 1048576;
     requires 0 <= j < tn && tF[j] == 0;
     assigns \nothing;
     ensures i6_ok: \forall integer i; j < i <= tn ==> tS[i] + bsize(j) <= tG[i] <= total;
  @/
  void g_i6(uint32_t j, uint32_t total)
  {
      /@ assert i6_room: tn * HB_MIN <= total && tn <= 43690; @/
      uint32_t m = 0;
      /@ loop invariant i6_m: 0 <= m <= tn;
         loop invariant i6_sum: \forall integer i; 0 <= i <= m ==> tS[i] + (i > j ? bsize(j) : 0) <= tG[i];
         loop assigns m;
         loop variant tn - m;
      @/
      while (m < tn) {
          /@ assert i6_step: tS[m + 1] == tS[m] + (tF[m] == 1 ? bsize(m) : 0); @/
          /@ assert i6_g: tG[m] <= tG[m + 1]; @/
          m++;
      }
  }
*/

/* The tiles' update for the free of tile j (its flag already set, its
 * neighbours in use): the sums above j up by j's size (a ghost loop, as
 * heap_tile_take.c's g_use done backwards); gseq again. */
/*@ ghost
  /@ requires gq_seq: gseq_but(total, j) && total < 1048576;
     requires gq_j: 0 <= j && j + 1 < tn && tF[j] == 1 && tF[j + 1] == 0 &&
       (j > 0 ==> tF[j - 1] == 0);
     requires gq_s: tS[j + 1] == tS[j] && \forall integer i; j < i <= tn ==> tS[i] + bsize(j) <= total;
     assigns tS[j + 1 .. tn];
     ensures gq_ok: gseq(total);
     ensures gq_up: \forall integer i; j + 1 <= i <= tn ==> tS[i] == \old(tS[i]) + bsize(j);
     ensures gq_lo: \forall integer i; 0 <= i <= j ==> tS[i] == \old(tS[i]);
  @/
  void g_put_seq(uint32_t j, uint32_t total)
  {
      /@ assert q_room: tn * HB_MIN <= total && tn <= 43690; @/
      uint32_t s = tG[j + 1] - tG[j];
      /@ assert q_s: s == bsize(j); @/
      uint32_t m = j + 1;
      /@ loop invariant q_m: j + 1 <= m <= tn + 1;
         loop invariant q_up: \forall integer i; j + 1 <= i < m ==> tS[i] == \at(tS[i], Pre) + s;
         loop invariant q_hi: \forall integer i; m <= i <= tn ==> tS[i] == \at(tS[i], Pre);
         loop assigns m, tS[j + 1 .. tn];
         loop variant tn + 1 - m;
      @/
      while (m <= tn) {
          tS[m] = tS[m] + s;
          m++;
      }
      /@ assert q_fl: \forall integer i; 0 <= i < tn ==> tF[i] == 0 || tF[i] == 1; @/
      /@ assert q_adj: \forall integer i; 0 <= i && i + 1 < tn ==> !(tF[i] == 1 && tF[i + 1] == 1); @/
      /@ assert q_sum_lo: \forall integer i; 0 <= i < j ==> tS[i + 1] == tS[i] + (tF[i] == 1 ? bsize(i) : 0); @/
      /@ assert q_sum_j: tS[j + 1] == tS[j] + (tF[j] == 1 ? bsize(j) : 0); @/
      /@ assert q_sum_hi: \forall integer i; j < i < tn ==> tS[i + 1] == tS[i] + (tF[i] == 1 ? bsize(i) : 0); @/
      /@ assert q_s0: tS[0] == 0; @/
      /@ assert q_geo: 1 <= tn && tG[0] == 0 && tG[tn] == total &&
            (\forall integer i; 0 <= i <= tn ==> tG[i] % 8 == 0) &&
            (\forall integer i, m; 0 <= i <= m <= tn ==> tG[m] - tG[i] >= (m - i) * HB_MIN); @/
  }
*/

#endif /* EV_WP_HEAP_TILE_PUT_SEQ_C */
