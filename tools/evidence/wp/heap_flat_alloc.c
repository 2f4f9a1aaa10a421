/* SPDX-License-Identifier: MIT */
/*
 * heap_alloc.c's arena_hsep(h) (headers at distinct multiples of 8 in
 * [0, total] do not overlap; heap_ok's flat-memory clause) follows from
 * heap_flat.h's flat(h): fl_arena_hsep, a ghost lemma function, as
 * heap_flat.c's fl_arena_sep for heap_tile_model.h's arena_sep (the two
 * predicates have the same body). A run of its own: heap_alloc.c and
 * heap_list_top.c (which heap_flat.c includes for hblk_sep) both include
 * heap_top.c. The run proves only fl_arena_hsep (-wp-fct); heap_alloc.c's
 * axioms and lemmas are in the context, unused. No axiom, no admitted
 * lemma.
 */
#include "heap_alloc.c"
#include "heap_flat.h"

/*@ ghost
  /@ requires flat(h);
     assigns \nothing;
     ensures fa_hsep: arena_hsep(h);
  @/
  void fl_arena_hsep(vos_heap_t *h)
  {
      /@ assert fa_ap: \forall integer o1, o2; 0 <= o1 < o2 && o1 % 8 == 0 && o2 % 8 == 0 ==>
           fl_apart(o1, HB_HDR, o2, HB_HDR); @/
      /@ assert fa_in: \forall integer o; 0 <= o <= h->total && o % 8 == 0 ==> fl_hdr(h, o); @/
  }
*/
