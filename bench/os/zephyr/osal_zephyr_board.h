/* SPDX-License-Identifier: MIT */
/*
 * The board side of the Zephyr backend (osal_zephyr_board.c): what the
 * backend does on the emulated board's registers, kept out of the files
 * that include Zephyr's headers, so that it compiles and is checked
 * without a Zephyr tree (tools/tests/test_zephyr_backend.py).
 */
#ifndef OSAL_ZEPHYR_BOARD_H
#define OSAL_ZEPHYR_BOARD_H

#include <stdint.h>

/* Starts the board's counter (board_counter_start) with its wrap
 * interrupt (TIM2's update, once per 2^32 counts) at NVIC priority
 * wrap_prio; the interrupt calls vz_counter_wrapped(). Thread context,
 * once, before the first figure. */
void vz_counter_start(uint8_t wrap_prio);

/* Defined by the backend (osal_zephyr.c): the counter wrapped. Called
 * from the wrap interrupt, a kernel-level handler that makes no kernel
 * call. */
void vz_counter_wrapped(void);

/* The core's BASEPRI register: what irq_lock() masks, read in the lock. */
uint32_t vz_basepri(void);

/* One character on the board's console (semihosting), for Zephyr's
 * printk: returns c. Any context where board_console_write may be called. */
int vz_console_putc(int c);

/* The spinning idle thread's body: never returns, never blocks. */
void vz_spin(void) __attribute__((noreturn));

#endif /* OSAL_ZEPHYR_BOARD_H */
