/* SPDX-License-Identifier: MIT */
/*
 * The block a pointer p names for heap_free and the code's one compare
 * that lets it through before the lock (kernel/heap.c, heap_free), as
 * macros so that the contracts' terms are the code's: bof(p) = p - 8,
 * boff(h, p) its offset from the arena's start, rot(o) that offset rotated
 * right by 3 bits in 32 bits, inside(h, p) the code's test (below span8:
 * in the arena and 8-aligned), hok(h) a valid heap handle, pin(h, p) a
 * call the entry checks let through. Shared by heap_fast.c (the entry
 * checks) and heap_free_fast.c (the locked part).
 */
#ifndef EV_WP_HEAP_PIN_H
#define EV_WP_HEAP_PIN_H

#define bof(p) ((blk_t *)(uintptr_t)((uint8_t *)(p) - HB_HDR))
#define boff(h, p) ((uintptr_t)((uintptr_t)bof(p) - (uintptr_t)(h)->first))
#define rot(o) (((o) >> 3) | (uintptr_t)((o) << 29))
#define inside(h, p) (rot(boff(h, p)) < (h)->span8)
#define hok(h) ((h) != \null && (h)->tag == VOS_TAG_HEAP)
#define pin(h, p) (hok(h) && (p) != \null && inside(h, p))

#endif
