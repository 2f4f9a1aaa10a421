/* SPDX-License-Identifier: MIT */
/*
 * Toward vos__set_eff_prio's READY case (kernel/sched.c; issue 34,
 * docs/evidence.md "The ready levels"): its contract (behavior ready,
 * below) and the lemmas that carry the levels through its steps. The
 * contract is proved on the code (run eff_prio_ready_set), the lemmas by
 * run eff_prio_ready_set_lemmas (eff_prio_ready_set_lemmas.c).
 *
 * The steps, as the code takes them: vos__ready_remove (L1 to L2, its
 * contract's clauses one by one, RM_FX), t->prio written (L2 to L3,
 * pr_fx: nothing but t's fields), then vos__ready_insert or
 * ready_insert_head (L3 to L4; eff_prio_ready.c's and
 * eff_prio_ready_head.c's contracts, both proved). Each lemma is stated
 * with the calls' clauses as the call gives them and composed over the
 * states, so that a goal of the code needs one instance (with in_fx or
 * ul_fx as one predicate, or two chained instances, the provers did not
 * find them):
 *  - lv_keep_e/_h/_l, mem_keep, lnk_keep, lv_keep_at, lv_keep: the levels
 *    without t are kept when only t's fields change;
 *  - rm_pre_at, lv_t, rm_pre, rm_sep_d, rm_sep_x, rm_sep: what the remove
 *    needs (its neighbours tasks, apart, valid, t at a non-empty level),
 *    from the levels with t well formed;
 *  - rm_ul_fx, rm_lv2, rm_lv, rm_pr: after the remove and the priority
 *    write, the levels without t well formed (ul_ok, lv_keep);
 *  - rm_in: the head and the tail of t's new level are tasks other than
 *    t, valid and apart from vos__s (in_pre at L3);
 *  - in_in_fx, in_ok3, rm_in_ok: after the insert at the tail, the
 *    levels with t well formed (in_ok2).
 * Proved (run eff_prio_ready_set): vos__set_eff_prio's behavior ready,
 * every goal (RTE, assigns, the calls' preconditions included), with
 * hd_pre, nb_prio, pr_wr, pr_t besides, and a precondition of the call
 * of vos__ready_insert (rd_without(t); proved at the call by rm_wo):
 * WP assumes a callee's preconditions after its call, so the goals after
 * it have the levels at the call's state, and in_ok3 needs one instance.
 * The assigns clause names vos__s.ready[prio]->prev and its next only
 * when level prio is non-empty (RD_IF, as ready.c's contract of
 * vos__ready_insert does). The code run reads this file, which holds
 * only the lemmas its goals use (with ready_insert_head's,
 * eff_prio_ready_head.h, and the model, eff_prio_ready.h: not
 * eff_prio_ready.c's lemmas); the lemmas that only prove other lemmas
 * (lv_keep_e/_h/_l, mem_keep, lnk_keep, lv_keep_at, rm_pre_at, lv_t,
 * rm_sep_d, rm_sep_x, rm_ul_fx, in_in_fx, rm_lv2) are in
 * eff_prio_ready_set_lemmas.c, the lemma run's program (every lemma,
 * eff_prio_ready.c's too, each after those it is proved from): every
 * lemma is an axiom in every goal's context, and with them all the
 * rd_without goals at the two insert calls took 9 s to over 60 s under
 * load (5-8 s without).
 * Assumptions: none beyond eff_prio_ready.c's and the preconditions
 * stated; vos__s.cur read under the kernel lock (-wp-no-volatile);
 * VOS_CFG_TRACE is 0. No axiom.
 */
#include "eff_prio_ready_set.h"   /* the model, ready_insert_head, RM_FX, pr_fx */

/*@ // The levels without t kept when only t's fields change.
    lemma lv_keep{L2, L3}: \forall vos_task_t *t;
      rd_tasks{L2} && rd_levels{L2}(t) && rd_prios{L2}(t) && pr_fx{L2, L3}(t) ==>
        rd_levels{L3}(t) && rd_prios{L3}(t);

    // What t's remove needs, from the levels with t.
    lemma rm_pre{L}: \forall vos_task_t *t;
      rd_tasks && task(t) && t->state == VOS_TASK_READY &&
      rd_levels(\null) && rd_prios(\null) ==>
        t->prio < VOS_CFG_PRIO_LEVELS && rd_level(\null, t->prio) &&
        vos__s.ready[t->prio] != \null &&
        task(t->next) && task(t->prev) &&
        (t->next != t ==> t->prev != t);
    lemma rm_sep{L}: \forall vos_task_t *t;
      rd_tasks && task(t) && t->state == VOS_TASK_READY &&
      rd_levels(\null) && rd_prios(\null) ==>
        rd_level(\null, t->prio) &&
        task(t->next) && task(t->prev) && (t->next != t ==> t->prev != t) &&
        \valid(t) && \separated(t, &vos__s) &&
        \valid(t->next) && \valid(t->prev) &&
        \separated(t->next, &vos__s) && \separated(t->prev, &vos__s) &&
        RD_NB_APART(t) &&
        (\forall vos_task_t *x; task(x) && x != t ==> \separated(x, t));

    // After the remove and the priority write: the levels without t.
    lemma rm_lv{L1, L2, L3}: \forall vos_task_t *t;
      RD_SET_HYP(L1, L2, L3) ==> rd_levels{L3}(t) && rd_prios{L3}(t);
    lemma rm_wo{L1, L2, L3}: \forall vos_task_t *t;
      RD_SET_HYP(L1, L2, L3) ==> rd_without{L3}(t);

    // What the insert at t's new level needs (in_pre at L3).
    lemma rm_in{L1, L2, L3}: \forall vos_task_t *t;
      RD_SET_HYP(L1, L2, L3) ==>
        \let h = \at(vos__s.ready[\at(t->prio, L3)], L3);
        h != \null ==> task(h) && task(\at(h->prev, L3)) && h != t && \at(h->prev, L3) != t &&
          \valid{L3}(h) && \valid{L3}(\at(h->prev, L3)) &&
          \at(\separated(h, &vos__s) && \separated(h->prev, &vos__s), L3);
    lemma rm_pr{L1, L2, L3}: \forall vos_task_t *t;
      RD_SET_HYP(L1, L2, L3) ==> rd_prios{L3}(t);

    // At the state before the remove: another level's head and tail
    // (the insert's at t's new level, which the remove does not touch),
    // and t's neighbours at t's level.
    lemma hd_pre{L}: \forall integer p;
      rd_tasks && rd_levels(\null) && 0 <= p < VOS_CFG_PRIO_LEVELS &&
      vos__s.ready[p] != \null ==>
        rd_level(\null, p) &&
        task(vos__s.ready[p]) && task(vos__s.ready[p]->prev) &&
        vos__s.ready[p]->prio == p && vos__s.ready[p]->prev->prio == p &&
        \valid(vos__s.ready[p]) && \valid(vos__s.ready[p]->prev) &&
        \separated(vos__s.ready[p], &vos__s) && \separated(vos__s.ready[p]->prev, &vos__s);
    lemma nb_prio{L}: \forall vos_task_t *t;
      rd_tasks && task(t) && t->state == VOS_TASK_READY &&
      rd_levels(\null) && rd_prios(\null) ==>
        rd_level(\null, t->prio) &&
        t->next->prio == t->prio && t->prev->prio == t->prio;
    lemma pr_wr{L1, L2}: \forall vos_task_t *t;
      rd_tasks{L1} && rd_prios{L1}(\null) &&
      (\forall vos_task_t *x; task(x) && x != t ==>
        \at(x->state, L2) == \at(x->state, L1) && \at(x->prio, L2) == \at(x->prio, L1)) ==>
        rd_prios{L2}(t);
    lemma pr_t{L}: \forall vos_task_t *t;
      rd_tasks && rd_prios(\null) ==> rd_prios(t);

    // in_ok2 with the insert's clauses one by one (as a call gives them).
    lemma in_ok3{L1, L2}: \forall vos_task_t *t;
      rd_tasks{L1} && task(t) && \at(t->state, L1) == VOS_TASK_READY &&
      \at(t->prio, L1) < VOS_CFG_PRIO_LEVELS &&
      rd_levels{L1}(t) && rd_prios{L1}(t) &&
      keep_tasks{L1, L2} && keep_heads{L1, L2}(\at(t->prio, L1)) &&
      in_next{L1, L2}(t) && in_prev{L1, L2}(t) &&
      in_alone{L1, L2}(t) && in_head{L1, L2}(t) ==>
        rd_levels{L2}(\null) && rd_prios{L2}(\null);

    // The whole move, the insert at the tail: L1 to L4.
    lemma rm_in_ok{L1, L2, L3, L4}: \forall vos_task_t *t;
      RD_SET_HYP(L1, L2, L3) &&
      keep_tasks{L3, L4} && keep_heads{L3, L4}(\at(t->prio, L3)) &&
      in_next{L3, L4}(t) && in_prev{L3, L4}(t) &&
      in_alone{L3, L4}(t) && in_head{L3, L4}(t) ==>
        rd_levels{L4}(\null) && rd_prios{L4}(\null);
*/

/* The insert at the tail (vos__set_eff_prio's other branch) needs the
 * levels without t well formed: stated as a precondition of its call
 * (merged with eff_prio_ready.c's and ready.c's contracts; in this file's
 * run, proved at the call by rm_wo), so that WP, which assumes
 * a callee's proved preconditions after the call, gives the goals after
 * it rd_levels(t) at the call's state, and in_ok3 needs one instance. */
/*@ requires in_wo: rd_without(t); // as ready_insert_head's */
static inline void vos__ready_insert(vos_task_t *t);

/* vos__set_eff_prio's READY case, the contract docs/evidence.md states
 * (proved: run eff_prio_ready_set). */
/*@ requires prio <= 255 && \valid(t);
    behavior ready:
      assumes t->prio != prio && t->state == VOS_TASK_READY;
      requires rd_tasks && task(t) && prio < VOS_CFG_PRIO_LEVELS;
      requires map_ok && rd_levels(\null) && rd_prios(\null) && rd_sole(t);
      assigns t->prio, vos__s.ready[0 .. VOS_CFG_PRIO_LEVELS - 1], vos__s.ready_map,
        {y->next | vos_task_t *y; task(y)}, {y->prev | vos_task_t *y; task(y)},
        RD_IF(prio, vos__s.ready[prio]->prev), RD_IF(prio, vos__s.ready[prio]->prev->next);
      ensures se_prio: t->prio == prio && t->state == VOS_TASK_READY;
      ensures se_tasks: \forall vos_task_t *x; task(x) && x != t ==>
        x->state == \old(x->state) && x->prio == \old(x->prio);
      ensures se_map: map_ok;
      ensures se_levels: rd_levels(\null) && rd_prios(\null);
      ensures se_heads: \forall integer q; 0 <= q < VOS_CFG_PRIO_LEVELS &&
        q != \old(t->prio) && q != prio ==> vos__s.ready[q] == \old(vos__s.ready[q]);
      ensures se_cur: t == vos__s.cur ==> vos__s.ready[prio] == t;
      ensures se_tail: t != vos__s.cur ==>
        vos__s.ready[prio] == (\old(vos__s.ready[prio]) == \null ? t : \old(vos__s.ready[prio])) &&
        vos__s.ready[prio]->prev == t;
*/
void vos__set_eff_prio(vos_task_t *t, unsigned prio, int cause);
