/* SPDX-License-Identifier: MIT */
/*
 * heap_i5.c's predicates and the contracts of its list steps (list_push,
 * list_pop, list_replace, list_unlink) as clause macros, written once for
 * the functions that state them (heap_i5.c: proved on kernel/heap.c's
 * code by the heap_i5 run) and for the declared steps that other proofs
 * call in their place (heap_list.c's push_step, pop_step, unlink_step,
 * heap_list_cut.c's replace_step: the same clauses, so a step is exactly
 * a proved contract), as heap_tile_take.h's TT_PRE is.
 *   i5(h): heap_i5.c's header (the bitmaps are exactly the non-empty
 *   lists), in four parts i5_sl, i5_sl_hi, i5_fl, i5_fl_hi;
 *   slot_at(h, pp): the byte distance of pp from h->lists[0] in the
 *   code's uintptr_t arithmetic (list_unlink's test, heap_i5.c);
 *   LPUSH_REQ(h, b, idx), LPUSH_ASG(h, b, idx), LPUSH_ENS(h, b, idx):
 *   list_push's requires, assigns and ensures (each clause with its
 *   keyword); LPOP_* list_pop's, LREPL_*(ob, b) list_replace's (ob the
 *   block replaced: a parameter named old would be replaced in \old
 *   too), LUNL_*(h, b) list_unlink's (LUNL_ENS with its behaviors head
 *   and inner). heap_i5.c passes its C parameters' names; a step passes
 *   its own.
 * Definitions only: no axiom, no lemma. Include after kernel/heap.c
 * (EV_SOURCE) and bits.h.
 */
#ifndef EV_WP_HEAP_I5_SPEC_H
#define EV_WP_HEAP_I5_SPEC_H

/*@
    predicate i5_sl(vos_heap_t *h) =
      \forall integer f, s; 0 <= f < VOS_HEAP_FL_COUNT && 0 <= s < VOS_HEAP_SL_COUNT ==>
        (bit_on(h->sl_map[f], s) <==> h->lists[f * VOS_HEAP_SL_COUNT + s] != \null);
    predicate i5_sl_hi(vos_heap_t *h) =
      \forall integer f, s; 0 <= f < VOS_HEAP_FL_COUNT && VOS_HEAP_SL_COUNT <= s < 32 ==>
        !bit_on(h->sl_map[f], s);
    predicate i5_fl(vos_heap_t *h) =
      \forall integer f; 0 <= f < VOS_HEAP_FL_COUNT ==>
        (bit_on(h->fl_map, f) <==> h->sl_map[f] != 0);
    predicate i5_fl_hi(vos_heap_t *h) =
      \forall integer f; VOS_HEAP_FL_COUNT <= f < 32 ==> !bit_on(h->fl_map, f);
    predicate i5(vos_heap_t *h) = i5_sl(h) && i5_sl_hi(h) && i5_fl(h) && i5_fl_hi(h);
*/

/* list_unlink: its back link pp is either a list head, h->lists[k] (k
 * found from the address difference slot_at, as the code finds it: that
 * a list head's address gives its own k is the flat memory of the target,
 * assumed in heap_i5.c), or another block's next_free, apart from the
 * descriptor (then the list stays non-empty and the bitmaps are left
 * alone, which is what the code's test decides: Flat_memory). */
/*@ logic integer slot_at(vos_heap_t *h, blk_t **pp) =
      (uintptr_t)((uintptr_t)pp - (uintptr_t)&h->lists[0]);
*/

/* i5's four parts, each a clause introduced by KW (requires or ensures). */
#define I5_KW(KW, h) \
    KW i5_sl(h); \
    KW i5_sl_hi(h); \
    KW i5_fl(h); \
    KW i5_fl_hi(h);

/* list_push(h, b, idx): b becomes the head of lists[idx], linked both
 * ways; i5 kept. */
#define LPUSH_REQ(h, b, idx) \
    requires \valid(h) && \valid(b) && \separated(b, h); \
    requires 0 <= idx < VOS_HEAP_CLASSES; \
    I5_KW(requires, h) \
    requires h->lists[idx] != \null ==> \
      \valid(h->lists[idx]) && \separated(h->lists[idx], h) && \separated(h->lists[idx], b);
#define LPUSH_ASG(h, b, idx) \
    assigns h->lists[idx], b->next_free, b->pprev, h->lists[idx]->pprev, \
            h->sl_map[idx >> SL], h->fl_map;
#define LPUSH_ENS(h, b, idx) \
    ensures h->lists[idx] == b && b->pprev == &h->lists[idx] && \
            b->next_free == \old(h->lists[idx]); \
    ensures \old(h->lists[idx]) != \null ==> \old(h->lists[idx])->pprev == &b->next_free; \
    I5_KW(ensures, h)

/* list_pop(h, b, idx): b, the head of lists[idx], leaves it; its
 * successor the head, linked back; i5 kept. */
#define LPOP_REQ(h, b, idx) \
    requires \valid(h) && \valid(b) && \separated(b, h); \
    requires 0 <= idx < VOS_HEAP_CLASSES; \
    I5_KW(requires, h) \
    requires h->lists[idx] == b; \
    requires b->next_free != \null ==> \
      \valid(b->next_free) && \separated(b->next_free, h);
#define LPOP_ASG(h, b, idx) \
    assigns h->lists[idx], b->next_free->pprev, h->sl_map[idx >> SL], h->fl_map;
#define LPOP_ENS(h, b, idx) \
    ensures h->lists[idx] == \old(b->next_free); \
    ensures h->lists[idx] != \null ==> h->lists[idx]->pprev == &h->lists[idx]; \
    I5_KW(ensures, h)

/* list_replace(old, b), LREPL_*(ob, b): b in ob's place, linked both ways; i5 kept of
 * every descriptor apart from the blocks. */
#define LREPL_REQ(ob, b) \
    requires \valid(ob) && \valid(b) && \separated(ob, b); \
    requires \valid(ob->pprev) && \separated(ob->pprev, b) && \separated(ob->pprev, ob); \
    requires *ob->pprev == ob; \
    requires ob->next_free != \null ==> \
      \valid(ob->next_free) && \separated(ob->next_free, b) && \separated(ob->next_free, ob) && \
      \separated(ob->next_free, ob->pprev);
#define LREPL_ASG(ob, b) \
    assigns b->next_free, b->pprev, *ob->pprev, ob->next_free->pprev;
#define LREPL_ENS(ob, b) \
    ensures *\old(ob->pprev) == b && b->pprev == \old(ob->pprev) && \
            b->next_free == \old(ob->next_free); \
    ensures b->next_free != \null ==> b->next_free->pprev == &b->next_free; \
    ensures \forall vos_heap_t *h; \valid(h) && \separated(h, ob) && \separated(h, b) && \
      (ob->next_free != \null ==> \separated(h, ob->next_free)) && \
      \at(i5(h), Pre) ==> i5(h);

/* list_unlink(h, b): b's referrer points to its successor, the
 * successor's back link to that referrer, every list head the old one or
 * that successor; i5 kept (behaviors head and inner: b's back link a
 * list head or not). */
#define LUNL_REQ(h, b) \
    requires \valid(h) && \valid(b) && \separated(b, h); \
    I5_KW(requires, h) \
    requires \valid(b->pprev) && *b->pprev == b && \separated(b->pprev, b); \
    requires (slot_at(h, b->pprev) < sizeof(h->lists) && \
              b->pprev == &h->lists[slot_at(h, b->pprev) / sizeof(blk_t *)]) || \
             \separated(b->pprev, h); \
    requires b->next_free != \null ==> \
      \valid(b->next_free) && \separated(b->next_free, h) && \separated(b->next_free, b) && \
      \separated(b->next_free, b->pprev);
#define LUNL_ASG(h, b) \
    assigns *b->pprev, b->next_free->pprev, h->sl_map[0 .. VOS_HEAP_FL_COUNT - 1], h->fl_map;
#define LUNL_ENS(h, b) \
    ensures *\old(b->pprev) == \old(b->next_free); \
    ensures \old(b->next_free) != \null ==> \old(b->next_free)->pprev == \old(b->pprev); \
    ensures \forall integer k; 0 <= k < VOS_HEAP_CLASSES ==> \
      h->lists[k] == \old(h->lists[k]) || h->lists[k] == \old(b->next_free); \
    behavior head: \
      assumes !\separated(b->pprev, h); \
      I5_KW(ensures, h) \
    behavior inner: \
      assumes \separated(b->pprev, h); \
      I5_KW(ensures, h) \
    complete behaviors; \
    disjoint behaviors;

#endif
