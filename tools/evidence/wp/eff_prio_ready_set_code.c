/* SPDX-License-Identifier: MIT */
/*
 * The code run of vos__set_eff_prio's READY case (run eff_prio_ready_set;
 * issue 34, docs/evidence.md "The ready levels"): eff_prio_ready_set.c
 * with RD_SET_CODE defined, which leaves out the lemmas that only prove
 * other lemmas (eff_prio_ready.c's per-level and per-part lemmas, and
 * eff_prio_ready_set.c's lv_keep_*, mem_keep, lnk_keep, rm_pre_at, lv_t,
 * rm_sep_d, rm_sep_x, rm_ul_fx, in_in_fx, rm_lv2). Every lemma is an
 * axiom in every goal's context, and each slows CVC4 down: with them
 * all, the rd_without goals at the two insert calls took 9 s to over
 * 60 s at a load of 8-9; without them, 5-8 s. The lemmas left out are
 * proved by runs eff_prio_ready_lemmas and eff_prio_ready_set_lemmas,
 * which read the files without RD_SET_CODE; the ones kept are proved
 * there too. Nothing else differs: the same code, contracts and
 * assumptions as eff_prio_ready_set.c states.
 */
#define RD_SET_CODE 1
#include "eff_prio_ready_set.c"
