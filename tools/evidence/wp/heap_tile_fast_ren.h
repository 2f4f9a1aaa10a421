/* SPDX-License-Identifier: MIT */
/*
 * The free-list model's renumbering when heap_free's fast path joins
 * tiles j and j + 1 and every tile above moves down one index
 * (heap_tile_join_mid.h's g_join_mid): g_dnk moves lK and lP with their
 * tiles (index i + 1 to i for j <= i < n), g_dnt lowers every lT entry
 * above j by one, every list, every position. Contracts only: their
 * bodies (ghost loops) and proofs are heap_tile_fast_ren.c's (run
 * heap_tile_fast_ren). Include after heap_list_model.h.
 */
#ifndef EV_WP_HEAP_TILE_FAST_REN_H
#define EV_WP_HEAP_TILE_FAST_REN_H

/*@ // A tile index of the old numbering in the new one (joined at j).
    logic integer dn(integer x, integer j) = x > j ? x - 1 : x;
*/

/*@ ghost
  /@ requires 0 <= j <= n && n < TMAX;
     assigns lK[j .. n - 1], lP[j .. n - 1];
     ensures dk_k: \forall integer i; j <= i < n ==> lK[i] == \old(lK[i + 1]);
     ensures dk_p: \forall integer i; j <= i < n ==> lP[i] == \old(lP[i + 1]);
  @/
  void g_dnk(uint32_t j, uint32_t n);
*/

/*@ ghost
  /@ requires dt_n: \forall integer c; 0 <= c < LCLS ==> lN[c] < TMAX;
     assigns lT[0 .. LCLS - 1][0 .. TMAX - 1];
     ensures dt_r: \forall integer c, p; 0 <= c < LCLS && 0 <= p < lN[c] ==>
       lT[c][p] == dn(\old(lT[c][p]), j);
  @/
  void g_dnt(uint32_t j);
*/

#endif
