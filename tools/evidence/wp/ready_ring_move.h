/* SPDX-License-Identifier: MIT */
/*
 * world_ring (ready_ring.h: every level one ring) kept by
 * vos__set_eff_prio's READY case (kernel/sched.c; issue 34,
 * docs/evidence.md 2.2 "One ring per level"): t's unlink from its level q
 * (L1 to L2, ul_fx), the priority write (L2 to L3, eff_prio_ready_set.h's
 * pr_fx), then the insert at the tail (in_fx) or at the head (ih_fx) of
 * level p != q (L3 to L4). mv_ring and mv_ring_h state it over the four
 * states, for a caller's goal to need one instance; the steps per level
 * (q: one down, p: one up, any other kept) are the lemmas before them.
 * Proved by run ready_ring_two (ready_ring_two.c). No axiom, no admitted
 * lemma.
 */
#ifndef VAIOS_EVIDENCE_READY_RING_MOVE_H
#define VAIOS_EVIDENCE_READY_RING_MOVE_H

#include "ready_ring_two.h"
#include "eff_prio_ready_set.h"   /* pr_fx */

/* The move's hypotheses: t READY at level q (L1), at level p != q after
 * the priority write (L3); the levels well formed before, and without t
 * at L3 (rm_lv gives it). */
#define MV_HYP(L1, L2, L3) WO_HYP(L1, L2, L3) && rd_levels{L3}(t)

/* The unlink and the priority write only, without the levels at L3
 * (wo_*, ring_wo). */
#define WO_HYP(L1, L2, L3) \
      rd_tasks{L1} && rd_tasks{L2} && rd_tasks{L3} && task(t) && \
      \at(t->state, L1) == VOS_TASK_READY && \
      q == \at(t->prio, L1) && p == \at(t->prio, L3) && p != q && \
      0 <= q < VOS_CFG_PRIO_LEVELS && 0 <= p < VOS_CFG_PRIO_LEVELS && \
      rd_levels{L1}(\null) && rd_prios{L1}(\null) && \
      ul_fx{L1, L2}(t) && pr_fx{L2, L3}(t)

/* Each step's own hypotheses (st1_*, st2_*, st3_*). */
#define K1_HYP(L1, L2) \
      rd_tasks{L1} && task(t) && \at(t->state, L1) == VOS_TASK_READY && \
      q == \at(t->prio, L1) && 0 <= q < VOS_CFG_PRIO_LEVELS && \
      rd_level{L1}(\null, q) && ul_fx{L1, L2}(t)
#define K2_HYP(L2, L3) \
      rd_tasks{L2} && task(t) && pr_fx{L2, L3}(t) && \
      q == \at(t->prio, L2) && p == \at(t->prio, L3) && p != q && \
      0 <= q < VOS_CFG_PRIO_LEVELS && 0 <= p < VOS_CFG_PRIO_LEVELS
#define K3_HYP(L3, L4) \
      rd_tasks{L3} && task(t) && p == \at(t->prio, L3) && 0 <= p < VOS_CFG_PRIO_LEVELS && \
      rd_level{L3}(t, p) && in_next{L3, L4}(t) && in_alone{L3, L4}(t) && \
      keep_tasks{L3, L4} && keep_heads{L3, L4}(p)

/*@ // rg_keep's last step, on its own: from the walk kept (seg_eq).
    lemma rg_fin{L1, L2}: \forall vos_task_t *e1, *e2, integer r, n;
      rd_ring{L1}(e1, r, n) && RH(L1, r) != \null &&
      seg_eq{L1, L2}(RH(L1, r), RH(L2, r), 0, 0, n) && RH(L2, r) == RH(L1, r) &&
      rg_same{L1, L2}(e1, e2, r) ==> rd_ring{L2}(e2, r, n);
    lemma rg_emp{L1, L2}: \forall vos_task_t *e1, *e2, integer r, n;
      rd_ring{L1}(e1, r, n) && RH(L1, r) == \null && RH(L2, r) == \null &&
      rg_same{L1, L2}(e1, e2, r) ==> rd_ring{L2}(e2, r, n);

    // One step at a time, each under the hypotheses it reads: the
    // unlink (st1, K1) keeps every level but q, the priority write (st2,
    // K2) every level's links and heads (t's membership moved from q to
    // p), an insert (st3, K3: either insert's effect, in_fx or ih_fx,
    // gives it) every level but p; q's unlink (mv_q1), p's inserts
    // (mv_p3, mvh_p3).
    lemma st1_kp{L1, L2}: \forall vos_task_t *t, integer q, r, n;
      K1_HYP(L1, L2) && 0 <= r < VOS_CFG_PRIO_LEVELS && r != q &&
      rd_ring{L1}(\null, r, n) && RH(L1, r) != \null ==>
        seg_kept{L1, L2}(RH(L1, r), 0, n) && RH(L2, r) == RH(L1, r);
    lemma st1_eq{L1, L2}: \forall vos_task_t *t, integer q, r, n;
      K1_HYP(L1, L2) && 0 <= r < VOS_CFG_PRIO_LEVELS && r != q &&
      rd_ring{L1}(\null, r, n) && RH(L1, r) != \null ==>
        seg_eq{L1, L2}(RH(L1, r), RH(L2, r), 0, 0, n);
    lemma st1_same{L1, L2}: \forall vos_task_t *t, integer q, r;
      K1_HYP(L1, L2) && 0 <= r < VOS_CFG_PRIO_LEVELS && r != q ==>
        rg_same{L1, L2}(\null, \null, r) && RH(L2, r) == RH(L1, r);
    lemma st1_r{L1, L2}: \forall vos_task_t *t, integer q, r, n;
      K1_HYP(L1, L2) && 0 <= r < VOS_CFG_PRIO_LEVELS && r != q &&
      rd_ring{L1}(\null, r, n) ==> rd_ring{L2}(\null, r, n);
    lemma st2_s{L2, L3}: \forall vos_task_t *t, integer p, q, r;
      K2_HYP(L2, L3) && 0 <= r < VOS_CFG_PRIO_LEVELS ==>
        rg_nk{L2, L3}(t, r) && rg_nk{L2, L3}(\null, r) && RH(L3, r) == RH(L2, r) &&
        (r != q && r != p ==> rg_same{L2, L3}(\null, \null, r)) &&
        rg_same{L2, L3}(t, \null, q) && rg_same{L2, L3}(\null, t, p);
    lemma st2_kp{L2, L3}: \forall vos_task_t *t, *e, integer p, q, r, n;
      K2_HYP(L2, L3) && 0 <= r < VOS_CFG_PRIO_LEVELS &&
      rd_ring{L2}(e, r, n) && RH(L2, r) != \null ==>
        seg_eq{L2, L3}(RH(L2, r), RH(L3, r), 0, 0, n);
    lemma st2_sp{L2, L3}: \forall vos_task_t *t, integer p, q;
      K2_HYP(L2, L3) ==> rg_same{L2, L3}(\null, t, p) && RH(L3, p) == RH(L2, p);
    lemma st2_q{L2, L3}: \forall vos_task_t *t, integer p, q, n;
      K2_HYP(L2, L3) && rd_ring{L2}(t, q, n) ==> rd_ring{L3}(\null, q, n);
    lemma st2_r{L2, L3}: \forall vos_task_t *t, integer p, q, r, n;
      K2_HYP(L2, L3) && 0 <= r < VOS_CFG_PRIO_LEVELS && r != q && r != p &&
      rd_ring{L2}(\null, r, n) ==> rd_ring{L3}(\null, r, n);
    lemma st2_p{L2, L3}: \forall vos_task_t *t, integer p, q, n;
      K2_HYP(L2, L3) && rd_ring{L2}(\null, p, n) ==> rd_ring{L3}(t, p, n);
    lemma st3_kp{L3, L4}: \forall vos_task_t *t, integer p, r, n;
      K3_HYP(L3, L4) && 0 <= r < VOS_CFG_PRIO_LEVELS && r != p &&
      rd_ring{L3}(\null, r, n) && RH(L3, r) != \null ==>
        seg_kept{L3, L4}(RH(L3, r), 0, n) && RH(L4, r) == RH(L3, r);
    lemma st3_eq{L3, L4}: \forall vos_task_t *t, integer p, r, n;
      K3_HYP(L3, L4) && 0 <= r < VOS_CFG_PRIO_LEVELS && r != p &&
      rd_ring{L3}(\null, r, n) && RH(L3, r) != \null ==>
        seg_eq{L3, L4}(RH(L3, r), RH(L4, r), 0, 0, n);
    lemma st3_same{L3, L4}: \forall vos_task_t *t, integer p, r;
      K3_HYP(L3, L4) && 0 <= r < VOS_CFG_PRIO_LEVELS && r != p ==>
        rg_same{L3, L4}(\null, \null, r) && RH(L4, r) == RH(L3, r);
    lemma st3_r{L3, L4}: \forall vos_task_t *t, integer p, r, n;
      K3_HYP(L3, L4) && 0 <= r < VOS_CFG_PRIO_LEVELS && r != p &&
      rd_ring{L3}(\null, r, n) ==> rd_ring{L4}(\null, r, n);
    lemma mv_q1{L1, L2, L3}: \forall vos_task_t *t, integer p, q, n;
      MV_HYP(L1, L2, L3) && rd_ring{L1}(\null, q, n) ==> rd_ring{L2}(t, q, n - 1);
    lemma mv_p3{L1, L2, L3, L4}: \forall vos_task_t *t, integer p, q, n;
      MV_HYP(L1, L2, L3) && in_fx{L3, L4}(t) && rd_ring{L3}(t, p, n) ==>
        rd_ring{L4}(\null, p, n + 1);
    lemma mvh_p3{L1, L2, L3, L4}: \forall vos_task_t *t, integer p, q, n;
      MV_HYP(L1, L2, L3) && ih_fx{L3, L4}(t) && rd_ring{L3}(t, p, n) ==>
        rd_ring{L4}(\null, p, n + 1);
*/

/* The whole move over its four states, the levels q (one down), p (one
 * up) and any other r, one level (LV) and every level (RING), for an
 * insert whose effect is FX: written once for the tail insert (in_fx)
 * and the head insert (ih_fx). */
#define MV_CHAIN(Q, P, R, LV, RING, FX) \
    lemma Q{L1, L2, L3, L4}: \forall vos_task_t *t, integer p, q, n; \
      MV_HYP(L1, L2, L3) && FX{L3, L4}(t) && rd_ring{L1}(\null, q, n) ==> \
        rd_ring{L4}(\null, q, n - 1); \
    lemma P{L1, L2, L3, L4}: \forall vos_task_t *t, integer p, q, n; \
      MV_HYP(L1, L2, L3) && FX{L3, L4}(t) && rd_ring{L1}(\null, p, n) ==> \
        rd_ring{L4}(\null, p, n + 1); \
    lemma R{L1, L2, L3, L4}: \forall vos_task_t *t, integer p, q, r, n; \
      MV_HYP(L1, L2, L3) && FX{L3, L4}(t) && 0 <= r < VOS_CFG_PRIO_LEVELS && \
      r != p && r != q && rd_ring{L1}(\null, r, n) ==> rd_ring{L4}(\null, r, n); \
    lemma LV{L1, L2, L3, L4}: \forall vos_task_t *t, integer p, q, r; \
      MV_HYP(L1, L2, L3) && FX{L3, L4}(t) && 0 <= r < VOS_CFG_PRIO_LEVELS && \
      lv_ring{L1}(r) ==> lv_ring{L4}(r); \
    lemma RING{L1, L2, L3, L4}: \forall vos_task_t *t, integer p, q; \
      MV_HYP(L1, L2, L3) && FX{L3, L4}(t) && world_ring{L1} ==> world_ring{L4};

/*@ MV_CHAIN(mv_q, mv_p, mv_r, mv_lv, mv_ring, in_fx)
    MV_CHAIN(mvh_q, mvh_p, mvh_r, mvh_lv, mv_ring_h, ih_fx)
*/

/*@ // A step keeping rw_keep (t not READY) keeps every level's ring.
    lemma rw_nk{L1, L2}: \forall vos_task_t *t, integer r;
      rd_tasks{L1} && task(t) && \at(t->state, L1) != VOS_TASK_READY &&
      rw_keep{L1, L2}(t) && 0 <= r < VOS_CFG_PRIO_LEVELS ==>
        rg_nk{L1, L2}(\null, r) && rg_same{L1, L2}(\null, \null, r) && RH(L2, r) == RH(L1, r);
    lemma rw_r{L1, L2}: \forall vos_task_t *t, integer r, n;
      rd_tasks{L1} && task(t) && \at(t->state, L1) != VOS_TASK_READY &&
      rw_keep{L1, L2}(t) && 0 <= r < VOS_CFG_PRIO_LEVELS &&
      rd_ring{L1}(\null, r, n) ==> rd_ring{L2}(\null, r, n);
    lemma rw_lv{L1, L2}: \forall vos_task_t *t, integer r;
      rd_tasks{L1} && task(t) && \at(t->state, L1) != VOS_TASK_READY &&
      rw_keep{L1, L2}(t) && 0 <= r < VOS_CFG_PRIO_LEVELS &&
      lv_ring{L1}(r) ==> lv_ring{L2}(r);
*/

/*@ // At an insert's call (after the unlink and the priority write):
    // every level without t one ring (ready_ring.h's world_wo); the
    // lemmas eff_prio_ready_ring uses, ring_wo, ring_in and ring_ih, are in
    // ready_ring_use.h.
    // t, not of priority r, is no member of level r: excluding it or
    // nothing is one ring.
    lemma rr_tn{L}: \forall vos_task_t *t, integer r, n;
      rd_tasks && task(t) && t->prio != r && rd_ring(t, r, n) ==> rd_ring(\null, r, n);
    lemma rr_nt{L}: \forall vos_task_t *t, integer r, n;
      rd_tasks && task(t) && t->prio != r && rd_ring(\null, r, n) ==> rd_ring(t, r, n);
    lemma st2_tt{L2, L3}: \forall vos_task_t *t, integer p, q, n;
      K2_HYP(L2, L3) && rd_ring{L2}(t, q, n) ==> rd_ring{L3}(t, q, n);

    // The unlink and the priority write: every level without t one ring.
    lemma wo_q{L1, L2, L3}: \forall vos_task_t *t, integer p, q, n;
      WO_HYP(L1, L2, L3) && rd_ring{L1}(\null, q, n) ==> rd_ring{L3}(t, q, n - 1);
    lemma wo_p{L1, L2, L3}: \forall vos_task_t *t, integer p, q, n;
      WO_HYP(L1, L2, L3) && rd_ring{L1}(\null, p, n) ==> rd_ring{L3}(t, p, n);
    lemma wo_r{L1, L2, L3}: \forall vos_task_t *t, integer p, q, r, n;
      WO_HYP(L1, L2, L3) && 0 <= r < VOS_CFG_PRIO_LEVELS && r != p && r != q &&
      rd_ring{L1}(\null, r, n) ==> rd_ring{L3}(t, r, n);
    lemma wo_lv{L1, L2, L3}: \forall vos_task_t *t, integer p, q, r;
      WO_HYP(L1, L2, L3) && 0 <= r < VOS_CFG_PRIO_LEVELS && lv_ring{L1}(r) ==> lv_wo{L3}(t, r);
    lemma wo_world{L1, L2, L3}: \forall vos_task_t *t, integer p, q;
      WO_HYP(L1, L2, L3) && world_ring{L1} ==> world_wo{L3}(t);
    // An insert at t's level p: every level one ring after.
    lemma in_lv{L3, L4}: \forall vos_task_t *t, integer p, r;
      K3_HYP(L3, L4) && \at(t->state, L3) == VOS_TASK_READY && in_fx{L3, L4}(t) &&
      0 <= r < VOS_CFG_PRIO_LEVELS && lv_wo{L3}(t, r) ==> lv_ring{L4}(r);
    lemma ih_lv_p{L3, L4}: \forall vos_task_t *t, integer p;
      K3_HYP(L3, L4) && \at(t->state, L3) == VOS_TASK_READY && ih_fx{L3, L4}(t) &&
      lv_wo{L3}(t, p) ==> lv_ring{L4}(p);
    lemma ih_lv_r{L3, L4}: \forall vos_task_t *t, integer p, r;
      K3_HYP(L3, L4) && 0 <= r < VOS_CFG_PRIO_LEVELS && r != p &&
      lv_wo{L3}(t, r) ==> lv_ring{L4}(r);
    lemma ih_lv{L3, L4}: \forall vos_task_t *t, integer p, r;
      K3_HYP(L3, L4) && \at(t->state, L3) == VOS_TASK_READY && ih_fx{L3, L4}(t) &&
      0 <= r < VOS_CFG_PRIO_LEVELS && lv_wo{L3}(t, r) ==> lv_ring{L4}(r);
*/

#endif
