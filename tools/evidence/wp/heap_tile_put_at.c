/* SPDX-License-Identifier: MIT */
/*
 * The model's steps around heap_free's free next to blocks in use
 * (heap_tile_put.c explains the case), over heap_tile_model.h alone (no
 * free-list model: a small context): g_put_at (tile j's facts before the
 * free, from tiled(h)), g_join_hdrs (heap_tile_join_hdrs.h: every
 * block's header from its parts, a ghost loop) and g_put_post (after the
 * push: tiled(h) again). Proved by the heap_tile_put_hdrs run; heap_tile_put.c includes this file and
 * calls them by their contracts. Assumptions: heap_model.h's and
 * heap_tile_model.h's (arena_sep a precondition). kernel/heap.c is
 * included (through heap_tile_put_seq.c) for its types and constants.
 */
#ifndef EV_WP_HEAP_TILE_PUT_AT_C
#define EV_WP_HEAP_TILE_PUT_AT_C
#include "heap_tile_put_seq.c"

/* The model's facts at tile j before the free (in use, not the last, its
 * neighbours in use), from tiled(h), arena(h) and arena_sep(h) alone (a
 * small context for tile_put_alone): j's and j + 1's offsets, sizes and
 * headers, free_bytes + j's size within the arena, and every other
 * header (the sentinel's too) apart from j's and j + 1's. */
/*@ ghost
  /@ requires \valid(h) && arena(h) && arena_sep(h) && tiled(h);
     requires 0 <= j && j + 1 < tn && tF[j] == 0 && tF[j + 1] == 0 && (j == 0 || tF[j - 1] == 0);
     assigns \nothing;
     ensures pa_room: tn <= 43690 && h->total < 1048576;
     ensures pa_g: 0 <= tG[j] && tG[j] % 8 == 0 && bsize(j) % 8 == 0 && HB_MIN <= bsize(j) &&
       tG[j + 1] == tG[j] + bsize(j) && tG[j + 1] < h->total;
     ensures pa_g1: tG[j + 1] % 8 == 0 && bsize(j + 1) % 8 == 0 && HB_MIN <= bsize(j + 1) &&
       tG[j + 1] + bsize(j + 1) <= h->total;
     ensures pa_fb: h->free_bytes == tS[tn] && tS[tn] + bsize(j) <= h->total;
     ensures pa_s: \forall integer i; j < i <= tn ==> tS[i] + bsize(j) <= h->total;
     ensures pa_w: hword(j) == bsize(j) && hword(j + 1) == bsize(j + 1);
     ensures pa_h: hdr(h, tG[j], bsize(j)) && hdr(h, tG[j + 1], bsize(j + 1));
     ensures pa_lo: \forall integer i; 0 <= i < j ==>
       hsep(h, tG[i], tG[j]) && hsep(h, tG[i], tG[j + 1]) && \base_addr(B(h, tG[i])) != \base_addr(h);
     ensures pa_hi: \forall integer i; j + 1 < i <= tn ==>
       hsep(h, tG[j], tG[i]) && hsep(h, tG[j + 1], tG[i]) && \base_addr(B(h, tG[i])) != \base_addr(h);
     ensures pa_n: \base_addr(B(h, tG[j + 1])) != \base_addr(h) && hsep(h, tG[j], tG[j + 1]);
     ensures pa_base: \forall integer i; 0 <= i <= tn ==> \base_addr(B(h, tG[i])) != \base_addr(h);
  @/
  void g_put_at(vos_heap_t *h, uint32_t j)
  {
      /@ assert t_room: tG[tn] - tG[0] >= tn * HB_MIN && tn <= 43690; @/
      g_i6(j, h->total);
      /@ assert t_pw: \forall integer i, m; 0 <= i <= m <= tn ==> tG[m] - tG[i] >= (m - i) * HB_MIN; @/
      /@ assert t_al: \forall integer i; 0 <= i <= tn ==> tG[i] % 8 == 0 && 0 <= tG[i] <= h->total; @/
      /@ assert t_j: tG[j] + HB_MIN <= tG[j + 1] && tG[j + 1] + HB_MIN <= tG[j + 2]; @/
      /@ assert t_m: tG[j] % 8 == 0 && tG[j + 1] % 8 == 0 && tG[j + 2] % 8 == 0; @/
      /@ assert t_b8: (tG[j + 1] - tG[j]) % 8 == 0 && (tG[j + 2] - tG[j + 1]) % 8 == 0; @/
      /@ assert t_w: hword(j) == bsize(j) && hword(j + 1) == bsize(j + 1); @/
      /@ assert t_h: hdr(h, tG[j], hword(j)) && hdr(h, tG[j + 1], hword(j + 1)); @/
  }
*/

/* The headers of the blocks below j, at j and j + 1, and above j + 1 are
 * every block's: g_join_hdrs (heap_tile_join_hdrs.h, one text with
 * heap_tile_take.c's; a small context for tile_put_alone's hdrs). */
#include "heap_tile_join_hdrs.h"

/* After the push (tile j's flag set): the sums (g_put_seq) and every
 * header (g_join_hdrs) give tiled(h) again (a small context for
 * tile_put_alone's end, as heap_tile_take.c's g_post_use). */
/*@ ghost
  /@ requires pp_seq: gseq_but(total, j) && total < 1048576 && total == h->total;
     requires pp_j: 0 <= j && j + 1 < tn && tF[j] == 1 && tF[j + 1] == 0 &&
       (j > 0 ==> tF[j - 1] == 0);
     requires pp_s: tS[j + 1] == tS[j] && \forall integer i; j < i <= tn ==> tS[i] + bsize(j) <= total;
     requires pp_lo: \forall integer i; 0 <= i < j ==> hdr(h, tG[i], hword(i));
     requires pp_hj: hdr(h, tG[j], bsize(j) + 1) && hdr(h, tG[j + 1], bsize(j + 1) + 2);
     requires pp_hi: \forall integer i; j + 2 <= i < tn ==> hdr(h, tG[i], hword(i));
     requires pp_sent: hdr(h, total, 2 * tF[tn - 1]);
     requires pp_fb: h->free_bytes == tS[tn] + bsize(j) && h->min_free <= h->free_bytes;
     requires pp_top: tile_top(h);
     assigns tS[j + 1 .. tn];
     ensures pp_ok: tiled(h);
     ensures pp_up: \forall integer i; j + 1 <= i <= tn ==> tS[i] == \old(tS[i]) + bsize(j);
  @/
  void g_put_post(vos_heap_t *h, uint32_t j, uint32_t total)
  {
      /@ assert o_w: hword(j) == bsize(j) + 1 && hword(j + 1) == bsize(j + 1) + 2; @/
      g_put_seq(j, total);
      /@ assert o_fb: h->free_bytes == tS[tn]; @/
      /@ assert o_lo: \forall integer i; 0 <= i < j ==> hdr(h, tG[i], hword(i)); @/
      /@ assert o_j: hdr(h, tG[j], hword(j)) && hdr(h, tG[j + 1], hword(j + 1)); @/
      /@ assert o_hi: \forall integer i; j + 2 <= i < tn ==> hdr(h, tG[i], hword(i)); @/
      g_join_hdrs(h, j);
      /@ assert o_sent: sentinel(h); @/
      /@ assert o_cnt: counted(h); @/
      /@ assert o_top: tile_top(h); @/
  }
*/

#endif /* EV_WP_HEAP_TILE_PUT_AT_C */
