/* SPDX-License-Identifier: MIT */
/*
 * vos__waitq_reposition's contract (kernel/wait.c), proved by
 * tools/evidence/wp/eff_prio_repos.c (run eff_prio_repos), used at the
 * call by tools/evidence/wp/eff_prio_set.c (vos__set_eff_prio). Read after
 * tools/evidence/wp/eff_prio.c's model (and its WQ_PRE_MEMBER).
 * rp_keep and rp_mkeep restate the assigns clause's frame for the
 * fields a caller reads (definitions only: no assumption).
 */
#ifndef VAIOS_EVIDENCE_EFF_PRIO_REPOS_H
#define VAIOS_EVIDENCE_EFF_PRIO_REPOS_H

/*@ // x apart from q and from every member of q but itself.
    predicate rp_apart(struct vos_waitq *q, vos_task_t *x) =
      \separated(q, x) && \forall vos_task_t *y; wq_mem(q, y) ==> y == x || \separated(y, x);
    // m apart from every member of q, q its queue or apart from it.
    predicate rp_mapart(struct vos_waitq *q, struct vos_mutex *m) =
      (q == &m->waiters || \separated(q, m)) &&
      \forall vos_task_t *y; wq_mem(q, y) ==> \separated(y, m);
*/

/*@ WQ_PRE_MEMBER
    assigns q->head, t->next, t->prev,
      {y->next | vos_task_t *y; wq_mem(q, y)}, {y->prev | vos_task_t *y; wq_mem(q, y)};
    ensures rp_prio: t->prio == \old(t->prio) && fx_prio{Pre, Post}(q);
    ensures rp_sep: wq_sep(q, t, 1);
    ensures rp_head: wq_head(q, t, 1, t->prio);
    ensures rp_links: wq_links(q, t, 1);
    ensures rp_last: wq_last(q, t, 1, t->prio);
    ensures rp_next: wq_next(q, t, 1, t->prio);
    ensures rp_inj: wq_inj(q, t, 1);
    ensures rp_sorted: wq_sorted(q, t, 1, t->prio);
    ensures rp_keep: \forall vos_task_t *x; rp_apart(q, x) ==>
      x->held == \old(x->held) && x->wait_mutex == \old(x->wait_mutex) &&
      x->waitq == \old(x->waitq);
    ensures rp_mkeep: \forall struct vos_mutex *m; rp_mapart(q, m) ==>
      m->next_held == \old(m->next_held) &&
      (q != &m->waiters ==> m->waiters.head == \old(m->waiters.head));
*/
void vos__waitq_reposition(struct vos_waitq *q, vos_task_t *t);

#endif
