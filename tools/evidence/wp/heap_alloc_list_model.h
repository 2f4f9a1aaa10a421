/* SPDX-License-Identifier: MIT */
/*
 * The whole-heap model's update after take's whole case (the found block
 * kept whole), free lists included, and the model's facts before it
 * (issue 34), as ghost functions, so that a caller in heap_alloc's large
 * context (the composition alloc_list_model, heap_alloc_list_model.c,
 * on branch listpath, not proved) needs only their contracts: proved by
 * the heap_alloc_list_model_g run (heap_alloc_list_model_g.c, in the
 * model's context only).
 *  - g_lw: tile k, the head of list idx, is allocated: heap_tile_take.c's
 *    g_post_use (the tiles' update: tF[k] cleared, the sums; tiled's
 *    parts from the headers take wrote) and heap_list.c's g_pop (the
 *    lists' update: lN[idx] one less; tlisted(h) from the links and
 *    heads list_pop left), each by its contract. g_pop clears tF[k]
 *    itself and requires it set, so g_lw sets it again between the two
 *    (a ghost write; the flags after are g_post_use's);
 * The model's facts before the call: heap_alloc_list_model_f.h.
 * Include after heap_tile_take.c and heap_list.c.
 */
#ifndef EV_WP_HEAP_ALLOC_LIST_MODEL_H
#define EV_WP_HEAP_ALLOC_LIST_MODEL_H

/*@ ghost
  /@ requires gw_v: \valid(h);
     requires gw_seq: gseq(h->total) && h->total < 1048576;
     requires gw_k: 0 <= idx < LCLS && 1 <= lN[idx] && lT[idx][lN[idx] - 1] == k &&
       0 <= k && k + 1 < tn && tn <= TMAX && tF[k] == 1;
     requires gw_m: l_mem(h) && l_ent(h);
     requires gw_cap: \forall integer c; 0 <= c < LCLS ==> lN[c] < TMAX;
     requires gw_lb: \forall integer c, p; 0 <= c < LCLS && 0 <= p < lN[c] &&
       !(c == idx && lN[idx] - 2 <= p) ==>
         NF2(lT[c][p]) == lblk(h, c, p - 1) &&
         PP2(lT[c][p]) == (p == lN[c] - 1 ? &h->lists[c] : &B(h, tG[lT[c][p + 1]])->next_free);
     requires gw_hb: l_heads_but(h, idx);
     requires gw_h: h->lists[idx] == lblk(h, idx, lN[idx] - 2);
     requires gw_ft: lN[idx] >= 2 ==>
       NF2(lT[idx][lN[idx] - 2]) == lblk(h, idx, lN[idx] - 3) &&
       PP2(lT[idx][lN[idx] - 2]) == &h->lists[idx];
     requires gw_lo: \forall integer i; 0 <= i < k ==> hdr(h, tG[i], hword(i));
     requires gw_hi: \forall integer i; k + 1 < i < tn ==> hdr(h, tG[i], hword(i));
     requires gw_hk: hdr(h, tG[k], bsize(k)) && hdr(h, tG[k + 1], bsize(k + 1));
     requires gw_sent: hdr(h, h->total, 2 * tF[tn - 1]);
     requires gw_cnt: h->free_bytes == tS[tn] - bsize(k) && h->min_free <= h->free_bytes;
     requires gw_top: tile_top(h);
     assigns tF[k], tS[k + 1 .. tn], lN[idx];
     ensures gw_tiled: tiled(h);
     ensures gw_listed: tlisted(h);
     ensures gw_f: tF[k] == 0;
  @/
  void g_lw(vos_heap_t *h, uint32_t idx, uint32_t k)
  {
      g_post_use(h, k, h->total);
  Lm:
      /@ assert m_t: tiled(h) && tF[k] == 0; @/
      tF[k] = 1;
      /@ assert m_lm: l_mem(h) && l_ent(h); @/
      g_pop(h, k, idx);
      /@ assert m_f: \forall integer i; 0 <= i < tn ==> tF[i] == \at(tF[i], Lm); @/
      /@ assert m_g: gseq(h->total); @/
      /@ assert m_h: hdrs(h) && sentinel(h) && counted(h) && tile_top(h); @/
  }
*/


#endif
