/* SPDX-License-Identifier: MIT */
/*
 * ready_insert_head (kernel/sched.c; issue 34, docs/evidence.md "The
 * ready levels"): vos__ready_insert, then t made its level's head (the
 * running task's step of vos__set_eff_prio's READY case), proved on the
 * code with the model of tools/evidence/wp/eff_prio_ready.c (included,
 * with kernel/sched.c as EV_SOURCE; its contracts of vos__ready_insert
 * and ready.c's are used at the call). The lemmas and the contract below
 * are tools/evidence/wp/eff_prio_ready_head.h (included after
 * eff_prio_ready.c, whose lemmas in_ok2 and hd_ok prove ih_ok0), which
 * eff_prio_ready_set.c reads without eff_prio_ready.c's lemmas.
 *
 * Proved (run eff_prio_ready_head: every goal of ready_insert_head, RTE
 * included; run eff_prio_ready_head_lemmas: the lemmas of eff_prio_ready_head.h):
 *  - ready_insert_head(t), from the levels without t well formed
 *    (rd_levels(t), rd_prios(t)), t a READY task at a level that exists,
 *    map_ok, and the head and tail of t's level tasks other than t (the
 *    insert's preconditions, stated directly as eff_prio_ready.c's are;
 *    they follow from rd_levels(t) by in_pre): every task's state and
 *    priority and every other level's head kept, t its level's head,
 *    map_ok, and the levels with t well formed (rd_levels(null),
 *    rd_prios(null)); only the insert's locations written.
 *  - ih_ok0: in_ok2 (the insert) and hd_ok (t made the head, nothing else
 *    written) composed over the three states, so that the code's goal
 *    needs one lemma instance, not two chained through the state after
 *    the call (which timed out at 60 s); ih_ok: the same with the
 *    insert's effect clause by clause, as the call's contract gives it
 *    (the provers match the lemma on those atoms: with in_fx as one
 *    predicate, CVC4 did not find the instance); ih_pr: rd_prios.
 * Assumptions: the preconditions (see above; not added assumptions about
 * the kernel); VOS_CFG_TIMESLICE is 0 (ready.c's). No axiom.
 */
#include "eff_prio_ready.c"        /* the model and its lemmas (in_ok2, hd_ok) */
#include "eff_prio_ready_head.h"   /* rd_without, ih_ok0, ih_ok, ih_pr, the contract */
