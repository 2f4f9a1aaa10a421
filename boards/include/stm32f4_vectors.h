/* SPDX-License-Identifier: MIT */
/*
 * STM32F4 vector table shared by the boards: the core exceptions, the
 * kernel's (PendSV, SVC), and one weak handler per IRQ line that a board or
 * application overrides by defining IRQ<n>_Handler... Only the lines the
 * boards use have names; the others go to Default_Handler.
 */
#ifndef BOARD_STM32F4_VECTORS_H
#define BOARD_STM32F4_VECTORS_H
void Reset_Handler(void);
void Default_Handler(void);
void HardFault_Handler(void);
void NMI_Handler(void);
void MemManage_Handler(void);
void BusFault_Handler(void);
void UsageFault_Handler(void);
void DebugMon_Handler(void);
void SysTick_Handler(void);
void PendSV_Handler(void);
void SVC_Handler(void);
void TIM2_IRQHandler(void);
void TIM3_IRQHandler(void);
void TIM4_IRQHandler(void);
void TIM5_IRQHandler(void);
void SWI0_IRQHandler(void);
void SWI1_IRQHandler(void);
#endif
