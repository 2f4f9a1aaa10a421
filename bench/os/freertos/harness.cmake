# SPDX-License-Identifier: MIT
#
# The harness for FreeRTOS (VAIOS_BENCH_OS=freertos, included by
# bench/CMakeLists.txt): the static library vaios_bench_freertos, with the
# benchmark's main(), every family and this backend, for the user's
# FreeRTOS firmware to link. It takes FreeRTOS from the user's build (the
# target freertos_kernel of FreeRTOS-Kernel's CMake, port GCC_ARM_CM4F,
# heap 4, configuration bench/os/freertos/FreeRTOSConfig.h) and the board
# from this tree (vaios_board_core, which links no kernel). This tree
# contains no FreeRTOS code and fetches none (README.md beside this file).
if(NOT TARGET freertos_kernel)
  message(FATAL_ERROR "VAIOS_BENCH_OS=freertos builds a library for your FreeRTOS firmware, and \
needs FreeRTOS-Kernel's target freertos_kernel first. In your firmware's CMakeLists.txt:

    add_library(freertos_config INTERFACE)
    target_include_directories(freertos_config INTERFACE <vaios>/bench/os/freertos)
    set(FREERTOS_PORT GCC_ARM_CM4F CACHE STRING \"\")
    set(FREERTOS_HEAP 4 CACHE STRING \"\")
    add_subdirectory(<FreeRTOS-Kernel> freertos)
    add_library(vaios_config INTERFACE)
    target_include_directories(vaios_config INTERFACE <vaios>/config)
    set(VAIOS_BOARD netduinoplus2)
    set(VAIOS_BENCH_OS freertos)
    add_subdirectory(<vaios> vaios)
    add_executable(bench_freertos.elf <vaios>/bench/os/freertos/empty.c)
    target_link_libraries(bench_freertos.elf PRIVATE vaios_bench_freertos)

See ${VAIOS_SOURCE_DIR}/bench/os/freertos/README.md.")
endif()
vb_peer_libraries(freertos BACKEND ${CMAKE_CURRENT_SOURCE_DIR}/os/freertos/osal_freertos.c
                  TM ${VB_TM_FREERTOS} KERNEL freertos_kernel
                  BOARD vaios_board_core BOARDS netduinoplus2 nucleo_f401re)

# The minimal image of the footprint rows (minimal.c: apps/minimal on
# FreeRTOS's API), for the firmware's minimal_freertos.elf to link with
# a link map (README.md, "Footprint"): FreeRTOS and the board's start-up
# only (vaios_board_start: vector table, reset, fault report), as VAIOS's
# minimal image links its kernel and the board.
add_library(minimal_freertos STATIC ${CMAKE_CURRENT_SOURCE_DIR}/os/freertos/minimal.c)
target_compile_options(minimal_freertos PRIVATE ${VAIOS_WARNINGS})
target_link_libraries(minimal_freertos PUBLIC freertos_kernel vaios_board_start)
target_link_options(minimal_freertos INTERFACE -Wl,--undefined=main)
