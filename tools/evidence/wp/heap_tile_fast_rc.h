/* SPDX-License-Identifier: MIT */
/*
 * heap_free's fast_replace call (heap_free_fast.c's behavior
 * fast_replace) stated on the whole-heap model's tiles before the join
 * (issue 34): tf_rep_call calls heap_free and ensures its effect on the
 * headers, the counts and the link words of every tile, with no list
 * model in its contract: tile j is b (in use), j + 1 is n (free,
 * listed); the ghost parameters name the tiles whose link words point
 * at n: u the tile whose next_free is n's referrer, else j (n heads
 * list k0), d n's successor in its list, else j (n is its list's last).
 * With heap_class_scheme.h included, a second declaration adds rc_cls
 * (heap_free_fast_class.c's fr_class on the tiles). Bodies and proofs:
 * heap_tile_fast_rc.c (runs heap_tile_fast_rc and, for rc_cls,
 * heap_tile_fast_rc_cls); the composition heap_tile_fast_rpl.c calls
 * it. Include after heap_free_fast.c and heap_tile_model.h.
 */
#ifndef EV_WP_HEAP_TILE_FAST_RC_H
#define EV_WP_HEAP_TILE_FAST_RC_H

/* The preconditions on the tiles before the call, the composition's and
 * the call step's (one text). */
#define RC_PRE \
    requires rp_pre: HF_READS(p); \
    requires rp_fast: FAST(p) && NX(p) != h->top && SAME(p) && FAST_PRE(p) && LISTED_PRE(p); \
    requires rp_mem: arena(h) && arena_sep(h); \
    requires rp_tag: \forall integer i; 0 <= i < tn ==> \separated(TAG(p), B(h, tG[i])); \
    requires rp_b: 0 <= j && j + 2 < tn && bof(p) == B(h, tG[j]) && \
      NX(p) == B(h, tG[j + 1]) && tF[j] == 0 && pfree(j) == 0 && tF[j + 1] == 1;

/* The blocks the call writes (tiles j, u, d) apart from every other
 * tile's and from the descriptor (from lsep(h): g_rc_sep). */
#define RC_SEP(h, j, u, d) \
    \forall integer i; 0 <= i < tn ==> \valid(B(h, tG[i])) && \separated(B(h, tG[i]), h) && \
      (i != j ==> \separated(B(h, tG[i]), B(h, tG[j]))) && \
      (i != u ==> \separated(B(h, tG[i]), B(h, tG[u]))) && \
      (i != d ==> \separated(B(h, tG[i]), B(h, tG[d])))

/*@ RC_PRE
    requires rc_ok: tiled(h);
    requires rc_sep: RC_SEP(h, j, u, d);
    requires rc_u: 0 <= u < tn && u != j + 1 &&
      (u == j ==> 0 <= k0 < VOS_HEAP_CLASSES && NX(p)->pprev == &h->lists[k0]) &&
      (u != j ==> NX(p)->pprev == &B(h, tG[u])->next_free);
    requires rc_d: 0 <= d < tn && d != j + 1 && (d != j ==> d != u) &&
      (d == j ==> NX(p)->next_free == \null) &&
      (d != j ==> NX(p)->next_free == B(h, tG[d]));
    assigns ev_lock_depth, h->free_bytes, h->frees,
            bof(p)->size, bof(p)->check, bof(p)->next_free, bof(p)->pprev,
            *TAG(p), *NX(p)->pprev, NX(p)->next_free->pprev;
    ensures rc_res: \result == VOS_OK;
    ensures rc_bw: hdr(h, tG[j], bsize(j) + bsize(j + 1) + 1);
    ensures rc_hd: \forall integer i; 0 <= i < tn && i != j ==> hdr(h, tG[i], hword(i));
    ensures rc_sent: hdr(h, h->total, 2 * tF[tn - 1]);
    ensures rc_top: h->top == \old(h->top) && h->top_size == \old(h->top_size);
    ensures rc_mf: h->min_free == \old(h->min_free) && h->total == \old(h->total);
    ensures rc_fb: h->free_bytes == tS[tn] + bsize(j) && tS[tn] + bsize(j) < 4294967296;
    ensures rc_o: \forall integer i; 0 <= i < tn && i != j && i != u && i != d ==>
      B(h, tG[i])->next_free == \old(B(h, tG[i])->next_free) &&
      B(h, tG[i])->pprev == \old(B(h, tG[i])->pprev);
    ensures rc_uu: u != j ==> B(h, tG[u])->next_free == B(h, tG[j]) &&
      B(h, tG[u])->pprev == \old(B(h, tG[u])->pprev);
    ensures rc_dd: d != j ==> B(h, tG[d])->next_free == \old(B(h, tG[d])->next_free) &&
      B(h, tG[d])->pprev == &B(h, tG[j])->next_free;
    ensures rc_j: B(h, tG[j])->next_free == \old(B(h, tG[j + 1])->next_free) &&
      B(h, tG[j])->pprev == \old(B(h, tG[j + 1])->pprev);
    ensures rc_l: \forall integer k; 0 <= k < VOS_HEAP_CLASSES ==>
      h->lists[k] == (u == j && k == k0 ? B(h, tG[j]) : \old(h->lists[k]));
*/
int tf_rep_call(vos_heap_t *h, void *p, uint32_t j) /*@ ghost (uint32_t u, uint32_t d, uint32_t k0) */;

#ifdef EV_WP_HEAP_CLASS_SCHEME_H
/* The class the merged block keeps (fr_class on the tiles). */
/*@ ensures rc_cls: cls_floor(bsize(j) + bsize(j + 1)) == cls_floor(bsize(j + 1)); */
int tf_rep_call(vos_heap_t *h, void *p, uint32_t j) /*@ ghost (uint32_t u, uint32_t d, uint32_t k0) */;
#endif

/* RC_SEP from lsep(h) (a lemma function; proved by the run
 * heap_tile_fast_rpl). */
#ifdef EV_WP_HEAP_LIST_MODEL_H
/*@ ghost
  /@ requires lsep(h) && 0 <= j < tn && 0 <= u < tn && 0 <= d < tn;
     assigns \nothing;
     ensures RC_SEP(h, j, u, d);
  @/
  void g_rc_sep(vos_heap_t *h, uint32_t j, uint32_t u, uint32_t d) { }
*/
#endif

#endif
