/* SPDX-License-Identifier: MIT */
/*
 * Toward vos__set_eff_prio's READY case (kernel/sched.c; issue 34,
 * docs/evidence.md "The ready levels"): its contract (behavior ready,
 * below) and the lemmas that carry the levels through its steps. The
 * contract is proved on the code (run eff_prio_ready_set), the lemmas by
 * run eff_prio_ready_set_lemmas.
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
 * vos__ready_insert does). The code run reads this file through
 * eff_prio_ready_set_code.c (RD_SET_CODE: without the lemmas that only
 * prove other lemmas, which slowed its rd_without goals past 60 s under
 * load); run eff_prio_ready_set_lemmas proves every lemma here.
 * Assumptions: none beyond eff_prio_ready.c's and the preconditions
 * stated; vos__s.cur read under the kernel lock (-wp-no-volatile);
 * VOS_CFG_TRACE is 0. No axiom.
 */
#include "eff_prio_ready_head.c"

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

/* The lemmas in #ifndef RD_SET_CODE only prove other lemmas: the code run
 * (eff_prio_ready_set_code.c) leaves them out, as it does eff_prio_ready.c's
 * (run eff_prio_ready_set_lemmas proves every lemma here). */
#ifndef RD_SET_CODE
/*@ // The levels without t are kept when only t's fields change.
    lemma lv_keep_e{L2, L3}: \forall vos_task_t *t, integer p;
      LV_KEEP_HYP ==> rd_empty{L3}(t, p);
    lemma lv_keep_h{L2, L3}: \forall vos_task_t *t, integer p;
      LV_KEEP_HYP ==> rd_headm{L3}(t, p);
    lemma mem_keep{L2, L3}: \forall vos_task_t *t, integer p, vos_task_t *x;
      pr_fx{L2, L3}(t) ==> (rd_mem{L3}(t, p, x) <==> rd_mem{L2}(t, p, x));
    lemma lnk_keep{L2, L3}: \forall vos_task_t *t, vos_task_t *x;
      rd_tasks{L2} && pr_fx{L2, L3}(t) && task(x) ==>
        \at(x->next, L3) == \at(x->next, L2) && \at(x->prev, L3) == \at(x->prev, L2);
    lemma lv_keep_l{L2, L3}: \forall vos_task_t *t, integer p;
      LV_KEEP_HYP ==> rd_links{L3}(t, p);
    lemma lv_keep_at{L2, L3}: \forall vos_task_t *t, integer p;
      LV_KEEP_HYP ==> rd_level{L3}(t, p);
*/
#endif
/*@
    lemma lv_keep{L2, L3}: \forall vos_task_t *t;
      rd_tasks{L2} && rd_levels{L2}(t) && rd_prios{L2}(t) && pr_fx{L2, L3}(t) ==>
        rd_levels{L3}(t) && rd_prios{L3}(t);

*/
#ifndef RD_SET_CODE
/*@
    // What t's remove needs, from t's level.
    lemma rm_pre_at{L}: \forall vos_task_t *t;
      rd_tasks && task(t) && t->state == VOS_TASK_READY &&
      rd_level(\null, t->prio) ==>
        vos__s.ready[t->prio] != \null && task(t->next) && task(t->prev) &&
        (t->next != t ==> t->prev != t);
    lemma lv_t{L}: \forall vos_task_t *t;
      rd_tasks && task(t) && t->state == VOS_TASK_READY &&
      rd_levels(\null) && rd_prios(\null) ==> rd_level(\null, t->prio);
*/
#endif
/*@
    lemma rm_pre{L}: \forall vos_task_t *t;
      rd_tasks && task(t) && t->state == VOS_TASK_READY &&
      rd_levels(\null) && rd_prios(\null) ==>
        t->prio < VOS_CFG_PRIO_LEVELS && rd_level(\null, t->prio) &&
        vos__s.ready[t->prio] != \null &&
        task(t->next) && task(t->prev) &&
        (t->next != t ==> t->prev != t);

*/
#ifndef RD_SET_CODE
/*@
    // The rest of what the remove needs (its and ready.c's contracts).
    lemma rm_sep_d{L}: \forall vos_task_t *t;
      rd_tasks && task(t) && task(t->next) && task(t->prev) &&
      (t->next != t ==> t->prev != t) ==>
        \valid(t) && \separated(t, &vos__s) &&
        \valid(t->next) && \valid(t->prev) &&
        \separated(t->next, &vos__s) && \separated(t->prev, &vos__s) &&
        (t->next != t ==> t->prev != t &&
          \separated(t, t->next) && \separated(t, t->prev) &&
          (t->prev == t->next || \separated(t->prev, t->next)));
    lemma rm_sep_x{L}: \forall vos_task_t *t;
      rd_tasks && task(t) ==> \forall vos_task_t *x; task(x) && x != t ==> \separated(x, t);
*/
#endif
/*@
    lemma rm_sep{L}: \forall vos_task_t *t;
      rd_tasks && task(t) && t->state == VOS_TASK_READY &&
      rd_levels(\null) && rd_prios(\null) ==>
        rd_level(\null, t->prio) &&
        task(t->next) && task(t->prev) && (t->next != t ==> t->prev != t) &&
        \valid(t) && \separated(t, &vos__s) &&
        \valid(t->next) && \valid(t->prev) &&
        \separated(t->next, &vos__s) && \separated(t->prev, &vos__s) &&
        (t->next != t ==> t->prev != t &&
          \separated(t, t->next) && \separated(t, t->prev) &&
          (t->prev == t->next || \separated(t->prev, t->next))) &&
        (\forall vos_task_t *x; task(x) && x != t ==> \separated(x, t));


*/
#ifndef RD_SET_CODE
/*@
    // The remove's clauses one by one (as a call gives them) are ul_fx;
    // the insert's are in_fx.
    lemma rm_ul_fx{L1, L2}: \forall vos_task_t *t;
      RM_FX(L1, L2) ==> ul_fx{L1, L2}(t);
    lemma in_in_fx{L1, L2}: \forall vos_task_t *t;
      keep_tasks{L1, L2} && keep_heads{L1, L2}(\at(t->prio, L1)) &&
      in_next{L1, L2}(t) && in_prev{L1, L2}(t) &&
      in_alone{L1, L2}(t) && in_head{L1, L2}(t) ==> in_fx{L1, L2}(t);

    // After the remove and the priority write: the levels without t.
    lemma rm_lv2{L1, L2}: \forall vos_task_t *t;
      rd_tasks{L1} && task(t) && \at(t->state, L1) == VOS_TASK_READY &&
      rd_levels{L1}(\null) && rd_prios{L1}(\null) && rd_sole{L1}(t) &&
      RM_FX(L1, L2) ==> ul_fx{L1, L2}(t) && rd_levels{L2}(t) && rd_prios{L2}(t);
*/
#endif
/*@
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
