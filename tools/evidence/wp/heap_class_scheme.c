/* SPDX-License-Identifier: MIT */
/*
 * WP proof of the TLSF heap's class scheme on the code (issue 34):
 * kernel/heap.c's class_shift, class_floor, class_ceil and class_low
 * compute the logic functions cls_sh, cls_floor, cls_ceil and cls_low of
 * heap_class_scheme.h (default layout, sizes below 2^20), and so
 *  (a) class_floor(s) < VOS_HEAP_CLASSES and s lies in its class's size
 *      range, cls_low(class_floor(s)) <= s < cls_low(class_floor(s) + 1);
 *  (b) class_ceil(s) is the lowest class whose every block holds s
 *      (s <= cls_low(class_ceil(s)), cls_low(j) < s for every class j
 *      below it, s <= cls_low(j) for every class j from it up), at most
 *      VOS_HEAP_CLASSES;
 *  (c) put_free files a block that is not the top in
 *      lists[class_floor(sz)] (its behavior filed, merged with heap_put.c's
 *      contract, which says "a list k"; the requires are that contract's
 *      behavior listed's).
 * Runs: heap_class_scheme (the four functions, every goal of their merged
 * contracts, heap_put.c's included, and -wp-rte), heap_class_put
 * (put_free's filed), heap_class_scheme_lemmas (the lemmas of
 * heap_class_scheme.h, in heap_class_scheme_lemmas.c).
 *
 * Assumptions: those of heap_put.c (which this file includes, with the
 * kernel): its __builtin_clz contract (2^(31 - r) <= x < 2^(32 - r) for
 * r = clz(x), x != 0; the lemma clz_pin turns it into class_shift's
 * value), C_or, heap_i5.c's C_bits and Flat_memory, heap_model.h's arena
 * model; the default layout. No new axiom.
 * Not proved: that the same-class tests of take and free_general,
 * ((bw ^ rw) >> class_shift(bw)) == 0, hold exactly when the classes are
 * equal (docs/evidence.md, Not proved); class_ceil for sizes of 2^20 and
 * more (its precondition).
 *
 * The code proved is kernel/heap.c itself, included (through heap_put.c
 * and heap_i5.c) whole: this file adds only contracts.
 */
#include "heap_put.c"
#include "heap_class_scheme.h"

/*@ requires 0 < s < 1048576;
    assigns \nothing;
    ensures cs_val: \result == cls_sh(s);
*/
INLINE uint32_t class_shift(uint32_t s);

/*@ requires 0 < s < 1048576;
    assigns \nothing;
    ensures cf_val: \result == cls_floor(s);
    ensures cf_in: \result < VOS_HEAP_CLASSES && cls_low(\result) <= s < cls_low(\result + 1);
*/
INLINE uint32_t class_floor(uint32_t s);

/*@ requires 0 < s < 1048576;
    assigns \nothing;
    ensures cc_val: \result == cls_ceil(s);
    ensures cc_in: 1 <= \result <= VOS_HEAP_CLASSES && s <= cls_low(\result) &&
      cls_low(\result - 1) < s;
    ensures cc_lowest: \forall integer j; 0 <= j < \result ==> cls_low(j) < s;
    ensures cc_holds: \forall integer j; \result <= j <= VOS_HEAP_CLASSES ==> s <= cls_low(j);
*/
INLINE uint32_t class_ceil(uint32_t s);

/*@ requires 0 <= idx <= VOS_HEAP_CLASSES;
    assigns \nothing;
    ensures cl_val: \result == cls_low(idx);
*/
static uint32_t class_low(uint32_t idx);

/* (c) put_free files a block that is not the top in the list of its own
 * class, lists[class_floor(sz)]. */
/*@ behavior filed:
      assumes (uint8_t *)b + sz != h->end;
      requires \valid(tagp(b, sz)) && \separated(tagp(b, sz), h) && \separated(tagp(b, sz), b);
      requires \forall integer k; 0 <= k < VOS_HEAP_CLASSES && h->lists[k] != \null ==>
        \separated(tagp(b, sz), h->lists[k]);
      ensures pf_class: 0 <= cls_floor(sz) < VOS_HEAP_CLASSES &&
        h->lists[cls_floor(sz)] == b && b->pprev == &h->lists[cls_floor(sz)] &&
        b->next_free == \old(h->lists[cls_floor(sz)]);
*/
static void put_free(vos_heap_t *h, blk_t *b, uint32_t sz);
