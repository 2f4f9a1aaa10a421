/* SPDX-License-Identifier: MIT */
/*
 * vos__set_eff_prio's READY case keeps one ring per level (issue 34,
 * docs/evidence.md 2.2 "One ring per level"): behavior ready, under
 * world_ring (ch_wr), ensures it (ch_ring_r); for its proof, a
 * precondition added to the inserts' contracts at its calls, world_wo(t)
 * (ready_ring.h: every level without t one ring), proved at the calls
 * (ready_ring_use.h's ring_wo) and, as WP assumes a callee's precondition
 * after its call, what the goals after them read (ring_in, ring_ih: one
 * two-state instance). Proved by run eff_prio_ready_ring
 * (eff_prio_ready_ring.c). The added precondition is in these contracts
 * here only: the steps' proofs (eff_prio_ready, eff_prio_ready_head) are
 * of the contracts without it, which imply these. Read after the ready
 * steps' contracts, ready_ring.h and eff_prio_ready_head_fx.h. Contract
 * clauses only: no lemma, no axiom.
 */
#ifndef VAIOS_EVIDENCE_EFF_PRIO_READY_RING_H
#define VAIOS_EVIDENCE_EFF_PRIO_READY_RING_H

/*@ behavior ready:
      requires ch_wr: world_ring;
      ensures ch_ring_r: world_ring;
*/
void vos__set_eff_prio(vos_task_t *t, unsigned prio, int cause);
/*@ requires rr_wo: world_wo(t); */
static inline void vos__ready_insert(vos_task_t *t);
/*@ requires rh_wo: world_wo(t); */
static void ready_insert_head(vos_task_t *t);

#endif
