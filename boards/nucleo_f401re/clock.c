/* SPDX-License-Identifier: MIT */
/*
 * Nucleo-F401RE clock tree: 84 MHz SYSCLK from the 16 MHz HSI through the
 * main PLL, and the peripheral clocks the board uses.
 *
 * PLL: VCO input = HSI / M = 16 MHz / 16 = 1 MHz (allowed 0.95..2.1 MHz),
 *      VCO output = 1 MHz x N = 336 MHz (allowed 192..432 MHz, N 192..432),
 *      SYSCLK = VCO / P = 336 / 4 = 84 MHz (the F401's maximum),
 *      48 MHz domain = VCO / Q = 336 / 7 = 48 MHz (USB OTG FS, SDIO).
 * Buses: AHB /1 = 84 MHz, APB1 /2 = 42 MHz (its maximum), APB2 /1 = 84 MHz.
 * A timer on a bus whose prescaler is not 1 is clocked at twice the bus,
 * so TIM2..TIM5 count at 84 MHz.
 *
 * Order (RM0368, "Reset and clock control" and "Embedded Flash memory"):
 * the regulator scale and the flash wait states must suit the target
 * frequency before SYSCLK rises to it; the PLL and the regulator scale can
 * be changed only while the PLL is off, so the code first moves SYSCLK to
 * the HSI (the reset state, but a debugger or boot loader may have left the
 * PLL running).
 *
 * Every wait on a ready bit is bounded by CLOCK_READY_SPINS reads: on
 * silicon these bits do get set (HSI start-up is a few microseconds, PLL
 * lock a few hundred at most), so running out means a hardware problem,
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

#define PLL_M  16u   /* 16 MHz HSI -> 1 MHz VCO input */
#define PLL_N  336u  /* -> 336 MHz VCO */
#define PLL_P  4u    /* -> 84 MHz SYSCLK */
#define PLL_Q  7u    /* -> 48 MHz */

#define PLL_P_CODE ((PLL_P / 2u) - 1u)   /* field encoding of P = 2, 4, 6, 8 */

/* Input 0.95..2.1 MHz, N 192..432, VCO 192..432 MHz (RM0368). */
STM32_PLL_CHECKS(BOARD_HSI_HZ, PLL_M, PLL_N, PLL_P, BOARD_SYSCLK_HZ,
                 950000u, 2100000u, 192u, 432u, 192000000u, 432000000u);
_Static_assert(BOARD_HSI_HZ / PLL_M * PLL_N / PLL_Q == 48000000u, "PLL does not give 48 MHz");
_Static_assert(PLL_P == 2u || PLL_P == 4u || PLL_P == 6u || PLL_P == 8u, "PLLP is 2, 4, 6 or 8");
_Static_assert(BOARD_PCLK1_HZ <= 42000000u, "APB1 above its 42 MHz maximum");
_Static_assert(BOARD_TIMCLK_HZ == 2u * BOARD_PCLK1_HZ, "APB1 prescaler /2: timers run at twice PCLK1");
_Static_assert(VOS_CFG_CLOCK_HZ == BOARD_TIMCLK_HZ, "board.cmake VAIOS_CLOCK_HZ must equal the TIM2 clock");

/* At 16 MHz each poll is several cycles, so this is tens of milliseconds:
 * about a hundred times the datasheet's worst PLL lock time. */
#define CLOCK_READY_SPINS 100000u

#define RCC(off)   REG32(RCC_BASE + (off))

/* Poll until (*reg & mask) == want, at most CLOCK_READY_SPINS reads. */
static bool wait_bits(uint32_t reg, uint32_t mask, uint32_t want)
{
    return stm32_wait_bits(reg, mask, want, CLOCK_READY_SPINS);
}

/* The clocks of the peripherals this board drives. A read-back after the
 * enable gives the two bus cycles the clock needs before the peripheral
 * may be accessed (STM32F401 errata, "delay after an RCC peripheral clock
 * enabling"). */
static void peripheral_clocks_on(void)
{
    RCC(RCC_AHB1ENR) |= RCC_AHB1ENR_GPIOAEN;
    RCC(RCC_APB1ENR) |= RCC_APB1ENR_TIM2EN | RCC_APB1ENR_TIM3EN | RCC_APB1ENR_TIM4EN |
                        RCC_APB1ENR_USART2EN | RCC_APB1ENR_PWREN;
    (void)RCC(RCC_AHB1ENR);
    (void)RCC(RCC_APB1ENR);
}

uint32_t board_clock_init(void)
{
    peripheral_clocks_on();

    /* Bus prescalers first, valid for every SYSCLK up to 84 MHz: APB1 never
     * exceeds its 42 MHz, and it is half of SYSCLK on every return path. */
    RCC(RCC_CFGR) = (RCC(RCC_CFGR) & ~(RCC_CFGR_HPRE_MASK | RCC_CFGR_PPRE1_MASK | RCC_CFGR_PPRE2_MASK)) |
                    RCC_CFGR_HPRE_DIV1 | RCC_CFGR_PPRE1_DIV2 | RCC_CFGR_PPRE2_DIV1;

    if (!stm32_sysclk_to_hsi(CLOCK_READY_SPINS))
        return BOARD_HSI_HZ;

    /* Regulator scale 2 allows HCLK up to 84 MHz (it is the reset value;
     * written so that a boot loader's choice does not matter). */
    REG32(PWR_BASE + PWR_CR) = (REG32(PWR_BASE + PWR_CR) & ~PWR_CR_VOS_MASK) | PWR_CR_VOS_SCALE2;

    /* Wait states before the frequency rises; the new latency must be read
     * back before it is in force. Prefetch and the ART caches on. */
    REG32(FLASHIF_BASE + FLASH_ACR) = FLASH_ACR_LATENCY_2WS | FLASH_ACR_PRFTEN |
                                      FLASH_ACR_ICEN | FLASH_ACR_DCEN;
    if (!wait_bits(FLASHIF_BASE + FLASH_ACR, FLASH_ACR_LATENCY_MASK, FLASH_ACR_LATENCY_2WS))
        return BOARD_HSI_HZ;

    /* Reserved bits of PLLCFGR keep their reset values. */
    const uint32_t fields = RCC_PLLCFGR_PLLM_MASK | RCC_PLLCFGR_PLLN_MASK | RCC_PLLCFGR_PLLP_MASK |
                            RCC_PLLCFGR_PLLSRC_HSE | RCC_PLLCFGR_PLLQ_MASK;
    RCC(RCC_PLLCFGR) = (RCC(RCC_PLLCFGR) & ~fields) | (PLL_M << RCC_PLLCFGR_PLLM_SHIFT) |
                       (PLL_N << RCC_PLLCFGR_PLLN_SHIFT) | (PLL_P_CODE << RCC_PLLCFGR_PLLP_SHIFT) |
                       (PLL_Q << RCC_PLLCFGR_PLLQ_SHIFT);

    if (!stm32_sysclk_to_pll(CLOCK_READY_SPINS))
        return BOARD_HSI_HZ;
    return BOARD_SYSCLK_HZ;
}

#if BOARD_NO_TIME_DRIVER
/* The measurement counter (board_cycles: DWT CYCCNT at the core clock).
 * With this board's start-up (vaios_board_start) the reset already set
 * the clock, the console and the counter (startup.c: board_reset_late),
 * which the running counter shows; with the services alone, under another
 * kernel's start-up, this brings up the same three. Thread context, once,
 * before the kernel starts. */
void board_counter_start(void)
{
    if ((REG32(DWT_CTRL) & DWT_CTRL_CYCCNTENA) != 0u)
        return;
    board_console_init(board_clock_init() / 2u);    /* APB1 is SYSCLK / 2 */
    board_cycle_counter_init();
}
#else
/* VAIOS's time driver started the counter at reset (startup.c). */
void board_counter_start(void)
{
}
#endif
