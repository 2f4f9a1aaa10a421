/* SPDX-License-Identifier: MIT */
/*
 * CMSIS-RTOS2 message queues: messages of msg_size bytes copied by value,
 * delivered highest priority first and, among equal priorities, in the
 * order they were put (the reference's rule: a message is inserted in
 * front of every message of lower priority).
 *
 * The queue's memory is msg_count slots, each a header (struct
 * os2_mq_slot, in one array) and the message (in another, stride bytes
 * apart). Memory given as VOS_CMSIS_MSGQUEUE_MEM_SIZE bytes (4-byte
 * aligned: also the reference's osRtxMessageQueueMemSize, which is
 * larger) holds both, the headers first; memory of only msg_count *
 * msg_size bytes, at any alignment (what STM32CubeMX declares for a
 * static queue, FreeRTOS's layout), holds the messages, and the headers
 * come from the layer's heap. A slot is in exactly one of: the free list, the delivery
 * list (sorted by priority, FIFO among equals), or claimed by one caller
 * between its list operation and its copy. Two kernel semaphores do the
 * waiting: space counts free slots a sender may take, items counts
 * messages in the delivery list a receiver may take. So a sender first
 * takes space (blocking with its timeout), then under the kernel lock
 * takes a free slot, copies its message in and links the slot into the
 * delivery list, then gives items; a receiver takes items, unlinks the
 * head under the lock, copies it out, returns the slot to the free list
 * and gives space. Taking a semaphore unit before touching a list is what
 * guarantees the list holds what the caller needs.
 *
 * Invariants (kernel lock held): count == length of the delivery list;
 * count + free slots + slots claimed == msg_count; items' count <= count;
 * space's count <= free slots.
 */
#include <string.h>
#include "os2.h"

#define OS2_MQ_NONE 0xFFFFu

struct os2_mq_slot {
    uint16_t next;      /* next slot in its list, OS2_MQ_NONE at the end */
    uint8_t prio;
    uint8_t pad;
};
#define SLOT_HDR sizeof(struct os2_mq_slot)

static inline struct os2_mq_slot *slot_at(os2_msgq_t *q, uint32_t i)
{
    return &q->slot[i];
}

static inline void *slot_msg(os2_msgq_t *q, uint32_t i)
{
    return q->msgs + i * q->stride;
}

/* The copy of one message: 4 and 8 bytes (the common sizes) as one word
 * access each (Cortex-M4 handles unaligned words), memcpy otherwise. */
static inline __attribute__((always_inline)) void msg_copy(void *dst, const void *src,
                                                           uint32_t size)
{
    if (size == 4)
        __builtin_memcpy(dst, src, 4);
    else if (size == 8)
        __builtin_memcpy(dst, src, 8);
    else
        memcpy(dst, src, size);
}

osMessageQueueId_t osMessageQueueNew(uint32_t msg_count, uint32_t msg_size,
                                     const osMessageQueueAttr_t *attr)
{
    static const osMessageQueueAttr_t defaults;
    if (msg_count == 0 || msg_size == 0 || msg_count >= OS2_MQ_NONE)
        return NULL;
    if (attr == NULL)
        attr = &defaults;
    uint64_t hdrs = (uint64_t)msg_count * SLOT_HDR;
    uint64_t need = hdrs + (uint64_t)msg_count * (((uint64_t)msg_size + 3u) & ~(uint64_t)3u);
    if (need >= 0x80000000u)
        return NULL;
    uint32_t stride = (msg_size + 3u) & ~3u;   /* no overflow: need < 2^31 */
    uint8_t *mem = attr->mq_mem;
    /* Given memory holds the headers too, or only the messages, packed. */
    bool whole = mem != NULL && attr->mq_size >= need && ((uintptr_t)mem & 3u) == 0;
    if (mem != NULL && !whole) {
        if (attr->mq_size < (uint64_t)msg_count * msg_size)
            return NULL;
        if (attr->mq_size < (uint64_t)msg_count * stride)
            stride = msg_size;
    }
    if (mem == NULL && attr->mq_size != 0)
        return NULL;
    os2_msgq_t *q = OS2_NEW(attr, q);
    if (q == NULL)
        return NULL;
    void *heap = NULL;
    if (!whole) {
        heap = os2_new_mem(q, &q->h, (size_t)(mem == NULL ? need : hdrs));
        if (heap == NULL)
            return NULL;
    }
    q->msg_size = msg_size;
    q->msg_count = msg_count;
    q->stride = stride;
    q->heap_mem = heap;
    if (whole || mem == NULL) {
        uint8_t *m = whole ? mem : heap;
        q->slot = (struct os2_mq_slot *)(void *)m;
        q->msgs = m + hdrs;
    } else {
        q->slot = heap;
        q->msgs = mem;
    }
    for (uint32_t i = 0; i < msg_count; i++)
        slot_at(q, i)->next = (uint16_t)(i + 1u < msg_count ? i + 1u : OS2_MQ_NONE);
    q->free = 0;
    q->head = q->tail = OS2_MQ_NONE;
    q->count = 0;
    vos_sem_init(&q->items, 0, msg_count);
    vos_sem_init(&q->space, msg_count, msg_count);
    return os2_live(q, &q->h, OS2_TAG_MSGQ);
}

const char *osMessageQueueGetName(osMessageQueueId_t mq_id)
{
    return os2_name(mq_id, OS2_TAG_MSGQ);
}

/* Store msg in a free slot, in its place in the delivery list. The caller
 * holds a unit of space, so a free slot exists. */
static void store(os2_msgq_t *q, const void *msg, uint8_t prio)
{
    vos_crit_t k;
    (void)vos_crit_enter(&k);
    uint16_t i = q->free;
    struct os2_mq_slot *s = slot_at(q, i);
    q->free = s->next;
    s->prio = prio;
    msg_copy(slot_msg(q, i), msg, q->msg_size);
    if (q->head == OS2_MQ_NONE || slot_at(q, q->tail)->prio >= prio) {
        /* The common case, equal priorities: append, O(1). */
        s->next = OS2_MQ_NONE;
        if (q->head == OS2_MQ_NONE)
            q->head = i;
        else
            slot_at(q, q->tail)->next = i;
        q->tail = i;
    } else if (slot_at(q, q->head)->prio < prio) {
        s->next = q->head;
        q->head = i;
    } else {
        /* After the last message of priority >= prio: O(messages). */
        uint16_t p = q->head;
        while (slot_at(q, slot_at(q, p)->next)->prio >= prio)
            p = slot_at(q, p)->next;
        s->next = slot_at(q, p)->next;
        slot_at(q, p)->next = i;
    }
    q->count++;
    (void)vos_crit_exit(k);
}

/* Unlink the head of the delivery list, copy it into msg (if not NULL)
 * and free its slot; returns its priority. The caller holds a unit of
 * items, so the list is not empty. */
static uint8_t fetch(os2_msgq_t *q, void *msg)
{
    vos_crit_t k;
    (void)vos_crit_enter(&k);
    uint16_t i = q->head;
    struct os2_mq_slot *s = slot_at(q, i);
    q->head = s->next;
    if (q->head == OS2_MQ_NONE)
        q->tail = OS2_MQ_NONE;
    q->count--;
    if (msg != NULL)
        msg_copy(msg, slot_msg(q, i), q->msg_size);
    uint8_t prio = s->prio;
    s->next = q->free;
    q->free = i;
    (void)vos_crit_exit(k);
    return prio;
}

/* The slots' headers (and messages) from the layer's heap, if any, are the
 * queue's data memory. */
static void *msgq_delete_parts(void *obj)
{
    os2_msgq_t *q = obj;
    vos_sem_delete(&q->items);
    vos_sem_delete(&q->space);
    return q->heap_mem;
}

osStatus_t osMessageQueuePut(osMessageQueueId_t mq_id, const void *msg_ptr, uint8_t msg_prio,
                             uint32_t timeout)
{
    os2_msgq_t *q = mq_id;
    if (!os2_valid(q, OS2_TAG_MSGQ) || msg_ptr == NULL)
        return osErrorParameter;
    bool isr = os2_isr();
    osStatus_t st = os2_sem_acquire(&q->space, timeout, isr);
    if (st != osOK)
        return st;
    store(q, msg_ptr, msg_prio);
    (void)os2_sem_release(&q->items, isr);
    return osOK;
}

osStatus_t osMessageQueueGet(osMessageQueueId_t mq_id, void *msg_ptr, uint8_t *msg_prio,
                             uint32_t timeout)
{
    os2_msgq_t *q = mq_id;
    if (!os2_valid(q, OS2_TAG_MSGQ) || msg_ptr == NULL)
        return osErrorParameter;
    bool isr = os2_isr();
    osStatus_t st = os2_sem_acquire(&q->items, timeout, isr);
    if (st != osOK)
        return st;
    uint8_t prio = fetch(q, msg_ptr);
    (void)os2_sem_release(&q->space, isr);
    if (msg_prio != NULL)
        *msg_prio = prio;
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
    return os2_valid(q, OS2_TAG_MSGQ) ? q->count : 0;
}

uint32_t osMessageQueueGetSpace(osMessageQueueId_t mq_id)
{
    os2_msgq_t *q = mq_id;
    return os2_valid(q, OS2_TAG_MSGQ) ? os2_sem_units(&q->space) : 0;
}

/* Reset: discard every stored message no receiver has claimed yet, one
 * at a time, each as a receive would take it; every freed slot is given
 * back to space, so a sender waiting on the full queue then stores its
 * message (as RTX does), which the reset keeps: it discards at most the
 * messages stored when it began. A receiver waiting on the empty queue
 * keeps waiting. */
osStatus_t osMessageQueueReset(osMessageQueueId_t mq_id)
{
    os2_msgq_t *q = mq_id;
    OS2_THREAD_CALL_ON(q, OS2_TAG_MSGQ);
    uint32_t n = q->count;      /* what is stored now; later messages stay */
    while (n-- > 0 && vos_sem_take(&q->items, VOS_NO_WAIT) == VOS_OK) {
        (void)fetch(q, NULL);
        vos_sem_give(&q->space);
    }
    return osOK;
}

/* Delete: senders and receivers waiting on it return osErrorResource. */
osStatus_t osMessageQueueDelete(osMessageQueueId_t mq_id)
{
    return os2_delete(mq_id, OS2_TAG_MSGQ, msgq_delete_parts);
}
