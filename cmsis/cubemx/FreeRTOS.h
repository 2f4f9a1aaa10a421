/* SPDX-License-Identifier: MIT */
/*
 * Not FreeRTOS. STM32CubeMX's generated freertos.c includes "FreeRTOS.h"
 * and "task.h" before "cmsis_os.h" even when it uses only the CMSIS-RTOS2
 * API; on VAIOS these two names lead to cmsis_os.h, so that file compiles
 * unchanged. Nothing of FreeRTOS's own API is declared: a call of one
 * (xTaskCreate ...) fails to compile, naming it. On the include path of
 * vaios::cubemx only (cmsis/CMakeLists.txt).
 */
#ifndef VAIOS_CUBEMX_FREERTOS_H
#define VAIOS_CUBEMX_FREERTOS_H
#include "cmsis_os.h"
#endif
