/* SPDX-License-Identifier: MIT */
/*
 * The lemmas of vos__set_eff_prio's behavior moved's rd_levels (issue 34,
 * docs/evidence.md "Priority inheritance's recompute"): mv_ne, mv_qne (the
 * call's writes apart from a READY task's next and prev), mv_lv_n,
 * mv_lv_b, mv_lv_e, mv_lv_h (the levels kept from A, one part of a level
 * each) and mv_lv (all of them), over tools/evidence/wp/eff_prio_all.c's
 * definitions (ch_apart, mv_rk, mv_ks, mv_kh, the ready model), which are
 * read first. Read, through tools/evidence/wp/eff_prio_all_mv.c, by the
 * runs eff_prio_all_levels (moved's ch_lv_h, ch_lv_e and ch_lv, whose goals
 * use them) and eff_prio_all_lemmas (which proves them, each after those
 * it is proved from). Apart from eff_prio_all.c because in the run
 * eff_prio_all, where no goal uses them, they slowed goals that proved
 * before (ch_heads_q 14.2 s, ch_fr_task 12.2 s at load 5.4, at most 7.5 s
 * without them). Lemmas only: no definition, no axiom.
 */
#ifndef VAIOS_EVIDENCE_EFF_PRIO_MV_H
#define VAIOS_EVIDENCE_EFF_PRIO_MV_H

/*@
    // Behavior moved's rd_levels: the call writes t's links, the
    // queue's head and its members' links, each apart from a READY
    // task's next and prev (t and the members, under ch_mem, are BLOCKED:
    // mv_ne; the queue is apart from every task: ch_rp, mv_qne). Stated
    // as the disequalities WP's frame of the call asks for: without
    // them a READY task's next kept timed out at 60 s.
    lemma mv_ne{L}: \forall vos_task_t *t, *x, *y;
      ch_apart(t) && task(x) && task(y) && x->state != y->state ==>
        &y->next != &x->next && &y->prev != &x->next &&
        &y->next != &x->prev && &y->prev != &x->prev;
    lemma mv_qne{L}: \forall struct vos_waitq *q, vos_task_t *x;
      \separated(q, x) ==> &x->next != &q->head && &x->prev != &q->head;
    // The levels kept from A (t not READY before): per part of a level
    // (the links: mv_lv_n, mv_lv_b), then all of them (mv_lv).
    lemma mv_lv_n{L1, L2}: \forall vos_task_t *t, *x, integer p;
      mv_rk{L1, L2} && mv_ks{L1, L2}(t) && \at(t->state, L1) != VOS_TASK_READY &&
      rd_level{L1}(\null, p) && rd_mem{L2}(\null, p, x) ==>
        rd_mem{L2}(\null, p, \at(x->next, L2)) && rd_mem{L2}(\null, p, \at(x->prev, L2));
    lemma mv_lv_b{L1, L2}: \forall vos_task_t *t, *x, integer p;
      mv_rk{L1, L2} && mv_ks{L1, L2}(t) && \at(t->state, L1) != VOS_TASK_READY &&
      rd_level{L1}(\null, p) && rd_mem{L2}(\null, p, x) ==>
        \at(\at(x->next, L2)->prev, L2) == x && \at(\at(x->prev, L2)->next, L2) == x;
    lemma mv_lv_e{L1, L2}: \forall vos_task_t *t, integer p;
      mv_ks{L1, L2}(t) && mv_kh{L1, L2} && \at(t->state, L1) != VOS_TASK_READY &&
      0 <= p < VOS_CFG_PRIO_LEVELS && rd_level{L1}(\null, p) ==> rd_empty{L2}(\null, p);
    lemma mv_lv_h{L1, L2}: \forall vos_task_t *t, integer p;
      mv_ks{L1, L2}(t) && mv_kh{L1, L2} && \at(t->state, L1) != VOS_TASK_READY &&
      0 <= p < VOS_CFG_PRIO_LEVELS && rd_level{L1}(\null, p) ==> rd_headm{L2}(\null, p);
    lemma mv_lv{L1, L2}: \forall vos_task_t *t;
      mv_rk{L1, L2} && mv_ks{L1, L2}(t) && mv_kh{L1, L2} && \at(t->state, L1) != VOS_TASK_READY &&
      rd_levels{L1}(\null) ==> rd_levels{L2}(\null);
*/

#endif
