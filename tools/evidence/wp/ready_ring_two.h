/* SPDX-License-Identifier: MIT */
/*
 * The one-ring model's steps as two-state lemmas (issue 34,
 * docs/evidence.md 2.2 "One ring per level"), the form a proof of a
 * caller of the steps can use (a kernel function's proof cannot call
 * ready_ring_lemmas.c's lemma functions): ready_ring.h's rd_ring before,
 * the step's effect between two states (eff_prio_ready.h's ul_fx, in_fx;
 * ready_ring.h's ih_fx), rd_ring after:
 *  - ul_ring: vos__ready_unlink's effect on a READY t of a ring of n at
 *    its level p leaves rd_ring(t, p, n - 1);
 *  - in_ring: vos__ready_insert's effect on a READY t, level p without t
 *    a ring of n, gives rd_ring(null, p, n + 1);
 *  - ih_ring: ready_insert_head's effect, the same with t the head;
 *  - rg_keep: a step that keeps a level's head, members and their next
 *    links keeps its ring;
 *  - world_sole: under world_ring (ready_ring.h: every level one ring,
 *    of some size, lv_ring) every READY task has rd_sole
 *    (ring_sole), what vos__set_eff_prio's READY case requires of t.
 * Their proofs are the lemma functions' (positions before and after),
 * with the one induction they need stated once, ready_ring_seg.h's
 * rn_seg_j (WP's tactic Induction); the rest is first-order, each lemma
 * from those before it (CVC4). Read after ready_ring_seg.h and
 * ready_ring_lemmas.c (rn_next, the position lemmas um_*, at_but, ih_sh,
 * ih_dist, ih_fx_in); ready_ring_move.h composes them for
 * vos__set_eff_prio, ready_ring_use.h states what its proof uses.
 * Proved by run ready_ring_two (ready_ring_two.c). No axiom, no admitted
 * lemma.
 */
#ifndef VAIOS_EVIDENCE_READY_RING_TWO_H
#define VAIOS_EVIDENCE_READY_RING_TWO_H

#include "ready_ring_seg.h"    /* rn_seg, seg_kept, seg_eq */

/* Level P's head and its walk's position J in states L. */
#define RH(L, P)     \at(vos__s.ready[P], L)
#define RW(L, P, J)  rn{L}(\at(vos__s.ready[P], L), (J))



/* The unlink's hypotheses: t at position i of level p's ring of n. */
#define UL_HYP(L1, L2) \
      rd_tasks{L1} && task(t) && 0 <= p < VOS_CFG_PRIO_LEVELS && p == \at(t->prio, L1) && \
      rd_level{L1}(\null, p) && rd_ring{L1}(\null, p, n) && \
      0 <= i < n && RW(L1, p, i) == t && ul_fx{L1, L2}(t)

/*@ // rd_ring's last two parts, named (a lemma's conclusion is then one
    // atom), and rd_ring from its parts.
    predicate rr_mems{L}(vos_task_t *e, integer p, integer m) =
      \forall integer k; 0 <= k < m ==> rd_mem(e, p, rn(vos__s.ready[p], k));
    predicate rr_all{L}(vos_task_t *e, integer p, integer m) =
      \forall vos_task_t *x; rd_mem(e, p, x) ==> rr_at(vos__s.ready[p], m, x);
    lemma rr_intro{L}: \forall vos_task_t *e, integer p, m;
      vos__s.ready[p] != \null && 1 <= m && rn(vos__s.ready[p], m) == vos__s.ready[p] &&
      rr_mems(e, p, m) && rr_dist(vos__s.ready[p], m) && rr_all(e, p, m) ==>
        rd_ring(e, p, m);

    // Before the unlink: the positions' tasks, t's neighbours.
    lemma ul_pos{L1, L2}: \forall vos_task_t *t, integer p, n, i, j;
      UL_HYP(L1, L2) && 0 <= j < n ==>
        rd_mem{L1}(\null, p, RW(L1, p, j)) && task(RW(L1, p, j)) &&
        (RW(L1, p, j) == t <==> j == i);
    lemma ul_nx{L1, L2}: \forall vos_task_t *t, integer p, n, i;
      UL_HYP(L1, L2) ==> RH(L1, p) != \null && \at(t->next, L1) == RW(L1, p, i + 1);
    lemma ul_pv{L1, L2}: \forall vos_task_t *t, integer p, n, i;
      UL_HYP(L1, L2) ==> \at(t->prev, L1) == RW(L1, p, i == 0 ? n - 1 : i - 1);
    lemma ul_pvj{L1, L2}: \forall vos_task_t *t, integer p, n, i, j;
      UL_HYP(L1, L2) && 0 <= j < n ==>
        (RW(L1, p, j) == \at(t->prev, L1) <==> j == (i == 0 ? n - 1 : i - 1));
    // A position but t's and its prev's keeps its next.
    lemma ul_kp{L1, L2}: \forall vos_task_t *t, integer p, n, i, j;
      UL_HYP(L1, L2) && 2 <= n && 0 <= j < n && j != i && j != (i == 0 ? n - 1 : i - 1) ==>
        \at(RW(L1, p, j)->next, L2) == \at(RW(L1, p, j)->next, L1);
    lemma ul_kp_lo{L1, L2}: \forall vos_task_t *t, integer p, n, i;
      UL_HYP(L1, L2) && 2 <= n && 1 <= i ==> seg_kept{L1, L2}(RH(L1, p), 0, i - 1);
    lemma ul_kp_hi{L1, L2}: \forall vos_task_t *t, integer p, n, i;
      UL_HYP(L1, L2) && 2 <= n && 1 <= i ==> seg_kept{L1, L2}(RH(L1, p), i + 1, n - 1 - i);
    lemma ul_kp_0{L1, L2}: \forall vos_task_t *t, integer p, n, i;
      UL_HYP(L1, L2) && 2 <= n && i == 0 ==> seg_kept{L1, L2}(RH(L1, p), 1, n - 2);
    // The head after.
    lemma ul_h2{L1, L2}: \forall vos_task_t *t, integer p, n, i;
      UL_HYP(L1, L2) && 2 <= n ==>
        RH(L2, p) == (i == 0 ? RW(L1, p, 1) : RH(L1, p));
    // The positions after: below i kept, the others one down.
    lemma ul_lo{L1, L2}: \forall vos_task_t *t, integer p, n, i;
      UL_HYP(L1, L2) && 2 <= n && 1 <= i ==> seg_eq{L1, L2}(RH(L1, p), RH(L2, p), 0, 0, i - 1);
    lemma ul_mid{L1, L2}: \forall vos_task_t *t, integer p, n, i;
      UL_HYP(L1, L2) && 2 <= n && 1 <= i ==> RW(L2, p, i) == RW(L1, p, i + 1);
    lemma ul_hi{L1, L2}: \forall vos_task_t *t, integer p, n, i;
      UL_HYP(L1, L2) && 2 <= n && 1 <= i ==> seg_eq{L1, L2}(RH(L1, p), RH(L2, p), i + 1, i, n - 1 - i);
    lemma ul_hi0{L1, L2}: \forall vos_task_t *t, integer p, n, i;
      UL_HYP(L1, L2) && 2 <= n && i == 0 ==> seg_eq{L1, L2}(RH(L1, p), RH(L2, p), 1, 0, n - 2);
    lemma ul_um{L1, L2}: \forall vos_task_t *t, integer p, n, i;
      UL_HYP(L1, L2) && 2 <= n ==>
        um_lo{L1, L2}(RH(L1, p), RH(L2, p), n, i) && um_hi{L1, L2}(RH(L1, p), RH(L2, p), n, i);
    lemma ul_last{L1, L2}: \forall vos_task_t *t, integer p, n, i;
      UL_HYP(L1, L2) && 2 <= n ==> RW(L2, p, n - 1) == RH(L2, p);
*/

/*@ // After the unlink: the ring without t, of n - 1.
    lemma ul_fu{L1, L2}: \forall vos_task_t *t, integer p, n, i, k;
      UL_HYP(L1, L2) && 2 <= n && 0 <= k < n - 1 ==>
        RW(L2, p, k) == RW(L1, p, k < i ? k : k + 1) &&
        (k < i ? k : k + 1) != i && 0 <= (k < i ? k : k + 1) < n;
    lemma ul_dist{L1, L2}: \forall vos_task_t *t, integer p, n, i;
      UL_HYP(L1, L2) && 2 <= n ==> rr_dist{L2}(RH(L2, p), n - 1);
    lemma ul_mem2{L1, L2}: \forall vos_task_t *t, integer p, n, i, k;
      UL_HYP(L1, L2) && 2 <= n && 0 <= k < n - 1 ==> rd_mem{L2}(t, p, RW(L2, p, k));
    lemma ul_memx{L1, L2}: \forall vos_task_t *t, integer p, n, i, vos_task_t *x;
      UL_HYP(L1, L2) && rd_mem{L2}(t, p, x) ==> x != t && rd_mem{L1}(\null, p, x);
    lemma ul_at{L1, L2}: \forall vos_task_t *t, integer p, n, i, vos_task_t *x;
      UL_HYP(L1, L2) && 2 <= n && rd_mem{L2}(t, p, x) ==> rr_at{L2}(RH(L2, p), n - 1, x);
    lemma ul_one{L1, L2}: \forall vos_task_t *t, integer p, n, i;
      UL_HYP(L1, L2) && n == 1 ==> rd_ring{L2}(t, p, 0);
    lemma ul_ring_i{L1, L2}: \forall vos_task_t *t, integer p, n, i;
      UL_HYP(L1, L2) ==> rd_ring{L2}(t, p, n - 1);
    // t's position before.
    lemma ul_i{L1}: \forall vos_task_t *t, integer p, n;
      rd_tasks{L1} && task(t) && 0 <= p < VOS_CFG_PRIO_LEVELS && p == \at(t->prio, L1) &&
      \at(t->state, L1) == VOS_TASK_READY &&
      rd_level{L1}(\null, p) && rd_ring{L1}(\null, p, n) ==>
        \exists integer i; 0 <= i < n && RW(L1, p, i) == t;
    // The caller's form: t READY at its level p, a ring of n.
    lemma ul_ring{L1, L2}: \forall vos_task_t *t, integer p, n;
      rd_tasks{L1} && task(t) && 0 <= p < VOS_CFG_PRIO_LEVELS && p == \at(t->prio, L1) &&
      \at(t->state, L1) == VOS_TASK_READY &&
      rd_level{L1}(\null, p) && rd_ring{L1}(\null, p, n) && ul_fx{L1, L2}(t) ==>
        rd_ring{L2}(t, p, n - 1);
*/

/* The inserts' hypotheses: t READY of priority p, level p without t a
 * ring of n; the tail insert's effect (IN_HYP) or the head insert's
 * (IH_HYP). */
#define INS_HYP(L1) \
      rd_tasks{L1} && task(t) && \at(t->state, L1) == VOS_TASK_READY && \
      0 <= p < VOS_CFG_PRIO_LEVELS && p == \at(t->prio, L1) && \
      rd_level{L1}(t, p) && rd_ring{L1}(t, p, n)
#define IN_HYP(L1, L2) INS_HYP(L1) && in_fx{L1, L2}(t)
#define IH_HYP(L1, L2) INS_HYP(L1) && ih_fx{L1, L2}(t)

/*@ // Before an insert: the positions' tasks; the tail.
    lemma ins_pos{L1}: \forall vos_task_t *t, integer p, n, j;
      INS_HYP(L1) && 1 <= n && 0 <= j < n ==>
        rd_mem{L1}(t, p, RW(L1, p, j)) && task(RW(L1, p, j)) && RW(L1, p, j) != t;
    lemma ins_tail{L1}: \forall vos_task_t *t, integer p, n;
      INS_HYP(L1) && 1 <= n ==>
        RH(L1, p) != \null && \at(RH(L1, p)->prev, L1) == RW(L1, p, n - 1);
    lemma ins_tl{L1}: \forall vos_task_t *t, integer p, n, j;
      INS_HYP(L1) && 1 <= n && 0 <= j < n ==>
        (RW(L1, p, j) == \at(RH(L1, p)->prev, L1) <==> j == n - 1);
    lemma ins_at{L1}: \forall vos_task_t *t, integer p, n, vos_task_t *x;
      INS_HYP(L1) && rd_mem{L1}(t, p, x) ==> 1 <= n && rr_at{L1}(RH(L1, p), n, x);
    lemma ins_memx{L1, L2}: \forall vos_task_t *t, integer p, n, vos_task_t *x;
      INS_HYP(L1) && keep_tasks{L1, L2} && rd_mem{L2}(\null, p, x) && x != t ==>
        rd_mem{L1}(t, p, x);

    // The tail insert: positions 0 .. n-1 kept, t at n, the head at n + 1.
    lemma in_kp{L1, L2}: \forall vos_task_t *t, integer p, n;
      IN_HYP(L1, L2) && 1 <= n ==> seg_kept{L1, L2}(RH(L1, p), 0, n - 1);
    lemma in_lo{L1, L2}: \forall vos_task_t *t, integer p, n;
      IN_HYP(L1, L2) && 1 <= n ==>
        RH(L2, p) == RH(L1, p) && seg_eq{L1, L2}(RH(L1, p), RH(L2, p), 0, 0, n - 1);
    lemma in_t{L1, L2}: \forall vos_task_t *t, integer p, n;
      IN_HYP(L1, L2) && 1 <= n ==> RW(L2, p, n) == t && RW(L2, p, n + 1) == RH(L2, p);
    lemma in_dist{L1, L2}: \forall vos_task_t *t, integer p, n;
      IN_HYP(L1, L2) && 1 <= n ==> rr_dist{L2}(RH(L2, p), n + 1);
    lemma in_fk{L1, L2}: \forall vos_task_t *t, integer p, n, k;
      IN_HYP(L1, L2) && 1 <= n && 0 <= k < n ==>
        RW(L2, p, k) == RW(L1, p, k) && rd_mem{L1}(t, p, RW(L1, p, k));
    lemma mem_kt{L1, L2}: \forall vos_task_t *e, *x, integer p;
      rd_tasks{L1} && rd_mem{L1}(e, p, x) && keep_tasks{L1, L2} ==>
        rd_mem{L2}(e, p, x) && rd_mem{L2}(\null, p, x);
    lemma in_mem_lo{L1, L2}: \forall vos_task_t *t, integer p, n, k;
      IN_HYP(L1, L2) && 1 <= n && 0 <= k < n ==> rd_mem{L2}(\null, p, RW(L2, p, k));
    lemma in_mem_t{L1, L2}: \forall vos_task_t *t, integer p, n;
      IN_HYP(L1, L2) ==> rd_mem{L2}(\null, p, t);
    lemma in_mem2{L1, L2}: \forall vos_task_t *t, integer p, n;
      IN_HYP(L1, L2) && 1 <= n ==> rr_mems{L2}(\null, p, n + 1);
    lemma in_at_j{L1, L2}: \forall vos_task_t *t, integer p, n, j;
      IN_HYP(L1, L2) && 1 <= n && 0 <= j < n ==> rr_at{L2}(RH(L2, p), n + 1, RW(L1, p, j));
    lemma in_at_x{L1, L2}: \forall vos_task_t *t, integer p, n, vos_task_t *x;
      IN_HYP(L1, L2) && 1 <= n && rd_mem{L1}(t, p, x) ==> rr_at{L2}(RH(L2, p), n + 1, x);
    lemma in_at{L1, L2}: \forall vos_task_t *t, integer p, n, vos_task_t *x;
      IN_HYP(L1, L2) && 1 <= n && rd_mem{L2}(\null, p, x) ==> rr_at{L2}(RH(L2, p), n + 1, x);
    lemma in_all{L1, L2}: \forall vos_task_t *t, integer p, n;
      IN_HYP(L1, L2) && 1 <= n ==> rr_all{L2}(\null, p, n + 1);
    lemma in_one{L1, L2}: \forall vos_task_t *t, integer p, n;
      IN_HYP(L1, L2) && n == 0 ==> rd_ring{L2}(\null, p, 1);
    lemma in_ring1{L1, L2}: \forall vos_task_t *t, integer p, n;
      IN_HYP(L1, L2) && 1 <= n ==> rd_ring{L2}(\null, p, n + 1);
    lemma in_ring{L1, L2}: \forall vos_task_t *t, integer p, n;
      IN_HYP(L1, L2) ==> rd_ring{L2}(\null, p, n + 1);

    // The head insert: t at 0, position k + 1 the position k before.
    lemma ih_kp{L1, L2}: \forall vos_task_t *t, integer p, n;
      IH_HYP(L1, L2) && 1 <= n ==> seg_kept{L1, L2}(RH(L1, p), 0, n - 1);
    lemma ih_hi{L1, L2}: \forall vos_task_t *t, integer p, n;
      IH_HYP(L1, L2) && 1 <= n ==>
        RH(L2, p) == t && RW(L2, p, 1) == RH(L1, p) &&
        seg_eq{L1, L2}(RH(L1, p), RH(L2, p), 0, 1, n - 1);
    lemma ih_last{L1, L2}: \forall vos_task_t *t, integer p, n;
      IH_HYP(L1, L2) && 1 <= n ==> RW(L2, p, n + 1) == RH(L2, p);
    lemma ih_shp{L1, L2}: \forall vos_task_t *t, integer p, n;
      IH_HYP(L1, L2) && 1 <= n ==>
        ih_sh{L1, L2}(RH(L1, p), RH(L2, p), t, n) && RW(L2, p, 0) == t;
    lemma ih_dist2{L1, L2}: \forall vos_task_t *t, integer p, n;
      IH_HYP(L1, L2) && 1 <= n ==> rr_dist{L2}(RH(L2, p), n + 1);
    lemma ih_fk{L1, L2}: \forall vos_task_t *t, integer p, n, k;
      IH_HYP(L1, L2) && 1 <= n && 0 <= k < n ==>
        RW(L2, p, k + 1) == RW(L1, p, k) && rd_mem{L1}(t, p, RW(L1, p, k));
    lemma ih_fk0{L1, L2}: \forall vos_task_t *t, integer p, n, k;
      IH_HYP(L1, L2) && 1 <= n && 1 <= k < n + 1 ==>
        RW(L2, p, k) == RW(L1, p, k - 1) && rd_mem{L1}(t, p, RW(L1, p, k - 1));
    lemma ih_mem2{L1, L2}: \forall vos_task_t *t, integer p, n, k;
      IH_HYP(L1, L2) && 1 <= n && 0 <= k < n + 1 ==> rd_mem{L2}(\null, p, RW(L2, p, k));
    lemma ih_mems{L1, L2}: \forall vos_task_t *t, integer p, n;
      IH_HYP(L1, L2) && 1 <= n ==> rr_mems{L2}(\null, p, n + 1);
    lemma ih_at_j{L1, L2}: \forall vos_task_t *t, integer p, n, j;
      IH_HYP(L1, L2) && 1 <= n && 0 <= j < n ==> rr_at{L2}(RH(L2, p), n + 1, RW(L1, p, j));
    lemma ih_at_x{L1, L2}: \forall vos_task_t *t, integer p, n, vos_task_t *x;
      IH_HYP(L1, L2) && 1 <= n && rd_mem{L1}(t, p, x) ==> rr_at{L2}(RH(L2, p), n + 1, x);
    lemma ih_at_t{L1, L2}: \forall vos_task_t *t, integer p, n;
      IH_HYP(L1, L2) && 1 <= n ==> rr_at{L2}(RH(L2, p), n + 1, t);
    lemma ih_at{L1, L2}: \forall vos_task_t *t, integer p, n, vos_task_t *x;
      IH_HYP(L1, L2) && 1 <= n && rd_mem{L2}(\null, p, x) ==> rr_at{L2}(RH(L2, p), n + 1, x);
    lemma ih_all{L1, L2}: \forall vos_task_t *t, integer p, n;
      IH_HYP(L1, L2) && 1 <= n ==> rr_all{L2}(\null, p, n + 1);
    lemma ih_one{L1, L2}: \forall vos_task_t *t, integer p, n;
      IH_HYP(L1, L2) && n == 0 ==> rd_ring{L2}(\null, p, 1) && RH(L2, p) == t;
    lemma ih_ring1{L1, L2}: \forall vos_task_t *t, integer p, n;
      IH_HYP(L1, L2) && 1 <= n ==> rd_ring{L2}(\null, p, n + 1) && RH(L2, p) == t;
    lemma ih_ring{L1, L2}: \forall vos_task_t *t, integer p, n;
      IH_HYP(L1, L2) ==> rd_ring{L2}(\null, p, n + 1) && RH(L2, p) == t;
*/

/*@ // A level's ring kept by a step that keeps its head, its members (e1
    // before, e2 after excluded) and their next links.
    predicate rg_nk{L1, L2}(vos_task_t *e, integer r) =
      \forall vos_task_t *x; rd_mem{L1}(e, r, x) ==> \at(x->next, L2) == \at(x->next, L1);
    predicate rg_same{L1, L2}(vos_task_t *e1, vos_task_t *e2, integer r) =
      \forall vos_task_t *x; rd_mem{L2}(e2, r, x) <==> rd_mem{L1}(e1, r, x);
    lemma rg_kp{L1, L2}: \forall vos_task_t *e1, integer r, n;
      rd_ring{L1}(e1, r, n) && RH(L1, r) != \null && rg_nk{L1, L2}(e1, r) ==>
        seg_kept{L1, L2}(RH(L1, r), 0, n);
    lemma rg_eq{L1, L2}: \forall vos_task_t *e1, integer r, n;
      rd_ring{L1}(e1, r, n) && RH(L1, r) != \null && rg_nk{L1, L2}(e1, r) &&
      RH(L2, r) == RH(L1, r) ==> seg_eq{L1, L2}(RH(L1, r), RH(L2, r), 0, 0, n);
    lemma rg_keep{L1, L2}: \forall vos_task_t *e1, *e2, integer r, n;
      rd_ring{L1}(e1, r, n) && RH(L2, r) == RH(L1, r) &&
      rg_nk{L1, L2}(e1, r) && rg_same{L1, L2}(e1, e2, r) ==>
        rd_ring{L2}(e2, r, n);

    lemma ring_sole2{L}: \forall vos_task_t *x;
      rd_mem(\null, x->prio, x) && lv_ring(x->prio) ==> rd_sole(x);
    lemma w_t1{L}: \forall vos_task_t *x;
      rd_tasks && task(x) ==> x != \null;
    lemma w_t2{L}: \forall vos_task_t *x;
      rd_tasks && rd_prios(\null) && task(x) && x->state == VOS_TASK_READY ==> x->prio < VOS_CFG_PRIO_LEVELS;
    lemma w_t3{L}: \forall vos_task_t *x;
      world_ring && 0 <= x->prio < VOS_CFG_PRIO_LEVELS ==> lv_ring(x->prio);
    lemma w_t4{L}: \forall vos_task_t *x;
      world_ring && rd_tasks && rd_prios(\null) && task(x) && x->state == VOS_TASK_READY &&
      0 <= x->prio ==> lv_ring(x->prio) && rd_mem(\null, x->prio, x);
    // So every READY task has rd_sole (ring_sole).
    lemma lv_sole{L}: \forall vos_task_t *x, *y;
      lv_ring(x->prio) && rd_mem(\null, x->prio, x) && x->next == x &&
      rd_mem(\null, x->prio, y) ==> y == x;
    lemma world_sole2{L}: \forall vos_task_t *x, *y;
      world_ring && rd_tasks && rd_prios(\null) && task(x) && x->state == VOS_TASK_READY &&
      0 <= x->prio && x->next == x && rd_mem(\null, x->prio, y) ==> y == x;
    lemma world_sole{L}: \forall vos_task_t *x;
      world_ring && rd_tasks && rd_prios(\null) && task(x) && x->state == VOS_TASK_READY &&
      0 <= x->prio ==> rd_sole(x);
*/

#endif
