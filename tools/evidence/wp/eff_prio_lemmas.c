/* SPDX-License-Identifier: MIT */
/*
 * The wait queue proof's lemmas (tools/evidence/wp/eff_prio.c, which
 * states and documents them): the same file with EFF_PRIO_LEMMAS defined,
 * so this run reads (and eff_prio_lemmas.wp proves) the lemmas, while the
 * functions' run, eff_prio.wp, reads the model and the contracts only.
 */
#define EFF_PRIO_LEMMAS 1
#include "eff_prio.c"
