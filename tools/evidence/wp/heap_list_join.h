/* SPDX-License-Identifier: MIT */
/*
 * The free-list model's join lemmas (ghost functions whose contracts are
 * facts about one list's links, each proved in a small context): list
 * k's clause of l_links from its parts (g_top_join, g_pop_join,
 * g_mid_join), l_links and l_heads from list k's and the other lists'
 * (g_links_join, g_heads_join), l_at unfolded (g_at_unfold). heap_list.c
 * calls them (g_push, g_pop, g_unlink) and so does heap_list_cut.c; the
 * run heap_list_join proves them in heap_list_join.c, whose context has
 * the model only (no bit lemmas: bits.h's lemmas, in heap_list.c's
 * context since its steps state i5, make Z3 time out on g_links_join's
 * and g_top_join's goals, which it proves in about a second without
 * them). NF2 and PP2 (tile i's block's links) are heap_list_model.h's.
 * Include after heap_list_model.h.
 */
#ifndef EV_WP_HEAP_LIST_JOIN_H
#define EV_WP_HEAP_LIST_JOIN_H

/* l_links from list k's clause and the other lists' (a small context). */
/*@ ghost
  /@ requires jl_o: \forall integer k1, p; 0 <= k1 < LCLS && 0 <= p < lN[k1] && k1 != k ==>
       NF2(lT[k1][p]) == lblk(h, k1, p - 1) &&
       PP2(lT[k1][p]) == (p == lN[k1] - 1 ? &h->lists[k1] : &B(h, tG[lT[k1][p + 1]])->next_free);
     requires jl_k: \forall integer p; 0 <= p < lN[k] ==>
       NF2(lT[k][p]) == lblk(h, k, p - 1) &&
       PP2(lT[k][p]) == (p == lN[k] - 1 ? &h->lists[k] : &B(h, tG[lT[k][p + 1]])->next_free);
     assigns \nothing;
     ensures jl_ok: l_links(h);
  @/
  void g_links_join(vos_heap_t *h, uint32_t k)
  {
  }
*/

/* l_heads from list k's head and the other lists' (a small context). */
/*@ ghost
  /@ requires jh_o: \forall integer k1; 0 <= k1 < LCLS && k1 != k ==> h->lists[k1] == lblk(h, k1, lN[k1] - 1);
     requires jh_k: h->lists[k] == lblk(h, k, lN[k] - 1);
     assigns \nothing;
     ensures jh_ok: l_heads(h);
  @/
  void g_heads_join(vos_heap_t *h, uint32_t k)
  {
  }
*/

/* List k's clause from its positions below n - 1, n - 1 and n (a small
 * context; n + 1 positions). */
/*@ ghost
  /@ requires jk_n: lN[k] == n + 1 && 0 <= n;
     requires jk_lo: \forall integer p; 0 <= p < n - 1 ==>
       NF2(lT[k][p]) == lblk(h, k, p - 1) && PP2(lT[k][p]) == &B(h, tG[lT[k][p + 1]])->next_free;
     requires jk_m: n >= 1 ==>
       NF2(lT[k][n - 1]) == lblk(h, k, n - 2) && PP2(lT[k][n - 1]) == &B(h, tG[lT[k][n]])->next_free;
     requires jk_t: NF2(lT[k][n]) == lblk(h, k, n - 1) && PP2(lT[k][n]) == &h->lists[k];
     assigns \nothing;
     ensures jk_ok: \forall integer p; 0 <= p < lN[k] ==>
       NF2(lT[k][p]) == lblk(h, k, p - 1) &&
       PP2(lT[k][p]) == (p == lN[k] - 1 ? &h->lists[k] : &B(h, tG[lT[k][p + 1]])->next_free);
  @/
  void g_top_join(vos_heap_t *h, uint32_t k, uint32_t n)
  {
      /@ assert jk_c: \forall integer p; 0 <= p < lN[k] ==> p < n - 1 || p == n - 1 || p == n; @/
  }
*/

/* List k's clause from its positions below m - 1 and m - 1, the head (a
 * small context; m positions). */
/*@ ghost
  /@ requires jp_n: lN[k] == m && 0 <= m;
     requires jp_lo: \forall integer p; 0 <= p < m - 1 ==>
       NF2(lT[k][p]) == lblk(h, k, p - 1) && PP2(lT[k][p]) == &B(h, tG[lT[k][p + 1]])->next_free;
     requires jp_t: m >= 1 ==>
       NF2(lT[k][m - 1]) == lblk(h, k, m - 2) && PP2(lT[k][m - 1]) == &h->lists[k];
     assigns \nothing;
     ensures jp_ok: \forall integer p; 0 <= p < lN[k] ==>
       NF2(lT[k][p]) == lblk(h, k, p - 1) &&
       PP2(lT[k][p]) == (p == lN[k] - 1 ? &h->lists[k] : &B(h, tG[lT[k][p + 1]])->next_free);
  @/
  void g_pop_join(vos_heap_t *h, uint32_t k, uint32_t m)
  {
  }
*/

/*@ // Position p of list k's links (l_links' clause at k, p).
    predicate l_at{L}(vos_heap_t *h, integer k, integer p) =
      B(h, tG[lT[k][p]])->next_free == lblk(h, k, p - 1) &&
      B(h, tG[lT[k][p]])->pprev ==
        (p == lN[k] - 1 ? &h->lists[k] : &B(h, tG[lT[k][p + 1]])->next_free);
*/

/* List k's clause from its positions below q - 1, q - 1, q and above q
 * (a small context: l_at unfolded by neither). */
/*@ ghost
  /@ requires jm_q: 0 <= q < lN[k];
     requires jm_lo: \forall integer r; 0 <= r < q - 1 ==> l_at(h, k, r);
     requires jm_t: q >= 1 ==> l_at(h, k, q - 1);
     requires jm_u: l_at(h, k, q);
     requires jm_hi: \forall integer r; q < r < lN[k] ==> l_at(h, k, r);
     assigns \nothing;
     ensures jm_ok: \forall integer p; 0 <= p < lN[k] ==> l_at(h, k, p);
  @/
  void g_mid_join(vos_heap_t *h, uint32_t k, uint32_t q)
  {
      /@ assert jm_c: \forall integer p; 0 <= p < lN[k] ==> p < q - 1 || p == q - 1 || p == q || q < p; @/
  }
*/

/* l_at unfolded over list k (a small context). */
/*@ ghost
  /@ requires ja_k: \forall integer p; 0 <= p < lN[k] ==> l_at(h, k, p);
     assigns \nothing;
     ensures ja_ok: \forall integer p; 0 <= p < lN[k] ==>
       NF2(lT[k][p]) == lblk(h, k, p - 1) &&
       PP2(lT[k][p]) == (p == lN[k] - 1 ? &h->lists[k] : &B(h, tG[lT[k][p + 1]])->next_free);
  @/
  void g_at_unfold(vos_heap_t *h, uint32_t k)
  {
  }
*/

#endif
