/* SPDX-License-Identifier: MIT */
/*
 * WP proof of free_general (kernel/heap.c) merging a block b (in use,
 * header word w, its predecessor in use: w without HB_PREV_FREE) with a
 * listed free successor n (header word nw with HB_FREE, n not the top):
 * list_unlink(h, n) takes n out of its list, then put_free files the
 * merged block of s + n's size (s = b's size). For a heap with i5
 * (heap_i5.c) and the blocks the call touches as I1-I4 describe them
 * locally (the preconditions), it proves: the merged header at b is
 * valid and says its size | HB_FREE; if it ends at the end sentinel it
 * is the top (h->top, top_size), else its boundary tag holds it (I3), it
 * is the head of a list k with its back link to the list head (I4's
 * links; put_free) and h->top is unchanged; free_bytes grows by exactly
 * b's size (I6) and frees by one; the result is VOS_OK; i5 holds (I5);
 * nothing else is written (assigns: the counters, top, b's header, links
 * and tag, n's referrer, the back link of n's list successor and of the
 * list heads, the list heads, the bitmaps). Every memory access valid,
 * no shift out of range (-wp-rte). list_unlink's contract is heap_i5.c's
 * (heap_i5 run), put_free's and class_shift's heap_put.c's (heap_put
 * run), their frame facts heap_merge_frame.h's (heap_merge_frame run):
 * here they are assumed. prev_free_block is not called (w without
 * HB_PREV_FREE).
 *
 * The model (assumptions; docs/evidence.md lists them): heap_model.h's
 * (B, shift_B, tagp, seal), WP's Typed+cast memory model, heap_i5.c's
 * Flat_memory and slot_at (list_unlink's test whether n's back link is a
 * list head), and
 *  - off(h, b), a name for the byte offset of the header b (as in
 *    heap_free.c): b == B(h, off(h, b)) and n == B(h, off(h, b) + s);
 *  - the preconditions: n's list neighbourhood is consistent (I4: n's
 *    back link is valid and points to n, and is a list head or another
 *    block's link; n's list successor is valid), and the locations
 *    written are apart as flat memory makes them (headers, tags and
 *    links of distinct blocks, the list heads, the descriptor).
 * The assigns clause names the back links put_free may write as one set,
 * { x->pprev | x is n's list successor or a list head }: WP checks a
 * callee's range of locations against one member of the caller's union
 * at a time, and after the unlink a list head is an old head or n's
 * successor (the previous formulation, two members, left this goal
 * unprovable).
 * Not proved here: that n has left its list in the result (only that the
 * code's steps were taken with their preconditions met); that the list
 * is the one of class_floor (I4's class part); that heap_free calls
 * free_general with these preconditions met.
 *
 * The code proved is kernel/heap.c itself, included (through heap_put.c
 * and heap_i5.c) whole: this file adds only contracts.
 */
#include "heap_put.c"
#include "heap_merge_frame.h"

#include "heap_free_model.h"

/* b's size, and the merged size as the code computes it (uint32_t; exact:
 * the precondition bounds it by 2^20). Macros, not logic functions, so
 * that the provers see the code's own terms. */
#define BNSZ(w, nw) ((uint32_t)(BSZ(w) + (uint32_t)((nw) - HB_FREE)))

/*@ requires \valid(h) && i5(h);
    // b: a block in use, apart from the descriptor and from every list.
    requires \valid(b) && \separated(b, h) && b == B(h, off(h, b));
    requires (w & HB_FREE) == 0 && b->size == w && (w & HB_PREV_FREE) == 0;
    requires HB_MIN <= BSZ(w) && BSZ(w) % 8 == 0;
    requires h->free_bytes + BSZ(w) <= 4294967295;
    requires listed_apart(h, b);
    // n: the next block, free and listed (not the top), apart from b.
    requires n == B(h, off(h, b) + BSZ(w)) && n->size == nw;
    requires (nw & HB_FREE) != 0 && n != h->top;
    requires HB_MIN <= nw - HB_FREE && (nw - HB_FREE) % 8 == 0;
    requires BSZ(w) + (nw - HB_FREE) < 1048576;
    requires \valid(n) && \separated(n, h) && \separated(n, b);
    // n's list neighbourhood (I4): its back link points to it and is a
    // list head or another block's link; its successor links back.
    requires \valid(n->pprev) && *n->pprev == n && \separated(n->pprev, n) &&
             \separated(n->pprev, b);
    requires (slot_at(h, n->pprev) < sizeof(h->lists) &&
              n->pprev == &h->lists[slot_at(h, n->pprev) / sizeof(blk_t *)]) ||
             \separated(n->pprev, h);
    requires n->next_free != \null ==>
      \valid(n->next_free) && \separated(n->next_free, h) && \separated(n->next_free, n) &&
      \separated(n->next_free, n->pprev) && \separated(n->next_free, b) &&
      \separated(tagp(b, BNSZ(w, nw)), n->next_free);
    // The merged block's boundary tag (n's): apart from what else is written.
    requires \valid(tagp(b, BNSZ(w, nw))) && \separated(tagp(b, BNSZ(w, nw)), h) &&
             \separated(tagp(b, BNSZ(w, nw)), b);
    requires \forall integer k; 0 <= k < VOS_HEAP_CLASSES && h->lists[k] != \null ==>
      \separated(tagp(b, BNSZ(w, nw)), h->lists[k]);
    assigns { x->pprev | blk_t *x; x == n->next_free ||
              \exists integer k; 0 <= k < VOS_HEAP_CLASSES && x == h->lists[k] },
            h->free_bytes, h->frees, h->top, h->top_size,
            b->size, b->check, b->next_free, b->pprev,
            *tagp(b, BNSZ(w, nw)), *n->pprev,
            h->lists[0 .. VOS_HEAP_CLASSES - 1],
            h->sl_map[0 .. VOS_HEAP_FL_COUNT - 1], h->fl_map;
    ensures \result == VOS_OK;
    ensures h->free_bytes == \old(h->free_bytes) + BSZ(w) &&
            h->frees == (uint32_t)(\old(h->frees) + 1);
    ensures b->size == (BNSZ(w, nw) | HB_FREE) &&
            b->check == seal(BNSZ(w, nw) | HB_FREE, b);
    ensures (uint8_t *)b + BNSZ(w, nw) == h->end ==>
      h->top == b && h->top_size == BNSZ(w, nw);
    ensures (uint8_t *)b + BNSZ(w, nw) != h->end ==> *tagp(b, BNSZ(w, nw)) == b;
    ensures (uint8_t *)b + BNSZ(w, nw) != h->end ==> h->top == \old(h->top);
    ensures (uint8_t *)b + BNSZ(w, nw) != h->end ==>
      \exists integer k; 0 <= k < VOS_HEAP_CLASSES && h->lists[k] == b && b->pprev == &h->lists[k];
    ensures fg_i5: i5(h);
*/
static int free_general(vos_heap_t *h, blk_t *b, uint32_t w, blk_t *n, uint32_t nw);
