/* SPDX-License-Identifier: MIT */
/*
 * vos__set_eff_prio's whole contract with behavior moved's rd_levels
 * lemmas: tools/evidence/wp/eff_prio_all.c (the code, the definitions, the
 * contract), then tools/evidence/wp/eff_prio_mv.h (mv_ne, mv_qne, mv_lv
 * and its steps), for the runs that use those lemmas or prove them:
 * eff_prio_all_levels (eff_prio_all.wp: moved's ch_lv_h, ch_lv_e, ch_lv)
 * and eff_prio_all_lemmas. The runs eff_prio_all and eff_prio_all_other
 * read eff_prio_all.c alone (the lemmas slowed eff_prio_all's goals:
 * eff_prio_mv.h's header). The lemmas follow the contract and the
 * function's definition (kernel/sched.c, included first); WP uses every
 * lemma of the file at every goal.
 */
#include "eff_prio_all.c"
#include "eff_prio_mv.h"
