/* SPDX-License-Identifier: MIT */
/*
 * The ready levels' model and the steps' contracts in it (issue 34,
 * docs/evidence.md "The ready levels"): the definitions and contracts of
 * tools/evidence/wp/eff_prio_ready.c, without its lemmas, so that a run
 * includes the lemmas it uses and no others (eff_prio_ready.c: the
 * model's lemmas; eff_prio_ready_set.c, vos__set_eff_prio's READY case,
 * reads this file without them). eff_prio_ready.c's header documents the
 * model, the contracts (proved by run eff_prio_ready) and their
 * assumptions. Definitions and contracts only: no lemma, no axiom.
 */
#ifndef VAIOS_EVIDENCE_EFF_PRIO_READY_H
#define VAIOS_EVIDENCE_EFF_PRIO_READY_H

#include "pi_world.h"          /* task(x) */
#include "ready.c"             /* kernel/sched.c, map_ok and the ready run's contracts */

/*@ // x is a member of level p: a task other than e, READY, of priority p.
    predicate rd_mem{L}(vos_task_t *e, integer p, vos_task_t *x) =
      task(x) && x != e && x->state == VOS_TASK_READY && x->prio == p;

    // Level p (without e): its head null exactly when it has no member,
    // else a member; every member's neighbours members, linked both ways.
    predicate rd_level{L}(vos_task_t *e, integer p) =
      (vos__s.ready[p] == \null ==> \forall vos_task_t *x; !rd_mem(e, p, x)) &&
      (vos__s.ready[p] != \null ==> rd_mem(e, p, vos__s.ready[p])) &&
      (\forall vos_task_t *x; rd_mem(e, p, x) ==>
         rd_mem(e, p, x->next) && rd_mem(e, p, x->prev) &&
         x->next->prev == x && x->prev->next == x);

    predicate rd_levels{L}(vos_task_t *e) =
      \forall integer p; 0 <= p < VOS_CFG_PRIO_LEVELS ==> rd_level(e, p);

    // Every READY task but e is at a level that exists.
    predicate rd_prios{L}(vos_task_t *e) =
      \forall vos_task_t *x; task(x) && x != e && x->state == VOS_TASK_READY ==>
        x->prio < VOS_CFG_PRIO_LEVELS;

    // t alone in its ring is alone at its level (the level is one ring:
    // not carried by the model, so stated for t where it is needed).
    predicate rd_sole{L}(vos_task_t *t) =
      t->next == t ==> \forall vos_task_t *y; rd_mem(\null, t->prio, y) ==> y == t;

    // The tasks are valid objects apart from each other and from vos__s.
    predicate rd_tasks{L} =
      (\forall vos_task_t *x; task(x) ==> \valid(x) && \separated(x, &vos__s)) &&
      (\forall vos_task_t *x, *y; task(x) && task(y) && x != y ==> \separated(x, y));
*/

/* A member x of level p (of e excluded) has its links in the level and
 * its neighbours link back: the body of rd_links, a macro so that a
 * proof which must state it of one x, written out (eff_prio_all.c's
 * ot_lv_l), uses the same text. */
#define RD_LINKS_OF(E, P, X) \
      (rd_mem(E, P, (X)->next) && rd_mem(E, P, (X)->prev) && \
       (X)->next->prev == (X) && (X)->prev->next == (X))

/* t's neighbours in its ring: t apart from each, and from each other
 * unless they are one task (t alone in its ring: nothing). */
#define RD_NB_APART(T) \
      ((T)->next != (T) ==> (T)->prev != (T) && \
        \separated((T), (T)->next) && \separated((T), (T)->prev) && \
        ((T)->prev == (T)->next || \separated((T)->prev, (T)->next)))

/* The steps' effects, as the code writes them (p: t's level; L1 before,
 * L2 after); eff_prio_ready.c's lemmas: they keep the levels well formed. */
/*@ // Every task's state and priority kept; the other levels' heads kept.
    predicate keep_tasks{L1, L2} =
      \forall vos_task_t *x; task(x) ==>
        \at(x->state, L2) == \at(x->state, L1) && \at(x->prio, L2) == \at(x->prio, L1);
    predicate keep_heads{L1, L2}(integer p) =
      \forall integer q; 0 <= q < VOS_CFG_PRIO_LEVELS && q != p ==>
        \at(vos__s.ready[q], L2) == \at(vos__s.ready[q], L1);
    // Every task's links but t's kept.
    predicate keep_links{L1, L2}(vos_task_t *t) =
      \forall vos_task_t *x; task(x) && x != t ==>
        \at(x->next, L2) == \at(x->next, L1) && \at(x->prev, L2) == \at(x->prev, L1);

    // vos__ready_unlink(t), one clause each: alone, the level empties;
    // else t's neighbours are linked to each other and a head t becomes
    // t->next.
    predicate ul_alone{L1, L2}(vos_task_t *t) =
      \at(t->next, L1) == t ==>
        \at(vos__s.ready[\at(t->prio, L1)], L2) == \null && keep_links{L1, L2}(t);
    predicate ul_head{L1, L2}(vos_task_t *t) =
      \at(t->next, L1) != t ==>
        \at(vos__s.ready[\at(t->prio, L1)], L2) ==
          (\at(vos__s.ready[\at(t->prio, L1)], L1) == t ? \at(t->next, L1) :
           \at(vos__s.ready[\at(t->prio, L1)], L1));
    predicate ul_next{L1, L2}(vos_task_t *t) =
      \at(t->next, L1) != t ==>
        \forall vos_task_t *x; task(x) && x != t ==>
          \at(x->next, L2) == (x == \at(t->prev, L1) ? \at(t->next, L1) : \at(x->next, L1));
    predicate ul_prev{L1, L2}(vos_task_t *t) =
      \at(t->next, L1) != t ==>
        \forall vos_task_t *x; task(x) && x != t ==>
          \at(x->prev, L2) == (x == \at(t->next, L1) ? \at(t->prev, L1) : \at(x->prev, L1));
    predicate ul_fx{L1, L2}(vos_task_t *t) =
      keep_tasks{L1, L2} && keep_heads{L1, L2}(\at(t->prio, L1)) &&
      ul_alone{L1, L2}(t) && ul_head{L1, L2}(t) && ul_next{L1, L2}(t) && ul_prev{L1, L2}(t);

    // vos__ready_insert(t): into an empty level, t alone; else t between
    // the tail (the head's prev) and the head, which stays.
    predicate in_alone{L1, L2}(vos_task_t *t) =
      \at(vos__s.ready[\at(t->prio, L1)], L1) == \null ==>
        \at(vos__s.ready[\at(t->prio, L1)], L2) == t &&
        \at(t->next, L2) == t && \at(t->prev, L2) == t && keep_links{L1, L2}(t);
    predicate in_head{L1, L2}(vos_task_t *t) =
      \let h = \at(vos__s.ready[\at(t->prio, L1)], L1);
      h != \null ==>
        \at(vos__s.ready[\at(t->prio, L1)], L2) == h &&
        \at(t->next, L2) == h && \at(t->prev, L2) == \at(h->prev, L1);
    predicate in_next{L1, L2}(vos_task_t *t) =
      \let h = \at(vos__s.ready[\at(t->prio, L1)], L1);
      h != \null ==>
        \forall vos_task_t *x; task(x) && x != t ==>
          \at(x->next, L2) == (x == \at(h->prev, L1) ? t : \at(x->next, L1));
    predicate in_prev{L1, L2}(vos_task_t *t) =
      \let h = \at(vos__s.ready[\at(t->prio, L1)], L1);
      h != \null ==>
        \forall vos_task_t *x; task(x) && x != t ==>
          \at(x->prev, L2) == (x == h ? t : \at(x->prev, L1));
    predicate in_fx{L1, L2}(vos_task_t *t) =
      keep_tasks{L1, L2} && keep_heads{L1, L2}(\at(t->prio, L1)) &&
      in_alone{L1, L2}(t) && in_head{L1, L2}(t) && in_next{L1, L2}(t) && in_prev{L1, L2}(t);

    // A level's three parts, each on its own (the lemmas prove them apart).
    predicate rd_empty{L}(vos_task_t *e, integer p) =
      vos__s.ready[p] == \null ==> \forall vos_task_t *x; !rd_mem(e, p, x);
    predicate rd_headm{L}(vos_task_t *e, integer p) =
      vos__s.ready[p] != \null ==> rd_mem(e, p, vos__s.ready[p]);
    predicate rd_links{L}(vos_task_t *e, integer p) =
      \forall vos_task_t *x; rd_mem(e, p, x) ==> RD_LINKS_OF(e, p, x);
*/

/* The steps' contracts in this model: their effect, one clause each,
 * from preconditions that name the tasks they touch (stated directly,
 * not through the levels: with the levels' quantified links as
 * hypotheses, whose instances feed each other, the provers gave up on
 * even the simplest of these goals). A caller gets the levels after
 * from the lemmas. */
/*@ requires rd_tasks && task(t) && task(t->next) && task(t->prev);
    requires RD_NB_APART(t);
    ensures rd_un_keep: keep_tasks{Pre, Post} && keep_heads{Pre, Post}(\old(t->prio));
    ensures rd_un_alone: ul_alone{Pre, Post}(t);
    ensures rd_un_head: ul_head{Pre, Post}(t);
    ensures rd_un_next: ul_next{Pre, Post}(t);
    ensures rd_un_prev: ul_prev{Pre, Post}(t);
*/
static inline void vos__ready_unlink(vos_task_t *t);

/*@ requires rd_tasks && task(t) && task(t->next) && task(t->prev);
    requires RD_NB_APART(t);
    requires \forall vos_task_t *x; task(x) && x != t ==> \separated(x, t);
    ensures rd_rm_keep: keep_tasks{Pre, Post} && keep_heads{Pre, Post}(\old(t->prio));
    ensures rd_rm_alone_h: \old(t->next) == t ==> vos__s.ready[\old(t->prio)] == \null;
    ensures rd_rm_alone_l: \old(t->next) == t ==> \forall vos_task_t *x; task(x) && x != t ==>
      x->next == \old(x->next) && x->prev == \old(x->prev);
    ensures rd_rm_head: ul_head{Pre, Post}(t);
    ensures rd_rm_next: ul_next{Pre, Post}(t);
    ensures rd_rm_prev: ul_prev{Pre, Post}(t);
    ensures rd_rm_t: t->next == \null && t->prev == \null;
*/
void vos__ready_remove(vos_task_t *t);

/*@ requires rd_tasks && task(t);
    requires vos__s.ready[t->prio] != \null ==>
      task(vos__s.ready[t->prio]) && task(vos__s.ready[t->prio]->prev) &&
      vos__s.ready[t->prio] != t && vos__s.ready[t->prio]->prev != t;
    ensures ri_keep: keep_tasks{Pre, Post} && keep_heads{Pre, Post}(\old(t->prio));
    ensures ri_alone: in_alone{Pre, Post}(t);
    ensures ri_head: in_head{Pre, Post}(t);
    ensures ri_next: in_next{Pre, Post}(t);
    ensures ri_prev: in_prev{Pre, Post}(t);
*/
static inline void vos__ready_insert(vos_task_t *t);

#endif
