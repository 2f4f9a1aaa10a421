/* SPDX-License-Identifier: MIT */
/*
 * heap_alloc's precondition from the whole-heap model (issue 34):
 * heap_ok(h) (heap_alloc.c: \valid(h), arena, i5, top_ok, top_size <=
 * free_bytes, arena_hsep, listed(h)) holds on every heap in the model,
 * tiled(h) (heap_tile_model.h) and tlisted(h) (heap_list_model.h), with
 * i5(h) and the flat-memory facts arena_sep(h), lsep(h) and bsep(h)
 * (heap_list_take.h). listed(h) asks, for every non-empty list k, that
 * its head's size is at least cls_low(k) + HB_FREE and that the head
 * meets take's preconditions (take_pre) for EVERY request bs it holds;
 * a bs with cls_ceil(bs) <= k (find_class's) is not every bs the head
 * holds (a block of 264 bytes, class 32, holds 264, whose cls_ceil is
 * 33), so the steps are stated with bs quantified (heap_list_take.c's
 * lt_pre, tile_take's preconditions for find_class's bs, is a corollary
 * of ok_head).
 * Proved by the runs (CVC4 alone); the steps are in heap_alloc_ok.h and
 * heap_take_cut.h, proved in a smaller context (heap_alloc_ok_steps.c:
 * not heap_alloc.c, whose lemmas made CVC4 time out on some of them):
 *  - heap_alloc_ok_far (-wp-fct ok_far,ok_cut,ok_fb):
 *    heap_take_cut.h's ok_far: the next tile's header valid and apart,
 *    and for every bs of a split of tile i (free, not the last), the
 *    rest's blk_t at tG[i] + bs and the tag word T(h, tG[i + 1]) valid,
 *    outside the descriptor and apart from tile i's and every other
 *    tile's blk_t (bsep, gseq); ok_cut: take's TK_W is bsize(i) + 1 and,
 *    for every bs, TK_R is the blk_t at tG[i] + bs and TK_TAG the word
 *    ending at tG[i + 1], TK_N the next tile's (shift_B, take_tag,
 *    take_next); ok_fb: a free tile's size is at most free_bytes (with
 *    heap_tile_mono.h's g_mono, proved by the heap_tile_take run);
 *  - heap_alloc_ok (-wp-fct ok_head,ok_listed): ok_head: the head of a
 *    non-empty list k (heap_list.c's l_head, proved by the heap_list
 *    run) is at least cls_low(k) + HB_FREE bytes (heap_class_scheme.h's
 *    floor_in) and meets take's preconditions for every bs it holds
 *    (heap_alloc.c's take_pre and fits_req written out: OK_TAKE_PRE,
 *    OK_FITS; ok_at(h, k)); ok_listed: ok_at and the size clause at
 *    every class (a ghost loop over the classes);
 *  - heap_alloc_ok_all (-wp-fct conv_k,ok_conv,ok_of_model): conv_k:
 *    ok_at(h, k) gives listed(h)'s take_pre clause at k (so the
 *    written-out text says what heap_alloc.c's predicates say: a
 *    difference would fail this run); ok_conv: listed(h), a ghost loop
 *    over the classes calling conv_k; ok_of_model: heap_ok(h), its top
 *    part (top_ok(h), top_size <= free_bytes) from heap_top_pre.h's
 *    l_top_pre (proved by the heap_list_top_alloc run).
 * Assumptions: the models' (heap_model.h: shift_B, tag_B;
 * heap_tile_model.h: or_flag), heap_boff.h's axiom boff_B, and
 * arena_sep(h), lsep(h), bsep(h), flat-memory facts stated as
 * preconditions; heap_alloc.c's context (its axioms and its callees'
 * contracts) is in the context of ok_conv and ok_of_model. No new
 * assumption.
 * Not proved here: that the operations keep the model. The heap
 * vos_heap_init makes is in it (heap_tile_init: tiled; heap_list's
 * l_init: tlisted of the empty heap; the two are not composed in one
 * run); that heap_alloc, put_free, free_general and heap_free keep
 * tiled(h) and tlisted(h) is not proved (take's split on the list model
 * is not written), so heap_ok is
 * derived here for every heap in the model, not for every heap
 * heap_alloc is called on.
 * The code is kernel/heap.c itself, included (through heap_alloc.c) for
 * its types and contracts: this file adds ghost functions only.
 */
#include "heap_alloc.c"
#include "heap_tile_model.h"
#include "heap_list.c"
#include "heap_boff.h"
#include "heap_list_take.h"
#include "heap_tile_take.h"
#include "heap_take_cut.h"
#include "heap_top_pre.h"

#include "heap_alloc_ok.h"

/* ok_at at class k gives listed(h)'s take_pre clause at k (proved by the
 * heap_alloc_ok_all run). */
/*@ ghost
  /@ requires 0 <= k < VOS_HEAP_CLASSES && ok_at(h, k);
     assigns \nothing;
     ensures h->lists[k] != \null ==>
       (\forall integer bs; fits_req(h, k, bs) ==> take_pre(h, k, bs));
  @/
  void conv_k(vos_heap_t *h, uint32_t k) { }
*/

/* ok_listed's two ensures (heap_alloc_ok.h, proved in the small context)
 * are listed(h): a ghost loop over the classes calling conv_k (proved by
 * the heap_alloc_ok_all run). */
/*@ ghost
  /@ requires \forall integer k; 0 <= k < VOS_HEAP_CLASSES ==> ok_at(h, k);
     requires \forall integer k; 0 <= k < VOS_HEAP_CLASSES && h->lists[k] != \null ==>
       cls_low(k) + HB_FREE <= h->lists[k]->size;
     assigns \nothing;
     ensures listed(h);
  @/
  void ok_conv(vos_heap_t *h)
  {
      uint32_t k = 0;
      /@ loop invariant 0 <= k <= VOS_HEAP_CLASSES;
         loop invariant \forall integer j; 0 <= j < k && h->lists[j] != \null ==>
           (\forall integer bs; fits_req(h, j, bs) ==> take_pre(h, j, bs));
         loop assigns k;
         loop variant VOS_HEAP_CLASSES - k;
      @/
      while (k < VOS_HEAP_CLASSES) {
          conv_k(h, k);
          k++;
      }
  }
*/

/* heap_ok(h) from the model (proved by the heap_alloc_ok_all run). */
/*@ ghost
  /@ requires OK_MODEL(h);
     assigns \nothing;
     ensures heap_ok(h);
  @/
  void ok_of_model(vos_heap_t *h)
  {
      l_top_pre(h, HB_MIN);
      ok_listed(h);
      ok_conv(h);
      /@ assert a_hs: arena_hsep(h); @/
  }
*/
