/* SPDX-License-Identifier: MIT */
/*
 * Protection domains (VOS_CFG_MPU; vaios/domain.h): domain objects and
 * tasks created into them. The unprivileged tasks' calls, checked against
 * a domain's grants and regions, are kernel/syscall.c.
 *
 * Invariants (kernel lock held):
 *  - every task's domain is its domain object or vos__kernel_domain
 *    (privileged), never NULL; a domain is not re-initialised while a live
 *    task is in it;
 *  - an unprivileged task's control word is 1 except between the SVC that
 *    enters a call and the one that leaves it (kernel/syscall.c).
 */
#include "kernel.h"

#if VOS_CFG_MPU

/* Regions 0..3 disabled (RBAR with VALID selects each; RASR 0). */
vos_domain_t vos__kernel_domain = {
    .tag = VOS_TAG_DOMAIN,
    .mpu = { 0x10, 0, 0x11, 0, 0x12, 0, 0x13, 0 },
    .name = "kernel",
    .ceiling = VOS_PRIO_MAX,
};

_Static_assert(VOS_TAG_DOMAIN != VOS_TAG_CHAN, "a channel is not a domain");

static bool domain_valid(const vos_domain_t *d)
{
    return d != NULL && d->tag == VOS_TAG_DOMAIN && d != &vos__kernel_domain;
}

/* Bytes of the kernel object whose tag is tag; 0 if it is none. */
static size_t object_size(uint32_t tag)
{
    switch (tag) {
    case VOS_TAG_TASK:   return sizeof(vos_task_t);
    case VOS_TAG_SEM:    return sizeof(vos_sem_t);
    case VOS_TAG_MUTEX:  return sizeof(vos_mutex_t);
    case VOS_TAG_QUEUE:  return sizeof(vos_queue_t);
    case VOS_TAG_EVENT:  return sizeof(vos_event_t);
    case VOS_TAG_HEAP:   return sizeof(vos_heap_t);
    case VOS_TAG_POOL:   return sizeof(vos_pool_t);
    case VOS_TAG_CHAN:   return sizeof(vos_chan_t);
    default:             return 0;
    }
}

static bool overlaps(uintptr_t a, size_t n, uintptr_t b, size_t m)
{
    return a < b + m && b < a + n;
}

/* [p, p + n) overlaps a region of d that d's tasks may write. */
static bool in_writable(const vos_domain_t *d, const void *p, size_t n)
{
    for (unsigned i = 0; i < d->nregions; i++)
        if ((d->region[i].access & VOS_MEM_WRITE) &&
            overlaps((uintptr_t)p, n, (uintptr_t)d->region[i].base, d->region[i].size))
            return true;
    return false;
}

int vos_domain_init(vos_domain_t *d, const char *name, unsigned ceiling,
                    const vos_region_t *regions, size_t nregions,
                    const void *const *grants, size_t ngrants)
{
    VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);
    VOS__CHECK(d != NULL && d != &vos__kernel_domain, VOS_ERR_INVALID);
    VOS__CHECK(regions != NULL || nregions == 0, VOS_ERR_ARG);
    VOS__CHECK(grants != NULL || ngrants == 0, VOS_ERR_ARG);
    VOS__CHECK(ceiling >= VOS_PRIO_MIN && ceiling <= VOS_PRIO_MAX, VOS_ERR_ARG);
    if (nregions > VOS_DOMAIN_REGIONS)
        return VOS_ERR_LAYOUT;

    vos_domain_t nd = { .tag = VOS_TAG_DOMAIN, .name = name ? name : "?",
                        .ceiling = (uint8_t)ceiling, .nregions = (uint8_t)nregions };
    for (unsigned i = 0; i < VOS_DOMAIN_REGIONS; i++) {
        nd.mpu[2 * i] = 0x10u | i;     /* unused: disabled */
        nd.mpu[2 * i + 1] = 0;
    }
    for (unsigned i = 0; i < nregions; i++) {
        unsigned a = regions[i].access;
        if ((a & (VOS_MEM_READ | VOS_MEM_WRITE)) == 0 ||
            (a & ~(VOS_MEM_READ | VOS_MEM_WRITE | VOS_MEM_EXEC | VOS_MEM_DEVICE)) != 0 ||
            ((a & VOS_MEM_EXEC) && (a & (VOS_MEM_WRITE | VOS_MEM_DEVICE))))
            return VOS_ERR_ARG;
        int err = arch_mpu_region((uintptr_t)regions[i].base, regions[i].size, a, i,
                                  &nd.mpu[2 * i]);
        if (err != VOS_OK)
            return err;
        nd.region[i] = regions[i];
    }
    int err = arch_mpu_regions_check(nd.mpu, (unsigned)nregions);
    if (err != VOS_OK)
        return err;
    /* The kernel's memory of the domain stays out of its reach. */
    if (in_writable(&nd, d, sizeof *d) || in_writable(&nd, grants, ngrants * sizeof *grants))
        return VOS_ERR_PERM;
    for (size_t i = 0; i < ngrants; i++) {
        const uint32_t *o = grants[i];
        size_t size = o != NULL ? object_size(*o) : 0;
        if (size == 0)
            return VOS_ERR_INVALID;
        if (in_writable(&nd, o, size))
            return VOS_ERR_PERM;
    }
    nd.grants = grants;
    nd.ngrants = ngrants;

    uint32_t key = vos__lock();
    for (vos_task_t *t = vos__all_tasks; t != NULL; t = t->all_next)
        if (t->domain == d) {
            vos__unlock(key);
            return VOS_ERR_STATE;
        }
    *d = nd;
    vos__unlock(key);
    return VOS_OK;
}

int vos_domain_set_fault_policy(vos_domain_t *d, unsigned policy)
{
    VOS__CHECK(domain_valid(d), VOS_ERR_INVALID);
    VOS__CHECK(policy == VOS_FAULT_STOP_TASK || policy == VOS_FAULT_STOP_DOMAIN, VOS_ERR_ARG);
    d->policy = (uint8_t)policy;
    return VOS_OK;
}

int vos__task_create(vos_domain_t *d, vos_task_t *t, const char *name, vos_entry_t entry,
                     void *arg, unsigned prio, void *stack, size_t stack_size,
                     const uint32_t *stack_region);

int vos_task_create_in(vos_domain_t *d, vos_task_t *t, const char *name, vos_entry_t entry,
                       void *arg, unsigned prio, void *stack, size_t stack_size)
{
    if (d == NULL)
        return vos_task_create(t, name, entry, arg, prio, stack, stack_size);
    VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);
    VOS__CHECK(domain_valid(d), VOS_ERR_INVALID);
    VOS__CHECK(t != NULL, VOS_ERR_INVALID);
    VOS__CHECK(entry != NULL && stack != NULL && prio >= VOS_PRIO_MIN && prio <= VOS_PRIO_MAX,
               VOS_ERR_ARG);
    if (prio > d->ceiling)
        return VOS_ERR_PERM;
    /* The stack is the task's own region: the MPU must express it, and no
     * region of the domain (which its other tasks reach) may cover it. */
    uint32_t region[2];
    int err = arch_mpu_region((uintptr_t)stack, stack_size, VOS_MEM_READ | VOS_MEM_WRITE, 4,
                              region);
    if (err != VOS_OK)
        return err;
    for (unsigned i = 0; i < d->nregions; i++)
        if (overlaps((uintptr_t)stack, stack_size, (uintptr_t)d->region[i].base,
                     d->region[i].size))
            return VOS_ERR_LAYOUT;
    return vos__task_create(d, t, name, entry, arg, prio, stack, stack_size, region);
}

int vos_task_domain(const vos_task_t *t, vos_domain_t **out)
{
    VOS__SELF_IF_NULL(t);
    VOS__CHECK(t != NULL && t->tag == VOS_TAG_TASK, VOS_ERR_INVALID);
    VOS__CHECK(out != NULL, VOS_ERR_ARG);
    *out = t->domain == &vos__kernel_domain ? NULL : t->domain;
    return VOS_OK;
}

#else
typedef int vos__no_domains;   /* an empty translation unit is not ISO C */
#endif /* VOS_CFG_MPU */
