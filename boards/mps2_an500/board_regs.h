/* SPDX-License-Identifier: MIT */
/*
 * mps2_an500 (QEMU's mps2-an500: Arm MPS2 board, AN500 image, Cortex-M7)
 * register map and the raw time base. Addresses as QEMU 7.2 maps the
 * machine ("info mtree"), which follows the AN500 application note.
 *
 * Every counter here counts the 25 MHz SYSCLK. Under -icount shift=0 one
 * count is 40 instructions (40 ns of virtual time): a figure read from
 * these counters is quantised to 40 instructions, never exact.
 */
#ifndef BOARD_REGS_H
#define BOARD_REGS_H

#include <stdint.h>

#define BOARD_SYSCLK_HZ 25000000u

/* CMSDK APB timers: 32-bit down-counters; at 0 they raise their interrupt
 * (when enabled) and reload. */
#define TIMER0_BASE   0x40000000u   /* kernel alarm */
#define TIMER1_BASE   0x40001000u   /* test interrupt source 0 */
#define TIMER_CTRL    0x00u
#define TIMER_VALUE   0x04u
#define TIMER_RELOAD  0x08u
#define TIMER_INTCLR  0x0Cu         /* write 1: clear; read: status */
#define TIMER_CTRL_EN  (1u << 0)
#define TIMER_CTRL_IRQ (1u << 3)

/* CMSDK APB dual timer, its first counter: test interrupt source 1. */
#define DUALTIMER_BASE 0x40002000u
#define DT_LOAD       0x00u
#define DT_VALUE      0x04u
#define DT_CONTROL    0x08u
#define DT_INTCLR     0x0Cu
#define DT_CTRL_32BIT    (1u << 1)
#define DT_CTRL_IRQ      (1u << 5)
#define DT_CTRL_PERIODIC (1u << 6)
#define DT_CTRL_EN       (1u << 7)

/* FPGA I/O block: COUNTER counts up once per PRESCALE + 1 SYSCLK cycles;
 * with PRESCALE = 0 it is a free-running 32-bit up-counter at 25 MHz (the
 * time base: its register is arch_time_lo). */
#define FPGAIO_BASE     0x40028000u
#define FPGAIO_COUNTER  0x18u
#define FPGAIO_PRESCALE 0x1Cu

#define IRQ_TIMER0     8
#define IRQ_TIMER1     9
#define IRQ_DUALTIMER 10
#define IRQ_SWI0      30   /* GPIO0 pin lines: QEMU models no GPIO interrupt, */
#define IRQ_SWI1      31   /* free for software pends */
#define IRQ_SWI0_LINE PORT0_6
#define IRQ_SWI1_LINE PORT0_7
/* Direct software interrupts (board.h, BOARD_SWI_DIRECT_HANDLER): GPIO0's
 * pin lines 2 .. 5, which no modelled device raises either; the NVIC's
 * STIR and ISPR pend them like any other line. */
#define IRQ_SWID0     26
#define IRQ_SWID1     27
#define IRQ_SWID2     28
#define IRQ_SWID3     29
#define IRQ_SWID0_LINE PORT0_2
#define IRQ_SWID1_LINE PORT0_3
#define IRQ_SWID2_LINE PORT0_4
#define IRQ_SWID3_LINE PORT0_5

/* The 32 device lines of the MPS2 Cortex-M images (AN385's list, which
 * QEMU 7.2 wires the same way for the AN500), under the names of their
 * handlers (boards/include/stm32f4_vectors.h builds the table from it). */
#define MPS2_IRQ_COUNT 32
#define MPS2_IRQS(X, R) \
    X(0, UART0RX) X(1, UART0TX) X(2, UART1RX) X(3, UART1TX) X(4, UART2RX) \
    X(5, UART2TX) X(6, PORT0_ALL) X(7, PORT1_ALL) X(8, TIMER0) X(9, TIMER1) \
    X(10, DUALTIMER) X(11, SPI) X(12, UART_OVF) X(13, ETHERNET) X(14, I2S) \
    X(15, TSC) X(16, PORT2_ALL) X(17, PORT3_ALL) X(18, UART3RX) X(19, UART3TX) \
    X(20, UART4RX) X(21, UART4TX) X(22, SPI2) X(23, SPI3_4) X(24, PORT0_0) \
    X(25, PORT0_1) X(26, PORT0_2) X(27, PORT0_3) X(28, PORT0_4) X(29, PORT0_5) \
    X(30, PORT0_6) X(31, PORT0_7)
#define BOARD_IRQS  MPS2_IRQS
#define IRQ_COUNT   MPS2_IRQ_COUNT

#define REG32(addr) (*(volatile uint32_t *)(addr))

#define BOARD_NAME       "mps2_an500"
/* The unit of every figure: one count of a 25 MHz counter, which is 40
 * instructions under -icount shift=0. */
#define BOARD_CYCLE_UNIT "tick40"

/* Start-up hooks of boards/common/startup.c: nothing to bring up (QEMU
 * models no clock tree; semihosting needs no set-up). The time base is
 * started by arch_time_init / board_counter_start. */
static inline void board_reset_early(void) {}
static inline void board_reset_late(void) {}

/* The benchmark and tests size their buffers as on netduinoplus2 (the
 * machine has 4 MB), so that the workloads are the same on both. */
#define BOARD_RAM_SIZE (128u * 1024u)

/* Raw time base, for measurement windows: one load. */
static inline uint32_t board_cycles(void)
{
    return REG32(FPGAIO_BASE + FPGAIO_COUNTER);
}

/* arch_time_lo (arch/port.h): the low word of arch_now() is the FPGA
 * counter itself, so the symbol is that register's address (as a number
 * and as the assembler's text; boards/common/cmsdk_timebase.c). */
#define BOARD_TIME_LO_ADDR 0x40028018u
#define BOARD_TIME_LO_ASM  "0x40028018"

#endif /* BOARD_REGS_H */
