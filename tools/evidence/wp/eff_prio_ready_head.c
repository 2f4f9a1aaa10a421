/* SPDX-License-Identifier: MIT */
/*
 * ready_insert_head (kernel/sched.c; issue 34, docs/evidence.md "The
 * ready levels"): vos__ready_insert, then t made its level's head (the
 * running task's step of vos__set_eff_prio's READY case), proved on the
 * code with the model of tools/evidence/wp/eff_prio_ready.c (included,
 * with kernel/sched.c as EV_SOURCE; its contracts of vos__ready_insert
 * and ready.c's are used at the call).
 *
 * Proved (run eff_prio_ready_head: every goal of ready_insert_head, RTE
 * included; run eff_prio_ready_head_lemmas: the lemmas below):
 *  - ready_insert_head(t), from the levels without t well formed
 *    (rd_levels(t), rd_prios(t)), t a READY task at a level that exists,
 *    map_ok, and the head and tail of t's level tasks other than t (the
 *    insert's preconditions, stated directly as eff_prio_ready.c's are;
 *    they follow from rd_levels(t) by in_pre): every task's state and
 *    priority and every other level's head kept, t its level's head,
 *    map_ok, and the levels with t well formed (rd_levels(null),
 *    rd_prios(null)); only the insert's locations written.
 *  - ih_ok0: in_ok2 (the insert) and hd_ok (t made the head, nothing else
 *    written) composed over the three states, so that the code's goal
 *    needs one lemma instance, not two chained through the state after
 *    the call (which timed out at 60 s); ih_ok: the same with the
 *    insert's effect clause by clause, as the call's contract gives it
 *    (the provers match the lemma on those atoms: with in_fx as one
 *    predicate, CVC4 did not find the instance); ih_pr: rd_prios.
 * Assumptions: the preconditions (see above; not added assumptions about
 * the kernel); VOS_CFG_TIMESLICE is 0 (ready.c's). No axiom.
 */
#include "eff_prio_ready.c"

/*@ // The levels without t well formed, every READY task but t at a level.
    predicate rd_without{L}(vos_task_t *t) = rd_levels(t) && rd_prios(t);
*/

/*@ // The insert with every hypothesis of in_ok2, then t made the head
    // with nothing else written (hd_ok's hypothesis): one lemma over the
    // three states, so that a caller needs one instance (ih_ok0); the
    // same with the insert's clauses one by one (ih_ok), as a call gives
    // them; rd_prios (ih_pr).
    lemma ih_ok0{L1, L2, L3}: \forall vos_task_t *t;
      rd_tasks{L1} && task(t) && \at(t->state, L1) == VOS_TASK_READY &&
      \at(t->prio, L1) < VOS_CFG_PRIO_LEVELS &&
      rd_levels{L1}(t) && rd_prios{L1}(t) && in_fx{L1, L2}(t) &&
      \at(vos__s.ready[\at(t->prio, L1)], L3) == t &&
      keep_tasks{L2, L3} && keep_links{L2, L3}(\null) &&
      keep_heads{L2, L3}(\at(t->prio, L1)) ==>
        rd_levels{L3}(\null);
    lemma ih_ok{L1, L2, L3}: \forall vos_task_t *t;
      rd_tasks{L1} && task(t) && \at(t->state, L1) == VOS_TASK_READY &&
      \at(t->prio, L1) < VOS_CFG_PRIO_LEVELS &&
      rd_prios{L1}(t) && rd_levels{L1}(t) &&
      keep_tasks{L1, L2} && keep_heads{L1, L2}(\at(t->prio, L1)) &&
      in_next{L1, L2}(t) && in_prev{L1, L2}(t) &&
      in_alone{L1, L2}(t) && in_head{L1, L2}(t) &&
      \at(vos__s.ready[\at(t->prio, L1)], L3) == t &&
      keep_tasks{L2, L3} && keep_links{L2, L3}(\null) &&
      keep_heads{L2, L3}(\at(t->prio, L1)) ==>
        rd_levels{L3}(\null);
    lemma ih_pr{L1, L2, L3}: \forall vos_task_t *t;
      task(t) && \at(t->state, L1) == VOS_TASK_READY &&
      \at(t->prio, L1) < VOS_CFG_PRIO_LEVELS && rd_prios{L1}(t) &&
      keep_tasks{L1, L2} && keep_tasks{L2, L3} ==>
        rd_prios{L3}(\null);
*/

/*@ requires rd_tasks && task(t) && t->state == VOS_TASK_READY;
    requires t->prio < VOS_CFG_PRIO_LEVELS && map_ok;
    requires \valid(t) && \separated(t, &vos__s);
    requires vos__s.ready[t->prio] != \null ==>
      task(vos__s.ready[t->prio]) && task(vos__s.ready[t->prio]->prev) &&
      vos__s.ready[t->prio] != t && vos__s.ready[t->prio]->prev != t &&
      \valid(vos__s.ready[t->prio]) && \valid(vos__s.ready[t->prio]->prev) &&
      \separated(vos__s.ready[t->prio], &vos__s) &&
      \separated(vos__s.ready[t->prio]->prev, &vos__s);
    // rd_levels(t) and rd_prios(t), as one predicate: a caller's goal for
    // it is then one atom, a lemma's conclusion (-wp-split splits a
    // conjunction, and each half's instance was found only by chance).
    requires ih_wo: rd_without(t);
    assigns vos__s.ready[t->prio], vos__s.ready_map, t->next, t->prev,
            RD_IF(t->prio, vos__s.ready[t->prio]->prev),
            RD_IF(t->prio, vos__s.ready[t->prio]->prev->next);
    ensures ih_keep: keep_tasks{Pre, Post} && keep_heads{Pre, Post}(\old(t->prio));
    ensures ih_head: vos__s.ready[t->prio] == t;
    ensures ih_map: map_ok;
    ensures ih_levels: rd_levels(\null) && rd_prios(\null);
*/
static void ready_insert_head(vos_task_t *t);
