/* SPDX-License-Identifier: MIT */
/*
 * heap_alloc's behavior from_list in the list case (heap_alloc_list.c's
 * preconditions, through heap_alloc_list_ens.c), with three more
 * preconditions that restate facts the case already implies as ground
 * facts for the provers: al_kf ((uint32_t)KF == KF: lemma al_u32, from
 * al_case's size check and found, proved by the heap_alloc_list_ens2_lemmas run),
 * al_bs_lo and al_bs_hi (bs_of(size) on each of the code's paths:
 * heap_alloc.c's lemmas bs_of_lo and bs_of_hi, proved by the
 * heap_alloc_lemmas run). No assumption beyond heap_alloc.c's.
 * PROVED (heap_alloc_list_ens2.wp): w_hdr (the whole block's header).
 * NOT PROVED here (timeouts, CVC4 20 s, on the two real paths): s_tag,
 * s_link, s_filed (proved with heap_alloc_list_ens3.c's additions),
 * w_next, l_i5 (proved by heap_alloc_list_ens4.c, heap_alloc_list_ens5.c).
 */
#include "heap_alloc_list_ens.c"

/*@ lemma al_u32: \forall vos_heap_t *h, integer size;
      0 <= size <= 4294967295 && (uint32_t)(size - 1) < 524288 &&
      found(h, cls_ceil(bs_of(size)), KF) ==> (uint32_t)KF == KF;
*/

/*@ requires al_kf: HOK && SZOK ==> (uint32_t)KF == KF;
    requires al_bs_lo: BS0 < HB_MIN ==> bs_of(size) == HB_MIN;
    requires al_bs_hi: HB_MIN <= BS0 ==> bs_of(size) == BS0;
*/
INLINE int heap_alloc(vos_heap_t *h, size_t size, void **out);
