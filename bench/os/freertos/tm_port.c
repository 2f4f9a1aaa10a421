/* SPDX-License-Identifier: MIT */
/*
 * The Thread-Metric porting layer for FreeRTOS (the interface is
 * bench/tm_api.h; docs/threadmetric.md says how the rows use it). Our own
 * code over FreeRTOS's public API, as bench/os/vaios/tm_port.c is over
 * VAIOS's: real functions in their own translation unit, so every counted
 * operation pays the call, the id -> object lookup, the kernel call and
 * the mapping of its status to TM_SUCCESS / TM_ERROR.
 *
 *   threads   harness task slots (vb_spawn); suspend vTaskSuspend, resume
 *             vTaskResume, or xTaskResumeFromISR + portYIELD_FROM_ISR when
 *             xPortIsInsideInterrupt() says the caller is a handler;
 *             relinquish taskYIELD
 *   queue     xQueueCreateStatic of 16-byte messages, depth
 *             TM_QUEUE_SIZE / 16; send and receive with no wait
 *   semaphore xSemaphoreCreateBinaryStatic, given once so that it starts
 *             available (FreeRTOS creates it empty); take with no wait,
 *             give (xSemaphoreGiveFromISR in a handler)
 *   pool      FreeRTOS has no fixed-block pool: a block is pvPortMalloc of
 *             128 bytes from heap_4 and its release vPortFree, the
 *             kernel's own allocator. tm_memory is therefore a
 *             general-purpose allocator's pair where the other kernels
 *             use a pool (docs/threadmetric.md)
 *
 * Every object is static; like the suite's reference port, only the
 * create calls check an id.
 */
#include <stdint.h>
#include "tm_port.h"      /* the threads and the counts all layers share */

static StaticSemaphore_t tm_sem_buf[TM_OBJECTS];
static SemaphoreHandle_t tm_semaphores[TM_OBJECTS];
static StaticQueue_t tm_queue_buf[TM_OBJECTS];
static uint8_t tm_queue_area[TM_OBJECTS][TM_QUEUE_DEPTH * TM_QUEUE_MSG];
static QueueHandle_t tm_queues[TM_OBJECTS];

static int tm_status(BaseType_t ok)
{
    return ok == pdPASS ? TM_SUCCESS : TM_ERROR;
}

int tm_thread_resume(int thread_id)
{
    TaskHandle_t h = tm_threads[thread_id]->h;
    if (xPortIsInsideInterrupt()) {
        BaseType_t yield = xTaskResumeFromISR(h);
        portYIELD_FROM_ISR(yield);
    } else {
        vTaskResume(h);
    }
    return TM_SUCCESS;
}

int tm_thread_suspend(int thread_id)
{
    vTaskSuspend(tm_threads[thread_id]->h);
    return TM_SUCCESS;
}

void tm_thread_relinquish(void)
{
    taskYIELD();
}

int tm_queue_create(int queue_id)
{
    if (queue_id < 0 || queue_id >= TM_OBJECTS)
        return TM_ERROR;
    if (tm_queues[queue_id] != NULL)
        vQueueDelete(tm_queues[queue_id]);
    tm_queues[queue_id] = xQueueCreateStatic(TM_QUEUE_DEPTH, TM_QUEUE_MSG, tm_queue_area[queue_id],
                                             &tm_queue_buf[queue_id]);
    return tm_queues[queue_id] != NULL ? TM_SUCCESS : TM_ERROR;
}

int tm_queue_send(int queue_id, unsigned long *message_ptr)
{
    return tm_status(xQueueSend(tm_queues[queue_id], message_ptr, 0));
}

int tm_queue_receive(int queue_id, unsigned long *message_ptr)
{
    return tm_status(xQueueReceive(tm_queues[queue_id], message_ptr, 0));
}

int tm_semaphore_create(int semaphore_id)
{
    if (semaphore_id < 0 || semaphore_id >= TM_OBJECTS)
        return TM_ERROR;
    if (tm_semaphores[semaphore_id] != NULL)
        vSemaphoreDelete(tm_semaphores[semaphore_id]);
    SemaphoreHandle_t s = xSemaphoreCreateBinaryStatic(&tm_sem_buf[semaphore_id]);
    tm_semaphores[semaphore_id] = s;
    return s != NULL && xSemaphoreGive(s) == pdPASS ? TM_SUCCESS : TM_ERROR;
}

int tm_semaphore_get(int semaphore_id)
{
    return tm_status(xSemaphoreTake(tm_semaphores[semaphore_id], 0));
}

int tm_semaphore_put(int semaphore_id)
{
    SemaphoreHandle_t s = tm_semaphores[semaphore_id];
    if (xPortIsInsideInterrupt()) {
        BaseType_t yield = pdFALSE;
        BaseType_t ok = xSemaphoreGiveFromISR(s, &yield);
        portYIELD_FROM_ISR(yield);
        return tm_status(ok);
    }
    return tm_status(xSemaphoreGive(s));
}

int tm_memory_pool_create(int pool_id)
{
    return pool_id >= 0 && pool_id < TM_OBJECTS ? TM_SUCCESS : TM_ERROR;
}

int tm_memory_pool_allocate(int pool_id, unsigned char **memory_ptr)
{
    (void)pool_id;
    *memory_ptr = pvPortMalloc(TM_BLOCK_SIZE);
    return *memory_ptr != NULL ? TM_SUCCESS : TM_ERROR;
}

int tm_memory_pool_deallocate(int pool_id, unsigned char *memory_ptr)
{
    (void)pool_id;
    if (memory_ptr == NULL)
        return TM_ERROR;
    vPortFree(memory_ptr);
    return TM_SUCCESS;
}
