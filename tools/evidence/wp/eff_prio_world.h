/* SPDX-License-Identifier: MIT */
/*
 * The predicates shared by the proof of vos__set_eff_prio's whole contract
 * (tools/evidence/wp/eff_prio_all.c) and the chain walk's assumed contract
 * of it (tools/evidence/wp/pi_chain.c), one text for both so that they
 * cannot drift (the two files cannot include each other: eff_prio_all.c
 * declares the proved contract of vos__set_eff_prio, pi_chain.c an
 * assumed one, which Frama-C would merge):
 *  - ch_mem(t): every member of t's wait queue a task BLOCKED on it (the
 *    tie of kernel/wait.c's uninterpreted wq_mem to the tasks' wait
 *    fields): eff_prio_all.c's behavior moved proves its heads and its
 *    ready levels kept under \old(ch_mem(t)); pi_chain.c requires it at
 *    the call for a t BLOCKED on a queue, and its world_qs carries it for
 *    every such task;
 *  - ch_qsep(t): t's wait queue apart from the scheduler's block:
 *    behavior moved's precondition ch_qsep in eff_prio_all.c; in
 *    pi_chain.c a requires of the call for a t BLOCKED on a queue, and
 *    part of world_qs.
 * Definitions only: no axiom, no assumption. Read after pi_world.h (task,
 * included here) and kernel/wait.c's ACSL (wq_mem: each file includes
 * wait.c before this header).
 */
#ifndef VAIOS_EVIDENCE_EFF_PRIO_WORLD_H
#define VAIOS_EVIDENCE_EFF_PRIO_WORLD_H

#include "pi_world.h"

/*@ // Every member of t's queue a task BLOCKED on it.
    predicate ch_mem{L}(vos_task_t *t) =
      \forall vos_task_t *x; wq_mem(t->waitq, x) ==>
        task(x) && x->state == VOS_TASK_BLOCKED && x->waitq == t->waitq;

    // t's queue apart from the scheduler's block (not implied by
    // chain_world when t waits on no mutex).
    predicate ch_qsep{L}(vos_task_t *t) = \separated(t->waitq, &vos__s);
*/

#endif
