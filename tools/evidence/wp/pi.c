/* SPDX-License-Identifier: MIT */
/*
 * WP proof of priority inheritance's recompute step: kernel/pi.c's
 * required_prio(t) is the maximum of t's base priority, the ceiling of
 * every mutex on t's held list and the effective priority of the first
 * (highest-priority) waiter of each. The code proved is kernel/pi.c
 * itself, included whole; the logic (held_ok, held_max) and the loop
 * invariant are ACSL comments beside the function; this file adds the
 * contract. (It also reads pi_world.h, the chain walk's logic, because
 * kernel/pi.c's other loop invariant is written with it; this proof uses
 * none of it.)
 *
 * Assumptions: t's held list is finite and its mutexes and their first
 * waiters are valid objects (held_ok, an inductive predicate); the
 * default configuration (no MPU, no channel lends). That a queue's first
 * waiter has its highest priority is wait.c's invariant (priority order),
 * not proved here; nor is the chain walk of vos__pi_update
 * (docs/evidence.md).
 */
/* The chain walk's names, which kernel/pi.c's loop invariant of
 * vos__pi_update reads (pi_world.h includes kernel.h), then the source
 * file that defines required_prio (tools/evidence/run.py finds it: the
 * proof follows the code if it moves). */
#include "pi_world.h"
#include EV_SOURCE


/*@ requires \valid_read(t);
    requires held_ok(t->held);
    assigns \nothing;
    ensures \result == imax(t->base_prio, held_max(t->held));
*/
static unsigned required_prio(const vos_task_t *t);
