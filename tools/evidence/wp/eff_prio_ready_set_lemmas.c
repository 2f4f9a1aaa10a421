/* SPDX-License-Identifier: MIT */
/*
 * The lemma run of vos__set_eff_prio's READY case (run
 * eff_prio_ready_set_lemmas; issue 34, docs/evidence.md "The ready
 * levels"): every lemma of the ready levels, each after those it is
 * proved from: the model's (eff_prio_ready.c), ready_insert_head's
 * (eff_prio_ready_head.h), the lemmas below, which only prove other
 * lemmas (lv_keep_e/_h/_l, mem_keep, lnk_keep, lv_keep_at for lv_keep;
 * rm_pre_at, lv_t for rm_pre; rm_sep_d, rm_sep_x for rm_sep; rm_ul_fx,
 * in_in_fx, rm_lv2 for rm_lv and rm_in_ok), then
 * tools/evidence/wp/eff_prio_ready_set.c's (with behavior ready's
 * contract). The code run (eff_prio_ready_set) reads
 * eff_prio_ready_set.c without this file: every lemma is an axiom in
 * every goal's context and slows CVC4 down (eff_prio_ready_set.c's
 * header). eff_prio_all.c includes this file (every lemma, and behavior
 * ready's contract). Lemmas only: no axiom, no assumption beyond the
 * files included.
 */
#include "eff_prio_ready_head.c"   /* the model, its lemmas, ready_insert_head's */
#include "eff_prio_ready_set.h"    /* RM_FX, pr_fx, RD_SET_HYP, LV_KEEP_HYP */

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
/*@
    // The rest of what the remove needs (its and ready.c's contracts).
    lemma rm_sep_d{L}: \forall vos_task_t *t;
      rd_tasks && task(t) && task(t->next) && task(t->prev) &&
      (t->next != t ==> t->prev != t) ==>
        \valid(t) && \separated(t, &vos__s) &&
        \valid(t->next) && \valid(t->prev) &&
        \separated(t->next, &vos__s) && \separated(t->prev, &vos__s) &&
        RD_NB_APART(t);
    lemma rm_sep_x{L}: \forall vos_task_t *t;
      rd_tasks && task(t) ==> \forall vos_task_t *x; task(x) && x != t ==> \separated(x, t);
*/
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

#include "eff_prio_ready_set.c"    /* the lemmas they prove; behavior ready */
