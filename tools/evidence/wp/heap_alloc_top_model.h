/* SPDX-License-Identifier: MIT */
/*
 * The whole-heap model's update after take_top's effect, free lists
 * included (issue 34): g_top_l calls heap_tile_top.h's g_top (the
 * update of tn, tG, tF, tS; tiled(h) after) on a state whose free lists
 * satisfy tlisted(h) (heap_list_model.h) with the model before the
 * update, and ensures tlisted(h) after it too. g_top changes no memory
 * and no list ghost (lN, lT, lK, lP); it changes only the cells of the
 * last tile (index tn - 1, which lfree excludes: the top is never
 * listed) and above, so every listed tile keeps its index, offset, flag
 * and size. A ghost function, so that heap_alloc_top_model.c's caller
 * (in heap_alloc's large context) needs only its contract: proved by
 * the heap_alloc_top_model_g run (heap_alloc_top_model_g.c, in the
 * model's context only). Include after heap_tile_top.h and
 * heap_list_model.h.
 */
#ifndef EV_WP_HEAP_ALLOC_TOP_MODEL_H
#define EV_WP_HEAP_ALLOC_TOP_MODEL_H

#include "heap_call_sep.h"

/*@ ghost
  /@ GU_PRE(requires)
     requires gl_listed: tlisted(h);
     GU_POST(ensures)
     ensures gl_tlisted: tlisted(h);
  @/
  void g_top_l(vos_heap_t *h, uint32_t bs, uint32_t t, uint32_t o)
  {
      uint32_t m = tn - 1;
      /@ assert q_m: m == tn - 1 && 0 <= m; @/
      /@ assert q_ix: \forall integer c, p; 0 <= c < LCLS && 0 <= p < lN[c] ==>
           0 <= lT[c][p] < m && (p + 1 < lN[c] ==> 0 <= lT[c][p + 1] < m); @/
      g_top(h, bs, t, o);
      /@ assert q_n: tn == m + 1 || tn == m + 2; @/
      /@ assert q_g: \forall integer i; 0 <= i <= m ==> tG[i] == \at(tG[i], Pre); @/
      /@ assert q_f: \forall integer i; 0 <= i < m ==> tF[i] == \at(tF[i], Pre); @/
      /@ assert q_fm: tF[m] == 0; @/
      /@ assert q_lo: \forall integer i; 0 <= i && i + 1 < tn ==> i <= m; @/
      /@ assert q_lt0: \forall integer i; 0 <= i && i + 1 < tn && tF[i] == 1 ==> i < m; @/
      /@ assert q_lt: \forall integer i; lfree(i) ==> i < m; @/
      /@ assert q_fr1: \forall integer i; lfree(i) ==> \at(lfree(i), Pre); @/
      /@ assert q_fr2: \forall integer i; \at(lfree(i), Pre) ==> lfree(i); @/
      /@ assert q_bs: \forall integer i; \at(lfree(i), Pre) ==> bsize(i) == \at(bsize(i), Pre); @/
      /@ assert q_mem: l_mem(h); @/
      /@ assert q_ent: l_ent(h); @/
      /@ assert q_bl: \forall integer c, p; 0 <= c < LCLS && -1 <= p < lN[c] ==>
           lblk(h, c, p) == \at(lblk(h, c, p), Pre); @/
      /@ assert q_heads: l_heads(h); @/
      /@ assert q_links: l_links(h); @/
  }
*/

/* The model's facts alloc_top_model (heap_alloc_top_model.c) uses, about
 * the state before its call of heap_alloc, for a block size bs: the last
 * tile (the top when free), the tiles below it, the lists' indices, the
 * headers, the sums, and the separations the call's frame needs (of the
 * tiles below the last from the descriptor, the caller's out, the lock
 * state and the headers take_top writes; of the last tile's and the
 * sentinel's headers from out and the lock state). A ghost function, so
 * that they are proved here, in the model's context (the run
 * heap_alloc_top_model_g), not in heap_alloc's. */
#define AS_O (h->total - h->top_size)
/*@ ghost
  /@ requires as_h: \valid(h) && arena(h) && arena_sep(h) && lsep(h) && hblk_sep(h);
     requires as_model: tiled(h) && tlisted(h);
     requires as_bs: HB_MIN <= bs && bs % 8 == 0;
     requires as_out: CALL_OUT_APART;
     requires as_lock: CALL_LOCK_APART;
     assigns \nothing;
     ensures as_k: 1 <= tn && tn * HB_MIN <= h->total < 1048576 && tG[tn - 1] <= h->total;
     ensures as_fl: tF[tn - 1] == 0 || tF[tn - 1] == 1;
     ensures as_top1: tF[tn - 1] == 1 ==> h->top_size == bsize(tn - 1) &&
       tG[tn - 1] + h->top_size == h->total && h->top == B(h, tG[tn - 1]);
     ensures as_top0: tF[tn - 1] == 0 ==> h->top_size == 0;
     ensures as_fit: bs <= h->top_size ==> tF[tn - 1] == 1 && AS_O == tG[tn - 1];
     ensures as_sum: tF[tn - 1] == 1 ==> tS[tn] == tS[tn - 1] + h->top_size;
     ensures as_ix: \forall integer c, p; 0 <= c < LCLS && 0 <= p < lN[c] ==>
       0 <= lT[c][p] < tn - 1 && (p + 1 < lN[c] ==> 0 <= lT[c][p + 1] < tn - 1);
     ensures as_al: (h->top_size - bs) % 8 == 0 || h->top_size < bs;
     ensures as_bl: \forall integer i; 0 <= i < tn - 1 ==>
       \separated(B(h, tG[i]), h) && \separated(B(h, tG[i]), out) &&
       \separated(B(h, tG[i]), &ev_lock_depth);
     ensures as_blw: bs <= h->top_size ==> \forall integer i; 0 <= i < tn - 1 ==>
       \separated(B(h, tG[i]), &B(h, AS_O)->size) && \separated(B(h, tG[i]), &B(h, AS_O)->check) &&
       \separated(B(h, tG[i]), &B(h, AS_O + bs)->size) && \separated(B(h, tG[i]), &B(h, AS_O + bs)->check) &&
       \separated(B(h, tG[i]), &B(h, h->total)->size) && \separated(B(h, tG[i]), &B(h, h->total)->check);
     ensures as_ks: \separated(&B(h, tG[tn - 1])->size, out) && \separated(&B(h, tG[tn - 1])->check, out) &&
       \separated(&B(h, h->total)->size, out) && \separated(&B(h, h->total)->check, out) &&
       \separated(&B(h, tG[tn - 1])->size, &ev_lock_depth) && \separated(&B(h, tG[tn - 1])->check, &ev_lock_depth) &&
       \separated(&B(h, h->total)->size, &ev_lock_depth) && \separated(&B(h, h->total)->check, &ev_lock_depth);
     ensures as_kb: \base_addr(B(h, tG[tn - 1])) != \base_addr(h) && \base_addr(B(h, h->total)) != \base_addr(h) &&
       (bs <= h->top_size ==> \base_addr(B(h, AS_O)) != \base_addr(h) && \base_addr(B(h, AS_O + bs)) != \base_addr(h));
     ensures as_hb: \forall integer i; 0 <= i < tn - 1 ==> \base_addr(B(h, tG[i])) != \base_addr(h) &&
       \separated(&B(h, tG[i])->size, &ev_lock_depth) && \separated(&B(h, tG[i])->check, &ev_lock_depth) &&
       \separated(&B(h, tG[i])->size, out) && \separated(&B(h, tG[i])->check, out);
     ensures as_w1: bs <= h->top_size ==> \forall integer i; 0 <= i < tn - 1 ==> hsep(h, tG[i], AS_O);
     ensures as_w2: bs <= h->top_size ==> \forall integer i; 0 <= i < tn - 1 ==> hsep(h, tG[i], AS_O + bs);
     ensures as_w3: bs <= h->top_size ==> \forall integer i; 0 <= i < tn - 1 ==> hsep(h, tG[i], h->total);
     ensures as_hdr: \forall integer i; 0 <= i < tn - 1 ==> hdr(h, tG[i], hword(i));
     ensures as_hk: hdr(h, tG[tn - 1], hword(tn - 1)) && hdr(h, h->total, 2 * tF[tn - 1]);
     ensures as_cnt: h->free_bytes == tS[tn] && h->min_free <= h->free_bytes;
  @/
  void am_sep(vos_heap_t *h, void **out, uint32_t bs)
  {
      uint32_t k = tn - 1;
      uint32_t o = tG[tn - 1];
      uint32_t t = h->top_size;
      /@ assert s_k: k == tn - 1 && 0 <= k < tn && o == tG[k] && tn * HB_MIN <= h->total < 1048576; @/
      /@ assert s_fit: bs <= t ==> tF[k] == 1 && h->total - t == o && o + bs <= h->total; @/
      /@ assert s_lo: \forall integer i; 0 <= i < k ==>
           0 <= tG[i] && tG[i] + HB_MIN <= o && tG[i] % 8 == 0 && o % 8 == 0; @/
      /@ assert s_in: \forall integer i; 0 <= i < tn ==> 0 <= tG[i] <= h->total && tG[i] % 8 == 0; @/
      /@ assert s_sep: bs <= t ==> \forall integer i; 0 <= i < k ==>
           hsep(h, tG[i], o) && hsep(h, tG[i], o + bs) && hsep(h, tG[i], h->total); @/
      /@ assert s_blw: bs <= t ==> \forall integer i; 0 <= i < k ==>
           tG[i] + HB_MIN <= o && tG[i] + HB_MIN <= o + bs && tG[i] + HB_MIN <= h->total &&
           o % 8 == 0 && (o + bs) % 8 == 0 && h->total % 8 == 0; @/
  }
*/

#endif
