/* SPDX-License-Identifier: MIT */
/*
 * What the ready levels' steps keep of the fields the chain walk reads
 * (issue 34, docs/evidence.md "The ready levels"): vos__ready_unlink,
 * vos__ready_remove, vos__ready_insert and ready_insert_head (kernel/
 * ksched.h, kernel/sched.c) write only task links, the levels' heads and
 * the map, so every task keeps held, wait_mutex and waitq (rk_keep), and
 * every mutex apart from vos__s and from every task (rk_mapart) keeps
 * next_held and its queue's head (rk_mkeep). The assigns clauses say as
 * much, but a caller's goal through them (vos__set_eff_prio's behavior
 * ready, eff_prio_all.c) timed out: these postconditions restate the
 * frame for the fields a caller reads, as eff_prio_repos.h's rp_keep and
 * rp_mkeep do for vos__waitq_reposition. Contracts Frama-C merges with
 * ready.c's, eff_prio_ready.h's and eff_prio_ready_head.h's (read after
 * them); proved on the code by run eff_prio_ready_keep
 * (eff_prio_ready_keep.c), used at the calls by eff_prio_all.c. No
 * precondition added, no axiom.
 */
#ifndef VAIOS_EVIDENCE_EFF_PRIO_READY_KEEP_H
#define VAIOS_EVIDENCE_EFF_PRIO_READY_KEEP_H

/*@ // m apart from the scheduler's block and from every task.
    predicate rk_mapart(struct vos_mutex *m) =
      \separated(m, &vos__s) && \forall vos_task_t *y; task(y) ==> \separated(m, y);
*/

/* The two postconditions, one pair per step. */
#define RK_ENS \
    ensures rk_keep: \forall vos_task_t *x; task(x) ==> \
      x->held == \old(x->held) && x->wait_mutex == \old(x->wait_mutex) && \
      x->waitq == \old(x->waitq); \
    ensures rk_mkeep: \forall struct vos_mutex *m; rk_mapart(m) ==> \
      m->next_held == \old(m->next_held) && m->waiters.head == \old(m->waiters.head);

/*@ RK_ENS */
static inline void vos__ready_unlink(vos_task_t *t);
/*@ RK_ENS */
void vos__ready_remove(vos_task_t *t);
/*@ RK_ENS */
static inline void vos__ready_insert(vos_task_t *t);
/*@ RK_ENS */
static void ready_insert_head(vos_task_t *t);

#endif
