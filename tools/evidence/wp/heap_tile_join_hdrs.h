/* SPDX-License-Identifier: MIT */
/*
 * g_join_hdrs: the whole-heap model's headers (heap_tile_model.h's hdrs)
 * from four parts around two adjacent blocks k and k + 1 (k + 2 <= tn):
 * the headers of the blocks below k, of k and k + 1, and of the blocks
 * above k + 1 give every block's header (a ghost loop over the blocks,
 * one case an iteration: a small context). tn <= TMAX is a precondition
 * (both callers have it from tiled(h) or gseq); nothing is assigned.
 * One text for the two model steps that need it: heap_tile_take.c's
 * g_post_cut and g_post_use (after take, proved by the run
 * heap_tile_take_post) and heap_tile_put_at.c's g_put_post (after
 * heap_free's push, proved by the run heap_tile_put_hdrs); both runs
 * prove g_join_hdrs itself too. Include after heap_tile_model.h.
 */
#ifndef EV_WP_HEAP_TILE_JOIN_HDRS_H
#define EV_WP_HEAP_TILE_JOIN_HDRS_H

/*@ ghost
  /@ requires 0 <= k && k + 2 <= tn && tn <= TMAX;
     requires j_lo: \forall integer i; 0 <= i < k ==> hdr(h, tG[i], hword(i));
     requires j_k: hdr(h, tG[k], hword(k)) && hdr(h, tG[k + 1], hword(k + 1));
     requires j_hi: \forall integer i; k + 2 <= i < tn ==> hdr(h, tG[i], hword(i));
     assigns \nothing;
     ensures j_all: \forall integer i; 0 <= i < tn ==> hdr(h, tG[i], hword(i));
  @/
  void g_join_hdrs(vos_heap_t *h, uint32_t k)
  {
      uint32_t k1 = k + 1;
      /@ assert j_k1u: k1 == k + 1; @/
      uint32_t j = 0;
      /@ loop invariant 0 <= j <= tn;
         loop invariant \forall integer i; 0 <= i < j ==> hdr(h, tG[i], hword(i));
         loop assigns j;
         loop variant tn - j;
      @/
      while (j < tn) {
          if (j < k) {
              /@ assert j_jlo: hdr(h, tG[j], hword(j)); @/
          } else if (j == k) {
              /@ assert j_jk: hdr(h, tG[j], hword(j)); @/
          } else if (j == k1) {
              /@ assert j_jk1: hdr(h, tG[j], hword(j)); @/
          } else {
              /@ assert j_jhi: hdr(h, tG[j], hword(j)); @/
          }
          j++;
      }
  }
*/

#endif /* EV_WP_HEAP_TILE_JOIN_HDRS_H */
