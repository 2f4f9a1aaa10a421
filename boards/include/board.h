/* SPDX-License-Identifier: MIT */
/*
 * The board interface used by applications, tests and the benchmark
 * (never by the kernel, which sees the board only through the port
 * contract's time functions). Each board under boards/ implements it.
 */
#ifndef VAIOS_BOARD_H
#define VAIOS_BOARD_H

#include <stdint.h>
#include <stdarg.h>
#include "board_regs.h"   /* the board's own: board_cycles() and constants */

/* Name of the board and unit of board_cycles() ("insn" on the emulator,
 * "cycles" on hardware). */
extern const char board_name[];
extern const char board_cycle_unit[];

/* Frequency of board_cycles(). */
#define BOARD_CYCLES_HZ VOS_CFG_CLOCK_HZ

/* The time base of code that runs unprivileged and times itself (the
 * benchmark's MPU family, bench/mpu.c; test_mpu_domain): a counter an
 * unprivileged load may read, which every Cortex-M board's board_regs.h
 * names:
 *   BOARD_USER_CYCLES_REG      the address of a free-running 32-bit
 *                              up-counter (one load; board_user_cycles()
 *                              below reads it)
 *   BOARD_USER_CYCLES_BLOCK, BOARD_USER_CYCLES_BLOCK_SIZE
 *                              the block holding it, one MPU region: the
 *                              domain of a task that times itself maps it
 *                              device, read-only (VOS_MEM_READ |
 *                              VOS_MEM_DEVICE), so no task can disturb it
 *   BOARD_USER_CYCLES_IS_BOARD_CYCLES
 *                              1 where that counter is board_cycles()'s own
 *                              (the same register): the harness then uses
 *                              its calibration (vb_overhead) unchanged
 *   BOARD_USER_CYCLE_UNIT      only where its unit is not BOARD_CYCLE_UNIT:
 *                              the unit of its differences (a counter slower
 *                              than the core clock: "tickNcycles", N core
 *                              cycles a count, tools/resolution.py)
 * Every read of a window timed with it, at either end, privileged or not,
 * is board_user_cycles(): one counter, one rate, one origin. It cannot be
 * DWT CYCCNT, the silicon boards' board_cycles(): the private peripheral
 * bus (0xE0000000-0xE00FFFFF) is privileged-only but for the few
 * registers the architecture names (the ITM's stimulus ports; STIR with
 * CCR.USERSETMPEND), none of them a counter, and answers any other
 * unprivileged load with a BusFault, whatever the MPU says (Armv7-M and
 * Armv8-M Architecture Reference Manuals, the system address map). The
 * checks below fail the build of a board that names no such counter, or
 * one in that bus. */
#if defined(__arm__)
#if !defined(BOARD_USER_CYCLES_REG) || !defined(BOARD_USER_CYCLES_BLOCK) || \
    !defined(BOARD_USER_CYCLES_BLOCK_SIZE) || !defined(BOARD_USER_CYCLES_IS_BOARD_CYCLES)
#error "board_regs.h names no counter an unprivileged task may read (BOARD_USER_CYCLES_*: board.h)"
#else
#define BOARD_PPB_BASE 0xE0000000u   /* private peripheral bus: privileged only */
#define BOARD_PPB_END  0xE0100000u
_Static_assert(BOARD_USER_CYCLES_REG >= BOARD_USER_CYCLES_BLOCK &&
               BOARD_USER_CYCLES_REG - BOARD_USER_CYCLES_BLOCK <= BOARD_USER_CYCLES_BLOCK_SIZE - 4u,
               "BOARD_USER_CYCLES_REG lies in BOARD_USER_CYCLES_BLOCK");
_Static_assert(BOARD_USER_CYCLES_BLOCK >= BOARD_PPB_END ||
               (BOARD_USER_CYCLES_BLOCK < BOARD_PPB_BASE &&
                BOARD_USER_CYCLES_BLOCK_SIZE <= BOARD_PPB_BASE - BOARD_USER_CYCLES_BLOCK),
               "the unprivileged counter's block is outside the private peripheral bus, "
               "which no unprivileged load reaches");

/* One load of the unprivileged-readable counter. Any context, any
 * privilege, once the caller's domain maps BOARD_USER_CYCLES_BLOCK. */
static inline uint32_t board_user_cycles(void)
{
    return *(volatile uint32_t *)BOARD_USER_CYCLES_REG;
}

/* The unit of board_user_cycles()'s differences. */
#ifdef BOARD_USER_CYCLE_UNIT
extern const char board_user_cycle_unit[];   /* boards/common/board_id.c */
#else
#define board_user_cycle_unit board_cycle_unit
#endif
#endif /* BOARD_USER_CYCLES_* named */
#endif /* __arm__ */

/* Write a NUL-terminated string to the console. Any context, but it is
 * slow: never inside a measurement window. */
void board_console_write(const char *s);

/* Write s and a line end: a line writer for vos_trace_emit, whose lines
 * carry none (vos_trace_emit(board_console_line) writes a dump the trace
 * tool reads). Any context where board_console_write may be called
 * (boards/common/printf.c). */
void board_console_line(const char *s);

/* Start board_cycles() for a kernel that does not use the board's time
 * driver (VAIOS's timebase.c starts it, with its wrap interrupt): the
 * FreeRTOS and CMSIS-RTOS2 backends call it before the scheduler starts.
 * Under another kernel's start-up (vaios_board_services alone) it also
 * brings up what the services need that this board's reset would have
 * (the Nucleo: clock and console). No interrupt; thread context, once. */
void board_counter_start(void);

/* Formatted print on the console (boards/common/printf.c): %d %u %x %s %c
 * %p with l/ll, width, 0 and - flags. Same context rules as above. Needs
 * at most BOARD_PRINTF_STACK bytes of the caller's stack, its stacked
 * arguments included (a 96-byte buffer and the frames of the formatting;
 * tests/target/test_stack.c measures it with a dozen arguments), so a
 * task that prints needs that much room below its own frames. A print of
 * up to 95 characters is one console write; a longer one is several,
 * which another task's print may come between. */
#define BOARD_PRINTF_STACK 416
int board_vprintf(const char *fmt, va_list ap);
int board_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* End the run with an exit status (the emulator exits with it; a real
 * board prints it and stops). */
void board_exit(int status) __attribute__((noreturn));

/* Reset the whole system (SCB AIRCR SYSRESETREQ): the processor restarts
 * at Reset_Handler; RAM keeps its contents (the fault record's no-init
 * section survives; .data and .bss are initialised again). */
void board_reset(void) __attribute__((noreturn));

/* Print the stored fault record (vaios/fault.h), if there is one, on the
 * console; the record stays stored. Called by the start-up with
 * VOS_CFG_FAULT_RECORD before main(); an application may call it too. */
void board_fault_record_print(void);

/* Test interrupt sources: n = 0 or 1, two hardware timers distinct from
 * the kernel's time base and alarm. start() makes handler run every
 * period cycles at NVIC priority prio (0x00 most urgent .. 0xF0), from
 * about `period` cycles after the call; stop() disables it; pend() raises
 * the interrupt once now (software trigger). start: thread context; stop
 * and pend: any context (a handler may stop its own source). */
void board_irq_start(int n, uint32_t period, uint8_t prio, void (*handler)(void));
void board_irq_stop(int n);
void board_irq_pend(int n);

/* Timing of test source n's events, for the interrupt-latency metrics
 * (docs/benchmark.md). In source n's handler (or a task it woke, before
 * its next event): board_irq_entry(n) is the board_cycles() value read by
 * the first statement of the board's handler for the event being
 * handled, and board_irq_due(n) the exact board_cycles() value at which
 * that timer event was due. Undefined after board_irq_pend(n). The STM32
 * boards implement them (exact on the emulated board); the Linux board,
 * whose benchmark has no interrupt metrics, does not. */
uint32_t board_irq_entry(int n);
uint32_t board_irq_due(int n);

/* An interrupt line of the board that no peripheral uses, for
 * software-triggered interrupts (n = 0, 1). */
void board_swi_init(int n, uint8_t prio, void (*handler)(void));
void board_swi_pend(int n);

/* Direct software interrupts (n = 0 .. 3; the Cortex-M boards, whose
 * board_regs.h names the lines IRQ_SWID0 .. IRQ_SWID3): four more lines no
 * peripheral raises, whose vector is the application's own function,
 * named BOARD_SWI_DIRECT_HANDLER(n) (UART4-style vector names: CAN1_TX_IRQHandler
 * for n = 0 on the F405 board). Nothing stands between the vector and that
 * function (no registration, no stub, no call through a pointer), and
 * BOARD_SWI_DIRECT_RAISE(n) is one store to the NVIC's software trigger
 * register (STIR), so a synchronous software interrupt costs what the
 * hardware makes it cost: Thread-Metric's TM_CAUSE_INTERRUPT
 * (bench/threadmetric.c). board_swi_direct_init(n, prio) sets the line's
 * priority and enables it; a line whose function nobody defines runs the
 * default handler (it names the function to define). The raise needs
 * privileged code (STIR from unprivileged code needs CCR.USERSETMPEND);
 * follow it with board_barrier() to make the handler run before the next
 * statement. */
#if defined(IRQ_SWID0)
void board_swi_direct_init(int n, uint8_t prio);
#define BOARD_NVIC_STIR 0xE000EF00u          /* software trigger interrupt register */
#define BOARD_SWI_DIRECT_RAISE(n) \
    (*(volatile uint32_t *)BOARD_NVIC_STIR = (uint32_t)(IRQ_SWID##n))
#define BOARD_SWI_DIRECT_NAME_(line) line##_IRQHandler
#define BOARD_SWI_DIRECT_NAME(line) BOARD_SWI_DIRECT_NAME_(line)
#define BOARD_SWI_DIRECT_HANDLER(n) BOARD_SWI_DIRECT_NAME(IRQ_SWID##n##_LINE)
void BOARD_SWI_DIRECT_HANDLER(0)(void);
void BOARD_SWI_DIRECT_HANDLER(1)(void);
void BOARD_SWI_DIRECT_HANDLER(2)(void);
void BOARD_SWI_DIRECT_HANDLER(3)(void);
#endif

/* Complete every memory access and refetch the instruction stream, so
 * that an interrupt pended just before takes effect before the next
 * statement (a synchronous software interrupt). Any context. */
static inline void board_barrier(void)
{
#if defined(__arm__)
    __asm__ volatile("dsb\n\tisb" ::: "memory");
#else
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
#endif
}

/* Duration of the kernel's timer (alarm) interrupt handler, first to last
 * instruction, as the board measures it: the worst seen and how many ran.
 * The benchmark resets it before a run (tick_isr metric). */
struct board_alarm_stats {
    uint32_t max;
    uint32_t count;
};
extern struct board_alarm_stats board_alarm_stats;

/* For the board's alarm handler, as its last statement: one run that began
 * at t0 (a board_cycles() read at its first instruction) ends now. */
static inline void board_alarm_stats_record(uint32_t t0)
{
    uint32_t d = board_cycles() - t0;
    if (d > board_alarm_stats.max)
        board_alarm_stats.max = d;
    board_alarm_stats.count++;
}

#endif /* VAIOS_BOARD_H */
