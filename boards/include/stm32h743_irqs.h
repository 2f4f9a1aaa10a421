/* SPDX-License-Identifier: MIT */
/*
 * The device interrupt lines of the STM32H742/743 (positions 0..149 of
 * the vector table after the 16 core exceptions), written from the
 * reference manual's vector table (RM0433). Same form as stm32f405_irqs.h:
 *   X(n, NAME)  line n, served by NAME_IRQHandler (the CMSIS-device name)
 *   R(n)        position n reserved on this part
 */
#ifndef BOARD_STM32H743_IRQS_H
#define BOARD_STM32H743_IRQS_H

#define STM32H743_IRQ_COUNT 150

#define STM32H743_IRQS(X, R) \
    X(0, WWDG) X(1, PVD_AVD) X(2, TAMP_STAMP) X(3, RTC_WKUP) X(4, FLASH) \
    X(5, RCC) X(6, EXTI0) X(7, EXTI1) X(8, EXTI2) X(9, EXTI3) X(10, EXTI4) \
    X(11, DMA1_Stream0) X(12, DMA1_Stream1) X(13, DMA1_Stream2) \
    X(14, DMA1_Stream3) X(15, DMA1_Stream4) X(16, DMA1_Stream5) \
    X(17, DMA1_Stream6) X(18, ADC) X(19, FDCAN1_IT0) X(20, FDCAN2_IT0) \
    X(21, FDCAN1_IT1) X(22, FDCAN2_IT1) X(23, EXTI9_5) X(24, TIM1_BRK) \
    X(25, TIM1_UP) X(26, TIM1_TRG_COM) X(27, TIM1_CC) X(28, TIM2) X(29, TIM3) \
    X(30, TIM4) X(31, I2C1_EV) X(32, I2C1_ER) X(33, I2C2_EV) X(34, I2C2_ER) \
    X(35, SPI1) X(36, SPI2) X(37, USART1) X(38, USART2) X(39, USART3) \
    X(40, EXTI15_10) X(41, RTC_Alarm) R(42) X(43, TIM8_BRK_TIM12) \
    X(44, TIM8_UP_TIM13) X(45, TIM8_TRG_COM_TIM14) X(46, TIM8_CC) \
    X(47, DMA1_Stream7) X(48, FMC) X(49, SDMMC1) X(50, TIM5) X(51, SPI3) \
    X(52, UART4) X(53, UART5) X(54, TIM6_DAC) X(55, TIM7) X(56, DMA2_Stream0) \
    X(57, DMA2_Stream1) X(58, DMA2_Stream2) X(59, DMA2_Stream3) \
    X(60, DMA2_Stream4) X(61, ETH) X(62, ETH_WKUP) X(63, FDCAN_CAL) R(64) \
    R(65) R(66) R(67) X(68, DMA2_Stream5) X(69, DMA2_Stream6) \
    X(70, DMA2_Stream7) X(71, USART6) X(72, I2C3_EV) X(73, I2C3_ER) \
    X(74, OTG_HS_EP1_OUT) X(75, OTG_HS_EP1_IN) X(76, OTG_HS_WKUP) X(77, OTG_HS) \
    X(78, DCMI) R(79) X(80, RNG) X(81, FPU) X(82, UART7) X(83, UART8) \
    X(84, SPI4) X(85, SPI5) X(86, SPI6) X(87, SAI1) X(88, LTDC) X(89, LTDC_ER) \
    X(90, DMA2D) X(91, SAI2) X(92, QUADSPI) X(93, LPTIM1) X(94, CEC) \
    X(95, I2C4_EV) X(96, I2C4_ER) X(97, SPDIF_RX) X(98, OTG_FS_EP1_OUT) \
    X(99, OTG_FS_EP1_IN) X(100, OTG_FS_WKUP) X(101, OTG_FS) X(102, DMAMUX1_OVR) \
    X(103, HRTIM1_Master) X(104, HRTIM1_TIMA) X(105, HRTIM1_TIMB) \
    X(106, HRTIM1_TIMC) X(107, HRTIM1_TIMD) X(108, HRTIM1_TIME) \
    X(109, HRTIM1_FLT) X(110, DFSDM1_FLT0) X(111, DFSDM1_FLT1) \
    X(112, DFSDM1_FLT2) X(113, DFSDM1_FLT3) X(114, SAI3) X(115, SWPMI1) \
    X(116, TIM15) X(117, TIM16) X(118, TIM17) X(119, MDIOS_WKUP) X(120, MDIOS) \
    X(121, JPEG) X(122, MDMA) R(123) X(124, SDMMC2) X(125, HSEM1) R(126) \
    X(127, ADC3) X(128, DMAMUX2_OVR) X(129, BDMA_Channel0) \
    X(130, BDMA_Channel1) X(131, BDMA_Channel2) X(132, BDMA_Channel3) \
    X(133, BDMA_Channel4) X(134, BDMA_Channel5) X(135, BDMA_Channel6) \
    X(136, BDMA_Channel7) X(137, COMP) X(138, LPTIM2) X(139, LPTIM3) \
    X(140, LPTIM4) X(141, LPTIM5) X(142, LPUART1) R(143) X(144, CRS) \
    X(145, ECC) X(146, SAI4) R(147) R(148) X(149, WAKEUP_PIN)

#endif /* BOARD_STM32H743_IRQS_H */
