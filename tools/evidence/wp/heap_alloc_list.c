/* SPDX-License-Identifier: MIT */
/*
 * heap_alloc (kernel/heap.c) in the case "a list serves the request": a
 * handle and size the checks let through, and the lists from class
 * cls_ceil(bs) up (bs the code's block size, bs_of(size)) not all empty,
 * the lowest non-empty one being of class KF (heap_alloc_list.h: a logic
 * constant without axiom, so what is proved for KF is proved for every
 * class; together the classes cover the case of heap_alloc.c's behavior
 * from_list). Proved here (heap_alloc_list.wp, -wp-bhv default!): in this
 * case, every memory access (-wp-rte) and every precondition of every
 * call (class_ceil, arch_lock, find_class, take with its split and whole
 * behaviors' requires, arch_unlock), and that heap_alloc never calls
 * take_top. find_class's extra clause fx_kf (it returns KF) is proved by
 * the heap_alloc_list_fc run.
 *
 * The case precondition al_case is heap_alloc.c's HOK, SZOK and
 * found(h, WANT, KF); al_lo and al_hi restate, for the code's two paths
 * (bs raised to HB_MIN, or the rounded size kept), the found class (as
 * kf_first, fx_kf's terms) and take's preconditions at the block size as
 * the code writes it and at the class as the call writes it,
 * (uint32_t)KF. They are
 * not assumptions: the lemmas al_lo_of and al_hi_of (proved by the
 * heap_alloc_list_lemmas run) derive them from heap_alloc.c's ok_heap
 * and al_case. (The provers do not carry bs_of(size) == the code's
 * literal block size into take's uint32 terms themselves:
 * docs/evidence.md.)
 *
 * NOT PROVED here: the clauses (ensures, assigns) of from_list.
 * Assumptions: heap_alloc.c's (its header), nothing more.
 */
#include "heap_alloc.c"
#include "heap_alloc_list.h"

/* The code's rounded block size, ((uint32_t)size + HB_HDR + 7u) & ~7u
 * (heap_aligned.c's bs0). */
#define BS0 ((uint32_t)((uint32_t)(size + 8) + 7) & 4294967288)

/*@ // The list case's facts at the found class k for each of the code's
    // paths, from ok_heap (proved: heap_alloc_list_lemmas).
    // (For KF, a class without axiom: so for every class.)
    lemma al_lo_of{L}: \forall vos_heap_t *h, integer size;
      0 <= size <= 4294967295 && (uint32_t)(size - 1) < 524288 &&
      heap_ok(h) && found(h, cls_ceil(bs_of(size)), KF) &&
      ((uint32_t)((uint32_t)(size + 8) + 7) & 4294967288) < HB_MIN ==>
        kf_first(h, cls_ceil(HB_MIN)) && take_pre(h, (uint32_t)KF, HB_MIN) &&
        HB_MIN + HB_FREE <= h->lists[(uint32_t)KF]->size;
    lemma al_hi_of{L}: \forall vos_heap_t *h, integer size;
      0 <= size <= 4294967295 && (uint32_t)(size - 1) < 524288 &&
      heap_ok(h) && found(h, cls_ceil(bs_of(size)), KF) &&
      HB_MIN <= ((uint32_t)((uint32_t)(size + 8) + 7) & 4294967288) ==>
        kf_first(h, cls_ceil((uint32_t)((uint32_t)(size + 8) + 7) & 4294967288)) &&
        take_pre(h, (uint32_t)KF, (uint32_t)((uint32_t)(size + 8) + 7) & 4294967288) &&
        ((uint32_t)((uint32_t)(size + 8) + 7) & 4294967288) + HB_FREE <= h->lists[(uint32_t)KF]->size;
*/

/* This case never calls take_top (find_class returns KF >= 0): stated as
 * a precondition that cannot hold, so WP proves, as that call's
 * precondition, that heap_alloc does not reach the call in this case.
 * This contract serves every run that includes this file: heap_alloc_list
 * proves the call unreachable (al_no_top at take_top's call) under the
 * requires they all share; heap_alloc_list_model_frame selects al_no_top
 * too; the heap_alloc_list_ens* runs rely on heap_alloc_list's proof. */
/*@ requires al_no_top: \false; */
INLINE blk_t *take_top(vos_heap_t *h, uint32_t bs);

/*@ // The case.
    requires al_case: HOK && SZOK && found(h, WANT, KF);
    // Its consequences on each path (lemmas al_lo_of, al_hi_of).
    requires al_lo: HOK && BS0 < HB_MIN ==>
      kf_first(h, cls_ceil(HB_MIN)) && take_pre(h, (uint32_t)KF, HB_MIN) &&
      HB_MIN + HB_FREE <= h->lists[(uint32_t)KF]->size;
    requires al_hi: HOK && HB_MIN <= BS0 ==>
      kf_first(h, cls_ceil(BS0)) && take_pre(h, (uint32_t)KF, BS0) &&
      BS0 + HB_FREE <= h->lists[(uint32_t)KF]->size;
*/
INLINE int heap_alloc(vos_heap_t *h, size_t size, void **out);
