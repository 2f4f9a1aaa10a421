/* SPDX-License-Identifier: MIT */
/*
 * The proof of heap_class_scheme.h's lemmas (the run
 * heap_class_scheme_lemmas), apart from the kernel so that no goal
 * carries the kernel's and the other heap proofs' definitions and
 * lemmas. The one axiom in their context is heap_put.c's C_or, restated
 * here: for x, y >= 0, x | y is at least x and at least y (C11 6.5.12:
 * its bits include both operands'), used by or_sh.
 */
#include <stdint.h>

/*@ axiomatic C_or {
      axiom or_ge: \forall integer x, y; 0 <= x && 0 <= y ==> x <= (x | y) && y <= (x | y);
    }
*/

#include "heap_class_scheme.h"
