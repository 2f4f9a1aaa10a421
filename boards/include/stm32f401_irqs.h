/* SPDX-License-Identifier: MIT */
/*
 * The device interrupt lines of the STM32F401xB/C/D/E (positions 0..84 of
 * the vector table after the 16 core exceptions), written from the
 * reference manual's vector table (RM0368). Same form as stm32f405_irqs.h:
 *   X(n, NAME)  line n, served by NAME_IRQHandler (the CMSIS-device name)
 *   R(n)        position n reserved on this part (where the F405 has a
 *               peripheral the F401 lacks)
 */
#ifndef BOARD_STM32F401_IRQS_H
#define BOARD_STM32F401_IRQS_H

#define STM32F401_IRQ_COUNT 85

#define STM32F401_IRQS(X, R) \
    X(0, WWDG) X(1, PVD) X(2, TAMP_STAMP) X(3, RTC_WKUP) X(4, FLASH) \
    X(5, RCC) X(6, EXTI0) X(7, EXTI1) X(8, EXTI2) X(9, EXTI3) \
    X(10, EXTI4) X(11, DMA1_Stream0) X(12, DMA1_Stream1) X(13, DMA1_Stream2) \
    X(14, DMA1_Stream3) X(15, DMA1_Stream4) X(16, DMA1_Stream5) \
    X(17, DMA1_Stream6) X(18, ADC) R(19) R(20) R(21) R(22) X(23, EXTI9_5) \
    X(24, TIM1_BRK_TIM9) X(25, TIM1_UP_TIM10) X(26, TIM1_TRG_COM_TIM11) \
    X(27, TIM1_CC) X(28, TIM2) X(29, TIM3) X(30, TIM4) X(31, I2C1_EV) \
    X(32, I2C1_ER) X(33, I2C2_EV) X(34, I2C2_ER) X(35, SPI1) X(36, SPI2) \
    X(37, USART1) X(38, USART2) R(39) X(40, EXTI15_10) X(41, RTC_Alarm) \
    X(42, OTG_FS_WKUP) R(43) R(44) R(45) R(46) X(47, DMA1_Stream7) R(48) \
    X(49, SDIO) X(50, TIM5) X(51, SPI3) R(52) R(53) R(54) R(55) \
    X(56, DMA2_Stream0) X(57, DMA2_Stream1) X(58, DMA2_Stream2) \
    X(59, DMA2_Stream3) X(60, DMA2_Stream4) R(61) R(62) R(63) R(64) R(65) \
    R(66) X(67, OTG_FS) X(68, DMA2_Stream5) X(69, DMA2_Stream6) \
    X(70, DMA2_Stream7) X(71, USART6) X(72, I2C3_EV) X(73, I2C3_ER) \
    R(74) R(75) R(76) R(77) R(78) R(79) R(80) X(81, FPU) R(82) R(83) \
    X(84, SPI4)

#endif /* BOARD_STM32F401_IRQS_H */
