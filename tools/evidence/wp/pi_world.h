/* SPDX-License-Identifier: MIT */
/*
 * The world of priority inheritance's chain walk, in ACSL, for the WP
 * proof of vos__pi_update (tools/evidence/wp/pi_chain.c; docs/evidence.md).
 * kernel/pi.c's loop invariant of vos__pi_update is written with these
 * names, so every Frama-C run that reads kernel/pi.c reads this file
 * first: tools/evidence/wp/pi.c and pi_chain.c include it before the
 * kernel source, and tools/evidence/run.py eva passes it for kernel/pi.c
 * (-cpp-extra-args-per-file). kernel/pi.c itself keeps the logic of
 * required_prio (held_ok, imax, lend, held_max) and pi_q, the invariant
 * written out over this file's hl(x, _).
 *
 * What it models: task(x) and mutex(m) name the kernel's task objects and
 * the mutexes (and holds) on held lists or waited for; hl(x, i),
 * i < hn(x), is the i-th entry of x's held list; mowner(m) is m's owner.
 * These five are uninterpreted (the axiomatic block below declares them
 * and states no axiom): only what chain_world and owners_ok say of them
 * is assumed, and those are preconditions of the proof (pi_chain.c's
 * contract of vos__pi_update), not axioms. The rest are definitions.
 */
#ifndef VAIOS_EVIDENCE_PI_WORLD_H
#define VAIOS_EVIDENCE_PI_WORLD_H

#include "kernel.h"

/*@ axiomatic PiWorld {
      predicate task(vos_task_t *x);
      predicate mutex(struct vos_mutex *m);
      logic struct vos_mutex *hl(vos_task_t *x, integer i);
      logic integer hn(vos_task_t *x);
      logic vos_task_t *mowner(struct vos_mutex *m);
    }
*/

/* vos__owner_of(m), kernel/pi.h, with the kernel's own mask; mowner(m) is
 * its value during the walk (which changes no owner): owners_ok. The cast
 * makes ACSL's ~, which is on mathematical integers (~3 is -4), the C one
 * on the owner word's type (0xFFFFFFFC), as in the code. (The predicates
 * the lemmas of pi_chain.c read use mowner only: WP 25 stops on a read of
 * the volatile owner word in a lemma.) */
/*@ logic vos_task_t *owner{L}(struct vos_mutex *m) =
      (vos_task_t *)(uintptr_t)(m->owner_word & (uintptr_t)~VOS__OWNER_FLAGS);

    predicate owners_ok{L} = \forall struct vos_mutex *m; mutex(m) ==> owner(m) == mowner(m);

    logic struct vos_mutex *hnode(vos_task_t *x, integer i) =
      i < hn(x) ? hl(x, i) : (struct vos_mutex *)\null;
*/

/* walk_more, a clause of kernel/pi.c's loop invariant of vos__pi_update:
 * what a proof carries through the walk's loop besides the structure.
 * By default nothing (true): pi.c and run.py eva read it so. A proof that
 * carries more defines PI_WALK_MORE before it includes this file and its
 * own walk_more before the kernel source (pi_chain.c: the ready model,
 * prios_ok, world_qs). ACSL has no default a later definition overrides,
 * hence the #ifndef. */
#ifndef PI_WALK_MORE
/*@ predicate walk_more = \true; */
#endif

/* x's held list is hl(x, 0 .. hn(x) - 1): each a mutex x owns. */
/*@ predicate listed{L}(vos_task_t *x) =
      0 <= hn(x) <= 2147483647 && x->held == hnode(x, 0) &&
      \forall integer i; 0 <= i < hn(x) ==>
        mutex(hl(x, i)) && hl(x, i)->next_held == hnode(x, i + 1) && mowner(hl(x, i)) == x;
*/

/* The first waiter h of a mutex m is a task blocked on m. PI_HEADS(M) is
 * the definition's body, for the mutex M: a proof that must state it
 * written out (eff_prio_all.c's behavior moved, where WP's simplifier
 * reads the fields after the call only when they are not inside a named
 * predicate) uses the macro, so the two cannot drift apart. */
#define PI_HEADS(M) \
      ((M)->waiters.head != \null ==> \
        task((M)->waiters.head) && (M)->waiters.head->state == VOS_TASK_BLOCKED && \
        (M)->waiters.head->wait_mutex == (M) && (M)->waiters.head->waitq == &(M)->waiters)
/*@ predicate heads{L}(struct vos_mutex *m) = PI_HEADS(m);
*/

/* A task waits on at most one mutex, not one it owns; its wait queue is
 * that mutex's, or (no mutex) a queue apart from every task and mutex. */
/*@ predicate waits_ok{L}(vos_task_t *x) =
      (x->wait_mutex != \null ==>
         mutex(x->wait_mutex) && mowner(x->wait_mutex) != x &&
         (mowner(x->wait_mutex) == \null || task(mowner(x->wait_mutex)))) &&
      (x->waitq != \null ==>
         (x->wait_mutex != \null && x->waitq == &x->wait_mutex->waiters) ||
         (x->wait_mutex == \null &&
          (\forall struct vos_mutex *m; mutex(m) ==> \separated(x->waitq, m)) &&
          (\forall vos_task_t *y; task(y) ==> \separated(x->waitq, y))));
*/

/* Tasks and mutexes are valid objects, apart from each other and from the
 * scheduler's block. */
/*@ predicate chain_objects{L} =
      (\forall vos_task_t *x; task(x) ==> \valid(x) && \separated(x, &vos__s)) &&
      (\forall struct vos_mutex *m; mutex(m) ==> \valid(m) && \separated(m, &vos__s)) &&
      (\forall vos_task_t *x, *y; task(x) && task(y) && x != y ==> \separated(x, y)) &&
      (\forall struct vos_mutex *m, *n; mutex(m) && mutex(n) && m != n ==> \separated(m, n)) &&
      (\forall vos_task_t *x, struct vos_mutex *m; task(x) && mutex(m) ==> \separated(x, m));

    predicate world_lists{L} = \forall vos_task_t *x; task(x) ==> listed(x);
    predicate world_waits{L} = \forall vos_task_t *x; task(x) ==> waits_ok(x);
    predicate world_heads{L} = \forall struct vos_mutex *m; mutex(m) ==> heads(m);
    predicate chain_world{L} = chain_objects && world_lists && world_waits && world_heads;
*/

/* The chain from t has at most n tasks to recompute: it reaches, within n
 * tasks, one that does not wait on a mutex, or no owner. */
/*@ predicate short_chain{L}(vos_task_t *t, integer n) =
      t == \null || (n >= 1 &&
        (t->state != VOS_TASK_BLOCKED || t->wait_mutex == \null ||
         short_chain(mowner(t->wait_mutex), n - 1)));
*/

/* The walk changes no task's state or wait mutex. */
/*@ predicate waits_kept{L1, L2} = \forall vos_task_t *y; task(y) ==>
      \at(y->state, L2) == \at(y->state, L1) && \at(y->wait_mutex, L2) == \at(y->wait_mutex, L1);
*/

/* A chain from t0 short enough leaves one from tt short enough for the dd
 * steps taken (read in the state L the walk started from). */
/*@ predicate short_left{L}(vos_task_t *t0, vos_task_t *tt, integer dd) =
      short_chain(t0, VOS_CFG_PI_DEPTH) ==> short_chain(tt, VOS_CFG_PI_DEPTH - dd);
*/

#endif
