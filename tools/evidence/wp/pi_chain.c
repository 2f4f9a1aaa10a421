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
 * this file adds the lemmas, the contracts and the definition of
 * walk_more, a clause of the loop invariant (pi_world.h's default is
 * true); it also includes kernel/sched.c (through eff_prio_ready.h
 * and ready.c, with ready.c's contracts of the ready steps, none called
 * by the walk) and kernel/wait.c (wq_mem).
 *
 * Assumptions, all stated below:
 *  - chain_world (pi_world.h) holds at the call: tasks and mutexes are
 *    valid objects apart from each other and from the scheduler's block;
 *    x's held list is the finite list hl(x, 0 .. hn(x) - 1) of mutexes x
 *    owns; a mutex's first waiter is a task BLOCKED on it (wait_mutex,
 *    waitq); a task waits on at most one mutex, not one it owns, whose
 *    owner is a task or none; a task's wait queue is its wait mutex's
 *    queue or, without one, apart from every task and mutex.
 *  - the ready model, prios_ok and world_qs hold at the call: map_ok,
 *    rd_levels(null), rd_prios(null) (eff_prio_ready.h, the definitions
 *    eff_prio_all.c's contract uses), and every task's base and
 *    effective priority and every mutex's ceiling below
 *    VOS_CFG_PRIO_LEVELS (prios_ok: task.c and mutex.c check bases and
 *    ceilings against VOS_PRIO_MAX; not proved of the kernel's state);
 *    every task BLOCKED on a queue has ch_mem (over kernel/wait.c's
 *    wq_mem: every member of its queue a task BLOCKED on it) and its
 *    queue apart from vos__s (ch_qsep), eff_prio_all.c's predicates
 *    (eff_prio_world.h, included by both files):
 *    world_qs, which ties the uninterpreted wq_mem to the wait fields;
 *    and world_ring, every ready level one ring (ready_ring.h, included:
 *    definitions only), from which a READY task's rd_sole follows.
 *    The walk keeps them (ensured) and carries them in its loop
 *    invariant: kernel/pi.c's invariant has the clause walk_more, which
 *    this file defines as their conjunction (pi_world.h's default, which
 *    pi.c and EVA read, is true; PI_WALK_MORE below).
 *  - vos__set_eff_prio's contract (below; kernel/sched.c): it sets
 *    t->prio, writes only task links, the scheduler's block and the head
 *    of t's wait queue, keeps frame (pi_frame.h), the owner words, heads,
 *    and map_ok, rd_levels(null), rd_prios(null). Its requires are proved
 *    at the call (prio < VOS_CFG_PRIO_LEVELS by prio_req from prios_ok;
 *    for a t BLOCKED on a queue ch_qsep and ch_mem(t) from world_qs;
 *    world_ring, which the walk carries in walk_more).
 *    tools/evidence/wp/eff_prio_all.c proves the function's whole
 *    contract by behaviors (same, ready, moved, other, complete and
 *    disjoint); against each assumed ensures:
 *      t->prio == prio: same (ch_prio: the priority was prio), ready
 *        (se_prio), moved (sp_prio), other (ot_prio);
 *      frame: same ch_frame, ready ch_fr_prio/_task/_mx/_mh (the parts'
 *        bodies; ch_fr_mh implies frame_qheads), moved ch_fr_prio/_task/
 *        _mx/_mh (the named parts), other ot_frame;
 *      owner words: ch_owner (same, ready, moved), ot_owner;
 *      heads: same ch_heads, ready ch_heads_r (PI_HEADS from heads(m)
 *        before, which chain_world gives), other ot_heads, moved
 *        ch_heads_o and ch_heads_q under \old(ch_mem(t)), required here;
 *      map_ok: ch_rd (same), se_map, ch_map, ot_map;
 *      rd_levels(null): ch_rd, se_levels, ot_lv_e/_h/_l (rd_level's three
 *        parts, rd_level_parts), moved ch_lv under \old(ch_mem(t));
 *      rd_prios(null): ch_rd, se_levels, ch_prios, ot_prios;
 *      world_ring (\old(world_ring) ==> world_ring): same ch_ring, moved
 *        ch_ring_m under \old(ch_mem(t)) and other ot_ring (each as
 *        A && (A ==> B), B that implication; eff_prio_all_ring.c), ready
 *        ch_ring_r (world_ring after, under its precondition ch_wr:
 *        world_ring before; eff_prio_ready_ring.h, run
 *        eff_prio_ready_ring on the same code).
 *    The assigns clause is not one of eff_prio_all's (its behaviors'
 *    assigns are eff_prio_set.h's and eff_prio_ready_set.c's, narrower
 *    but not the same text). Its requires are not yet all the proved
 *    contract's: proved here at the call are chain_world, task(t),
 *    prio <= 255, prio < VOS_CFG_PRIO_LEVELS (ready's), map_ok,
 *    rd_levels(null), rd_prios(null) (ready's), moved's ch_qsep and the
 *    hypothesis ch_mem(t) of its heads and levels (each under moved's
 *    case, t BLOCKED on a queue), ready's ch_wr (world_ring); implied by
 *    chain_world (rd_tasks, \valid(t); ch_apart(t) by eff_prio_all's
 *    lemma ch_apart_ok, not restated here), and ready's rd_sole(t) by
 *    world_ring with rd_tasks and rd_prios(null) (ready_ring_two.h's
 *    lemma world_sole, proved by run ready_ring_two; not restated here:
 *    its proof's lemmas are not in this file); NOT established by this
 *    walk: moved's queue model (wq_sep, wq_in, wq_head, wq_links,
 *    wq_last, wq_next, wq_inj, wq_sorted of t's queue: the
 *    state-independent order key wq_rank, docs/evidence.md; with
 *    wq_sep, ch_rp(t) follows by ch_rp_ok). So this contract is still
 *    assumed, for a t BLOCKED on a queue (the queue's model), and its
 *    assigns clause.
 *  - none for the held lists' bridge: held_bridge (for a list given as
 *    hl(x, _), held_ok holds and held_max is the largest lend over it)
 *    is an ordinary lemma of pi_held.h, included below after kernel/pi.c,
 *    proved with its steps by run pi_held (pi_held.c, a small context):
 *    held_suffix by WP's tactic Induction (the committed script
 *    sessions/pi_held/script/lemma_held_suffix.json), the rest by CVC4.
 *    pi_chain_lemmas leaves pi_held.h's lemmas out of its -wp-prop.
 *    (Until session 26 held_bridge was admitted here, its proof a lemma
 *    function held_bridge_proof; both are gone.)
 *  - the owner word read as ordinary memory (-wp-no-volatile in
 *    pi_chain.wp: under the kernel lock nothing else writes it);
 *  - WP's memory-model hypotheses that vos__s is apart from the task
 *    links and the queue heads (printed in the run's log);
 *  - the default configuration (no MPU, no channel lends), as pi.c's.
 */
#define PI_WALK_MORE    /* walk_more is defined below, not pi_world.h's */
#include "pi_world.h"
#include "pi_frame.h"   /* frame */
/* The ready model (eff_prio_ready.h: map_ok, rd_levels, rd_prios), the
 * definitions eff_prio_all.c's contract of vos__set_eff_prio is written
 * with. It includes ready.c, which includes kernel/sched.c as EV_SOURCE;
 * this run's EV_SOURCE, kernel/pi.c, is restored after. */
#pragma push_macro("EV_SOURCE")
#undef EV_SOURCE
#define EV_SOURCE "sched.c"     /* kernel/sched.c (-Ikernel) */
#include "eff_prio_ready.h"
/* The wait queue's model's membership wq_mem (kernel/wait.c's ACSL, an
 * uninterpreted predicate of no state), which ch_mem reads. */
#undef EV_SOURCE
#define EV_SOURCE "wait.c"      /* kernel/wait.c (-Ikernel) */
#include EV_SOURCE
#pragma pop_macro("EV_SOURCE")
/* ch_mem and ch_qsep, the text eff_prio_all.c's proof of vos__set_eff_prio
 * reads too (that file cannot be included here: it declares the proved
 * contract of vos__set_eff_prio, which Frama-C would merge with the one
 * assumed below, and every ready and queue lemma). */
#include "eff_prio_world.h"
/* world_ring (every ready level one ring), the one-ring model's
 * definitions (no lemma): what the walk carries so that the READY case's
 * rd_sole(t) follows (ready_ring_two.h's world_sole). */
#include "ready_ring.h"

/*@ // Every task's base and effective priority and every mutex's
    // ceiling a level that exists (task.c and mutex.c check a base and a
    // ceiling against VOS_PRIO_MAX; an effective priority is the largest
    // of these, pi_q): so is what required_prio returns (prio_req).
    predicate prios_ok{L} =
      (\forall vos_task_t *x; task(x) ==>
         x->base_prio < VOS_CFG_PRIO_LEVELS && x->prio < VOS_CFG_PRIO_LEVELS) &&
      (\forall struct vos_mutex *m; mutex(m) ==> m->ceiling < VOS_CFG_PRIO_LEVELS);

    // For every task BLOCKED on a queue: ch_mem and ch_qsep
    // (eff_prio_world.h: every member of its queue a task BLOCKED on it,
    // the queue apart from the scheduler's block), what
    // vos__set_eff_prio's case moved requires of t.
    predicate world_qs{L} = \forall vos_task_t *x;
      task(x) && x->state == VOS_TASK_BLOCKED && x->waitq != \null ==>
        ch_mem(x) && ch_qsep(x);

    // What the walk carries besides the rest of kernel/pi.c's loop
    // invariant, its clause walk_more: the ready model, which
    // vos__set_eff_prio requires and keeps, prios_ok, from which its
    // requires prio < VOS_CFG_PRIO_LEVELS, world_qs, and world_ring (from
    // which a READY t's rd_sole, ready_ring_two.h's world_sole).
    predicate walk_more{L} =
      map_ok && rd_levels(\null) && rd_prios(\null) && prios_ok && world_qs && world_ring;
*/

/* kernel/pi.c's loop invariant of vos__pi_update has the clause
 * walk_more: this file's (above), not pi_world.h's default (PI_WALK_MORE,
 * defined before pi_world.h is included). */
#include EV_SOURCE

/* listed_valid, bridge and the lemma held_bridge with its steps
 * (pi_held.h: proved by run pi_held, in a small context; pi_chain_lemmas
 * leaves them out). */
#include "pi_held.h"

/*@ predicate pi_ok{L}(vos_task_t *x) = x->prio == imax(x->base_prio, held_max(x->held));

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

    // What required_prio(x) returns is a level that exists: each lend
    // (lend_lt), so the largest (prio_held), from the world (prio_req).
    lemma lend_lt{L}: \forall struct vos_mutex *m;
      prios_ok && mutex(m) && heads(m) ==> lend(m) < VOS_CFG_PRIO_LEVELS;
    lemma prio_held{L}: \forall vos_task_t *x;
      bridge(x) && prios_ok && world_heads &&
      (\forall integer i; 0 <= i < hn(x) ==> mutex(hl(x, i))) ==>
        held_max(x->held) < VOS_CFG_PRIO_LEVELS;
    lemma prio_req{L}: \forall vos_task_t *x;
      world_lists && world_heads && prios_ok && task(x) && bridge(x) ==>
        held_max(x->held) < VOS_CFG_PRIO_LEVELS;

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
    // world_qs is kept: it reads the tasks' state and queue (frame_tasks).
    lemma qs_frame{L1, L2}: \forall vos_task_t *t;
      world_qs{L1} && frame{L1, L2}(t) ==> world_qs{L2};

    // The priorities stay levels that exist when t's new one is.
    lemma prios_frame{L1, L2}: \forall vos_task_t *t;
      prios_ok{L1} && frame{L1, L2}(t) && task(t) && \at(t->prio, L2) < VOS_CFG_PRIO_LEVELS ==>
        prios_ok{L2};

*/

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

/* Assumed (kernel/sched.c; eff_prio_all.c proves each ensures for every
 * behavior, moved's heads and rd_levels under ch_mem(t), required here;
 * world_ring kept: eff_prio_all_ring.c, eff_prio_ready_ring.h; the walk
 * establishes its requires for same, other and ready (rd_sole(t) from
 * world_ring by world_sole), for moved all but the queue's model: the
 * header above): sets t->prio; writes task links, the
 * scheduler's block and the head of t's wait queue, and (frame) nothing
 * else that the invariant reads; leaves every mutex's first waiter a
 * task blocked on it; keeps the ready model (written as eff_prio_all.c's
 * ch_map, ch_prios and ch_rd) and world_ring. */
/*@ requires chain_world;
    requires task(t);
    requires prio <= 255;
    requires prio < VOS_CFG_PRIO_LEVELS;
    requires map_ok && rd_levels(\null) && rd_prios(\null);
    requires t->state == VOS_TASK_BLOCKED && t->waitq != \null ==> ch_qsep(t);
    requires t->state == VOS_TASK_BLOCKED && t->waitq != \null ==> ch_mem(t);
    requires world_ring;
    assigns t->prio, vos__s, t->waitq->head,
            {y->next | vos_task_t *y; task(y)}, {y->prev | vos_task_t *y; task(y)};
    ensures t->prio == prio;
    ensures frame{Pre, Here}(t);
    ensures \forall struct vos_mutex *m; mutex(m) ==> m->owner_word == \old(m->owner_word);
    ensures \forall struct vos_mutex *m; mutex(m) ==> heads(m);
    ensures \old(map_ok) ==> map_ok;
    ensures \old(rd_levels(\null)) ==> rd_levels(\null);
    ensures \old(rd_prios(\null)) ==> rd_prios(\null);
    ensures \old(world_ring) ==> world_ring;
*/
void vos__set_eff_prio(vos_task_t *t, unsigned prio, int cause);

/*@ requires chain_objects;
    requires world_lists;
    requires world_waits;
    requires world_heads;
    requires owners_ok;
    requires map_ok && rd_levels(\null) && rd_prios(\null);
    requires prios_ok;
    requires world_qs;
    requires world_ring;
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
    ensures map_ok && rd_levels(\null) && rd_prios(\null);
    ensures prios_ok;
    ensures world_qs;
    ensures world_ring;
    ensures \forall vos_task_t *x1, *x2; task(x1) && task(x2) && x1 != x2 ==>
              pi_q(x1) || pi_q(x2);
    ensures \old(short_chain(t, VOS_CFG_PI_DEPTH)) ==> \forall vos_task_t *x; task(x) ==> pi_q(x);
*/
void vos__pi_update(vos_task_t *t);

