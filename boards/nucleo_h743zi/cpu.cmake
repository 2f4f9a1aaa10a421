# SPDX-License-Identifier: MIT
# Read by cmake/arm-none-eabi.cmake: the Cortex-M7 with the double-precision
# FPv5 unit (D0..D15, the same register file as S0..S31: the lazily stacked
# frame is the same 32 single registers as on the M4F).
set(VAIOS_CPU_FLAGS "-mcpu=cortex-m7 -mthumb -mfloat-abi=hard -mfpu=fpv5-d16")
