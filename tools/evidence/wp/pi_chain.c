/* SPDX-License-Identifier: MIT */
/*
 * WP proof of priority inheritance's chain walk (docs/evidence.md): after
 * vos__pi_update(t), every task satisfies the invariant of kernel/pi.c,
 *     x->prio == imax(x->base_prio, held_max(x->held))       (pi_ok)
 * given that every task but t did before (t's held list or base changed)
 * and that the chain of owners from t ends within VOS_CFG_PI_DEPTH tasks
 * (short_chain); without that, every task but one (the next owner the
 * walk did not reach).
 * The code proved is kernel/pi.c itself, included whole, with its loop
 * invariant and the logic of required_prio and pi_q as ACSL comments
 * there; the chain walk's logic (task, mutex, hl, listed, chain_world,
 * short_chain, ...) is tools/evidence/wp/pi_world.h, included before it;
 * this file adds the lemmas and the contracts.
 *
 * Assumptions, all stated below:
 *  - chain_world (pi_world.h) holds at the call: tasks and mutexes are
 *    valid objects apart from each other and from the scheduler's block;
 *    x's held list is the finite list hl(x, 0 .. hn(x) - 1) of mutexes x
 *    owns; a mutex's first waiter is a task BLOCKED on it (wait_mutex,
 *    waitq); a task waits on at most one mutex, not one it owns, whose
 *    owner is a task or none; a task's wait queue is its wait mutex's
 *    queue or, without one, apart from every task and mutex.
 *  - vos__set_eff_prio's contract (below; kernel/sched.c, not proved
 *    here): it sets t->prio, writes only task links, the scheduler's
 *    block and the head of t's wait queue (only when t is BLOCKED), and
 *    leaves every mutex's first waiter a task blocked on it
 *    (wait.c's priority order is what makes that head the highest).
 *    Still assumed at its call here: tools/evidence/wp/eff_prio.c
 *    states the wait queue's model (a ring of its members in priority
 *    order, so its head is a highest-priority waiter) and proves, on
 *    kernel/wait.c, part of vos__waitq_remove's and vos__waitq_insert's
 *    steps in it (docs/evidence.md lists which), not this contract.
 *    tools/evidence/wp/eff_prio_all.c states the function's whole
 *    contract (behaviors same, ready, moved, other, complete and
 *    disjoint) from chain_world and proves frame (pi_frame.h), heads and
 *    the owner words for the cases same and other only; for ready and
 *    moved the owner words, not frame nor heads. The code needs more than
 *    this contract's requires (prio < VOS_CFG_PRIO_LEVELS, map_ok, the
 *    ready levels and t's queue well formed: docs/evidence.md), so
 *    closing the gap also means carrying those through this walk.
 *  - held_bridge, an admitted lemma: for a list given as hl(x, _),
 *    held_ok holds and held_max is the largest lend over it. Its proof is
 *    the lemma function held_bridge_proof below, which WP proves (a loop
 *    from the list's end, with a variant): the same statement for an
 *    arbitrary x and memory. (The SMT provers do not do the induction
 *    themselves.)
 *  - the owner word read as ordinary memory (-wp-no-volatile in
 *    pi_chain.wp: under the kernel lock nothing else writes it);
 *  - WP's memory-model hypotheses that vos__s is apart from the task
 *    links and the queue heads (printed in the run's log);
 *  - the default configuration (no MPU, no channel lends), as pi.c's.
 */
#include "pi_world.h"
#include "pi_frame.h"   /* frame */
#include EV_SOURCE

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

    admit lemma held_bridge{L}: \forall vos_task_t *x; listed_valid(x) ==> bridge(x);

    predicate pi_ok{L}(vos_task_t *x) = x->prio == imax(x->base_prio, held_max(x->held));

    lemma lend_range{L}: \forall struct vos_mutex *m; 0 <= lend(m) <= 255;

    lemma world_listed_valid{L}: \forall vos_task_t *x;
      chain_objects && world_lists && world_heads && task(x) ==> listed_valid(x);

    lemma held_max_range{L}: \forall vos_task_t *x;
      bridge(x) ==> 0 <= held_max(x->held) <= 255;

    lemma q_ok{L}: \forall vos_task_t *x;
      task(x) && bridge(x) ==> (pi_q(x) <==> pi_ok(x));

    lemma world_bridge{L}: \forall vos_task_t *x;
      chain_objects && world_lists && world_heads && task(x) ==> bridge(x);

    lemma task_nonnull{L}: \forall vos_task_t *x; chain_objects && task(x) ==> x != \null;

    lemma bridge_held_ok{L}: \forall vos_task_t *x; bridge(x) ==> held_ok(x->held);

    // t's own change reaches a mutex's lend only through the one it waits on.
    lemma lend_frame{L1, L2}: \forall vos_task_t *t, struct vos_mutex *m;
      chain_objects{L1} && world_lists{L1} && world_waits{L1} && world_heads{L1} && task(t) && frame{L1, L2}(t) && mutex(m) &&
      (m != \at(t->wait_mutex, L1) || \at(t->state, L1) != VOS_TASK_BLOCKED) ==>
        lend{L2}(m) == lend{L1}(m);

    // The framing lemma: changing t->prio keeps the invariant of every
    // task but t and the owner of the mutex t waits on.
    lemma q_frame{L1, L2}: \forall vos_task_t *t, *x;
      chain_objects{L1} && world_lists{L1} && world_waits{L1} && world_heads{L1} && task(t) && frame{L1, L2}(t) && task(x) && x != t &&
      (\at(t->wait_mutex, L1) == \null || \at(t->state, L1) != VOS_TASK_BLOCKED ||
       x != mowner(\at(t->wait_mutex, L1))) &&
      pi_q{L1}(x) ==> pi_q{L2}(x);

    // The lends of t's own entries do not change (t waits on none of them).
    lemma own_lends{L1, L2}: \forall vos_task_t *t, integer i;
      chain_objects{L1} && world_lists{L1} && world_waits{L1} && world_heads{L1} && task(t) && frame{L1, L2}(t) && 0 <= i < hn(t) ==>
        lend{L2}(hl(t, i)) == lend{L1}(hl(t, i));

    // t itself, set to what its list required at L1.
    lemma q_self{L1, L2}: \forall vos_task_t *t;
      task(t) && frame{L1, L2}(t) && bridge{L1}(t) &&
      (\forall integer i; 0 <= i < hn(t) ==> lend{L2}(hl(t, i)) == lend{L1}(hl(t, i))) &&
      \at(t->prio, L2) == imax(\at(t->base_prio, L1), held_max{L1}(\at(t->held, L1))) ==>
        pi_q{L2}(t);

    // One step of the walk: every task keeps the invariant but the owner
    // of the mutex t waits on (if t is BLOCKED on one).
    lemma step{L1, L2}: \forall vos_task_t *t;
      chain_objects{L1} && world_lists{L1} && world_waits{L1} && world_heads{L1} &&
      task(t) && frame{L1, L2}(t) && bridge{L1}(t) &&
      \at(t->prio, L2) == imax(\at(t->base_prio, L1), held_max{L1}(\at(t->held, L1))) &&
      (\forall vos_task_t *x; task(x) && x != t ==> pi_q{L1}(x)) ==>
      \forall vos_task_t *x; task(x) &&
        (\at(t->wait_mutex, L1) == \null || \at(t->state, L1) != VOS_TASK_BLOCKED ||
         x != mowner(\at(t->wait_mutex, L1))) ==> pi_q{L2}(x);

    // The held lists and the waits are the same after.
    lemma lists_frame{L1, L2}: \forall vos_task_t *t;
      world_lists{L1} && frame{L1, L2}(t) ==> world_lists{L2};
    lemma waits_frame{L1, L2}: \forall vos_task_t *t;
      world_waits{L1} && frame{L1, L2}(t) ==> world_waits{L2};

*/

/* The proof of held_bridge: for any x and memory with listed_valid(x), the
 * loop walks k from hn(x) down to 0 keeping the statement for the list
 * from hnode(x, k); at k == 0 that is x's list. */
/*@ requires listed_valid(x);
    requires n == hn(x);
    assigns \nothing;
    ensures bridge(x);
*/
void held_bridge_proof(vos_task_t *x, int n)
{
    /*@ loop invariant 0 <= k <= n;
        loop invariant held_ok(hnode(x, k));
        loop invariant \forall integer i; k <= i < n ==> held_max(hnode(x, k)) >= lend(hl(x, i));
        loop invariant held_max(hnode(x, k)) == 0 ||
                       \exists integer i; k <= i < n && held_max(hnode(x, k)) == lend(hl(x, i));
        loop assigns k;
        loop variant k; */
    for (int k = n; k > 0; k--) {
    }
}

/* required_prio: the contract tools/evidence/wp/pi.c proves, for a list
 * given as hl(t, _) (bridge implies held_ok), proved here again, and its
 * range. */
/*@ requires \valid_read(t);
    requires bridge(t);
    assigns \nothing;
    ensures \result == imax(t->base_prio, held_max(t->held));
    ensures \result <= 255;
*/
static unsigned required_prio(const vos_task_t *t);

/*@ requires \valid_read(m);
    assigns \nothing;
    ensures \result == owner(m);
*/
static inline vos_task_t *vos__owner_of(const struct vos_mutex *m);

/* Assumed (kernel/sched.c; not proved: eff_prio.c proves only the wait
 * queue's steps so far, docs/evidence.md): sets t->prio; writes task
 * links, the scheduler's block and the head of t's wait queue, and (frame)
 * nothing else that the invariant reads; leaves every mutex's first
 * waiter a task blocked on it. */
/*@ requires chain_world;
    requires task(t);
    requires prio <= 255;
    assigns t->prio, vos__s, t->waitq->head,
            {y->next | vos_task_t *y; task(y)}, {y->prev | vos_task_t *y; task(y)};
    ensures t->prio == prio;
    ensures frame{Pre, Here}(t);
    ensures \forall struct vos_mutex *m; mutex(m) ==> m->owner_word == \old(m->owner_word);
    ensures \forall struct vos_mutex *m; mutex(m) ==> heads(m);
*/
void vos__set_eff_prio(vos_task_t *t, unsigned prio, int cause);

/*@ requires chain_objects;
    requires world_lists;
    requires world_waits;
    requires world_heads;
    requires owners_ok;
    requires task(t);
    requires \forall vos_task_t *x; task(x) && x != t ==> pi_q(x);
    assigns vos__s, {y->prio | vos_task_t *y; task(y)},
            {y->next | vos_task_t *y; task(y)}, {y->prev | vos_task_t *y; task(y)},
            {q->head | struct vos_waitq *q; \true};
    ensures chain_objects;
    ensures world_lists;
    ensures world_waits;
    ensures world_heads;
    ensures owners_ok;
    ensures \forall vos_task_t *x1, *x2; task(x1) && task(x2) && x1 != x2 ==>
              pi_q(x1) || pi_q(x2);
    ensures \old(short_chain(t, VOS_CFG_PI_DEPTH)) ==> \forall vos_task_t *x; task(x) ==> pi_q(x);
*/
void vos__pi_update(vos_task_t *t);

