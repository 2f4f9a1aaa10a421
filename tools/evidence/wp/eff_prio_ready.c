/* SPDX-License-Identifier: MIT */
/*
 * Toward vos__set_eff_prio's READY case (kernel/sched.c; issue 34,
 * docs/evidence.md "The ready levels"): a model of the ready levels, the
 * effects of the steps that move a READY task between levels
 * (vos__ready_unlink, vos__ready_remove, vos__ready_insert) proved on
 * the code, and lemmas
 * that those effects keep the levels well formed. vos__set_eff_prio's
 * READY case itself is NOT proved yet (see Not proved below).
 *
 * The code proved is kernel/sched.c with kernel/ksched.h (EV_SOURCE,
 * through tools/evidence/wp/ready.c, whose contracts of the same
 * functions, proved by the ready run, Frama-C merges with the ones here;
 * this file's runs re-prove them for the functions they cover).
 *
 * The model, the steps' effects and their contracts are
 * tools/evidence/wp/eff_prio_ready.h (included: definitions and
 * contracts only); this file adds the lemmas, so that a run that does not
 * use them (eff_prio_ready_set, vos__set_eff_prio's READY case) reads the
 * header alone and leaves them out of its goals' context.
 *
 * The model (state-dependent: a task's level is read from its fields, so
 * a later step finds it as the previous one left it): the members of
 * level p, rd_mem(e, p, x), are the tasks (pi_world.h's task(x)) other
 * than e that are READY with x->prio == p, as kernel/sched.c's header
 * states the levels. rd_level(e, p): level p's head is null exactly when
 * it has no member, else a member, and every member's next and prev are
 * members linked back to it (the ring is closed under the links; that it
 * is one ring is not stated: the model has no reachability, so where the
 * code relies on it, rd_sole states it for t: a t linked to itself is
 * its level's only member). rd_prios(e): every READY task but e is at a
 * level that exists. rd_tasks: the tasks are valid objects apart from
 * each other and from the scheduler's block. With e = t: the levels
 * without t (t off the lists, between a remove and an insert).
 *
 * Proved (run eff_prio_ready: every goal of vos__ready_unlink,
 * vos__ready_remove and vos__ready_insert, ready.c's clauses and the RTE
 * goals included; run
 * eff_prio_ready_lemmas: every lemma):
 *  - vos__ready_unlink(t), t and its neighbours tasks (and, when t is not
 *    alone, t->prev != t, and t, t->next, t->prev apart or equal): its
 *    effect as the code writes it, one clause each (every task's state
 *    and priority kept, the other levels' heads kept; alone: the level
 *    emptied, every other task's links kept; else: the head moved on if
 *    it was t, t->prev's next and t->next's prev linked to each other,
 *    every other link kept);
 *  - vos__ready_remove(t) (the unlink, then t's links cleared): the
 *    unlink's effect but t's links (the alone case written out: the
 *    level emptied, every other task's links kept), t->next and t->prev
 *    null; from the unlink's preconditions and every other task apart
 *    from t (which rd_tasks implies: stated so the provers need not find
 *    that instance, as in eff_prio.c's rm_direct);
 *  - vos__ready_insert(t), t a task and the level's head and tail tasks
 *    other than t: its effect (empty level: t alone, the head; else t
 *    between the tail and the head, which stays; every other link and
 *    level kept);
 *  - the lemmas: an unlink with that effect, from the levels well formed
 *    and rd_sole(t), leaves the levels without t well formed (ul_empty,
 *    ul_headm, ul_links for t's level; ul_other_e/_h/_l for the others;
 *    ul_ok over every level, with rd_prios); an insert with that effect,
 *    from the levels without t well formed, leaves t's level and every
 *    other level well formed with t (in_empty, in_headm, in_links,
 *    in_other_e/_h/_l; in_ok_at per level, in_ok over every level,
 *    in_ok_pr for rd_prios; in_ok2 the same with every level's
 *    hypothesis in one); hd_at_e/_h/_l, hd_at, hd_ok: a member made its
 *    level's head, nothing else written, keeps the levels well formed
 *    (ready_insert_head's second step); in_pre: the head and the tail an insert
 *    reads are tasks other than t (the insert's precondition, from the
 *    model).
 * ready_insert_head's contract is proved by eff_prio_ready_head.c (with
 * this file's model). Not proved here (docs/evidence.md):
 * vos__set_eff_prio's READY case, whose contract
 * (written, not landed) is: from map_ok, the levels well formed,
 * rd_sole(t), prio < VOS_CFG_PRIO_LEVELS, map_ok and the levels well
 * formed after, t->prio == prio, every other level's head kept, t the
 * head of its new level if it is the running task, else at its tail.
 *
 * Assumptions: the preconditions below (not added assumptions about the
 * kernel: in the model they follow from the levels well formed, the
 * lemma in_pre and the ring's links for t's neighbours; a caller's
 * proof has to establish them); VOS_CFG_TIMESLICE is 0 (ready.c's). No
 * axiom.
 */
#include "eff_prio_ready.h"   /* the model, the steps' contracts; ready.c, kernel/sched.c */

/* The lemmas (run eff_prio_ready_lemmas): the steps keep the levels
 * well formed. */
#define RD_UL_HYP(L1, L2) \
      rd_tasks{L1} && task(t) && \at(t->state, L1) == VOS_TASK_READY && \
      rd_level{L1}(\null, \at(t->prio, L1)) && rd_sole{L1}(t) && ul_fx{L1, L2}(t)
#define RD_IN_HYP(L1, L2) \
      rd_tasks{L1} && task(t) && \at(t->state, L1) == VOS_TASK_READY && \
      rd_level{L1}(t, \at(t->prio, L1)) && in_fx{L1, L2}(t)
/* t, a READY member of its level, made that level's head and nothing
 * else written (ready_insert_head's second step). */
#define RD_HD_HYP(L1, L2) \
      t != \null && task(t) && \at(t->state, L1) == VOS_TASK_READY && \
      \at(vos__s.ready[\at(t->prio, L1)], L2) == t && \
      keep_tasks{L1, L2} && keep_links{L1, L2}(\null) && \
      keep_heads{L1, L2}(\at(t->prio, L1))

/*@ lemma rd_level_parts{L}: \forall vos_task_t *e, integer p;
      rd_level(e, p) <==> rd_empty(e, p) && rd_headm(e, p) && rd_links(e, p);

    // Another level q than t's: the unlink and the insert keep it (one
    // lemma per part).
    lemma ul_other_e{L1, L2}: \forall vos_task_t *t, integer q;
      RD_UL_HYP(L1, L2) && 0 <= q < VOS_CFG_PRIO_LEVELS && q != \at(t->prio, L1) &&
      rd_level{L1}(\null, q) ==> rd_empty{L2}(t, q);
    lemma ul_other_h{L1, L2}: \forall vos_task_t *t, integer q;
      RD_UL_HYP(L1, L2) && 0 <= q < VOS_CFG_PRIO_LEVELS && q != \at(t->prio, L1) &&
      rd_level{L1}(\null, q) ==> rd_headm{L2}(t, q);
    lemma ul_other_l{L1, L2}: \forall vos_task_t *t, integer q;
      RD_UL_HYP(L1, L2) && 0 <= q < VOS_CFG_PRIO_LEVELS && q != \at(t->prio, L1) &&
      rd_level{L1}(\null, q) ==> rd_links{L2}(t, q);
    lemma in_other_e{L1, L2}: \forall vos_task_t *t, integer q;
      RD_IN_HYP(L1, L2) && 0 <= q < VOS_CFG_PRIO_LEVELS && q != \at(t->prio, L1) &&
      rd_level{L1}(t, q) ==> rd_empty{L2}(\null, q);
    lemma in_other_h{L1, L2}: \forall vos_task_t *t, integer q;
      RD_IN_HYP(L1, L2) && 0 <= q < VOS_CFG_PRIO_LEVELS && q != \at(t->prio, L1) &&
      rd_level{L1}(t, q) ==> rd_headm{L2}(\null, q);
    lemma in_other_l{L1, L2}: \forall vos_task_t *t, integer q;
      RD_IN_HYP(L1, L2) && 0 <= q < VOS_CFG_PRIO_LEVELS && q != \at(t->prio, L1) &&
      rd_level{L1}(t, q) ==> rd_links{L2}(\null, q);

    // t's level, after the unlink (without t) and the insert (with t).
    lemma ul_empty{L1, L2}: \forall vos_task_t *t;
      RD_UL_HYP(L1, L2) ==> rd_empty{L2}(t, \at(t->prio, L1));
    lemma ul_headm{L1, L2}: \forall vos_task_t *t;
      RD_UL_HYP(L1, L2) ==> rd_headm{L2}(t, \at(t->prio, L1));
    lemma ul_links{L1, L2}: \forall vos_task_t *t;
      RD_UL_HYP(L1, L2) ==> rd_links{L2}(t, \at(t->prio, L1));
    lemma in_empty{L1, L2}: \forall vos_task_t *t;
      RD_IN_HYP(L1, L2) ==> rd_empty{L2}(\null, \at(t->prio, L1));
    lemma in_headm{L1, L2}: \forall vos_task_t *t;
      RD_IN_HYP(L1, L2) ==> rd_headm{L2}(\null, \at(t->prio, L1));
    lemma in_links{L1, L2}: \forall vos_task_t *t;
      RD_IN_HYP(L1, L2) ==> rd_links{L2}(\null, \at(t->prio, L1));
*/

/*@ // The steps combined, over every level.
    lemma ul_ok{L1, L2}: \forall vos_task_t *t;
      rd_tasks{L1} && task(t) && \at(t->state, L1) == VOS_TASK_READY &&
      rd_levels{L1}(\null) && rd_prios{L1}(\null) && rd_sole{L1}(t) && ul_fx{L1, L2}(t) ==>
        rd_levels{L2}(t) && rd_prios{L2}(t);

    lemma in_ok_pr{L1, L2}: \forall vos_task_t *t;
      task(t) && \at(t->state, L1) == VOS_TASK_READY &&
      \at(t->prio, L1) < VOS_CFG_PRIO_LEVELS &&
      rd_prios{L1}(t) && keep_tasks{L1, L2} ==>
        rd_prios{L2}(\null);
    lemma in_ok_at{L1, L2}: \forall vos_task_t *t, integer q;
      RD_IN_HYP(L1, L2) && \at(t->prio, L1) < VOS_CFG_PRIO_LEVELS &&
      0 <= q < VOS_CFG_PRIO_LEVELS && rd_level{L1}(t, q) ==>
        rd_level{L2}(\null, q);
    lemma in_ok{L1, L2}: \forall vos_task_t *t;
      RD_IN_HYP(L1, L2) && \at(t->prio, L1) < VOS_CFG_PRIO_LEVELS &&
      rd_levels{L1}(t) ==> rd_levels{L2}(\null);

    // A member of level p made its head keeps the levels well formed.
    lemma hd_at_e{L1, L2}: \forall vos_task_t *t, integer q;
      RD_HD_HYP(L1, L2) &&
      0 <= q < VOS_CFG_PRIO_LEVELS && rd_level{L1}(\null, q) ==>
        rd_empty{L2}(\null, q);
    lemma hd_at_h{L1, L2}: \forall vos_task_t *t, integer q;
      RD_HD_HYP(L1, L2) &&
      0 <= q < VOS_CFG_PRIO_LEVELS && rd_level{L1}(\null, q) ==>
        rd_headm{L2}(\null, q);
    lemma hd_at_l{L1, L2}: \forall vos_task_t *t, integer q;
      RD_HD_HYP(L1, L2) &&
      0 <= q < VOS_CFG_PRIO_LEVELS && rd_level{L1}(\null, q) ==>
        rd_links{L2}(\null, q);
    lemma hd_at{L1, L2}: \forall vos_task_t *t, integer q;
      RD_HD_HYP(L1, L2) &&
      0 <= q < VOS_CFG_PRIO_LEVELS && rd_level{L1}(\null, q) ==>
        rd_level{L2}(\null, q);
    lemma hd_ok{L1, L2}: \forall vos_task_t *t;
      RD_HD_HYP(L1, L2) &&
      rd_levels{L1}(\null) && rd_prios{L1}(\null) ==>
        rd_levels{L2}(\null) && rd_prios{L2}(\null);

    lemma in_ok2{L1, L2}: \forall vos_task_t *t;
      rd_tasks{L1} && task(t) && \at(t->state, L1) == VOS_TASK_READY &&
      \at(t->prio, L1) < VOS_CFG_PRIO_LEVELS &&
      rd_levels{L1}(t) && rd_prios{L1}(t) && in_fx{L1, L2}(t) ==>
        rd_levels{L2}(\null) && rd_prios{L2}(\null);

    // What the insert needs of the head and the tail, from the levels.
    lemma in_pre{L}: \forall vos_task_t *t, integer p;
      rd_levels(t) && 0 <= p < VOS_CFG_PRIO_LEVELS && vos__s.ready[p] != \null ==>
        task(vos__s.ready[p]) && task(vos__s.ready[p]->prev) &&
        vos__s.ready[p] != t && vos__s.ready[p]->prev != t;
*/
