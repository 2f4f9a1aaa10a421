/* SPDX-License-Identifier: MIT */
/*
 * Two of vos__set_eff_prio's behaviors (kernel/sched.c): same (the
 * priority unchanged) and moved (a BLOCKED t on a wait queue), in
 * tools/evidence/wp/eff_prio.c's model of the queue. Proved by
 * eff_prio_set.c (run eff_prio_set), which includes this file; read also
 * by eff_prio_all.c, the whole contract (run eff_prio_all). Read after
 * eff_prio.c and eff_prio_repos.h.
 */
#ifndef VAIOS_EVIDENCE_EFF_PRIO_SET_H
#define VAIOS_EVIDENCE_EFF_PRIO_SET_H

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
      assigns t->prio, t->waitq->head, t->next, t->prev,
        {y->next | vos_task_t *y; wq_mem(t->waitq, y)},
        {y->prev | vos_task_t *y; wq_mem(t->waitq, y)};
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

#endif
