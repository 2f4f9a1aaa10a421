/* SPDX-License-Identifier: MIT */
/*
 * The component header RTX5's sources include (rtx_core_c.h): it names the
 * device header, here the harness's own for the emulated board
 * (vaios_rtx5_device.h beside this file). No RTX code.
 */
#ifndef RTE_COMPONENTS_H
#define RTE_COMPONENTS_H
#define CMSIS_device_header "vaios_rtx5_device.h"
#endif
