/* SPDX-License-Identifier: MIT */
/*
 * heap_alloc_aligned (kernel/heap.c) in the case "a listed block, a
 * gap" (a first step): as heap_aligned_g0.c's case (the lists from class
 * cls_ceil(bs + align + HB_MIN) up not all empty, the lowest non-empty
 * one of class KF), but the payload of KF's head is not a multiple of
 * align (the code's first gap, GAPC below, is not 0): the code unlinks
 * the head b, files the gap as a free block at b, files the rest a =
 * b + gap (list_push at class_floor of its size) and takes from a. The
 * code is kernel/heap.c itself, included whole (through heap_alloc.c);
 * this file adds contracts only.
 *
 * PROVED, under the callees' contracts (list_unlink, list_push, hb_seal,
 * hb_tag, blk_at, class_floor, class_ceil, find_class, take, the lock),
 * split: heap_aligned_g1 (842 goals): g1_res (VOS_OK), g1_lock (the lock
 * state restored), g1_align (the payload address as the code computes
 * it, pay + gap, a multiple of align: from the precondition a1_al),
 * a1_no_top (take_top not called), the gap loop's invariant and variant
 * (again, in this context);
 * heap_aligned_g1_o0, _o1, _o2 (511 goals each): *out is the payload of
 * the block a = b + gap, gap the first gap as the loop leaves it (GL: the
 * first gap, or it plus align once or twice), one clause per way the
 * loop ends (as one clause with GL, or the three in one run, the two
 * live parts timed out at 20 s).
 * PROVED by heap_aligned_g1_lemmas (a1_gap_code: the code's first gap is
 * heap_aligned.c's g0; a1_al_code: the precondition a1_al) and
 * heap_aligned_g1_arith (heap_aligned_g1_arith.h: a1_mod_add, a1_al_of).
 *
 * NOT PROVED here: the preconditions of the calls (list_unlink's,
 * list_push's twice, hb_seal's, take's at the rest's class and bs...):
 * the clauses above hold if they do, as WP's call rule assumes them (an
 * "ensures \false" added for a check was proved on 509 of 511 parts, the
 * infeasible ones, not on the two live paths at 10 s); the memory
 * accesses; the top case. NOT STATED, so not proved either: the
 * effects (the gap filed free with its tag, the rest refiled and taken,
 * HB_PREV_FREE set on the block returned), i5 kept, a frame (the
 * contract has no assigns clause).
 *
 * Assumptions: heap_alloc.c's (its header); the case: a1_lo, a1_hi
 * (the found class in find_class's terms at class_ceil's argument on
 * each block-size path, heap_aligned_case.h's GFOUND: heap_aligned_g0.c's
 * ag_lo and ag_hi less take's preconditions, which that file's lemmas
 * ag_lo_of and ag_hi_of derive from heap_ok and found), a1_gap (the
 * first gap not 0) and a1_addr (the head's payload address plus align
 * below 2^32: heap_aligned_case.h's AG_ADDR, heap_aligned_g0.c's ag_addr
 * too). a1_chk (AG_CHK, heap_aligned_g0.c's ag_chk too) is
 * heap_aligned_g0_arith.h's ag_chk_of's instance, a1_al the lemma
 * a1_al_code's. No axiom is added.
 */
#include "heap_alloc.c"
#include "heap_alloc_list.h"
#include "heap_aligned_g0_arith.h"
#include "heap_aligned_g1_arith.h"
#include "heap_aligned_case.h"

/* BS0, AS, PAY, GAPC, GB, GFOUND, AG_CHK, AG_ADDR: heap_aligned_case.h
 * (shared with heap_aligned_g0.c). */
/* The gap after the code's loop, for a first gap g (the loop adds align
 * once or twice: its invariant gap_steps). */
#define GL(g) gl(g, align)
/*@ // The payload after the code's gap at KF's head is a multiple of
    // align (precondition a1_al; by heap_aligned_g0_arith.h's ag_gap and
    // heap_aligned_g1_arith.h's a1_al_of).
    lemma a1_gap_code{L}: \forall vos_heap_t *h, uint32_t align;
      16 <= align <= 524288 ==> GAPC(h->lists[KF]) == g0(PAY(h->lists[KF]), align);
    lemma a1_al_code{L}: \forall vos_heap_t *h, uint32_t align;
      16 <= align <= 524288 && (align & (align - 1)) == 0 &&
      PAY(h->lists[KF]) + align < 4294967296 ==>
        (PAY(h->lists[KF]) + GL(GAPC(h->lists[KF]))) % align == 0;
*/

/* Not called in this case (find_class returns KF >= 0). */
/*@ requires a1_no_top: \false; */
INLINE blk_t *take_top(vos_heap_t *h, uint32_t bs);

/*@ requires \valid(h) && h->tag == VOS_TAG_HEAP;
    requires 16 <= align <= VOS_HEAP_MAX_REQUEST && (align & (align - 1)) == 0;
    requires 1 <= size <= VOS_HEAP_MAX_REQUEST && size + align + 64 < 1048576;
    requires a1_chk: AG_CHK;
    requires a1_lo: BS0 < HB_MIN ==> GFOUND(HB_MIN);
    requires a1_hi: HB_MIN <= BS0 ==> GFOUND(BS0);
    requires a1_gap: GAPC(h->lists[KF]) != 0;
    requires a1_addr: AG_ADDR;
    requires a1_al: (PAY(h->lists[KF]) + GL(GAPC(h->lists[KF]))) % align == 0;
    ensures g1_res: \result == VOS_OK;
    ensures g1_lock: ev_lock_depth == \old(ev_lock_depth);
    ensures g1_align: (PAY(\old(GB)) + GL(GAPC(\old(GB)))) % align == 0;
    // *out the payload of the block at the gap after KF's old head, the
    // gap as the loop leaves it (GL of the code's first gap), one clause
    // per way the loop ends (as one clause with GL, its live parts timed
    // out at 20 s).
    ensures g1_out0: HB_MIN <= GAPC(\old(GB)) ==>
      *out == (void *)((uint8_t *)shift(\old(GB), GAPC(\old(GB))) + HB_HDR);
    ensures g1_out1: GAPC(\old(GB)) < HB_MIN <= GAPC(\old(GB)) + align ==>
      *out == (void *)((uint8_t *)shift(\old(GB), GAPC(\old(GB)) + align) + HB_HDR);
    ensures g1_out2: GAPC(\old(GB)) + align < HB_MIN ==>
      *out == (void *)((uint8_t *)shift(\old(GB), GAPC(\old(GB)) + 2 * align) + HB_HDR);
*/
static inline int heap_alloc_aligned(vos_heap_t *h, size_t size, size_t align, void **out);
