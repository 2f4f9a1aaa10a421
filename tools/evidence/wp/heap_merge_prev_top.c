/* SPDX-License-Identifier: MIT */
/*
 * WP proof of free_general (kernel/heap.c) merging a block b (in use,
 * header word w with HB_PREV_FREE) into its free predecessor P, the block
 * prev_free_block finds through the boundary tag before b and accepts
 * (pfb_ok, heap_merge_prev.h), in the case to_top: b's successor n
 * (header word nw) is in use, and the merged block (P's size + b's size)
 * reaches the end sentinel, so list_unlink takes P out of its list and
 * put_free makes it the top. For a heap with i5 (heap_i5.c) and the
 * blocks the call touches as I1-I4 describe them locally (the
 * preconditions), it proves:
 *  - n's header (n is the end sentinel) is valid and says
 *    nw | HB_PREV_FREE (I2);
 *  - b's header, now dead bytes inside P, is valid and says w | HB_FREE
 *    (the double-free rule of heap.c's file notes);
 *  - P's header is valid and says (P's size + b's size) | HB_FREE, and P
 *    is the top: h->top is P and top_size its size (I4's top clause);
 *  - P has left its list: its old referrer points to P's old successor,
 *    which (if any) links back to that referrer; every list head is the
 *    old one or P's old successor, and none is P (I4: the top is in no
 *    list); P's links and the word at the merged block's end (the tag
 *    word put_free writes only for a listed block) are as they were;
 *  - free_bytes grows by exactly b's size (I6) and frees by one; the
 *    result is VOS_OK; i5 holds (I5);
 *  - nothing else is written (assigns: the counters, the top, n's, b's
 *    and P's headers, P's referrer, the back links of P's list successor
 *    and of the list heads, the list heads, the bitmaps; and the
 *    locations put_free's clause names for its other case, P's links and
 *    the tag word, with their values kept as said above).
 * Every memory access valid, no shift out of range (-wp-rte).
 * prev_free_block's and hb_valid's contracts (heap_merge_prev.h) are
 * proved by the heap_merge_prev_pfb run, cs_fn by heap_take_lemmas,
 * list_unlink's and put_free's contracts by heap_i5 and heap_put, their
 * frame facts (among them put_top_keep: put_free's top case writes only
 * b's header and the top) by heap_merge_frame and heap_merge_prev_frame: here they
 * are assumed.
 *
 * The model (assumptions; docs/evidence.md lists them): heap_model.h's
 * (B, tagp, seal), WP's Typed+cast memory model, heap_i5.c's Flat_memory
 * and slot_at (list_unlink's test whether P's back link is a list head),
 * heap_free_model.h's off(h, b), heap_take.c's clz_fn (__builtin_clz's
 * result is lclz(x), a logic function of x alone), and the
 * preconditions: P's list neighbourhood consistent (I4: its back link
 * points to it and is a list head or another block's link, its successor
 * valid, P a list head only where its back link says), the locations
 * written apart as flat memory makes them (headers, tags and links of
 * distinct blocks, the list heads, the descriptor), the sizes bounded by
 * the arena (2^20), and the case itself (ATEND).
 * Not proved here: the other cases (heap_merge_prev_in.c,
 * heap_merge_prev_refile.c; n free: heap_merge_prev_ntop.c and docs/evidence.md,
 * Not proved); that heap_free calls free_general with these preconditions met.
 *
 * The code proved is kernel/heap.c itself, included (through heap_take.c,
 * heap_put.c and heap_i5.c) whole: this file adds only contracts.
 */
#include "heap_take.c"
#include "heap_merge_frame.h"
/* The run heap_merge_prev_top_heads (tt_heads) sets
 * EV_WP_MERGE_PREV_NO_FRAMES: its goal needs none of the quantified
 * frame facts below, and CVC4 took 0.41 million steps with them, 0.24
 * million without. The contract is the same. */
#ifndef EV_WP_MERGE_PREV_NO_FRAMES
#include "heap_merge_prev_frame.h"
#include "heap_merge_prev_top_frame.h"
#endif
#include "heap_free_model.h"
#include "heap_merge_prev.h"

/* This case never grows P in place (the code's end test or same-class
 * test sends it on to list_unlink and put_free), so free_general does
 * not call hb_tag (its only call of it is in that branch): stated as a
 * precondition of hb_tag that cannot hold, so WP proves, as that call's
 * precondition, that free_general does not reach it in this case (and
 * the goals past the call have nothing to prove). This contract serves
 * only the to_top run, which proves no other function. */
/*@ requires tt_no_in_place: \false; */
INLINE blk_t **hb_tag(const blk_t *b, uint32_t sz);

/* put_free makes P the top here (its top case): stated as a precondition
 * of put_free, proved at the call, so that the goals past it see its
 * case as a hypothesis. */
/*@ requires tt_at_end: (uint8_t *)b + sz == h->end; */
static void put_free(vos_heap_t *h, blk_t *b, uint32_t sz);

/*@ MP_PRE_BP
    MP_PRE_LINK
    MP_PRE_NEIGH
    MP_PRE_N
    MP_PRE_TAG
    // The case: the merged block reaches the end sentinel (P becomes the
    // top).
    requires ATEND;
    MP_ASSIGNS_MOVE
    ensures tt_ok: \result == VOS_OK;
    ensures tt_bytes: h->free_bytes == \old(h->free_bytes) + BSZ(w) &&
            h->frees == (uint32_t)(\old(h->frees) + 1);
    ensures tt_next: n->size == (nw | HB_PREV_FREE) && n->check == seal(nw | HB_PREV_FREE, n);
    ensures tt_dead: b->size == (w | HB_FREE) && b->check == seal(w | HB_FREE, b);
    MP_ENS_TOP(tt, MS_)
    ensures tt_i5: i5(h);
*/
static int free_general(vos_heap_t *h, blk_t *b, uint32_t w, blk_t *n, uint32_t nw);
