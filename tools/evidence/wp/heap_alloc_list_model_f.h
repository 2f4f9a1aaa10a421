/* SPDX-License-Identifier: MIT */
/*
 * The whole-heap model's facts before heap_alloc's call on its list
 * path, exact fit (issue 34), as ghost functions, so that
 * a caller in heap_alloc's context (alloc_list_model,
 * heap_alloc_list_model.c, on branch listpath, not proved) needs only
 * their contracts: proved by
 * the heap_alloc_list_model_f run (heap_alloc_list_model_f.c, in the
 * lists' context only: heap_list.c, heap_flat.h):
 *  - g_lsep: flat-memory separations at the found block;
 *  - g_kgeo: the tiles' geometry and headers at a free tile k (from gseq
 *    and hdrs alone);
 *  - g_tsep: g_lsep's separations at every tile but k and k + 1;
 *  - lw_facts: the model's facts before heap_alloc's call at the found
 *    head (list idx's, tile k): its place, size and headers, its list
 *    successor t, and the separations the call's frame
 *    (heap_alloc_list_model_frame.c's default assigns) needs, from
 *    flat(h), tiled(h), tlisted(h) and lsep(h), through g_kgeo and
 *    g_tsep (session 29's lw_facts, with their asserts inline, left 8 of
 *    136 goals open in the context of tlisted(h) and flat(h): hdrs at k,
 *    gseq's pairwise bound, g_lsep's separations at every tile; and
 *    tG[k + 1] passed as a C argument reads tG[(uint32_t)(k + 1)], so
 *    g_tsep names k + 1 as a variable k1 first).
 * Include after heap_list.c and heap_flat.h.
 */
#ifndef EV_WP_HEAP_ALLOC_LIST_MODEL_F_H
#define EV_WP_HEAP_ALLOC_LIST_MODEL_F_H

#include "heap_call_sep.h"

/* Flat memory at take's whole case (a small context for lw_facts): the
 * blk_t at every offset a HB_MIN or more bytes below o, or at or above
 * o1 + HB_MIN, is apart from the headers at o and o1, the blk_t at
 * o + bs and the tag word ending at o1; the sentinel's header from those
 * (proved by the heap_alloc_list_model_g run, from flat(h)). */
/*@ ghost
  /@ requires ls_h: flat(h) && h->total % 8 == 0 && 0 <= h->total < 1048576;
     requires ls_o: 0 <= o && o % 8 == 0 && HB_MIN <= bs && bs % 8 == 0 && o + bs <= o1 &&
       o + HB_MIN <= o1 && o1 % 8 == 0 && o1 + HB_MIN <= h->total;
     assigns \nothing;
     ensures ls_a: \forall integer a; 0 <= a && a % 8 == 0 && a + HB_MIN <= h->total &&
       (a + HB_MIN <= o || o1 + HB_MIN <= a) ==>
       \separated(B(h, a), &B(h, o)->size) && \separated(B(h, a), &B(h, o)->check) &&
       \separated(B(h, a), &B(h, o1)->size) && \separated(B(h, a), &B(h, o1)->check) &&
       \separated(B(h, a), B(h, o + bs)) && \separated(B(h, a), T(h, o1));
     ensures ls_s: hsep(h, h->total, o) && hsep(h, h->total, o1) &&
       \separated(B(h, o + bs), &B(h, h->total)->size) &&
       \separated(B(h, o + bs), &B(h, h->total)->check);
     ensures ls_b: \base_addr(B(h, o)) != \base_addr(h) && \base_addr(B(h, o1)) != \base_addr(h) &&
       \base_addr(B(h, o + bs)) != \base_addr(h) && \base_addr(T(h, o1)) != \base_addr(h);
  @/
  void g_lsep(vos_heap_t *h, uint32_t o, uint32_t o1, uint32_t bs)
  {
      /@ assert u_in: fl_blk(h, o + bs) && fl_hdr(h, o) && fl_hdr(h, o1) && fl_tag(h, o1) &&
           fl_hdr(h, h->total) && fl_blk(h, h->total - HB_MIN); @/
      /@ assert u_ap: \forall integer a; 0 <= a && a % 8 == 0 && a + HB_MIN <= h->total &&
           (a + HB_MIN <= o || o1 + HB_MIN <= a) ==>
           fl_blk(h, a) && fl_apart(a, sizeof(blk_t), o, HB_HDR) && fl_apart(a, sizeof(blk_t), o1, HB_HDR) &&
           fl_apart(a, sizeof(blk_t), o + bs, sizeof(blk_t)) &&
           fl_apart(o1 - HB_FOOT, HB_FOOT, a, sizeof(blk_t)); @/
      /@ assert u_s: fl_apart(h->total, HB_HDR, o, HB_HDR) && fl_apart(h->total, HB_HDR, o1, HB_HDR) &&
           fl_apart(o + bs, sizeof(blk_t), h->total, HB_HDR); @/
      /@ assert u_b: fl_blk(h, o) && fl_blk(h, o1); @/
  }
*/

/* The tiles' geometry at a free tile k (a small context for lw_facts):
 * the sequence's bounds, k's and k + 1's sizes and headers (k + 1 in
 * use, after a free tile), every other tile HB_MIN or more bytes below
 * tG[k] or above tG[k + 1], from gseq and hdrs alone. */
/*@ ghost
  /@ requires kg_seq: gseq(h->total) && h->total < 1048576;
     requires kg_hdr: hdrs(h);
     requires kg_k: 0 <= k && k + 1 < tn && tF[k] == 1;
     assigns \nothing;
     ensures kg_room: tn * HB_MIN <= h->total && tn <= 43690 && k + 2 <= tn;
     ensures kg_al: \forall integer x; 0 <= x <= tn ==> tG[x] % 8 == 0 && 0 <= tG[x] <= h->total;
     ensures kg_in: \forall integer x; 0 <= x < tn ==> tG[x] + HB_MIN <= h->total;
     ensures kg_geo: 0 <= tG[k] && tG[k] % 8 == 0 && bsize(k) % 8 == 0 && HB_MIN <= bsize(k) &&
       tG[k + 1] == tG[k] + bsize(k) && tG[k + 1] % 8 == 0 && tG[k + 1] + HB_MIN <= h->total &&
       bsize(k + 1) % 8 == 0 && HB_MIN <= bsize(k + 1) && tF[k + 1] == 0;
     ensures kg_hk: hdr(h, tG[k], bsize(k) + 1) && hdr(h, tG[k + 1], bsize(k + 1) + 2);
     ensures kg_lo: \forall integer x; 0 <= x < k ==> tG[x] + HB_MIN <= tG[k];
     ensures kg_hi: \forall integer x; k + 2 <= x < tn ==> tG[k + 1] + HB_MIN <= tG[x];
  @/
  void g_kgeo(vos_heap_t *h, uint32_t k)
  {
      /@ assert k_pw: \forall integer x, y; 0 <= x <= y <= tn ==> tG[y] - tG[x] >= (y - x) * HB_MIN; @/
      /@ assert k_f: tF[k + 1] == 0 && (k > 0 ==> tF[k - 1] == 0); @/
      /@ assert k_hw: hword(k) == bsize(k) + 1 && hword(k + 1) == bsize(k + 1) + 2; @/
      /@ assert k_h: hdr(h, tG[k], hword(k)) && hdr(h, tG[k + 1], hword(k + 1)); @/
  }
*/

/* Flat memory at every tile but k and k + 1 (a small context for
 * lw_facts): g_lsep's separations at each such tile's blk_t. */
/*@ ghost
  /@ requires ts_h: flat(h) && h->total % 8 == 0 && 0 <= h->total < 1048576;
     requires ts_k: 0 <= k && k + 2 <= tn && tn <= 43690 && HB_MIN <= bs && bs % 8 == 0 && bs <= bsize(k) &&
       0 <= tG[k] && tG[k] % 8 == 0 && HB_MIN <= bsize(k) && tG[k + 1] == tG[k] + bsize(k) &&
       tG[k + 1] % 8 == 0 && tG[k + 1] + HB_MIN <= h->total;
     requires ts_al: \forall integer x; 0 <= x <= tn ==> tG[x] % 8 == 0 && 0 <= tG[x] <= h->total;
     requires ts_in: \forall integer x; 0 <= x < tn ==> tG[x] + HB_MIN <= h->total;
     requires ts_lo: \forall integer x; 0 <= x < k ==> tG[x] + HB_MIN <= tG[k];
     requires ts_hi: \forall integer x; k + 2 <= x < tn ==> tG[k + 1] + HB_MIN <= tG[x];
     assigns \nothing;
     ensures ts_bl: \forall integer x; 0 <= x < tn && x != k && x != k + 1 ==>
       \separated(B(h, tG[x]), &B(h, tG[k])->size) && \separated(B(h, tG[x]), &B(h, tG[k])->check) &&
       \separated(B(h, tG[x]), &B(h, tG[k + 1])->size) && \separated(B(h, tG[x]), &B(h, tG[k + 1])->check) &&
       \separated(B(h, tG[x]), B(h, tG[k] + bs)) && \separated(B(h, tG[x]), T(h, tG[k + 1]));
     ensures ts_s: hsep(h, h->total, tG[k]) && hsep(h, h->total, tG[k + 1]) &&
       \separated(B(h, tG[k] + bs), &B(h, h->total)->size) &&
       \separated(B(h, tG[k] + bs), &B(h, h->total)->check);
     ensures ts_b: \base_addr(B(h, tG[k])) != \base_addr(h) && \base_addr(B(h, tG[k + 1])) != \base_addr(h) &&
       \base_addr(B(h, tG[k] + bs)) != \base_addr(h) && \base_addr(T(h, tG[k + 1])) != \base_addr(h);
  @/
  void g_tsep(vos_heap_t *h, uint32_t k, uint32_t bs)
  {
      uint32_t k1 = k + 1;
      /@ assert t_k1: k1 == k + 1; @/
      g_lsep(h, tG[k], tG[k1], bs);
      /@ assert t_ta: \forall integer x; 0 <= x < tn && x != k && x != k + 1 ==>
           0 <= tG[x] && tG[x] % 8 == 0 && tG[x] + HB_MIN <= h->total &&
           (tG[x] + HB_MIN <= tG[k] || tG[k + 1] + HB_MIN <= tG[x]); @/
  }
*/

/* The model's facts alloc_list_model (branch listpath) uses,
 * about the state before its call of heap_alloc, for the head of list
 * idx (tile k) and a request of bs bytes it holds: its place, header
 * word and size, the next tile's header, its list successor t (k when it
 * has none), and the separations the call's frame needs: of every tile
 * but k and k + 1 from the descriptor, out, the lock state, the headers
 * at tG[k] and tG[k + 1], the blk_t at tG[k] + bs, the tag word ending
 * at tG[k + 1], t's blk_t and every other list head; of the other list
 * heads from t's blk_t and the next tile's header (heap_alloc's lw_sep);
 * of the sentinel's header from those written. */
#define LF_O (tG[k])
#define LF_O1 (tG[k + 1])
/*@ ghost
  /@ requires lf_h: \valid(h) && arena(h) && arena_sep(h) && flat(h) && tiled(h) && tlisted(h) && lsep(h);
     requires lf_k: 0 <= idx < LCLS && h->lists[idx] != \null && k == lT[idx][lN[idx] - 1];
     requires lf_t: t == (lN[idx] >= 2 ? lT[idx][lN[idx] - 2] : k);
     requires lf_bs: HB_MIN <= bs && bs % 8 == 0 && bs <= 524296 && cls_ceil(bs) <= idx;
     requires lf_out: CALL_OUT_APART;
     requires lf_lock: CALL_LOCK_APART;
     assigns \nothing;
     ensures lf_at: lfree(k) && lK[k] == idx && lP[k] == lN[idx] - 1 && tn <= 43690 &&
       h->lists[idx] == B(h, LF_O);
     ensures lf_geo: 0 <= LF_O && LF_O % 8 == 0 && bsize(k) % 8 == 0 && HB_MIN <= bsize(k) &&
       bs <= bsize(k) && LF_O1 == LF_O + bsize(k) && LF_O1 + HB_MIN <= h->total &&
       bsize(k + 1) % 8 == 0 && HB_MIN <= bsize(k + 1) && tF[k + 1] == 0 && k + 1 < tn;
     ensures lf_w: h->lists[idx]->size == bsize(k) + 1 && hdr(h, LF_O1, bsize(k + 1) + 2);
     ensures lf_nx: lN[idx] >= 2 ==> lfree(t) && lK[t] == idx && t != k && t != k + 1 &&
       h->lists[idx]->next_free == B(h, tG[t]);
     ensures lf_n0: lN[idx] < 2 ==> h->lists[idx]->next_free == \null && t == k;
     ensures lf_bl: \forall integer i; 0 <= i < tn && i != k && i != k + 1 ==>
       \separated(B(h, tG[i]), h) && \separated(B(h, tG[i]), out) &&
       \separated(B(h, tG[i]), &ev_lock_depth) && \base_addr(B(h, tG[i])) != \base_addr(h) &&
       \separated(B(h, tG[i]), &B(h, LF_O)->size) && \separated(B(h, tG[i]), &B(h, LF_O)->check) &&
       \separated(B(h, tG[i]), &B(h, LF_O1)->size) && \separated(B(h, tG[i]), &B(h, LF_O1)->check) &&
       \separated(B(h, tG[i]), B(h, LF_O + bs)) && \separated(B(h, tG[i]), T(h, LF_O1)) &&
       (i != t ==> \separated(B(h, tG[i]), B(h, tG[t])));
     ensures lf_hd: \forall integer i, j; 0 <= i < tn && i != k && i != k + 1 &&
       0 <= j < LCLS && h->lists[j] != \null && h->lists[j] != B(h, tG[i]) ==>
       \separated(B(h, tG[i]), h->lists[j]);
     ensures lf_sep: \forall integer j; 0 <= j < LCLS && j != idx && h->lists[j] != \null ==>
       (lN[idx] >= 2 ==> \separated(h->lists[j], B(h, tG[t]))) &&
       \separated(h->lists[j], &B(h, LF_O1)->size) && \separated(h->lists[j], &B(h, LF_O1)->check) &&
       \separated(h->lists[j], &ev_lock_depth) && \separated(h->lists[j], out);
     ensures lf_hb: \forall integer j; 0 <= j < LCLS && h->lists[j] != \null ==>
       \base_addr(h->lists[j]) != \base_addr(h);
     ensures lf_sent: \base_addr(B(h, h->total)) != \base_addr(h) &&
       hsep(h, h->total, LF_O) && hsep(h, h->total, LF_O1) &&
       \separated(B(h, LF_O + bs), &B(h, h->total)->size) &&
       \separated(B(h, LF_O + bs), &B(h, h->total)->check);
     ensures lf_base: \base_addr(B(h, LF_O)) != \base_addr(h) && \base_addr(B(h, LF_O1)) != \base_addr(h) &&
       \base_addr(B(h, LF_O + bs)) != \base_addr(h) && \base_addr(T(h, LF_O1)) != \base_addr(h);
  @/
  void lw_facts(vos_heap_t *h, void **out, uint32_t idx, uint32_t bs, uint32_t k, uint32_t t)
  {
      /@ assert e_parts: gseq(h->total) && hdrs(h) && sentinel(h) && tile_top(h) &&
           l_mem(h) && l_ent(h) && l_heads(h) && l_links(h); @/
      uint32_t i = l_head(h, idx);
      /@ assert e_i: i == k && lfree(k) && h->lists[idx] == B(h, tG[k]); @/
      /@ assert e_seq: gseq(h->total) && h->total < 1048576 && hdrs(h) && 0 <= k && k + 1 < tn && tF[k] == 1; @/
      g_kgeo(h, k);
      /@ assert e_sz: h->lists[idx]->size == bsize(k) + 1; @/
      /@ assert e_nx0: h->lists[idx]->next_free == lblk(h, idx, lN[idx] - 2); @/
      /@ assert e_nx1: lN[idx] >= 2 ==> lblk(h, idx, lN[idx] - 2) == B(h, tG[t]) &&
           lfree(t) && lK[t] == idx && lP[t] == lN[idx] - 2; @/
      /@ assert e_fit: bs <= bsize(k); @/
      g_tsep(h, k, bs);
      /@ assert e_t1: lN[idx] >= 2 ==> t != k && t != k + 1 && 0 <= t < tn; @/
      /@ assert e_hd: \forall integer j; 0 <= j < LCLS && h->lists[j] != \null ==>
           lfree(lT[j][lN[j] - 1]) && h->lists[j] == B(h, tG[lT[j][lN[j] - 1]]) &&
           lK[lT[j][lN[j] - 1]] == j; @/
      /@ assert e_hb: \forall integer j; 0 <= j < LCLS && h->lists[j] != \null ==>
           0 <= tG[lT[j][lN[j] - 1]] <= h->total; @/
      /@ assert e_hj: \forall integer j; 0 <= j < LCLS && j != idx && h->lists[j] != \null ==>
           lT[j][lN[j] - 1] != k && lT[j][lN[j] - 1] != k + 1 && 0 <= lT[j][lN[j] - 1] < tn &&
           (lN[idx] >= 2 ==> lT[j][lN[j] - 1] != t); @/
      /@ assert e_hs: \forall integer j; 0 <= j < LCLS && j != idx && h->lists[j] != \null ==>
           \let m = lT[j][lN[j] - 1];
           (lN[idx] >= 2 ==> \separated(B(h, tG[m]), B(h, tG[t]))) &&
           \separated(B(h, tG[m]), &B(h, LF_O1)->size) && \separated(B(h, tG[m]), &B(h, LF_O1)->check) &&
           \separated(B(h, tG[m]), &ev_lock_depth) && \separated(B(h, tG[m]), out); @/
  }
*/

#endif
