/* SPDX-License-Identifier: MIT */
/*
 * ChibiOS/RT's configuration for the benchmark (RT 7.0; README.md beside
 * this file says how a firmware uses it). Written for this harness, every
 * option ChibiOS/RT 7.0 asks for set explicitly, chosen for the figures to
 * compare with the other kernels' (docs/benchmark.md):
 *
 *   - tickless: the system time is the board's 32-bit counter at its own
 *     rate (CH_CFG_ST_FREQUENCY == BOARD_CYCLES_HZ, 1 GHz of virtual time
 *     on the emulated board, one count an instruction), the alarm is
 *     osal_chibios.c's (the stXxx functions the port's chcore_timer.h
 *     calls); a run whose kernel rate differs from the counter's cannot
 *     build (osal_impl.h)
 *   - no round-robin (CH_CFG_TIME_QUANTUM 0), as VAIOS's configuration
 *   - checks, asserts, statistics, tracing and stack filling off: the
 *     kernel's release build, as ChibiOS's own test report measures it
 *   - no registry (a static thread's working area may be reused as soon
 *     as it has ended), dynamic threads, factory or pipes
 *   - the oslib objects the harness uses: mailboxes, objects FIFOs,
 *     memory pools, the heap (with a small memory core: no __heap_base__
 *     in the board's linker script)
 */
#ifndef CHCONF_H
#define CHCONF_H

#define _CHIBIOS_RT_CONF_
#define _CHIBIOS_RT_CONF_VER_7_0_

/* --- System timer ----------------------------------------------------------------- */
#define CH_CFG_SMP_MODE                 FALSE
#define CH_CFG_ST_RESOLUTION            32
/* The board counter's rate: 1 GHz of virtual time on the emulated board
 * (a firmware for another board defines it; osal_impl.h refuses to build
 * when it differs from the board's BOARD_CYCLES_HZ). */
#ifndef CH_CFG_ST_FREQUENCY
#define CH_CFG_ST_FREQUENCY             1000000000
#endif
#define CH_CFG_INTERVALS_SIZE           32
#define CH_CFG_TIME_TYPES_SIZE          32
/* Tickless, with the alarm at least this many counts ahead (osal_chibios.c
 * pends the alarm interrupt at once for a time already reached, so the
 * minimum is the kernel's own, not the timer's). */
#define CH_CFG_ST_TIMEDELTA             2
/* --- Kernel -------------------------------------------------------------------------- */
#define CH_CFG_TIME_QUANTUM             0
#define CH_CFG_NO_IDLE_THREAD           FALSE
#define CH_CFG_OPTIMIZE_SPEED           TRUE
/* --- Subsystems ------------------------------------------------------------------------ */
#define CH_CFG_USE_TM                   FALSE
#define CH_CFG_USE_TIMESTAMP            FALSE
#define CH_CFG_USE_REGISTRY             FALSE
#define CH_CFG_USE_WAITEXIT             FALSE
#define CH_CFG_USE_SEMAPHORES           TRUE
#define CH_CFG_USE_SEMAPHORES_PRIORITY  FALSE
#define CH_CFG_USE_MUTEXES              TRUE
#define CH_CFG_USE_MUTEXES_RECURSIVE    FALSE
#define CH_CFG_USE_CONDVARS             FALSE
#define CH_CFG_USE_CONDVARS_TIMEOUT     FALSE
#define CH_CFG_USE_EVENTS               FALSE
#define CH_CFG_USE_EVENTS_TIMEOUT       FALSE
#define CH_CFG_USE_MESSAGES             FALSE
#define CH_CFG_USE_MESSAGES_PRIORITY    FALSE
#define CH_CFG_USE_DYNAMIC              FALSE
/* --- OS library ------------------------------------------------------------------------ */
#define CH_CFG_USE_MAILBOXES            TRUE
#define CH_CFG_USE_MEMCORE              TRUE
#define CH_CFG_MEMCORE_SIZE             64
#define CH_CFG_USE_HEAP                 TRUE
#define CH_CFG_USE_MEMPOOLS             TRUE
#define CH_CFG_USE_OBJ_FIFOS            TRUE
#define CH_CFG_USE_PIPES                FALSE
#define CH_CFG_USE_OBJ_CACHES           FALSE
#define CH_CFG_USE_DELEGATES            FALSE
#define CH_CFG_USE_JOBS                 FALSE
#define CH_CFG_USE_FACTORY              FALSE
#define CH_CFG_FACTORY_MAX_NAMES_LENGTH 8
#define CH_CFG_FACTORY_OBJECTS_REGISTRY FALSE
#define CH_CFG_FACTORY_GENERIC_BUFFERS  FALSE
#define CH_CFG_FACTORY_SEMAPHORES       FALSE
#define CH_CFG_FACTORY_MAILBOXES        FALSE
#define CH_CFG_FACTORY_OBJ_FIFOS        FALSE
#define CH_CFG_FACTORY_PIPES            FALSE
/* --- Debug: all off ------------------------------------------------------------------- */
#define CH_DBG_STATISTICS               FALSE
#define CH_DBG_SYSTEM_STATE_CHECK       FALSE
#define CH_DBG_ENABLE_CHECKS            FALSE
#define CH_DBG_ENABLE_ASSERTS           FALSE
#define CH_DBG_TRACE_MASK               CH_DBG_TRACE_MASK_DISABLED
#define CH_DBG_TRACE_BUFFER_SIZE        128
#define CH_DBG_ENABLE_STACK_CHECK       FALSE
#define CH_DBG_FILL_THREADS             FALSE
#define CH_DBG_THREADS_PROFILING        FALSE
/* --- Hooks ------------------------------------------------------------------------------ */
#define CH_CFG_SYSTEM_EXTRA_FIELDS
#define CH_CFG_SYSTEM_INIT_HOOK() do { } while (0)
#define CH_CFG_OS_INSTANCE_EXTRA_FIELDS
#define CH_CFG_OS_INSTANCE_INIT_HOOK(oip) do { (void)(oip); } while (0)
/* The harness task (os_task_t) a thread runs, for os_suspend_self. */
#define CH_CFG_THREAD_EXTRA_FIELDS      void *vb_task;
#define CH_CFG_THREAD_INIT_HOOK(tp)     do { (tp)->vb_task = NULL; } while (0)
#define CH_CFG_THREAD_EXIT_HOOK(tp)     do { (void)(tp); } while (0)
#define CH_CFG_CONTEXT_SWITCH_HOOK(ntp, otp) do { (void)(ntp); (void)(otp); } while (0)
#define CH_CFG_IRQ_PROLOGUE_HOOK()      do { } while (0)
#define CH_CFG_IRQ_EPILOGUE_HOOK()      do { } while (0)
#define CH_CFG_IDLE_ENTER_HOOK()        do { } while (0)
#define CH_CFG_IDLE_LEAVE_HOOK()        do { } while (0)
#define CH_CFG_IDLE_LOOP_HOOK()         do { } while (0)
#define CH_CFG_SYSTEM_TICK_HOOK()       do { } while (0)
#define CH_CFG_SYSTEM_HALT_HOOK(reason) do { osal_chibios_halt(reason); } while (0)
#define CH_CFG_TRACE_HOOK(tep)          do { (void)(tep); } while (0)
#define CH_CFG_RUNTIME_FAULTS_HOOK(mask) do { (void)(mask); } while (0)

#if !defined(_FROM_ASM_)
/* osal_chibios.c: prints the reason and ends the run. */
void osal_chibios_halt(const char *reason);
#endif

#endif /* CHCONF_H */
