/* SPDX-License-Identifier: MIT */
/* NOT FreeRTOS: our own declarations from the documented semaphore API (see FreeRTOS.h here). */
#ifndef VB_FREERTOS_API_SEMPHR_H
#define VB_FREERTOS_API_SEMPHR_H

#include "queue.h"

typedef QueueHandle_t SemaphoreHandle_t;

SemaphoreHandle_t xSemaphoreCreateCountingStatic(UBaseType_t uxMaxCount, UBaseType_t uxInitialCount,
                                                 StaticSemaphore_t *pxSemaphoreBuffer);
SemaphoreHandle_t xSemaphoreCreateBinaryStatic(StaticSemaphore_t *pxSemaphoreBuffer);
SemaphoreHandle_t xSemaphoreCreateMutexStatic(StaticSemaphore_t *pxMutexBuffer);
BaseType_t xSemaphoreGive(SemaphoreHandle_t xSemaphore);
BaseType_t xSemaphoreGiveFromISR(SemaphoreHandle_t xSemaphore, BaseType_t *pxHigherPriorityTaskWoken);
BaseType_t xSemaphoreTake(SemaphoreHandle_t xSemaphore, TickType_t xBlockTime);
void vSemaphoreDelete(SemaphoreHandle_t xSemaphore);

#endif
