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
 * Proved by the run heap_list_take (-wp-fct lt_pre): lt_pre calls l_head
 * (heap_list.c, proved by the heap_list run) and, in the split case,
 * heap_take_cut.h's ok_far and ok_cut (proved by the heap_alloc_ok_far
 * run, for every bs: one text with heap_alloc_ok.h's uses), and ensures
 * TT_PRE for the head's tile: TK_B valid and apart (lsep), its successor
 * and the other heads distinct tiles (l_ent: distinct positions or
 * lists), so valid and apart (lsep); boff(h, TK_B) its offset
 * (heap_boff.h's axiom); in the split case TK_SPLIT_OK from ok_far's
 * facts (the rest's blk_t at tG[i] + bs and the tag word T(h, tG[i + 1])
 * valid, outside the descriptor, apart from tile i's blk_t, from each
 * other and from every other tile's: bsep(h), gseq) and ok_cut's (take's
 * header word TK_W is bsize(i) + 1, its rest TK_R the blk_t at
 * tG[i] + bs, its tag word TK_TAG the word ending at tG[i + 1]).
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

/* The split case's steps ok_far and ok_cut, for every bs (heap_take_cut.h,
 * shared with heap_alloc_ok.h; proved by the heap_alloc_ok_far run). */
#include "heap_take_cut.h"

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
          /@ assert s_cut: OK_CUT(i, bs); @/
          ok_far(h, i);
          /@ assert s_h: hdr(h, tG[i], hword(i)); @/
          ok_cut(h, idx, i);
          /@ assert s_r: TK_R == B(h, tG[i] + bs); @/
          /@ assert s_fj: \forall integer j; 0 <= j && j + 1 < tn && j != i ==>
                \separated(B(h, tG[j]), B(h, tG[i] + bs)); @/
          /@ assert s_ha0: \forall integer k1; 0 <= k1 < LCLS && k1 != idx && h->lists[k1] != \null ==>
                \separated(h->lists[k1], B(h, tG[i] + bs)); @/
          /@ assert s_ha: heads_apart(h, idx, TK_R); @/
          /@ assert s_ok: TK_SPLIT_OK; @/
      }
      return i;
  }
*/
