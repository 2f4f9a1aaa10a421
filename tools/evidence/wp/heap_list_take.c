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
 * Proved by the run heap_list_take (-wp-fct lt_pre), as a corollary of
 * heap_alloc_ok.h's ok_head (take's preconditions at the head of list
 * idx for EVERY request it holds; proved by the heap_alloc_ok run): lt_pre
 * calls l_head (heap_list.c, proved by the heap_list run: the head is
 * tile i, free, not the top, holding bs bytes since cls_ceil(bs) <= idx),
 * heap_take_cut.h's ok_far (tile i's offset below total, so below 2^20:
 * boff(h, TK_B) is tG[i] by heap_boff.h's axiom) and ok_cut (TK_W is
 * bsize(i) + 1, so bs is a request the head holds), and ok_head, whose
 * take preconditions at this bs are TT_PRE's list and split clauses.
 * Until session 28 lt_pre proved those clauses again itself (the same
 * asserts as ok_head's, for one bs).
 * Assumptions (docs/evidence.md 2.3, Assumed): heap_boff.h's axiom boff_B
 * (boff inverts B); lsep(h) (heap_list_model.h) and bsep(h)
 * (heap_list_take.h), flat-memory facts stated as preconditions;
 * heap_model.h's, heap_tile_model.h's and heap_take.c's model; those of
 * ok_head (the same).
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
#include "heap_list.c"
#include "heap_boff.h"
#include "heap_list_take.h"

/* ok_cut, for every bs (heap_take_cut.h; proved by the heap_alloc_ok_far
 * run), and ok_head, take's preconditions at the head of list idx for
 * every bs it holds (heap_alloc_ok.h; proved by the heap_alloc_ok run). */
#include "heap_take_cut.h"
#include "heap_alloc_ok.h"

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
      ok_far(h, i);
      /@ assert p_o: 0 <= tG[i] < 1048576; @/
      /@ assert p_ob: boff(h, B(h, tG[i])) == tG[i]; @/
      /@ assert p_off: boff(h, TK_B) == tG[i]; @/
      /@ assert p_h: 0 <= i && i + 1 < tn && tF[i] == 1 && hdr(h, tG[i], hword(i)); @/
      ok_head(h, idx);
      ok_cut(h, idx, i);
      /@ assert p_w: TK_W == bsize(i) + 1 && TK_S == bsize(i); @/
      /@ assert p_fits: OK_FITS; @/
      /@ assert p_pre: OK_TAKE_PRE; @/
      return i;
  }
*/
