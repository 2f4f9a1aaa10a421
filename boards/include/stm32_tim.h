/* SPDX-License-Identifier: MIT */
/*
 * The STM32 general-purpose timers' registers (TIM2..TIM5), one layout on
 * the F4 (RM0368/RM0090) and the H7 (RM0433): offsets from a timer's base
 * and the bits the silicon boards' drivers use (boards/common's TIM2 time
 * driver and TIM3/TIM4 test interrupts). A board's board_regs.h includes
 * it and gives the timers' base addresses.
 */
#ifndef BOARD_STM32_TIM_H
#define BOARD_STM32_TIM_H

#define TIM_CR1      0x00u
#define TIM_DIER     0x0Cu
#define TIM_SR       0x10u
#define TIM_EGR      0x14u
#define TIM_CCMR1    0x18u
#define TIM_CCER     0x20u
#define TIM_CNT      0x24u
#define TIM_PSC      0x28u
#define TIM_ARR      0x2Cu
#define TIM_CCR1     0x34u

#define TIM_CR1_CEN    (1u << 0)
#define TIM_CR1_URS    (1u << 2)   /* only overflow raises UIF, not a UG write */
#define TIM_DIER_UIE   (1u << 0)
#define TIM_DIER_CC1IE (1u << 1)
#define TIM_SR_UIF     (1u << 0)
#define TIM_SR_CC1IF   (1u << 1)   /* SR bits are cleared by writing 0 */
#define TIM_EGR_UG     (1u << 0)
#define TIM16_MAX_COUNT 0x10000u   /* TIM3/TIM4: 16-bit ARR and PSC */

/* Debug freeze bits of TIM2..TIM4 in the DBGMCU register that holds them
 * (DBGMCU_APB1_FZ: its offset is the board's). */
#define DBGMCU_TIM2_STOP    (1u << 0)
#define DBGMCU_TIM3_STOP    (1u << 1)
#define DBGMCU_TIM4_STOP    (1u << 2)

#endif /* BOARD_STM32_TIM_H */
