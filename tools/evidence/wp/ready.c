/* SPDX-License-Identifier: MIT */
/*
 * WP proof of the ready structure's invariant (kernel/sched.c's header):
 * bit p of vos__ready_map is set exactly when level p's list is
 * non-empty, before and after every insert, remove and pick.
 *
 * The code proved is kernel/sched.c itself, included whole below (with
 * kernel/kernel.h's vos__ready_insert, vos__ready_unlink and
 * vos__pick_inline): this file adds only contracts, on declarations of
 * the same functions that Frama-C merges with their definitions.
 *
 * vos__ready_insert's assigns clause names the level's tail's next and
 * head's prev only when the level is non-empty (RD_IF), so nothing is
 * said to be written through a null head.
 *
 * Assumptions (docs/evidence.md): __builtin_clz returns the number of
 * leading zero bits of a non-zero word (the compiler's definition, stated
 * as a contract below); the tasks are objects apart from the scheduler's
 * block (\separated); VOS_CFG_TIMESLICE is 0 (VOS__SLICE_CHECK empty).
 */
/* The source file that defines vos__ready_remove and vos__pick
 * (tools/evidence/run.py finds it), with kernel/kernel.h. */
#include EV_SOURCE

/*@ predicate bit_on(integer m, integer p) = (m & (1 << p)) != 0;

    predicate map_ok{L} =
      \forall integer p; 0 <= p < VOS_CFG_PRIO_LEVELS ==>
        (bit_on(vos__s.ready_map, p) <==> vos__s.ready[p] != \null);

    predicate level_ok{L}(integer p) =
      vos__s.ready[p] != \null ==>
        \valid(vos__s.ready[p]) && \valid(vos__s.ready[p]->prev) &&
        \separated(vos__s.ready[p], &vos__s) && \separated(vos__s.ready[p]->prev, &vos__s);

    // t is a task apart from the scheduler's block, at a valid level.
    predicate task_ok{L}(vos_task_t *t) =
      \valid(t) && \separated(t, &vos__s) && t->prio < VOS_CFG_PRIO_LEVELS;

    // t is linked in its level's non-empty list, its neighbours tasks too.
    predicate queued{L}(vos_task_t *t) =
      task_ok(t) && vos__s.ready[t->prio] != \null &&
      \valid(t->next) && \valid(t->prev) &&
      \separated(t->next, &vos__s) && \separated(t->prev, &vos__s);

    // Some task is ready, and the map names levels that exist only.
    predicate pickable{L} =
      map_ok && vos__s.ready_map != 0 &&
      (vos__s.ready_map < (1 << VOS_CFG_PRIO_LEVELS) || VOS_CFG_PRIO_LEVELS == 32);

    // r heads the highest non-empty level.
    predicate highest_ready{L}(vos_task_t *r) =
      r != \null &&
      \exists integer p; 0 <= p < VOS_CFG_PRIO_LEVELS && r == vos__s.ready[p] &&
        \forall integer q; p < q < VOS_CFG_PRIO_LEVELS ==> vos__s.ready[q] == \null;
*/

/* A location written only when level p is non-empty (the insert's tail
 * and head): a set that is empty when the level's head is null, so that
 * nothing is said to be written through a null head. */
#define RD_IF(p, l) { l | integer rd_c; rd_c == 0 && vos__s.ready[p] != \null }

/*@ requires map_ok;
    requires task_ok(t);
    requires level_ok(t->prio);
    assigns vos__s.ready[t->prio], vos__s.ready_map, t->next, t->prev,
            RD_IF(t->prio, vos__s.ready[t->prio]->prev),
            RD_IF(t->prio, vos__s.ready[t->prio]->prev->next);
    ensures map_ok;
    ensures vos__s.ready[t->prio] != \null;
*/
static inline void vos__ready_insert(vos_task_t *t);

/*@ requires map_ok;
    requires queued(t);
    assigns vos__s.ready[t->prio], vos__s.ready_map, t->prev->next, t->next->prev;
    ensures map_ok;
*/
static inline void vos__ready_unlink(vos_task_t *t);

/*@ requires map_ok;
    requires queued(t);
    assigns vos__s.ready[t->prio], vos__s.ready_map, t->prev->next, t->next->prev,
            t->next, t->prev;
    ensures map_ok;
*/
void vos__ready_remove(vos_task_t *t);

/*@ requires x != 0;
    assigns \nothing;
    ensures 0 <= \result <= 31;
    ensures bit_on(x, 31 - \result);
    ensures \forall integer q; 31 - \result < q < 32 ==> !bit_on(x, q);
*/
int __builtin_clz(unsigned int x);

/*@ requires pickable;
    assigns \nothing;
    ensures map_ok;
    ensures highest_ready(\result);
*/
static inline vos_task_t *vos__pick_inline(void);

/*@ requires pickable;
    assigns \nothing;
    ensures map_ok;
    ensures highest_ready(\result);
*/
vos_task_t *vos__pick(void);
