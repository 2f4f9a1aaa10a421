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

/*@ ghost
  /@ requires gl_h: \valid(h);
     requires gl_seq: gseq(h->total) && h->total < 1048576;
     requires gl_bs: HB_MIN <= bs && bs % 8 == 0;
     requires gl_last: tF[tn - 1] == 1 && tG[tn - 1] == o && bsize(tn - 1) == t && bs <= t;
     requires gl_lo: \forall integer i; 0 <= i < tn - 1 ==> hdr(h, tG[i], hword(i));
     requires gl_split: t >= bs + HB_MIN ==>
       hdr(h, o, bs) && hdr(h, o + bs, t - bs + 1) && hdr(h, h->total, 2) &&
       h->top == B(h, o + bs) && h->top_size == t - bs && h->free_bytes == tS[tn] - bs;
     requires gl_whole: t < bs + HB_MIN ==>
       hdr(h, o, t) && hdr(h, h->total, 0) && h->top == \null && h->top_size == 0 &&
       h->free_bytes == tS[tn] - t;
     requires gl_min: h->min_free <= h->free_bytes;
     requires gl_listed: tlisted(h);
     assigns tn, tG[tn .. tn + 1], tF[tn - 1 .. tn], tS[tn .. tn + 1];
     ensures gl_tiled: tiled(h);
     ensures gl_tlisted: tlisted(h);
     ensures gl_n: tn == \old(tn) || tn == \old(tn) + 1;
     ensures gl_k: tF[\old(tn) - 1] == 0 && tG[\old(tn) - 1] == o &&
       bsize(\old(tn) - 1) == (t >= bs + HB_MIN ? bs : t);
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

#endif
