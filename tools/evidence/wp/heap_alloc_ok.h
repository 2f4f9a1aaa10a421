/* SPDX-License-Identifier: MIT */
/*
 * heap_alloc_ok.c's steps (ghost functions with their proofs), in a file
 * of their own so that they are proved in a small context
 * (heap_alloc_ok_steps.c: heap_take.c, heap_top.c and the models, not
 * heap_alloc.c, whose lemmas made CVC4 time out on some of them) and
 * used, by their contracts, in heap_alloc.c's (heap_alloc_ok.c).
 * OK_TAKE_PRE and OK_FITS are heap_alloc.c's take_pre(h, idx, bs) and
 * fits_req(h, idx, bs) written out (the same text, in the TK_ macros'
 * names h, idx, bs); heap_alloc_ok.c's ok_listed proves that they imply
 * heap_alloc.c's predicates, so a difference between the copies would
 * fail that run, not pass silently. Include after heap_take.c,
 * heap_top.c, heap_list.c (l_head), heap_boff.h and heap_list_take.h.
 */
#ifndef EV_WP_HEAP_ALLOC_OK_H
#define EV_WP_HEAP_ALLOC_OK_H

/* heap_alloc.c's take_pre(h, idx, bs), written out. */
#define OK_TAKE_PRE \
    (TK_B != \null && \valid(TK_B) && \separated(TK_B, h) && \
     TK_B->pprev == &h->lists[idx] && \
     0 <= TK_O && TK_O % 8 == 0 && TK_B == B(h, TK_O) && \
     TK_W % 8 == HB_FREE && TK_O + TK_S <= h->total && \
     hdr(h, TK_O, TK_W) && \
     TK_S <= h->free_bytes && \
     (TK_NX != \null ==> \valid(TK_NX) && \separated(TK_NX, h) && \separated(TK_NX, TK_B)) && \
     heads_apart(h, idx, TK_B) && \
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
 * function below but the small ones). */
#define OK_MODEL(h) (\valid(h) && arena(h) && arena_sep(h) && tiled(h) && tlisted(h) && \
    lsep(h) && i5(h) && bsep(h))

/* A split of tile i at bs: a request of bs bytes leaving HB_MIN. */
#define OK_CUT(i, bs) (HB_MIN <= bs && bs % 8 == 0 && bsize(i) >= bs + HB_MIN)

/* The split case's rest and tag word, apart from every tile's blk_t,
 * for every bs (proved by the heap_alloc_ok_far run, heap_alloc_ok_steps.c). */
/*@ ghost
  /@ requires arena(h) && arena_sep(h) && gseq(h->total) && bsep(h);
     requires 0 <= i && i + 1 < tn;
     assigns \nothing;
     ensures f_n: \valid(&B(h, tG[i + 1])->size) && \valid(&B(h, tG[i + 1])->check) &&
       \base_addr(B(h, tG[i + 1])) != \base_addr(h) && hsep(h, tG[i], tG[i + 1]);
     ensures f_i: 0 <= tG[i] && tG[i] % 8 == 0 && tG[i + 1] % 8 == 0 &&
       tG[i] + HB_MIN <= tG[i + 1] <= h->total && bsize(i) % 8 == 0;
     ensures f_t: \valid(T(h, tG[i + 1])) && \base_addr(T(h, tG[i + 1])) != \base_addr(h) &&
       \separated(T(h, tG[i + 1]), B(h, tG[i]));
     ensures f_r: \forall integer bs; OK_CUT(i, bs) ==>
       \valid(B(h, tG[i] + bs)) && \separated(B(h, tG[i] + bs), h) &&
       \base_addr(B(h, tG[i] + bs)) != \base_addr(h) &&
       \separated(B(h, tG[i] + bs), B(h, tG[i])) &&
       \separated(T(h, tG[i + 1]), B(h, tG[i] + bs));
     ensures f_j: \forall integer bs, j; OK_CUT(i, bs) && 0 <= j && j + 1 < tn && j != i ==>
       \separated(B(h, tG[j]), B(h, tG[i] + bs));
     ensures f_jt: \forall integer j; 0 <= j && j + 1 < tn && j != i ==>
       \separated(T(h, tG[i + 1]), B(h, tG[j]));
  @/
  void ok_far(vos_heap_t *h, uint32_t i)
  {
      /@ assert r_pw: \forall integer a, b; 0 <= a <= b <= tn ==> tG[b] - tG[a] >= (b - a) * HB_MIN; @/
      /@ assert r_al: \forall integer a; 0 <= a <= tn ==> tG[a] % 8 == 0 && 0 <= tG[a] <= h->total; @/
      /@ assert r_i: 0 <= tG[i] && tG[i] + HB_MIN <= tG[i + 1] <= h->total; @/
      /@ assert r_lo: \forall integer j; 0 <= j < i ==> tG[j] + HB_MIN <= tG[i]; @/
      /@ assert r_hi: \forall integer j; i < j && j + 1 < tn ==>
            tG[i + 1] <= tG[j] && tG[j] + HB_MIN <= h->total; @/
  }
*/

/* take's TK_W, and for every bs its TK_R and TK_TAG, in the model's terms
 * (proved by the heap_alloc_ok_far run, heap_alloc_ok_steps.c). */
/*@ ghost
  /@ requires gseq(h->total) && h->total < 1048576;
     requires 0 <= idx < VOS_HEAP_CLASSES;
     requires 0 <= i && i + 1 < tn && tF[i] == 1;
     requires \valid(h) && \valid(TK_B) && TK_B == B(h, tG[i]) && hdr(h, tG[i], hword(i));
     assigns \nothing;
     ensures c_w: TK_W == bsize(i) + 1;
     ensures c_r: \forall integer bs; 0 <= bs <= bsize(i) ==> TK_R == B(h, tG[i] + bs);
     ensures c_t: \forall integer bs; 0 <= bs <= bsize(i) ==> TK_TAG == T(h, tG[i + 1]);
     ensures c_n: TK_N == B(h, tG[i + 1]);
  @/
  void ok_cut(vos_heap_t *h, uint32_t idx, uint32_t i)
  {
      /@ assert c_pf: i > 0 ==> tF[i - 1] == 0; @/
      /@ assert c_hw: pfree(i) == 0 && hword(i) == bsize(i) + 1; @/
      uint32_t o = tG[i];
      uint32_t w = h->lists[idx]->size;
      /@ assert c_ow: o == tG[i] && w == TK_W && w == bsize(i) + 1 && 1 <= w < 1048576; @/
      /@ assert c_tag: \forall integer bs; 0 <= bs <= bsize(i) ==>
            tagp(shift(B(h, o), bs), (uint32_t)((uint32_t)(w - bs) - 1)) == T(h, o + w - 1); @/
      /@ assert c_e: o + w - 1 == tG[i + 1]; @/
  }
*/

/* The prefix sums never decrease from k on (proved by the
 * heap_alloc_ok_far run). */
/*@ ghost
  /@ requires gseq(total) && total < 1048576;
     requires 0 <= k <= tn;
     assigns \nothing;
     ensures \forall integer i; k <= i <= tn ==> tS[k] <= tS[i];
  @/
  void ok_mono(uint32_t k, uint32_t total)
  {
      /@ assert m_room: tn * HB_MIN <= total && tn <= 43690; @/
      uint32_t j = k;
      /@ loop invariant k <= j <= tn;
         loop invariant \forall integer i; k <= i <= j ==> tS[k] <= tS[i];
         loop assigns j;
         loop variant tn - j;
      @/
      while (j < tn) {
          /@ assert m_step: tS[j + 1] >= tS[j]; @/
          j++;
      }
  }
*/

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
      ok_mono(j, h->total);
      /@ assert b_n: tS[j] <= tS[tn]; @/
  }
*/

/* heap_ok's top part from the model (proved by the heap_alloc_ok_far
 * run). */
/*@ ghost
  /@ requires \valid(h) && arena(h) && tiled(h);
     assigns \nothing;
     ensures o_ok: top_ok(h);
     ensures o_fb: h->top_size <= h->free_bytes;
  @/
  void ok_top(vos_heap_t *h)
  {
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
