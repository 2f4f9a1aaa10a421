/* SPDX-License-Identifier: MIT */
/*
 * heap_alloc (kernel/heap.c) in the case "no list can serve": a handle
 * and size the checks let through, and every list of class cls_ceil(bs)
 * or above empty (bs the code's block size, bs_of(size)): the case of
 * heap_alloc.c's behaviors from_top and no_memory. Proved here
 * (heap_alloc_top.wp, -wp-bhv default!): in this case, every memory
 * access (-wp-rte) and every precondition of every call (class_ceil,
 * arch_lock, find_class, take_top with its split and whole behaviors',
 * arch_unlock), and that heap_alloc never calls take. The lemmas
 * top_hsep_split, top_hsep_at and top_hsep_whole (arena_hsep at the
 * top's offsets, which the provers did not instantiate themselves: the
 * offsets' multiples of 8) are proved by the heap_alloc_top_lemmas run.
 * NOT PROVED here: the clauses of from_top and no_memory (their ensures
 * and assigns: heap_alloc_top_ens.c and its runs prove them in
 * this case), and the case "some list from that class up non-empty".
 * The case is a precondition this file adds to heap_alloc.c's contract
 * (Frama-C merges the two); heap_alloc_ref.c proves the refusals.
 */
#include "heap_alloc.c"

/* This case never calls take (find_class finds no list): stated as a
 * precondition that cannot hold, so WP proves, as that call's
 * precondition, that heap_alloc does not reach the call in this case.
 * This contract serves only this run, which proves no other function. */
/*@ requires at_no_take: \false; */
INLINE blk_t *take(vos_heap_t *h, uint32_t idx, uint32_t bs);

/*@ // The headers take_top writes do not overlap (arena_hsep at the
    // top's offsets; proved: heap_alloc_top_lemmas).
    lemma top_hsep_split: \forall vos_heap_t *h, integer bs;
      arena(h) && arena_hsep(h) && top_some(h) && 0 < bs && bs % 8 == 0 &&
      h->top_size >= bs + HB_MIN ==>
        hsep(h, h->total - h->top_size, h->total - h->top_size + bs) &&
        hsep(h, h->total - h->top_size, h->total) &&
        hsep(h, h->total - h->top_size + bs, h->total);
    lemma top_hsep_at: \forall vos_heap_t *h, integer o1, o2;
      arena(h) && arena_hsep(h) && top_some(h) &&
      h->total - h->top_size <= o1 < o2 <= h->total &&
      (o1 - (h->total - h->top_size)) % 8 == 0 && (o2 - (h->total - h->top_size)) % 8 == 0 ==>
        hsep(h, o1, o2);
    lemma top_hsep_whole: \forall vos_heap_t *h;
      arena(h) && arena_hsep(h) && top_some(h) ==>
        hsep(h, h->total - h->top_size, h->total);
*/

/*@ // The case.
    requires at_case: HOK && SZOK && lists_empty(h, WANT, VOS_HEAP_CLASSES);
*/
INLINE int heap_alloc(vos_heap_t *h, size_t size, void **out);
