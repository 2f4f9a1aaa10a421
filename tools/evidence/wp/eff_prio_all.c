/* SPDX-License-Identifier: MIT */
/*
 * vos__set_eff_prio's whole contract (kernel/sched.c; issue 34,
 * docs/evidence.md "Priority inheritance's recompute"): one behavior per
 * case the code distinguishes, complete and disjoint (proved),
 *  - same: the priority unchanged, nothing written (eff_prio_set.h);
 *  - ready: t READY, moved between the ready levels (eff_prio_ready_set.c);
 *  - moved: t BLOCKED on a wait queue, repositioned in it (eff_prio_set.h);
 *  - other: any other state, or BLOCKED without a queue (sleeping,
 *    suspended, ...): only t->prio written (this file);
 * and what the chain walk (pi_chain.c) reads of the call, from its
 * precondition chain_world:
 *  - same: frame (pi_frame.h), the owner words kept, every mutex's first
 *    waiter a task blocked on it (heads), the ready model kept (rd_model:
 *    map_ok, rd_levels(null), rd_prios(null));
 *  - other: t->prio == prio, frame, owner words, heads, map_ok,
 *    rd_prios(null) and rd_levels(null) kept (rd_levels per level and
 *    part, ot_lv_e, ot_lv_h, ot_lv_l: rd_level_parts, eff_prio_ready.c);
 *  - ready: frame (ch_fr_prio, ch_fr_task, ch_fr_mx: its parts' bodies,
 *    pi_frame.h's FRAME_* macros, which -wp-split proves field by field; as
 *    the named parts, moved's form, the tail insert's path timed out at
 *    30 s; ch_fr_mh states every head kept), heads (ch_heads_r, written
 *    out as PI_HEADS as moved's ch_heads_o, whose hypothesis heads(m)
 *    before the call chain_world gives), from the steps' keep_tasks and rk_keep,
 *    rk_mkeep (eff_prio_ready_keep.h, run eff_prio_ready_keep), and the
 *    owner words kept (besides eff_prio_ready_set.c's: map_ok,
 *    rd_levels(null), rd_prios(null) after);
 *  - moved: frame (one ensures per part of pi_frame.h's definition,
 *    ch_fr_prio, ch_fr_task, ch_fr_mx, ch_fr_mh naming frame_prios,
 *    frame_tasks, frame_mutexes, frame_qheads, whose conjunction frame
 *    is: as one ensures it timed out), heads (written out as
 *    pi_world.h's PI_HEADS, the body of heads' definition, so the two
 *    cannot drift: named, heads(m) was slow, Appendix A; for t's
 *    mutex ch_heads_q and for every other one ch_heads_o, whose
 *    hypothesis heads(m) before the call chain_world's world_heads
 *    gives), the owner words, map_ok and rd_prios(null) kept, and
 *    rd_levels(null) kept (session 23): ch_lv, under ch_mem(t) before
 *    the call (then no READY task is a member of t's queue, so the call
 *    keeps its links), and, without ch_mem, two of rd_level's three
 *    parts (eff_prio_ready.h) per level: ch_lv_h (rd_headm) and ch_lv_e
 *    (rd_empty). Each is written A && (A ==> B): A the facts of the
 *    call B needs (MV_KS: every task but t keeps its state and
 *    priority; for ch_lv also MV_RK: every READY task its next and
 *    prev; t its state; MV_KH: the levels' heads, vos__s.ready, kept),
 *    B the levels. WP proves each ensures on its own (one ensures is no
 *    hypothesis of another), and -wp-split makes A one goal per
 *    conjunct and gives B's goal A as hypotheses, so B needs no
 *    quantified fact proved inside it (session 22, B alone, rd_empty
 *    and the back links timed out at 60 s). In ch_lv B's hypothesis is
 *    A named (mv_rk, mv_ks, mv_kh: their bodies are A's text, so the
 *    clause is still A && B), which the two-label lemma mv_lv takes
 *    (through mv_lv_e, mv_lv_h, mv_lv_n and mv_lv_b, one part each).
 * Runs: eff_prio_all (the ch_* clauses but moved's ch_lv_*, and the
 * completeness and disjointness of the behaviors), eff_prio_all_levels
 * (moved's ch_lv_h, ch_lv_e and ch_lv, on eff_prio_all_mv.c: this file
 * and the lemmas those goals use, eff_prio_mv.h, which slowed
 * eff_prio_all's goals), eff_prio_all_other (behavior other,
 * every goal, RTE included), eff_prio_all_lemmas (on eff_prio_all_mv.c:
 * ch_apart_ok, ch_nsep,
 * ch_wm (a task on a mutex's queue waits on that mutex) and
 * ch_rp_ok with its steps ch_sep_w, ch_sep_wm, ch_rp_q, ch_rp_mem,
 * ch_rp_mq, ch_rp_mm, ch_rp_t, ch_rp_m; for moved's rd_levels
 * eff_prio_mv.h's mv_ne, mv_qne (the call's writes apart from a READY
 * task's links) and mv_lv with its steps mv_lv_e, mv_lv_h, mv_lv_n,
 * mv_lv_b (the levels kept from A)). The
 * behaviors' step clauses (ready's se_*, moved's sp_*, the assigns of
 * same, ready and moved) are proved by eff_prio_ready_set and
 * eff_prio_set on the same code from weaker preconditions. The TU holds
 * kernel/sched.c (EV_SOURCE, through ready.c) and kernel/wait.c (for
 * eff_prio.c's model), as eff_prio_set's.
 *
 * Assumptions (preconditions): chain_world and task(t), as pi_chain.c's
 * walk has them; ch_apart(t), chain_objects' separations stated on their
 * own (no further assumption: the lemma ch_apart_ok proves it from
 * chain_objects and task(t)); for moved, ch_rp(t), every task and mutex
 * apart from t's queue and its members as reposition's rp_keep and
 * rp_mkeep need it (no further assumption: ch_rp_ok proves it from
 * chain_objects, t's waits_ok and the queue's wq_sep); moved's heads
 * (ch_heads_o, ch_heads_q) hold under ch_mem(t) before the call, their
 * hypothesis: every member of t's queue a task BLOCKED on it (the tie of
 * the model's uninterpreted wq_mem to the tasks' wait fields, which a
 * caller must establish), and so does its ch_lv (the levels kept);
 * the behaviors' own (ready:
 * eff_prio_ready_set.c; moved: eff_prio_set.h) and, for moved, ch_qsep:
 * t's queue apart from the scheduler's block (not implied by chain_world
 * when t waits on no mutex). ch_mem and ch_qsep are defined in
 * eff_prio_world.h, which pi_chain.c's assumed contract of this function
 * and its world_qs read too (one text). vos__s.cur read under the kernel lock
 * (-wp-no-volatile); VOS_CFG_TRACE 0. No axiom.
 *
 * Not proved (not in the contract): for moved, the levels' links
 * kept without ch_mem(t) (in the model a READY task may be a member of
 * t's queue: wq_mem is uninterpreted). Why
 * frame and heads for ready took until session 22: ready.c's
 * contract of vos__ready_insert assigned vos__s.ready[p]->prev->next,
 * read through a null head when the new level was empty; since session
 * 21 a conditional set (RD_IF), but the pointer fields held, wait_mutex,
 * waitq, next_held and waiters.head still timed out through the calls'
 * assigns; session 22 restated the steps' frame for them (rk_keep,
 * rk_mkeep, proved on the steps' code) and the goals prove in under 5 s.
 * For moved, vos__waitq_reposition's contract
 * assigns the links of t and of the queue's members only (wq_mem; session
 * 21, was every task's), but with it WP's frame of the call is a
 * quantified set: the goals that a task's pointer fields (held,
 * wait_mutex, waitq), a mutex's next_held and head, and a READY task's
 * links are kept timed out at 30 s, even with the tie ch_mem (members
 * BLOCKED on the queue) and the separations stated directly as
 * preconditions (the Mint fields, prio, state, base_prio, ceiling, and
 * the levels' heads prove in 1-1.5 s), so neither frame nor heads nor
 * the ready levels' links follow yet (frame and heads now do:
 * reposition's rp_keep and rp_mkeep restate its frame for a task or
 * mutex apart from the members, ch_rp gives that, frame is proved
 * conjunct by conjunct, heads from ch_mem and ch_wm; a READY task's
 * links, for rd_levels, since session 23: MV_RK with mv_ne and mv_qne,
 * about 2 s); for other, rd_levels(null) in one
 * ensures timed out at 60 s (session 20, and session 21 through the
 * lemmas lv_nr_at/lv_nr); written per level and part it proves. So
 * pi_chain.c still assumes its contract
 * of vos__set_eff_prio.
 */
#include "eff_prio_ready_set_lemmas.c"   /* kernel/sched.c, the ready model and every lemma, behavior ready */
#include "eff_prio_ready_keep.h"          /* the ready steps' rk_keep, rk_mkeep */
#include "pi_frame.h"             /* frame */
#undef EV_SOURCE
#define EV_SOURCE "wait.c"        /* kernel/wait.c (-Ikernel), for eff_prio.c */
#include "eff_prio.c"
#include "eff_prio_repos.h"
#include "eff_prio_set.h"         /* behaviors same and moved */
#include "eff_prio_world.h"       /* ch_mem, ch_qsep (shared with pi_chain.c) */

/* Behavior moved's rd_levels (A in A && (A ==> B)): every READY task
 * (before the call) keeps its next (MV_RN) and prev (MV_RP); the
 * levels' heads are kept (MV_KH); every task but T keeps its state and
 * priority (MV_KS). */
#define MV_RN(L1, L2) \
      (\forall vos_task_t *x; task(x) && \at(x->state, L1) == VOS_TASK_READY ==> \
        \at(x->next, L2) == \at(x->next, L1))
#define MV_RP(L1, L2) \
      (\forall vos_task_t *x; task(x) && \at(x->state, L1) == VOS_TASK_READY ==> \
        \at(x->prev, L2) == \at(x->prev, L1))
#define MV_RK(L1, L2) MV_RN(L1, L2) && MV_RP(L1, L2)
#define MV_KH(L1, L2) \
      (\forall integer q; 0 <= q < VOS_CFG_PRIO_LEVELS ==> \
        \at(vos__s.ready[q], L2) == \at(vos__s.ready[q], L1))
#define MV_KS(L1, L2, T) \
      (\forall vos_task_t *x; task(x) && x != (T) ==> \
        \at(x->state, L2) == \at(x->state, L1) && \at(x->prio, L2) == \at(x->prio, L1))

/*@ // The ready model as the levels' proofs state it.
    predicate rd_model{L} = map_ok && rd_levels(\null) && rd_prios(\null);

    // chain_objects' separations, each on its own (with chain_world as
    // one predicate, CVC4 did not find the instances: 10 s timeouts on
    // a frame goal that takes 0.2 s with these): t apart from every other
    // task and every mutex, the tasks apart from each other (rd_tasks),
    // every mutex apart from every task and from vos__s.
    predicate ch_apart{L}(vos_task_t *t) =
      (\forall vos_task_t *y; task(y) && y != t ==> \separated(y, t)) &&
      (\forall struct vos_mutex *m; mutex(m) ==> \separated(m, t)) &&
      rd_tasks &&
      (\forall struct vos_mutex *m, vos_task_t *y; mutex(m) && task(y) ==> \separated(m, y)) &&
      (\forall struct vos_mutex *m; mutex(m) ==> \valid(m) && \separated(m, &vos__s));

    // So ch_apart is no further assumption: chain_objects gives it.
    lemma ch_apart_ok{L}: \forall vos_task_t *t;
      chain_objects && task(t) ==> ch_apart(t);

    // Behavior moved: every task and every mutex apart from t's queue and
    // its members as vos__waitq_reposition's rp_keep and rp_mkeep need it
    // (eff_prio_repos.h), stated on its own; no further assumption:
    // ch_rp_t, ch_rp_m and ch_rp_ok prove it from chain_objects, t's
    // waits_ok (world_waits) and the queue's wq_sep.
    predicate ch_rp{L}(vos_task_t *t) =
      (\forall vos_task_t *y; task(y) ==> rp_apart(t->waitq, y)) &&
      (\forall struct vos_mutex *m; mutex(m) ==> rp_mapart(t->waitq, m));
    lemma ch_sep_w{L}: \forall struct vos_mutex *w, vos_task_t *y;
      \separated(w, y) ==> \separated(&w->waiters, y);
    lemma ch_sep_wm{L}: \forall struct vos_mutex *w, *m;
      \separated(w, m) ==> \separated(&w->waiters, m);
    lemma ch_rp_q{L}: \forall vos_task_t *t, *y;
      chain_objects && waits_ok(t) && t->waitq != \null && task(y) ==> \separated(t->waitq, y);
    lemma ch_rp_mem{L}: \forall vos_task_t *t, *y, *x;
      chain_objects && wq_sep(t->waitq, \null, 0) && task(y) && wq_mem(t->waitq, x) ==>
        x == y || \separated(x, y);
    lemma ch_rp_mq{L}: \forall vos_task_t *t, struct vos_mutex *m;
      chain_objects && waits_ok(t) && t->waitq != \null && mutex(m) ==>
        t->waitq == &m->waiters || \separated(t->waitq, m);
    lemma ch_rp_mm{L}: \forall vos_task_t *t, vos_task_t *x, struct vos_mutex *m;
      chain_objects && wq_sep(t->waitq, \null, 0) && mutex(m) && wq_mem(t->waitq, x) ==>
        \separated(x, m);
    lemma ch_rp_t{L}: \forall vos_task_t *t, *y;
      chain_objects && waits_ok(t) && t->waitq != \null && wq_sep(t->waitq, \null, 0) &&
      task(y) ==> rp_apart(t->waitq, y);
    lemma ch_rp_m{L}: \forall vos_task_t *t, struct vos_mutex *m;
      chain_objects && waits_ok(t) && t->waitq != \null && wq_sep(t->waitq, \null, 0) &&
      mutex(m) ==> rp_mapart(t->waitq, m);
    // A task on a mutex's queue waits on that mutex.
    lemma ch_nsep{L}: \forall struct vos_mutex *m;
      \valid(m) ==> !\separated(&m->waiters, m);
    lemma ch_wm{L}: \forall vos_task_t *x, struct vos_mutex *m;
      chain_objects && waits_ok(x) && mutex(m) && x->waitq == &m->waiters ==>
        x->wait_mutex == m;
    lemma ch_rp_ok{L}: \forall vos_task_t *t;
      chain_objects && waits_ok(t) && t->waitq != \null && wq_sep(t->waitq, \null, 0) ==>
        ch_rp(t);
    // Behavior moved's rd_levels: A, named (MV_RK; MV_KS and t's state
    // kept; MV_KH), for ch_lv (its lemmas: eff_prio_mv.h).
    predicate mv_rk{L1, L2} = MV_RK(L1, L2);
    predicate mv_ks{L1, L2}(vos_task_t *t) =
      MV_KS(L1, L2, t) && \at(t->state, L2) == \at(t->state, L1);
    predicate mv_kh{L1, L2} = MV_KH(L1, L2);
*/

/* What the chain walk reads of the call (pi_chain.c's contract of it):
 * proved for same and other; for moved frame (ch_fr_*, its parts),
 * heads (ch_heads_o, ch_heads_q) and ch_owner; for ready frame (ch_fr_*),
 * heads (ch_heads_r) and ch_owner; and the ready model kept (same ch_rd;
 * ready se_map, se_levels; moved ch_map, ch_prios, ch_lv; other ot_map,
 * ot_prios, ot_lv_*). CH_OWNER: the owner words kept, alone or within
 * CH_ENS. */
#define CH_OWNER(O) \
      ensures O: \forall struct vos_mutex *m; mutex(m) ==> \
        m->owner_word == \old(m->owner_word);
#define CH_ENS(F, O, H) \
      ensures F: frame{Pre, Post}(t); \
      CH_OWNER(O) \
      ensures H: \forall struct vos_mutex *m; mutex(m) ==> heads(m);

/*@ requires chain_world && task(t);
    requires ch_apart: ch_apart(t);
    behavior same:
      CH_ENS(ch_frame, ch_owner, ch_heads)
      ensures ch_prio: t->prio == \old(t->prio);
      ensures ch_rd: \old(rd_model) ==> rd_model;
    behavior ready:
      CH_OWNER(ch_owner)
      // frame{Pre, Post}(t), its parts' bodies (pi_frame.h's FRAME_*
      // macros, the text of the definition; -wp-split makes one
      // goal per field and path; named, the tail insert's path timed out
      // at 30 s), and heads(m) written out (PI_HEADS) as moved's,
      // from the ready steps' keep_tasks (eff_prio_ready.h) and rk_keep,
      // rk_mkeep (eff_prio_ready_keep.h) at the calls.
      ensures ch_fr_prio: FRAME_PRIOS(Pre, Post, t);
      ensures ch_fr_task: FRAME_TASKS(Pre, Post);
      ensures ch_fr_mx: FRAME_MUTEXES(Pre, Post);
      ensures ch_fr_mh: \forall struct vos_mutex *m; mutex(m) ==>
        m->waiters.head == \old(m->waiters.head);
      ensures ch_heads_r: \forall struct vos_mutex *m;
        mutex(m) && \old(heads(m)) ==> PI_HEADS(m);
    behavior moved:
      requires ch_qsep: ch_qsep(t);
      requires ch_rp: ch_rp(t);
      // heads(m), under the tie ch_mem (a hypothesis of these two only: as
      // a precondition it slowed ch_prios from 7 s to 15.6 s), written out
      // as pi_world.h's PI_HEADS, the body of its definition (named,
      // heads(m) took 21 s for other mutexes, 9.7 s for t's; WP splits the
      // body into one goal per field, each under 1.5 s).
      ensures ch_heads_o: \forall struct vos_mutex *m;
        \old(ch_mem(t)) && mutex(m) && \old(t->waitq) != &m->waiters && \old(heads(m)) ==>
          PI_HEADS(m);
      ensures ch_heads_q: \forall struct vos_mutex *m;
        \old(ch_mem(t)) && mutex(m) && \old(t->waitq) == &m->waiters ==> PI_HEADS(m);
      // frame{Pre, Post}(t), one ensures per part of its definition
      // (pi_frame.h; as one ensures the goal timed out at 30-60 s, each
      // part proves in under 2 s).
      ensures ch_fr_prio: frame_prios{Pre, Post}(t);
      ensures ch_fr_task: frame_tasks{Pre, Post};
      ensures ch_fr_mx: frame_mutexes{Pre, Post};
      ensures ch_fr_mh: frame_qheads{Pre, Post}(t);
      CH_OWNER(ch_owner)
      ensures ch_map: \old(map_ok) ==> map_ok;
      ensures ch_prios: \old(rd_prios(\null)) ==> rd_prios(\null);
      // rd_levels(null) kept (ch_lv, under ch_mem(t)) and, without
      // ch_mem, per level rd_headm and rd_empty (rd_level's parts,
      // eff_prio_ready.h), each as A && (A ==> B): A the call's facts B
      // needs, B the levels, which -wp-split proves with A as hypotheses
      // (this file's header).
      ensures ch_lv_h: MV_KS(Pre, Here, t) && (MV_KS(Pre, Here, t) ==>
        \forall integer p; 0 <= p < VOS_CFG_PRIO_LEVELS &&
          \old(rd_level(\null, p)) ==> rd_headm(\null, p));
      ensures ch_lv_e: MV_KS(Pre, Here, t) && (MV_KS(Pre, Here, t) ==>
        \forall integer p; 0 <= p < VOS_CFG_PRIO_LEVELS &&
          \old(rd_level(\null, p)) ==> rd_empty(\null, p));
      ensures ch_lv: \old(ch_mem(t)) ==> MV_RK(Pre, Here) && MV_KS(Pre, Here, t) &&
        t->state == \old(t->state) && MV_KH(Pre, Here) &&
        (mv_rk{Pre, Here} && mv_ks{Pre, Here}(t) && mv_kh{Pre, Here} ==>
          (\old(rd_levels(\null)) ==> rd_levels(\null)));
    behavior other:
      assumes t->prio != prio && t->state != VOS_TASK_READY &&
        !(t->state == VOS_TASK_BLOCKED && t->waitq != \null);
      assigns t->prio;
      ensures ot_prio: t->prio == prio;
      CH_ENS(ot_frame, ot_owner, ot_heads)
      ensures ot_map: \old(map_ok) ==> map_ok;
      ensures ot_prios: \old(rd_prios(\null)) ==> rd_prios(\null);
      // rd_levels(null) kept, level by level and part by part (rd_level's
      // three, eff_prio_ready.c): as one ensures it timed out at 60 s.
      ensures ot_lv_e: \forall integer p; 0 <= p < VOS_CFG_PRIO_LEVELS &&
        \old(rd_level(\null, p)) ==> rd_empty(\null, p);
      ensures ot_lv_h: \forall integer p; 0 <= p < VOS_CFG_PRIO_LEVELS &&
        \old(rd_level(\null, p)) ==> rd_headm(\null, p);
      ensures ot_lv_l: \forall integer p, vos_task_t *x; 0 <= p < VOS_CFG_PRIO_LEVELS &&
        \old(rd_level(\null, p)) && rd_mem(\null, p, x) ==> RD_LINKS_OF(\null, p, x);
    complete behaviors same, ready, moved, other;
    disjoint behaviors same, ready, moved, other;
*/
void vos__set_eff_prio(vos_task_t *t, unsigned prio, int cause);
