/* SPDX-License-Identifier: MIT */
/*
 * What stands in for the STM32Cube HAL's HAL_Init in this test: as the
 * HAL's does, it starts the HAL's time base with HAL_InitTick, which in
 * this image is VAIOS's (hal/hal_timebase.c). Our own code.
 */
#include "main.h"

HAL_StatusTypeDef HAL_Init(void)
{
    return HAL_InitTick(TICK_INT_PRIORITY) == VOS_HAL_OK ? HAL_OK : HAL_ERROR;
}
