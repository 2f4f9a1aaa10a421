# SPDX-License-Identifier: MIT
# Toolchain: Debian's arm-none-eabi-gcc with newlib. The CPU flags are the
# board's: a board directory may hold cpu.cmake, which sets VAIOS_CPU_FLAGS
# (boards/mps2_an500: Cortex-M7 with FPv5); without one, Cortex-M4F hard
# float. The board is known here because -DVAIOS_BOARD=... is in the cache
# before the toolchain file is read (the Makefile passes it); a board given
# as VAIOS_BOARD_DIR is looked up the same way.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR arm)
set(CMAKE_C_COMPILER arm-none-eabi-gcc)
set(CMAKE_ASM_COMPILER arm-none-eabi-gcc)
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES VAIOS_BOARD VAIOS_BOARD_DIR)

set(VAIOS_CPU_FLAGS "-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16")
if(VAIOS_BOARD_DIR AND EXISTS "${VAIOS_BOARD_DIR}/cpu.cmake")
  include("${VAIOS_BOARD_DIR}/cpu.cmake")
elseif(VAIOS_BOARD AND EXISTS "${CMAKE_CURRENT_LIST_DIR}/../boards/${VAIOS_BOARD}/cpu.cmake")
  include("${CMAKE_CURRENT_LIST_DIR}/../boards/${VAIOS_BOARD}/cpu.cmake")
endif()
set(CMAKE_C_FLAGS_INIT "${VAIOS_CPU_FLAGS} -ffunction-sections -fdata-sections")
set(CMAKE_ASM_FLAGS_INIT "${VAIOS_CPU_FLAGS}")
set(CMAKE_EXE_LINKER_FLAGS_INIT "${VAIOS_CPU_FLAGS} -Wl,--gc-sections -specs=nano.specs -specs=nosys.specs")
set(CMAKE_C_FLAGS_RELEASE "-O2")
set(CMAKE_C_FLAGS_MINSIZEREL "-Os")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
