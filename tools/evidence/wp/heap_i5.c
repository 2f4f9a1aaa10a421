/* SPDX-License-Identifier: MIT */
/*
 * WP proof of the TLSF heap's I5 as an invariant of the whole heap
 * (kernel/heap.c: "the bitmaps are exactly the non-empty lists"), and of
 * I6's "min_free <= free_bytes" after every allocation:
 *   i5(h): for every class (f, s) of the default layout, bit s of
 *   sl_map[f] is set exactly when lists[f * 2^SL + s] is non-empty, no
 *   bit of sl_map[f] at or above 2^SL is set, bit f of fl_map is set
 *   exactly when sl_map[f] != 0, and fl_map has no bit at or above
 *   VOS_HEAP_FL_COUNT.
 * Proved: list_push, list_pop, list_replace and list_unlink keep i5
 * (and list_push makes the block the list's head, linked both ways,
 * list_pop makes the old head's successor the head, linked back to it,
 * list_replace puts the block in the old one's place, linked both ways:
 * heap_put.c's proof of put_free and heap_take.c's of take use these;
 * list_unlink leaves the block's referrer pointing to its successor, the
 * successor's back link to that referrer, every list head the old one or
 * that successor: what a proof of free's merge with a listed block needs);
 * map_set and map_clear meet the bit-exact contracts these rely on;
 * count_alloc leaves min_free <= free_bytes. Every memory access valid,
 * no shift out of range (-wp-rte). Not proved here: that alloc, aligned
 * alloc and free call these steps with their preconditions met (the link
 * structure I4 and the physical block sequence I1-I3, docs/evidence.md).
 *
 * Assumptions, stated below as axioms (the lemmas are proved by the
 * heap_i5_lemmas run):
 *  - C_bits: for x >= 0, x >> SL is the integral part of x / 2^SL and
 *    x & (2^SL - 1) is x mod 2^SL (C11 6.5.7p5, 6.5.10); WP's model of
 *    >> and & is that, but its provers do not derive it;
 *  - Flat_memory: a pointer to an object apart from the heap descriptor
 *    (a block's next_free) lies, in the code's modular uintptr_t
 *    arithmetic, at least sizeof(h->lists) bytes from the start of
 *    h->lists, and list_unlink's caller passes a block whose back link is
 *    such a pointer or the list head its address difference names
 *    (slot_at): the flat byte-addressed memory of the target, which WP's
 *    typed model does not represent;
 *  - the preconditions: the blocks are valid objects apart from the
 *    descriptor and from each other, a class index is below
 *    VOS_HEAP_CLASSES, the back links the steps follow are consistent.
 *
 * The code proved is kernel/heap.c itself, included whole below: this
 * file adds only contracts, on declarations Frama-C merges with the
 * definitions. i5's predicates, slot_at and the contracts of list_push,
 * list_pop, list_replace and list_unlink are heap_i5_spec.h's (clause
 * macros: the declared steps of heap_list.c and heap_list_cut.c use the
 * same text, so each step is the contract proved here).
 */
/* Included by several proofs (heap_put.c, heap_take.c, ...): once per run. */
#ifndef EV_WP_HEAP_I5_C
#define EV_WP_HEAP_I5_C
#include "heap_source.h"

#include "bits.h"

/*@ lemma bit_nonzero: \forall integer m, k; 0 <= k < 32 && bit_on(m, k) ==> m != 0;

    // The flat byte-addressed memory list_unlink's test relies on, in the
    // code's own (modular) uintptr_t arithmetic: a pointer to an object
    // apart from the descriptor lies at no distance below the size of
    // h->lists from the array's start.
    axiomatic Flat_memory {
      axiom flat_apart: \forall vos_heap_t *h, blk_t **p;
        \separated(p, h) ==>
          (uintptr_t)((uintptr_t)p - (uintptr_t)&h->lists[0]) >= sizeof(h->lists);
    }
    // C11 6.5.7p5 and 6.5.10 on values >= 0: x >> k is the integral part
    // of x / 2^k, and x & (2^k - 1) keeps the low k bits, x mod 2^k. WP's
    // model of >> and & is that; its provers do not derive it.
    axiomatic C_bits {
      axiom shr_div: \forall integer x; 0 <= x ==> (x >> SL) == x / VOS_HEAP_SL_COUNT;
      axiom and_mod: \forall integer x; 0 <= x ==> (x & SL_MASK) == x % VOS_HEAP_SL_COUNT;
    }
    // The default layout's constants (config/vaios_config.h's defaults).
    lemma sl_consts: SL_MASK == 15 && VOS_HEAP_SL_COUNT == 16 && VOS_HEAP_FL_COUNT == 14 &&
      VOS_HEAP_CLASSES == 224;
    // A class index is its first level times 2^SL plus its second level.
    lemma class_split: \forall integer idx, f, s;
      0 <= idx && 0 <= s < VOS_HEAP_SL_COUNT ==>
        (f * VOS_HEAP_SL_COUNT + s == idx <==> (f == (idx >> SL) && s == (idx & SL_MASK)));
    lemma class_fl: \forall integer idx; 0 <= idx < VOS_HEAP_CLASSES ==>
      0 <= (idx >> SL) < VOS_HEAP_FL_COUNT;
    lemma class_sl: \forall integer idx; 0 <= idx ==> 0 <= (idx & SL_MASK) < VOS_HEAP_SL_COUNT;
    lemma class_parts: \forall integer idx; 0 <= idx ==>
      idx == (idx >> SL) * VOS_HEAP_SL_COUNT + (idx & SL_MASK);
    // A byte offset into h->lists (896 bytes at the default layout) is the
    // offset of a class of an existing first level.
    lemma slot_fl: \forall integer a; 0 <= a < 896 ==> 0 <= ((a / 4) >> SL) < VOS_HEAP_FL_COUNT;
    lemma set_nonzero: \forall integer m, s; 0 <= s < 32 ==> (uint32_t)(m | (1 << s)) != 0;
*/

/* i5(h) and its parts, slot_at, and the list steps' contracts as clause
 * macros (one text with the declared steps of heap_list.c and
 * heap_list_cut.c). */
#include "heap_i5_spec.h"

/*@ requires \valid(h);
    requires 0 <= idx < VOS_HEAP_CLASSES;
    assigns h->sl_map[idx >> SL], h->fl_map;
    ensures \forall integer k; 0 <= k < 32 ==>
      (bit_on(h->sl_map[idx >> SL], k) <==> (bit_on(\old(h->sl_map[idx >> SL]), k) || k == (idx & SL_MASK)));
    ensures h->sl_map[idx >> SL] != 0;
    ensures bit_on(h->fl_map, idx >> SL) <==>
      (bit_on(\old(h->fl_map), idx >> SL) || \old(h->sl_map[idx >> SL]) == 0);
    ensures \forall integer k; 0 <= k < 32 && k != (idx >> SL) ==>
      (bit_on(h->fl_map, k) <==> bit_on(\old(h->fl_map), k));
*/
INLINE void map_set(vos_heap_t *h, uint32_t idx);

/*@ requires \valid(h);
    requires 0 <= idx < VOS_HEAP_CLASSES;
    assigns h->sl_map[idx >> SL], h->fl_map;
    ensures \forall integer k; 0 <= k < 32 ==>
      (bit_on(h->sl_map[idx >> SL], k) <==> (bit_on(\old(h->sl_map[idx >> SL]), k) && k != (idx & SL_MASK)));
    ensures 0 <= (idx >> SL) < VOS_HEAP_FL_COUNT;
    ensures \forall integer k; VOS_HEAP_FL_COUNT <= k < 32 ==>
      (bit_on(h->fl_map, k) <==> bit_on(\old(h->fl_map), k));
    ensures \old(h->sl_map[idx >> SL]) == 0 ==> h->sl_map[idx >> SL] == 0;
    ensures bit_on(h->fl_map, idx >> SL) <==>
      (bit_on(\old(h->fl_map), idx >> SL) && h->sl_map[idx >> SL] != 0);
    ensures \forall integer k; 0 <= k < 32 && k != (idx >> SL) ==>
      (bit_on(h->fl_map, k) <==> bit_on(\old(h->fl_map), k));
*/
INLINE void map_clear(vos_heap_t *h, uint32_t idx);

/*@ LPUSH_REQ(h, b, idx)
    LPUSH_ASG(h, b, idx)
    LPUSH_ENS(h, b, idx)
*/
INLINE void list_push(vos_heap_t *h, blk_t *b, uint32_t idx);

/*@ LPOP_REQ(h, b, idx)
    LPOP_ASG(h, b, idx)
    LPOP_ENS(h, b, idx)
*/
INLINE void list_pop(vos_heap_t *h, blk_t *b, uint32_t idx);

/*@ LREPL_REQ(old, b)
    LREPL_ASG(old, b)
    LREPL_ENS(old, b)
*/
INLINE void list_replace(blk_t *old, blk_t *b);

/* list_unlink: its back link pp is a list head or another block's
 * next_free (slot_at and the cases: heap_i5_spec.h). */
/*@ LUNL_REQ(h, b)
    LUNL_ASG(h, b)
    LUNL_ENS(h, b)
*/
INLINE void list_unlink(vos_heap_t *h, blk_t *b);

/* I6's second half after every allocation (take and take_top account
 * through this step): min_free <= free_bytes, whatever it was before. */
/*@ requires \valid(h);
    assigns h->free_bytes, h->min_free;
    ensures h->free_bytes == (uint32_t)(\old(h->free_bytes) - bs);
    ensures h->min_free <= h->free_bytes;
    ensures h->min_free == \old(h->min_free) || h->min_free == h->free_bytes;
*/
INLINE void count_alloc(vos_heap_t *h, uint32_t bs);

#endif /* EV_WP_HEAP_I5_C */
