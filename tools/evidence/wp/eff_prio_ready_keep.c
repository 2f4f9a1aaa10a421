/* SPDX-License-Identifier: MIT */
/*
 * The ready levels' steps keep held, wait_mutex, waitq of every task and
 * next_held and the queue's head of every mutex apart from the tasks and
 * vos__s (run eff_prio_ready_keep; issue 34, docs/evidence.md "The ready
 * levels"): eff_prio_ready_keep.h's postconditions rk_keep and rk_mkeep,
 * proved on the code of vos__ready_unlink, vos__ready_remove,
 * vos__ready_insert and ready_insert_head (kernel/ksched.h,
 * kernel/sched.c) from their preconditions (ready.c's, eff_prio_ready.h's,
 * eff_prio_ready_head.h's: every task valid and apart from the others and
 * from vos__s, rd_tasks; the tasks the step touches tasks); at the calls
 * in vos__ready_remove and ready_insert_head, the callee's. The model
 * without eff_prio_ready.c's lemmas (none is needed; eff_prio_ready_head.h's
 * three come with ready_insert_head's contract). Assumptions: those preconditions
 * (proved at each call by the runs that prove the callers);
 * VOS_CFG_TIMESLICE is 0 (ready.c's). No axiom.
 */
#include "eff_prio_ready_head.h"   /* the model, the steps' contracts */
#include "eff_prio_ready_keep.h"   /* rk_keep, rk_mkeep */
