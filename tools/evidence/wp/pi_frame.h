/* SPDX-License-Identifier: MIT */
/*
 * What vos__set_eff_prio(t, _) leaves as it was (kernel/sched.c), in the
 * names of the chain walk's world (tools/evidence/wp/pi_world.h): the
 * predicate frame, the conjunction of frame_prios, frame_tasks,
 * frame_mutexes and frame_qheads, read by the chain walk's proof
 * (pi_chain.c, its lemmas and its contract of vos__set_eff_prio) and
 * proved of the code by eff_prio_all.c (docs/evidence.md, "Priority
 * inheritance's recompute"; its behavior moved proves the four parts one
 * ensures each).
 * A definition only: no axiom, no assumption.
 */
#ifndef VAIOS_EVIDENCE_PI_FRAME_H
#define VAIOS_EVIDENCE_PI_FRAME_H

#include "pi_world.h"

/* Each part's body is a macro, FRAME_*(L1, L2, ...), so that a proof
 * which must state a part written out (WP splits a written-out body into
 * one goal per field and path; a named predicate stays one goal:
 * eff_prio_all.c's behavior ready) uses the same text as the definition. */
/* Every task's priority but t's. */
#define FRAME_PRIOS(L1, L2, T) \
      \forall vos_task_t *y; task(y) && y != (T) ==> \at(y->prio, L2) == \at(y->prio, L1)
/* Every task's base priority, held list, state, wait mutex and queue. */
#define FRAME_TASKS(L1, L2) \
      \forall vos_task_t *y; task(y) ==> \
        \at(y->base_prio, L2) == \at(y->base_prio, L1) && \at(y->held, L2) == \at(y->held, L1) && \
        \at(y->state, L2) == \at(y->state, L1) && \at(y->wait_mutex, L2) == \at(y->wait_mutex, L1) && \
        \at(y->waitq, L2) == \at(y->waitq, L1)
/* Every mutex's ceiling and held-list link. */
#define FRAME_MUTEXES(L1, L2) \
      \forall struct vos_mutex *m; mutex(m) ==> \
        \at(m->ceiling, L2) == \at(m->ceiling, L1) && \at(m->next_held, L2) == \at(m->next_held, L1)

/*@ // What vos__set_eff_prio(t, _) leaves as it was, from L1 to L2, in
    // four parts, one predicate each, so that a proof may state and prove
    // them one at a time (eff_prio_all.c's behavior moved: ch_fr_prio,
    // ch_fr_task, ch_fr_mx, ch_fr_mh) and still name this definition.
    predicate frame_prios{L1, L2}(vos_task_t *t) = FRAME_PRIOS(L1, L2, t);

    predicate frame_tasks{L1, L2} = FRAME_TASKS(L1, L2);

    predicate frame_mutexes{L1, L2} = FRAME_MUTEXES(L1, L2);

    // Every mutex's first waiter, but that of the queue t is BLOCKED on.
    predicate frame_qheads{L1, L2}(vos_task_t *t) =
      \forall struct vos_mutex *m; mutex(m) ==>
        \at(m->waiters.head, L2) == \at(m->waiters.head, L1) ||
        \at(t->state == VOS_TASK_BLOCKED && t->waitq == &m->waiters, L1);

    predicate frame{L1, L2}(vos_task_t *t) =
      frame_prios{L1, L2}(t) && frame_tasks{L1, L2} && frame_mutexes{L1, L2} &&
      frame_qheads{L1, L2}(t);
*/

#endif
