/* SPDX-License-Identifier: MIT */
/*
 * The lock as the heap proofs take it: the port stub's interrupt mask
 * (tools/evidence/eva/port_impl.h's ev_lock_depth, the nesting count),
 * arch_lock raising it by one and returning it as it was, arch_unlock
 * setting it back to the key: arch_lock's contract is proved on the
 * stub's body, arch_unlock's assumed (on a port its body may switch
 * tasks): docs/evidence.md 2.3, Assumed, the port stub (the EVA
 * analysis's model of the port contract, tools/evidence/eva). Included
 * after kernel/heap.c's port header, where the declarations are in scope,
 * by every heap proof that takes the lock: heap_alloc.c, heap_free_fast.c,
 * heap_free_merge_call.c and heap_free_merge_inv.c (and the files that
 * include those); heap_aligned_fn.c states and proves its own, weaker
 * pair.
 */
#ifndef VAIOS_EVIDENCE_HEAP_LOCK_H
#define VAIOS_EVIDENCE_HEAP_LOCK_H

/*@ assigns ev_lock_depth;
    ensures \result == \old(ev_lock_depth) && ev_lock_depth == (uint32_t)(\old(ev_lock_depth) + 1);
*/
static inline uint32_t arch_lock(void);

/*@ assigns ev_lock_depth;
    ensures ev_lock_depth == key;
*/
static inline void arch_unlock(uint32_t key);

#endif
