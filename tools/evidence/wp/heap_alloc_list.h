/* SPDX-License-Identifier: MIT */
/*
 * The class heap_alloc's list case finds, named: KF, a logic constant
 * declared without any axiom (a name only: every fact proved about it
 * holds for every class, so a proof for KF is a proof for each class
 * k), and an extra contract of find_class (kernel/heap.c) in its terms:
 * if KF is the lowest class >= idx whose list is non-empty, find_class
 * returns KF. Frama-C merges this clause with heap_class.h's contract;
 * it is proved on the code by the heap_alloc_list_fc run
 * (heap_alloc_list_fc.c), and used by heap_alloc_list.c. No assumption.
 * Include after heap_class.h (lists_empty).
 */
#ifndef EV_WP_HEAP_ALLOC_LIST_H
#define EV_WP_HEAP_ALLOC_LIST_H

/*@ axiomatic Alloc_list_class {
      // A class, named (no axiom: any class).
      logic integer KF;
    }
    // KF is the lowest class at or above w whose list is non-empty (as
    // heap_alloc.c's found(h, w, KF)).
    predicate kf_first(vos_heap_t *h, integer w) =
      w <= KF < VOS_HEAP_CLASSES && h->lists[KF] != \null && lists_empty(h, w, KF);
*/

/*@ ensures fx_kf: \old(kf_first((vos_heap_t *)h, idx)) ==> \result == KF;
*/
INLINE int32_t find_class(const vos_heap_t *h, uint32_t idx);

#endif
