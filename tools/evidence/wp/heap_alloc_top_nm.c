/* SPDX-License-Identifier: MIT */
/*
 * heap_alloc's behavior no_memory (heap_alloc.c), its assigns clause
 * (h->failures and the lock state only), in the case of heap_alloc_top.c
 * (through heap_alloc_top_ens.c, whose preconditions it includes).
 * WP's call rule reads only a callee's default assigns, and heap_alloc.c's
 * default assigns of take_top is the union of its behaviors' (the top's
 * words): with it, the call writes them on every path, the path of
 * take_top's fail behavior (assigns \nothing) too. So this file defines
 * HA_TOP_FRAME, which leaves heap_alloc.c's clause out, and states
 * instead a default assigns of take_top whose every location is
 * conditional on bs <= h->top_size (a set comprehension empty when the
 * top is smaller than bs: take_top's fail behavior writes nothing): its
 * union over take_top's behaviors, as precise as theirs. PROVED on
 * take_top's code by the heap_alloc_top_nm_frame run (every assigns goal
 * of take_top), and no_memory's assigns under it by the heap_alloc_top_nm
 * run. No assumption beyond heap_alloc.c's.
 */
#define HA_TOP_FRAME
#include "heap_alloc_top_ens.c"

/* A location take_top writes only when the top holds bs bytes. */
#define TT_IF(l) { l | integer tt_c; tt_c == 0 && bs <= h->top_size }

/*@ assigns TT_IF(h->top), TT_IF(h->top_size), TT_IF(h->free_bytes), TT_IF(h->min_free),
            TT_IF(B(h, h->total - h->top_size)->size), TT_IF(B(h, h->total - h->top_size)->check),
            TT_IF(B(h, h->total - h->top_size + bs)->size), TT_IF(B(h, h->total - h->top_size + bs)->check),
            TT_IF(B(h, h->total)->size), TT_IF(B(h, h->total)->check);
*/
INLINE blk_t *take_top(vos_heap_t *h, uint32_t bs);
