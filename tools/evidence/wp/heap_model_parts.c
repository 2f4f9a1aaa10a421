/* SPDX-License-Identifier: MIT */
/*
 * heap_model(h) (heap_model_all.h) gives the whole-heap proofs'
 * separate flat-memory preconditions: hm_parts, a ghost lemma function,
 * calls heap_flat.c's fl_arena_sep, fl_arena_hsep, fl_lsep (with
 * tiled(h)'s gseq), fl_hblk_sep and fl_bsep (their contracts proved by
 * the run heap_flat) and ensures arena_sep(h), heap_alloc.c's
 * arena_hsep(h), lsep(h), hblk_sep(h), bsep(h), and with
 * heap_model's own parts OK_MODEL(h) (heap_ok_model.h, the text
 * heap_alloc_ok.h uses too; \valid(h), arena, arena_sep, tiled,
 * tlisted, lsep, i5, bsep: the hypothesis of ok_of_model, whose ensures
 * is heap_ok(h)).
 * Run heap_model_parts proves only hm_parts (-wp-fct). No axiom, no
 * admitted lemma; the included files' axioms are in the context.
 */
#include "heap_flat.c"
/* i5 (heap_i5.c) comes with heap_flat.c's heap_alloc.c. */
#include "heap_model_all.h"
#include "heap_ok_model.h"

/*@ ghost
  /@ requires heap_model(h);
     assigns \nothing;
     ensures hp_sep: arena_sep(h);
     ensures hp_hsep: arena_hsep(h);
     ensures hp_lsep: lsep(h);
     ensures hp_hblk: hblk_sep(h);
     ensures hp_bsep: bsep(h);
     ensures hp_ok: OK_MODEL(h);
  @/
  void hm_parts(vos_heap_t *h)
  {
      fl_arena_sep(h);
      fl_arena_hsep(h);
      fl_lsep(h);
      fl_hblk_sep(h);
      fl_bsep(h);
  }
*/
