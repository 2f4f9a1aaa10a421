/* SPDX-License-Identifier: MIT */
/*
 * WP proof of heap_free (kernel/heap.c), its entry checks: for a call the
 * checks refuse before the lock (the precondition !pin(h, p): the heap
 * handle invalid, or p NULL, or b = p - 8 outside the arena or not
 * 8-aligned), exactly one of
 *   bad_heap: h NULL or its tag not VOS_TAG_HEAP: VOS_ERR_INVALID;
 *   null_p:   a valid heap, p NULL: VOS_OK;
 *   outside:  a valid heap, p not NULL, b outside the arena or misaligned:
 *             its offset from h->first (wrapped: a b below first is far
 *             above) not a multiple of 8 or not below 8 * span8 (the
 *             arena's span): VOS_ERR_INVALID;
 * and nothing is written (assigns \nothing: not the heap, not the lock).
 * The code tests b with one compare (the offset rotated right by 3 bits
 * in 32 bits, below span8: heap_pin.h's inside); that this compare means
 * "8-aligned and in [first, first + 8 * span8)" is the axiom rot_inside
 * (heap_rot.h), a fact of 32-bit arithmetic proved in bit-vector logic by
 * tools/evidence/bv/heap_entry.smt2 (run.py bv; rot_inside_32, and
 * rot_inside_64 for a 64-bit uintptr_t), from which WP proves the
 * behaviors complete and outside's result. Every memory access valid
 * (-wp-rte).
 *
 * Assumptions: WP's Typed+cast model; rot_inside (proved by the bv part,
 * its ACSL text being the same formula: docs/evidence.md gives the
 * translation); span8 below 2^29, which vos_heap_init makes it (the
 * arena's 32-bit span >> 3) and no operation changes (check_locked
 * tests it). The contracts heap_free.c and the files it includes state
 * are not used: no call is made on these paths.
 * Not proved here: the locked part (the header checks and the fast
 * path's merge with a free successor are proved by heap_free_fast.c;
 * its calls of free_general by the heap_free_gen_call run, but those
 * that merge with a free predecessor: docs/evidence.md).
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

/*@ // b 8-aligned with respect to the arena's start and below its end, in
    // the terms of b's (wrapped) offset.
    predicate in_arena(vos_heap_t *h, void *p) =
      boff(h, p) % 8 == 0 && boff(h, p) < 8 * h->span8;
*/

/* ASSUMED in WP, PROVED in bit-vector logic: the code's rotated compare,
 * rot_inside (heap_rot.h, shared with heap_pfb_ok.c). */
#include "heap_rot.h"

/*@ requires h == \null || \valid(h);
    // Only the calls the entry checks refuse (the locked part: not proved).
    requires !pin(h, p);
    requires hok(h) ==> h->span8 < 536870912;
    behavior bad_heap:
      assumes !hok(h);
      assigns \nothing;
      ensures \result == VOS_ERR_INVALID;
    behavior null_p:
      assumes hok(h) && p == \null;
      assigns \nothing;
      ensures \result == VOS_OK;
    behavior outside:
      assumes hok(h) && p != \null && !in_arena(h, p);
      assigns \nothing;
      ensures \result == VOS_ERR_INVALID;
    complete behaviors;
    disjoint behaviors;
*/
static inline int heap_free(vos_heap_t *h, void *p);
