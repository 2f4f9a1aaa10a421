/* SPDX-License-Identifier: MIT */
/*
 * heap_alloc's behavior from_list (heap_alloc.c), its ensures, in the
 * case of heap_alloc_list.c (a list serves, the lowest non-empty class
 * being KF, a logic constant without axiom: any class), whose
 * preconditions it includes. PROVED (heap_alloc_list_ens.wp, -wp-bhv
 * from_list -wp-split): l_res (VOS_OK), l_lock (the lock state as it
 * was), l_found, l_out (*out = the found head + 8), l_min; take's split
 * restated: s_hdr, s_rest, s_gone, s_heads, s_free; its whole: w_list,
 * w_link, w_free (w_hdr: heap_alloc_list_ens2.c; s_tag, s_link,
 * s_filed: heap_alloc_list_ens3.c). NOT PROVED (timeouts, CVC4 20 s, on
 * the two real paths: docs/evidence.md): l_i5, w_next (w_next:
 * heap_alloc_list_ens4.c, l_i5: heap_alloc_list_ens5.c; from_list's
 * assigns clause: the heap_alloc_list_asg run, on heap_alloc_list_ens3.c). The lemmas
 * found_same and found_kf (the lowest non-empty class at or above w is
 * unique) are proved by the heap_alloc_list_ens_lemmas run.
 * Assumptions: heap_alloc.c's (its header), nothing more.
 */
#include "heap_alloc_list.c"

/*@ lemma found_same: \forall vos_heap_t *h, integer w, k1, k2;
      found(h, w, k1) && found(h, w, k2) ==> k1 == k2;
    lemma found_kf: \forall vos_heap_t *h, integer w, k;
      found(h, w, k) && found(h, w, KF) ==> k == KF;
*/
