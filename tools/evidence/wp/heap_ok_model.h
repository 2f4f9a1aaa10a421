/* SPDX-License-Identifier: MIT */
/*
 * OK_MODEL(h): the whole-heap model with its flat-memory facts, the
 * hypothesis of heap_alloc_ok.h's ok_of_model (whose ensures is
 * heap_alloc's precondition heap_ok(h)) and the ensures hp_ok of
 * heap_model_parts.c's hm_parts (which derives it from heap_model(h)):
 * one text for both, so that the chain heap_model -> OK_MODEL -> heap_ok
 * cannot drift. A macro only (no logic definition), so including this
 * header changes no run's printed source.
 */
#ifndef EV_WP_HEAP_OK_MODEL_H
#define EV_WP_HEAP_OK_MODEL_H

#define OK_MODEL(h) (\valid(h) && arena(h) && arena_sep(h) && tiled(h) && tlisted(h) && \
    lsep(h) && i5(h) && bsep(h))

#endif
