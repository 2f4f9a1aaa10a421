/* SPDX-License-Identifier: MIT */
/*
 * Priority inheritance. Named scenarios (the three-task inversion, two
 * held mutexes released boosting-one-first, a waiter timing out while its
 * boost is in effect, priority changes of boosted tasks, the depth bound),
 * then enumerations checked against an independent model:
 *
 *   chains of 3 and 4 tasks over nested mutexes (T0 holds m0; T1 holds m1
 *   and waits for m0; T2 holds m2 and waits for m1; ...), every assignment
 *   of base priorities, every order of every release the system allows;
 *   the same with every order of the waiters' timeouts; an owner of 3 and
 *   4 mutexes, each with a waiter, releasing them in every order and seeing
 *   its waiters time out in every order.
 *
 * The model knows only who holds and who waits for which mutex (it tracks
 * that from the commands it gave, never from kernel state) and computes
 *   eff(t) = max(base(t), eff(w) for every w waiting on a mutex t holds).
 * After every step, every task's priority and every mutex's owner must
 * match it, and the kernel invariant checker must pass.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include "harness.h"
#include "odometer.h"
#include "kernel.h"
#include "puppet.h"

#define NT 6
#define NM 5
#define DIRECTOR VOS_PRIO_MAX
#define TMO_STEP 1000000u   /* distance between deadlines; steps take 1 cycle */

static vos_mutex_t mx, mx2;

/* --- Named scenarios ------------------------------------------------------------- */

static vos_task_t *low;

static void inv_high(void *arg)
{
    (void)arg;
    vos_sleep(vos_cycles(100));
    t_log("H-lock@%llu", (unsigned long long)vos_now());
    CHECK_EQ(vos_mutex_lock(&mx, VOS_FOREVER), VOS_OK);
    t_log("H-got@%llu", (unsigned long long)vos_now());
    CHECK_EQ(vos_task_priority(low), 2);
    vos_mutex_unlock(&mx);
}

static void inv_mid(void *arg)
{
    (void)arg;
    vos_sleep(vos_cycles(150));
    t_log("M@%llu", (unsigned long long)vos_now());
    host_advance(500);
}

static void inv_low(void *arg)
{
    (void)arg;
    low = vos_self();
    CHECK_EQ(vos_mutex_lock(&mx, VOS_FOREVER), VOS_OK);
    t_task("H", inv_high, NULL, 9);
    t_task("M", inv_mid, NULL, 5);
    host_advance(1000);                /* H blocks at 100, M wakes at 150 */
    t_log("L-prio:%d", vos_task_priority(NULL));
    CHECK_INV();
    vos_mutex_unlock(&mx);
    t_log("L@%llu", (unsigned long long)vos_now());
}

static void case_three_task_inversion(void)
{
    vos_mutex_init(&mx);
    t_watch_mutex(&mx);
    CHECK_EQ(t_run(inv_low, NULL, 2), HOST_IDLE);
    /* M, ready from 150, never runs while L holds what H needs. */
    CHECK_LOG("H-lock@100 L-prio:9 H-got@1000 M@1000 L@1500");
}

/* --- The model and the director ------------------------------------------------------ */

struct plan {
    const char *family;
    int n;                         /* puppets */
    int nm;                        /* mutexes */
    bool chain;                    /* chain setup, else one owner of all */
    unsigned base[NT];
    vos_time_t deadline[NT];       /* of each waiter's lock; VOS_TIME_NEVER: none */
    unsigned release_mask;         /* puppets whose releases are enumerated */
    bool timeouts_first;           /* every timeout before any release, and
                                      the releases after them (of mutexes
                                      nobody waits for any more) in one
                                      order only */
};

static const struct plan *plan;
static struct puppet pp[NT];
static vos_mutex_t mm[NM];
static int holder[NM];
static int waiting[NT];
static unsigned arrival[NT];
static vos_time_t tmo[NT];
static unsigned arrivals;
static bool run_bad;
static unsigned steps;

/* Enumeration of choices by replay (an odometer of mixed radix). */
static struct odometer odo;

static unsigned choose(unsigned radix)
{
    return odo_choose(&odo, radix);
}

static unsigned model_eff(int t, int hops)
{
    unsigned p = plan->base[t];
    if (hops > NT)
        return p;
    for (int m = 0; m < plan->nm; m++) {
        if (holder[m] != t)
            continue;
        for (int w = 0; w < plan->n; w++) {
            if (waiting[w] == m) {
                unsigned e = model_eff(w, hops + 1);
                if (e > p)
                    p = e;
            }
        }
    }
    return p;
}

static void describe(char *buf, size_t len)
{
    size_t n = (size_t)snprintf(buf, len, "%s n=%d base", plan->family, plan->n);
    for (int t = 0; t < plan->n && n < len; t++)
        n += (size_t)snprintf(buf + n, len - n, "%s%u", t ? "," : "=", plan->base[t]);
    for (int t = 0; t < plan->n && n < len; t++)
        if (plan->deadline[t] != VOS_TIME_NEVER)
            n += (size_t)snprintf(buf + n, len - n, " T%d@%llu", t,
                                  (unsigned long long)plan->deadline[t]);
    n += (size_t)snprintf(buf + n, len - n, " choices");
    for (unsigned k = 0; k < odo.depth && k < ODO_MAX && n < len; k++)
        n += (size_t)snprintf(buf + n, len - n, " %u", odo.ch[k]);
}

static void bad(const char *step, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void bad(const char *step, const char *fmt, ...)
{
    char what[256], where[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    describe(where, sizeof where);
    t_fail(__FILE__, __LINE__, "[%s] after %s: %s", where, step, what);
    run_bad = true;
}

static void check(const char *step)
{
    steps++;
    for (int t = 0; t < plan->n && !run_bad; t++) {
        unsigned want = model_eff(t, 0);
        int got = vos_task_priority(pp[t].task);
        if (got != (int)want)
            bad(step, "T%d priority %d, model %u (base %u)", t, got, want, plan->base[t]);
    }
    for (int m = 0; m < plan->nm && !run_bad; m++) {
        vos_task_t *want = holder[m] >= 0 ? pp[holder[m]].task : NULL;
        if (ht_owner(&mm[m]) != want)
            bad(step, "m%d owned by %s, model T%d", m,
                ht_owner(&mm[m]) ? ht_owner(&mm[m])->name : "nobody",
                holder[m]);
    }
    const char *why = run_bad ? NULL : t_inv_why(true);
    if (why != NULL)
        bad(step, "invariant: %s", why);
}

static void do_lock(int t, int m)
{
    char step[64];
    snprintf(step, sizeof step, "T%d locks m%d", t, m);
    bool free = holder[m] < 0;
    vos_dur_t timeout = VOS_FOREVER;
    if (free) {
        holder[m] = t;
    } else {
        waiting[t] = m;
        arrival[t] = arrivals++;
        tmo[t] = plan->deadline[t];
        if (tmo[t] != VOS_TIME_NEVER)
            timeout = vos_cycles(tmo[t] - vos_now());
    }
    int r = pup_do(&pp[t], PUP_LOCK, &mm[m], timeout);
    if (r != (free ? VOS_OK : PUP_PENDING))
        bad(step, "lock returned %d", r);
    check(step);
}

static void do_release(int t, int m)
{
    char step[64];
    snprintf(step, sizeof step, "T%d unlocks m%d", t, m);
    int w = -1;
    for (int x = 0; x < plan->n; x++) {
        if (waiting[x] != m)
            continue;
        if (w < 0 || model_eff(x, 0) > model_eff(w, 0) ||
            (model_eff(x, 0) == model_eff(w, 0) && arrival[x] < arrival[w]))
            w = x;
    }
    holder[m] = w;
    if (w >= 0) {
        waiting[w] = -1;
        tmo[w] = VOS_TIME_NEVER;
    }
    int r = pup_do(&pp[t], PUP_UNLOCK, &mm[m], vos_cycles(0));
    if (r != VOS_OK)
        bad(step, "unlock returned %d", r);
    if (w >= 0 && (pup_busy(&pp[w]) || pp[w].result != VOS_OK))
        bad(step, "new owner T%d: busy %d result %d", w, pup_busy(&pp[w]), pp[w].result);
    check(step);
}

static void do_timeout(void)
{
    int w = -1;
    for (int x = 0; x < plan->n; x++)
        if (waiting[x] >= 0 && tmo[x] != VOS_TIME_NEVER && (w < 0 || tmo[x] < tmo[w]))
            w = x;
    char step[64];
    snprintf(step, sizeof step, "T%d times out on m%d", w, waiting[w]);
    vos_sleep_until(tmo[w]);
    waiting[w] = -1;
    tmo[w] = VOS_TIME_NEVER;
    check(step);                       /* at once: the owner fell back */
    pup_settle();
    if (pup_busy(&pp[w]) || pp[w].result != VOS_ERR_TIMEOUT)
        bad(step, "T%d: busy %d result %d", w, pup_busy(&pp[w]), pp[w].result);
    check(step);
}

static void director(void *arg)
{
    (void)arg;
    static const char *names[NT] = {"T0", "T1", "T2", "T3", "T4", "T5"};
    arrivals = 0;
    for (int m = 0; m < plan->nm; m++) {
        vos_mutex_init(&mm[m]);
        t_watch_mutex(&mm[m]);
        holder[m] = -1;
    }
    for (int t = 0; t < plan->n; t++) {
        void *stack;
        size_t size;
        vos_task_t *tcb = t_tcb(&stack, &size);
        CHECK_EQ(pup_start(&pp[t], names[t], plan->base[t], tcb, stack, size), VOS_OK);
        t_watch_sem(&pp[t].go);
        waiting[t] = -1;
        tmo[t] = VOS_TIME_NEVER;
    }
    pup_settle();
    if (plan->chain) {
        for (int i = 0; i + 1 < plan->n; i++)
            do_lock(i, i);
        for (int i = 1; i < plan->n && !run_bad; i++)
            do_lock(i, i - 1);
    } else {
        for (int m = 0; m < plan->nm; m++)
            do_lock(0, m);
        for (int i = 1; i < plan->n && !run_bad; i++)
            do_lock(i, i - 1);
    }
    while (!run_bad) {
        int rel_t[NM * NT], rel_m[NM * NT], nrel = 0;
        bool tmo_pending = false;
        for (int t = 0; t < plan->n; t++)
            tmo_pending |= waiting[t] >= 0 && tmo[t] != VOS_TIME_NEVER;
        if (!(plan->timeouts_first && tmo_pending)) {
            for (int t = 0; t < plan->n; t++) {
                if (waiting[t] >= 0 || !((plan->release_mask >> t) & 1u))
                    continue;
                for (int m = 0; m < plan->nm; m++)
                    if (holder[m] == t) {
                        rel_t[nrel] = t;
                        rel_m[nrel++] = m;
                    }
            }
        }
        unsigned n = (unsigned)nrel + tmo_pending;
        if (n == 0)
            break;
        unsigned c = plan->timeouts_first ? 0 : choose(n);
        if (c < (unsigned)nrel)
            do_release(rel_t[c], rel_m[c]);
        else
            do_timeout();
    }
    host_stop(0);
}

/* Largest chain / number of held mutexes enumerated: 4, or 3 with
 * T_QUICK set (the valgrind run: the ASan run covers the whole space). */
static int top_size(void)
{
    return getenv("T_QUICK") != NULL ? 3 : 4;
}

/* Run plan p for every choice sequence; returns the number of runs. */
static unsigned enumerate(const struct plan *p)
{
    unsigned runs = 0;
    plan = p;
    odo_reset(&odo);
    do {
        odo_start_run(&odo);
        run_bad = false;
        t_scenario_reset();
        int r = t_run(director, NULL, DIRECTOR);
        if (r != 0 && !run_bad)
            bad("the end", "scenario ended with %d", r);
        runs++;
    } while (!run_bad && odo_next(&odo));
    return runs;
}

/* Next permutation of a[0..n-1] in lexicographic order; false after the
 * last. */
/* --- Enumerations -------------------------------------------------------------------------- */

static void case_chain_every_release_order(void)
{
    steps = 0;
    unsigned runs = 0;
    for (int n = 3; n <= top_size() && !t_failed(); n++) {
        struct plan p = {.family = "chain-release", .n = n, .nm = n - 1, .chain = true,
                         .release_mask = ~0u};
        unsigned prio[NT];
        for (int t = 0; t < n; t++) {
            prio[t] = 3 + 3u * (unsigned)t;
            p.deadline[t] = VOS_TIME_NEVER;
        }
        do {
            for (int t = 0; t < n; t++)
                p.base[t] = prio[t];
            runs += enumerate(&p);
        } while (!t_failed() && next_perm(prio, n));
    }
    printf("     %u scenarios, %u checked steps\n", runs, steps);
}

static void case_chain_every_timeout_order(void)
{
    steps = 0;
    unsigned runs = 0;
    for (int n = 3; n <= top_size() && !t_failed(); n++) {
        for (int mixed = 0; mixed <= (n == 3) && !t_failed(); mixed++) {
            struct plan p = {.family = mixed ? "chain-timeout-mixed" : "chain-timeout",
                             .n = n, .nm = n - 1, .chain = true, .release_mask = ~0u,
                             .timeouts_first = !mixed};
            unsigned prio[NT];
            for (int t = 0; t < n; t++)
                prio[t] = 3 + 3u * (unsigned)t;
            do {
                unsigned rank[NT];
                for (int w = 0; w < n - 1; w++)
                    rank[w] = (unsigned)w;
                do {
                    for (int t = 0; t < n; t++)
                        p.base[t] = prio[t];
                    p.deadline[0] = VOS_TIME_NEVER;
                    for (int w = 1; w < n; w++)
                        p.deadline[w] = (vos_time_t)(rank[w - 1] + 1) * TMO_STEP;
                    runs += enumerate(&p);
                } while (!t_failed() && next_perm(rank, n - 1));
            } while (!t_failed() && next_perm(prio, n));
        }
    }
    printf("     %u scenarios, %u checked steps\n", runs, steps);
}

static void case_owner_of_many_every_release_order(void)
{
    steps = 0;
    unsigned runs = 0;
    for (int k = 3; k <= top_size() && !t_failed(); k++) {
        /* The owner below all its waiters, or between them. */
        for (int between = 0; between <= 1 && !t_failed(); between++) {
            struct plan p = {.family = "owner-release", .n = k + 1, .nm = k, .chain = false,
                             .release_mask = 1u};
            unsigned prio[NT];
            for (int w = 0; w < k; w++)
                prio[w] = 4 + 4u * (unsigned)w;
            do {
                p.base[0] = between ? 6 : 2;
                for (int w = 0; w < k; w++)
                    p.base[w + 1] = prio[w];
                for (int t = 0; t <= k; t++)
                    p.deadline[t] = VOS_TIME_NEVER;
                runs += enumerate(&p);
            } while (!t_failed() && next_perm(prio, k));
        }
    }
    printf("     %u scenarios, %u checked steps\n", runs, steps);
}

static void case_owner_of_many_every_timeout_order(void)
{
    steps = 0;
    unsigned runs = 0;
    for (int k = 3; k <= top_size() && !t_failed(); k++) {
        struct plan p = {.family = "owner-timeout", .n = k + 1, .nm = k, .chain = false,
                         .release_mask = 1u, .timeouts_first = true};
        unsigned prio[NT];
        for (int w = 0; w < k; w++)
            prio[w] = 4 + 4u * (unsigned)w;
        do {
            unsigned rank[NT];
            for (int w = 0; w < k; w++)
                rank[w] = (unsigned)w;
            do {
                p.base[0] = 2;
                p.deadline[0] = VOS_TIME_NEVER;
                for (int w = 0; w < k; w++) {
                    p.base[w + 1] = prio[w];
                    p.deadline[w + 1] = (vos_time_t)(rank[w] + 1) * TMO_STEP;
                }
                runs += enumerate(&p);
            } while (!t_failed() && next_perm(rank, k));
        } while (!t_failed() && next_perm(prio, k));
    }
    printf("     %u scenarios, %u checked steps\n", runs, steps);
}

/* --- Named scenarios through puppets ------------------------------------------------------- */

static struct puppet o, a, b, c;

static void start4(unsigned po, unsigned pa, unsigned pb, unsigned pc)
{
    struct puppet *ps[4] = {&o, &a, &b, &c};
    unsigned pr[4] = {po, pa, pb, pc};
    static const char *names[4] = {"O", "A", "B", "C"};
    for (int i = 0; i < 4; i++) {
        void *stack;
        size_t size;
        vos_task_t *t = t_tcb(&stack, &size);
        CHECK_EQ(pup_start(ps[i], names[i], pr[i], t, stack, size), VOS_OK);
    }
    vos_mutex_init(&mx);
    vos_mutex_init(&mx2);
    t_watch_mutex(&mx);
    t_watch_mutex(&mx2);
    pup_settle();
}

static void two_mutexes(void *arg)
{
    bool boosting_first = arg != NULL;
    start4(2, 9, 6, 1);
    CHECK_EQ(pup_do(&o, PUP_LOCK, &mx, VOS_FOREVER), VOS_OK);
    CHECK_EQ(pup_do(&o, PUP_LOCK, &mx2, VOS_FOREVER), VOS_OK);
    CHECK_EQ(pup_do(&a, PUP_LOCK, &mx, VOS_FOREVER), PUP_PENDING);
    CHECK_EQ(pup_do(&b, PUP_LOCK, &mx2, VOS_FOREVER), PUP_PENDING);
    CHECK_EQ(vos_task_priority(o.task), 9);
    CHECK_INV();
    if (boosting_first) {
        CHECK_EQ(pup_do(&o, PUP_UNLOCK, &mx, vos_cycles(0)), VOS_OK);
        CHECK_EQ(vos_task_priority(o.task), 6);   /* B's, not base, not A's */
        CHECK(ht_owner(&mx) == a.task);
        CHECK_INV();
        CHECK_EQ(pup_do(&o, PUP_UNLOCK, &mx2, vos_cycles(0)), VOS_OK);
        CHECK_EQ(vos_task_priority(o.task), 2);
    } else {
        CHECK_EQ(pup_do(&o, PUP_UNLOCK, &mx2, vos_cycles(0)), VOS_OK);
        CHECK_EQ(vos_task_priority(o.task), 9);   /* A still waits */
        CHECK_INV();
        CHECK_EQ(pup_do(&o, PUP_UNLOCK, &mx, vos_cycles(0)), VOS_OK);
        CHECK_EQ(vos_task_priority(o.task), 2);
    }
    CHECK_INV();
    host_stop(0);
}

static void case_two_mutexes_release_order(void)
{
    CHECK_EQ(t_run(two_mutexes, (void *)1, DIRECTOR), 0);
    t_scenario_reset();
    CHECK_EQ(t_run(two_mutexes, NULL, DIRECTOR), 0);
}

static void waiter_timeout(void *arg)
{
    (void)arg;
    start4(2, 9, 6, 1);
    CHECK_EQ(pup_do(&o, PUP_LOCK, &mx, VOS_FOREVER), VOS_OK);
    vos_time_t ta = vos_now() + 500;
    CHECK_EQ(pup_do(&a, PUP_LOCK, &mx, vos_cycles(500)), PUP_PENDING);
    vos_time_t tb = vos_now() + 2000;
    CHECK_EQ(pup_do(&b, PUP_LOCK, &mx, vos_cycles(2000)), PUP_PENDING);
    CHECK_EQ(vos_task_priority(o.task), 9);
    vos_sleep_until(ta - 1);
    CHECK_EQ(vos_task_priority(o.task), 9);     /* not a cycle early */
    vos_sleep_until(ta);
    CHECK_EQ(vos_task_priority(o.task), 6);     /* exactly B's */
    CHECK_INV();
    vos_sleep_until(tb);
    CHECK_EQ(vos_task_priority(o.task), 2);
    pup_settle();                               /* A and B return */
    CHECK(!pup_busy(&a) && !pup_busy(&b));
    CHECK_EQ(a.result, VOS_ERR_TIMEOUT);
    CHECK_EQ(b.result, VOS_ERR_TIMEOUT);
    CHECK(ht_owner(&mx) == o.task);
    CHECK_INV();
    host_stop(0);
}

static void case_waiter_timeout_owner_falls_back(void)
{
    CHECK_EQ(t_run(waiter_timeout, NULL, DIRECTOR), 0);
}

static void set_prio_boosted(void *arg)
{
    (void)arg;
    start4(2, 9, 6, 1);
    /* A chain: C waits for mx2, held by A; A waits for mx, held by O. */
    CHECK_EQ(pup_do(&o, PUP_LOCK, &mx, VOS_FOREVER), VOS_OK);
    CHECK_EQ(pup_do(&a, PUP_LOCK, &mx2, VOS_FOREVER), VOS_OK);
    CHECK_EQ(pup_do(&a, PUP_LOCK, &mx, VOS_FOREVER), PUP_PENDING);
    CHECK_EQ(pup_do(&c, PUP_LOCK, &mx2, VOS_FOREVER), PUP_PENDING);
    CHECK_EQ(vos_task_priority(o.task), 9);

    CHECK_EQ(vos_task_set_priority(o.task, 3), VOS_OK);   /* base below boost */
    CHECK_EQ(vos_task_priority(o.task), 9);
    CHECK_EQ(vos_task_base_priority(o.task), 3);
    CHECK_EQ(vos_task_set_priority(o.task, 12), VOS_OK);  /* base above boost */
    CHECK_EQ(vos_task_priority(o.task), 12);
    CHECK_EQ(vos_task_set_priority(o.task, 4), VOS_OK);
    CHECK_EQ(vos_task_priority(o.task), 9);
    CHECK_INV();

    /* The top waiter's change travels down the chain C -> A -> O. */
    CHECK_EQ(vos_task_set_priority(c.task, 14), VOS_OK);
    CHECK_EQ(vos_task_priority(a.task), 14);
    CHECK_EQ(vos_task_priority(o.task), 14);
    CHECK_EQ(vos_task_set_priority(c.task, 1), VOS_OK);
    CHECK_EQ(vos_task_priority(a.task), 9);
    CHECK_EQ(vos_task_priority(o.task), 9);
    /* A middle task's own base. */
    CHECK_EQ(vos_task_set_priority(a.task, 5), VOS_OK);
    CHECK_EQ(vos_task_priority(a.task), 5);
    CHECK_EQ(vos_task_priority(o.task), 5);
    CHECK_INV();

    CHECK_EQ(pup_do(&o, PUP_UNLOCK, &mx, vos_cycles(0)), VOS_OK);
    CHECK_EQ(vos_task_priority(o.task), 4);
    CHECK(ht_owner(&mx) == a.task);
    CHECK_INV();
    host_stop(0);
}

static void case_set_priority_on_boosted(void)
{
    CHECK_EQ(t_run(set_prio_boosted, NULL, DIRECTOR), 0);
}

/* The boost follows a chain of owners VOS_CFG_PI_DEPTH deep, no further
 * (the documented bound). */
#define LONG_CHAIN (VOS_CFG_PI_DEPTH + 3)
static struct puppet lp[LONG_CHAIN];
static vos_mutex_t lm[LONG_CHAIN];

static void long_chain(void *arg)
{
    (void)arg;
    for (int i = 0; i < LONG_CHAIN; i++) {
        void *stack;
        size_t size;
        vos_task_t *t = t_tcb(&stack, &size);
        CHECK_EQ(pup_start(&lp[i], "L", 2, t, stack, size), VOS_OK);
        vos_mutex_init(&lm[i]);
    }
    pup_settle();
    for (int i = 0; i + 1 < LONG_CHAIN; i++)
        CHECK_EQ(pup_do(&lp[i], PUP_LOCK, &lm[i], VOS_FOREVER), VOS_OK);
    for (int i = 1; i < LONG_CHAIN - 1; i++)
        CHECK_EQ(pup_do(&lp[i], PUP_LOCK, &lm[i - 1], VOS_FOREVER), PUP_PENDING);
    /* The last one, at high priority, closes the chain. */
    CHECK_EQ(vos_task_set_priority(lp[LONG_CHAIN - 1].task, 20), VOS_OK);
    CHECK_EQ(pup_do(&lp[LONG_CHAIN - 1], PUP_LOCK, &lm[LONG_CHAIN - 2], VOS_FOREVER),
             PUP_PENDING);
    for (int i = LONG_CHAIN - 2; i >= 0; i--) {
        int hops = LONG_CHAIN - 1 - i;
        CHECK_EQ(vos_task_priority(lp[i].task), hops <= VOS_CFG_PI_DEPTH ? 20 : 2);
    }
    host_stop(0);
}

static void case_depth_bound(void)
{
    CHECK_EQ(t_run(long_chain, NULL, DIRECTOR), 0);
}

int main(int argc, char **argv)
{
    static const struct t_case cases[] = {
        {"three_task_inversion", case_three_task_inversion},
        {"two_mutexes_release_order", case_two_mutexes_release_order},
        {"waiter_timeout_owner_falls_back", case_waiter_timeout_owner_falls_back},
        {"set_priority_on_boosted", case_set_priority_on_boosted},
        {"depth_bound", case_depth_bound},
        {"chain_every_release_order", case_chain_every_release_order},
        {"chain_every_timeout_order", case_chain_every_timeout_order},
        {"owner_of_many_every_release_order", case_owner_of_many_every_release_order},
        {"owner_of_many_every_timeout_order", case_owner_of_many_every_timeout_order},
    };
    return t_main(argc, argv, cases, sizeof cases / sizeof cases[0]);
}
