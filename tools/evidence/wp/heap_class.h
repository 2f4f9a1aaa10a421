/* SPDX-License-Identifier: MIT */
/*
 * find_class's contract (kernel/heap.c), proved by the heap_class run
 * (heap_class.c, which includes this file), and the two predicates it is
 * written with. Shared with heap_aligned_fn.c, whose proof of
 * heap_alloc_aligned calls find_class by this contract: one text, so the
 * contract a caller relies on is the one the heap_class run proves.
 * Include after heap_put.c (i5, bit_on).
 */
#ifndef EV_WP_HEAP_CLASS_H
#define EV_WP_HEAP_CLASS_H

/*@ // No bit of m below r is set (ctz's "lowest set bit" half).
    predicate bits_clear_below(integer m, integer r) =
      \forall integer q; 0 <= q < r ==> !bit_on(m, q);
    // The lists of classes a .. b-1 are empty.
    predicate lists_empty(vos_heap_t *h, integer a, integer b) =
      \forall integer j; a <= j < b ==> h->lists[j] == \null;
*/

/*@ requires fc_read: \valid_read(h);
    requires fc_idx: 0 <= idx < VOS_HEAP_CLASSES;
    requires fc_i5: i5((vos_heap_t *)h);
    assigns \nothing;
    behavior none:
      assumes lists_empty((vos_heap_t *)h, idx, VOS_HEAP_CLASSES);
      ensures \result == -1;
    behavior found:
      assumes !lists_empty((vos_heap_t *)h, idx, VOS_HEAP_CLASSES);
      ensures idx <= \result < VOS_HEAP_CLASSES;
      ensures h->lists[\result] != \null;
      ensures lists_empty((vos_heap_t *)h, idx, \result);
    complete behaviors;
    disjoint behaviors;
*/
INLINE int32_t find_class(const vos_heap_t *h, uint32_t idx);

#endif
