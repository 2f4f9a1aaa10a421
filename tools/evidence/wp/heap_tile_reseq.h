/* SPDX-License-Identifier: MIT */
/*
 * gseq (heap_tile_model.h) from its parts after an update of the model's
 * last tiles (a lemma function: its contract here, its body and proof in
 * heap_tile_reseq.c, run heap_tile_reseq). g_reseq states, in one state,
 * what an update that keeps tiles 0 .. k - 1 and writes tiles k .. tn - 1
 * (one or two of them) must show for gseq(total) to hold after it: the
 * prefix 0 .. k as gseq says it (r_pre: what gseq before the update
 * gives, the prefix unchanged), and the new tiles' offsets, flags and
 * sums tile by tile (r_tail, r_fl, r_adj, r_sum). Used by
 * heap_tile_top.h's g_split (take_top's split: tiles k and k + 1) and
 * heap_tile_join.c's g_join_top (the join at the top: tile k), which
 * wrote the same steps to gseq. Include after heap_tile_model.h.
 */
#ifndef EV_WP_HEAP_TILE_RESEQ_H
#define EV_WP_HEAP_TILE_RESEQ_H

/*@ ghost
  /@ requires r_pre: tG[0] == 0 && tS[0] == 0 &&
       (\forall integer i; 0 <= i <= k ==> tG[i] % 8 == 0) &&
       (\forall integer i, j; 0 <= i <= j <= k ==> tG[j] - tG[i] >= (j - i) * HB_MIN) &&
       (\forall integer i; 0 <= i < k ==> tF[i] == 0 || tF[i] == 1) &&
       (\forall integer i; 0 <= i && i + 1 < k ==> !(tF[i] == 1 && tF[i + 1] == 1)) &&
       (\forall integer i; 0 <= i < k ==> tS[i + 1] == tS[i] + (tF[i] == 1 ? bsize(i) : 0));
     requires r_n: 0 <= k < tn <= k + 2 && tG[tn] == total;
     requires r_tail: \forall integer i; k < i <= tn ==> tG[i] % 8 == 0 && tG[i] - tG[i - 1] >= HB_MIN;
     requires r_fl: \forall integer i; k <= i < tn ==> tF[i] == 0 || tF[i] == 1;
     requires r_adj: \forall integer i; 0 <= i && k <= i + 1 < tn ==> !(tF[i] == 1 && tF[i + 1] == 1);
     requires r_sum: \forall integer i; k <= i < tn ==> tS[i + 1] == tS[i] + (tF[i] == 1 ? bsize(i) : 0);
     assigns \nothing;
     ensures r_seq: gseq(total);
  @/
  void g_reseq(uint32_t total, uint32_t k);
*/

#endif
