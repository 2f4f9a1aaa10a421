/* SPDX-License-Identifier: MIT */
/*
 * What QEMU's two MPS2 boards (mps2_an500, mps2_an505) share, included at
 * the end of their board_regs.h, which gives the blocks' base addresses
 * (TIMER0_BASE, TIMER1_BASE, DUALTIMER_BASE, FPGAIO_BASE), the interrupt
 * lines and the board's name: the register layout of the CMSDK timers and
 * of the FPGA I/O block's counter, the 25 MHz clock they all count and
 * the unit of every figure it gives, the raw time base board_cycles(),
 * the start-up hooks and the buffers' size.
 *
 * Under -icount shift=0 one count of 25 MHz is 40 instructions (40 ns of
 * virtual time): a figure read from these counters is quantised to 40
 * instructions, never exact.
 */
#ifndef BOARD_MPS2_REGS_H
#define BOARD_MPS2_REGS_H

#include <stdint.h>

#define BOARD_SYSCLK_HZ 25000000u

/* CMSDK APB timers (registers from the timer's base): 32-bit
 * down-counters; at 0 they raise their interrupt (when enabled) and
 * reload. */
#define TIMER_CTRL    0x00u
#define TIMER_VALUE   0x04u
#define TIMER_RELOAD  0x08u
#define TIMER_INTCLR  0x0Cu         /* write 1: clear; read: status */
#define TIMER_CTRL_EN  (1u << 0)
#define TIMER_CTRL_IRQ (1u << 3)

/* CMSDK APB dual timer, its first counter (registers from its base). */
#define DT_LOAD       0x00u
#define DT_VALUE      0x04u
#define DT_CONTROL    0x08u
#define DT_INTCLR     0x0Cu
#define DT_BGLOAD     0x18u         /* the reload value, without loading the count */
#define DT_CTRL_32BIT    (1u << 1)
#define DT_CTRL_IRQ      (1u << 5)
#define DT_CTRL_PERIODIC (1u << 6)
#define DT_CTRL_EN       (1u << 7)

/* FPGA I/O block (registers from its base): COUNTER counts up once per
 * PRESCALE + 1 cycles of the 25 MHz clock; with PRESCALE = 0 it is a
 * free-running 32-bit up-counter at 25 MHz (the time base: its register
 * is arch_time_lo). */
#define FPGAIO_COUNTER  0x18u
#define FPGAIO_PRESCALE 0x1Cu

#define REG32(addr) (*(volatile uint32_t *)(addr))

/* The unit of every figure: one count of the 25 MHz counter. */
#define BOARD_CYCLE_UNIT "tick40"

/* Start-up hooks of boards/common/startup.c: nothing to bring up early
 * (QEMU models no clock tree; semihosting needs no set-up). The an505
 * (BOARD_RESET_LATE_DEFINED) opens the FPGA I/O block to unprivileged
 * reads in its own board_reset_late (boards/mps2_an505/ppc.c); the an500
 * has no protection controllers. The time base is started by
 * arch_time_init / board_counter_start. */
static inline void board_reset_early(void) {}
#ifdef BOARD_RESET_LATE_DEFINED
void board_reset_late(void);
#else
static inline void board_reset_late(void) {}
#endif

/* The benchmark and tests size their buffers as on netduinoplus2, so
 * that the workloads are the same on every board. */
#define BOARD_RAM_SIZE (128u * 1024u)

/* Raw time base, for measurement windows: one load. */
static inline uint32_t board_cycles(void)
{
    return REG32(FPGAIO_BASE + FPGAIO_COUNTER);
}

/* The counter an unprivileged task reads (board.h): board_cycles()'s own,
 * the FPGA I/O block's counter, in the block its domain maps (one MPU
 * region; on the an505 also opened to unprivileged access by its
 * peripheral protection controller, ppc.c). */
#define BOARD_USER_CYCLES_REG             (FPGAIO_BASE + FPGAIO_COUNTER)
#define BOARD_USER_CYCLES_BLOCK           FPGAIO_BASE
#define BOARD_USER_CYCLES_BLOCK_SIZE      1024u
#define BOARD_USER_CYCLES_IS_BOARD_CYCLES 1

#endif /* BOARD_MPS2_REGS_H */
