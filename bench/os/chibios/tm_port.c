/* SPDX-License-Identifier: MIT */
/*
 * The Thread-Metric porting layer for ChibiOS/RT (the interface is
 * bench/tm_api.h; docs/threadmetric.md says how the rows use it), through
 * ChibiOS's public API: real functions in their own translation unit, as
 * the suite asks, each mapping the suite's id to the object, calling the
 * kernel and mapping its status.
 *
 *   threads    a thread suspends itself on its own thread reference
 *              (chThdSuspendS: ChibiOS suspends no other thread, and the
 *              suite's tests suspend only the caller); resume is
 *              chThdResumeS, or chThdResumeI from the test's interrupt
 *              handler (port_is_isr_context), which then reschedules as
 *              the backend's _isr calls do (osal_impl.h)
 *   relinquish chThdYield
 *   semaphore  binary_semaphore_t created available; get never waits
 *              (TIME_IMMEDIATE); put is chBSemSignal (chBSemSignalI from
 *              the handler), which has no status: a put of a full binary
 *              semaphore is dropped
 *   queue      an objects FIFO of 12 16-byte objects (200 bytes, as the
 *              suite's reference port): send takes a free object without
 *              waiting, copies the message and posts it; receive fetches
 *              one without waiting, copies it out and returns the object
 *   pool       memory_pool_t of 16 128-byte blocks (2048 bytes); an
 *              allocation that finds none is TM_ERROR, a release has no
 *              status
 */
#include <stdint.h>
#include <string.h>
#include "tm_port.h"      /* the threads and the counts all layers share */

static binary_semaphore_t tm_semaphores[TM_OBJECTS];
static objects_fifo_t tm_queues[TM_OBJECTS];
static uint32_t tm_queue_area[TM_OBJECTS][TM_QUEUE_DEPTH * TM_QUEUE_MSG / 4];
static msg_t tm_queue_slots[TM_OBJECTS][TM_QUEUE_DEPTH];
static memory_pool_t tm_pools[TM_OBJECTS];
/* The pools' memory is the top of the harness's scratch arena, as in the
 * other layers (the basic test's array is at its start). */
#define tm_pool_area(id) \
    (&vb_arena.u64[(VB_ARENA_SIZE - (TM_OBJECTS - (id)) * TM_POOL_SIZE) / 8])
_Static_assert(TM_OBJECTS * TM_POOL_SIZE + 4096 <= VB_ARENA_SIZE,
               "the arena holds the basic test's array and the pools");

int tm_thread_resume(int thread_id)
{
    os_task_t *t = tm_threads[thread_id];
    if (port_is_isr_context()) {
        os_resume_isr(t);
    } else {
        chSysLock();
        chThdResumeS(&t->susp, MSG_OK);
        chSysUnlock();
    }
    return TM_SUCCESS;
}

int tm_thread_suspend(int thread_id)
{
    os_task_t *t = tm_threads[thread_id];
    chSysLock();
    msg_t m = chThdSuspendS(&t->susp);
    chSysUnlock();
    return m == MSG_OK ? TM_SUCCESS : TM_ERROR;
}

void tm_thread_relinquish(void)
{
    chThdYield();
}

int tm_queue_create(int queue_id)
{
    if (queue_id < 0 || queue_id >= TM_OBJECTS)
        return TM_ERROR;
    chFifoObjectInitAligned(&tm_queues[queue_id], TM_QUEUE_MSG, TM_QUEUE_DEPTH, sizeof(uint32_t),
                            tm_queue_area[queue_id], tm_queue_slots[queue_id]);
    return TM_SUCCESS;
}

int tm_queue_send(int queue_id, unsigned long *message_ptr)
{
    objects_fifo_t *f = &tm_queues[queue_id];
    void *o = chFifoTakeObjectTimeout(f, TIME_IMMEDIATE);
    if (o == NULL)
        return TM_ERROR;
    memcpy(o, message_ptr, TM_QUEUE_MSG);
    chFifoSendObject(f, o);
    return TM_SUCCESS;
}

int tm_queue_receive(int queue_id, unsigned long *message_ptr)
{
    objects_fifo_t *f = &tm_queues[queue_id];
    void *o;
    if (chFifoReceiveObjectTimeout(f, &o, TIME_IMMEDIATE) != MSG_OK)
        return TM_ERROR;
    memcpy(message_ptr, o, TM_QUEUE_MSG);
    chFifoReturnObject(f, o);
    return TM_SUCCESS;
}

int tm_semaphore_create(int semaphore_id)
{
    if (semaphore_id < 0 || semaphore_id >= TM_OBJECTS)
        return TM_ERROR;
    chBSemObjectInit(&tm_semaphores[semaphore_id], false);
    return TM_SUCCESS;
}

int tm_semaphore_get(int semaphore_id)
{
    return chBSemWaitTimeout(&tm_semaphores[semaphore_id], TIME_IMMEDIATE) == MSG_OK ? TM_SUCCESS
                                                                                    : TM_ERROR;
}

int tm_semaphore_put(int semaphore_id)
{
    binary_semaphore_t *s = &tm_semaphores[semaphore_id];
    if (port_is_isr_context()) {
        chSysLockFromISR();
        chBSemSignalI(s);
        osal_chibios_unlock_isr();
    } else {
        chBSemSignal(s);
    }
    return TM_SUCCESS;
}

int tm_memory_pool_create(int pool_id)
{
    if (pool_id < 0 || pool_id >= TM_OBJECTS)
        return TM_ERROR;
    chPoolObjectInit(&tm_pools[pool_id], TM_BLOCK_SIZE, NULL);
    chPoolLoadArray(&tm_pools[pool_id], tm_pool_area(pool_id), TM_POOL_SIZE / TM_BLOCK_SIZE);
    return TM_SUCCESS;
}

int tm_memory_pool_allocate(int pool_id, unsigned char **memory_ptr)
{
    *memory_ptr = chPoolAlloc(&tm_pools[pool_id]);
    return *memory_ptr != NULL ? TM_SUCCESS : TM_ERROR;
}

int tm_memory_pool_deallocate(int pool_id, unsigned char *memory_ptr)
{
    chPoolFree(&tm_pools[pool_id], memory_ptr);
    return TM_SUCCESS;
}
