/* SPDX-License-Identifier: MIT */
/*
 * The one-ring model's lemmas a proof of vos__set_eff_prio's READY case
 * uses (issue 34, docs/evidence.md 2.2 "One ring per level"), on their
 * own so that such a proof reads these and not the chain they follow
 * from (every lemma of a file is in every goal's context):
 *  - ring_wo: after the remove and the priority write (as
 *    eff_prio_ready_set.h's RD_SET_HYP states them), every level without t
 *    one ring (world_wo), from world_ring before;
 *  - ring_in, ring_ih: after the tail or head insert, every level one
 *    ring (world_ring) (eff_prio_ready_ring's goals use ring_wo at the
 *    inserts' calls, ring_in and ring_ih after them; ring_all and
 *    ring_all_h, the whole move as one four-state lemma, timed out where
 *    a goal was to use them, in eff_prio_all.c's context; they stay: with
 *    them out of eff_prio_ready_ring's context, CVC4 times out at 60 s
 *    on the tail insert's precondition rr_wo, proved in 2 s with them);
 *  - rw_world: a step keeping ready_ring.h's rw_keep, t not READY, keeps
 *    world_ring (vos__set_eff_prio's cases other and moved,
 *    eff_prio_all_ring).
 * Proved by run ready_ring_two (ready_ring_two.c reads this file after
 * ready_ring_move.h's lemmas, from which they follow); read by
 * eff_prio_ready_ring.c and eff_prio_all_ring.c. No axiom, no admitted
 * lemma.
 */
#ifndef VAIOS_EVIDENCE_READY_RING_USE_H
#define VAIOS_EVIDENCE_READY_RING_USE_H

#include "ready_ring.h"            /* world_ring, world_wo, ih_fx */
#include "eff_prio_ready_set.h"    /* RD_SET_HYP, rd_without */

/*@
    // As eff_prio_ready_set.c's goals have the remove and the priority
    // write (RD_SET_HYP: RM_FX, pr_fx), t's priority changed.
    lemma ring_wo{L1, L2, L3}: \forall vos_task_t *t;
      RD_SET_HYP(L1, L2, L3) && 0 <= \at(t->prio, L3) &&
      \at(t->prio, L3) != \at(t->prio, L1) && world_ring{L1} ==> world_wo{L3}(t);

    // With the levels as the call's precondition gives them (rd_without)
    // and the tail insert's clauses one by one (its contract's ri_*).
    lemma ring_in{L3, L4}: \forall vos_task_t *t;
      rd_tasks{L3} && task(t) && \at(t->state, L3) == VOS_TASK_READY &&
      0 <= \at(t->prio, L3) < VOS_CFG_PRIO_LEVELS && rd_without{L3}(t) &&
      keep_tasks{L3, L4} && keep_heads{L3, L4}(\at(t->prio, L3)) &&
      in_next{L3, L4}(t) && in_prev{L3, L4}(t) && in_alone{L3, L4}(t) && in_head{L3, L4}(t) &&
      world_wo{L3}(t) ==> world_ring{L4};
    lemma ring_ih{L3, L4}: \forall vos_task_t *t;
      rd_tasks{L3} && task(t) && \at(t->state, L3) == VOS_TASK_READY &&
      0 <= \at(t->prio, L3) < VOS_CFG_PRIO_LEVELS && rd_without{L3}(t) &&
      ih_fx{L3, L4}(t) && world_wo{L3}(t) ==> world_ring{L4};

    // vos__set_eff_prio's cases other and moved: a step keeping rw_keep,
    // t not READY, keeps world_ring.
    lemma rw_world{L1, L2}: \forall vos_task_t *t;
      rd_tasks{L1} && task(t) && \at(t->state, L1) != VOS_TASK_READY &&
      rw_keep{L1, L2}(t) && world_ring{L1} ==> world_ring{L2};

    // The whole move over its four states (ring_wo, then ring_in or
    // ring_ih), with rd_without at L3 as the insert's precondition gives it.
    lemma ring_all{L1, L2, L3, L4}: \forall vos_task_t *t;
      RD_SET_HYP(L1, L2, L3) && 0 <= \at(t->prio, L3) &&
      \at(t->prio, L3) != \at(t->prio, L1) && world_ring{L1} && rd_without{L3}(t) &&
      keep_tasks{L3, L4} && keep_heads{L3, L4}(\at(t->prio, L3)) &&
      in_next{L3, L4}(t) && in_prev{L3, L4}(t) && in_alone{L3, L4}(t) && in_head{L3, L4}(t) ==>
        world_ring{L4};
    lemma ring_all_h{L1, L2, L3, L4}: \forall vos_task_t *t;
      RD_SET_HYP(L1, L2, L3) && 0 <= \at(t->prio, L3) &&
      \at(t->prio, L3) != \at(t->prio, L1) && world_ring{L1} && rd_without{L3}(t) &&
      ih_fx{L3, L4}(t) ==> world_ring{L4};
*/

#endif
