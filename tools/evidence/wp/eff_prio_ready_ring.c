/* SPDX-License-Identifier: MIT */
/*
 * Run eff_prio_ready_ring: vos__set_eff_prio's behavior ready keeps
 * world_ring (eff_prio_ready_ring.h's ch_ring_r, and the inserts'
 * precondition world_wo(t) at its calls), in eff_prio_ready_set.c's
 * context (behavior ready's contract, the lemmas its goals use) with
 * ready_ring_use.h's ring_wo, ring_in, ring_ih (in eff_prio_all.c's
 * context, with every lemma of the whole contract, the same goals took
 * 15-19 s or timed out at 60 s).
 */
#include "eff_prio_ready_set.c"
#include "ready_ring_use.h"
#include "eff_prio_ready_head_fx.h"   /* ready_insert_head's ih_fx_e */
#include "eff_prio_ready_ring.h"
