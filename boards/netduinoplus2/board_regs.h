/* SPDX-License-Identifier: MIT */
/*
 * netduinoplus2 (QEMU STM32F405) register map and the raw time base.
 * TIM2 counts at 1 GHz of virtual time: under -icount shift=0 one count is
 * exactly one instruction.
 */
#ifndef BOARD_REGS_H
#define BOARD_REGS_H

#include <stdint.h>

#define TIM2_BASE   0x40000000u   /* time base, 32-bit free-running */
#define TIM3_BASE   0x40000400u   /* test interrupt source 0 */
#define TIM4_BASE   0x40000800u   /* test interrupt source 1 */
#define TIM5_BASE   0x40000C00u   /* kernel alarm */
#define TIM_CR1     0x00u
#define TIM_DIER    0x0Cu
#define TIM_SR      0x10u
#define TIM_CNT     0x24u
#define TIM_PSC     0x28u
#define TIM_ARR     0x2Cu
#define TIM_CR1_CEN  0x1u
#define TIM_DIER_UIE 0x1u

#define IRQ_TIM2    28
#define IRQ_TIM3    29
#define IRQ_TIM4    30
#define IRQ_TIM5    50
#define IRQ_SWI0    52   /* UART4: not modelled as a source here, free for software pends */
#define IRQ_SWI1    53   /* UART5 */
#define IRQ_SWI0_LINE UART4   /* their names: the vectors swi.c defines */
#define IRQ_SWI1_LINE UART5
/* Direct software interrupts (board.h, BOARD_SWI_DIRECT_HANDLER): the CAN1
 * lines, which the emulated chip does not model. */
#define IRQ_SWID0   19
#define IRQ_SWID1   20
#define IRQ_SWID2   21
#define IRQ_SWID3   22
#define IRQ_SWID0_LINE CAN1_TX
#define IRQ_SWID1_LINE CAN1_RX0
#define IRQ_SWID2_LINE CAN1_RX1
#define IRQ_SWID3_LINE CAN1_SCE

/* Every line's handler name (boards/include/stm32f4_vectors.h). */
#include "stm32f405_irqs.h"
#define BOARD_IRQS  STM32F405_IRQS
#define IRQ_COUNT   STM32F405_IRQ_COUNT

#define REG32(addr) (*(volatile uint32_t *)(addr))

#define BOARD_NAME       "netduinoplus2"
#define BOARD_CYCLE_UNIT "insn"

/* Start-up hooks of boards/common/startup.c: nothing to bring up (QEMU
 * models no clock tree; semihosting needs no set-up). */
static inline void board_reset_early(void) {}
static inline void board_reset_late(void) {}

#define BOARD_RAM_SIZE (128u * 1024u)  /* SRAM, for sizing test and bench buffers */

/* Raw time base, for measurement windows: one load. */
static inline uint32_t board_cycles(void)
{
    return REG32(TIM2_BASE + TIM_CNT);
}

/* The counter an unprivileged task reads (board.h): board_cycles()'s own,
 * TIM2's counter, in the block its domain maps (one MPU region). */
#define BOARD_USER_CYCLES_REG             (TIM2_BASE + TIM_CNT)
#define BOARD_USER_CYCLES_BLOCK           TIM2_BASE
#define BOARD_USER_CYCLES_BLOCK_SIZE      1024u
#define BOARD_USER_CYCLES_IS_BOARD_CYCLES 1

#endif /* BOARD_REGS_H */
