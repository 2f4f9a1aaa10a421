/* SPDX-License-Identifier: MIT */
/*
 * heap_alloc's list path meets tile_take's preconditions (issue 34): on a
 * heap in the whole-heap model (tiled(h), heap_tile_model.h) with its
 * free lists (tlisted(h), heap_list_model.h), the head of the list
 * find_class picks for bs (a class k with cls_ceil(bs) <= k and
 * lists[k] != NULL: heap_class.h's contract, heap_class_scheme.h) is
 * tile i = lT[k][lN[k] - 1] and satisfies every precondition of
 * tile_take (heap_tile_take.h's TT_PRE: tk_tile with its boff clause,
 * tk_top, take's list preconditions, and tk_split's TK_SPLIT_OK in the
 * split case). So, on such a heap (with lsep(h), bsep(h), i5(h)) and for
 * find_class's result as its contract states it, take is called only
 * where tile_take keeps tiled(h) (heap_tile_take.c, proved by the
 * heap_tile_take_fn run). heap_alloc's code is in no goal here: its
 * contract is not composed with this.
 * Proved by two runs:
 *  - heap_list_take_far (-wp-fct lt_far,lt_cut): lt_far: in the split
 *    case (tile i free, not the last, at least bs + HB_MIN bytes), the
 *    rest's blk_t at tG[i] + bs and the tag word T(h, tG[i + 1]) are
 *    valid, outside the descriptor, apart from tile i's blk_t, from each
 *    other and from every other tile's blk_t (from bsep(h) and gseq:
 *    offsets HB_MIN or more apart); lt_cut: take's header word TK_W is
 *    bsize(i) + 1 (tile i free, its predecessor not: gseq), its rest
 *    TK_R the blk_t at tG[i] + bs (shift_B), its tag word TK_TAG the word
 *    ending at tG[i + 1] (heap_take.c's take_tag);
 *  - heap_list_take (-wp-fct lt_pre): lt_pre calls l_head (heap_list.c,
 *    proved by the heap_list run) and, in the split case, lt_far and
 *    lt_cut, and ensures TT_PRE for the head's tile: TK_B valid and
 *    apart (lsep), its successor and the other heads distinct tiles
 *    (l_ent: distinct positions or lists), so valid and apart (lsep);
 *    boff(h, TK_B) its offset (heap_boff.h's axiom); in the split case
 *    TK_SPLIT_OK from lt_far's and lt_cut's facts.
 * Assumptions (docs/evidence.md 2.3, Assumed): heap_boff.h's axiom boff_B
 * (boff inverts B); lsep(h) (heap_list_model.h) and bsep(h)
 * (heap_list_take.h), flat-memory facts stated as preconditions;
 * heap_model.h's, heap_tile_model.h's and heap_take.c's model.
 * Not proved here: that heap_alloc's heap satisfies tlisted(h), lsep(h)
 * and bsep(h) (that the operations keep tlisted(h): heap_list.c's step
 * proofs, not the functions), and that heap_alloc's proved contract
 * (heap_alloc.c) calls take with this idx and bs (find_class's result:
 * stated here as the hypotheses cls_ceil(bs) <= idx, lists[idx] != NULL).
 * The code is kernel/heap.c itself, included (through heap_take.c) for
 * its types and take's contract: this file adds ghost functions only.
 */
#include "heap_take.c"
#include "heap_tile_model.h"
#include "heap_tile_take.h"
/* heap_list.c (l_head's contract) includes EV_SOURCE, which heap_take.c
 * has already included: for it EV_SOURCE names a header that is already
 * in (its include guard makes it empty), so the kernel is read once. */
#undef EV_SOURCE
#define EV_SOURCE <stddef.h>
#include "heap_list.c"
#include "heap_boff.h"
#include "heap_list_take.h"

/* The split case's rest and tag word, apart from every tile's blk_t (a
 * small context: proved by the heap_list_take_far run). */
/*@ ghost
  /@ requires arena(h) && gseq(h->total) && bsep(h);
     requires 0 <= i && i + 1 < tn;
     requires HB_MIN <= bs && bs % 8 == 0 && bsize(i) >= bs + HB_MIN;
     assigns \nothing;
     ensures f_r: \valid(B(h, tG[i] + bs)) && \separated(B(h, tG[i] + bs), h) &&
       \base_addr(B(h, tG[i] + bs)) != \base_addr(h) &&
       \separated(B(h, tG[i] + bs), B(h, tG[i]));
     ensures f_t: \valid(T(h, tG[i + 1])) && \base_addr(T(h, tG[i + 1])) != \base_addr(h) &&
       \separated(T(h, tG[i + 1]), B(h, tG[i])) && \separated(T(h, tG[i + 1]), B(h, tG[i] + bs));
     ensures f_j: \forall integer j; 0 <= j && j + 1 < tn && j != i ==>
       \separated(B(h, tG[j]), B(h, tG[i] + bs)) && \separated(T(h, tG[i + 1]), B(h, tG[j]));
  @/
  void lt_far(vos_heap_t *h, uint32_t i, uint32_t bs)
  {
      /@ assert r_pw: \forall integer a, b; 0 <= a <= b <= tn ==> tG[b] - tG[a] >= (b - a) * HB_MIN; @/
      /@ assert r_al: \forall integer a; 0 <= a <= tn ==> tG[a] % 8 == 0 && 0 <= tG[a] <= h->total; @/
      /@ assert r_i: 0 <= tG[i] && tG[i] + bs + HB_MIN <= tG[i + 1] <= h->total &&
            (tG[i] + bs) % 8 == 0 && tG[i + 1] % 8 == 0; @/
      /@ assert r_lo: \forall integer j; 0 <= j < i ==> tG[j] + HB_MIN <= tG[i]; @/
      /@ assert r_hi: \forall integer j; i < j && j + 1 < tn ==>
            tG[i + 1] <= tG[j] && tG[j] + HB_MIN <= h->total; @/
  }
*/

/* In the split case, take's rest TK_R and tag word TK_TAG are the blk_t
 * at tG[i] + bs and the word ending at tG[i + 1] (a small context: proved
 * by the heap_list_take_far run). */
/*@ ghost
  /@ requires gseq(h->total) && h->total < 1048576;
     requires 0 <= idx < VOS_HEAP_CLASSES;
     requires 0 <= i && i + 1 < tn && tF[i] == 1;
     requires HB_MIN <= bs && bs % 8 == 0 && bsize(i) >= bs + HB_MIN;
     requires \valid(h) && \valid(TK_B) && TK_B == B(h, tG[i]) && hdr(h, tG[i], hword(i));
     assigns \nothing;
     ensures c_w: TK_W == bsize(i) + 1;
     ensures c_r: TK_R == B(h, tG[i] + bs);
     ensures c_t: TK_TAG == T(h, tG[i + 1]);
  @/
  void lt_cut(vos_heap_t *h, uint32_t idx, uint32_t bs, uint32_t i)
  {
      /@ assert c_pf: i > 0 ==> tF[i - 1] == 0; @/
      /@ assert c_hw: pfree(i) == 0 && hword(i) == bsize(i) + 1; @/
      uint32_t o = tG[i];
      uint32_t w = h->lists[idx]->size;
      /@ assert c_ow: o == tG[i] && w == TK_W && w == bsize(i) + 1 && bs + 1 <= w < 1048576; @/
      /@ assert c_tw: 0 <= bs && bs + 1 <= w < 4294967296; @/
      /@ assert c_sh: shift(B(h, o), bs) == B(h, o + bs); @/
      /@ assert c_sz: (uint32_t)((uint32_t)(w - bs) - 1) == w - bs - 1; @/
      /@ assert c_tb: tagp(B(h, o + bs), w - bs - 1) == T(h, o + w - 1); @/
      /@ assert c_tag: tagp(shift(B(h, o), bs), (uint32_t)((uint32_t)(w - bs) - 1)) == T(h, o + w - 1); @/
      /@ assert c_e: o + w - 1 == tG[i + 1]; @/
  }
*/

/* The head of the list find_class picks meets tile_take's preconditions
 * (proved by the heap_list_take run). */
/*@ ghost
  /@ requires lt_h: \valid(h) && arena(h) && arena_sep(h) && tiled(h) && tlisted(h) && lsep(h) &&
       i5(h) && bsep(h);
     requires lt_k: 0 <= idx < VOS_HEAP_CLASSES && h->lists[idx] != \null;
     requires lt_bs: HB_MIN <= bs && bs % 8 == 0 && cls_ceil(bs) <= idx;
     assigns \nothing;
     ensures lt_at: \result == lT[idx][lN[idx] - 1];
     TT_PRE(ensures, h, idx, bs, \result)
  @/
  uint32_t lt_pre(vos_heap_t *h, uint32_t idx, uint32_t bs)
  {
      /@ assert p_bs: bs < 1048576; @/
      uint32_t i = l_head(h, idx);
      /@ assert p_i: lfree(i) && TK_B == B(h, tG[i]) && lK[i] == idx && lP[i] == lN[idx] - 1; @/
      /@ assert p_fit: bs <= bsize(i); @/
      /@ assert p_off: boff(h, TK_B) == tG[i]; @/
      /@ assert p_b: \valid(TK_B) && \separated(TK_B, h); @/
      /@ assert p_nx: lN[idx] >= 2 ==> TK_NX == B(h, tG[lT[idx][lN[idx] - 2]]) &&
            lfree(lT[idx][lN[idx] - 2]) && lT[idx][lN[idx] - 2] != i; @/
      /@ assert p_nx0: lN[idx] < 2 ==> TK_NX == \null; @/
      /@ assert p_hd: \forall integer k1; 0 <= k1 < LCLS && h->lists[k1] != \null ==>
            1 <= lN[k1] && h->lists[k1] == B(h, tG[lT[k1][lN[k1] - 1]]) &&
            lfree(lT[k1][lN[k1] - 1]) && (k1 != idx ==> lT[k1][lN[k1] - 1] != i); @/
      /@ assert p_ha: heads_apart(h, idx, TK_B); @/
      uint32_t i1 = i + 1;
      /@ assert p_i1: i1 == i + 1 && i1 < tn; @/
      uint32_t s = tG[i1] - tG[i];
      /@ assert p_s: s == bsize(i) && bs <= s; @/
      if (s - bs >= HB_MIN) {
          lt_far(h, i, bs);
          /@ assert s_h: hdr(h, tG[i], hword(i)); @/
          lt_cut(h, idx, bs, i);
          /@ assert s_ok: TK_SPLIT_OK; @/
      }
      return i;
  }
*/
