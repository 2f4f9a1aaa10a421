/* SPDX-License-Identifier: MIT */
/*
 * heap_alloc_ok.c's steps (ghost functions with their proofs), in a file
 * of their own so that they are proved in a small context
 * (heap_alloc_ok_steps.c: heap_take.c, heap_top.c and the models, not
 * heap_alloc.c, whose lemmas made CVC4 time out on some of them) and
 * used, by their contracts, in heap_alloc.c's (heap_alloc_ok.c).
 * OK_TAKE_PRE and OK_FITS are heap_alloc.c's take_pre(h, idx, bs) and
 * fits_req(h, idx, bs) written out (the same clauses, in the TK_ macros'
 * names h, idx, bs; the parts take_at's TA_PRE shares are heap_tile_take.h's
 * TK_HEAD_PRE and TK_HDR_PRE); heap_alloc_ok.c's conv_k proves that they
 * imply heap_alloc.c's predicates, so a difference between the texts
 * would fail that run, not pass silently. The split case's steps ok_far
 * and ok_cut are heap_take_cut.h's (shared with heap_list_take.c), the
 * top part of heap_ok is heap_top_pre.h's l_top_pre (shared with
 * heap_list_top_alloc.c). ok_head is used by heap_list_take.c's lt_pre
 * too (tile_take's preconditions for find_class's bs). Include after
 * heap_take.c, heap_list.c (l_head), heap_boff.h, heap_list_take.h,
 * heap_tile_take.h and heap_take_cut.h.
 */
#ifndef EV_WP_HEAP_ALLOC_OK_H
#define EV_WP_HEAP_ALLOC_OK_H

/* heap_alloc.c's take_pre(h, idx, bs), written out. */
#define OK_TAKE_PRE \
    (TK_HEAD_PRE && TK_O + TK_S <= h->total && \
     TK_HDR_PRE && \
     (TK_S - bs >= HB_MIN ==> TK_SPLIT_OK) && \
     (TK_S - bs < HB_MIN ==> \
       \valid(&TK_N->size) && \valid(&TK_N->check) && \base_addr(TK_N) != \base_addr(h) && \
       hsepp(TK_B, TK_N)))

/* heap_alloc.c's fits_req(h, idx, bs), written out. */
#define OK_FITS (HB_MIN <= bs && bs % 8 == 0 && bs + HB_FREE <= h->lists[idx]->size)

/*@ // heap_alloc.c's listed(h) at class idx, written out: a non-empty
    // list's head is at least cls_low(idx) + HB_FREE bytes and meets
    // take's preconditions for every request it holds.
    predicate ok_at(vos_heap_t *h, integer idx) =
      h->lists[idx] != \null ==>
        cls_low(idx) + HB_FREE <= h->lists[idx]->size &&
        (\forall integer bs; OK_FITS ==> OK_TAKE_PRE);
*/

/* The model with its flat-memory facts (the hypothesis of every
 * function below but the small ones): OK_MODEL, heap_ok_model.h. */
#include "heap_ok_model.h"

/* The prefix sums never decrease from k on: heap_tile_mono.h's g_mono
 * (proved by the heap_tile_take run; used here by its contract). */
#include "heap_tile_mono.h"

/* A free tile's size is at most free_bytes (proved by the
 * heap_alloc_ok_far run, heap_alloc_ok_steps.c). */
/*@ ghost
  /@ requires \valid(h) && gseq(h->total) && h->total < 1048576 && counted(h);
     requires 0 <= i && i + 1 < tn && tF[i] == 1;
     assigns \nothing;
     ensures b_fb: bsize(i) <= h->free_bytes;
  @/
  void ok_fb(vos_heap_t *h, uint32_t i)
  {
      /@ assert b_c: h->free_bytes == tS[tn]; @/
      /@ assert b_s: tS[i + 1] == tS[i] + bsize(i) && 0 <= tS[i]; @/
      uint32_t j = i + 1;
      /@ assert b_j: j == i + 1 && j < tn; @/
      g_mono(j, h->total);
      /@ assert b_n: tS[j] <= tS[tn]; @/
  }
*/

/* The head of a non-empty list: listed(h)'s clause at class idx
 * (proved by the heap_alloc_ok run, heap_alloc_ok_steps.c). */
/*@ ghost
  /@ requires OK_MODEL(h);
     requires 0 <= idx < VOS_HEAP_CLASSES && h->lists[idx] != \null;
     assigns \nothing;
     ensures k_low: cls_low(idx) + HB_FREE <= h->lists[idx]->size;
     ensures k_pre: \forall integer bs; OK_FITS ==> OK_TAKE_PRE;
     ensures k_at: ok_at(h, idx);
  @/
  void ok_head(vos_heap_t *h, uint32_t idx)
  {
      uint32_t i = l_head(h, idx);
      /@ assert p_i: lfree(i) && TK_B == B(h, tG[i]) && lK[i] == idx && lP[i] == lN[idx] - 1; @/
      /@ assert p_h: hdr(h, tG[i], hword(i)); @/
      ok_cut(h, idx, i);
      ok_far(h, i);
      /@ assert p_sz: 0 <= bsize(i) < 1048576 && cls_low(idx) <= bsize(i); @/
      /@ assert p_off: boff(h, TK_B) == tG[i] && 0 <= tG[i] && tG[i] % 8 == 0; @/
      /@ assert p_w: TK_W == bsize(i) + 1 && bsize(i) % 8 == 0; @/
      /@ assert p_w8: TK_W % 8 == HB_FREE; @/
      /@ assert p_s: tG[i] + TK_S == tG[i + 1] && tG[i + 1] <= h->total; @/
      ok_fb(h, i);
      /@ assert p_fb: TK_S <= h->free_bytes; @/
      /@ assert p_b: TK_B != \null && \valid(TK_B) && \separated(TK_B, h); @/
      /@ assert p_nx: lN[idx] >= 2 ==> TK_NX == B(h, tG[lT[idx][lN[idx] - 2]]) &&
            lfree(lT[idx][lN[idx] - 2]) && lT[idx][lN[idx] - 2] != i; @/
      /@ assert p_nx0: lN[idx] < 2 ==> TK_NX == \null; @/
      /@ assert p_nxs: TK_NX != \null ==>
            \valid(TK_NX) && \separated(TK_NX, h) && \separated(TK_NX, TK_B); @/
      /@ assert p_hd: \forall integer k1; 0 <= k1 < LCLS && h->lists[k1] != \null ==>
            1 <= lN[k1] && h->lists[k1] == B(h, tG[lT[k1][lN[k1] - 1]]) &&
            lfree(lT[k1][lN[k1] - 1]) && (k1 != idx ==> lT[k1][lN[k1] - 1] != i); @/
      /@ assert p_ha: heads_apart(h, idx, TK_B); @/
      /@ assert p_n0: TK_N == B(h, tG[i + 1]) && 0 <= tG[i + 1] <= h->total && tG[i + 1] % 8 == 0 &&
            tG[i] < tG[i + 1]; @/
      /@ assert p_n: \valid(&TK_N->size) && \valid(&TK_N->check) &&
            \base_addr(TK_N) != \base_addr(h) && hsepp(TK_B, TK_N); @/
      /@ assert s_r: \forall integer bs; OK_CUT(i, bs) ==>
            \valid(TK_R) && \separated(TK_R, h) && \separated(TK_R, TK_B) &&
            \base_addr(TK_R) != \base_addr(h); @/
      /@ assert s_nx: \forall integer bs; OK_CUT(i, bs) ==>
            (TK_NX != \null ==> \separated(TK_NX, TK_R)); @/
      /@ assert s_ha1: \forall integer k1; 0 <= k1 < LCLS && k1 != idx && h->lists[k1] != \null ==>
            0 <= lT[k1][lN[k1] - 1] && lT[k1][lN[k1] - 1] + 1 < tn && lT[k1][lN[k1] - 1] != i &&
            h->lists[k1] == B(h, tG[lT[k1][lN[k1] - 1]]); @/
      /@ assert s_ha00: \forall integer bs, k1; OK_CUT(i, bs) && 0 <= k1 < LCLS && k1 != idx &&
            h->lists[k1] != \null ==> \separated(B(h, tG[lT[k1][lN[k1] - 1]]), B(h, tG[i] + bs)); @/
      /@ assert s_ha0: \forall integer bs, k1; OK_CUT(i, bs) && 0 <= k1 < LCLS && k1 != idx &&
            h->lists[k1] != \null ==> \separated(h->lists[k1], B(h, tG[i] + bs)); @/
      /@ assert s_ha: \forall integer bs; OK_CUT(i, bs) ==> heads_apart(h, idx, TK_R); @/
      /@ assert s_t: \forall integer bs; OK_CUT(i, bs) ==>
            \valid(TK_TAG) && \base_addr(TK_TAG) != \base_addr(h) &&
            \separated(TK_TAG, TK_B) && \separated(TK_TAG, TK_R); @/
      /@ assert s_tnx: \forall integer bs; OK_CUT(i, bs) ==>
            (TK_NX != \null ==> \separated(TK_TAG, TK_NX)); @/
      /@ assert s_th: \forall integer bs; OK_CUT(i, bs) ==>
            \forall integer j; 0 <= j < VOS_HEAP_CLASSES && h->lists[j] != \null ==>
              \separated(TK_TAG, h->lists[j]); @/
      /@ assert s_ok: \forall integer bs; OK_CUT(i, bs) ==> TK_SPLIT_OK; @/
      /@ assert s_fit: \forall integer bs; OK_FITS ==>
            HB_MIN <= bs && bs % 8 == 0 && bs <= bsize(i) &&
            (TK_S - bs >= HB_MIN ==> OK_CUT(i, bs)); @/
  }
*/


/* listed(h) in ok_at's words: a ghost loop over the classes calling
 * ok_head (proved by the heap_alloc_ok run, heap_alloc_ok_steps.c). */
/*@ ghost
  /@ requires OK_MODEL(h);
     assigns \nothing;
     ensures l_at: \forall integer k; 0 <= k < VOS_HEAP_CLASSES ==> ok_at(h, k);
     ensures l_low: \forall integer k; 0 <= k < VOS_HEAP_CLASSES && h->lists[k] != \null ==>
       cls_low(k) + HB_FREE <= h->lists[k]->size;
  @/
  void ok_listed(vos_heap_t *h)
  {
      uint32_t k = 0;
      /@ loop invariant 0 <= k <= VOS_HEAP_CLASSES;
         loop invariant \forall integer j; 0 <= j < k ==> ok_at(h, j);
         loop invariant \forall integer j; 0 <= j < k && h->lists[j] != \null ==>
           cls_low(j) + HB_FREE <= h->lists[j]->size;
         loop assigns k;
         loop variant VOS_HEAP_CLASSES - k;
      @/
      while (k < VOS_HEAP_CLASSES) {
          if (h->lists[k] != NULL)
              ok_head(h, k);
          k++;
      }
  }
*/

#endif
