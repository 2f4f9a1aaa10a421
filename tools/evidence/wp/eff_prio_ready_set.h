/* SPDX-License-Identifier: MIT */
/*
 * The definitions of vos__set_eff_prio's READY case (issue 34,
 * docs/evidence.md "The ready levels"): the remove's effect clause by
 * clause (RM_FX), the priority write's (pr_fx), and the hypotheses of
 * the lemmas (RD_SET_HYP, LV_KEEP_HYP), read after the model and
 * ready_insert_head's contract (eff_prio_ready_head.h, included) by
 * tools/evidence/wp/eff_prio_ready_set.c (the contract and the lemmas its
 * code run uses) and tools/evidence/wp/eff_prio_ready_set_lemmas.c (the
 * lemmas that prove those). Definitions only: no lemma, no axiom.
 */
#ifndef VAIOS_EVIDENCE_EFF_PRIO_READY_SET_H
#define VAIOS_EVIDENCE_EFF_PRIO_READY_SET_H

#include "eff_prio_ready_head.h"

/* vos__ready_remove's effect, its contract's clauses one by one (as the
 * call gives them, so that the provers match a lemma on them). */
#define RM_FX(L1, L2) \
      keep_tasks{L1, L2} && keep_heads{L1, L2}(\at(t->prio, L1)) && \
      (\at(t->next, L1) == t ==> \at(vos__s.ready[\at(t->prio, L1)], L2) == \null) && \
      (\at(t->next, L1) == t ==> \forall vos_task_t *x; task(x) && x != t ==> \
        \at(x->next, L2) == \at(x->next, L1) && \at(x->prev, L2) == \at(x->prev, L1)) && \
      ul_head{L1, L2}(t) && ul_next{L1, L2}(t) && ul_prev{L1, L2}(t)

/*@ // The priority write: only t->prio.
    predicate pr_fx{L2, L3}(vos_task_t *t) =
      keep_links{L2, L3}(\null) &&
      (\forall integer q; 0 <= q < VOS_CFG_PRIO_LEVELS ==>
        \at(vos__s.ready[q], L3) == \at(vos__s.ready[q], L2)) &&
      (\forall vos_task_t *x; task(x) && x != t ==>
        \at(x->state, L3) == \at(x->state, L2) && \at(x->prio, L3) == \at(x->prio, L2)) &&
      \at(t->state, L3) == \at(t->state, L2);
*/
#define RD_SET_HYP(L1, L2, L3) \
      rd_tasks{L1} && rd_tasks{L2} && rd_tasks{L3} && \
      task(t) && \at(t->state, L1) == VOS_TASK_READY && \
      rd_levels{L1}(\null) && rd_prios{L1}(\null) && rd_sole{L1}(t) && \
      RM_FX(L1, L2) && pr_fx{L2, L3}(t) && \at(t->prio, L3) < VOS_CFG_PRIO_LEVELS

/* The hypothesis of the lv_keep lemmas, one per part of a level for the
 * provers: level p without t well formed at L2, and only t's fields
 * written from L2 to L3. */
#define LV_KEEP_HYP \
      rd_tasks{L2} && 0 <= p < VOS_CFG_PRIO_LEVELS && \
      rd_level{L2}(t, p) && pr_fx{L2, L3}(t)

#endif
