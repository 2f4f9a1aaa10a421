/* SPDX-License-Identifier: MIT */
/*
 * A one-ring model of the ready levels (issue 34, docs/evidence.md 2.2
 * "one ring per level"): the first step toward carrying rd_sole
 * (eff_prio_ready.h) through the chain walk. kernel/sched.c links level
 * p's READY tasks of priority p in one circular doubly linked list through
 * next/prev, its head vos__s.ready[p] (NULL when empty); vos__ready_insert
 * (kernel/ksched.h) appends at the tail (the head's prev), and
 * vos__ready_unlink takes a task out (the head moving to its next).
 * eff_prio_ready.h's rd_level says the members' links stay among the
 * members and link both ways, which two rings at one level also satisfy;
 * one ring is connectivity, stated here by walking the head's next links:
 * rn(x, k) is x's k-th next, and rd_ring(e, p, n) says level p (without
 * e) is the n distinct tasks rn(head, 0 .. n-1), with rn(head, n) the
 * head again (n == 0 and no member when the head is NULL).
 * world_ring: every level one ring (of some size, lv_ring); ih_fx:
 * ready_insert_head's effect. Definitions only: no lemma, no axiom.
 * ready_ring_lemmas.c and ready_ring_two.h prove what the steps keep of
 * it and that it gives rd_sole.
 */
#ifndef VAIOS_EVIDENCE_READY_RING_H
#define VAIOS_EVIDENCE_READY_RING_H

#include "eff_prio_ready.h"    /* rd_mem, rd_level, rd_sole, ul_fx, in_fx */

/* rw_keep's body (below), a macro so that a contract can state it as
 * its parts (-wp-split then proves each on its own). */
#define RW_KEEP(L1, L2, T) \
      ((\forall vos_task_t *x; task(x) && \at(x->state, L1) == VOS_TASK_READY ==> \
         \at(x->next, L2) == \at(x->next, L1)) && \
       (\forall vos_task_t *x; task(x) && x != (T) ==> \
         \at(x->state, L2) == \at(x->state, L1) && \at(x->prio, L2) == \at(x->prio, L1)) && \
       \at((T)->state, L2) == \at((T)->state, L1) && \
       (\forall integer q; 0 <= q < VOS_CFG_PRIO_LEVELS ==> \
         \at(vos__s.ready[q], L2) == \at(vos__s.ready[q], L1)))

/*@ // x's k-th next (x itself for k <= 0).
    logic vos_task_t *rn{L}(vos_task_t *x, integer k) =
      k <= 0 ? x : rn(x, k - 1)->next;

    // The positions 0 .. n-1 from h are n distinct tasks.
    predicate rr_dist{L}(vos_task_t *h, integer n) =
      \forall integer i, j; 0 <= i < j < n ==> rn(h, i) != rn(h, j);

    // x is at one of the positions 0 .. n-1 from h (but i).
    predicate rr_at{L}(vos_task_t *h, integer n, vos_task_t *x) =
      \exists integer k; 0 <= k < n && rn(h, k) == x;
    predicate rr_at_but{L}(vos_task_t *h, integer n, integer i, vos_task_t *x) =
      \exists integer k; 0 <= k < n && k != i && rn(h, k) == x;

    // Level p (without e) is one ring of n tasks from its head.
    predicate rd_ring{L}(vos_task_t *e, integer p, integer n) =
      (vos__s.ready[p] == \null ==> n == 0 && \forall vos_task_t *x; !rd_mem(e, p, x)) &&
      (vos__s.ready[p] != \null ==>
         1 <= n && rn(vos__s.ready[p], n) == vos__s.ready[p] &&
         (\forall integer k; 0 <= k < n ==> rd_mem(e, p, rn(vos__s.ready[p], k))) &&
         rr_dist(vos__s.ready[p], n) &&
         (\forall vos_task_t *x; rd_mem(e, p, x) ==> rr_at(vos__s.ready[p], n, x)));

    // Level r one ring (of some size); every level one ring (lv_ring
    // named: a trigger for the provers' instances of world_ring).
    predicate lv_ring{L}(integer r) = \exists integer n; rd_ring(\null, r, n);
    predicate world_ring{L} =
      \forall integer r; 0 <= r < VOS_CFG_PRIO_LEVELS ==> lv_ring(r);

    // Every level without t one ring (at vos__set_eff_prio's insert).
    predicate lv_wo{L}(vos_task_t *t, integer r) = \exists integer n; rd_ring(t, r, n);
    predicate world_wo{L}(vos_task_t *t) =
      \forall integer r; 0 <= r < VOS_CFG_PRIO_LEVELS ==> lv_wo(t, r);

    // A step that writes no READY task's next link, no level's head, and
    // no task's state or priority but t's priority, t not READY
    // (vos__set_eff_prio's cases other and moved): RW_KEEP's text named.
    predicate rw_keep{L1, L2}(vos_task_t *t) = RW_KEEP(L1, L2, t);

    // ready_insert_head(t)'s effect (kernel/sched.c: vos__ready_insert(t),
    // then vos__ready[t->prio] = t): in_fx's (eff_prio_ready.h), but t the
    // head after in a level that had one (ih_head in place of in_head).
    predicate ih_head{L1, L2}(vos_task_t *t) =
      \let h = \at(vos__s.ready[\at(t->prio, L1)], L1);
      h != \null ==>
        \at(vos__s.ready[\at(t->prio, L1)], L2) == t &&
        \at(t->next, L2) == h && \at(t->prev, L2) == \at(h->prev, L1);
    predicate ih_fx{L1, L2}(vos_task_t *t) =
      keep_tasks{L1, L2} && keep_heads{L1, L2}(\at(t->prio, L1)) &&
      in_alone{L1, L2}(t) && ih_head{L1, L2}(t) && in_next{L1, L2}(t) && in_prev{L1, L2}(t);
*/

#endif
