/* SPDX-License-Identifier: MIT */
/*
 * l_top_pre: the whole-heap model gives take_top's heap preconditions
 * (heap_top.c: top_ok(h), top_size <= free_bytes, and the headers it
 * writes apart), from tiled(h) (tile_top, hdrs, sentinel, counted, gseq;
 * heap_tile_model.h) and arena_sep(h), for any request bs (a multiple of
 * 8, at least HB_MIN). One text for its two users: heap_list_top_alloc.c
 * (l_alloc_top, heap_alloc's top path on the model) and heap_alloc_ok.c
 * (ok_of_model: heap_ok's top part); proved by the heap_list_top_alloc
 * run only (-wp-fct l_top_pre,l_alloc_top), used by its contract
 * elsewhere. Include after heap_top.c and heap_tile_model.h.
 */
#ifndef EV_WP_HEAP_TOP_PRE_H
#define EV_WP_HEAP_TOP_PRE_H

/* The model gives take_top's heap preconditions (heap_top.c). */
/*@ ghost
  /@ requires tp_pre: \valid(h) && arena(h) && arena_sep(h) && tiled(h);
     requires tp_bs: HB_MIN <= bs && bs % 8 == 0;
     assigns \nothing;
     ensures tp_ok: top_ok(h);
     ensures tp_fb: h->top_size <= h->free_bytes;
     ensures tp_split: h->top_size >= bs + HB_MIN ==>
       hsep(h, h->total - h->top_size, h->total - h->top_size + bs) &&
       hsep(h, h->total - h->top_size, h->total) &&
       hsep(h, h->total - h->top_size + bs, h->total);
     ensures tp_whole: bs <= h->top_size < bs + HB_MIN ==>
       hsep(h, h->total - h->top_size, h->total);
  @/
  void l_top_pre(vos_heap_t *h, uint32_t bs)
  {
      /@ assert q_tl: gseq(h->total) && hdrs(h) && sentinel(h) && counted(h) && tile_top(h); @/
      /@ assert q_hs: \forall integer i; 0 <= i < tn ==> hdr(h, tG[i], hword(i)); @/
      uint32_t m = tn - 1;
      /@ assert q_m: m == tn - 1 && 0 <= m && tn * HB_MIN <= h->total < 1048576; @/
      /@ assert q_fl: tF[m] == 0 || tF[m] == 1; @/
      /@ assert q_end: tG[m + 1] == h->total && tG[m] % 8 == 0 && h->total % 8 == 0; @/
      /@ assert q_sent: hdr(h, h->total, 2 * tF[m]); @/
      if (tF[m] == 1) {
          /@ assert q_h: hdr(h, tG[m], hword(m)); @/
          /@ assert q_t: h->top == B(h, tG[m]) && h->top_size == bsize(m); @/
          /@ assert q_sz: HB_MIN <= bsize(m) && tG[m] == h->total - h->top_size && 0 <= tG[m]; @/
          /@ assert q_pf: pfree(m) == 0; @/
          /@ assert q_w: hword(m) == bsize(m) + 1 && (bsize(m) | 1) == bsize(m) + 1; @/
          /@ assert q_h1: hdr(h, h->total - h->top_size, h->top_size | HB_FREE); @/
          /@ assert q_s1: hdr(h, h->total, HB_PREV_FREE); @/
          /@ assert q_s: top_some(h); @/
          /@ assert q_fb: tS[tn] == tS[m] + bsize(m) && 0 <= tS[m]; @/
      } else {
          /@ assert q_n: top_none(h); @/
      }
  }
*/

#endif
