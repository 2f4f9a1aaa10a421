/* SPDX-License-Identifier: MIT */
/*
 * The free-list model for heap_free's fast_replace case (issue 34):
 * tiles j (b, in use) and j + 1 (n, free, at position RQ(j) of list
 * RK(j)) are joined and b takes n's place in its list (list_replace).
 * Lemma functions (ghost functions whose contracts are the facts, each
 * proved in a small context by heap_tile_fast_rl.c's runs) that
 * heap_tile_fast_rpl.c's tf_free_rpl composes:
 *   g_nl, g_nu (run heap_tile_fast_rlq): n's list entry, every list
 *        entry and the links as l_at, from tlisted(h), before the call;
 *        n's list neighbours as tiles (ru, rd) and n's link words in
 *        their terms, as the call step tf_rep_call requires them;
 *   g_rq (run heap_tile_fast_rlq): the links after the call, in the
 *        tiles' numbering before the join, position by position, give
 *        r_links and r_heads: the lists with n's place holding b;
 *   g_fr (run heap_tile_fast_rlg): the ghost update (heap_tile_fast_ren.h's
 *        g_dnt, g_join_mid, then g_dnk) keeps l_mem and l_ent and turns
 *        r_links, r_heads into l_links, l_heads: tlisted(h); and tiled(h)
 *        from the call's headers, sentinel, counts and top.
 * Contracts only. Include after heap_list_model.h, heap_list_join.h
 * (l_at), heap_tile_join_mid.h and heap_tile_fast_ren.h.
 */
#ifndef EV_WP_HEAP_TILE_FAST_RL_H
#define EV_WP_HEAP_TILE_FAST_RL_H

/* n's (tile j + 1's) list and position. */
#define RK(j) lK[(j) + 1]
#define RQ(j) lP[(j) + 1]

/*@ // Position (k, q) of the lists with n's place holding b, in the
    // tiles' numbering before the join.
    logic blk_t *rblk{L}(vos_heap_t *h, integer j, integer k, integer q) =
      k == RK(j) && q == RQ(j) ? B(h, tG[j]) : lblk(h, k, q);

    // Position (k, q)'s links in those lists.
    predicate r_at{L}(vos_heap_t *h, integer j, integer k, integer q) =
      rblk(h, j, k, q)->next_free == rblk(h, j, k, q - 1) &&
      rblk(h, j, k, q)->pprev ==
        (q == lN[k] - 1 ? &h->lists[k] : &rblk(h, j, k, q + 1)->next_free);

    predicate r_links{L}(vos_heap_t *h, integer j) =
      \forall integer k, q; 0 <= k < LCLS && 0 <= q < lN[k] ==> r_at(h, j, k, q);

    predicate r_heads{L}(vos_heap_t *h, integer j) =
      \forall integer k; 0 <= k < LCLS ==> h->lists[k] == rblk(h, j, k, lN[k] - 1);
*/

/* Before the call: n's entry, the entries, the links (l_at), and which
 * entries are n's list neighbours. */
/*@ ghost
  /@ requires nl_pre: tlisted(h) && 0 <= j && j + 2 < tn && tF[j] == 0 && tF[j + 1] == 1;
     assigns \nothing;
     ensures nl_k: 0 <= RK(j) < LCLS && 0 <= RQ(j) < lN[RK(j)] &&
       lT[RK(j)][RQ(j)] == j + 1 && RK(j) == cls_floor(bsize(j + 1));
     ensures nl_x: \forall integer k, q; 0 <= k < LCLS && 0 <= q < lN[k] ==>
       lfree(lT[k][q]) && lT[k][q] != j && lK[lT[k][q]] == k && lP[lT[k][q]] == q;
     ensures nl_at: \forall integer k, q; 0 <= k < LCLS && 0 <= q < lN[k] ==> l_at(h, k, q);
     ensures nl_u: RQ(j) + 1 < lN[RK(j)] ==> lT[RK(j)][RQ(j) + 1] != j + 1 &&
       (RQ(j) >= 1 ==> lT[RK(j)][RQ(j) + 1] != lT[RK(j)][RQ(j) - 1]);
     ensures nl_d: RQ(j) >= 1 ==> lT[RK(j)][RQ(j) - 1] != j + 1;
     ensures nl_o: \forall integer k, q; 0 <= k < LCLS && 0 <= q < lN[k] &&
       !(k == RK(j) && RQ(j) - 1 <= q <= RQ(j) + 1) ==>
         lT[k][q] != j + 1 &&
         (RQ(j) + 1 < lN[RK(j)] ==> lT[k][q] != lT[RK(j)][RQ(j) + 1]) &&
         (RQ(j) >= 1 ==> lT[k][q] != lT[RK(j)][RQ(j) - 1]);
  @/
  void g_nl(vos_heap_t *h, uint32_t j);
*/

/*@ // n's list neighbours as tiles: ru the tile after n's position (its
    // next_free is n's referrer), rd the tile before it (n's next_free);
    // j (b, not listed) when there is none.
    logic integer ru{L}(integer j) = RQ(j) + 1 < lN[RK(j)] ? lT[RK(j)][RQ(j) + 1] : j;
    logic integer rd{L}(integer j) = RQ(j) >= 1 ? lT[RK(j)][RQ(j) - 1] : j;
*/

/* Before the call: n's link words as tiles (ru, rd), as the call step
 * tf_rep_call (heap_tile_fast_rc.h) requires them. */
/*@ ghost
  /@ requires nu_pre: tlisted(h) && lsep(h) && 0 <= j && j + 2 < tn && tF[j] == 0 && tF[j + 1] == 1;
     assigns \nothing;
     ensures nu_k: 0 <= RK(j) < LCLS && 0 <= RQ(j) < lN[RK(j)] && lN[RK(j)] < TMAX;
     ensures nu_u: 0 <= ru(j) < tn && ru(j) != j + 1 &&
       (ru(j) == j <==> RQ(j) + 1 == lN[RK(j)]) &&
       (ru(j) != j ==> lblk(h, RK(j), RQ(j) + 1) == B(h, tG[ru(j)]));
     ensures nu_d: 0 <= rd(j) < tn && rd(j) != j + 1 && (rd(j) != j ==> rd(j) != ru(j)) &&
       (rd(j) == j <==> RQ(j) == 0) &&
       (rd(j) != j ==> lblk(h, RK(j), RQ(j) - 1) == B(h, tG[rd(j)]));
     ensures nu_p: B(h, tG[j + 1])->pprev ==
       (ru(j) == j ? &h->lists[RK(j)] : &B(h, tG[ru(j)])->next_free);
     ensures nu_n: B(h, tG[j + 1])->next_free == (rd(j) == j ? (blk_t *)\null : B(h, tG[rd(j)]));
     ensures nu_lk: \forall integer k, q; 0 <= k < LCLS && 0 <= q < lN[k] ==>
       NF2(lT[k][q]) == lblk(h, k, q - 1) &&
       PP2(lT[k][q]) == (q == lN[k] - 1 ? &h->lists[k] : &B(h, tG[lT[k][q + 1]])->next_free);
     ensures nu_hd: \forall integer k; 0 <= k < LCLS ==> h->lists[k] == lblk(h, k, lN[k] - 1);
  @/
  void g_nu(vos_heap_t *h, uint32_t j);
*/

/* ru(j) and rd(j) as values for ghost code (k0, q0: n's list and
 * position, read by the caller). */
/*@ ghost
  /@ requires k0 == RK(j) && q0 == RQ(j) && 0 <= k0 < LCLS && 0 <= q0 < lN[k0] && lN[k0] < TMAX;
     assigns \nothing;
     ensures ru_v: \result == ru(j);
  @/
  uint32_t g_ru(uint32_t j, uint32_t k0, uint32_t q0);
*/
/*@ ghost
  /@ requires k0 == RK(j) && q0 == RQ(j) && 0 <= k0 < LCLS && 0 <= q0 < lN[k0] && lN[k0] < TMAX;
     assigns \nothing;
     ensures rd_v: \result == rd(j);
  @/
  uint32_t g_rd(uint32_t j, uint32_t k0, uint32_t q0);
*/

/* After the call (ghost data not yet renumbered): the links position by
 * position give r_links and r_heads. */
/*@ ghost
  /@ requires rq_k: 0 <= RK(j) < LCLS && 0 <= RQ(j) < lN[RK(j)] && lT[RK(j)][RQ(j)] == j + 1;
     requires rq_o: \forall integer k, q; 0 <= k < LCLS && 0 <= q < lN[k] &&
       !(k == RK(j) && RQ(j) - 1 <= q <= RQ(j) + 1) ==> l_at(h, k, q);
     requires rq_b: B(h, tG[j])->next_free == lblk(h, RK(j), RQ(j) - 1) &&
       B(h, tG[j])->pprev == (RQ(j) == lN[RK(j)] - 1 ? &h->lists[RK(j)] :
         &lblk(h, RK(j), RQ(j) + 1)->next_free);
     requires rq_u: RQ(j) + 1 < lN[RK(j)] ==>
       lblk(h, RK(j), RQ(j) + 1)->next_free == B(h, tG[j]) &&
       lblk(h, RK(j), RQ(j) + 1)->pprev == (RQ(j) + 1 == lN[RK(j)] - 1 ? &h->lists[RK(j)] :
         &lblk(h, RK(j), RQ(j) + 2)->next_free);
     requires rq_d: RQ(j) >= 1 ==>
       lblk(h, RK(j), RQ(j) - 1)->next_free == lblk(h, RK(j), RQ(j) - 2) &&
       lblk(h, RK(j), RQ(j) - 1)->pprev == &B(h, tG[j])->next_free;
     requires rq_h: \forall integer k; 0 <= k < LCLS ==>
       h->lists[k] == (k == RK(j) && RQ(j) == lN[RK(j)] - 1 ? B(h, tG[j]) : lblk(h, k, lN[k] - 1));
     assigns \nothing;
     ensures rq_l: r_links(h, j);
     ensures rq_hd: r_heads(h, j);
  @/
  void g_rq(vos_heap_t *h, uint32_t j);
*/

/* The ghost update: tiles j and j + 1 joined (g_join_mid), the lists'
 * model renumbered (g_dnt, g_dnk): tlisted(h) from r_links and r_heads,
 * the class of the joined tile n's (behavior listed), and tiled(h) from
 * the headers, sentinel, counts and top as the call leaves them, in the
 * numbering before the join (behavior tiles: heap_tile_fast_rep.c's
 * asserts). Each behavior's assumes are in its own goals' context only.
 * No assigns clause: WP states the inclusion of g_dnt's
 * lT[0 .. LCLS - 1][0 .. TMAX - 1] in a caller's assigns as an
 * existential over two indices, which CVC4 and Z3 did not prove in this
 * context; so a call lets every location change, and the contract
 * states all its caller needs (JM_ENS, fr_fb, each behavior's ensures). */
/*@ ghost
  /@ JM_REQ(total, j)
     requires fr_n: \forall integer c; 0 <= c < LCLS ==> lN[c] < TMAX;
     JM_ENS(total, j)
     ensures fr_fb: h->free_bytes == \old(h->free_bytes);
     behavior listed:
       assumes fr_l: l_mem(h) && l_ent(h) &&
         cls_floor(bsize(j) + bsize(j + 1)) == cls_floor(bsize(j + 1)) &&
         r_links(h, j) && r_heads(h, j);
       ensures fr_ok: tlisted(h);
     behavior tiles:
       assumes fr_t: total == h->total &&
         (\forall integer i; 0 <= i < tn && i != j ==> hdr(h, tG[i], hword(i))) &&
         hdr(h, tG[j], bsize(j) + bsize(j + 1) + 1) && sentinel(h) &&
         h->free_bytes == tS[tn] + bsize(j) && h->min_free <= tS[tn] && tile_top(h);
       ensures fr_tiled: tiled(h);
  @/
  void g_fr(vos_heap_t *h, uint32_t total, uint32_t j);
*/

#endif
