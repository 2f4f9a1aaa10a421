/* SPDX-License-Identifier: MIT */
/*
 * CMSIS-RTOS2 message queues over VAIOS queues: messages of msg_size bytes
 * copied by value, a sender that finds a waiting receiver copying straight
 * into its buffer.
 *
 * Order: messages are delivered first in, first out. msg_prio is checked
 * and accepted but does not reorder the queue (VAIOS queues have a back
 * and a front, not priority order), and osMessageQueueGet reports priority
 * 0; docs/cmsis-rtos2.md lists this among the implementation's limits.
 */
#include "os2.h"

osMessageQueueId_t osMessageQueueNew(uint32_t msg_count, uint32_t msg_size,
                                     const osMessageQueueAttr_t *attr)
{
    static const osMessageQueueAttr_t defaults;
    if (os2_isr() || !os2_kernel_ready() || msg_count == 0 || msg_size == 0)
        return NULL;
    if (attr == NULL)
        attr = &defaults;
    uint64_t need = (uint64_t)msg_count * msg_size;
    if (need >= 0x80000000u)
        return NULL;
    void *mem = attr->mq_mem;
    if (mem != NULL && attr->mq_size < need)
        return NULL;
    if (mem == NULL && attr->mq_size != 0)
        return NULL;
    uint8_t alloc;
    os2_msgq_t *q = os2_cb(attr->cb_mem, attr->cb_size, sizeof *q, &alloc);
    if (q == NULL)
        return NULL;
    if (mem == NULL) {
        mem = os2_alloc((size_t)need);
        if (mem == NULL) {
            if (alloc & OS2_ALLOC_CB)
                os2_free(q);
            return NULL;
        }
        alloc |= OS2_ALLOC_MEM;
    }
    q->h.alloc = alloc;
    q->h.name = attr->name;
    q->msg_size = msg_size;
    q->msg_count = msg_count;
    q->mem = mem;
    vos_queue_init(&q->q, mem, msg_size, msg_count);
    q->h.tag = OS2_TAG_MSGQ;
    return q;
}

const char *osMessageQueueGetName(osMessageQueueId_t mq_id)
{
    os2_msgq_t *q = mq_id;
    return os2_valid(q, OS2_TAG_MSGQ) ? q->h.name : NULL;
}

osStatus_t osMessageQueuePut(osMessageQueueId_t mq_id, const void *msg_ptr, uint8_t msg_prio,
                             uint32_t timeout)
{
    os2_msgq_t *q = mq_id;
    (void)msg_prio;
    if (!os2_valid(q, OS2_TAG_MSGQ) || msg_ptr == NULL)
        return osErrorParameter;
    if (os2_isr()) {
        if (timeout != 0)
            return osErrorParameter;
        return vos_queue_send_isr(&q->q, msg_ptr) == VOS_OK ? osOK : osErrorResource;
    }
    int err = vos_queue_send(&q->q, msg_ptr, os2_timeout(timeout));
    return err == VOS_OK ? osOK : os2_status(err);
}

osStatus_t osMessageQueueGet(osMessageQueueId_t mq_id, void *msg_ptr, uint8_t *msg_prio,
                             uint32_t timeout)
{
    os2_msgq_t *q = mq_id;
    if (!os2_valid(q, OS2_TAG_MSGQ) || msg_ptr == NULL)
        return osErrorParameter;
    int err;
    if (os2_isr()) {
        if (timeout != 0)
            return osErrorParameter;
        err = vos_queue_recv_isr(&q->q, msg_ptr);
    } else {
        err = vos_queue_recv(&q->q, msg_ptr, os2_timeout(timeout));
    }
    if (err != VOS_OK)
        return os2_status(err);
    if (msg_prio != NULL)
        *msg_prio = 0;
    return osOK;
}

uint32_t osMessageQueueGetCapacity(osMessageQueueId_t mq_id)
{
    os2_msgq_t *q = mq_id;
    return os2_valid(q, OS2_TAG_MSGQ) ? q->msg_count : 0;
}

uint32_t osMessageQueueGetMsgSize(osMessageQueueId_t mq_id)
{
    os2_msgq_t *q = mq_id;
    return os2_valid(q, OS2_TAG_MSGQ) ? q->msg_size : 0;
}

uint32_t osMessageQueueGetCount(osMessageQueueId_t mq_id)
{
    os2_msgq_t *q = mq_id;
    int n = os2_valid(q, OS2_TAG_MSGQ) ? vos_queue_count(&q->q) : 0;
    return n > 0 ? (uint32_t)n : 0;
}

uint32_t osMessageQueueGetSpace(osMessageQueueId_t mq_id)
{
    os2_msgq_t *q = mq_id;
    if (!os2_valid(q, OS2_TAG_MSGQ))
        return 0;
    int n = vos_queue_count(&q->q);
    return q->msg_count - (n > 0 ? (uint32_t)n : 0);
}

/* Reset: drop every stored message. Senders waiting on a full queue are
 * woken with osErrorResource (their messages are not stored), receivers
 * keep waiting. Done under the kernel lock, so no call sees the queue
 * between the delete and the re-initialisation. */
osStatus_t osMessageQueueReset(osMessageQueueId_t mq_id)
{
    os2_msgq_t *q = mq_id;
    OS2_THREAD_CALL_ON(q, OS2_TAG_MSGQ);
    uint32_t k = arch_lock();
    if (vos_queue_count(&q->q) != 0) {
        vos_queue_delete(&q->q);
        vos_queue_init(&q->q, q->mem, q->msg_size, q->msg_count);
    }
    arch_unlock(k);
    return osOK;
}

osStatus_t osMessageQueueDelete(osMessageQueueId_t mq_id)
{
    os2_msgq_t *q = mq_id;
    OS2_THREAD_CALL_ON(q, OS2_TAG_MSGQ);
    q->h.tag = 0;
    vos_queue_delete(&q->q);
    if (q->h.alloc & OS2_ALLOC_MEM)
        os2_free(q->mem);
    if (q->h.alloc & OS2_ALLOC_CB)
        os2_free(q);
    return osOK;
}
