/* SPDX-License-Identifier: MIT */
/*
 * CMSIS-RTOS2 event flags over VAIOS event groups. The reference's
 * options map one to one: osFlagsWaitAll -> VOS_EVENT_ALL, the default
 * clearing -> VOS_EVENT_CLEAR (the flags waited for are cleared on
 * release), osFlagsNoClear -> no clearing. Bit 31 is reserved for the
 * error values, so only bits 0..30 are flags.
 *
 * Set and Clear return the flags after / before the change exactly: the
 * change and the read are done under the kernel lock (a waiter released by
 * a set runs after the lock is released, with its clearing already done
 * by the set, so the value returned is the one the set left).
 */
#include "os2.h"

static void *evflags_delete_parts(void *obj)
{
    os2_evflags_t *e = obj;
    vos_event_delete(&e->ev);
    return NULL;
}

osEventFlagsId_t osEventFlagsNew(const osEventFlagsAttr_t *attr)
{
    static const osEventFlagsAttr_t defaults;
    if (attr == NULL)
        attr = &defaults;
    os2_evflags_t *e = OS2_NEW(attr, e);
    if (e == NULL)
        return NULL;
    vos_event_init(&e->ev, 0);
    return os2_live(e, &e->h, OS2_TAG_EVFLAGS);
}

const char *osEventFlagsGetName(osEventFlagsId_t ef_id)
{
    return os2_name(ef_id, OS2_TAG_EVFLAGS);
}

uint32_t osEventFlagsSet(osEventFlagsId_t ef_id, uint32_t flags)
{
    os2_evflags_t *e = ef_id;
    if (!os2_valid(e, OS2_TAG_EVFLAGS) || (flags & ~OS2_FLAGS_MASK))
        return osFlagsErrorParameter;
    return os2_flags_set(&e->ev, flags);
}

uint32_t osEventFlagsClear(osEventFlagsId_t ef_id, uint32_t flags)
{
    os2_evflags_t *e = ef_id;
    if (!os2_valid(e, OS2_TAG_EVFLAGS) || (flags & ~OS2_FLAGS_MASK))
        return osFlagsErrorParameter;
    return os2_flags_clear(&e->ev, flags);
}

uint32_t osEventFlagsGet(osEventFlagsId_t ef_id)
{
    os2_evflags_t *e = ef_id;
    uint32_t v = 0;
    if (os2_valid(e, OS2_TAG_EVFLAGS))
        vos_event_get(&e->ev, &v);
    return v;
}

uint32_t osEventFlagsWait(osEventFlagsId_t ef_id, uint32_t flags, uint32_t options,
                          uint32_t timeout)
{
    os2_evflags_t *e = ef_id;
    if (!os2_valid(e, OS2_TAG_EVFLAGS) || !os2_flags_wait_args(flags, options))
        return osFlagsErrorParameter;
    if (os2_isr()) {
        /* Interrupt handlers may only poll. */
        if (timeout != 0)
            return osFlagsErrorParameter;
        uint32_t cur;
        vos_crit_t k;
        (void)vos_crit_enter(&k);
        vos_event_get(&e->ev, &cur);
        bool met = (options & osFlagsWaitAll) ? (cur & flags) == flags : (cur & flags) != 0;
        if (met && !(options & osFlagsNoClear))
            vos_event_clear(&e->ev, flags);
        (void)vos_crit_exit(k);
        return met ? cur : osFlagsErrorResource;
    }
    uint32_t got;
    int err = vos_event_wait(&e->ev, flags, os2_flags_wait_options(options), os2_timeout(timeout),
                             &got);
    if (err == VOS_ERR_CONTEXT)
        return osFlagsErrorUnknown;     /* a wait needed before the kernel runs */
    return err == VOS_OK ? got : os2_flags_error(err);
}

osStatus_t osEventFlagsDelete(osEventFlagsId_t ef_id)
{
    return os2_delete(ef_id, OS2_TAG_EVFLAGS, evflags_delete_parts);
}
