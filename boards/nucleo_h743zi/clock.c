/* SPDX-License-Identifier: MIT */
/*
 * Nucleo-H743ZI clock tree: 400 MHz from the 64 MHz HSI through PLL1, and
 * the peripheral clocks the board uses.
 *
 * PLL1: input = HSI / M = 64 MHz / 4 = 16 MHz (range 8..16 MHz),
 *       VCO (wide range) = 16 MHz x N = 800 MHz,
 *       P = VCO / 2 = 400 MHz: SYSCLK and the CPU (D1CPRE /1),
 *       Q = R = VCO / 8 = 100 MHz (kernel clocks a driver may select).
 * Buses: AXI/AHB (HPRE /2) = 200 MHz, APB1..APB4 (/2 each) = 100 MHz; a
 * timer on APB1 runs at twice its bus, so TIM2..TIM5 count at 200 MHz.
 *
 * Order (RM0433, "Power control" and "Reset and clock control"): the
 * supply configuration first (the Nucleo powers the core from the LDO:
 * PWR_CR3 is written once after power-on and the value is then locked,
 * and nothing faster than the reset clock may run before ACTVOSRDY), then
 * regulator scale 1, the bus prescalers (valid for every SYSCLK reached
 * below), the flash wait states for a 200 MHz AXI clock at scale 1, and
 * only then PLL1 and the switch to it. PLL1 can be configured only while
 * it is off, so the code first moves SYSCLK to the HSI (the reset state,
 * but a debugger or boot loader may have left PLL1 running).
 *
 * Every wait on a ready bit is bounded by CLOCK_READY_SPINS reads: on
 * silicon these bits do get set, so running out means a hardware problem,
 * which board_clock_init reports by returning the HSI frequency.
 */
#include <stdbool.h>
#include <stdint.h>
#include "board.h"
#include "board_regs.h"
#include "stm32_wait.h"
#include "stm32_board_init.h"
#include "stm32_sysclk.h"
#include "vaios/config.h"

#define PLL_M  4u    /* 64 MHz HSI -> 16 MHz PLL1 input */
#define PLL_N  50u   /* -> 800 MHz VCO */
#define PLL_P  2u    /* -> 400 MHz SYSCLK */
#define PLL_Q  8u    /* -> 100 MHz */
#define PLL_R  8u    /* -> 100 MHz */

/* PLL1: input in the 8..16 MHz range selected (PLL1RGE), DIVN1 4..512,
 * VCO in the wide range 192..836 MHz (RM0433). */
STM32_PLL_CHECKS(BOARD_HSI_HZ, PLL_M, PLL_N, PLL_P, BOARD_SYSCLK_HZ,
                 8000000u, 16000000u, 4u, 512u, 192000000u, 836000000u);
_Static_assert(PLL_P % 2u == 0u, "DIVP1 is even");
_Static_assert(BOARD_SYSCLK_HZ <= 400000000u, "400 MHz is the CPU's maximum at VOS1");
_Static_assert(BOARD_HCLK_HZ <= 200000000u, "AXI/AHB above its 200 MHz maximum at VOS1");
_Static_assert(BOARD_PCLK1_HZ <= 100000000u, "APB1 above its 100 MHz maximum");
_Static_assert(VOS_CFG_CLOCK_HZ == BOARD_TIMCLK_HZ, "board.cmake VAIOS_CLOCK_HZ must equal the TIM2 clock");

/* At 64 MHz each poll is several cycles: tens of milliseconds. */
#define CLOCK_READY_SPINS 1000000u

#define RCC(off)   REG32(RCC_BASE + (off))
#define PWR(off)   REG32(PWR_BASE + (off))

/* Poll until (*reg & mask) == want, at most CLOCK_READY_SPINS reads. */
static bool wait_bits(uint32_t reg, uint32_t mask, uint32_t want)
{
    return stm32_wait_bits(reg, mask, want, CLOCK_READY_SPINS);
}

/* The clocks of the peripherals and memories this board uses; the
 * read-backs give the bus cycles a clock needs before the peripheral may
 * be accessed. */
static void peripheral_clocks_on(void)
{
    RCC(RCC_AHB4ENR) |= RCC_AHB4ENR_GPIODEN;
    RCC(RCC_AHB2ENR) |= RCC_AHB2ENR_SRAM1EN;
    RCC(RCC_APB1LENR) |= RCC_APB1LENR_TIM2EN | RCC_APB1LENR_TIM3EN | RCC_APB1LENR_TIM4EN |
                         RCC_APB1LENR_USART3EN;
    (void)RCC(RCC_AHB4ENR);
    (void)RCC(RCC_AHB2ENR);
    (void)RCC(RCC_APB1LENR);
}

uint32_t board_clock_init(void)
{
    /* LDO supply, not bypassed (the Nucleo's default solder bridges). */
    PWR(PWR_CR3) = (PWR(PWR_CR3) & ~PWR_CR3_BYPASS) | PWR_CR3_LDOEN;
    if (!wait_bits(PWR_BASE + PWR_CSR1, PWR_CSR1_ACTVOSRDY, PWR_CSR1_ACTVOSRDY))
        return BOARD_HSI_HZ;
    PWR(PWR_D3CR) = (PWR(PWR_D3CR) & ~PWR_D3CR_VOS_MASK) | PWR_D3CR_VOS1;
    if (!wait_bits(PWR_BASE + PWR_D3CR, PWR_D3CR_VOSRDY, PWR_D3CR_VOSRDY))
        return BOARD_HSI_HZ;

    peripheral_clocks_on();

    /* Prescalers first: every bus at a quarter of SYSCLK or less, so that
     * APB1 is SYSCLK / 4 on every return path (the console's rate). */
    RCC(RCC_D1CFGR) = (RCC(RCC_D1CFGR) & ~(RCC_D1CFGR_D1CPRE_MASK | RCC_D1CFGR_HPRE_MASK |
                                           RCC_D1CFGR_D1PPRE_MASK)) |
                      RCC_D1CFGR_HPRE_DIV2 | RCC_D1CFGR_D1PPRE_DIV2;
    RCC(RCC_D2CFGR) = (RCC(RCC_D2CFGR) & ~(RCC_D2CFGR_D2PPRE1_MASK | RCC_D2CFGR_D2PPRE2_MASK)) |
                      RCC_D2CFGR_D2PPRE1_DIV2 | RCC_D2CFGR_D2PPRE2_DIV2;
    RCC(RCC_D3CFGR) = (RCC(RCC_D3CFGR) & ~RCC_D3CFGR_D3PPRE_MASK) | RCC_D3CFGR_D3PPRE_DIV2;

    if (!stm32_sysclk_to_hsi(CLOCK_READY_SPINS))    /* at 64 MHz, PLL1 off */
        return BOARD_HSI_HZ;

    /* Wait states before the frequency rises; in force once read back. */
    REG32(FLASHIF_BASE + FLASH_ACR) =
        (REG32(FLASHIF_BASE + FLASH_ACR) & ~(FLASH_ACR_LATENCY_MASK | FLASH_ACR_WRHIGHFREQ_MASK)) |
        FLASH_ACR_LATENCY_2WS | FLASH_ACR_WRHIGHFREQ_2;
    if (!wait_bits(FLASHIF_BASE + FLASH_ACR, FLASH_ACR_LATENCY_MASK, FLASH_ACR_LATENCY_2WS))
        return BOARD_HSI_HZ;

    RCC(RCC_PLLCKSELR) = (RCC(RCC_PLLCKSELR) & ~(RCC_PLLCKSELR_PLLSRC_MASK | RCC_PLLCKSELR_DIVM1_MASK)) |
                         (PLL_M << RCC_PLLCKSELR_DIVM1_SHIFT);
    RCC(RCC_PLLCFGR) = (RCC(RCC_PLLCFGR) & ~(RCC_PLLCFGR_PLL1FRACEN | RCC_PLLCFGR_PLL1VCOSEL |
                                             RCC_PLLCFGR_PLL1RGE_MASK)) |
                       RCC_PLLCFGR_PLL1RGE_8_16 | RCC_PLLCFGR_DIVP1EN | RCC_PLLCFGR_DIVQ1EN |
                       RCC_PLLCFGR_DIVR1EN;
    RCC(RCC_PLL1DIVR) = ((PLL_N - 1u) << RCC_PLL1DIVR_N_SHIFT) | ((PLL_P - 1u) << RCC_PLL1DIVR_P_SHIFT) |
                        ((PLL_Q - 1u) << RCC_PLL1DIVR_Q_SHIFT) | ((PLL_R - 1u) << RCC_PLL1DIVR_R_SHIFT);

    if (!stm32_sysclk_to_pll(CLOCK_READY_SPINS))
        return BOARD_HSI_HZ;
    return BOARD_SYSCLK_HZ;
}

/* The measurement counter (board_cycles: DWT CYCCNT at the core clock).
 * With this board's start-up (vaios_board_start) the reset already set
 * the clock, the console and the counter (startup.c: board_reset_late),
 * which the running counter shows; with the services alone, under another
 * kernel's start-up, this brings up the same three. Thread context, once,
 * before the kernel starts. */
void board_counter_start(void)
{
#if BOARD_NO_TIME_DRIVER
    if ((REG32(DWT_CTRL) & DWT_CTRL_CYCCNTENA) != 0u)
        return;
    board_console_init(board_clock_init() / 4u);    /* APB1 is SYSCLK / 4 */
    board_cycle_counter_init();
#endif
}
