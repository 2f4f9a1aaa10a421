/* SPDX-License-Identifier: MIT */
/*
 * WP proof of heap_free (kernel/heap.c), its entry checks: for a call the
 * checks refuse before the lock (the precondition !pin(h, p): the heap
 * handle invalid, or p NULL, or b = p - 8 outside the arena or not
 * 8-aligned), exactly one of
 *   bad_heap: h NULL or its tag not VOS_TAG_HEAP: VOS_ERR_INVALID;
 *   null_p:   a valid heap, p NULL: VOS_OK;
 *   outside:  a valid heap, p not NULL, b outside the arena or misaligned
 *             (the code's one compare: b's offset from h->first, rotated
 *             right by 3 bits in 32 bits, not below span8; that this is
 *             "outside [first, first + 8 * span8) or not a multiple of 8"
 *             is a fact of 32-bit arithmetic not proved here):
 *             VOS_ERR_INVALID;
 * and nothing is written (assigns \nothing: not the heap, not the lock).
 * Every memory access valid (-wp-rte).
 *
 * Assumptions: none beyond WP's Typed+cast model (the contracts
 * heap_free.c and the files it includes state are not used: no call is
 * made on these paths).
 * Not proved here: the locked part (the header checks and the fast
 * path's merge with a free successor are proved by heap_free_fast.c; the
 * calls of free_general are not proved: docs/evidence.md).
 *
 * The code proved is kernel/heap.c itself, included (through heap_free.c,
 * heap_put.c and heap_i5.c) whole: this file adds only contracts.
 */
#include "heap_free.c"

/* The block p names, its offset from the arena's start, the code's one
 * compare (in the arena and 8-aligned when the offset, rotated right by 3
 * bits, is below span8), a valid handle and a call the entry checks let
 * through: heap_pin.h, shared with heap_free_fast.c. */
#include "heap_pin.h"

/*@ requires h == \null || \valid(h);
    // Only the calls the entry checks refuse (the locked part: not proved).
    requires !pin(h, p);
    behavior bad_heap:
      assumes !hok(h);
      assigns \nothing;
      ensures \result == VOS_ERR_INVALID;
    behavior null_p:
      assumes hok(h) && p == \null;
      assigns \nothing;
      ensures \result == VOS_OK;
    behavior outside:
      assumes hok(h) && p != \null && !inside(h, p);
      assigns \nothing;
      ensures \result == VOS_ERR_INVALID;
    complete behaviors;
    disjoint behaviors;
*/
static inline int heap_free(vos_heap_t *h, void *p);
