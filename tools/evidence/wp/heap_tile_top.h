/* SPDX-License-Identifier: MIT */
/*
 * The whole-heap model's update after take_top (heap_tile.c explains the
 * model and the update), as ghost functions over take_top's effect, so
 * that any function whose proved effect is take_top's (heap_tile.c's
 * tile_take_top, after its call of take_top; heap_alloc's behavior
 * from_top, heap_alloc_top_ens.c) can update the model with one call: g_top takes the state after take_top as its preconditions
 * (the headers below the old last tile as they were, the split or whole
 * case's headers, top and free_bytes as take_top's contract states them,
 * heap_top.c) and the old last tile's offset o and size t, updates the
 * ghost model (g_split or g_whole) and ensures tiled(h). The ghost
 * functions g_cover (moved here from heap_tile.c) and g_top are proved
 * by the heap_tile run, g_split and g_whole by the heap_tile_gsplit run
 * (both provers); g_split reaches gseq by
 * heap_tile_reseq.h's g_reseq (its contract; proved by the
 * heap_tile_reseq run). Include after heap_model.h and
 * heap_tile_model.h.
 */
#ifndef EV_WP_HEAP_TILE_TOP_H
#define EV_WP_HEAP_TILE_TOP_H

#include "heap_tile_reseq.h"

/* The model's updates, as ghost functions (proved by the heap_tile and
 * heap_tile_gsplit runs). */
/*@ ghost
  /@ requires gseq(total) && total < 1048576;
     requires tF[tn - 1] == 1 && HB_MIN <= bs && bs % 8 == 0 && bsize(tn - 1) >= bs + HB_MIN;
     requires tn >= 2 ==> tF[tn - 2] == 0;
     assigns tn, tG[tn .. tn + 1], tF[tn - 1 .. tn], tS[tn .. tn + 1];
     ensures gseq(total);
     ensures tn == \old(tn) + 1;
     ensures tG[tn - 1] == \old(tG[tn - 1]) + bs && tG[tn - 2] == \old(tG[tn - 1]);
     ensures tF[tn - 2] == 0 && tF[tn - 1] == 1;
     ensures tS[tn] == \old(tS[tn]) - bs;
     ensures \forall integer i; 0 <= i < \old(tn) - 1 ==> hword(i) == \old(hword(i));
     ensures hword(tn - 2) == bs && hword(tn - 1) == bsize(tn - 1) + 1 && bsize(tn - 1) == \old(bsize(tn - 1)) - bs;
  @/
  void g_split(uint32_t bs, uint32_t total)
  {
      uint32_t k = tn - 1;
      /@ assert g_kk: k == tn - 1 && 0 <= k < tn; @/
      /@ assert g_room: tn * HB_MIN <= total && tn <= 43690; @/
      /@ assert g_prev: k > 0 ==> tF[k - 1] == 0; @/
      /@ assert g_pk: \forall integer i; 0 <= i <= k ==> tG[k] - tG[i] >= (k - i) * HB_MIN; @/
      tG[k + 1] = tG[k] + bs;
      tG[k + 2] = total;
      tF[k] = 0;
      tF[k + 1] = 1;
      tS[k + 1] = tS[k];
      tS[k + 2] = tS[k] + (total - tG[k + 1]);
      tn = k + 2;
      g_reseq(total, k);
      /@ assert s_pf0: k > 0 ==> tF[k - 1] == 0; @/
      /@ assert s_bk0: bsize(k) == bs; @/
      /@ assert s_bk: hword(k) == bs; @/
      /@ assert s_bk1: bsize(k + 1) == \at(bsize(tn - 1), Pre) - bs && hword(k + 1) == bsize(k + 1) + 1; @/
  }
*/

/*@ ghost
  /@ requires gseq(total) && total < 1048576;
     requires tF[tn - 1] == 1;
     assigns tF[tn - 1], tS[tn];
     ensures gseq(total);
     ensures tF[tn - 1] == 0;
     ensures tS[tn] == \old(tS[tn - 1]);
     ensures \forall integer i; 0 <= i < tn - 1 ==> hword(i) == \old(hword(i));
     ensures hword(tn - 1) == bsize(tn - 1);
  @/
  void g_whole(uint32_t total)
  {
      uint32_t k = tn - 1;
      /@ assert g_kk: k == tn - 1 && 0 <= k < tn; @/
      /@ assert g_room: tn * HB_MIN <= total && tn <= 43690; @/
      tF[k] = 0;
      tS[k + 1] = tS[k];
      /@ assert w_fl: \forall integer i; 0 <= i < tn ==> tF[i] == 0 || tF[i] == 1; @/
      /@ assert w_adj: \forall integer i; 0 <= i && i + 1 < tn ==> !(tF[i] == 1 && tF[i + 1] == 1); @/
      /@ assert w_g: tG[k] == \at(tG[tn - 1], Pre) && tG[k + 1] == \at(tG[tn], Pre); @/
      /@ assert w_b: bsize(k) == \at(bsize(tn - 1), Pre); @/
      /@ assert w_sum: \forall integer i; 0 <= i < tn ==> tS[i + 1] == tS[i] + (tF[i] == 1 ? bsize(i) : 0); @/
  }
*/

/* Every header valid, assembled from its parts (a lemma function:
 * proved by this run, with no other hypothesis in sight). */
/*@ ghost
  /@ requires \forall integer i; 0 <= i < k ==> hdr(h, tG[i], hword(i));
     requires hdr(h, tG[k], hword(k)) && hdr(h, tG[k + 1], hword(k + 1));
     assigns \nothing;
     ensures \forall integer i; 0 <= i < k + 2 ==> hdr(h, tG[i], hword(i));
  @/
  void g_cover(vos_heap_t *h, uint32_t k) { }
*/

/* g_top's preconditions, one text for g_top and for the callers'
 * ghost functions that restate them to call it (heap_alloc_top_model.h's
 * g_top_l): KW is `requires`; h, bs, t and o are the caller's names. */
#define GU_PRE(KW) \
    KW gu_h: \valid(h); \
    KW gu_seq: gseq(h->total) && h->total < 1048576; \
    KW gu_bs: HB_MIN <= bs && bs % 8 == 0; \
    KW gu_last: tF[tn - 1] == 1 && tG[tn - 1] == o && bsize(tn - 1) == t && bs <= t; \
    KW gu_lo: \forall integer i; 0 <= i < tn - 1 ==> hdr(h, tG[i], hword(i)); \
    KW gu_split: t >= bs + HB_MIN ==> \
      hdr(h, o, bs) && hdr(h, o + bs, t - bs + 1) && hdr(h, h->total, 2) && \
      h->top == B(h, o + bs) && h->top_size == t - bs && h->free_bytes == tS[tn] - bs; \
    KW gu_whole: t < bs + HB_MIN ==> \
      hdr(h, o, t) && hdr(h, h->total, 0) && h->top == \null && h->top_size == 0 && \
      h->free_bytes == tS[tn] - t; \
    KW gu_min: h->min_free <= h->free_bytes;

/* g_top's assigns and ensures, one text for g_top and for the callers'
 * ghost functions that state them again with more (heap_alloc_top_model.h's
 * g_top_l): KW is `ensures`; h, bs, t and o are the caller's names. */
#define GU_POST(KW) \
    assigns tn, tG[tn .. tn + 1], tF[tn - 1 .. tn], tS[tn .. tn + 1]; \
    KW gu_tiled: tiled(h); \
    KW gu_n: tn == \old(tn) || tn == \old(tn) + 1; \
    KW gu_k: tF[\old(tn) - 1] == 0 && tG[\old(tn) - 1] == o && \
      bsize(\old(tn) - 1) == (t >= bs + HB_MIN ? bs : t);

/* The update after take_top's effect: the model's last tile (offset o,
 * size t, free) split at bs (t >= bs + HB_MIN) or allocated whole; every
 * fact about memory is a precondition, in the state after take_top
 * (proved by the heap_tile run). */
/*@ ghost
  /@ GU_PRE(requires)
     GU_POST(ensures)
  @/
  void g_top(vos_heap_t *h, uint32_t bs, uint32_t t, uint32_t o)
  {
      uint32_t k = tn - 1;
      /@ assert kk: k == tn - 1 && 0 <= k < tn && o == tG[k]; @/
      /@ assert room: tn * HB_MIN <= h->total < 1048576 && tn <= 43690; @/
      /@ assert prev_used: k > 0 ==> tF[k - 1] == 0; @/
      /@ assert sk: tS[tn] == tS[k] + t; @/
      /@ assert frame: \forall integer i; 0 <= i < k ==> hdr(h, tG[i], hword(i)); @/
      if (t >= bs + HB_MIN)
          g_split(bs, h->total);
      else
          g_whole(h->total);
      /@ assert gk: tG[k] == o && tF[k] == 0; @/
      /@ assert wk: hword(k) == (t >= bs + HB_MIN ? bs : t); @/
      /@ assert gk1: t >= bs + HB_MIN ==> tG[k + 1] == o + bs && tF[k + 1] == 1 && hword(k + 1) == t - bs + 1; @/
      /@ assert frame2: \forall integer i; 0 <= i < k ==> hdr(h, tG[i], hword(i)); @/
      /@ assert hdr_k: hdr(h, tG[k], hword(k)); @/
      /@ assert hdr_k1: t >= bs + HB_MIN ==> hdr(h, tG[k + 1], hword(k + 1)); @/
      /@ assert n_split: t >= bs + HB_MIN ==> tn == k + 2 && tF[k + 1] == 1 && tG[k + 2] == h->total; @/
      /@ assert n_whole: t < bs + HB_MIN ==> tn == k + 1 && tF[k] == 0 && tG[k + 1] == h->total; @/
      /@ assert p_cases: \forall integer i; 0 <= i < tn ==> i < k || i == k || (i == k + 1 && t >= bs + HB_MIN); @/
      if (t >= bs + HB_MIN)
          g_cover(h, k);
      /@ assert p_h_s: t >= bs + HB_MIN ==> \forall integer i; 0 <= i < k + 2 ==> hdr(h, tG[i], hword(i)); @/
      /@ assert p_h_w: t < bs + HB_MIN ==> \forall integer i; 0 <= i < k + 1 ==> hdr(h, tG[i], hword(i)); @/
      /@ assert p_hdrs0: \forall integer i; 0 <= i < tn ==> hdr(h, tG[i], hword(i)); @/
      /@ assert p_hdrs: hdrs(h); @/
      /@ assert sent_s: t >= bs + HB_MIN ==> tF[tn - 1] == 1 && hdr(h, h->total, 2); @/
      /@ assert sent_w: t < bs + HB_MIN ==> tF[tn - 1] == 0 && hdr(h, h->total, 0); @/
      /@ assert p_sent0: hdr(h, h->total, 2 * tF[tn - 1]); @/
      /@ assert p_top: t >= bs + HB_MIN ==> h->top == B(h, tG[tn - 1]) && h->top_size == bsize(tn - 1); @/
      /@ assert p_count: h->free_bytes == tS[tn]; @/
  }
*/

#endif
