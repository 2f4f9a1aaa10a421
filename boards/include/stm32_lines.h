/* SPDX-License-Identifier: MIT */
/*
 * The interrupt lines the STM32 silicon boards use that stand at the same
 * position in the F401's (RM0368) and the H743's (RM0433) vector tables:
 * the timers of boards/common's time driver and test interrupts, and the
 * software lines on peripherals these boards never clock. A board's
 * board_regs.h includes it and adds its own IRQ_SWID2 and IRQ_SWID3.
 */
#ifndef BOARD_STM32_LINES_H
#define BOARD_STM32_LINES_H

#define IRQ_TIM2    28
#define IRQ_TIM3    29
#define IRQ_TIM4    30
#define IRQ_SWI0    72   /* I2C3 event: I2C3 is never clocked here, free for software pends */
#define IRQ_SWI1    73   /* I2C3 error */
#define IRQ_SWI0_LINE I2C3_EV   /* their names: the vectors swi.c defines */
#define IRQ_SWI1_LINE I2C3_ER
/* Direct software interrupts (board.h, BOARD_SWI_DIRECT_HANDLER): the
 * first two on I2C2, never clocked here. */
#define IRQ_SWID0   33
#define IRQ_SWID1   34
#define IRQ_SWID0_LINE I2C2_EV
#define IRQ_SWID1_LINE I2C2_ER

#endif /* BOARD_STM32_LINES_H */
