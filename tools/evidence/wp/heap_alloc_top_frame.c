/* SPDX-License-Identifier: MIT */
/*
 * heap_alloc's frame in the case "no list can serve" (issue 34): a
 * default assigns clause for heap_alloc (Frama-C merges it with
 * heap_alloc.c's contract), so that a caller's proof can use it:
 * heap_alloc.c's contract has assigns only in its behaviors, and without
 * this WP 25 was seen to read a call of heap_alloc as letting every
 * location change. In the case of
 * heap_alloc_top.c and heap_alloc_top_ens.c (included: a handle and size
 * the checks let through, every list from cls_ceil(bs) up empty; their
 * preconditions at_case, at_nn, at_bs_lo, at_bs_hi, each proved to hold
 * at a call from heap_ok or lemmas, heap_alloc_top_ens.c), the clause is
 * the union of from_top's and no_memory's assigns, each location
 * take_top writes conditional on bs <= h->top_size (no_memory writes
 * none of them; the header at o + bs may lie past the arena then); its
 * uint32_t words (top_size, free_bytes, min_free and the six header
 * words) as one set, AF_W (session 28: listed one by one, as AF_IF
 * locations, they gave a caller's goal one update of memory per word,
 * and CVC4 timed out on a header word kept across the call).
 * Proved on heap_alloc's code (kernel/heap.c) by the run
 * heap_alloc_top_frame (-wp-fct heap_alloc -wp-bhv default!
 * -wp-prop @assigns). Used by heap_alloc_top_model.c's am_call (the
 * composition of heap_alloc's top path with the model). No assumption
 * beyond heap_alloc.c's.
 */
#include "heap_alloc_top_ens.c"

/* A location heap_alloc writes only when the top holds the request. */
#define AF_IF(l) { l | integer af_c; af_c == 0 && BS <= h->top_size }

/* The uint32_t words heap_alloc writes only when the top holds the
 * request, as one set (so a caller's goals see one update of memory for
 * them, not one per word). */
#define AF_W(p) (BS <= h->top_size && \
  (p == &h->top_size || p == &h->free_bytes || p == &h->min_free || \
   p == &B(h, TO)->size || p == &B(h, TO)->check || \
   p == &B(h, TO + BS)->size || p == &B(h, TO + BS)->check || \
   p == &B(h, h->total)->size || p == &B(h, h->total)->check))

/*@ assigns h->failures, ev_lock_depth, *out, AF_IF(h->top),
            { *af_p | uint32_t *af_p; AF_W(af_p) };
*/
INLINE int heap_alloc(vos_heap_t *h, size_t size, void **out);
