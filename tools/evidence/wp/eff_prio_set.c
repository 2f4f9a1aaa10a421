/* SPDX-License-Identifier: MIT */
/*
 * WP proof of two of vos__set_eff_prio's cases (kernel/sched.c; issue 34,
 * docs/evidence.md "The wait queue's order"): the priority unchanged
 * (nothing written), and a BLOCKED task on a wait queue (t->waitq not
 * null) whose priority changes: t->prio becomes prio and t is
 * repositioned, the queue well formed after with t placed by prio
 * (wq_ok(q, t, 1, prio) in tools/evidence/wp/eff_prio.c's model), every
 * other member's priority kept, only t->prio, the queue's head and the
 * links written. Not covered (no behavior states them): a READY task
 * (the ready levels), a task in another state or BLOCKED without a queue.
 *
 * The code proved is kernel/sched.c (EV_SOURCE); the model is
 * kernel/wait.c's ACSL and eff_prio.c, which this file includes with
 * kernel/wait.c as its source (so the TU holds both files' code; only
 * vos__set_eff_prio's goals are run). At the call, vos__waitq_reposition's
 * contract (tools/evidence/wp/eff_prio_repos.h), proved by eff_prio_repos.
 * Assumptions: the preconditions below (prio fits t->prio's byte; t a
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

/*@ requires prio <= 255 && \valid(t);
    behavior same:
      assumes t->prio == prio;
      assigns \nothing;
    behavior moved:
      assumes t->prio != prio && t->state == VOS_TASK_BLOCKED && t->waitq != \null;
      requires wq_sep(t->waitq, \null, 0);
      requires wq_in(t->waitq, \null, 0, t);
      requires wq_head(t->waitq, \null, 0, 0);
      requires wq_links(t->waitq, \null, 0);
      requires wq_last(t->waitq, \null, 0, 0);
      requires wq_next(t->waitq, \null, 0, 0);
      requires wq_inj(t->waitq, \null, 0);
      requires wq_sorted(t->waitq, t, 0, 0);
      assigns t->prio, t->waitq->head, {y->next | vos_task_t *y; task(y)},
        {y->prev | vos_task_t *y; task(y)};
      ensures sp_prio: t->prio == prio;
      ensures sp_others: \forall vos_task_t *x; wq_mem(\old(t->waitq), x) && x != t ==>
        x->prio == \old(x->prio);
      ensures sp_sep: wq_sep(\old(t->waitq), t, 1);
      ensures sp_head: wq_head(\old(t->waitq), t, 1, prio);
      ensures sp_links: wq_links(\old(t->waitq), t, 1);
      ensures sp_last: wq_last(\old(t->waitq), t, 1, prio);
      ensures sp_next: wq_next(\old(t->waitq), t, 1, prio);
      ensures sp_inj: wq_inj(\old(t->waitq), t, 1);
      ensures sp_sorted: wq_sorted(\old(t->waitq), t, 1, prio);
*/
void vos__set_eff_prio(vos_task_t *t, unsigned prio, int cause);
