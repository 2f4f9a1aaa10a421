/* SPDX-License-Identifier: MIT */
/*
 * CMSIS-RTOS2 semaphores over VAIOS counting semaphores (max_count is the
 * kernel's max; a release at max is osErrorResource). The uncontended
 * acquire and release are the kernel's lock-free fast paths plus the
 * id check and the context test.
 */
#include "os2.h"

static void *sem_delete_parts(void *obj)
{
    os2_sem_t *s = obj;
    vos_sem_delete(&s->s);
    return NULL;
}

osSemaphoreId_t osSemaphoreNew(uint32_t max_count, uint32_t initial_count,
                               const osSemaphoreAttr_t *attr)
{
    static const osSemaphoreAttr_t defaults;
    if (max_count == 0 || initial_count > max_count || max_count > 0x7FFFFFFFu)
        return NULL;
    if (attr == NULL)
        attr = &defaults;
    os2_sem_t *s = OS2_NEW(attr, s);
    if (s == NULL)
        return NULL;
    vos_sem_init(&s->s, initial_count, max_count);
    return os2_live(s, &s->h, OS2_TAG_SEM);
}

const char *osSemaphoreGetName(osSemaphoreId_t semaphore_id)
{
    return os2_name(semaphore_id, OS2_TAG_SEM);
}

osStatus_t osSemaphoreAcquire(osSemaphoreId_t semaphore_id, uint32_t timeout)
{
    os2_sem_t *s = semaphore_id;
    if (!os2_valid(s, OS2_TAG_SEM))
        return osErrorParameter;
    return os2_sem_acquire(&s->s, timeout, os2_isr());
}

osStatus_t osSemaphoreRelease(osSemaphoreId_t semaphore_id)
{
    os2_sem_t *s = semaphore_id;
    if (!os2_valid(s, OS2_TAG_SEM))
        return osErrorParameter;
    return os2_sem_release(&s->s, os2_isr()) == VOS_OK ? osOK : osErrorResource;
}

uint32_t osSemaphoreGetCount(osSemaphoreId_t semaphore_id)
{
    os2_sem_t *s = semaphore_id;
    return os2_valid(s, OS2_TAG_SEM) ? os2_sem_units(&s->s) : 0;
}

osStatus_t osSemaphoreDelete(osSemaphoreId_t semaphore_id)
{
    return os2_delete(semaphore_id, OS2_TAG_SEM, sem_delete_parts);
}
