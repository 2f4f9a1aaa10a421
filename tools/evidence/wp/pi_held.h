/* SPDX-License-Identifier: MIT */
/*
 * The bridge between x's held list as hl(x, 0 .. hn(x) - 1)
 * (tools/evidence/wp/pi_world.h) and kernel/pi.c's held_ok and held_max
 * over the list from x->held, for pi_chain.c (docs/evidence.md 2.2).
 * held_at(x, k) states the three facts of bridge for the list from
 * position k, held_from(x, d) the same for its last d entries; held_base
 * (d == 0) and held_step (d from d - 1, by hs_ok, hs_max and
 * held_at_step) are proved by CVC4, held_suffix (held_from for every d,
 * 0 <= d <= hn(x)) by WP's tactic Induction on d, the committed script
 * sessions/pi_held/script/lemma_held_suffix.json (the prover script
 * replays it, CVC4 proves its cases from held_base and held_step);
 * held_all (d == hn(x)) and held_bridge, x's whole list, follow (CVC4).
 * All are proved by run pi_held (pi_held.c: pi_world.h, kernel/pi.c and
 * this file, no other lemma in the context); pi_chain.c includes this
 * file after kernel/pi.c (held_ok, lend, held_max) and pi_chain_lemmas
 * leaves these lemmas out of its -wp-prop. No axiom, no admitted lemma.
 * Until session 26 held_bridge was an admitted lemma of pi_chain.c,
 * justified by a lemma function (held_bridge_proof).
 */
#ifndef VAIOS_EVIDENCE_PI_HELD_H
#define VAIOS_EVIDENCE_PI_HELD_H

#include "pi_world.h"

/*@ // x's held list, as hl(x, _), with valid entries and first waiters.
    predicate listed_valid{L}(vos_task_t *x) =
      0 <= hn(x) <= 2147483647 && x->held == hnode(x, 0) &&
      \forall integer i; 0 <= i < hn(x) ==>
        \valid_read(hl(x, i)) && hl(x, i)->next_held == hnode(x, i + 1) &&
        (hl(x, i)->waiters.head != \null ==> \valid_read(hl(x, i)->waiters.head));

    predicate bridge{L}(vos_task_t *x) =
      held_ok(x->held) &&
      (\forall integer i; 0 <= i < hn(x) ==> held_max(x->held) >= lend(hl(x, i))) &&
      (held_max(x->held) == 0 ||
       \exists integer i; 0 <= i < hn(x) && held_max(x->held) == lend(hl(x, i)));

    // The three facts of bridge for the list from position k (entries
    // k .. hn(x) - 1).
    predicate held_at{L}(vos_task_t *x, integer k) =
      held_ok(hnode(x, k)) &&
      (\forall integer i; k <= i < hn(x) ==> held_max(hnode(x, k)) >= lend(hl(x, i))) &&
      (held_max(hnode(x, k)) == 0 ||
       \exists integer i; k <= i < hn(x) && held_max(hnode(x, k)) == lend(hl(x, i)));
    // The same for the list's last d entries (the induction's variable).
    predicate held_from{L}(vos_task_t *x, integer d) = held_at(x, hn(x) - d);

    // One entry more, at position k: held_ok (held_cons), held_max
    // (its definition), then the three facts.
    lemma hs_ok{L}: \forall vos_task_t *x, integer k;
      listed_valid(x) && 0 <= k < hn(x) && held_ok(hnode(x, k + 1)) ==> held_ok(hnode(x, k));
    lemma hs_max{L}: \forall vos_task_t *x, integer k;
      listed_valid(x) && 0 <= k < hn(x) ==>
        held_max(hnode(x, k)) == imax(lend(hl(x, k)), held_max(hnode(x, k + 1)));
    lemma held_at_step{L}: \forall vos_task_t *x, integer k;
      listed_valid(x) && 0 <= k < hn(x) && held_at(x, k + 1) ==> held_at(x, k);

    // The empty list at the end (d == 0) and one entry more (d from
    // d - 1): the two cases of held_suffix's induction, each by CVC4.
    lemma held_base{L}: \forall vos_task_t *x;
      listed_valid(x) ==> held_from(x, 0);
    lemma held_step{L}: \forall vos_task_t *x, integer d;
      listed_valid(x) && 0 < d <= hn(x) && held_from(x, d - 1) ==> held_from(x, d);

    // held_from for d and d - 1: proved by WP's tactic Induction on d, the
    // committed script sessions/pi_held/script/lemma_held_suffix.json
    // (d == 0 by held_base; d from the hypothesis at d - 1 by held_step),
    // CVC4 its cases. (The term held_from(x, d - 1) in the goal is what
    // instantiates the induction hypothesis.)
    lemma held_suffix{L}: \forall vos_task_t *x, integer d;
      listed_valid(x) && 0 <= d <= hn(x) ==>
        held_from(x, d) && (0 < d ==> held_from(x, d - 1));

    // The whole list: held_suffix at d == hn(x).
    lemma held_all{L}: \forall vos_task_t *x;
      listed_valid(x) ==> held_from(x, hn(x)) && bridge(x);

    // x's whole list: held_all, hnode(x, 0) == x->held.
    lemma held_bridge{L}: \forall vos_task_t *x; listed_valid(x) ==> bridge(x);
*/

#endif
