/* SPDX-License-Identifier: MIT */
/*
 * Take's split case at tile i of the whole-heap model, for every request
 * bs (issue 34): ok_far (the next tile's header, the rest's blk_t at
 * tG[i] + bs and tile i's tag word T(h, tG[i + 1]) valid, outside the
 * descriptor and apart from tile i's and every other tile's blk_t: bsep,
 * gseq) and ok_cut (take's TK_W is bsize(i) + 1, TK_R the blk_t at
 * tG[i] + bs, TK_TAG the word ending at tG[i + 1], TK_N the next tile's:
 * shift_B, take_tag). One text for their two users: heap_list_take.c's
 * lt_pre (tile_take's preconditions at the head find_class picks, one
 * bs) and heap_alloc_ok.h's ok_head (heap_alloc's listed(h), every bs
 * the head holds). Proved by the heap_alloc_ok_far run only (in
 * heap_alloc_ok_steps.c's context), used by their contracts elsewhere.
 * Include after heap_take.c, heap_tile_model.h and heap_list_take.h.
 */
#ifndef EV_WP_HEAP_TAKE_CUT_H
#define EV_WP_HEAP_TAKE_CUT_H

/* A split of tile i at bs: a request of bs bytes leaving HB_MIN. */
#define OK_CUT(i, bs) (HB_MIN <= bs && bs % 8 == 0 && bsize(i) >= bs + HB_MIN)

/* The split case's rest and tag word, apart from every tile's blk_t,
 * for every bs (proved by the heap_alloc_ok_far run, in heap_alloc_ok_steps.c's context). */
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
 * (proved by the heap_alloc_ok_far run, in heap_alloc_ok_steps.c's context). */
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

#endif
