/* SPDX-License-Identifier: MIT */
/*
 * The registry of metric families (bench/families.def) for this build:
 * which entries it has, which it skips and why. Evaluated at compile time
 * from the adaptation layer's options (bench/osal.h), so an entry this
 * build cannot run is a NULL, never a reference to code it does not link.
 */
#include "core.h"
#include "families.h"

#define QUICK_WHY "not in the short run of make test (VB_QUICK): a full build of this backend " \
                  "measures it"
#define CHANNEL_WHY "VAIOS's synchronous message passing (vos_chan): measured by the vaios " \
                    "backend only"
#define CMSIS_WHY "the cost of VAIOS's CMSIS-RTOS2 layer over VAIOS's own calls: measured by " \
                  "the vaios backend only"
#define WORKQ_WHY "VAIOS's work queues (vos_workq): measured by the vaios backend only"
#define TM_WHY "this backend has no Thread-Metric porting layer (bench/tm_api.h) yet"

#ifndef OSAL_NO_HEAP_WHY
#define OSAL_NO_HEAP_WHY "the OS adaptation layer has no heap"
#endif
#ifndef VB_QUICK
#define VB_QUICK 0
#endif

/* The image that measures the soak rows alone (make soak). */
#if defined(VB_SOAK_ONLY) && VB_HAS_FLIGHT
#define VB_SOAK_IMAGE 1
#else
#define VB_SOAK_IMAGE 0
#endif

/* The needs this build meets. */
#define VB_HAVE                                                                                  \
    ((OSAL_HOST_PROCESS ? 0u : VB_NEED_BOARD) | (OSAL_HAS_HEAP ? VB_NEED_HEAP : 0u) |            \
     (VB_HAS_FLIGHT ? VB_NEED_FLIGHT : 0u) | (OSAL_HAS_CHANNEL ? VB_NEED_CHANNEL : 0u) |         \
     (OSAL_HAS_CMSIS_ROWS ? VB_NEED_CMSIS : 0u) | (OSAL_HAS_TM_PORT ? VB_NEED_TM_PORT : 0u) |    \
     (OSAL_TRACE ? VB_NEED_TRACE : 0u) | (OSAL_MPU ? VB_NEED_MPU : 0u) |                           \
     (OSAL_HAS_WORKQ ? VB_NEED_WORKQ : 0u) | (OSAL_RUNTIME_STATS ? VB_NEED_RSTATS : 0u))
#define VB_MISSING(needs) ((unsigned)(needs) & ~(VB_HAVE | VB_IN_QUICK))

/* Whether this image measures one family alone (an instrumented image). */
enum {
    VB_ANY_ALONE = 0
#define VB_FAMILY(name, needs, alone, ids, posix_why) | ((alone) != 0)
#include "families.def"
#undef VB_FAMILY
};

/* An entry is linked only when every need is met and no other family has
 * the image alone: a constant condition, folded by the compiler, so a
 * family this image does not run is never referenced (the MPU image has
 * no room for the others' stacks). Reasons are kept only where they can
 * be given: posix_why in the Linux harness. */
#define VB_FAMILY(name, needs, alone, ids, posix_why)                                            \
    { #name, VB_MISSING(needs) == 0 && (!VB_ANY_ALONE || (alone)) ? bench_##name : NULL, ids,    \
      (needs), (alone) != 0, OSAL_HOST_PROCESS ? posix_why : NULL },
const struct vb_family vb_families[] = {
#include "families.def"
};
#undef VB_FAMILY
const unsigned vb_nfamilies = sizeof vb_families / sizeof vb_families[0];

const struct vb_family *vb_family_alone(void)
{
    for (unsigned i = 0; i < vb_nfamilies; i++)
        if (vb_families[i].alone && vb_families[i].run != NULL)
            return &vb_families[i];
    return NULL;
}

/* The reason for a missing need, in the order they are given; a need
 * this build meets is never missing, and its reason is folded away. */
#define VB_REASON(bit, why) { (bit), (VB_HAVE & (bit)) ? "" : (why) }
static const struct {
    unsigned need;
    const char *why;
} vb_reasons[] = {
    VB_REASON(VB_NEED_HEAP, OSAL_NO_HEAP_WHY),
    VB_REASON(VB_NEED_FLIGHT, VB_NO_FLIGHT_WHY),
    VB_REASON(VB_NEED_CHANNEL, CHANNEL_WHY),
    VB_REASON(VB_NEED_WORKQ, WORKQ_WHY),
    VB_REASON(VB_NEED_CMSIS, CMSIS_WHY),
    VB_REASON(VB_NEED_TM_PORT, TM_WHY),
};

const char *vb_family_why(const struct vb_family *f, bool *left)
{
    unsigned missing = VB_MISSING(f->needs);
    *left = false;
    if (missing & VB_NEED_BOARD)
        return f->posix_why;
    for (unsigned i = 0; i < sizeof vb_reasons / sizeof vb_reasons[0]; i++)
        if (missing & vb_reasons[i].need)
            return vb_reasons[i].why;
    if (missing != 0) {                 /* VB_NEED_TRACE, VB_NEED_MPU, VB_NEED_RSTATS, VB_BY_HOST */
        *left = true;
        return "";
    }
    if (VB_QUICK && !(f->needs & VB_IN_QUICK))
        return QUICK_WHY;
    return NULL;
}

void vb_family_skip(const struct vb_family *f, const char *reason)
{
    char id[40];
    for (const char *p = f->ids; *p != '\0';) {
        unsigned n = 0;
        while (p[n] != '\0' && p[n] != ' ')
            n++;
        if (n > 0 && n < sizeof id) {
            for (unsigned k = 0; k < n; k++)
                id[k] = p[k];
            id[n] = '\0';
            vb_skip(id, reason);
        }
        p += n;
        while (*p == ' ')
            p++;
    }
}
