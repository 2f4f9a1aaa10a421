# SPDX-License-Identifier: MIT
# Read by cmake/arm-none-eabi.cmake: the Cortex-M33 (Armv8-M mainline) with
# its single-precision FPv5 unit and the DSP extension. The compiler then
# defines __ARM_ARCH_8M_MAIN__, which selects the port's v8-M parts
# (arch/cortex-m: the stack-limit registers).
set(VAIOS_CPU_FLAGS "-mcpu=cortex-m33 -mthumb -mfloat-abi=hard -mfpu=fpv5-sp-d16")
