/* SPDX-License-Identifier: MIT */
/*
 * vos__set_eff_prio keeps world_ring (every level one ring, ready_ring.h;
 * issue 34, docs/evidence.md 2.2 "One ring per level") in its cases
 * same, other and moved: clauses added to eff_prio_all.c's contract
 * (Frama-C merges behaviors of one name; eff_prio_all's runs read that
 * file without them), proved by run eff_prio_all_ring:
 *  - same (ch_ring): nothing written;
 *  - other (ot_ring) and moved (ch_ring_m, under ch_mem(t) as its ch_lv),
 *    each as A && (A ==> B) (eff_prio_all.c's header): A, ready_ring.h's
 *    RW_KEEP (every READY task's next, every other task's state and
 *    priority, t's state and every level's head kept), B world_ring kept
 *    under rw_keep (A named), ready_ring_use.h's rw_world.
 * The case ready's clause (ch_ring_r, under world_ring before) is proved
 * by run eff_prio_ready_ring (eff_prio_ready_ring.h). Read after
 * eff_prio_all_mv.c (eff_prio_mv.h's mv_ne, mv_qne give moved's A, as
 * for ch_lv); the one-ring lemmas are read only here (ready_ring_use.h:
 * proved by run ready_ring_two).
 */
#include "eff_prio_all_mv.c"
#include "ready_ring_use.h"

/*@ behavior same:
      ensures ch_ring: \old(world_ring) ==> world_ring;
    behavior moved:
      ensures ch_ring_m: \old(ch_mem(t)) ==> RW_KEEP(Pre, Here, t) &&
        (rw_keep{Pre, Here}(t) ==> (\old(world_ring) ==> world_ring));
    behavior other:
      ensures ot_ring: RW_KEEP(Pre, Here, t) &&
        (rw_keep{Pre, Here}(t) ==> (\old(world_ring) ==> world_ring));
*/
void vos__set_eff_prio(vos_task_t *t, unsigned prio, int cause);
