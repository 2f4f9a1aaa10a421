/* SPDX-License-Identifier: MIT */
/*
 * WP proof of two of vos__set_eff_prio's cases (kernel/sched.c; issue 34,
 * docs/evidence.md "The wait queue's order"): the priority unchanged
 * (nothing written), and a BLOCKED task on a wait queue (t->waitq not
 * null) whose priority changes: t->prio becomes prio and t is
 * repositioned, the queue well formed after with t placed by prio
 * (wq_ok(q, t, 1, prio) in tools/evidence/wp/eff_prio.c's model), every
 * other member's priority kept, only t->prio, the queue's head and the
 * links of t and of the queue's members (wq_mem) written. Not covered (no behavior states them): a READY task
 * (the ready levels), a task in another state or BLOCKED without a queue.
 *
 * The code proved is kernel/sched.c (EV_SOURCE); the model is
 * kernel/wait.c's ACSL and eff_prio.c, which this file includes with
 * kernel/wait.c as its source (so the TU holds both files' code; only
 * vos__set_eff_prio's goals are run). At the call, vos__waitq_reposition's
 * contract (tools/evidence/wp/eff_prio_repos.h), proved by eff_prio_repos.
 * The contract is tools/evidence/wp/eff_prio_set.h (read also by
 * eff_prio_all.c, vos__set_eff_prio's whole contract).
 * Assumptions: the preconditions (eff_prio_set.h: prio fits t->prio's byte; t a
 * valid task; in the moved case, the preconditions of
 * vos__waitq_reposition for t's queue); VOS_CFG_TRACE is 0 (the
 * trace hook is empty).
 */
#define EFF_PRIO_SET 1
#include "pi_world.h"
#include EV_SOURCE            /* kernel/sched.c */
#undef EV_SOURCE
#define EV_SOURCE "wait.c"    /* kernel/wait.c (-Ikernel), for eff_prio.c */
#include "eff_prio.c"
#include "eff_prio_ins.h"     /* sorted_keep */
#include "eff_prio_repos.h"

#include "eff_prio_set.h"     /* the contract: behaviors same and moved */
