/* SPDX-License-Identifier: MIT */
/*
 * Nucleo-F401RE (STM32F401RE) register map and the raw cycle counter.
 *
 * Addresses and bit positions are those of the STM32F401 reference manual
 * (RM0368) and the Armv7-M architecture manual (core debug, DWT). Only what
 * this board's files use is named here. Offsets are from the block's base.
 *
 * Clock tree as board_clock_init() leaves it (see clock.c):
 *   HSI 16 MHz -> PLL (M=16, N=336, P=4) -> SYSCLK = HCLK = 84 MHz
 *   APB1 = 42 MHz (TIM2..TIM5 clocked at 2 x 42 = 84 MHz), APB2 = 84 MHz
 */
#ifndef BOARD_REGS_H
#define BOARD_RAM_SIZE (96u * 1024u)   /* SRAM, for sizing test and bench buffers */

#define BOARD_REGS_H

#include <stdint.h>

#define REG32(addr) (*(volatile uint32_t *)(addr))

#define BOARD_NAME       "nucleo_f401re"
#define BOARD_CYCLE_UNIT "cycles"

/* Start-up hooks of boards/common/startup.c (startup.c of this board):
 * early, VTOR to the vector table; late, the clock tree, the console and
 * the cycle counter, stopping with a message if 84 MHz is not reached. */
void board_reset_early(void);
void board_reset_late(void);

/* --- Clock frequencies (Hz) -------------------------------------------- */

#define BOARD_HSI_HZ     16000000u
#define BOARD_SYSCLK_HZ  84000000u
#define BOARD_PCLK1_HZ   (BOARD_SYSCLK_HZ / 2u)   /* APB1: USART2, TIM2..TIM5 */
#define BOARD_TIMCLK_HZ  BOARD_SYSCLK_HZ          /* APB1 timers: 2 x PCLK1 */
#define BOARD_CYCLES_PER_TIM_COUNT 1u             /* board_cycles() per TIM2..4 count */

/* --- Base addresses ------------------------------------------------------ */

#define TIM2_BASE    0x40000000u   /* kernel time base + alarm (CC1), 32-bit */
#define TIM3_BASE    0x40000400u   /* test interrupt source 0, 16-bit */
#define TIM4_BASE    0x40000800u   /* test interrupt source 1, 16-bit */
#define USART2_BASE  0x40004400u   /* console: ST-LINK virtual COM port */
#define CONSOLE_USART_BASE USART2_BASE   /* boards/common/stm32_usart_console.c */
#define CONSOLE_GPIO_BASE  GPIOA_BASE    /* TX on PA2, AF7 (SB13/SB14 closed as shipped) */
#define CONSOLE_TX_PIN     2u
#define CONSOLE_TX_AF      GPIO_AF7
#define PWR_BASE     0x40007000u
#define GPIOA_BASE   0x40020000u
#define RCC_BASE     0x40023800u
#define FLASHIF_BASE 0x40023C00u   /* flash interface registers */
#define DBGMCU_BASE  0xE0042000u

/* --- RCC ------------------------------------------------------------------ */

#define RCC_CR          0x00u
#define RCC_CR_HSION    (1u << 0)
#define RCC_CR_HSIRDY   (1u << 1)
#define RCC_CR_PLLON    (1u << 24)
#define RCC_CR_PLLRDY   (1u << 25)

#define RCC_PLLCFGR             0x04u
#define RCC_PLLCFGR_PLLM_SHIFT  0      /* input divider, 2..63 */
#define RCC_PLLCFGR_PLLM_MASK   (0x3Fu << 0)
#define RCC_PLLCFGR_PLLN_SHIFT  6      /* VCO multiplier, 192..432 */
#define RCC_PLLCFGR_PLLN_MASK   (0x1FFu << 6)
#define RCC_PLLCFGR_PLLP_SHIFT  16     /* SYSCLK divider: 0 -> /2, 1 -> /4, 2 -> /6, 3 -> /8 */
#define RCC_PLLCFGR_PLLP_MASK   (3u << 16)
#define RCC_PLLCFGR_PLLSRC_HSE  (1u << 22)   /* clear: HSI */
#define RCC_PLLCFGR_PLLQ_SHIFT  24     /* USB/SDIO divider, 2..15 */
#define RCC_PLLCFGR_PLLQ_MASK   (0xFu << 24)

#define RCC_CFGR            0x08u
#define RCC_CFGR_SW_MASK    (3u << 0)
#define RCC_CFGR_SW_HSI     (0u << 0)
#define RCC_CFGR_SW_PLL     (2u << 0)
#define RCC_CFGR_SWS_MASK   (3u << 2)
#define RCC_CFGR_SWS_HSI    (0u << 2)
#define RCC_CFGR_SWS_PLL    (2u << 2)
/* SYSCLK's PLL and the HSI's turn-on (boards/common/stm32_sysclk.c). */
#define RCC_CR_HSI_CLEAR     0u   /* nothing cleared */
#define RCC_CR_SYSPLL_ON     RCC_CR_PLLON
#define RCC_CR_SYSPLL_RDY    RCC_CR_PLLRDY
#define RCC_CFGR_SW_SYSPLL   RCC_CFGR_SW_PLL
#define RCC_CFGR_SWS_SYSPLL  RCC_CFGR_SWS_PLL
#define RCC_CFGR_HPRE_MASK  (0xFu << 4)
#define RCC_CFGR_HPRE_DIV1  (0u << 4)
#define RCC_CFGR_PPRE1_MASK (7u << 10)
#define RCC_CFGR_PPRE1_DIV2 (4u << 10)
#define RCC_CFGR_PPRE2_MASK (7u << 13)
#define RCC_CFGR_PPRE2_DIV1 (0u << 13)

#define RCC_AHB1ENR          0x30u
#define RCC_AHB1ENR_GPIOAEN  (1u << 0)
#define RCC_APB1ENR          0x40u
#define RCC_APB1ENR_TIM2EN   (1u << 0)
#define RCC_APB1ENR_TIM3EN   (1u << 1)
#define RCC_APB1ENR_TIM4EN   (1u << 2)
#define RCC_APB1ENR_USART2EN (1u << 17)
#define RCC_APB1ENR_PWREN    (1u << 28)

/* --- Power controller and flash interface -------------------------------- */

#define PWR_CR              0x00u
#define PWR_CR_VOS_MASK     (3u << 14)
#define PWR_CR_VOS_SCALE2   (2u << 14)   /* regulator scale 2: HCLK up to 84 MHz */

#define FLASH_ACR              0x00u
#define FLASH_ACR_LATENCY_MASK 0xFu
#define FLASH_ACR_LATENCY_2WS  2u        /* 60 < HCLK <= 84 MHz at VDD 2.7..3.6 V */
#define FLASH_ACR_PRFTEN       (1u << 8)
#define FLASH_ACR_ICEN         (1u << 9)
#define FLASH_ACR_DCEN         (1u << 10)

/* --- GPIO ------------------------------------------------------------------ */

#define GPIO_MODER      0x00u   /* 2 bits per pin */
#define GPIO_OSPEEDR    0x08u   /* 2 bits per pin */
#define GPIO_AFRL       0x20u   /* 4 bits per pin, pins 0..7 */
#define GPIO_MODE_AF    2u
#define GPIO_SPEED_MED  1u
#define GPIO_AF7        7u      /* USART1, USART2 */

/* --- USART ----------------------------------------------------------------- */

#define USART_TXSTAT      0x00u   /* USART_SR */
#define USART_TXSTAT_TC   (1u << 6)
#define USART_TXSTAT_TXE  (1u << 7)
#define USART_TXDATA      0x04u   /* USART_DR */
#define USART_BRR       0x08u
#define USART_CR1       0x0Cu
#define USART_CR1_TE    (1u << 3)
#define USART_CR1_UE    (1u << 13)
#define USART_CR2       0x10u   /* 0: 1 stop bit */
#define USART_CR3       0x14u   /* 0: no flow control */

/* --- General-purpose timers (TIM2..TIM5) ---------------------------------- */

#include "stm32_tim.h"

/* --- Debug: freeze timers while the core is halted --------------------- */

#define DBGMCU_APB1_FZ      0x08u

/* --- Cortex-M4 core: debug, DWT, fault status ------------------------------ */

#include "armv7m_dwt.h"
#define BOARD_DWT_UNLOCK      0              /* the M4's DWT has no software lock */

/* --- Interrupt lines (RM0368 vector table, 85 lines: 0..84) --------------- */

#include "stm32_lines.h"   /* TIM2..TIM4, the software lines but the last two */
/* The last two direct software interrupts: SDIO, never clocked here, and
 * SPI4, which this board does not wire. */
#define IRQ_SWID2   49
#define IRQ_SWID3   84
#define IRQ_SWID2_LINE SDIO
#define IRQ_SWID3_LINE SPI4

/* Every line's handler name (boards/include/stm32f4_vectors.h). */
#include "stm32f401_irqs.h"
#define BOARD_IRQS  STM32F401_IRQS
#define IRQ_COUNT   STM32F401_IRQ_COUNT

/* The measurement counters (stm32_silicon_counters.h): DWT CYCCNT, core
 * clock cycles at 84 MHz, and for unprivileged tasks TIM2's counter, which
 * counts BOARD_TIMCLK_HZ = 2 x PCLK1 = 84 MHz, the core clock (RM0368,
 * "Clocks": an APB1 prescaler other than 1 doubles the timers' clock): one
 * count per core cycle, unit "cycles" as board_cycles(), from another
 * origin. */
#include "stm32_silicon_counters.h"
_Static_assert(BOARD_CYCLES_PER_TIM_COUNT == 1u, "TIM2 counts the core clock");

#endif /* BOARD_REGS_H */
