/* SPDX-License-Identifier: MIT */
/*
 * CMSIS-RTOS2 mutexes over VAIOS mutexes.
 *
 * Every VAIOS mutex has transitive priority inheritance and counts
 * recursive locks, and a task that ends releases what it holds; so
 * osMutexPrioInherit and osMutexRobust are what every mutex does (with or
 * without the bit, see docs/cmsis-rtos2.md), and the layer only adds the
 * refusal of a recursive acquire when osMutexRecursive is not set
 * (osErrorResource, at once, whatever the timeout).
 *
 * The registry of live mutexes exists for one reason: an uncontended
 * VAIOS mutex left locked by a task that ended still names that task, and
 * the kernel releases it at the next lock by reading the task's control
 * block. Before the layer frees a thread's memory it takes and releases
 * every such mutex (os2_mutex_drop_dead), so nothing reads freed memory.
 */
#include "os2.h"

static os2_mutex_t *registry;

osMutexId_t osMutexNew(const osMutexAttr_t *attr)
{
    static const osMutexAttr_t defaults;
    if (attr == NULL)
        attr = &defaults;
    if (attr->attr_bits & ~(osMutexRecursive | osMutexPrioInherit | osMutexRobust |
                            osSafetyClass_Msk | osSafetyClass_Valid))
        return NULL;
    os2_mutex_t *m = OS2_NEW(attr, m);
    if (m == NULL)
        return NULL;
    m->attr_bits = attr->attr_bits;
    vos_mutex_init(&m->m);
    vos_crit_t k;
    (void)vos_crit_enter(&k);
    m->next = registry;
    registry = m;
    m->h.tag = OS2_TAG_MUTEX;
    (void)vos_crit_exit(k);
    return m;
}

const char *osMutexGetName(osMutexId_t mutex_id)
{
    return os2_name(mutex_id, OS2_TAG_MUTEX);
}

osStatus_t osMutexAcquire(osMutexId_t mutex_id, uint32_t timeout)
{
    os2_mutex_t *m = mutex_id;
    OS2_THREAD_CALL_ON(m, OS2_TAG_MUTEX);
    /* Only a mutex that is owned can be a refused recursive acquire. */
    uintptr_t w = m->m.owner_word;
    if (w != 0 && !(m->attr_bits & osMutexRecursive) &&
        (vos_task_t *)(w & ~(uintptr_t)3) == vos_self())
        return osErrorResource;
    int err = vos_mutex_lock(&m->m, os2_timeout(timeout));
    return err == VOS_OK ? osOK : os2_status(err);
}

osStatus_t osMutexRelease(osMutexId_t mutex_id)
{
    os2_mutex_t *m = mutex_id;
    OS2_THREAD_CALL_ON(m, OS2_TAG_MUTEX);
    int err = vos_mutex_unlock(&m->m);
    return err == VOS_OK ? osOK : os2_status(err);
}

osThreadId_t osMutexGetOwner(osMutexId_t mutex_id)
{
    os2_mutex_t *m = mutex_id;
    if (os2_isr() || !os2_valid(m, OS2_TAG_MUTEX))
        return NULL;
    vos_task_t *owner;
    if (vos_mutex_owner(&m->m, &owner) != VOS_OK)
        return NULL;
    return os2_thread_of(owner);
}

osStatus_t osMutexDelete(osMutexId_t mutex_id)
{
    os2_mutex_t *m = mutex_id;
    OS2_THREAD_CALL_ON(m, OS2_TAG_MUTEX);
    vos_crit_t k;
    (void)vos_crit_enter(&k);
    for (os2_mutex_t **pp = &registry; *pp != NULL; pp = &(*pp)->next) {
        if (*pp == m) {
            *pp = m->next;
            break;
        }
    }
    m->h.tag = 0;
    (void)vos_crit_exit(k);
    vos_mutex_delete(&m->m);
    os2_release(m, &m->h, NULL);
    return osOK;
}

void os2_mutex_drop_dead(void)
{
    if (os2_isr() || !vos_running())
        return;
    for (os2_mutex_t *m = registry; m != NULL; m = m->next) {
        /* Owned (word non-zero) but by no live task: left by one that ended.
         * Locking it lets the kernel drop the dead owner. */
        vos_task_t *owner = NULL;
        if (m->m.owner_word != 0 && vos_mutex_owner(&m->m, &owner) == VOS_OK && owner == NULL &&
            vos_mutex_lock(&m->m, VOS_NO_WAIT) == VOS_OK)
            vos_mutex_unlock(&m->m);
    }
}
