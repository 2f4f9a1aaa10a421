/* SPDX-License-Identifier: MIT */
/*
 * mps2_an505 (QEMU's mps2-an505: Arm MPS2+ board, AN505 image, the IoTKit
 * subsystem around a Cortex-M33) register map: base addresses and
 * interrupt lines, as QEMU 7.2 maps the machine ("info mtree"), which
 * follows the AN505 application note. VAIOS runs secure-only: every
 * peripheral is reached through its secure alias (0x5xxxxxxx, the
 * non-secure address with bit 28 set); the IoTKit's and the FPGA's
 * peripheral protection controllers reset with every port secure, so
 * secure code needs nothing configured, but they also reset with every
 * port closed to unprivileged code: the FPGA I/O block, whose counter an
 * unprivileged task reads (board_cycles), is opened at start-up (below,
 * ppc.c). The blocks' registers, the 25 MHz clock
 * every counter used here counts (the FPGA counter, the time base, and
 * the IoTKit's timers alike, as QEMU 7.2 clocks them) and the raw time
 * base are boards/include/mps2_regs.h's, shared with the an500.
 */
#ifndef BOARD_REGS_H
#define BOARD_REGS_H

/* CMSDK APB timers and dual timer of the IoTKit, secure aliases (the
 * layout: mps2_regs.h). */
#define TIMER0_BASE    0x50000000u   /* kernel alarm */
#define TIMER1_BASE    0x50001000u   /* test interrupt source 0 */
#define DUALTIMER_BASE 0x50002000u   /* its first counter: test interrupt source 1 */

/* FPGA system control and I/O block (secure alias of 0x40302000): its
 * counter is the time base. */
#define FPGAIO_BASE     0x50302000u

/* The SSE-200's Secure Access Configuration register block (Arm CoreLink
 * SSE-200 Subsystem TRM, "Secure Access Configuration Register Block";
 * secure privileged access only). APBSPPPCEXP2 is the "secure
 * unprivileged access" enable of the ports of the expansion APB PPC 2,
 * one bit per port; the AN505 image puts its FPGA system control block
 * (port 0), I2S (port 1) and FPGA I/O block (port 2) behind that PPC
 * (AN505, "APB PPC EXP 2"; QEMU 7.2: hw/arm/mps2-tz.c, "apb_ppcexp2").
 * A port left 0 there blocks an unprivileged access: with SECRESPCFG at
 * its reset 0 the block reads as zero and ignores writes, no fault
 * (QEMU 7.2: hw/misc/tz-ppc.c). */
#define SACFG_BASE             0x50080000u
#define SACFG_APBSPPPCEXP2     0x0C8u
#define APBPPCEXP2_PORT_FPGAIO (1u << 2)

/* board_reset_late is ppc.c's (boards/include/mps2_regs.h). */
#define BOARD_RESET_LATE_DEFINED 1

#define IRQ_TIMER0     3
#define IRQ_TIMER1     4
#define IRQ_DUALTIMER  5
/* Software lines: positions the IoTKit reserves (no device raises them),
 * pended through the NVIC only. */
#define IRQ_SWI0      20
#define IRQ_SWI1      21
#define IRQ_SWI0_LINE RES20
#define IRQ_SWI1_LINE RES21
/* Direct software interrupts (board.h, BOARD_SWI_DIRECT_HANDLER). */
#define IRQ_SWID0     22
#define IRQ_SWID1     23
#define IRQ_SWID2     24
#define IRQ_SWID3     25
#define IRQ_SWID0_LINE RES22
#define IRQ_SWID1_LINE RES23
#define IRQ_SWID2_LINE RES24
#define IRQ_SWID3_LINE RES25

/* The first 48 lines of the AN505 image: the IoTKit's 32 (its watchdog,
 * timers, and security controllers' lines; the rest reserved, named
 * RESnn so that the software lines can use them) and the first 16 of the
 * FPGA's expansion lines (the UARTs' receive, transmit, combined and
 * overflow lines, unused here), under the names of their handlers
 * (boards/include/stm32f4_vectors.h builds the table from it). */
#define AN505_IRQ_COUNT 48
#define AN505_IRQS(X, R) \
    X(0, NS_WATCHDOG_RESET) X(1, NS_WATCHDOG) X(2, S32K_TIMER) X(3, TIMER0) \
    X(4, TIMER1) X(5, DUALTIMER) R(6) R(7) R(8) X(9, MPC) X(10, PPC) X(11, MSC) \
    X(12, BRIDGE_ERROR) R(13) R(14) R(15) R(16) R(17) R(18) R(19) X(20, RES20) \
    X(21, RES21) X(22, RES22) X(23, RES23) X(24, RES24) X(25, RES25) R(26) R(27) \
    R(28) R(29) R(30) R(31) X(32, UART0RX) X(33, UART0TX) X(34, UART1RX) \
    X(35, UART1TX) X(36, UART2RX) X(37, UART2TX) X(38, UART3RX) X(39, UART3TX) \
    X(40, UART4RX) X(41, UART4TX) X(42, UART0) X(43, UART1) X(44, UART2) \
    X(45, UART3) X(46, UART4) X(47, UART_OVF)
#define BOARD_IRQS  AN505_IRQS
#define IRQ_COUNT   AN505_IRQ_COUNT

#include "mps2_regs.h"

#define BOARD_NAME       "mps2_an505"

/* arch_time_lo (arch/port.h): the low word of arch_now() is the FPGA
 * counter itself, so the symbol is that register's address (as a number
 * and as the assembler's text; boards/common/cmsdk_timebase.c). */
#define BOARD_TIME_LO_ADDR 0x50302018u
#define BOARD_TIME_LO_ASM  "0x50302018"

#endif /* BOARD_REGS_H */
