/* SPDX-License-Identifier: MIT */
/*
 * WP proof of vos__waitq_reposition (kernel/wait.c: remove t, insert it
 * again; issue 34, docs/evidence.md "The wait queue's order"): for t a
 * member of a well-formed queue whose other members are in priority
 * order (t's own priority free, as after vos__set_eff_prio changed it),
 * the queue is well formed after, with t placed by its priority: after
 * every member of priority >= t's, before every lower one (wq_ok(q, t, 1,
 * t->prio) in tools/evidence/wp/eff_prio.c's model), nothing but the
 * links and the head written, every priority kept.
 *
 * The proof uses, at the calls, the contracts of vos__waitq_remove and
 * vos__waitq_insert that tools/evidence/wp/eff_prio.c states (proved by
 * the runs eff_prio and eff_prio_ilinks), and the lemmas that carry the
 * model through them: rm_direct_ok (remove's precondition rm_direct),
 * rm_last and rm_next (wq_last, wq_next after the removal), ins_head,
 * ins_links, ins_inj, ins_sorted (eff_prio.c) and ins_last, ins_next
 * (tools/evidence/wp/eff_prio_ins.h), each proved by eff_prio_lemmas or
 * eff_prio_ins_lemmas. Assumptions: the preconditions below (those of
 * vos__waitq_remove less rm_direct, which rm_direct_ok proves from them).
 */
#define EFF_PRIO_REPOS 1
#include "eff_prio.c"
#include "eff_prio_ins.h"

/*@ requires wq_sep(q, \null, 0) && \valid(t);
    requires wq_in(q, \null, 0, t);
    requires wq_head(q, \null, 0, 0);
    requires wq_links(q, \null, 0);
    requires wq_last(q, \null, 0, 0);
    requires wq_next(q, \null, 0, 0);
    requires wq_inj(q, \null, 0);
    requires wq_sorted(q, t, 0, 0);
    assigns q->head, {y->next | vos_task_t *y; task(y)}, {y->prev | vos_task_t *y; task(y)};
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
