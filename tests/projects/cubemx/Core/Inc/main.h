/* SPDX-License-Identifier: MIT */
/*
 * main.h in STM32CubeMX's shape. A generated one includes the HAL
 * (stm32f4xx_hal.h); this test has no ST code, so it includes what stands
 * in for the HAL here: VAIOS's HAL time base declarations and the few HAL
 * names main.c uses (hal_init.c).
 */
#ifndef __MAIN_H
#define __MAIN_H

#include <stdint.h>
#include "vaios_hal_timebase.h"
#include "board.h"

typedef enum { HAL_OK = VOS_HAL_OK, HAL_ERROR = VOS_HAL_ERROR } HAL_StatusTypeDef;
#define TICK_INT_PRIORITY 15u
#define HAL_MAX_DELAY     0xFFFFFFFFu

HAL_StatusTypeDef HAL_Init(void);
void Error_Handler(void);

#endif /* __MAIN_H */
