/* SPDX-License-Identifier: MIT */
/*
 * WP proof of heap_alloc_aligned (kernel/heap.c), the aligned allocation,
 * on the code (kernel/heap.c included whole; this file adds contracts),
 * PARTIAL: its gap loop and its refusals.
 *
 * Proved by the heap_aligned_fn run (-wp-prop: the goals named there),
 * for a valid heap (tag VOS_TAG_HEAP, arena(h), i5(h)) and the requests
 * vos_heap_alloc_aligned sends here (align a power of two in [16,
 * VOS_HEAP_MAX_REQUEST]: vos_heap_alloc_aligned routes align <=
 * VOS_HEAP_ALIGN, align == 0 included, to vos_heap_alloc, so align == 0,
 * for which the loop would not end, is not reachable from the API; size
 * in [1, VOS_HEAP_MAX_REQUEST] and size + align + 64 < 2^20, which keeps
 * class_ceil's argument below 2^20 as class_shift's contract requires):
 *  - the gap loop (kernel/heap.c's ACSL comment, gap_steps): the loop
 *    adds align once or twice (never when the first gap is 0 or at least
 *    HB_MIN), after one addition the gap is below HB_MIN + align, it
 *    writes only gap (loop assigns), and it ends (loop variant
 *    HB_MIN - gap);
 *  - a_res: the result is VOS_OK, VOS_ERR_NO_MEMORY or VOS_ERR_ARG;
 *  - a_fail: on VOS_ERR_NO_MEMORY and VOS_ERR_ARG, failures is one
 *    higher and nothing else the heap holds changed: top, top_size,
 *    free_bytes, min_free, the bitmaps, every list head, every header
 *    word of the arena, and *out;
 *  - the preconditions of the calls on the refusal paths: find_class
 *    (heap_class.h's contract, proved by the heap_class run),
 *    class_ceil and alloc_failed.
 * Proved by the heap_aligned_steps run: the contracts below of
 * alloc_failed (failures + 1, the result its err), class_ceil (reads
 * nothing, its value the code's expression cceil, given class_shift's
 * heap_take.c contract cs_fn) and the port stub's arch_lock/arch_unlock
 * (assigns ev_lock_depth only), every goal of the four.
 *
 * NOT PROVED (docs/evidence.md, Not proved): the success path - that the
 * payload returned is aligned, lies in an allocated block of at least
 * the request, that the gap is filed as a free block, that i5, I3, I4
 * and free_bytes are kept (a contract for it was written, with the
 * callees' preconditions stated as flat-memory and list-head
 * preconditions, and did not close in the time this work had: with
 * -wp-split 500 to 2000 goals an ensures, several timing out at 20 s;
 * without, one goal an ensures, timing out at 60 s); the memory-access
 * (RTE) goals of heap_alloc_aligned and the preconditions of the calls
 * on the success path (list_unlink, list_push, class_floor, hb_seal,
 * take, take_top): not selected, so not proved here; the VOS_ERR_INVALID
 * path (the precondition excludes it).
 *
 * Assumptions:
 *  - the port's lock: ev_do_switch, which a release may call, is assumed
 *    to write nothing the proof reads (port.h: a switch changes
 *    vos__s.cur; what other tasks do after it is outside this
 *    sequential proof);
 *  - the axioms of the included files (heap_i5.c's C_bits, Flat_memory,
 *    heap_put.c's C_or, heap_take.c's Clz, heap_model.h's arena model,
 *    heap_aligned.c's C_low_bits: and_low3, x & ~7u is x rounded down to
 *    a multiple of 8, bounds bs), as stated there;
 *  - the preconditions above.
 */
#include "heap_take.c"
#include "heap_class.h"
#include "heap_aligned.c"

/* --- Assumptions --------------------------------------------------------- */

/* The port stub's lock (tools/evidence/eva/port_impl.h). A release may
 * switch tasks (ev_do_switch): assumed here to write nothing the proof
 * reads (port.h: a switch changes vos__s.cur; what other tasks do after
 * it is outside this sequential proof). */
/*@ assigns \nothing; */
void ev_do_switch(void);

/*@ assigns ev_lock_depth;
    ensures lk_res: \result == \old(ev_lock_depth); */
static inline uint32_t arch_lock(void);

/*@ assigns ev_lock_depth; */
static inline void arch_unlock(uint32_t key);

/* --- Contracts of the steps (proved by the heap_aligned_steps run) ------- */

/*@ requires af_pre: \valid(h);
    assigns h->failures, ev_lock_depth;
    ensures af_count: h->failures == (uint32_t)(\old(h->failures) + 1);
    ensures af_res: \result == err;
*/
static int alloc_failed(vos_heap_t *h, int err);

/*@ // class_ceil's value, written as the code computes it, with
    // class_shift's result in heap_take.c's terms (cs_fn: lclz).
    logic integer csh(integer s) = (uint32_t)((31 - SL) - (uint32_t)lclz(s | SMALL));
    logic integer cceil(integer s) =
      (uint32_t)((uint32_t)((uint32_t)(csh(s) << SL) + (uint32_t)((uint32_t)(s - 1) >> csh(s))) -
                 ((3 << SL) - 1));
*/
/*@ requires cc_pre: 0 < s < 1048576;
    assigns \nothing;
    ensures cc_val: \result == cceil(s);
*/
INLINE uint32_t class_ceil(uint32_t s);

/* --- heap_alloc_aligned ------------------------------------------------- */

/*@ requires \valid(h) && h->tag == VOS_TAG_HEAP;
    requires arena(h) && i5(h);
    // The request: the aligns vos_heap_alloc_aligned sends here (a power
    // of two above VOS_HEAP_ALIGN), sizes it accepts, and a sum that keeps
    // class_ceil's argument below 2^20 (class_shift's precondition).
    requires 16 <= align <= VOS_HEAP_MAX_REQUEST && (align & (align - 1)) == 0;
    requires 1 <= size <= VOS_HEAP_MAX_REQUEST && size + align + 64 < 1048576;
    requires \valid(out) && \separated(out, h);
    ensures a_res: \result == VOS_OK || \result == VOS_ERR_NO_MEMORY || \result == VOS_ERR_ARG;
    ensures a_fail: \result != VOS_OK ==>
      h->failures == (uint32_t)(\old(h->failures) + 1) &&
      h->top == \old(h->top) && h->top_size == \old(h->top_size) &&
      h->free_bytes == \old(h->free_bytes) && h->min_free == \old(h->min_free) &&
      h->fl_map == \old(h->fl_map) &&
      (\forall integer f; 0 <= f < VOS_HEAP_FL_COUNT ==> h->sl_map[f] == \old(h->sl_map[f])) &&
      (\forall integer k; 0 <= k < VOS_HEAP_CLASSES ==> h->lists[k] == \old(h->lists[k])) &&
      (\forall integer o; 0 <= o <= h->total ==>
         B(h, o)->size == \old(B(h, o)->size) && B(h, o)->check == \old(B(h, o)->check)) &&
      *out == \old(*out);
*/
static inline int heap_alloc_aligned(vos_heap_t *h, size_t size, size_t align, void **out);
