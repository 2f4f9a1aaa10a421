/* SPDX-License-Identifier: MIT */
/*
 * The code's rotated compare (kernel/heap.c: heap_free's entry check and
 * prev_free_block's range check): an offset rotated right by 3 bits in
 * 32 bits is below s exactly when it is a multiple of 8 below 8 * s.
 * ASSUMED in WP, PROVED in bit-vector logic (tools/evidence/bv/
 * heap_entry.smt2, rot_inside_32; rot_inside_64 for a 64-bit uintptr_t).
 * Shared by heap_fast.c (heap_free's entry checks) and heap_pfb_ok.c
 * (prev_free_block's acceptance of a consistent predecessor); rot(o) is
 * heap_pin.h's.
 */
#ifndef EV_WP_HEAP_ROT_H
#define EV_WP_HEAP_ROT_H

#include "heap_pin.h"

/*@ axiomatic C_rot {
      axiom rot_inside: \forall uintptr_t o, s; s < 536870912 ==>
        (rot(o) < s <==> (o % 8 == 0 && o < 8 * s));
    }
*/

#endif
