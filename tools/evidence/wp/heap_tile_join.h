/* SPDX-License-Identifier: MIT */
/*
 * The whole-heap model's update for heap_free's fast path to the top
 * (heap_tile_fast.c): g_join_top joins the last two tiles, tn - 2 (in
 * use, its predecessor in use) and tn - 1 (free), into one free tile
 * tn - 2 of their two sizes: tn one lower, tG[tn - 1] the arena's end,
 * tS[tn - 1] the new last sum (free_bytes' new value: the old sum plus
 * the joined tile's old size, which must fit in 32 bits: free_bytes +
 * b's size without overflow, as heap_free's fast path requires). The contract only: its body and proof are
 * heap_tile_join.c's (run heap_tile_join). Include after
 * heap_tile_model.h.
 */
#ifndef EV_WP_HEAP_TILE_JOIN_H
#define EV_WP_HEAP_TILE_JOIN_H

/*@ ghost
  /@ requires gseq(total) && total < 1048576;
     requires tn >= 2 && tF[tn - 2] == 0 && tF[tn - 1] == 1;
     requires tn >= 3 ==> tF[tn - 3] == 0;
     requires tS[tn] + bsize(tn - 2) < 4294967296;
     assigns tn, tG[tn - 1], tF[tn - 2], tS[tn - 1];
     ensures j_seq: gseq(total);
     ensures j_n: tn == \old(tn) - 1;
     ensures j_last: tG[tn - 1] == \old(tG[tn - 2]) && tF[tn - 1] == 1;
     ensures j_sum: tS[tn] == \old(tS[tn]) + \old(bsize(tn - 2));
     ensures j_same: \forall integer i; 0 <= i < tn - 1 ==>
       tG[i] == \old(tG[i]) && tF[i] == \old(tF[i]) && hword(i) == \old(hword(i));
     ensures j_size: bsize(tn - 1) == \old(bsize(tn - 2)) + \old(bsize(tn - 1));
     ensures j_word: hword(tn - 1) == bsize(tn - 1) + 1;
  @/
  void g_join_top(uint32_t total);
*/

/* Every header of tiles 0 .. k valid, assembled from tiles below k and
 * tile k (a lemma function: its body in heap_tile_join.c, proved by the
 * run heap_tile_join with nothing else in sight). */
/*@ ghost
  /@ requires \forall integer i; 0 <= i < k ==> hdr(h, tG[i], hword(i));
     requires hdr(h, tG[k], hword(k));
     assigns \nothing;
     ensures \forall integer i; 0 <= i < k + 1 ==> hdr(h, tG[i], hword(i));
  @/
  void g_cover1(vos_heap_t *h, uint32_t k);
*/

#endif
