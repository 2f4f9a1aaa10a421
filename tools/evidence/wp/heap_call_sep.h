/* SPDX-License-Identifier: MIT */
/*
 * The separations a heap_alloc call on the whole-heap model needs from
 * its caller, written once for the top path (heap_alloc_top_model.h's
 * g_asep) and the list path (heap_alloc_list_model_f.h's g_lfacts):
 * CALL_OUT_APART, the result pointer out apart from the descriptor h and
 * from every block header of the arena; CALL_LOCK_APART, the port stub's
 * lock depth (ev_lock_depth) apart from every header's size and check
 * words and from every tile's block. Each is a chain of && with no outer
 * parentheses, so a clause that uses one reads as if written out
 * (frama-c -print is the same). Include after heap_tile_model.h.
 */
#ifndef EV_WP_HEAP_CALL_SEP_H
#define EV_WP_HEAP_CALL_SEP_H

#define CALL_OUT_APART \
    \separated(out, h) && \
    (\forall integer x; 0 <= x <= h->total ==> \separated(out, B(h, x)))

#define CALL_LOCK_APART \
    (\forall integer x; 0 <= x <= h->total ==> \
        \separated(&ev_lock_depth, &B(h, x)->size) && \separated(&ev_lock_depth, &B(h, x)->check)) && \
    (\forall integer i; 0 <= i < tn ==> \separated(&ev_lock_depth, B(h, tG[i])))

#endif
