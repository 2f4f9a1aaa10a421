/* SPDX-License-Identifier: MIT */
/*
 * The console of the STM32 silicon boards: one USART wired to the
 * ST-LINK's virtual COM port, 115200 baud, 8 data bits, no parity, 1 stop
 * bit, output only (board.h: board_console_write, board_exit).
 *
 * What the board's board_regs.h names:
 *   CONSOLE_USART_BASE               the USART (F401: USART2; H743: USART3)
 *   CONSOLE_GPIO_BASE, CONSOLE_TX_PIN, CONSOLE_TX_AF
 *                                    its TX pin and alternate function
 *   USART_CR1 (_UE, _TE), USART_CR2, USART_CR3, USART_BRR
 *   USART_TXSTAT (_TXE, _TC)         the status register (F4: SR; H7: ISR)
 *   USART_TXDATA                     the transmit data register (F4: DR; H7: TDR)
 *   GPIO_MODER, GPIO_OSPEEDR, GPIO_AFRL (AFRH follows it), GPIO_MODE_AF,
 *   GPIO_SPEED_MED, IRQ_COUNT, CORE_DHCSR
 * The USART's clock is the APB clock given to board_console_init.
 *
 * Writes poll TXE, so they work in any context, with interrupts masked and
 * from fault handlers; a character costs about 87 us at 115200, which is
 * why nothing may print inside a measurement window. Concurrent writers
 * from different tasks or interrupts interleave characters. "\n" goes out
 * as "\r\n" so that a plain serial terminal shows lines.
 *
 * board_exit prints "@VOS exit <status>", waits for the last bit to leave
 * the shift register, then stops the board: into the debugger (BKPT) when
 * one is attached, otherwise in a WFI loop with every interrupt masked.
 */
#include <stdbool.h>
#include <stdint.h>
#include "board.h"
#include "stm32_board_init.h"
#include "nvic.h"

#define CONSOLE_BAUD   115200u
#define NVIC_ICER_REGS ((IRQ_COUNT + 31u) / 32u)   /* ICERn / ICPRn covering every line */
#define NVIC_ALL_32    0xFFFFFFFFu
#define GPIO_AFR(pin)  (GPIO_AFRL + 4u * ((pin) / 8u))   /* AFRL: pins 0..7, AFRH: 8..15 */

#define USART(off) REG32(CONSOLE_USART_BASE + (off))
#define GPIO(off)  REG32(CONSOLE_GPIO_BASE + (off))

/* Set once the USART is configured: a fault before that (in the clock
 * set-up) must not poll a USART that is not clocked. */
static bool console_ready;

void board_console_init(uint32_t pclk_hz)
{
    /* The TX pin to its alternate function, medium speed (115200 baud
     * needs little). */
    const uint32_t shift2 = 2u * CONSOLE_TX_PIN, shift4 = 4u * (CONSOLE_TX_PIN % 8u);
    GPIO(GPIO_AFR(CONSOLE_TX_PIN)) =
        (GPIO(GPIO_AFR(CONSOLE_TX_PIN)) & ~(0xFu << shift4)) | (CONSOLE_TX_AF << shift4);
    GPIO(GPIO_OSPEEDR) = (GPIO(GPIO_OSPEEDR) & ~(3u << shift2)) | (GPIO_SPEED_MED << shift2);
    GPIO(GPIO_MODER) = (GPIO(GPIO_MODER) & ~(3u << shift2)) | (GPIO_MODE_AF << shift2);

    /* With 16x oversampling BRR is the USART clock / baud, rounded:
     * 42 MHz -> 365 (115068 baud, -0.11 %), 100 MHz -> 868 (+0.006 %). */
    USART(USART_CR1) = 0;
    USART(USART_BRR) = (pclk_hz + CONSOLE_BAUD / 2u) / CONSOLE_BAUD;
    USART(USART_CR2) = 0;
    USART(USART_CR3) = 0;
    USART(USART_CR1) = USART_CR1_UE | USART_CR1_TE;
    console_ready = true;
}

static void put_byte(char c)
{
    while ((USART(USART_TXSTAT) & USART_TXSTAT_TXE) == 0) {
    }
    USART(USART_TXDATA) = (uint8_t)c;
}

void board_console_write(const char *s)
{
    if (!console_ready)
        return;
    for (; *s; s++) {
        if (*s == '\n')
            put_byte('\r');
        put_byte(*s);
    }
}

void board_exit(int status)
{
    board_printf("@VOS exit %d\n", status);
    if (console_ready) {
        while ((USART(USART_TXSTAT) & USART_TXSTAT_TC) == 0) {
        }
    }
    __asm__ volatile("cpsid i" ::: "memory");
    /* No peripheral interrupt stays enabled or pending to wake the loop. */
    for (uint32_t i = 0; i < NVIC_ICER_REGS; i++) {
        REG32(NVIC_ICER + 4u * i) = NVIC_ALL_32;
        REG32(NVIC_ICPR + 4u * i) = NVIC_ALL_32;
    }
    if (REG32(CORE_DHCSR) & CORE_DHCSR_C_DEBUGEN)
        __asm__ volatile("bkpt 0");
    for (;;)
        __asm__ volatile("wfi");
}
