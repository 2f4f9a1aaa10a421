/* SPDX-License-Identifier: MIT */
/*
 * Unprivileged access to the board's counter: the IoTKit's expansion APB
 * PPC 2 opens its FPGA I/O port (board_regs.h: SACFG_APBSPPPCEXP2).
 *
 * board_cycles() reads the FPGA I/O block's counter, and so do the
 * unprivileged tasks of the MPU benchmark and tests that time themselves
 * (bench/mpu.c; test_mpu_domain's an_unprivileged_task_reads_the_board_counter).
 * The PPC resets with that port closed to unprivileged code, and a
 * blocked read returns 0 without a fault: every unprivileged sample was
 * 0 (domain_switch same_domain/cross_domain, svc_call) or a wrap
 * (mpu_fault_to_report domain_memory). Only that port is opened: the
 * system control block and I2S behind the same PPC stay privileged, and
 * the MPU still decides what each task's domain may reach.
 *
 * Calling context: Reset_Handler (boards/common/startup.c), privileged
 * and secure, before main(); nothing else writes the register.
 */
#include "board.h"

void board_reset_late(void)
{
    REG32(SACFG_BASE + SACFG_APBSPPPCEXP2) |= APBPPCEXP2_PORT_FPGAIO;
    __asm__ volatile("dsb\n\tisb" ::: "memory");   /* in effect before main()'s first access */
}
