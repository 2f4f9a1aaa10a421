/* SPDX-License-Identifier: MIT */
/*
 * Not FreeRTOS: what STM32CubeMX's freertos.c includes as "task.h" leads
 * to cmsis_os.h on VAIOS (cmsis/cubemx/FreeRTOS.h says why).
 */
#ifndef VAIOS_CUBEMX_TASK_H
#define VAIOS_CUBEMX_TASK_H
#include "cmsis_os.h"
#endif
