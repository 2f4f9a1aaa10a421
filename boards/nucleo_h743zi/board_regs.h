/* SPDX-License-Identifier: MIT */
/*
 * Nucleo-H743ZI (STM32H743ZI, Cortex-M7 with FPv5 double precision, 16 KB
 * instruction and 16 KB data cache) register map and the raw cycle counter.
 *
 * Addresses and bit positions are those of the STM32H742/743/753/750
 * reference manual (RM0433) and the Armv7-M architecture manual (core
 * debug, DWT, caches). Only what this board's files use is named here.
 * Offsets are from the block's base.
 *
 * Clock tree as board_clock_init() leaves it (clock.c):
 *   HSI 64 MHz -> PLL1 (M=4, N=50, P=2) -> SYSCLK = CPU = 400 MHz
 *   AXI/AHB (HCLK) = 200 MHz, APB1..APB4 = 100 MHz,
 *   APB1 timers (TIM2..TIM5) at 2 x 100 = 200 MHz
 * Regulator scale VOS1 (400 MHz is its maximum on every silicon revision;
 * 480 MHz needs revision V and VOS0: not attempted here).
 *
 * Memory (linker.ld): code in flash bank 1 (0x08000000); data, bss, the
 * stacks and the kernel's objects in DTCM (0x20000000, 128 KB: zero wait
 * states, never cached, so the kernel's timing does not depend on the
 * cache); the DMA class in SRAM1 (0x30000000, D2 domain, reachable by DMA1
 * and DMA2, which cannot reach the DTCM), uncached through the board's MPU
 * region (board_dma.h).
 */
#ifndef BOARD_REGS_H
#define BOARD_REGS_H

#include <stdint.h>

#define BOARD_RAM_SIZE (128u * 1024u)  /* DTCM, for sizing test and bench buffers */

#define REG32(addr) (*(volatile uint32_t *)(addr))

#define BOARD_NAME       "nucleo_h743zi"
#define BOARD_CYCLE_UNIT "cycles"

/* Start-up hooks of boards/common/startup.c (startup.c of this board):
 * early, VTOR and the caches; late, the clock tree, the DMA region, the
 * console and the cycle counter, stopping with a message if 400 MHz is
 * not reached. */
void board_reset_early(void);
void board_reset_late(void);

/* --- Clock frequencies (Hz) -------------------------------------------- */

#define BOARD_HSI_HZ     64000000u
#define BOARD_SYSCLK_HZ  400000000u
#define BOARD_HCLK_HZ    (BOARD_SYSCLK_HZ / 2u)   /* AXI, AHB1..4 */
#define BOARD_PCLK1_HZ   (BOARD_HCLK_HZ / 2u)     /* APB1: USART3, TIM2..TIM5 */
#define BOARD_TIMCLK_HZ  (2u * BOARD_PCLK1_HZ)    /* APB1 timers: 2 x PCLK1 */
#define BOARD_CYCLES_PER_TIM_COUNT (BOARD_SYSCLK_HZ / BOARD_TIMCLK_HZ)   /* 2 */
_Static_assert(BOARD_SYSCLK_HZ % BOARD_TIMCLK_HZ == 0, "the timers' clock divides the core's");

/* --- Base addresses ------------------------------------------------------ */

#define TIM2_BASE    0x40000000u   /* kernel time base + alarm (CC1), 32-bit */
#define TIM3_BASE    0x40000400u   /* test interrupt source 0, 16-bit */
#define TIM4_BASE    0x40000800u   /* test interrupt source 1, 16-bit */
#define USART3_BASE  0x40004800u   /* console: ST-LINK virtual COM port (PD8/PD9) */
#define CONSOLE_USART_BASE USART3_BASE   /* boards/common/stm32_usart_console.c */
#define CONSOLE_GPIO_BASE  GPIOD_BASE    /* TX on PD8, AF7 */
#define CONSOLE_TX_PIN     8u
#define CONSOLE_TX_AF      GPIO_AF7
#define FLASHIF_BASE 0x52002000u   /* flash interface registers */
#define GPIOD_BASE   0x58020C00u
#define RCC_BASE     0x58024400u
#define PWR_BASE     0x58024800u
#define DBGMCU_BASE  0x5C001000u

/* --- RCC ------------------------------------------------------------------ */

#define RCC_CR             0x00u
#define RCC_CR_HSION       (1u << 0)
#define RCC_CR_HSIDIV_MASK (3u << 3)     /* 0: HSI / 1 = 64 MHz */
#define RCC_CR_HSIRDY      (1u << 2)
#define RCC_CR_PLL1ON      (1u << 24)
#define RCC_CR_PLL1RDY     (1u << 25)

#define RCC_CFGR            0x10u
#define RCC_CFGR_SW_MASK    (7u << 0)
#define RCC_CFGR_SW_HSI     (0u << 0)
#define RCC_CFGR_SW_PLL1    (3u << 0)
#define RCC_CFGR_SWS_MASK   (7u << 3)
#define RCC_CFGR_SWS_HSI    (0u << 3)
#define RCC_CFGR_SWS_PLL1   (3u << 3)
/* SYSCLK's PLL and the HSI's turn-on (boards/common/stm32_sysclk.c). */
#define RCC_CR_HSI_CLEAR     RCC_CR_HSIDIV_MASK   /* HSI / 1: 64 MHz */
#define RCC_CR_SYSPLL_ON     RCC_CR_PLL1ON
#define RCC_CR_SYSPLL_RDY    RCC_CR_PLL1RDY
#define RCC_CFGR_SW_SYSPLL   RCC_CFGR_SW_PLL1
#define RCC_CFGR_SWS_SYSPLL  RCC_CFGR_SWS_PLL1

#define RCC_D1CFGR             0x18u
#define RCC_D1CFGR_HPRE_MASK   (0xFu << 0)
#define RCC_D1CFGR_HPRE_DIV2   (8u << 0)    /* AXI/AHB = SYSCLK / 2 */
#define RCC_D1CFGR_D1PPRE_MASK (7u << 4)
#define RCC_D1CFGR_D1PPRE_DIV2 (4u << 4)    /* APB3 = HCLK / 2 */
#define RCC_D1CFGR_D1CPRE_MASK (0xFu << 8)  /* 0: CPU = SYSCLK */
#define RCC_D2CFGR             0x1Cu
#define RCC_D2CFGR_D2PPRE1_MASK (7u << 4)
#define RCC_D2CFGR_D2PPRE1_DIV2 (4u << 4)   /* APB1 = HCLK / 2 */
#define RCC_D2CFGR_D2PPRE2_MASK (7u << 8)
#define RCC_D2CFGR_D2PPRE2_DIV2 (4u << 8)   /* APB2 = HCLK / 2 */
#define RCC_D3CFGR             0x20u
#define RCC_D3CFGR_D3PPRE_MASK (7u << 4)
#define RCC_D3CFGR_D3PPRE_DIV2 (4u << 4)    /* APB4 = HCLK / 2 */

#define RCC_PLLCKSELR              0x28u
#define RCC_PLLCKSELR_PLLSRC_MASK  (3u << 0)    /* 0: HSI */
#define RCC_PLLCKSELR_DIVM1_SHIFT  4            /* PLL1 input divider, 1..63 */
#define RCC_PLLCKSELR_DIVM1_MASK   (0x3Fu << 4)
#define RCC_PLLCFGR                0x2Cu
#define RCC_PLLCFGR_PLL1FRACEN     (1u << 0)
#define RCC_PLLCFGR_PLL1VCOSEL     (1u << 1)    /* clear: wide VCO, 192..836 MHz */
#define RCC_PLLCFGR_PLL1RGE_MASK   (3u << 2)
#define RCC_PLLCFGR_PLL1RGE_8_16   (3u << 2)    /* PLL1 input 8..16 MHz */
#define RCC_PLLCFGR_DIVP1EN        (1u << 16)
#define RCC_PLLCFGR_DIVQ1EN        (1u << 17)
#define RCC_PLLCFGR_DIVR1EN        (1u << 18)
#define RCC_PLL1DIVR               0x30u
#define RCC_PLL1DIVR_N_SHIFT       0            /* DIVN1 = N - 1, N 4..512 */
#define RCC_PLL1DIVR_P_SHIFT       9            /* DIVP1 = P - 1 (P even, or 1) */
#define RCC_PLL1DIVR_Q_SHIFT       16           /* DIVQ1 = Q - 1 */
#define RCC_PLL1DIVR_R_SHIFT       24           /* DIVR1 = R - 1 */

#define RCC_AHB4ENR          0xE0u
#define RCC_AHB4ENR_GPIODEN  (1u << 3)
#define RCC_APB1LENR         0xE8u
#define RCC_APB1LENR_TIM2EN  (1u << 0)
#define RCC_APB1LENR_TIM3EN  (1u << 1)
#define RCC_APB1LENR_TIM4EN  (1u << 2)
#define RCC_APB1LENR_USART3EN (1u << 18)
#define RCC_AHB2ENR          0xDCu
#define RCC_AHB2ENR_SRAM1EN  (1u << 29)   /* D2 SRAM1: the DMA class */

/* --- Power controller and flash interface -------------------------------- */

#define PWR_CSR1             0x04u
#define PWR_CSR1_ACTVOSRDY   (1u << 13)   /* the supply configuration took effect */
#define PWR_CR3              0x0Cu
#define PWR_CR3_BYPASS       (1u << 0)
#define PWR_CR3_LDOEN        (1u << 1)
#define PWR_CR3_SCUEN        (1u << 2)
#define PWR_D3CR             0x18u
#define PWR_D3CR_VOSRDY      (1u << 13)
#define PWR_D3CR_VOS_MASK    (3u << 14)
#define PWR_D3CR_VOS1        (3u << 14)   /* scale 1: CPU up to 400 MHz */

#define FLASH_ACR                 0x00u
#define FLASH_ACR_LATENCY_MASK    0xFu
#define FLASH_ACR_LATENCY_2WS     2u           /* AXI 185..210 MHz at VOS1 */
#define FLASH_ACR_WRHIGHFREQ_MASK (3u << 4)
#define FLASH_ACR_WRHIGHFREQ_2    (2u << 4)    /* programming delay at that clock */

/* --- GPIO ------------------------------------------------------------------ */

#define GPIO_MODER      0x00u   /* 2 bits per pin */
#define GPIO_OSPEEDR    0x08u   /* 2 bits per pin */
#define GPIO_AFRL       0x20u   /* 4 bits per pin, pins 0..7; AFRH at 0x24: 8..15 */
#define GPIO_MODE_AF    2u
#define GPIO_SPEED_MED  1u
#define GPIO_AF7        7u      /* USART1..3 */

/* --- USART (H7: separate ISR and TDR; FIFO off) ----------------------------- */

#define USART_CR1       0x00u
#define USART_CR1_UE    (1u << 0)
#define USART_CR1_TE    (1u << 3)
#define USART_CR2       0x04u   /* 0: 1 stop bit */
#define USART_CR3       0x08u   /* 0: no flow control */
#define USART_BRR       0x0Cu
#define USART_TXSTAT      0x1Cu   /* USART_ISR */
#define USART_TXSTAT_TC   (1u << 6)
#define USART_TXSTAT_TXE  (1u << 7)   /* TXFNF with the FIFO on; the FIFO stays off */
#define USART_TXDATA      0x28u   /* USART_TDR */

/* --- General-purpose timers (TIM2..TIM5: the F4's layout) ------------------ */

#include "stm32_tim.h"

/* --- Debug: freeze timers while the core is halted --------------------- */

#define DBGMCU_APB1_FZ      0x3Cu      /* DBGMCU_APB1LFZ1 */

/* --- Cortex-M7 core: debug, DWT ------------------------------------------- */

#include "armv7m_dwt.h"
#define BOARD_DWT_UNLOCK      1              /* the M7's DWT ignores software writes until unlocked */

/* --- Interrupt lines (RM0433 vector table, 150 lines: 0..149) ------------- */

#include "stm32_lines.h"   /* TIM2..TIM4, the software lines but the last two */
/* The last two direct software interrupts: SPI4 and SPI5, which this
 * board does not wire. */
#define IRQ_SWID2   84
#define IRQ_SWID3   85
#define IRQ_SWID2_LINE SPI4
#define IRQ_SWID3_LINE SPI5

/* Every line's handler name (boards/include/stm32f4_vectors.h). */
#include "stm32h743_irqs.h"
#define BOARD_IRQS  STM32H743_IRQS
#define IRQ_COUNT   STM32H743_IRQ_COUNT

/* The measurement counters (stm32_silicon_counters.h): DWT CYCCNT, core
 * clock cycles at 400 MHz, and for unprivileged tasks TIM2's counter. No
 * timer here counts the 400 MHz core clock: a timer's kernel clock is at
 * most rcc_hclk1 whatever TIMPRE and the APB prescalers say (RM0433, RCC:
 * the table of the timers' kernel clock by D2PPRE1/2 and TIMPRE), and HCLK
 * is SYSCLK / 2 = 200 MHz here (the AXI bus's limit at VOS1, clock.c).
 * TIM2 counts BOARD_TIMCLK_HZ = 200 MHz: one count is
 * BOARD_CYCLES_PER_TIM_COUNT = 2 core cycles, the unit "tick2cycles",
 * whose figures are exact to one count either way (tools/resolution.py). */
#include "stm32_silicon_counters.h"
_Static_assert(BOARD_CYCLES_PER_TIM_COUNT == 2u, "the unit below names TIM2's resolution");
#define BOARD_USER_CYCLE_UNIT             "tick2cycles"

#endif /* BOARD_REGS_H */
