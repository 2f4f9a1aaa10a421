/* SPDX-License-Identifier: MIT */
/*
 * WP proof of free_general (kernel/heap.c) merging a block b (in use,
 * header word w with HB_PREV_FREE) into its free predecessor P, the block
 * prev_free_block finds through the boundary tag before b and accepts
 * (pfb_ok, heap_merge_prev.h), in the case n_top: b's successor n
 * (header word nw) is free and the top, so the code clears the top, adds
 * n's size, and the merged block (P's size + b's + n's) reaches the end
 * sentinel: list_unlink takes P out of its list and put_free makes it the
 * top. For a heap with i5 (heap_i5.c) and the blocks the call touches as
 * I1-I4 describe them locally (the preconditions), it proves:
 *  - b's header, now dead bytes inside P, is valid and says w | HB_FREE
 *    (the double-free rule of heap.c's file notes); n's header (dead
 *    bytes too) is not written;
 *  - P's header is valid and says (P's size + b's + n's) | HB_FREE, and P
 *    is the top: h->top is P and top_size its size (I4's top clause);
 *  - P has left its list: its old referrer points to P's old successor,
 *    which (if any) links back to that referrer; every list head is the
 *    old one or P's old successor, and none is P (I4: the top is in no
 *    list); P's links and the word at the merged block's end (the tag
 *    word put_free writes only for a listed block) are as they were;
 *  - free_bytes grows by exactly b's size (I6: n's and P's bytes were
 *    free already) and frees by one; the result is VOS_OK; i5 holds (I5);
 *  - nothing else is written (assigns: the counters, the top, b's and
 *    P's headers, P's referrer, the back links of P's list successor and
 *    of the list heads, the list heads, the bitmaps; and the locations
 *    put_free's clause names for its other case, P's links and the tag
 *    word, with their values kept as said above).
 * Every memory access valid, no shift out of range (-wp-rte).
 * prev_free_block's and hb_valid's contracts (heap_merge_prev.h) are
 * proved by the heap_merge_prev_pfb run, cs_fn by heap_take_lemmas,
 * list_unlink's and put_free's contracts by heap_i5 and heap_put, their
 * frame facts (among them put_top_keep) by heap_merge_frame and
 * heap_merge_prev_frame: here they are assumed.
 *
 * The model (assumptions; docs/evidence.md lists them): heap_model.h's
 * (B, tagp, seal), WP's Typed+cast memory model, heap_i5.c's Flat_memory
 * and slot_at (list_unlink's test whether P's back link is a list head),
 * heap_free_model.h's off(h, b), heap_take.c's clz_fn, and the
 * preconditions: P's list neighbourhood consistent (I4, as in the case
 * to_top), n free of size at least HB_MIN (heap_merge_prev_nfree.h), the
 * locations written apart as flat memory makes them, the sizes bounded by
 * the arena (2^20), and the case itself: n is h->top and the merged block
 * reaches the end sentinel (NATEND: I4, the top is the free block before
 * the sentinel, with the tiling I1, stated, not derived).
 * Not proved here: the cases with n listed (docs/evidence.md, Not
 * proved); that heap_free calls free_general with these
 * preconditions met.
 *
 * The code proved is kernel/heap.c itself, included (through heap_take.c,
 * heap_put.c and heap_i5.c) whole: this file adds only contracts.
 */
#include "heap_take.c"
#include "heap_merge_frame.h"
/* The quantified frame facts; left out by heap_merge_prev_ntop_lite.c,
 * whose goals do not need them. */
#ifndef EV_WP_MERGE_PREV_NO_FRAMES
#include "heap_merge_prev_frame.h"
#include "heap_merge_prev_top_frame.h"
#endif
#include "heap_free_model.h"
#include "heap_merge_prev.h"
#include "heap_merge_prev_nfree.h"

/* This case never grows P in place (the merged block reaches the end
 * sentinel), so free_general does not call hb_tag (its only call of it is
 * in that branch): stated as a precondition of hb_tag that cannot hold,
 * so WP proves, as that call's precondition, that free_general does not
 * reach it in this case. This contract serves only this run, which
 * proves no other function. */
/*@ requires nt_no_in_place: \false; */
INLINE blk_t **hb_tag(const blk_t *b, uint32_t sz);

/* put_free makes P the top here (its top case): stated as a precondition
 * of put_free, proved at the call, so that the goals past it see its
 * case as a hypothesis. */
/*@ requires nt_at_end: (uint8_t *)b + sz == h->end; */
static void put_free(vos_heap_t *h, blk_t *b, uint32_t sz);

/*@ MP_PRE_BP
    MP_PRE_LINK
    MP_PRE_NEIGH_T(RNMS)
    MP_PRE_NFREE
    MP_PRE_TAG_T(RNMS)
    // The case: n is the top, and the merged block reaches the end
    // sentinel (P becomes the top).
    requires n == h->top && NATEND;
    MP_ASSIGNS_HEAD MP_ASSIGNS_TAIL(RNMS)
    ensures nt_ok: \result == VOS_OK;
    ensures nt_bytes: h->free_bytes == \old(h->free_bytes) + BSZ(w) &&
            h->frees == (uint32_t)(\old(h->frees) + 1);
    ensures nt_dead: b->size == (w | HB_FREE) && b->check == seal(w | HB_FREE, b);
    MP_ENS_TOP(nt, NMS_)
    ensures nt_i5: i5(h);
*/
static int free_general(vos_heap_t *h, blk_t *b, uint32_t w, blk_t *n, uint32_t nw);
