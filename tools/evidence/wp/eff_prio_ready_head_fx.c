/* SPDX-License-Identifier: MIT */
/*
 * Run eff_prio_ready_head_fx: ready_insert_head's clause ih_fx_e
 * (eff_prio_ready_head_fx.h) on its code, with eff_prio_ready_head.c's
 * model and contract (proved by run eff_prio_ready_head).
 */
#include "eff_prio_ready_head.c"
#include "ready_ring.h"              /* ih_fx */
#include "eff_prio_ready_head_fx.h"
