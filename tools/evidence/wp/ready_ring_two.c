/* SPDX-License-Identifier: MIT */
/*
 * Run ready_ring_two (issue 34, docs/evidence.md 2.2 "One ring per
 * level"): the two-state lemmas of the one-ring model, ready_ring_seg.h
 * first (rn_seg_j with no other lemma in its context), then
 * ready_ring_lemmas.c (the lemmas the rest use; its lemma functions are
 * not goals of this run), ready_ring_two.h, ready_ring_move.h and ready_ring_use.h.
 */
#include "ready_ring_seg.h"
#include "ready_ring_lemmas.c"
#include "ready_ring_two.h"
#include "ready_ring_move.h"
#include "ready_ring_use.h"
