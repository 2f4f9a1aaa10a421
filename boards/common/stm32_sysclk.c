/* SPDX-License-Identifier: MIT */
/*
 * The system clock switch of the STM32 silicon boards (their clock.c):
 * SYSCLK back to the HSI with the system PLL off, so that the PLL can be
 * configured, and then onto the PLL. The protocol is the same on the F4
 * and the H7 (RM0368 and RM0433, "Reset and clock control"): a source is
 * turned on and its ready flag awaited; the SW field of RCC_CFGR selects
 * SYSCLK's source and the SWS field reports it once in force; a PLL is
 * turned off only while SYSCLK does not run from it.
 *
 * What the board's board_regs.h names, besides RCC_BASE, RCC_CR (_HSION,
 * _HSIRDY) and RCC_CFGR (_SW_MASK, _SW_HSI, _SWS_MASK, _SWS_HSI):
 *   RCC_CR_HSI_CLEAR                  RCC_CR bits cleared as the HSI is
 *                                     turned on (the H743's divider: 64 MHz)
 *   RCC_CR_SYSPLL_ON, RCC_CR_SYSPLL_RDY
 *                                     the PLL that SYSCLK runs from (F401:
 *                                     the main PLL; H743: PLL1)
 *   RCC_CFGR_SW_SYSPLL, RCC_CFGR_SWS_SYSPLL
 *                                     its SW code and the SWS that reports it
 *
 * Start-up code, before the kernel (board_clock_init). Every wait is
 * bounded by spins reads: on silicon these bits do get set, so running out
 * means a hardware problem, which the caller reports.
 */
#include <stdbool.h>
#include <stdint.h>
#include "board.h"
#include "stm32_sysclk.h"
#include "stm32_wait.h"

#define RCC(off)   REG32(RCC_BASE + (off))

bool stm32_sysclk_to_hsi(uint32_t spins)
{
    RCC(RCC_CR) = (RCC(RCC_CR) & ~RCC_CR_HSI_CLEAR) | RCC_CR_HSION;
    if (!stm32_wait_bits(RCC_BASE + RCC_CR, RCC_CR_HSIRDY, RCC_CR_HSIRDY, spins))
        return false;
    RCC(RCC_CFGR) = (RCC(RCC_CFGR) & ~RCC_CFGR_SW_MASK) | RCC_CFGR_SW_HSI;
    if (!stm32_wait_bits(RCC_BASE + RCC_CFGR, RCC_CFGR_SWS_MASK, RCC_CFGR_SWS_HSI, spins))
        return false;
    RCC(RCC_CR) &= ~RCC_CR_SYSPLL_ON;
    return stm32_wait_bits(RCC_BASE + RCC_CR, RCC_CR_SYSPLL_RDY, 0, spins);
}

bool stm32_sysclk_to_pll(uint32_t spins)
{
    RCC(RCC_CR) |= RCC_CR_SYSPLL_ON;
    if (!stm32_wait_bits(RCC_BASE + RCC_CR, RCC_CR_SYSPLL_RDY, RCC_CR_SYSPLL_RDY, spins))
        return false;
    RCC(RCC_CFGR) = (RCC(RCC_CFGR) & ~RCC_CFGR_SW_MASK) | RCC_CFGR_SW_SYSPLL;
    if (stm32_wait_bits(RCC_BASE + RCC_CFGR, RCC_CFGR_SWS_MASK, RCC_CFGR_SWS_SYSPLL, spins))
        return true;
    /* Stay on the HSI, the frequency the caller will now assume. */
    RCC(RCC_CFGR) = (RCC(RCC_CFGR) & ~RCC_CFGR_SW_MASK) | RCC_CFGR_SW_HSI;
    return false;
}
