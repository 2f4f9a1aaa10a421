/* SPDX-License-Identifier: MIT */
/* USER CODE BEGIN Header */
/*
 * freertos.c in the shape STM32CubeMX generates for CMSIS-RTOS2 with
 * static allocation (our own code, CubeMX's style): the includes it
 * writes, control blocks declared with the osStatic*Def_t types, stacks as
 * uint32_t arrays, attributes with cb_mem/cb_size/stack_mem/stack_size,
 * MX_FREERTOS_Init creating every object, the task functions. Compiled
 * unchanged against VAIOS (cmsis_os.h, vaios::cubemx).
 *
 * StartDefaultTask checks what a CubeMX project relies on: every object
 * created in the memory it gave; HAL_GetTick counting milliseconds with the
 * kernel's tick; HAL_Delay in a task sleeping (the lower-priority worker
 * runs meanwhile) for at least the delay; HAL_Delay in main() before the
 * start having waited; a periodic timer whose callback calls HAL_IncTick
 * (no effect) and queues HAL_GetTick; a static message queue in the
 * count * size buffer CubeMX declares; the mutex, semaphore and event
 * flags; and two misuse rows (a control block of the wrong kind, a tick
 * priority out of range). Prints "cubemx: PASS" and exits 0.
 */
/* USER CODE END Header */

/* Includes ------------------------------------------------------------------*/
#include "FreeRTOS.h"
#include "task.h"
#include "main.h"
#include "cmsis_os.h"

/* USER CODE BEGIN Variables */
extern uint32_t boot_tick_before, boot_tick_after;
static volatile uint32_t worker_loops;
#define EV_WORKER_SEEN 0x1u
/* USER CODE END Variables */

/* Definitions for defaultTask */
osThreadId_t defaultTaskHandle;
uint32_t defaultTaskBuffer[ 256 ];
osStaticThreadDef_t defaultTaskControlBlock;
const osThreadAttr_t defaultTask_attributes = {
  .name = "defaultTask",
  .cb_mem = &defaultTaskControlBlock,
  .cb_size = sizeof(defaultTaskControlBlock),
  .stack_mem = &defaultTaskBuffer[0],
  .stack_size = sizeof(defaultTaskBuffer),
  .priority = (osPriority_t) osPriorityNormal,
};
/* Definitions for workerTask */
osThreadId_t workerTaskHandle;
uint32_t workerTaskBuffer[ 129 ];
osStaticThreadDef_t workerTaskControlBlock;
const osThreadAttr_t workerTask_attributes = {
  .name = "workerTask",
  .cb_mem = &workerTaskControlBlock,
  .cb_size = sizeof(workerTaskControlBlock),
  .stack_mem = &workerTaskBuffer[0],
  .stack_size = sizeof(workerTaskBuffer),
  .priority = (osPriority_t) osPriorityLow,
};
/* Definitions for tickQueue */
osMessageQueueId_t tickQueueHandle;
const osMessageQueueAttr_t tickQueue_attributes = {
  .name = "tickQueue"
};
/* Definitions for cmdQueue */
osMessageQueueId_t cmdQueueHandle;
uint8_t cmdQueueBuffer[ 16 * sizeof( uint16_t ) ];
osStaticMessageQDef_t cmdQueueControlBlock;
const osMessageQueueAttr_t cmdQueue_attributes = {
  .name = "cmdQueue",
  .cb_mem = &cmdQueueControlBlock,
  .cb_size = sizeof(cmdQueueControlBlock),
  .mq_mem = &cmdQueueBuffer,
  .mq_size = sizeof(cmdQueueBuffer)
};
/* Definitions for tickTimer */
osTimerId_t tickTimerHandle;
osStaticTimerDef_t tickTimerControlBlock;
const osTimerAttr_t tickTimer_attributes = {
  .name = "tickTimer",
  .cb_mem = &tickTimerControlBlock,
  .cb_size = sizeof(tickTimerControlBlock),
};
/* Definitions for dataMutex */
osMutexId_t dataMutexHandle;
osStaticMutexDef_t dataMutexControlBlock;
const osMutexAttr_t dataMutex_attributes = {
  .name = "dataMutex",
  .cb_mem = &dataMutexControlBlock,
  .cb_size = sizeof(dataMutexControlBlock),
};
/* Definitions for readySem */
osSemaphoreId_t readySemHandle;
osStaticSemaphoreDef_t readySemControlBlock;
const osSemaphoreAttr_t readySem_attributes = {
  .name = "readySem",
  .cb_mem = &readySemControlBlock,
  .cb_size = sizeof(readySemControlBlock),
};
/* Definitions for runEvents */
osEventFlagsId_t runEventsHandle;
osStaticEventGroupDef_t runEventsControlBlock;
const osEventFlagsAttr_t runEvents_attributes = {
  .name = "runEvents",
  .cb_mem = &runEventsControlBlock,
  .cb_size = sizeof(runEventsControlBlock),
};

/* Private function prototypes -----------------------------------------------*/
/* USER CODE BEGIN FunctionPrototypes */
static void check(int ok, const char *what);
static volatile uint32_t odd_ran;
static void StartOddTask(void *argument);
/* USER CODE END FunctionPrototypes */

void StartDefaultTask(void *argument);
void StartWorkerTask(void *argument);
void TickCallback(void *argument);

void MX_FREERTOS_Init(void); /* (MISRA C 2004 rule 8.1) */

/**
  * @brief  FreeRTOS initialization
  * @param  None
  * @retval None
  */
void MX_FREERTOS_Init(void) {
  /* Create the mutex(es) */
  /* creation of dataMutex */
  dataMutexHandle = osMutexNew(&dataMutex_attributes);

  /* Create the semaphores(s) */
  /* creation of readySem */
  readySemHandle = osSemaphoreNew(1, 1, &readySem_attributes);

  /* Create the timer(s) */
  /* creation of tickTimer */
  tickTimerHandle = osTimerNew(TickCallback, osTimerPeriodic, NULL, &tickTimer_attributes);

  /* Create the queue(s) */
  /* creation of tickQueue */
  tickQueueHandle = osMessageQueueNew (8, sizeof(uint32_t), &tickQueue_attributes);

  /* creation of cmdQueue */
  cmdQueueHandle = osMessageQueueNew (16, sizeof(uint16_t), &cmdQueue_attributes);

  /* Create the thread(s) */
  /* creation of defaultTask */
  defaultTaskHandle = osThreadNew(StartDefaultTask, NULL, &defaultTask_attributes);

  /* creation of workerTask */
  workerTaskHandle = osThreadNew(StartWorkerTask, NULL, &workerTask_attributes);

  /* Create the event(s) */
  /* creation of runEvents */
  runEventsHandle = osEventFlagsNew(&runEvents_attributes);
}

/* USER CODE BEGIN Header_StartDefaultTask */
/**
  * @brief  Function implementing the defaultTask thread.
  * @param  argument: Not used
  * @retval None
  */
/* USER CODE END Header_StartDefaultTask */
void StartDefaultTask(void *argument)
{
  /* USER CODE BEGIN StartDefaultTask */
  (void)argument;
  check(dataMutexHandle == (osMutexId_t)&dataMutexControlBlock, "dataMutex in its control block");
  check(readySemHandle == (osSemaphoreId_t)&readySemControlBlock, "readySem in its control block");
  check(tickTimerHandle == (osTimerId_t)&tickTimerControlBlock, "tickTimer in its control block");
  check(tickQueueHandle != NULL, "tickQueue created");
  check(cmdQueueHandle == (osMessageQueueId_t)&cmdQueueControlBlock, "cmdQueue in its control block");
  check(defaultTaskHandle == (osThreadId_t)&defaultTaskControlBlock, "defaultTask in its control block");
  check(workerTaskHandle == (osThreadId_t)&workerTaskControlBlock, "workerTask in its control block");
  check(runEventsHandle == (osEventFlagsId_t)&runEventsControlBlock, "runEvents in its control block");
  board_printf("cubemx: objects created in their static control blocks\n");

  /* HAL_Delay(5) in main(), before the kernel ran: a busy wait. */
  check(boot_tick_after - boot_tick_before >= 5u && boot_tick_after - boot_tick_before <= 6u,
        "HAL_Delay(5) before osKernelStart waited 5 ms");

  /* HAL_GetTick is the kernel tick in milliseconds (1 kHz here). */
  uint32_t hal = HAL_GetTick(), os = osKernelGetTickCount();
  check(os - hal <= 1u, "HAL_GetTick agrees with osKernelGetTickCount");

  /* HAL_Delay in a task sleeps: the lower-priority worker runs meanwhile. */
  uint32_t loops = worker_loops, t0 = HAL_GetTick();
  HAL_Delay(20);
  uint32_t t1 = HAL_GetTick();
  board_printf("cubemx: HAL_Delay(20) in a task: %u ms, worker ran %u times meanwhile\n",
               (unsigned)(t1 - t0), (unsigned)(worker_loops - loops));
  check(t1 - t0 >= 20u && t1 - t0 <= 21u, "HAL_Delay(20) took 20 ms");
  check(worker_loops - loops >= 10u, "the worker ran during HAL_Delay (a sleep, not a busy wait)");
  check(osEventFlagsWait(runEventsHandle, EV_WORKER_SEEN, osFlagsWaitAny, 0) == EV_WORKER_SEEN,
        "the worker set its event flag");

  /* The timer's callback calls HAL_IncTick (no effect) and queues HAL_GetTick. */
  check(osTimerStart(tickTimerHandle, 10) == osOK, "osTimerStart");
  uint32_t prev = 0;
  for (int i = 0; i < 3; i++) {
    uint32_t at;
    check(osMessageQueueGet(tickQueueHandle, &at, NULL, 50) == osOK, "a tick from the timer");
    if (i > 0)
      check(at - prev == 10u, "timer ticks 10 ms apart by HAL_GetTick");
    prev = at;
  }
  osTimerStop(tickTimerHandle);
  board_printf("cubemx: timer callbacks 10 ms apart by HAL_GetTick\n");

  /* The static queue's buffer is 16 * sizeof(uint16_t) bytes, as generated:
   * full at 16 messages, delivered by priority then in order. */
  for (uint16_t i = 0; i < 16; i++)
    check(osMessageQueuePut(cmdQueueHandle, &i, (uint8_t)(i % 2), 0) == osOK, "cmdQueue put");
  uint16_t extra = 99;
  check(osMessageQueuePut(cmdQueueHandle, &extra, 0, 0) == osErrorResource, "cmdQueue full at 16");
  for (uint16_t i = 0; i < 16; i++) {
    uint16_t cmd;
    uint8_t prio;
    check(osMessageQueueGet(cmdQueueHandle, &cmd, &prio, 0) == osOK, "cmdQueue get");
    uint16_t want = i < 8 ? (uint16_t)(2 * i + 1) : (uint16_t)(2 * (i - 8));
    check(cmd == want && prio == (uint8_t)(want % 2), "cmdQueue order: priority, then FIFO");
  }
  board_printf("cubemx: static message queue in its %u-byte buffer: 16 messages\n",
               (unsigned)sizeof(cmdQueueBuffer));

  check(osMutexAcquire(dataMutexHandle, osWaitForever) == osOK, "mutex acquire");
  check(osMutexRelease(dataMutexHandle) == osOK, "mutex release");
  check(osSemaphoreAcquire(readySemHandle, 0) == osOK, "semaphore acquire");
  check(osSemaphoreAcquire(readySemHandle, 0) == osErrorResource, "semaphore empty");
  check(osSemaphoreRelease(readySemHandle) == osOK, "semaphore release");

  /* Misuse: a control block of the wrong kind (too small for a thread). */
  static osStaticSemaphoreDef_t small_cb;
  static uint32_t spare_stack[128];
  const osThreadAttr_t wrong = { .name = "wrong", .cb_mem = &small_cb, .cb_size = sizeof(small_cb),
                                 .stack_mem = spare_stack, .stack_size = sizeof(spare_stack) };
  check(osThreadNew(StartWorkerTask, NULL, &wrong) == NULL, "a semaphore's control block refused for a thread");
  /* A stack only 4-byte aligned (a uint32_t array may be placed so) runs. */
  static uint64_t odd_stack64[66];
  static osStaticThreadDef_t odd_cb;
  const osThreadAttr_t odd = { .name = "odd", .cb_mem = &odd_cb, .cb_size = sizeof(odd_cb),
                               .stack_mem = (uint32_t *)odd_stack64 + 1, .stack_size = 512,
                               .priority = osPriorityHigh };
  uint32_t before = worker_loops;
  check(osThreadNew(StartOddTask, (void *)&before, &odd) != NULL, "a 4-byte aligned stack accepted");
  check(odd_ran == 1, "the thread on a 4-byte aligned stack ran");
  /* Misuse: a tick priority the NVIC does not have. */
  check(HAL_InitTick(16) == HAL_ERROR, "HAL_InitTick(16) is HAL_ERROR");
  check(HAL_InitTick(TICK_INT_PRIORITY) == HAL_OK, "HAL_InitTick once the kernel runs");

  board_printf("cubemx: PASS\n");
  board_exit(0);
  /* USER CODE END StartDefaultTask */
}

/* USER CODE BEGIN Header_StartWorkerTask */
/* USER CODE END Header_StartWorkerTask */
void StartWorkerTask(void *argument)
{
  /* USER CODE BEGIN StartWorkerTask */
  (void)argument;
  /* Infinite loop */
  for(;;)
  {
    worker_loops++;
    osEventFlagsSet(runEventsHandle, EV_WORKER_SEEN);
    osDelay(1);
  }
  /* USER CODE END StartWorkerTask */
}

/* TickCallback function */
void TickCallback(void *argument)
{
  /* USER CODE BEGIN TickCallback */
  (void)argument;
  HAL_IncTick();
  uint32_t now = HAL_GetTick();
  osMessageQueuePut(tickQueueHandle, &now, 0, 0);
  /* USER CODE END TickCallback */
}

/* Private application code --------------------------------------------------*/
/* USER CODE BEGIN Application */
static void StartOddTask(void *argument)
{
  (void)argument;
  odd_ran++;
}

static void check(int ok, const char *what)
{
  if (!ok) {
    board_printf("cubemx: FAIL %s\n", what);
    board_exit(1);
  }
}
/* USER CODE END Application */
