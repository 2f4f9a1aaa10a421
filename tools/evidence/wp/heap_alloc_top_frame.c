/* SPDX-License-Identifier: MIT */
/*
 * heap_alloc's frame in the case "no list can serve" (issue 34): a
 * default assigns clause for heap_alloc (Frama-C merges it with
 * heap_alloc.c's contract), so that a caller's proof can use it: WP's
 * call rule reads only a function's default assigns, and heap_alloc.c's
 * contract has assigns only in its behaviors, so without this a call of
 * heap_alloc lets every location change. In the case of
 * heap_alloc_top.c and heap_alloc_top_ens.c (included: a handle and size
 * the checks let through, every list from cls_ceil(bs) up empty; their
 * preconditions at_case, at_nn, at_bs_lo, at_bs_hi, each proved to hold
 * at a call from heap_ok or lemmas, heap_alloc_top_ens.c), the clause is
 * the union of from_top's and no_memory's assigns, each location
 * take_top writes conditional on bs <= h->top_size (no_memory writes
 * none of them; the header at o + bs may lie past the arena then).
 * Proved on heap_alloc's code (kernel/heap.c) by the run
 * heap_alloc_top_frame (-wp-fct heap_alloc -wp-bhv default!
 * -wp-prop @assigns). No caller's proof uses it yet (a composition of
 * heap_alloc's top path with heap_tile_top.h's g_top was tried, session
 * 27, and did not close: docs/evidence.md). No assumption beyond
 * heap_alloc.c's.
 */
#include "heap_alloc_top_ens.c"

/* A location heap_alloc writes only when the top holds the request. */
#define AF_IF(l) { l | integer af_c; af_c == 0 && BS <= h->top_size }

/*@ assigns h->failures, ev_lock_depth, *out,
            AF_IF(h->top), AF_IF(h->top_size), AF_IF(h->free_bytes), AF_IF(h->min_free),
            AF_IF(B(h, TO)->size), AF_IF(B(h, TO)->check),
            AF_IF(B(h, TO + BS)->size), AF_IF(B(h, TO + BS)->check),
            AF_IF(B(h, h->total)->size), AF_IF(B(h, h->total)->check);
*/
INLINE int heap_alloc(vos_heap_t *h, size_t size, void **out);
