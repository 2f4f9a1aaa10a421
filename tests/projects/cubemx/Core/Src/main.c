/* SPDX-License-Identifier: MIT */
/* USER CODE BEGIN Header */
/*
 * main.c in the shape STM32CubeMX generates for a CMSIS-RTOS2 project
 * (our own code): HAL_Init, the clock and GPIO set-up, osKernelInitialize,
 * MX_FREERTOS_Init (freertos.c), osKernelStart. Compiled unchanged against
 * VAIOS through cmsis_os.h and vaios::cubemx. The HAL's time base is
 * VAIOS's: HAL_Delay before the kernel starts busy-waits on it, and the
 * TIM "Timebase Source" callback below calls HAL_IncTick, which links and
 * does nothing.
 */
/* USER CODE END Header */
/* Includes ------------------------------------------------------------------*/
#include "main.h"
#include "cmsis_os.h"

/* Private function prototypes -----------------------------------------------*/
void SystemClock_Config(void);
static void MX_GPIO_Init(void);
void MX_FREERTOS_Init(void);

/* USER CODE BEGIN 0 */
uint32_t boot_tick_before, boot_tick_after;
/* USER CODE END 0 */

int main(void)
{
  /* MCU Configuration--------------------------------------------------------*/
  /* Reset of all peripherals, Initializes the Flash interface and the Systick. */
  if (HAL_Init() != HAL_OK)
  {
    Error_Handler();
  }
  /* Configure the system clock */
  SystemClock_Config();
  /* Initialize all configured peripherals */
  MX_GPIO_Init();
  /* USER CODE BEGIN 2 */
  boot_tick_before = HAL_GetTick();
  HAL_Delay(5);
  boot_tick_after = HAL_GetTick();
  /* USER CODE END 2 */

  /* Init scheduler */
  osKernelInitialize();
  /* Call init function for freertos objects (in freertos.c) */
  MX_FREERTOS_Init();
  /* Start scheduler */
  osKernelStart();

  /* We should never get here as control is now taken by the scheduler */
  /* Infinite loop */
  while (1)
  {
  }
}

void SystemClock_Config(void)
{
  /* The board's start-up set the clocks (boards/.../startup); nothing here. */
}

static void MX_GPIO_Init(void)
{
}

/* The HAL's TIM time base callback, as generated when a TIM is the
 * Timebase Source: with VAIOS no such interrupt is programmed; the call
 * still compiles and links. */
void HAL_TIM_PeriodElapsedCallback(void *htim);
void HAL_TIM_PeriodElapsedCallback(void *htim)
{
  (void)htim;
  HAL_IncTick();
}

void Error_Handler(void)
{
  /* USER CODE BEGIN Error_Handler_Debug */
  board_printf("cubemx: FAIL Error_Handler\n");
  board_exit(1);
  /* USER CODE END Error_Handler_Debug */
}
