/* SPDX-License-Identifier: MIT */
/*
 * ready_insert_head's effect on the links (issue 34, docs/evidence.md 2.2
 * "One ring per level"): ready_ring.h's ih_fx between the call's states,
 * a clause added to eff_prio_ready_head.h's contract (Frama-C merges the
 * two) for the proofs that read it: run eff_prio_ready_head_fx proves it
 * on the code (eff_prio_ready_head_fx.c), eff_prio_ready_ring uses it at
 * vos__set_eff_prio's call. Read after ready_ring.h and
 * eff_prio_ready_head.h. A contract clause only: no lemma, no axiom.
 */
#ifndef VAIOS_EVIDENCE_EFF_PRIO_READY_HEAD_FX_H
#define VAIOS_EVIDENCE_EFF_PRIO_READY_HEAD_FX_H

/*@ ensures ih_fx_e: ih_fx{Pre, Post}(t); */
static void ready_insert_head(vos_task_t *t);

#endif
