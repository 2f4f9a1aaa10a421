/* SPDX-License-Identifier: MIT */
/*
 * heap_alloc's frame in the case "a list serves the request, whole"
 * (issue 34): in heap_alloc_list.c's case (included: a handle and size
 * the checks let through, the lowest non-empty class at or above
 * cls_ceil(bs) being KF, a class without axiom), two additions to
 * contracts, so that a caller's proof can use heap_alloc's effect on the
 * words the whole-heap model reads (the composition with the model,
 * heap_alloc_list_model.c, is on branch listpath, not proved):
 *  - take: behavior lw_whole (take's whole case, the found block kept
 *    whole): every list head but lists[idx] keeps its value (lw_tl) and
 *    its back link (lw_tp), under lw_tsep (every other head apart from
 *    b's successor and from the next block's header words: flat memory).
 *    take's whole-case assigns say so, but WP 25 was seen to read a call
 *    through the default assigns only (heap_alloc.c's union for take:
 *    every list head and every head's back link);
 *  - heap_alloc: a default assigns clause (Frama-C merges it with
 *    heap_alloc.c's contract), from_list's assigns with k = KF, its
 *    uint32_t words, its blk_t * words and its blk_t ** words each as one
 *    set (LW_U, LW_P, LW_Q: as heap_alloc_top_frame.c's AF_W, so that a
 *    caller's goal sees one memory update per set); and lw_lists and
 *    lw_pp, take's lw_tl and lw_tp for heap_alloc, when the found block
 *    is taken whole, under lw_sep (lw_tsep at the found class, the other
 *    heads apart from the lock state and out) and lw_blo, lw_bhi
 *    (bs_of(size) on the code's two paths: heap_alloc.c's lemmas
 *    bs_of_lo and bs_of_hi give them at a call).
 * Proved on the code (kernel/heap.c) by two runs (CVC4 alone):
 *  - heap_alloc_list_model_take (-wp-fct take -wp-prop lw_tl,lw_tp);
 *  - heap_alloc_list_model_frame (-wp-fct heap_alloc -wp-bhv default!
 *    -wp-prop @assigns,lw_lists,lw_pp,lw_tsep,al_no_top): the default
 *    assigns, the two ensures, lw_tsep at take's call and al_no_top at
 *    take_top's (that call is not reached in this case).
 * Assumptions: heap_alloc_list.c's (heap_alloc.c's); lw_sep is a
 * precondition (a flat-memory fact of the model; no proved caller derives
 * it yet: docs/evidence.md); lw_blo and lw_bhi are preconditions too, but
 * instances of the proved lemmas bs_of_lo and bs_of_hi (heap_alloc.c).
 */
#include "heap_alloc_list.c"

/* take's whole case: the other list heads and their back links kept. */
/*@ behavior lw_whole:
      assumes TK_S - bs < HB_MIN;
      requires lw_tsep: \forall integer j; 0 <= j < VOS_HEAP_CLASSES && j != idx &&
        h->lists[j] != \null ==>
        (TK_NX != \null ==> \separated(h->lists[j], TK_NX)) &&
        \separated(h->lists[j], &TK_N->size) && \separated(h->lists[j], &TK_N->check);
      ensures lw_tl: \forall integer j; 0 <= j < VOS_HEAP_CLASSES && j != idx ==>
        h->lists[j] == \old(h->lists[j]);
      ensures lw_tp: \forall integer j; 0 <= j < VOS_HEAP_CLASSES && j != idx &&
        \old(h->lists[j]) != \null ==>
        \old(h->lists[j])->pprev == \old(h->lists[j]->pprev);
*/
INLINE blk_t *take(vos_heap_t *h, uint32_t idx, uint32_t bs);

/* The found class as the code's call of take names it (find_class's
 * result, KF, cast to uint32_t), and the found block's case. */
#define LW_K ((uint32_t)KF)
#define LW_WHOLE (XS(KF) - BS < HB_MIN)

/* The uint32_t words from_list may write (but the lock state and the
 * bitmaps' array): the counters, fl_map and the three headers. */
#define LW_U(p) \
  (p == &h->free_bytes || p == &h->min_free || p == &h->fl_map || \
   p == &XB(LW_K)->size || p == &XB(LW_K)->check || p == &XR(LW_K)->size || p == &XR(LW_K)->check || \
   p == &XN(LW_K)->size || p == &XN(LW_K)->check)
/* The blk_t * words but the list heads: the rest's link, the tag word. */
#define LW_P(p) (p == &XR(LW_K)->next_free || p == XTAG(LW_K))
/* The blk_t ** words but the old heads' back links: the rest's, b's
 * successor's. */
#define LW_Q(p) (p == &XR(LW_K)->pprev || p == &XNX(LW_K)->pprev)

/* The frame, as one text for heap_alloc's default assigns here and
 * the composition's call (am_lc0, am_lcall: branch listpath). */
#define LW_FRAME \
    assigns ev_lock_depth, *out, h->sl_map[0 .. VOS_HEAP_FL_COUNT - 1], \
            h->lists[0 .. VOS_HEAP_CLASSES - 1], h->lists[0 .. VOS_HEAP_CLASSES - 1]->pprev, \
            { *lw_u | uint32_t *lw_u; LW_U(lw_u) }, \
            { *lw_p | blk_t **lw_p; LW_P(lw_p) }, \
            { *lw_q | blk_t ***lw_q; LW_Q(lw_q) };

/*@ requires lw_sep: \forall integer j; 0 <= j < VOS_HEAP_CLASSES && j != LW_K &&
      h->lists[j] != \null ==>
      (XNX(LW_K) != \null ==> \separated(h->lists[j], XNX(LW_K))) &&
      \separated(h->lists[j], &XN(LW_K)->size) && \separated(h->lists[j], &XN(LW_K)->check) &&
      \separated(h->lists[j], &ev_lock_depth) && \separated(h->lists[j], out);
    // bs_of(size) as the code computes it on each path (heap_alloc.c's
    // lemmas bs_of_lo and bs_of_hi: the caller proves these)
    requires lw_blo: BS0 < HB_MIN ==> BS == HB_MIN;
    requires lw_bhi: HB_MIN <= BS0 ==> BS == BS0;
    LW_FRAME
    ensures lw_lists: \old(LW_WHOLE) ==> \forall integer j; 0 <= j < VOS_HEAP_CLASSES && j != KF ==>
      h->lists[j] == \old(h->lists[j]);
    ensures lw_pp: \old(LW_WHOLE) ==> \forall integer j; 0 <= j < VOS_HEAP_CLASSES && j != KF &&
      \old(h->lists[j]) != \null ==>
      \old(h->lists[j])->pprev == \old(h->lists[j]->pprev);
*/
INLINE int heap_alloc(vos_heap_t *h, size_t size, void **out);
