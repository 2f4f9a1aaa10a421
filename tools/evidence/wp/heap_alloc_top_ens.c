/* SPDX-License-Identifier: MIT */
/*
 * heap_alloc's behavior from_top (heap_alloc.c), its clauses, in the
 * case of heap_alloc_top.c (a handle and size the checks let through,
 * every list of class cls_ceil(bs) or above empty), whose preconditions
 * it includes, with three more preconditions that restate,
 * as ground facts for the provers, the block size bs_of(size) on each of
 * the code's two paths (bs0 = ((uint32_t)size + 8 + 7) & ~7u below
 * HB_MIN, bs raised to HB_MIN; or kept): at_bs_lo and at_bs_hi, the
 * instances at this size of heap_alloc.c's lemmas bs_of_lo and bs_of_hi
 * (proved by the heap_alloc_lemmas run), and at_nn: the top's header
 * B(h, o) is not NULL when there is a top (lemmas top_nn and at_nn_of,
 * from ok_heap: arena(h) makes the header valid memory; proved by the
 * heap_alloc_top_ens_lemmas run). No assumption beyond heap_alloc.c's.
 * PROVED: from_top's ensures, every clause (heap_alloc_top_ens.wp:
 * t_res, t_lock, t_out, t_min, t_end; take_top's split: ts_hdr, ts_top,
 * ts_free; its whole: tw_hdr, tw_top, tw_free) and its assigns clause
 * (heap_alloc_top_asg.wp), and no_memory's, every clause, ensures and
 * assigns (heap_alloc_top_nm.wp), with heap_alloc.c's default assigns of
 * take_top (each location conditional on bs <= h->top_size: with the
 * unconditional union no_memory's failures + 1 timed out, since the call
 * could then write the header at o + bs, past the arena when the top is
 * smaller than bs, where nothing says it is apart from h->failures).
 */
#include "heap_alloc_top.c"

/* The code's rounded block size, before it is raised to HB_MIN. */
#define TBS0 ((uint32_t)((uint32_t)(size + 8) + 7) & 4294967288)

/*@ // The top's header is not at NULL (arena(h): it is valid memory).
    lemma top_nn: \forall vos_heap_t *h;
      arena(h) && top_ok(h) && HB_MIN <= h->top_size ==>
        B(h, h->total - h->top_size) != \null;
    // The precondition at_nn below, from ok_heap.
    lemma at_nn_of: \forall vos_heap_t *h, integer size;
      (HOK && SZOK ==> heap_ok(h)) ==>
        (HOK && SZOK && HB_MIN <= h->top_size ==> B(h, TO) != \null);
*/

/*@ requires at_nn: HOK && SZOK && HB_MIN <= h->top_size ==> B(h, TO) != \null;
    requires at_bs_lo: TBS0 < HB_MIN ==> bs_of(size) == HB_MIN;
    requires at_bs_hi: HB_MIN <= TBS0 ==> bs_of(size) == TBS0;
*/
INLINE int heap_alloc(vos_heap_t *h, size_t size, void **out);
