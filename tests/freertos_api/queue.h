/* SPDX-License-Identifier: MIT */
/* NOT FreeRTOS: our own declarations from the documented queue API (see FreeRTOS.h here). */
#ifndef VB_FREERTOS_API_QUEUE_H
#define VB_FREERTOS_API_QUEUE_H

typedef struct QueueDefinition *QueueHandle_t;

QueueHandle_t xQueueCreateStatic(UBaseType_t uxQueueLength, UBaseType_t uxItemSize,
                                 uint8_t *pucQueueStorageBuffer, StaticQueue_t *pxQueueBuffer);
BaseType_t xQueueSend(QueueHandle_t xQueue, const void *pvItemToQueue, TickType_t xTicksToWait);
BaseType_t xQueueSendFromISR(QueueHandle_t xQueue, const void *pvItemToQueue,
                             BaseType_t *pxHigherPriorityTaskWoken);
BaseType_t xQueueReceive(QueueHandle_t xQueue, void *pvBuffer, TickType_t xTicksToWait);
void vQueueDelete(QueueHandle_t xQueue);

#endif
