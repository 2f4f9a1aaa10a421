/* SPDX-License-Identifier: MIT */
/*
 * heap_alloc's behavior from_list in the list case (heap_alloc_list.c's
 * preconditions and heap_alloc_list_ens2.c's ground facts, through
 * heap_alloc_list_ens2.c), with what the ensures s_tag, s_link and
 * s_filed need beyond them: the final write *out = b + 8 must not touch
 * the words take wrote, and s_link must know where the rest's new
 * successor lies.
 * PROVED (heap_alloc_list_ens3.wp, -wp-bhv from_list -wp-split): s_tag,
 * s_link, s_filed (take's split restated with idx = k).
 * Added here, none of them an assumption:
 *  - take's clause s_nf (the rest's successor after a split is b's old
 *    successor or some list's old head: list_replace, or list_pop then
 *    list_push), proved on take's code by the heap_alloc_list_ens3_take
 *    run (Frama-C merges it with heap_take.c's contract; only the runs of
 *    this file see it);
 *  - the preconditions al_one (the found class is KF only: lemma
 *    al_one_of, from found's definition) and al_out (out apart from the
 *    descriptor, from the rest and its boundary-tag word at the found
 *    class and the block size, from b's old successor and from every
 *    non-empty list's head: lemma al_out_of, from ok_heap's heap_ok and
 *    out_ok, with out_h, out_heads, out_nx, out_rest and al_fits); the
 *    lemmas are proved by the heap_alloc_list_ens3_lemmas run. Stated as
 *    ground facts because the provers did not find these instances of
 *    out_ok in the goal's context themselves (CVC4 20 s, docs/evidence.md).
 * Assumptions: heap_alloc.c's (its header), nothing more.
 * Also proved on this file: from_list's assigns clause (the
 * heap_alloc_list_asg run, -wp-prop @assigns).
 * Not proved here: w_next (with the axiom clr_prev: heap_alloc_list_ens4.c)
 * and l_i5 (with the lemma i5_keep: heap_alloc_list_ens5.c).
 */
#include "heap_alloc_list_ens2.c"

/* take's extra clause (proved by the heap_alloc_list_ens3_take run). */
/*@ ensures s_nf: \old(TK_S) - bs >= HB_MIN ==>
      \old(TK_R)->next_free == \old(TK_NX) ||
      (\exists integer j; 0 <= j < VOS_HEAP_CLASSES && \old(TK_R)->next_free == \old(h->lists[j]));
*/
INLINE blk_t *take(vos_heap_t *h, uint32_t idx, uint32_t bs);

/*@ // The found class is unique (found_kf for heap_alloc's w).
    lemma al_one_of: \forall vos_heap_t *h, integer size;
      found(h, cls_ceil(bs_of(size)), KF) ==>
        \forall integer k; found(h, cls_ceil(bs_of(size)), k) ==> k == KF;
    // out_ok's parts at one class (k, a non-empty list; bs a request its
    // head holds), and the found class's head holds bs_of(size) (from
    // bs_want, ok_take_of).
    lemma out_h{L}: \forall vos_heap_t *h, void **out; out_ok(h, out) ==> \separated(out, h);
    lemma out_heads{L}: \forall vos_heap_t *h, void **out, integer j;
      out_ok(h, out) && 0 <= j < VOS_HEAP_CLASSES && h->lists[j] != \null ==>
        \separated(out, h->lists[j]);
    lemma out_nx{L}: \forall vos_heap_t *h, void **out, integer k;
      out_ok(h, out) && 0 <= k < VOS_HEAP_CLASSES && h->lists[k] != \null &&
      h->lists[k]->next_free != \null ==> \separated(out, h->lists[k]->next_free);
    lemma out_rest{L}: \forall vos_heap_t *h, void **out, integer k, bs;
      out_ok(h, out) && 0 <= k < VOS_HEAP_CLASSES && h->lists[k] != \null &&
      fits_req(h, k, bs) ==>
        \separated(out, shift(h->lists[k], bs)) &&
        \separated(out, tagp(shift(h->lists[k], bs),
          (uint32_t)((uint32_t)(h->lists[k]->size - bs) - HB_FREE)));
    lemma al_fits{L}: \forall vos_heap_t *h, integer size;
      0 <= size <= 4294967295 && (uint32_t)(size - 1) < 524288 &&
      heap_ok(h) && found(h, cls_ceil(bs_of(size)), KF) ==>
        0 <= KF < VOS_HEAP_CLASSES && h->lists[KF] != \null && fits_req(h, KF, bs_of(size));
    // al_out, from ok_heap and the case (the lemmas above).
    lemma al_out_of{L}: \forall vos_heap_t *h, void **out, integer size;
      0 <= size <= 4294967295 && (uint32_t)(size - 1) < 524288 &&
      heap_ok(h) && out_ok(h, out) && found(h, cls_ceil(bs_of(size)), KF) ==>
        \separated(out, h) && \separated(out, XR(KF)) && \separated(out, XTAG(KF)) &&
        (XNX(KF) != \null ==> \separated(out, XNX(KF))) &&
        (\forall integer j; 0 <= j < VOS_HEAP_CLASSES && h->lists[j] != \null ==>
          \separated(out, h->lists[j]));
*/

/* The case's facts as ground preconditions (lemmas al_one_of, al_out_of). */
/*@ requires al_one: \forall integer k; FOUND(k) ==> k == KF;
    requires al_out: HOK && SZOK ==>
      \separated(out, h) && \separated(out, XR(KF)) && \separated(out, XTAG(KF)) &&
      (XNX(KF) != \null ==> \separated(out, XNX(KF))) &&
      (\forall integer j; 0 <= j < VOS_HEAP_CLASSES && h->lists[j] != \null ==>
        \separated(out, h->lists[j]));
*/
INLINE int heap_alloc(vos_heap_t *h, size_t size, void **out);
