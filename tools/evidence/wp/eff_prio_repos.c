/* SPDX-License-Identifier: MIT */
/*
 * WP proof of vos__waitq_reposition (kernel/wait.c: remove t, insert it
 * again; issue 34, docs/evidence.md "The wait queue's order"): for t a
 * member of a well-formed queue whose other members are in priority
 * order (t's own priority free, as after vos__set_eff_prio changed it),
 * the queue is well formed after, with t placed by its priority: after
 * every member of priority >= t's, before every lower one (wq_ok(q, t, 1,
 * t->prio) in tools/evidence/wp/eff_prio.c's model), nothing but the
 * head and the links of t and of q's members (wq_mem) written, every
 * priority kept; and that frame restated for a caller (rp_keep: a task
 * apart from q and from every other member keeps held, wait_mutex and
 * waitq; rp_mkeep: a mutex apart from the members, q its queue or apart
 * from it, keeps next_held, and its queue's head unless q is its queue:
 * eff_prio_repos.h's rp_apart, rp_mapart), the form the chain walk's
 * frame needs (not used yet: docs/evidence.md Appendix A).
 *
 * The proof uses, at the calls, the contracts of vos__waitq_remove and
 * vos__waitq_insert that tools/evidence/wp/eff_prio.c states (proved by
 * the runs eff_prio and eff_prio_ilinks), and the lemmas that carry the
 * model through them: rm_direct_ok (remove's precondition rm_direct),
 * rm_last and rm_next (wq_last, wq_next after the removal), ins_head,
 * ins_links, ins_inj, ins_sorted (eff_prio.c) and ins_last, ins_next
 * (tools/evidence/wp/eff_prio_ins.h), each proved by eff_prio_lemmas or
 * eff_prio_ins_lemmas. Assumptions: the preconditions below (those of
 * vos__waitq_remove less rm_direct, which rm_direct_ok proves from them).
 */
#define EFF_PRIO_REPOS 1
#include "eff_prio.c"
#include "eff_prio_ins.h"

#include "eff_prio_repos.h"   /* its contract */
