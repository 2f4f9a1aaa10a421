/* SPDX-License-Identifier: MIT */
/*
 * The RTX5 configuration of the harness's RTX5 run (bench/peers/runs/rtx5):
 * our settings, force-included before the user's copy of RTX (the README's
 * CMakeLists.txt: -include on the kernel's target, PUBLIC so the harness
 * sees the same), so that RTX's own Config/RTX_Config.h, whose every
 * setting is guarded by #ifndef, keeps them. This file holds no RTX code;
 * a setting not named here is RTX_Config.h's default, listed at the end.
 *
 * The aim is the one of the other peers' configurations
 * (bench/os/chibios/chconf.h, bench/os/freertos/FreeRTOSConfig.h): the
 * kernel's fast path with checks, statistics and tracing off, and enough
 * object memory for the harness.
 */
#ifndef VAIOS_RTX5_CONFIG_H
#define VAIOS_RTX5_CONFIG_H

/* Global dynamic memory (bytes): where osSemaphoreNew, osMutexNew,
 * osMessageQueueNew and osMemoryPoolNew without cb_mem/mq_mem take their
 * control blocks and data (the backend passes no memory: osal_cmsis.c,
 * tm_port.c). The harness keeps a few objects at a time (each os_*_init
 * deletes the object it replaces); the largest are Thread-Metric's pool
 * (16 x 128 bytes) and the messaging rows' queues. Thread control blocks
 * are not taken from here: the backend gives cb_mem in the task's own
 * storage (VAIOS_BENCH_CMSIS_THREAD_CB_SIZE = osRtxThreadCbSize), and
 * stacks are the harness's. RTX's default, stated. */
#define OS_DYNAMIC_MEM_SIZE 32768

/* 1 kHz tick, as every kernel of the comparison (README.md: the kernel's
 * sleeps are whole ticks). The tick comes from the harness's OS Tick on
 * the board's counter (os_tick_board.c, VAIOS_BENCH_CMSIS_OS_TICK). */
#define OS_TICK_FREQ 1000

/* No round-robin: threads of one priority switch only when they yield or
 * block, as on VAIOS and ChibiOS/RT (CH_CFG_TIME_QUANTUM 0); the tick then
 * does no time-slice accounting. */
#define OS_ROBIN_ENABLE 0

/* ISR post FIFO (entries): each osSemaphoreRelease or osMessageQueuePut
 * from a handler queues its object for the PendSV handler; a full FIFO is
 * a kernel error (osRtxErrorISRQueueOverflow: rtx5_hooks.c ends the run).
 * 256, the largest RTX_Config.h offers, for irq_storm's deferred scenario,
 * where handlers give faster than the PendSV handler may run. */
#define OS_ISR_FIFO_QUEUE 256

/* Stack overrun check at every thread switch off: checks off, as the
 * other peers' runs (ChibiOS/RT: CH_DBG_* off; FreeRTOS:
 * configCHECK_FOR_STACK_OVERFLOW 0). */
#define OS_STACK_CHECK 0
#define OS_STACK_WATERMARK 0

/* Object memory usage counters off (RTX's default, stated). */
#define OS_OBJ_MEM_USAGE 0

/* Safety features (execution zones, thread watchdogs, pointer checks)
 * off (RTX's default, stated). */
#define OS_SAFETY_FEATURES 0

/* Threads privileged (RTX's default, stated): the harness's tasks program
 * the board's timers and the NVIC. */
#define OS_PRIVILEGE_MODE 1

/* No timer thread: the harness creates no osTimer (the timer_* rows are
 * skipped through this API, README.md), so RTX keeps no thread for it. */
#define OS_TIMER_THREAD_STACK_SIZE 0

/* Event recording compiled out: without it every kernel call calls an
 * empty EvrRtx* function (rtx_evr.c with no Event Recorder). */
#define EVR_RTX_DISABLE 1

/* Left at RTX_Config.h's defaults (none of them is used by the harness or
 * changes a path it measures): OS_THREAD_OBJ_MEM 0 and the other
 * OS_*_OBJ_MEM 0 (objects from the dynamic memory above),
 * OS_IDLE_THREAD_STACK_SIZE 512 (the idle thread never runs under
 * VAIOS_BENCH_SPIN_IDLE), OS_STACK_SIZE 3072 (threads without stack_mem:
 * none), OS_TIMER_CB_QUEUE 4, OS_THREAD_LIBSPACE_NUM. */

#endif
