/* SPDX-License-Identifier: MIT */
/*
 * The Thread-Metric porting layer through the CMSIS-RTOS2 API only (the
 * interface is bench/tm_api.h; docs/threadmetric.md says how the rows use
 * it), so that the suite runs on any kernel that implements the API, as
 * the rest of this backend. Real functions in their own translation unit,
 * as the suite asks: every counted operation pays the call, the id ->
 * object lookup, the API call and the mapping of its status to
 * TM_SUCCESS / TM_ERROR.
 *
 *   threads   harness task slots (vb_spawn); osThreadSuspend,
 *             osThreadResume, osThreadYield. The API does not allow
 *             osThreadResume in an interrupt handler, so tm_irq_preempt
 *             (a handler resumes a thread) is a skip on this backend
 *             (OSAL_HAS_RESUME_ISR 0) and tm_thread_resume refuses a
 *             handler caller
 *   queue     osMessageQueueNew of 16-byte messages, depth
 *             TM_QUEUE_SIZE / 16; put and get with a zero timeout
 *   semaphore osSemaphoreNew(1, 1): binary, created available; acquire
 *             with a zero timeout, release (callable from a handler, the
 *             call the test's interrupt makes)
 *   pool      osMemoryPoolNew of 16 blocks of 128 bytes (TM_POOL_SIZE);
 *             osMemoryPoolAlloc with a zero timeout, osMemoryPoolFree
 *
 * The objects' memory comes from the kernel (a NULL attribute), as the
 * rest of this backend: the size an implementation needs for a caller's
 * buffer is its own (RTX5's osRtx*MemSize macros). A create deletes the
 * object of a previous run first. Like the suite's reference port, only
 * the create calls check an id.
 */
#include <stdint.h>
#include "tm_port.h"      /* the threads and the counts all layers share */

static osSemaphoreId_t tm_semaphores[TM_OBJECTS];
static osMessageQueueId_t tm_queues[TM_OBJECTS];
static osMemoryPoolId_t tm_pools[TM_OBJECTS];

static int tm_status(osStatus_t st)
{
    return st == osOK ? TM_SUCCESS : TM_ERROR;
}

/* osThreadResume returns osErrorISR in a handler: TM_ERROR. */
int tm_thread_resume(int thread_id)
{
    return tm_status(osThreadResume(tm_threads[thread_id]->id));
}

int tm_thread_suspend(int thread_id)
{
    return tm_status(osThreadSuspend(tm_threads[thread_id]->id));
}

void tm_thread_relinquish(void)
{
    (void)osThreadYield();
}

int tm_queue_create(int queue_id)
{
    if (queue_id < 0 || queue_id >= TM_OBJECTS)
        return TM_ERROR;
    if (tm_queues[queue_id] != NULL)
        (void)osMessageQueueDelete(tm_queues[queue_id]);
    tm_queues[queue_id] = osMessageQueueNew(TM_QUEUE_DEPTH, TM_QUEUE_MSG, NULL);
    return tm_queues[queue_id] != NULL ? TM_SUCCESS : TM_ERROR;
}

int tm_queue_send(int queue_id, unsigned long *message_ptr)
{
    return tm_status(osMessageQueuePut(tm_queues[queue_id], message_ptr, 0, 0));
}

int tm_queue_receive(int queue_id, unsigned long *message_ptr)
{
    return tm_status(osMessageQueueGet(tm_queues[queue_id], message_ptr, NULL, 0));
}

int tm_semaphore_create(int semaphore_id)
{
    if (semaphore_id < 0 || semaphore_id >= TM_OBJECTS)
        return TM_ERROR;
    if (tm_semaphores[semaphore_id] != NULL)
        (void)osSemaphoreDelete(tm_semaphores[semaphore_id]);
    tm_semaphores[semaphore_id] = osSemaphoreNew(1, 1, NULL);
    return tm_semaphores[semaphore_id] != NULL ? TM_SUCCESS : TM_ERROR;
}

int tm_semaphore_get(int semaphore_id)
{
    return tm_status(osSemaphoreAcquire(tm_semaphores[semaphore_id], 0));
}

/* osSemaphoreRelease is the same call in a thread and in a handler. */
int tm_semaphore_put(int semaphore_id)
{
    return tm_status(osSemaphoreRelease(tm_semaphores[semaphore_id]));
}

int tm_memory_pool_create(int pool_id)
{
    if (pool_id < 0 || pool_id >= TM_OBJECTS)
        return TM_ERROR;
    if (tm_pools[pool_id] != NULL)
        (void)osMemoryPoolDelete(tm_pools[pool_id]);
    tm_pools[pool_id] = osMemoryPoolNew(TM_POOL_SIZE / TM_BLOCK_SIZE, TM_BLOCK_SIZE, NULL);
    return tm_pools[pool_id] != NULL ? TM_SUCCESS : TM_ERROR;
}

int tm_memory_pool_allocate(int pool_id, unsigned char **memory_ptr)
{
    *memory_ptr = osMemoryPoolAlloc(tm_pools[pool_id], 0);
    return *memory_ptr != NULL ? TM_SUCCESS : TM_ERROR;
}

int tm_memory_pool_deallocate(int pool_id, unsigned char *memory_ptr)
{
    return tm_status(osMemoryPoolFree(tm_pools[pool_id], memory_ptr));
}
