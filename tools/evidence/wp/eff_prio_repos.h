/* SPDX-License-Identifier: MIT */
/*
 * vos__waitq_reposition's contract (kernel/wait.c), proved by
 * tools/evidence/wp/eff_prio_repos.c (run eff_prio_repos), used at the
 * call by tools/evidence/wp/eff_prio_set.c (vos__set_eff_prio). Read after
 * tools/evidence/wp/eff_prio.c's model (and its WQ_PRE_MEMBER).
 */
#ifndef VAIOS_EVIDENCE_EFF_PRIO_REPOS_H
#define VAIOS_EVIDENCE_EFF_PRIO_REPOS_H

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
*/
void vos__waitq_reposition(struct vos_waitq *q, vos_task_t *t);

#endif
