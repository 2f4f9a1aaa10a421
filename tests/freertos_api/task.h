/* SPDX-License-Identifier: MIT */
/* NOT FreeRTOS: our own declarations from the documented task API (see FreeRTOS.h here). */
#ifndef VB_FREERTOS_API_TASK_H
#define VB_FREERTOS_API_TASK_H

#define tskKERNEL_VERSION_NUMBER "(declarations only)"

typedef struct tskTaskControlBlock *TaskHandle_t;
typedef void (*TaskFunction_t)(void *);
typedef enum { eRunning = 0, eReady, eBlocked, eSuspended, eDeleted, eInvalid } eTaskState;

TaskHandle_t xTaskCreateStatic(TaskFunction_t pxTaskCode, const char *const pcName,
                               const uint32_t uxStackDepth, void *const pvParameters,
                               UBaseType_t uxPriority, StackType_t *const puxStackBuffer,
                               StaticTask_t *const pxTaskBuffer);
void vTaskDelete(TaskHandle_t xTaskToDelete);
void vTaskDelay(const TickType_t xTicksToDelay);
void vTaskSuspend(TaskHandle_t xTaskToSuspend);
void vTaskResume(TaskHandle_t xTaskToResume);
BaseType_t xTaskResumeFromISR(TaskHandle_t xTaskToResume);
UBaseType_t uxTaskPriorityGet(const TaskHandle_t xTask);
void vTaskPrioritySet(TaskHandle_t xTask, UBaseType_t uxNewPriority);
eTaskState eTaskGetState(TaskHandle_t xTask);
void vTaskStartScheduler(void);
void vTaskSuspendAll(void);
BaseType_t xTaskResumeAll(void);
void vTaskSetThreadLocalStoragePointer(TaskHandle_t xTaskToSet, BaseType_t xIndex, void *pvValue);
void *pvTaskGetThreadLocalStoragePointer(TaskHandle_t xTaskToQuery, BaseType_t xIndex);
TickType_t xTaskGetTickCount(void);

#define taskYIELD()          portYIELD()
#define taskENTER_CRITICAL() vPortEnterCritical()
#define taskEXIT_CRITICAL()  vPortExitCritical()

#endif
