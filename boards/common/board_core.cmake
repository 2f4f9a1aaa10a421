# SPDX-License-Identifier: MIT
#
# vaios_stm32f4_board_core(<board's own sources>...): the board library for
# any other kernel, vaios_board_core, of an STM32F4 board: the board's own
# files given here plus the shared start-up, software interrupt lines,
# fault report and console formatting, without VAIOS's time driver
# (BOARD_NO_TIME_DRIVER, boards/common/fault.c); nothing of VAIOS is
# linked. PendSV_Handler and SVC_Handler, named by the vector table, come
# from the kernel's port; SysTick_Handler is weak. It uses VAIOS's headers
# for its configuration only (the trace hooks, off by default). A FreeRTOS
# firmware links it (bench/os/freertos/README.md). kernel/config.c defines
# the configuration signature that every file including vaios/config.h
# refers to (the link-time configuration check), which the kernel library
# would define otherwise. Called from the board's CMakeLists.txt, whose
# directory is the board's include directory.
function(vaios_stm32f4_board_core)
  set(common ${VAIOS_SOURCE_DIR}/boards/common)
  add_library(vaios_board_core STATIC EXCLUDE_FROM_ALL ${ARGN}
              ${common}/startup.c ${common}/swi.c ${common}/fault.c ${common}/printf.c
              ${VAIOS_SOURCE_DIR}/kernel/config.c)
  target_compile_definitions(vaios_board_core PRIVATE BOARD_NO_TIME_DRIVER=1)
  target_include_directories(vaios_board_core PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}
                             ${VAIOS_SOURCE_DIR}/boards/include
                             $<TARGET_PROPERTY:vaios,INTERFACE_INCLUDE_DIRECTORIES>)
  target_link_libraries(vaios_board_core PUBLIC vaios_config)   # a header directory, no code
  target_compile_options(vaios_board_core PRIVATE ${VAIOS_WARNINGS})
  target_link_options(vaios_board_core INTERFACE -T${VAIOS_BOARD_LINKER_SCRIPT}
                      -L${VAIOS_SOURCE_DIR}/boards/include -nostartfiles)
endfunction()
