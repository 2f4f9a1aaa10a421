/* SPDX-License-Identifier: MIT */
/*
 * Kernel options of this project: the defaults (32 priority levels, which
 * the CMSIS-RTOS2 layer's priority mapping needs).
 */
#ifndef VAIOS_CONFIG_H_CUBEMX
#define VAIOS_CONFIG_H_CUBEMX
#endif
