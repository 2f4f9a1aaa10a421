/* SPDX-License-Identifier: MIT */
/*
 * mps2_an500 (QEMU's mps2-an500: Arm MPS2 board, AN500 image, Cortex-M7)
 * register map: base addresses and interrupt lines, as QEMU 7.2 maps the
 * machine ("info mtree"), which follows the AN500 application note. The
 * blocks' registers, the 25 MHz clock every counter here counts and the
 * raw time base are boards/include/mps2_regs.h's, shared with the an505.
 */
#ifndef BOARD_REGS_H
#define BOARD_REGS_H

/* CMSDK APB timers and dual timer (the layout: mps2_regs.h). */
#define TIMER0_BASE    0x40000000u   /* kernel alarm */
#define TIMER1_BASE    0x40001000u   /* test interrupt source 0 */
#define DUALTIMER_BASE 0x40002000u   /* its first counter: test interrupt source 1 */

/* FPGA I/O block: its counter is the time base. */
#define FPGAIO_BASE     0x40028000u

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

#include "mps2_regs.h"

#define BOARD_NAME       "mps2_an500"

/* arch_time_lo (arch/port.h): the low word of arch_now() is the FPGA
 * counter itself, so the symbol is that register's address (as a number
 * and as the assembler's text; boards/common/cmsdk_timebase.c). */
#define BOARD_TIME_LO_ADDR 0x40028018u
#define BOARD_TIME_LO_ASM  "0x40028018"

#endif /* BOARD_REGS_H */
