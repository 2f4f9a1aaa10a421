/* SPDX-License-Identifier: MIT */
/*
 * WP proof of the wait queue's steps (docs/evidence.md, issue 34), the
 * first part of proving vos__set_eff_prio's contract (the one
 * tools/evidence/wp/pi_chain.c assumes at its call) on the kernel's own
 * code: vos__set_eff_prio repositions a BLOCKED task in its wait queue
 * with kernel/wait.c's vos__waitq_remove and vos__waitq_insert.
 * The code proved is kernel/wait.c itself, included whole (run.py finds
 * it: the file that defines vos__waitq_insert); the model's names
 * (wq_mem, wq_rank, wq_in, wq_before) and the insertion loop's invariant
 * are ACSL comments in kernel/wait.c, code unchanged.
 *
 * The model. A wait queue q is a ring (next/prev) through its members,
 * wq_mem(q, x) (uninterpreted), ordered by an order key wq_rank
 * (uninterpreted: any order of the members) and by priority, highest
 * first: wq_ok = wq_head (the head is a member, first; no member when
 * empty), wq_links (a member's next and prev are members, linked both
 * ways), wq_last (the head's prev is last), wq_next (any other member's
 * next is its successor in the order), wq_inj (the key tells members
 * apart), wq_sorted (a member before another has a priority at least
 * the other's). In wq_in(q, t, tin, x) and wq_before(t, p, x, y), t's own
 * membership is tin and t's place in the order is by priority p: after
 * every member of priority >= p, before every member of lower priority
 * (FIFO among equals: where vos__waitq_insert puts it).
 *
 * Proved here (eff_prio.wp runs the functions' goals but the two
 * properties it names with -wp-prop=-..., which eff_prio_ilinks.wp proves;
 * eff_prio_lemmas.wp every lemma, eff_prio_lemmas.c being this file with
 * EFF_PRIO_LEMMAS defined):
 *  - vos__waitq_remove(q, t), for t a member of a queue with wq_ok (t's
 *    own priority free: wq_sorted without t, so a caller may have changed
 *    it): every access valid; its effect as the code writes it: on the
 *    head (rm_single, rm_headfx), on the links (rm_linkfx: t's old prev
 *    and next linked to each other, every other member's links as they
 *    were; fx_links), the priorities kept (fx_prio); after it, wq_sep,
 *    wq_head, wq_links, wq_inj and wq_sorted with t out (rm_sep,
 *    rm_head_ok, rm_links_ok, rm_inj_ok, rm_sorted_ok); it writes only
 *    q->head and the links of t and of q's members (wq_mem: assigns);
 *  - the lemmas rm_head, rm_links, rm_last, rm_next, rm_inj, rm_sorted: a
 *    removal with that effect keeps wq_head, wq_links, wq_last, wq_next,
 *    wq_inj and wq_sorted, t out (rm_next through the helper lemmas
 *    rm_prev_of, before_rank, rm_nx_ok, rm_next_other, rm_np_ok,
 *    rm_pn_links, rm_next_prev1, rm_next_prev: one case each); wq_last and
 *    wq_next after remove are not postconditions of its contract (proved
 *    on the code they time out): a caller gets them from these lemmas, as
 *    vos__waitq_reposition's proof does (eff_prio_repos.c);
 *  - vos__waitq_insert(q, t), t not a member: every access valid, the
 *    loop invariant (kernel/wait.c: pos a member, every member before
 *    pos of priority >= t's, and ins_sep: pos and pos->prev apart from
 *    every other member), its effect on an empty queue (ins_empty),
 *    and on a non-empty one its place (ins_place: t before the first
 *    member of priority below t's, or after the last when there is none),
 *    the head it leaves (ins_headfx) and its links (ins_linkfx, fx_ilinks:
 *    t between pos's old prev and pos, every other link as it was; with
 *    ins_sep, proved by eff_prio_ilinks.wp), t's and the members'
 *    priorities kept, only q->head and the links of t and of q's members
 *    written (assigns);
 *  - the lemmas ins_sorted, ins_inj, ins_head, ins_links: an insertion
 *    with the effect the code is meant to have (ins_empty, ins_place,
 *    ins_headfx, ins_linkfx) keeps wq_sorted, wq_inj, wq_head and
 *    wq_links, t in at its priority's place (wq_last and wq_next:
 *    tools/evidence/wp/eff_prio_ins.h).
 * Not proved yet (docs/evidence.md): vos__set_eff_prio's contract as
 * pi_chain.c assumes it (so pi_chain.c still assumes it);
 * vos__waitq_reposition is proved by eff_prio_repos.c, and two cases of
 * vos__set_eff_prio (unchanged; BLOCKED on a queue) by eff_prio_set.c.
 *
 * Assumptions (preconditions below): the queue, t and the members are
 * valid objects apart from each other (wq_sep), and q satisfies wq_ok
 * (for remove, t a member). remove's rm_direct (t's neighbours are
 * members; each member apart from q, and from t, t->next and t->prev
 * unless it is that one) is no further assumption: the lemma
 * rm_direct_ok proves it from wq_sep, wq_links and t a member; it is
 * stated so the provers need not find those instances themselves (with
 * only wq_sep they timed out). The functions' run reads the nine
 * model lemmas, not the helpers (which slowed its goals past 60 s);
 * rm_direct_ok and rm_next are also read by eff_prio_repos.c and
 * eff_prio_ins_lemmas.c (EFF_PRIO_REPOS). -wp-split only.
 */
#include "pi_world.h"      /* task(x) */
#include EV_SOURCE         /* kernel/wait.c */

/*@
    // The members, t and q are valid objects apart from each other.
    predicate wq_sep{L}(struct vos_waitq *q, vos_task_t *t, integer tin) =
      \valid(q) && (t != \null ==> task(t) && \valid(t) && \separated(q, t)) &&
      (\forall vos_task_t *x; wq_in(q, t, tin, x) ==>
         task(x) && \valid(x) && \separated(q, x) && (x != t ==> \separated(x, t))) &&
      (\forall vos_task_t *x, *y; wq_in(q, t, tin, x) && wq_in(q, t, tin, y) && x != y ==>
         \separated(x, y));

    // The head is a member, first in the order; no member when empty.
    predicate wq_head{L}(struct vos_waitq *q, vos_task_t *t, integer tin, integer p) =
      (q->head == \null ==> \forall vos_task_t *x; !wq_in(q, t, tin, x)) &&
      (q->head != \null ==> wq_in(q, t, tin, q->head) &&
         \forall vos_task_t *x; wq_in(q, t, tin, x) && x != q->head ==> wq_before(t, p, q->head, x));

    // Links: a member's neighbours are members, linked both ways.
    predicate wq_links{L}(struct vos_waitq *q, vos_task_t *t, integer tin) =
      \forall vos_task_t *x; wq_in(q, t, tin, x) ==>
        wq_in(q, t, tin, x->next) && wq_in(q, t, tin, x->prev) &&
        x->next->prev == x && x->prev->next == x;

    // The member before the head is the last in the order.
    predicate wq_last{L}(struct vos_waitq *q, vos_task_t *t, integer tin, integer p) =
      \forall vos_task_t *x; wq_in(q, t, tin, x) && x->next == q->head ==>
        \forall vos_task_t *y; wq_in(q, t, tin, y) && y != x ==> wq_before(t, p, y, x);

    // Any other member's next is its successor in the order.
    predicate wq_next{L}(struct vos_waitq *q, vos_task_t *t, integer tin, integer p) =
      \forall vos_task_t *x; wq_in(q, t, tin, x) && x->next != q->head ==>
        wq_before(t, p, x, x->next) &&
        \forall vos_task_t *y; wq_in(q, t, tin, y) ==>
          !(wq_before(t, p, x, y) && wq_before(t, p, y, x->next));

    // The order key tells members (but t) apart.
    predicate wq_inj{L}(struct vos_waitq *q, vos_task_t *t, integer tin) =
      \forall vos_task_t *x, *y; wq_in(q, t, tin, x) && wq_in(q, t, tin, y) &&
        x != y && x != t && y != t ==> wq_rank(x) != wq_rank(y);

    // Priority order, highest first.
    predicate wq_sorted{L}(struct vos_waitq *q, vos_task_t *t, integer tin, integer p) =
      \forall vos_task_t *x, *y; wq_in(q, t, tin, x) && wq_in(q, t, tin, y) &&
        wq_before(t, p, x, y) ==> x->prio >= y->prio;

    predicate wq_ok{L}(struct vos_waitq *q, vos_task_t *t, integer tin, integer p) =
      wq_head(q, t, tin, p) && wq_links(q, t, tin) && wq_last(q, t, tin, p) &&
      wq_next(q, t, tin, p) && wq_inj(q, t, tin) && wq_sorted(q, t, tin, p);

*/

/*@ // The members' priorities are kept.
    predicate fx_prio{L1, L2}(struct vos_waitq *q) =
      \forall vos_task_t *x; wq_mem(q, x) ==> \at(x->prio, L2) == \at(x->prio, L1);

    // vos__waitq_remove's effect, as the code writes it (N, P: t's old
    // neighbours): alone, the queue empties; else P and N are linked.
    predicate rm_single{L1, L2}(struct vos_waitq *q, vos_task_t *t) =
      \at(t->next, L1) == t ==> \at(q->head, L2) == \null;

    predicate rm_headfx{L1, L2}(struct vos_waitq *q, vos_task_t *t) =
      \at(t->next, L1) != t ==>
        \at(q->head, L2) == (\at(q->head, L1) == t ? \at(t->next, L1) : \at(q->head, L1));

    predicate rm_linkfx{L1, L2}(struct vos_waitq *q, vos_task_t *t) =
      \at(t->next, L1) != t ==>
        \forall vos_task_t *x; wq_mem(q, x) && x != t ==>
          \at(x->next, L2) == (x == \at(t->prev, L1) ? \at(t->next, L1) : \at(x->next, L1)) &&
          \at(x->prev, L2) == (x == \at(t->next, L1) ? \at(t->prev, L1) : \at(x->prev, L1));

    // vos__waitq_insert's effect: into an empty queue, t alone; else t
    // before p (t->next after): the first member of priority below t's,
    // or (none) the head, t then after the last; pp is p's old prev.
    predicate ins_empty{L1, L2}(struct vos_waitq *q, vos_task_t *t) =
      \at(q->head, L1) == \null ==>
        \at(q->head, L2) == t && \at(t->next, L2) == t && \at(t->prev, L2) == t;

    predicate ins_place{L1, L2}(struct vos_waitq *q, vos_task_t *t) =
      \at(q->head, L1) != \null ==>
        \let p = \at(t->next, L2);
        wq_in(q, t, 0, p) &&
        (\forall vos_task_t *y; wq_in(q, t, 0, y) && wq_before{L1}(t, 0, y, p) ==>
           \at(y->prio, L1) >= \at(t->prio, L1)) &&
        (\at(p->prio, L1) < \at(t->prio, L1) ||
         (p == \at(q->head, L1) &&
          \forall vos_task_t *y; wq_in(q, t, 0, y) ==> \at(y->prio, L1) >= \at(t->prio, L1)));

    predicate ins_headfx{L1, L2}(struct vos_waitq *q, vos_task_t *t) =
      \at(q->head, L1) != \null ==>
        \let p = \at(t->next, L2);
        \at(q->head, L2) == (p == \at(q->head, L1) && \at(p->prio, L1) < \at(t->prio, L1) ?
                              t : \at(q->head, L1));

    predicate ins_linkfx{L1, L2}(struct vos_waitq *q, vos_task_t *t) =
      \at(q->head, L1) != \null ==>
        \let p = \at(t->next, L2); \let pp = \at(p->prev, L1);
        \at(t->prev, L2) == pp &&
        \forall vos_task_t *x; wq_in(q, t, 0, x) ==>
          \at(x->next, L2) == (x == pp ? t : \at(x->next, L1)) &&
          \at(x->prev, L2) == (x == p ? t : \at(x->prev, L1));

    // The separation facts remove's code needs, stated directly: t's
    // neighbours are members, apart from t (when t is not alone), and
    // every member is q's apart and t's, t->next's and t->prev's apart
    // or one of them. They follow from wq_sep and wq_links (rm_direct_ok).
    predicate rm_direct{L}(struct vos_waitq *q, vos_task_t *t) =
      wq_in(q, \null, 0, t->next) && wq_in(q, \null, 0, t->prev) &&
      (t->next != t ==> t->prev != t) &&
      (\forall vos_task_t *x; wq_in(q, \null, 0, x) ==>
         \separated(x, q) &&
         (x == t || \separated(x, t)) &&
         (x == t->next || \separated(x, t->next)) &&
         (x == t->prev || \separated(x, t->prev)));
*/

/* rm_last's and rm_next's hypotheses, between states L1 and L2 (for q, t):
 * the queue before a removal of t and the removal's effect. A macro, so
 * that each lemma states them written out (as one predicate, a caller's
 * proof, which has them as separate facts, did not find the instance). */
#define RM_HYP(L1, L2) \
      t != \null && wq_mem(q, t) && wq_head{L1}(q, \null, 0, 0) && wq_links{L1}(q, \null, 0) && \
      wq_last{L1}(q, \null, 0, 0) && wq_next{L1}(q, \null, 0, 0) && wq_inj{L1}(q, \null, 0) && \
      rm_single{L1, L2}(q, t) && rm_headfx{L1, L2}(q, t) && rm_linkfx{L1, L2}(q, t) && \
      wq_head{L2}(q, t, 0, 0)

/* The preconditions vos__waitq_remove and vos__waitq_reposition share
 * (a clause list, for q and t): t a valid member of a queue well formed
 * without it, the other members in priority order (t's priority free). */
#define WQ_PRE_MEMBER \
    requires wq_sep(q, \null, 0) && \valid(t); \
    requires wq_in(q, \null, 0, t); \
    requires wq_head(q, \null, 0, 0); \
    requires wq_links(q, \null, 0); \
    requires wq_last(q, \null, 0, 0); \
    requires wq_next(q, \null, 0, 0); \
    requires wq_inj(q, \null, 0); \
    requires wq_sorted(q, t, 0, 0);

/* The lemmas. The original nine (rm_* and ins_* keeping the model) are
 * read by both runs: the functions' goals use them. The helper lemmas
 * after them (the model steps' sub-steps) only by the eff_prio_lemmas run
 * (tools/evidence/wp/eff_prio_lemmas.c defines EFF_PRIO_LEMMAS and
 * includes this file): in the functions' goals they only slow the
 * provers down. Every lemma is proved by eff_prio_lemmas. */
/*@
    // Removal keeps the model, t out (each lemma with the hypotheses it uses).
    lemma rm_sorted{L1, L2}: \forall struct vos_waitq *q, vos_task_t *t;
      wq_sorted{L1}(q, \null, 0, 0) && fx_prio{L1, L2}(q) ==> wq_sorted{L2}(q, t, 0, 0);

    lemma rm_inj{L1, L2}: \forall struct vos_waitq *q, vos_task_t *t;
      wq_inj{L1}(q, \null, 0) ==> wq_inj{L2}(q, t, 0);

    lemma rm_head{L1, L2}: \forall struct vos_waitq *q, vos_task_t *t;
      t != \null && wq_mem(q, t) && wq_head{L1}(q, \null, 0, 0) && wq_links{L1}(q, \null, 0) &&
      wq_last{L1}(q, \null, 0, 0) && wq_next{L1}(q, \null, 0, 0) && wq_inj{L1}(q, \null, 0) &&
      rm_single{L1, L2}(q, t) && rm_headfx{L1, L2}(q, t) ==>
        wq_head{L2}(q, t, 0, 0);

    lemma rm_links{L1, L2}: \forall struct vos_waitq *q, vos_task_t *t;
      t != \null && wq_mem(q, t) && wq_links{L1}(q, \null, 0) &&
      rm_single{L1, L2}(q, t) && rm_linkfx{L1, L2}(q, t) && wq_head{L2}(q, t, 0, 0) ==>
        wq_links{L2}(q, t, 0);

    lemma rm_last{L1, L2}: \forall struct vos_waitq *q, vos_task_t *t;
      RM_HYP(L1, L2) ==>
        wq_last{L2}(q, t, 0, 0);

    // Insertion keeps the model, t in, placed by its priority.
    lemma ins_sorted{L1, L2}: \forall struct vos_waitq *q, vos_task_t *t;
      t != \null && wq_sorted{L1}(q, t, 0, 0) && fx_prio{L1, L2}(q) ==>
        wq_sorted{L2}(q, t, 1, \at(t->prio, L2));

    lemma ins_inj{L1, L2}: \forall struct vos_waitq *q, vos_task_t *t;
      wq_inj{L1}(q, t, 0) ==> wq_inj{L2}(q, t, 1);

    lemma ins_head{L1, L2}: \forall struct vos_waitq *q, vos_task_t *t;
      t != \null && wq_head{L1}(q, t, 0, 0) && wq_sorted{L1}(q, t, 0, 0) &&
      \at(t->prio, L2) == \at(t->prio, L1) && fx_prio{L1, L2}(q) &&
      ins_empty{L1, L2}(q, t) && ins_place{L1, L2}(q, t) && ins_headfx{L1, L2}(q, t) ==>
        wq_head{L2}(q, t, 1, \at(t->prio, L2));

    lemma ins_links{L1, L2}: \forall struct vos_waitq *q, vos_task_t *t;
      t != \null && wq_head{L1}(q, t, 0, 0) && wq_links{L1}(q, t, 0) &&
      ins_empty{L1, L2}(q, t) && ins_place{L1, L2}(q, t) && ins_linkfx{L1, L2}(q, t) ==>
        wq_links{L2}(q, t, 1);
*/

#if defined(EFF_PRIO_LEMMAS) || defined(EFF_PRIO_REPOS)
/*@
    lemma rm_direct_ok{L}: \forall struct vos_waitq *q, vos_task_t *t;
      wq_sep(q, \null, 0) && wq_in(q, \null, 0, t) && wq_links(q, \null, 0) ==> rm_direct(q, t);
*/
#endif

#ifdef EFF_PRIO_LEMMAS
/*@

    lemma rm_prev_of{L}: \forall struct vos_waitq *q, vos_task_t *t, *x;
      wq_links(q, \null, 0) && wq_in(q, \null, 0, x) && x->next == t ==> x == t->prev;

    lemma before_rank{L}: \forall vos_task_t *t, *x, *y, integer p;
      x != t && y != t ==> (wq_before(t, p, x, y) <==> wq_rank(x) < wq_rank(y));

    lemma rm_nx_ok{L1, L2}: \forall struct vos_waitq *q, vos_task_t *t, *x;
      t != \null && wq_mem(q, t) && wq_links{L1}(q, \null, 0) &&
      rm_headfx{L1, L2}(q, t) && \at(t->next, L1) != t &&
      wq_in(q, t, 0, x) && x != \at(t->prev, L1) &&
      \at(x->next, L1) != \at(q->head, L2) ==>
        \at(x->next, L1) != t && \at(x->next, L1) != \at(q->head, L1);

    lemma rm_next_other{L1, L2}: \forall struct vos_waitq *q, vos_task_t *t, *x;
      wq_next{L1}(q, \null, 0, 0) && \at(x->next, L1) != \null &&
      wq_in(q, t, 0, x) && \at(x->next, L1) != t && \at(x->next, L1) != \at(q->head, L1) ==>
        wq_before{L2}(t, 0, x, \at(x->next, L1)) &&
        \forall vos_task_t *y; wq_in(q, t, 0, y) ==>
          !(wq_before{L2}(t, 0, x, y) && wq_before{L2}(t, 0, y, \at(x->next, L1)));

    lemma rm_np_ok{L1, L2}: \forall struct vos_waitq *q, vos_task_t *t;
      t != \null && wq_mem(q, t) && 
      rm_headfx{L1, L2}(q, t) && \at(t->next, L1) != t &&
      \at(t->next, L1) != \at(q->head, L2) ==>
        t != \at(q->head, L1) && \at(t->next, L1) != \at(q->head, L1);

    lemma rm_pn_links{L}: \forall struct vos_waitq *q, vos_task_t *t;
      t != \null && wq_mem(q, t) && wq_links(q, \null, 0) ==>
        wq_in(q, \null, 0, t->prev) && wq_in(q, \null, 0, t->next) && t->prev->next == t;

    lemma rm_next_prev1{L}: \forall struct vos_waitq *q, vos_task_t *t, *p, *n;
      wq_next(q, \null, 0, 0) && t != \null && wq_mem(q, t) &&
      wq_in(q, \null, 0, p) && wq_in(q, \null, 0, n) && p->next == t && t->next == n &&
      t != q->head && n != q->head ==>
        wq_rank(p) < wq_rank(t) && wq_rank(t) < wq_rank(n) &&
        (\forall vos_task_t *y; wq_in(q, \null, 0, y) ==>
          !(wq_rank(p) < wq_rank(y) && wq_rank(y) < wq_rank(t)) &&
          !(wq_rank(t) < wq_rank(y) && wq_rank(y) < wq_rank(n)));

    lemma rm_next_prev{L1, L2}: \forall struct vos_waitq *q, vos_task_t *t;
      t != \null && wq_mem(q, t) && wq_links{L1}(q, \null, 0) && wq_next{L1}(q, \null, 0, 0) &&
      wq_inj{L1}(q, \null, 0) &&
      \at(t->next, L1) != t && \at(t->prev, L1) != t &&
      t != \at(q->head, L1) && \at(t->next, L1) != \at(q->head, L1) ==>
        wq_before{L2}(t, 0, \at(t->prev, L1), \at(t->next, L1)) &&
        \forall vos_task_t *y; wq_in(q, t, 0, y) ==>
          !(wq_before{L2}(t, 0, \at(t->prev, L1), y) && wq_before{L2}(t, 0, y, \at(t->next, L1)));
*/
#endif

#if defined(EFF_PRIO_LEMMAS) || defined(EFF_PRIO_REPOS)
/*@
    lemma rm_next{L1, L2}: \forall struct vos_waitq *q, vos_task_t *t;
      RM_HYP(L1, L2) ==>
        wq_next{L2}(q, t, 0, 0);

*/
#endif

/*@ requires t != \null && \valid(t) && wq_sep(q, t, 0);
    requires wq_head(q, t, 0, 0);
    requires wq_links(q, t, 0);
    requires wq_last(q, t, 0, 0);
    requires wq_next(q, t, 0, 0);
    requires wq_inj(q, t, 0);
    requires wq_sorted(q, t, 0, 0);
    assigns q->head, t->next, t->prev,
      {y->next | vos_task_t *y; wq_mem(q, y)}, {y->prev | vos_task_t *y; wq_mem(q, y)};
    ensures fx_t: t->prio == \old(t->prio);
    ensures fx_prio: fx_prio{Pre, Post}(q);
    ensures fx_empty: ins_empty{Pre, Post}(q, t);
    ensures fx_place: \old(q->head) != \null ==> ins_place{Pre, Post}(q, t);
    ensures fx_ihead: \old(q->head) != \null ==> ins_headfx{Pre, Post}(q, t);
    ensures fx_ilinks: \old(q->head) != \null ==> ins_linkfx{Pre, Post}(q, t);
*/
void vos__waitq_insert(struct vos_waitq *q, vos_task_t *t);

/*@ WQ_PRE_MEMBER
    requires rm_direct(q, t);
    assigns q->head, t->next, t->prev,
      {y->next | vos_task_t *y; wq_mem(q, y)}, {y->prev | vos_task_t *y; wq_mem(q, y)};
    ensures fx_prio: fx_prio{Pre, Post}(q);
    ensures fx_single: rm_single{Pre, Post}(q, t);
    ensures fx_head: rm_headfx{Pre, Post}(q, t);
    ensures fx_links: rm_linkfx{Pre, Post}(q, t);
    ensures rm_sep: wq_sep(q, t, 0);
    ensures rm_head_ok: wq_head(q, t, 0, 0);
    ensures rm_links_ok: // wq_links(q, t, 0), written out (-wp-split splits it)
      \forall vos_task_t *x; wq_in(q, t, 0, x) ==>
        wq_in(q, t, 0, x->next) && wq_in(q, t, 0, x->prev) &&
        x->next->prev == x && x->prev->next == x;
    ensures rm_inj_ok: wq_inj(q, t, 0);
    ensures rm_sorted_ok: wq_sorted(q, t, 0, 0);
*/
void vos__waitq_remove(struct vos_waitq *q, vos_task_t *t);
