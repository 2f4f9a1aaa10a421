/* SPDX-License-Identifier: MIT */
/*
 * Run pi_held (docs/evidence.md 2.2): the lemmas of pi_held.h,
 * held_suffix (by WP's tactic Induction, committed script
 * sessions/pi_held/script/lemma_held_suffix.json) and held_bridge, in
 * the small context of pi_world.h and kernel/pi.c's logic, not
 * pi_chain.c's (the ready model's lemmas).
 */
#include "pi_world.h"
#include EV_SOURCE
#include "pi_held.h"
