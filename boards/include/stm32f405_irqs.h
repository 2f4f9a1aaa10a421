/* SPDX-License-Identifier: MIT */
/*
 * The device interrupt lines of the STM32F405/F415 (positions 0..81 of the
 * vector table after the 16 core exceptions), written from the reference
 * manual's vector table (RM0090). One entry per position, in order:
 *   X(n, NAME)  line n, served by NAME_IRQHandler (the CMSIS-device name)
 *   R(n)        position n reserved on this part (no peripheral)
 * boards/common/startup.c builds the vector table from it and checks at
 * compile time that every entry sits at its position; a board's
 * board_regs.h selects it with #define BOARD_IRQS STM32F405_IRQS.
 */
#ifndef BOARD_STM32F405_IRQS_H
#define BOARD_STM32F405_IRQS_H

#define STM32F405_IRQ_COUNT 82

#define STM32F405_IRQS(X, R) \
    X(0, WWDG) X(1, PVD) X(2, TAMP_STAMP) X(3, RTC_WKUP) X(4, FLASH) \
    X(5, RCC) X(6, EXTI0) X(7, EXTI1) X(8, EXTI2) X(9, EXTI3) \
    X(10, EXTI4) X(11, DMA1_Stream0) X(12, DMA1_Stream1) X(13, DMA1_Stream2) \
    X(14, DMA1_Stream3) X(15, DMA1_Stream4) X(16, DMA1_Stream5) \
    X(17, DMA1_Stream6) X(18, ADC) X(19, CAN1_TX) X(20, CAN1_RX0) \
    X(21, CAN1_RX1) X(22, CAN1_SCE) X(23, EXTI9_5) X(24, TIM1_BRK_TIM9) \
    X(25, TIM1_UP_TIM10) X(26, TIM1_TRG_COM_TIM11) X(27, TIM1_CC) \
    X(28, TIM2) X(29, TIM3) X(30, TIM4) X(31, I2C1_EV) X(32, I2C1_ER) \
    X(33, I2C2_EV) X(34, I2C2_ER) X(35, SPI1) X(36, SPI2) X(37, USART1) \
    X(38, USART2) X(39, USART3) X(40, EXTI15_10) X(41, RTC_Alarm) \
    X(42, OTG_FS_WKUP) X(43, TIM8_BRK_TIM12) X(44, TIM8_UP_TIM13) \
    X(45, TIM8_TRG_COM_TIM14) X(46, TIM8_CC) X(47, DMA1_Stream7) \
    X(48, FSMC) X(49, SDIO) X(50, TIM5) X(51, SPI3) X(52, UART4) \
    X(53, UART5) X(54, TIM6_DAC) X(55, TIM7) X(56, DMA2_Stream0) \
    X(57, DMA2_Stream1) X(58, DMA2_Stream2) X(59, DMA2_Stream3) \
    X(60, DMA2_Stream4) R(61) R(62) X(63, CAN2_TX) X(64, CAN2_RX0) \
    X(65, CAN2_RX1) X(66, CAN2_SCE) X(67, OTG_FS) X(68, DMA2_Stream5) \
    X(69, DMA2_Stream6) X(70, DMA2_Stream7) X(71, USART6) X(72, I2C3_EV) \
    X(73, I2C3_ER) X(74, OTG_HS_EP1_OUT) X(75, OTG_HS_EP1_IN) \
    X(76, OTG_HS_WKUP) X(77, OTG_HS) R(78) R(79) X(80, HASH_RNG) X(81, FPU)

#endif /* BOARD_STM32F405_IRQS_H */
