/* SPDX-License-Identifier: MIT */
/* Included first in every file Frama-C reads. The compilers of the real
 * builds check every _Static_assert; Frama-C 25 cannot evaluate some of
 * them (a `!0 ||` it does not fold), so here they declare nothing. */
#define _Static_assert(c, m) extern int ev_static_assert_
#define __builtin_assume_aligned(p, a) ((void *)(p))
#define __builtin_memcpy memcpy
