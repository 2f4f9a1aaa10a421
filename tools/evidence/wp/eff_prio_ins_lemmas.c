/* SPDX-License-Identifier: MIT */
/*
 * The lemmas of tools/evidence/wp/eff_prio_ins.h (wq_last and wq_next after
 * an insertion), proved by eff_prio_ins_lemmas.wp: eff_prio.c's model and
 * contracts, then eff_prio_ins.h with its helper lemmas (EFF_PRIO_INS_LEMMAS).
 */
#define EFF_PRIO_INS_LEMMAS 1
#define EFF_PRIO_REPOS 1
#include "eff_prio.c"
#include "eff_prio_ins.h"
