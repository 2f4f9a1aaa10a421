/* SPDX-License-Identifier: MIT */
/*
 * The one induction of ready_ring_two.h's two-state lemmas (issue 34,
 * docs/evidence.md 2.2 "One ring per level"): a stretch of a walk of
 * next links (ready_ring.h's rn) whose links are kept between two states
 * is the same walk in both. rn_seg_j is proved by WP's tactic Induction
 * on j (the committed script sessions/ready_ring_two/script/
 * lemma_rn_seg_j.json), with no other lemma in its context (this header
 * is read before ready_ring_lemmas.c); rn_seg states it for every position of
 * the stretch, over the named predicates seg_kept and seg_eq, so that a
 * caller's goal is one atom. No axiom, no admitted lemma.
 */
#ifndef VAIOS_EVIDENCE_READY_RING_SEG_H
#define VAIOS_EVIDENCE_READY_RING_SEG_H

#include "ready_ring.h"

/*@ // The m next links of h1's walk from position b are kept (L1 to L2).
    predicate seg_kept{L1, L2}(vos_task_t *h1, integer b, integer m) =
      \forall integer x; b <= x < b + m ==>
        \at(rn{L1}(h1, x)->next, L2) == \at(rn{L1}(h1, x)->next, L1);
    // h2's walk at L2 from position a is h1's at L1 from position b, for
    // m + 1 positions.
    predicate seg_eq{L1, L2}(vos_task_t *h1, vos_task_t *h2, integer b, integer a, integer m) =
      \forall integer j; a <= j <= a + m ==> rn{L2}(h2, j) == rn{L1}(h1, j - a + b);

    lemma rn_seg_j{L1, L2}: \forall vos_task_t *h1, *h2, integer a, b, m, j;
      0 <= a && 0 <= b && a <= j <= a + m &&
      rn{L2}(h2, a) == rn{L1}(h1, b) && seg_kept{L1, L2}(h1, b, m) ==>
      rn{L2}(h2, j) == rn{L1}(h1, j - a + b);
    lemma rn_seg{L1, L2}: \forall vos_task_t *h1, *h2, integer a, b, m;
      0 <= a && 0 <= b && 0 <= m &&
      rn{L2}(h2, a) == rn{L1}(h1, b) && seg_kept{L1, L2}(h1, b, m) ==>
      seg_eq{L1, L2}(h1, h2, b, a, m);
    // A task at one of h1's first M positions is at one of h2's first N
    // when h2's walk from a is h1's from 0 that far.
    lemma at_seg_k{L1, L2}: \forall vos_task_t *h1, *h2, integer a, m, k;
      0 <= a && seg_eq{L1, L2}(h1, h2, 0, a, m) && 0 <= k <= m ==>
        rn{L2}(h2, a + k) == rn{L1}(h1, k);
    lemma at_seg{L1, L2}: \forall vos_task_t *h1, *h2, *x, integer a, m, M, N;
      0 <= a && seg_eq{L1, L2}(h1, h2, 0, a, m) && rr_at{L1}(h1, M, x) &&
      M <= m + 1 && a + M <= N ==> rr_at{L2}(h2, N, x);
*/

#endif
