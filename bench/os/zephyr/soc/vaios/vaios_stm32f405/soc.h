/* SPDX-License-Identifier: MIT */
/*
 * The emulated STM32F405's SoC header for Zephyr: the core only. The
 * Cortex-M definitions (the interrupt number type, the priority bits from
 * the devicetree's NVIC node, the FPU and MPU flags) are Zephyr's CMSIS
 * defaults; the peripherals the harness uses are named by the VAIOS board
 * headers (boards/netduinoplus2/board_regs.h), not here.
 */
#ifndef VAIOS_ZEPHYR_SOC_H
#define VAIOS_ZEPHYR_SOC_H

#include <cmsis_core_m_defaults.h>

#endif /* VAIOS_ZEPHYR_SOC_H */
