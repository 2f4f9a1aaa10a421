/* SPDX-License-Identifier: MIT */
/*
 * ready_insert_head's contract and its lemmas ih_ok0, ih_ok, ih_pr (issue
 * 34, docs/evidence.md "The ready levels"), read after the ready levels'
 * model (tools/evidence/wp/eff_prio_ready.h, included): proved by runs
 * eff_prio_ready_head and eff_prio_ready_head_lemmas through
 * tools/evidence/wp/eff_prio_ready_head.c (whose header documents them),
 * used at the call by tools/evidence/wp/eff_prio_ready_set.c. No axiom.
 */
#ifndef VAIOS_EVIDENCE_EFF_PRIO_READY_HEAD_H
#define VAIOS_EVIDENCE_EFF_PRIO_READY_HEAD_H

#include "eff_prio_ready.h"

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

#endif
