/* SPDX-License-Identifier: MIT */
/*
 * Take's split on the model's tiles (tn, tG, tF; heap_tile_model.h) as
 * one macro, written once for the function that proves it
 * (heap_tile_take.c's g_cut, the heap_tile_take run, which adds the sums
 * and header words) and for the step that states it without a body
 * (heap_list_cut.c's cut_step, the renumbering's tiles): tile k, free,
 * not the last, of at least bs + HB_MIN bytes, becomes an allocated tile
 * of bs bytes and a free tile of the rest at k + 1; the tiles above move
 * up one index. CUT_TILES expands to the requires, the assigns and the
 * ensures c_seq .. c_fhi, over the parameters k, bs, total.
 * Include after heap_tile_model.h.
 */
#ifndef EV_WP_HEAP_TILE_CUT_H
#define EV_WP_HEAP_TILE_CUT_H

#define CUT_TILES \
    requires gseq(total) && total < 1048576; \
    requires 0 <= k && k + 1 < tn && tF[k] == 1; \
    requires HB_MIN <= bs && bs % 8 == 0 && bsize(k) >= bs + HB_MIN; \
    assigns tn, tG[k + 1 .. tn + 1], tF[k .. tn], tS[k + 1 .. tn + 1]; \
    ensures c_seq: gseq(total); \
    ensures c_n: tn == \old(tn) + 1; \
    ensures c_glo: \forall integer i; 0 <= i <= k ==> tG[i] == \old(tG[i]); \
    ensures c_gk: tG[k + 1] == \old(tG[k]) + bs; \
    ensures c_ghi: \forall integer i; k + 2 <= i <= tn ==> tG[i] == \old(tG[i - 1]); \
    ensures c_fk: tF[k] == 0 && tF[k + 1] == 1; \
    ensures c_fhi: \forall integer i; k + 2 <= i < tn ==> tF[i] == \old(tF[i - 1]);

#endif
