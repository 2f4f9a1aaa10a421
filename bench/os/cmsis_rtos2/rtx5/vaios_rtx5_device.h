/* SPDX-License-Identifier: MIT */
/*
 * A minimal CMSIS device header for the STM32F405 as QEMU's netduinoplus2
 * models it, for RTX5 (rtx_core_cm.h includes CMSIS_device_header): the
 * core's exception numbers, the core's configuration, and CMSIS's
 * core_cm4.h from the user's CMSIS_6 copy (CMSIS/Core/Include on the
 * kernel's include path). The device's own interrupts are the board's
 * (boards/netduinoplus2), which RTX does not name.
 */
#ifndef VAIOS_RTX5_DEVICE_H
#define VAIOS_RTX5_DEVICE_H

#include "../../common/stm32f4_core.h"

#endif
