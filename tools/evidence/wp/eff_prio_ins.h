/* SPDX-License-Identifier: MIT */
/*
 * The wait queue after an insertion: wq_last and wq_next (issue 34;
 * docs/evidence.md, "The wait queue's order"). Read after
 * tools/evidence/wp/eff_prio.c, whose model (wq_*) and insertion effect
 * (ins_empty, ins_place, ins_headfx, ins_linkfx) it uses.
 *
 * ins_last, ins_next: an insertion with vos__waitq_insert's proved effect
 * into a well-formed queue (t not a member) leaves wq_last and wq_next
 * with t in, placed by its priority; ins_last_x and ins_next_x are the
 * same with the hypotheses written out (the form a caller's proof finds),
 * ins_hyp_intro the step between. Proved by eff_prio_ins_lemmas.wp
 * (every lemma of this file), with the helper lemmas (EFF_PRIO_INS_LEMMAS,
 * read by that run only): il_* facts at one state (the order by key, the
 * head's priority the highest, a member's prev, the step to the next
 * member, the last, where t goes), io_* and in_* one case each of wq_next
 * after the insertion (t itself, t's new prev, any other member, the
 * empty queue), il_last_* one case each of wq_last (by where the head
 * goes). next_keep and sorted_keep (read with EFF_PRIO_SET too:
 * tools/evidence/wp/eff_prio_set.c): a write of t->prio keeps wq_next of
 * the queue and the other members' order by priority. No axiom: every
 * lemma is proved.
 */
#ifndef VAIOS_EVIDENCE_EFF_PRIO_INS_H
#define VAIOS_EVIDENCE_EFF_PRIO_INS_H

/* The queue before an insertion of t (t not a member, well formed) and
 * the insertion's effect as vos__waitq_insert's contract states it,
 * between states L1 and L2 (for q, t): the predicate ins_hyp, which the
 * helper lemmas use, and, for the _x lemmas, the same written out. */
#define INS_HYP(L1, L2) \
      t != \null && wq_head{L1}(q, t, 0, 0) && wq_links{L1}(q, t, 0) && \
      wq_last{L1}(q, t, 0, 0) && wq_next{L1}(q, t, 0, 0) && wq_inj{L1}(q, t, 0) && \
      wq_sorted{L1}(q, t, 0, 0) && \
      \at(t->prio, L2) == \at(t->prio, L1) && fx_prio{L1, L2}(q) && \
      ins_empty{L1, L2}(q, t) && ins_place{L1, L2}(q, t) && ins_headfx{L1, L2}(q, t) && \
      ins_linkfx{L1, L2}(q, t)

/*@
    predicate ins_hyp{L1, L2}(struct vos_waitq *q, vos_task_t *t) =
      INS_HYP(L1, L2);
*/

#ifdef EFF_PRIO_INS_LEMMAS
/*@ // Helpers, one fact each, at one state.
    lemma il_before{L}: \forall vos_task_t *t, *x, *y, integer p;
      x != t && y != t ==> (wq_before(t, p, x, y) <==> wq_rank(x) < wq_rank(y));

    lemma il_top{L}: \forall struct vos_waitq *q, vos_task_t *t, *y;
      wq_head(q, t, 0, 0) && wq_sorted(q, t, 0, 0) && q->head != \null && wq_in(q, t, 0, y) ==>
        y->prio <= q->head->prio;

    lemma il_prev_of{L}: \forall struct vos_waitq *q, vos_task_t *t, *x, *z;
      wq_links(q, t, 0) && wq_in(q, t, 0, x) && x->next == z ==> x == z->prev;

    lemma il_pp{L}: \forall struct vos_waitq *q, vos_task_t *t, *p;
      wq_links(q, t, 0) && wq_in(q, t, 0, p) ==>
        wq_in(q, t, 0, p->prev) && p->prev->next == p && p->prev != t;

    lemma il_step{L}: \forall struct vos_waitq *q, vos_task_t *t, *x;
      wq_next(q, t, 0, 0) && wq_in(q, t, 0, x) && x->next != q->head && x != t && x->next != t ==>
        wq_rank(x) < wq_rank(x->next) &&
        \forall vos_task_t *y; wq_in(q, t, 0, y) ==>
          !(wq_rank(x) < wq_rank(y) && wq_rank(y) < wq_rank(x->next));

    lemma il_last{L}: \forall struct vos_waitq *q, vos_task_t *t, *x;
      wq_last(q, t, 0, 0) && wq_in(q, t, 0, x) && x->next == q->head ==>
        \forall vos_task_t *y; wq_in(q, t, 0, y) && y != x ==> wq_rank(y) < wq_rank(x);

    lemma il_sorted{L}: \forall struct vos_waitq *q, vos_task_t *t, *x, *y;
      wq_sorted(q, t, 0, 0) && wq_in(q, t, 0, x) && wq_in(q, t, 0, y) &&
      wq_rank(x) < wq_rank(y) ==> x->prio >= y->prio;

    lemma il_total{L}: \forall struct vos_waitq *q, vos_task_t *t, *x, *y;
      wq_inj(q, t, 0) && wq_in(q, t, 0, x) && wq_in(q, t, 0, y) ==>
        x == y || wq_rank(x) < wq_rank(y) || wq_rank(y) < wq_rank(x);

    // The queue before the insertion, pos where t goes (ins_place with pos
    // for t->next, P for t's priority).
    predicate il_at{L}(struct vos_waitq *q, vos_task_t *t, vos_task_t *pos, integer P) =
      t != \null && wq_head(q, t, 0, 0) && wq_links(q, t, 0) && wq_last(q, t, 0, 0) &&
      wq_next(q, t, 0, 0) && wq_inj(q, t, 0) && wq_sorted(q, t, 0, 0) &&
      q->head != \null && wq_in(q, t, 0, pos) &&
      (\forall vos_task_t *y; wq_in(q, t, 0, y) && wq_before(t, 0, y, pos) ==> y->prio >= P) &&
      (pos->prio < P || (pos == q->head && \forall vos_task_t *y; wq_in(q, t, 0, y) ==> y->prio >= P));

    // t's new prev (pos's old prev) has priority >= P, everything after it
    // below P, unless t becomes the head.
    lemma il_pp_next{L}: \forall struct vos_waitq *q, vos_task_t *t, *pos, integer P;
      il_at(q, t, pos, P) && pos != q->head ==>
        pos->prev->prio >= P &&
        \forall vos_task_t *y; wq_in(q, t, 0, y) && wq_rank(pos->prev) < wq_rank(y) ==> y->prio < P;

    lemma il_pp_head{L}: \forall struct vos_waitq *q, vos_task_t *t, *pos, integer P;
      il_at(q, t, pos, P) && pos == q->head && !(pos->prio < P) ==>
        pos->prev->prio >= P &&
        \forall vos_task_t *y; wq_in(q, t, 0, y) ==> !(wq_rank(pos->prev) < wq_rank(y));

    // No other member x has priority >= P with its next below P.
    lemma il_other{L}: \forall struct vos_waitq *q, vos_task_t *t, *pos, *x, integer P;
      il_at(q, t, pos, P) && wq_in(q, t, 0, x) && x != pos->prev && x->next != q->head ==>
        !(x->prio >= P && x->next->prio < P);

    lemma il_other_next{L}: \forall struct vos_waitq *q, vos_task_t *t, *pos, *x, integer P;
      il_at(q, t, pos, P) && wq_in(q, t, 0, x) && x != pos->prev && x->next != q->head ==>
        wq_in(q, t, 0, x->next) && x->next != t && wq_rank(x) < wq_rank(x->next) &&
        (\forall vos_task_t *y; wq_in(q, t, 0, y) ==>
           !(wq_rank(x) < wq_rank(y) && wq_rank(y) < wq_rank(x->next))) &&
        !(x->prio >= P && x->next->prio < P);

    lemma il_other_h{L}: \forall struct vos_waitq *q, vos_task_t *t, *pos, *x, integer P;
      il_at(q, t, pos, P) && wq_in(q, t, 0, x) && x != pos->prev && pos == q->head ==>
        x->next != q->head;

    lemma il_bridge{L1, L2}: \forall struct vos_waitq *q, vos_task_t *t;
      ins_hyp{L1, L2}(q, t) && \at(q->head, L1) != \null ==>
        il_at{L1}(q, t, \at(t->next, L2), \at(t->prio, L1));

    lemma io_link{L1, L2}: \forall struct vos_waitq *q, vos_task_t *t, *x;
      ins_hyp{L1, L2}(q, t) && \at(q->head, L1) != \null &&
      wq_in(q, t, 0, x) && x != \at(\at(t->next, L2)->prev, L1) ==>
        \at(x->next, L2) == \at(x->next, L1) &&
        (\at(q->head, L2) == t ==> \at(x->next, L1) != \at(q->head, L1)) &&
        (\at(q->head, L2) != t ==> \at(q->head, L2) == \at(q->head, L1));

    lemma io_rank{L1, L2}: \forall struct vos_waitq *q, vos_task_t *t, *x;
      ins_hyp{L1, L2}(q, t) && \at(q->head, L1) != \null &&
      wq_in(q, t, 0, x) && x != \at(\at(t->next, L2)->prev, L1) &&
      \at(x->next, L1) != \at(q->head, L1) ==>
        \let n = \at(x->next, L1);
        wq_in(q, t, 0, n) && n != t && wq_rank(x) < wq_rank(n) &&
        (\forall vos_task_t *y; wq_in(q, t, 0, y) ==>
           !(wq_rank(x) < wq_rank(y) && wq_rank(y) < wq_rank(n))) &&
        !(\at(x->prio, L2) >= \at(t->prio, L2) && \at(n->prio, L2) < \at(t->prio, L2));

    // wq_next's body for one member x.
    predicate wq_next_at{L}(struct vos_waitq *q, vos_task_t *t, integer tin, integer p, vos_task_t *x) =
      x->next != q->head ==>
        wq_before(t, p, x, x->next) &&
        \forall vos_task_t *y; wq_in(q, t, tin, y) ==>
          !(wq_before(t, p, x, y) && wq_before(t, p, y, x->next));

    // wq_next after an insertion, one case each: t, t's new prev, any
    // other member; then all together.
    lemma in_t{L1, L2}: \forall struct vos_waitq *q, vos_task_t *t;
      ins_hyp{L1, L2}(q, t) && \at(q->head, L1) != \null ==>
        wq_next_at{L2}(q, t, 1, \at(t->prio, L2), t);

    lemma in_pp{L1, L2}: \forall struct vos_waitq *q, vos_task_t *t;
      ins_hyp{L1, L2}(q, t) && \at(q->head, L1) != \null ==>
        \let p = \at(t->next, L2);
        wq_next_at{L2}(q, t, 1, \at(t->prio, L2), \at(p->prev, L1));

    lemma in_other_core{L}: \forall struct vos_waitq *q, vos_task_t *t, *x, *n, integer P;
      t != \null && wq_in(q, t, 0, x) && x->next == n &&
      wq_in(q, t, 0, n) && n != t && wq_rank(x) < wq_rank(n) &&
      (\forall vos_task_t *y; wq_in(q, t, 0, y) ==>
         !(wq_rank(x) < wq_rank(y) && wq_rank(y) < wq_rank(n))) &&
      !(x->prio >= P && n->prio < P) ==>
        wq_before(t, P, x, n) &&
        \forall vos_task_t *y; wq_in(q, t, 1, y) ==>
          !(wq_before(t, P, x, y) && wq_before(t, P, y, n));

    lemma in_other_mid{L1, L2}: \forall struct vos_waitq *q, vos_task_t *t, *x;
      t != \null && wq_in(q, t, 0, x) &&
      (\at(q->head, L2) == t || \at(q->head, L2) == \at(q->head, L1)) &&
      \at(x->next, L2) == \at(x->next, L1) &&
      (\at(q->head, L2) == t ==> \at(x->next, L1) != \at(q->head, L1)) &&
      (\at(x->next, L1) != \at(q->head, L1) ==>
        \let n = \at(x->next, L1);
        wq_in(q, t, 0, n) && n != t && wq_rank(x) < wq_rank(n) &&
        (\forall vos_task_t *y; wq_in(q, t, 0, y) ==>
           !(wq_rank(x) < wq_rank(y) && wq_rank(y) < wq_rank(n))) &&
        !(\at(x->prio, L2) >= \at(t->prio, L2) && \at(n->prio, L2) < \at(t->prio, L2))) ==>
        wq_next_at{L2}(q, t, 1, \at(t->prio, L2), x);

    lemma in_headfx{L1, L2}: \forall struct vos_waitq *q, vos_task_t *t;
      ins_hyp{L1, L2}(q, t) && \at(q->head, L1) != \null ==>
        \at(q->head, L2) == t || \at(q->head, L2) == \at(q->head, L1);

    lemma in_other{L1, L2}: \forall struct vos_waitq *q, vos_task_t *t, *x;
      ins_hyp{L1, L2}(q, t) && \at(q->head, L1) != \null &&
      wq_in(q, t, 0, x) && x != \at(\at(t->next, L2)->prev, L1) ==>
        wq_next_at{L2}(q, t, 1, \at(t->prio, L2), x);

    lemma in_empty{L1, L2}: \forall struct vos_waitq *q, vos_task_t *t;
      ins_hyp{L1, L2}(q, t) && \at(q->head, L1) == \null ==>
        wq_next{L2}(q, t, 1, \at(t->prio, L2));

    // wq_last after an insertion, by where the head goes.
    lemma il_last_empty{L1, L2}: \forall struct vos_waitq *q, vos_task_t *t;
      ins_hyp{L1, L2}(q, t) && \at(q->head, L1) == \null ==>
        wq_last{L2}(q, t, 1, \at(t->prio, L2));

    lemma il_last_t{L1, L2}: \forall struct vos_waitq *q, vos_task_t *t;
      ins_hyp{L1, L2}(q, t) && \at(q->head, L1) != \null && \at(q->head, L2) == t ==>
        wq_last{L2}(q, t, 1, \at(t->prio, L2));

    lemma il_last_h{L1, L2}: \forall struct vos_waitq *q, vos_task_t *t;
      ins_hyp{L1, L2}(q, t) && \at(q->head, L1) != \null && \at(q->head, L2) != t ==>
        wq_last{L2}(q, t, 1, \at(t->prio, L2));
*/
#endif

/*@
    lemma ins_last{L1, L2}: \forall struct vos_waitq *q, vos_task_t *t;
      ins_hyp{L1, L2}(q, t) ==> wq_last{L2}(q, t, 1, \at(t->prio, L2));

    lemma ins_next{L1, L2}: \forall struct vos_waitq *q, vos_task_t *t;
      ins_hyp{L1, L2}(q, t) ==> wq_next{L2}(q, t, 1, \at(t->prio, L2));
*/

/* ins_last and ins_next with their hypotheses written out, as a caller
 * has them (each a postcondition of vos__waitq_insert or a fact before
 * it): the form vos__waitq_reposition's proof uses (with ins_hyp as
 * one predicate, that proof did not find the instances). */
/*@
    lemma ins_last_x{L1, L2}: \forall struct vos_waitq *q, vos_task_t *t;
      INS_HYP(L1, L2) ==>
        wq_last{L2}(q, t, 1, \at(t->prio, L2));

    lemma ins_hyp_intro{L1, L2}: \forall struct vos_waitq *q, vos_task_t *t;
      INS_HYP(L1, L2) ==>
        ins_hyp{L1, L2}(q, t);

    lemma ins_next_x{L1, L2}: \forall struct vos_waitq *q, vos_task_t *t;
      INS_HYP(L1, L2) ==>
        wq_next{L2}(q, t, 1, \at(t->prio, L2));
*/

#if defined(EFF_PRIO_INS_LEMMAS) || defined(EFF_PRIO_SET)
/*@ // The order by key (wq_next, written with wq_before, which reads
    // priorities) and the members' order by priority but t's survive a
    // write of t->prio (vos__set_eff_prio writes it first).
    lemma next_keep{L1, L2}: \forall struct vos_waitq *q;
      wq_next{L1}(q, \null, 0, 0) && wq_links{L1}(q, \null, 0) &&
      \at(q->head, L2) == \at(q->head, L1) &&
      (\forall vos_task_t *x; wq_in(q, \null, 0, x) ==> \at(x->next, L2) == \at(x->next, L1)) ==>
        wq_next{L2}(q, \null, 0, 0);

    lemma sorted_keep{L1, L2}: \forall struct vos_waitq *q, vos_task_t *t;
      wq_sorted{L1}(q, t, 0, 0) &&
      (\forall vos_task_t *x; wq_in(q, t, 0, x) ==> \at(x->prio, L2) == \at(x->prio, L1)) ==>
        wq_sorted{L2}(q, t, 0, 0);
*/
#endif

#endif
