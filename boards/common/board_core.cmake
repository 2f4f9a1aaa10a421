# SPDX-License-Identifier: MIT
#
# The board for any other kernel, of an STM32F4 board, in two libraries
# that link nothing of VAIOS's kernel and leave out VAIOS's time driver
# (BOARD_NO_TIME_DRIVER):
#
#   vaios_board_services  the measurement services alone: the counter
#                         (board_cycles, board_counter_start), the test
#                         interrupt sources (board_irq_*), the software
#                         interrupt lines (board_swi_*), the console and
#                         its formatting (board_printf, board_exit), the
#                         board's name. No vector table, reset handler or
#                         linker script: an image whose kernel owns those
#                         (Zephyr, RTX5 with its device's start-up) links
#                         this, and its vector table calls the services'
#                         handlers by their CMSIS-device names
#                         (TIM3_IRQHandler ...: boards/<board>/testirq.c,
#                         boards/common/swi.c);
#   vaios_board_start     the start-up: vector table, Reset_Handler, the
#                         default and fault handlers (boards/common/startup.c,
#                         fault.c) and the linker script, for a kernel that
#                         brings none of its own (FreeRTOS). PendSV_Handler
#                         and SVC_Handler come from the kernel's port;
#                         SysTick_Handler is weak;
#   vaios_board_core      both (what a FreeRTOS firmware links,
#                         bench/os/freertos/README.md).
#
# They use VAIOS's headers for the configuration only (the counter's rate,
# the trace hooks, off by default); kernel/config.c defines the
# configuration signature that every file including vaios/config.h refers
# to (the link-time configuration check), which the kernel library would
# define otherwise. Called from the board's CMakeLists.txt, whose directory
# is the board's include directory:
#   vaios_stm32f4_board_core(START <start-up sources> SERVICES <service sources>)
function(vaios_stm32f4_board_core)
  cmake_parse_arguments(B "" "" "START;SERVICES" ${ARGN})
  set(common ${VAIOS_SOURCE_DIR}/boards/common)
  add_library(vaios_board_services STATIC EXCLUDE_FROM_ALL ${B_SERVICES}
              ${common}/board_id.c ${common}/swi.c ${common}/printf.c
              ${VAIOS_SOURCE_DIR}/kernel/config.c)
  add_library(vaios_board_start STATIC EXCLUDE_FROM_ALL ${B_START}
              ${common}/startup.c ${common}/fault.c)
  foreach(lib vaios_board_services vaios_board_start)
    target_compile_definitions(${lib} PRIVATE BOARD_NO_TIME_DRIVER=1)
    target_include_directories(${lib} PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}
                               ${VAIOS_SOURCE_DIR}/boards/include
                               $<TARGET_PROPERTY:vaios,INTERFACE_INCLUDE_DIRECTORIES>
                               PRIVATE $<TARGET_PROPERTY:vaios_port,INTERFACE_INCLUDE_DIRECTORIES>)
    target_link_libraries(${lib} PUBLIC vaios_config)   # a header directory, no code
    target_compile_options(${lib} PRIVATE ${VAIOS_WARNINGS})
  endforeach()
  target_link_libraries(vaios_board_start PUBLIC vaios_board_services)
  target_link_options(vaios_board_start INTERFACE -T${VAIOS_BOARD_LINKER_SCRIPT}
                      -L${VAIOS_SOURCE_DIR}/boards/include -nostartfiles)
  add_library(vaios_board_core INTERFACE)
  target_link_libraries(vaios_board_core INTERFACE vaios_board_start vaios_board_services)
endfunction()
