/* SPDX-License-Identifier: MIT */
/*
 * The FreeRTOS configuration of the benchmark: the seed study's (1 ms
 * tick, 8 priorities, 32 KB heap_4, preemption, port-optimised task
 * selection, asserts and trace off), for the ARM_CM4F port on the boards
 * of this tree, plus what the harness's backend needs (static creation,
 * one thread-local pointer, the INCLUDE_ functions it calls).
 * Written from FreeRTOS's documented configuration options; give this
 * directory to FreeRTOS-Kernel's CMake as the freertos_config target
 * (bench/os/freertos/README.md).
 */
#ifndef FREERTOS_CONFIG_H
#define FREERTOS_CONFIG_H

/* SysTick counts the core clock (the port's default clock source):
 * QEMU's netduinoplus2 models SYSCLK at 168 MHz of virtual time, the
 * Nucleo-F401RE runs at 84 MHz (boards/nucleo_f401re/clock.c). A build
 * for the Nucleo passes -DVB_FREERTOS_CPU_CLOCK_HZ=84000000. The image
 * prints the tick it measured (config tick_measured) to check this. */
#ifndef VB_FREERTOS_CPU_CLOCK_HZ
#define VB_FREERTOS_CPU_CLOCK_HZ 168000000
#endif
#define configCPU_CLOCK_HZ                      ((unsigned long)VB_FREERTOS_CPU_CLOCK_HZ)
#define configTICK_RATE_HZ                      1000
#define configUSE_PREEMPTION                    1
#define configUSE_TIME_SLICING                  1
#define configUSE_PORT_OPTIMISED_TASK_SELECTION 1
#define configUSE_TICKLESS_IDLE                 0
#define configMAX_PRIORITIES                    8
#define configMINIMAL_STACK_SIZE                128
#define configMAX_TASK_NAME_LEN                 12
#define configTICK_TYPE_WIDTH_IN_BITS           TICK_TYPE_WIDTH_32_BITS
#define configIDLE_SHOULD_YIELD                 1
#define configUSE_TASK_NOTIFICATIONS            1
#define configUSE_MUTEXES                       1
#define configUSE_RECURSIVE_MUTEXES             0
#define configUSE_COUNTING_SEMAPHORES           1
#define configQUEUE_REGISTRY_SIZE               0
#define configUSE_QUEUE_SETS                    0
#define configNUM_THREAD_LOCAL_STORAGE_POINTERS 1
#define configUSE_NEWLIB_REENTRANT              0
#define configENABLE_BACKWARD_COMPATIBILITY     0

/* Memory: static objects (the harness gives every stack and control
 * block), heap_4 of 32 KB for os_malloc; the kernel provides the idle
 * task's static memory itself. */
#define configSUPPORT_STATIC_ALLOCATION         1
#define configSUPPORT_DYNAMIC_ALLOCATION        1
#define configKERNEL_PROVIDED_STATIC_MEMORY     1
/* 32 KB, the seed study's; a board with less RAM (the Nucleo-F401RE's
 * 96 KB) passes a smaller -DVB_FREERTOS_HEAP_SIZE (README.md). */
#ifndef VB_FREERTOS_HEAP_SIZE
#define VB_FREERTOS_HEAP_SIZE (32 * 1024)
#endif
#define configTOTAL_HEAP_SIZE                   ((size_t)VB_FREERTOS_HEAP_SIZE)
#define configAPPLICATION_ALLOCATED_HEAP        0

/* No hooks, no checks, no statistics, no trace: the figures are the
 * kernel's paths alone. */
#define configUSE_IDLE_HOOK                     0
#define configUSE_TICK_HOOK                     0
#define configUSE_MALLOC_FAILED_HOOK            0
#define configUSE_DAEMON_TASK_STARTUP_HOOK      0
#define configCHECK_FOR_STACK_OVERFLOW          0
#define configGENERATE_RUN_TIME_STATS           0
#define configUSE_TRACE_FACILITY                0
#define configUSE_STATS_FORMATTING_FUNCTIONS    0
#define configUSE_CO_ROUTINES                   0
#define configUSE_TIMERS                        0
/* V11.0.x and V11.1.0 compile the kernel-provided timer task's memory
 * (vApplicationGetTimerTaskMemory, with configKERNEL_PROVIDED_STATIC_MEMORY)
 * whether or not timers are used, so its stack depth must be defined even
 * with configUSE_TIMERS 0; nothing calls the function, and the link's
 * section garbage collection drops it and its stack. V11.2.0 guards it. */
#define configTIMER_TASK_STACK_DEPTH            configMINIMAL_STACK_SIZE
/* configASSERT is left undefined: asserts off. */

/* Interrupt levels (4 priority bits on the STM32F4): the port's PendSV and
 * SysTick at the lowest, the kernel's masking level at 0x40, as VAIOS's
 * VOS_CFG_KERNEL_IRQ_PRIO, so that "zero latency" means the same on both. */
#define configPRIO_BITS                         4
#define configKERNEL_INTERRUPT_PRIORITY         (15 << (8 - configPRIO_BITS))
#define configMAX_SYSCALL_INTERRUPT_PRIORITY    (4 << (8 - configPRIO_BITS))

/* The API the backend calls. */
#define INCLUDE_vTaskPrioritySet                1
#define INCLUDE_uxTaskPriorityGet               1
#define INCLUDE_vTaskDelete                     1
#define INCLUDE_vTaskSuspend                    1
#define INCLUDE_xTaskResumeFromISR              1
#define INCLUDE_vTaskDelayUntil                 0
#define INCLUDE_vTaskDelay                      1
#define INCLUDE_eTaskGetState                   1
#define INCLUDE_xTaskGetSchedulerState          0
#define INCLUDE_xTaskGetCurrentTaskHandle       1

/* The port's handlers under the names of the board's vector table
 * (boards/common/startup.c): SVC and PendSV are named there, SysTick is
 * weak in boards/common/fault.c, so these definitions take the slots. */
#define vPortSVCHandler     SVC_Handler
#define xPortPendSVHandler  PendSV_Handler
#define xPortSysTickHandler SysTick_Handler

#endif /* FREERTOS_CONFIG_H */
