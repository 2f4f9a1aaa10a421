/* SPDX-License-Identifier: MIT */
/*
 * The one-ring model's basic lemmas (ready_ring.h; issue 34,
 * docs/evidence.md 2.2); run ready_ring_lemmas proves the logic lemmas,
 * run ready_ring_proofs the lemma functions (the lemmas their hypotheses):
 *  - rn_next: the k+1-th next is the k-th's next (the ring's reach from
 *    the head closed under next);
 *  - ring_sole: a member of a one-ring level with next == itself is
 *    alone at its level (rd_sole, what ready's case of
 *    vos__set_eff_prio requires of t);
 *  - ring_unlink_proof: vos__ready_unlink's effect (ul_fx, eff_prio_ready.h)
 *    on t at rn(head, i) of a ring of n keeps one ring of n - 1 (the level
 *    without t);
 *  - ring_insert_proof: vos__ready_insert's effect (in_fx) on t, not at
 *    its level's ring of n, makes one ring of n + 1 (t at the tail);
 *  - ring_insert_head_proof: ready_insert_head's effect (ih_fx: kernel/
 *    sched.c's ready_insert_head is vos__ready_insert(t) then
 *    vos__ready[t->prio] = t; the lemma ih_fx_in proves ih_fx from in_fx
 *    and that head write with nothing else written) on t, not at its
 *    level's ring of n, makes one ring of n + 1 with t its head (the ring
 *    rotated: t at position 0, the old positions one up); ih_sh and the
 *    lemmas ih_d_lo, ih_d_hi, ih_dist give its positions distinct.
 * The last three are lemma functions (ghost-like C functions WP proves):
 * each first "calls" a step whose
 * contract is only the step's effect over the links, heads, states and
 * priorities it may write (ring_unlink_step, ring_insert_step,
 * ring_insert_head_step: declared, never defined, so Pre and the state
 * after are any two states the effect relates), then proves the ring
 * after by a loop over the ring's positions (the induction the provers
 * do not do themselves).
 * A kernel function's proof cannot call these lemma functions:
 * ready_ring_two.h states what they prove as two-state lemmas (with one
 * induction, ready_ring_seg.h's rn_seg_j), which vos__set_eff_prio's
 * proofs use (eff_prio_ready_ring, eff_prio_all_ring; docs/evidence.md
 * 2.2, "One ring per level").
 * No axiom, no admitted lemma.
 */
#include "ready_ring.h"

/*@ lemma rn_next{L}: \forall vos_task_t *x, integer k;
      k >= 0 ==> rn(x, k + 1) == rn(x, k)->next;
    lemma rn_zero{L}: \forall vos_task_t *x; rn(x, 0) == x;

    // t alone in its ring is alone at a one-ring level: t at position i,
    // t->next == t puts t at i + 1 too, so i is the last position n - 1
    // (the positions below n are distinct), the head (position n) is t,
    // and n is 1 (positions 0 and n - 1).
    lemma sole_last{L}: \forall vos_task_t *h, *t, integer n, integer i;
      rr_dist(h, n) && 0 <= i < n && rn(h, i) == t && t->next == t ==> i == n - 1;
    lemma sole_head{L}: \forall vos_task_t *h, *t, integer n;
      1 <= n && rn(h, n) == h && rn(h, n - 1) == t && t->next == t ==> h == t;
    lemma sole_two{L}: \forall vos_task_t *h, integer n;
      rr_dist(h, n) && 2 <= n ==> rn(h, 0) != rn(h, n - 1);
    lemma sole_h{L}: \forall vos_task_t *h, *t, integer n, integer i;
      rr_dist(h, n) && 1 <= n && rn(h, n) == h &&
      0 <= i < n && rn(h, i) == t && t->next == t ==> n == 1 && h == t;
    lemma ring_sole_n{L}: \forall vos_task_t *t, integer n, integer i;
      rd_ring(\null, t->prio, n) && vos__s.ready[t->prio] != \null &&
      0 <= i < n && rn(vos__s.ready[t->prio], i) == t && t->next == t ==>
        n == 1 && vos__s.ready[t->prio] == t;
    lemma ring_sole{L}: \forall vos_task_t *t, integer n;
      rd_mem(\null, t->prio, t) && rd_ring(\null, t->prio, n) ==> rd_sole(t);
*/

/*@ // After t's unlink (t at position i of n): positions below i kept,
    // the others one down (ring_unlink_proof's loop).
    predicate um_lo{L1, L2}(vos_task_t *h1, vos_task_t *h2, integer n, integer i) =
      \forall integer j; 0 <= j < n - 1 && j < i ==> rn{L2}(h2, j) == rn{L1}(h1, j);
    predicate um_hi{L1, L2}(vos_task_t *h1, vos_task_t *h2, integer n, integer i) =
      \forall integer j; i <= j < n - 1 ==> rn{L2}(h2, j) == rn{L1}(h1, j + 1);
    // Every position but i has one after; distinct positions stay distinct.
    lemma um_mem_lo{L1, L2}: \forall vos_task_t *h1, *h2, integer n, integer i, integer j;
      um_lo{L1, L2}(h1, h2, n, i) && 0 <= i < n && 0 <= j < i ==>
        rn{L2}(h2, j) == rn{L1}(h1, j);
    lemma um_mem_hi{L1, L2}: \forall vos_task_t *h1, *h2, integer n, integer i, integer j;
      um_hi{L1, L2}(h1, h2, n, i) && 0 <= i < j < n ==>
        rn{L2}(h2, j - 1) == rn{L1}(h1, j);
    lemma um_mem{L1, L2}: \forall vos_task_t *h1, *h2, integer n, integer i, integer j;
      um_lo{L1, L2}(h1, h2, n, i) && um_hi{L1, L2}(h1, h2, n, i) &&
      0 <= i < n && 0 <= j < n && j != i ==>
        0 <= (j < i ? j : j - 1) < n - 1 && rn{L2}(h2, j < i ? j : j - 1) == rn{L1}(h1, j);
    lemma ud_lo{L1, L2}: \forall vos_task_t *h1, *h2, integer n, integer i, integer a, integer b;
      um_lo{L1, L2}(h1, h2, n, i) && rr_dist{L1}(h1, n) &&
      0 <= a < b < n - 1 && b < i ==> rn{L2}(h2, a) != rn{L2}(h2, b);
    lemma ud_mid{L1, L2}: \forall vos_task_t *h1, *h2, integer n, integer i, integer a, integer b;
      um_lo{L1, L2}(h1, h2, n, i) && um_hi{L1, L2}(h1, h2, n, i) && rr_dist{L1}(h1, n) &&
      0 <= a < i <= b < n - 1 ==> rn{L2}(h2, a) != rn{L2}(h2, b);
    lemma ud_hi{L1, L2}: \forall vos_task_t *h1, *h2, integer n, integer i, integer a, integer b;
      um_hi{L1, L2}(h1, h2, n, i) && rr_dist{L1}(h1, n) &&
      0 <= i <= a < b < n - 1 ==> rn{L2}(h2, a) != rn{L2}(h2, b);
    lemma um_dist{L1, L2}: \forall vos_task_t *h1, *h2, integer n, integer i;
      um_lo{L1, L2}(h1, h2, n, i) && um_hi{L1, L2}(h1, h2, n, i) &&
      rr_dist{L1}(h1, n) && 0 <= i < n ==>
        \forall integer a, b; 0 <= a < b < n - 1 ==>
          (b < i || a < i <= b || i <= a) && rn{L2}(h2, a) != rn{L2}(h2, b);
    lemma um_rd{L1, L2}: \forall vos_task_t *h1, *h2, integer n, integer i;
      um_lo{L1, L2}(h1, h2, n, i) && um_hi{L1, L2}(h1, h2, n, i) &&
      rr_dist{L1}(h1, n) && 0 <= i < n ==> rr_dist{L2}(h2, n - 1);
    lemma at_but{L}: \forall vos_task_t *h, *t, *x, integer n, integer i;
      rr_at(h, n, x) && rn(h, i) == t && x != t ==> rr_at_but(h, n, i, x);
    lemma um_ex{L1, L2}: \forall vos_task_t *h1, *h2, integer n, integer i, vos_task_t *x;
      um_lo{L1, L2}(h1, h2, n, i) && um_hi{L1, L2}(h1, h2, n, i) && 0 <= i < n &&
      rr_at_but{L1}(h1, n, i, x) ==> rr_at{L2}(h2, n - 1, x);
*/

/*@ // After t's head insert (t at position 0, position k the position
    // k - 1 before): distinct positions (ring_insert_head_proof).
    predicate ih_sh{L1, L2}(vos_task_t *h1, vos_task_t *h2, vos_task_t *t, integer n) =
      \forall integer k; 1 <= k <= n ==>
        rn{L2}(h2, k) == rn{L1}(h1, k - 1) && rn{L1}(h1, k - 1) != t;
    lemma ih_d_lo{L1, L2}: \forall vos_task_t *h1, *h2, *t, integer n, integer b;
      ih_sh{L1, L2}(h1, h2, t, n) && rn{L2}(h2, 0) == t && 1 <= b <= n ==>
        rn{L2}(h2, 0) != rn{L2}(h2, b);
    lemma ih_d_hi{L1, L2}: \forall vos_task_t *h1, *h2, *t, integer n, integer a, integer b;
      ih_sh{L1, L2}(h1, h2, t, n) && rr_dist{L1}(h1, n) && 1 <= a < b <= n ==>
        rn{L2}(h2, a) != rn{L2}(h2, b);
    lemma ih_dist{L1, L2}: \forall vos_task_t *h1, *h2, *t, integer n;
      ih_sh{L1, L2}(h1, h2, t, n) && rr_dist{L1}(h1, n) && rn{L2}(h2, 0) == t ==>
        rr_dist{L2}(h2, n + 1);
*/

/* The steps' effects (eff_prio_ready.h's ul_fx and in_fx; the contracts
 * of vos__ready_unlink and vos__ready_insert there, proved by run
 * eff_prio_ready, give their clauses one by one). */
/*@ requires task(t);
    assigns vos__s, {x->next | vos_task_t *x; task(x)}, {x->prev | vos_task_t *x; task(x)},
            {x->state | vos_task_t *x; task(x)}, {x->prio | vos_task_t *x; task(x)};
    ensures ul_fx{Pre, Post}(t);
*/
void ring_unlink_step(vos_task_t *t);

/*@ requires task(t);
    assigns vos__s, {x->next | vos_task_t *x; task(x)}, {x->prev | vos_task_t *x; task(x)},
            {x->state | vos_task_t *x; task(x)}, {x->prio | vos_task_t *x; task(x)};
    ensures in_fx{Pre, Post}(t);
*/
void ring_insert_step(vos_task_t *t);

/*@ // ready_insert_head(t) (kernel/sched.c): vos__ready_insert(t), then
    // vos__ready[t->prio] = t. Its effect over the two steps: in_fx's,
    // but t the head after in a level that had one (ih_head in place of
    // in_head); ih_fx_in proves it from the insert's effect (in_fx) and
    // the head's write with nothing else written (the hypotheses
    // eff_prio_ready_head.h's ih_ok0 states of the two steps). ih_head
    // and ih_fx are defined in ready_ring.h.
    lemma ih_fx_in{L1, L2, L3}: \forall vos_task_t *t;
      rd_tasks{L1} && task(t) && in_fx{L1, L2}(t) &&
      \at(vos__s.ready[\at(t->prio, L1)], L3) == t &&
      keep_tasks{L2, L3} && keep_links{L2, L3}(\null) &&
      keep_heads{L2, L3}(\at(t->prio, L1)) ==>
        ih_fx{L1, L3}(t);
*/

/*@ requires task(t);
    assigns vos__s, {x->next | vos_task_t *x; task(x)}, {x->prev | vos_task_t *x; task(x)},
            {x->state | vos_task_t *x; task(x)}, {x->prio | vos_task_t *x; task(x)};
    ensures ih_fx{Pre, Post}(t);
*/
void ring_insert_head_step(vos_task_t *t);

/* In the proofs below: the head and position j before (H1, R1) and
 * after (H2, R2); FU(j), the position before of position j after t's
 * unlink (t at i). */
#define H1      \at(vos__s.ready[p], Pre)
#define R1(J)   \at(rn(vos__s.ready[p], (J)), Pre)
#define H2      vos__s.ready[p]
#define R2(J)   rn(vos__s.ready[p], (J))
#define FU(J)   ((J) < i ? (J) : (J) + 1)
#define NX1(X)  \at((X)->next, Pre)

/* Unlink: position j of the ring after is position j (j < i) or j + 1
 * (j >= i) of the ring before; t's prev is position i - 1 (n - 1 when t
 * is the head). */
/*@ requires rd_tasks && task(t);
    requires 0 <= p < VOS_CFG_PRIO_LEVELS && p == t->prio;
    requires rd_level(\null, p) && rd_ring(\null, p, n);
    requires 0 <= i < n && rn(vos__s.ready[p], i) == t;
    assigns vos__s, {x->next | vos_task_t *x; task(x)}, {x->prev | vos_task_t *x; task(x)},
            {x->state | vos_task_t *x; task(x)}, {x->prio | vos_task_t *x; task(x)};
    ensures ru_ring: rd_ring(t, p, n - 1);
*/
void ring_unlink_proof(vos_task_t *t, int p, int n, int i)
{
    /*@ assert ru_h: vos__s.ready[p] != \null; */
    /*@ assert ru_at: \forall vos_task_t *x; rd_mem(\null, p, x) ==> rr_at(vos__s.ready[p], n, x); */
    /*@ assert ru_next: t->next == rn(vos__s.ready[p], i + 1); */
    /*@ assert ru_prev: t->prev == rn(vos__s.ready[p], i == 0 ? n - 1 : i - 1); */
    ring_unlink_step(t);
    /*@ assert ru_ks: \forall vos_task_t *x; task(x) ==>
          x->state == \at(x->state, Pre) && x->prio == \at(x->prio, Pre); */
    if (n >= 2) {
        /*@ assert ru_nn: \at(t->next, Pre) != t; */
        /*@ assert ru_nx: \forall vos_task_t *x; task(x) && x != t ==>
              x->next == (x == \at(t->prev, Pre) ? \at(t->next, Pre) : \at(x->next, Pre)); */
        /*@ assert ru_h2: H2 == R1(i == 0 ? 1 : 0); */
        /*@ loop invariant 0 <= k <= n - 2;
            loop invariant ru_pos: \forall integer j; 0 <= j <= k ==> R2(j) == R1(FU(j));
            loop assigns k;
            loop variant n - 2 - k; */
        for (int k = 0; k < n - 2; k++) {
            /*@ assert s_x: \let j = k; R2(j + 1) == R2(j)->next && R2(j) == R1(FU(j)); */
            /*@ assert s_t: \let j = k; R1(FU(j)) != t && task(R1(FU(j))); */
            /*@ assert s_p: \let j = k; R1(FU(j)) == \at(t->prev, Pre) <==> j + 1 == i; */
            /*@ assert s_f: \let j = k; NX1(R1(FU(j))) == R1(FU(j) + 1); */
            /*@ assert s_n: \let j = k; R2(j)->next == (j + 1 == i ? R1(i + 1) : R1(FU(j) + 1)); */
        }
        /*@ assert l_x: R2(n - 1) == R2(n - 2)->next && R2(n - 2) == R1(FU(n - 2)); */
        /*@ assert l_t: R1(FU(n - 2)) != t && task(R1(FU(n - 2))); */
        /*@ assert l_p: R1(FU(n - 2)) == \at(t->prev, Pre) <==> (i == 0 || i == n - 1); */
        /*@ assert l_f: NX1(R1(FU(n - 2))) == R1(FU(n - 2) + 1); */
        /*@ assert l_n: R2(n - 2)->next ==
              (i == 0 || i == n - 1 ? \at(t->next, Pre) : R1(FU(n - 2) + 1)); */
        /*@ assert ru_last: R2(n - 1) == H2; */
        /*@ assert ru_inv: \forall integer j; 0 <= j < n && j != i ==>
              R2(j < i ? j : j - 1) == R1(j); */
        /*@ assert ru_m: \forall vos_task_t *x; x != t && \at(rd_mem(\null, p, x), Pre) ==>
              rd_mem(t, p, x); */
        /*@ assert ru_m2: \forall vos_task_t *x; rd_mem(t, p, x) ==>
              x != t && \at(rd_mem(\null, p, x), Pre); */
        /*@ assert ru_e3a: \forall integer k; 0 <= k < n - 1 ==>
              0 <= FU(k) < n && FU(k) != i && R2(k) == R1(FU(k)); */
        /*@ assert ru_e3b: \forall integer j; 0 <= j < n && j != i ==>
              R1(j) != t && \at(rd_mem(\null, p, rn(vos__s.ready[p], j)), Pre); */
        /*@ assert ru_e3: \forall integer k; 0 <= k < n - 1 ==> rd_mem(t, p, R2(k)); */
        /*@ assert ru_e4a: \forall integer a, b; 0 <= a < b < n - 1 ==> 0 <= FU(a) < FU(b) < n; */
        /*@ assert ru_e4b: \forall integer a, b; 0 <= a < b < n ==> R1(a) != R1(b); */
        /*@ assert ru_e3c: \forall integer k; 0 <= k < n - 1 && k < i ==> R2(k) == R1(k); */
        /*@ assert ru_e3d: \forall integer k; i <= k < n - 1 ==> R2(k) == R1(k + 1); */
        /*@ assert ru_lo: um_lo{Pre, Here}(H1, H2, n, i); */
        /*@ assert ru_hi: um_hi{Pre, Here}(H1, H2, n, i); */
        /*@ assert ru_e4: rr_dist(H2, n - 1); */
        /*@ assert ru_e5t: R1(i) == t; */
        /*@ assert ru_e5a: \forall vos_task_t *x; x != t && \at(rd_mem(\null, p, x), Pre) ==>
              rr_at_but{Pre}(H1, n, i, x); */
        /*@ assert ru_e5: \forall vos_task_t *x; rd_mem(t, p, x) ==> rr_at(H2, n - 1, x); */
        /*@ assert ru_fin: rd_ring(t, p, n - 1); */
    } else {
        /*@ assert ru_one: \at(t->next, Pre) == t && \at(vos__s.ready[p], Pre) == t; */
    }
}

/* Insert: positions 0 .. n - 1 kept, t at position n, the head at n + 1. */
/*@ requires rd_tasks && task(t) && t->state == VOS_TASK_READY;
    requires 0 <= p < VOS_CFG_PRIO_LEVELS && p == t->prio;
    requires rd_level(t, p) && rd_ring(t, p, n);
    assigns vos__s, {x->next | vos_task_t *x; task(x)}, {x->prev | vos_task_t *x; task(x)},
            {x->state | vos_task_t *x; task(x)}, {x->prio | vos_task_t *x; task(x)};
    ensures ri_ring: rd_ring(\null, p, n + 1);
*/
void ring_insert_proof(vos_task_t *t, int p, int n)
{
    /*@ assert ri_tail: vos__s.ready[p] != \null ==>
          vos__s.ready[p]->prev == rn(vos__s.ready[p], n - 1); */
    ring_insert_step(t);
    /*@ assert ri_ks: \forall vos_task_t *x; task(x) ==>
          x->state == \at(x->state, Pre) && x->prio == \at(x->prio, Pre); */
    if (n >= 1) {
        /*@ assert ri_h: H2 == H1 && H2 != \null; */
        /*@ assert ri_nx: \forall vos_task_t *x; task(x) && x != t ==>
              x->next == (x == \at(H1->prev, Pre) ? t : \at(x->next, Pre)); */
        /*@ loop invariant 0 <= k <= n - 1;
            loop invariant ri_pos: \forall integer j; 0 <= j <= k ==> R2(j) == R1(j);
            loop assigns k;
            loop variant n - 1 - k; */
        for (int k = 0; k < n - 1; k++) {
        }
        /*@ assert ri_n1: R2(n - 1) == R1(n - 1) && R1(n - 1) != t && task(R1(n - 1)); */
        /*@ assert ri_n2: R1(n - 1) == \at(H1->prev, Pre); */
        /*@ assert ri_t: R2(n) == t; */
        /*@ assert ri_last: R2(n + 1) == H2; */
        /*@ assert ri_m: \forall vos_task_t *x; x != t && \at(rd_mem(t, p, x), Pre) ==>
              rd_mem(\null, p, x); */
        /*@ assert ri_m2: \forall vos_task_t *x; rd_mem(\null, p, x) && x != t ==>
              \at(rd_mem(t, p, x), Pre); */
        /*@ assert ri_mt: rd_mem(\null, p, t); */
        /*@ assert ri_e3a: \forall integer k; 0 <= k < n ==>
              R2(k) == R1(k) && \at(rd_mem(t, p, rn(vos__s.ready[p], k)), Pre) && R1(k) != t; */
        /*@ assert ri_e3: \forall integer k; 0 <= k < n + 1 ==> rd_mem(\null, p, R2(k)); */
        /*@ assert ri_e4a: \forall integer a, b; 0 <= a < b < n ==> R1(a) != R1(b); */
        /*@ assert ri_e4: rr_dist(H2, n + 1); */
        /*@ assert ri_e5a: \forall vos_task_t *x; x != t && \at(rd_mem(t, p, x), Pre) ==>
              \exists integer j; 0 <= j < n && R1(j) == x; */
        /*@ assert ri_e5b: \forall vos_task_t *x; x != t && rd_mem(\null, p, x) ==>
              \exists integer j; 0 <= j < n && R2(j) == x; */
        /*@ assert ri_e5c: rr_at(H2, n + 1, t); */
        /*@ assert ri_e5: \forall vos_task_t *x; rd_mem(\null, p, x) ==> rr_at(H2, n + 1, x); */
        /*@ assert ri_fin: rd_ring(\null, p, n + 1); */
    } else {
        /*@ assert ri_one: H2 == t && t->next == t; */
        /*@ assert ri_one_m: \forall vos_task_t *x; rd_mem(\null, p, x) ==> x == t; */
        /*@ assert ri_one_r: rn(t, 1) == t && rn(t, 0) == t && rd_mem(\null, p, t); */
        /*@ assert ri_fin1: rd_ring(\null, p, n + 1); */
    }
}

/* Head insert: t at position 0 (the head), position j + 1 the position j
 * before (j < n), the head again at n + 1. */
/*@ requires rd_tasks && task(t) && t->state == VOS_TASK_READY;
    requires 0 <= p < VOS_CFG_PRIO_LEVELS && p == t->prio;
    requires rd_level(t, p) && rd_ring(t, p, n);
    assigns vos__s, {x->next | vos_task_t *x; task(x)}, {x->prev | vos_task_t *x; task(x)},
            {x->state | vos_task_t *x; task(x)}, {x->prio | vos_task_t *x; task(x)};
    ensures rh_ring: rd_ring(\null, p, n + 1);
    ensures rh_head: vos__s.ready[p] == t;
*/
void ring_insert_head_proof(vos_task_t *t, int p, int n)
{
    /*@ assert rh_tail: vos__s.ready[p] != \null ==>
          vos__s.ready[p]->prev == rn(vos__s.ready[p], n - 1); */
    ring_insert_head_step(t);
    /*@ assert rh_ks: \forall vos_task_t *x; task(x) ==>
          x->state == \at(x->state, Pre) && x->prio == \at(x->prio, Pre); */
    if (n >= 1) {
        /*@ assert rh_h: H2 == t && H1 != \null && t->next == H1; */
        /*@ assert rh_nx: \forall vos_task_t *x; task(x) && x != t ==>
              x->next == (x == \at(H1->prev, Pre) ? t : \at(x->next, Pre)); */
        /*@ assert rh_p0: R2(1) == R1(0); */
        /*@ loop invariant 0 <= k <= n - 1;
            loop invariant rh_pos: \forall integer j; 0 <= j <= k ==> R2(j + 1) == R1(j);
            loop assigns k;
            loop variant n - 1 - k; */
        for (int k = 0; k < n - 1; k++) {
            /*@ assert h_x: \let j = k; R2(j + 2) == R2(j + 1)->next && R2(j + 1) == R1(j); */
            /*@ assert h_t: \let j = k; R1(j) != t && task(R1(j)) && R1(j) != \at(H1->prev, Pre); */
            /*@ assert h_n: \let j = k; R1(j)->next == NX1(R1(j)) && NX1(R1(j)) == R1(j + 1); */
        }
        /*@ assert rh_n1: R2(n) == R1(n - 1) && R1(n - 1) != t && task(R1(n - 1)); */
        /*@ assert rh_n2: R1(n - 1) == \at(H1->prev, Pre); */
        /*@ assert rh_last: R2(n + 1) == H2; */
        /*@ assert rh_m: \forall vos_task_t *x; x != t && \at(rd_mem(t, p, x), Pre) ==>
              rd_mem(\null, p, x); */
        /*@ assert rh_m2: \forall vos_task_t *x; rd_mem(\null, p, x) && x != t ==>
              \at(rd_mem(t, p, x), Pre); */
        /*@ assert rh_mt: rd_mem(\null, p, t); */
        /*@ assert rh_e3a: \forall integer k; 0 <= k < n ==>
              R2(k + 1) == R1(k) && \at(rd_mem(t, p, rn(vos__s.ready[p], k)), Pre) && R1(k) != t; */
        /*@ assert rh_sh: \forall integer k; 1 <= k <= n ==>
              0 <= k - 1 < n && R2(k) == R1(k - 1) && R1(k - 1) != t; */
        /*@ assert rh_e3b: \forall integer k; 1 <= k <= n ==> rd_mem(\null, p, R2(k)); */
        /*@ assert rh_e3: \forall integer k; 0 <= k < n + 1 ==> rd_mem(\null, p, R2(k)); */
        /*@ assert rh_e4a: \forall integer a, b; 0 <= a < b < n ==> R1(a) != R1(b); */
        /*@ assert rh_e4b: ih_sh{Pre, Here}(H1, H2, t, n) && R2(0) == t; */
        /*@ assert rh_e4: rr_dist(H2, n + 1); */
        /*@ assert rh_e5a: \forall vos_task_t *x; x != t && \at(rd_mem(t, p, x), Pre) ==>
              \exists integer j; 0 <= j < n && R1(j) == x; */
        /*@ assert rh_e5b: \forall vos_task_t *x; x != t && rd_mem(\null, p, x) ==>
              \exists integer j; 1 <= j <= n && R2(j) == x; */
        /*@ assert rh_e5c: rr_at(H2, n + 1, t); */
        /*@ assert rh_e5: \forall vos_task_t *x; rd_mem(\null, p, x) ==> rr_at(H2, n + 1, x); */
        /*@ assert rh_fin: rd_ring(\null, p, n + 1); */
    } else {
        /*@ assert rh_one: H2 == t && t->next == t; */
        /*@ assert rh_one_m: \forall vos_task_t *x; rd_mem(\null, p, x) ==> x == t; */
        /*@ assert rh_one_r: rn(t, 1) == t && rn(t, 0) == t && rd_mem(\null, p, t); */
        /*@ assert rh_fin1: rd_ring(\null, p, n + 1); */
    }
}
