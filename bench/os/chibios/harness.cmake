# SPDX-License-Identifier: MIT
#
# The harness for ChibiOS/RT (VAIOS_BENCH_OS=chibios, included by
# bench/CMakeLists.txt): the static library vaios_bench_chibios, with the
# benchmark's main(), every family and this backend, for the user's
# ChibiOS/RT firmware to link, and tm_suite_chibios, the same for the
# Thread-Metric check image (bench/tm_suite.c). It takes ChibiOS/RT from
# the user's build: a target chibios_rt that compiles the kernel, the
# oslib and the ARMv7-M port from the user's copy with this directory
# (chconf.h, cmparams.h) on its include path; and the board from this tree
# (vaios_board_core, which links no kernel). This tree contains no ChibiOS
# code and fetches none (README.md beside this file has the firmware's
# CMakeLists.txt, which takes the copy's path in CHIBIOS_DIR).
if(NOT TARGET chibios_rt)
  message(FATAL_ERROR "VAIOS_BENCH_OS=chibios builds a library for your ChibiOS/RT firmware, and \
needs its target chibios_rt first (the kernel, oslib and ARMv7-M port of your ChibiOS copy, \
with ${VAIOS_SOURCE_DIR}/bench/os/chibios on the include path). \
See ${VAIOS_SOURCE_DIR}/bench/os/chibios/README.md for the firmware's CMakeLists.txt.")
endif()
if(NOT TARGET vaios_board_core)
  message(FATAL_ERROR "VAIOS_BENCH_OS=chibios needs a board of this tree: -DVAIOS_BOARD=netduinoplus2")
endif()
if(NOT TARGET vaios_flight)
  add_subdirectory(${VAIOS_SOURCE_DIR}/apps/flight ${CMAKE_CURRENT_BINARY_DIR}/flight)
endif()

add_library(vaios_bench_chibios STATIC ${VB_MAIN} ${VB_FAMILIES_HEAD} ${VB_FAMILIES} ${VB_TM_CHIBIOS}
            ${VB_FAMILIES_TAIL} ${CMAKE_CURRENT_SOURCE_DIR}/os/chibios/osal_chibios.c)
vb_harness_setup(vaios_bench_chibios chibios)
target_link_libraries(vaios_bench_chibios PUBLIC chibios_rt vaios_board_core vaios_flight)
target_link_options(vaios_bench_chibios INTERFACE -Wl,--undefined=main)

# The Thread-Metric check (tools/tm_suite_check.py --log): the harness's
# rows and the yardstick's through this backend's porting layer.
add_library(tm_suite_chibios STATIC ${CMAKE_CURRENT_SOURCE_DIR}/tm_suite.c
            ${CMAKE_CURRENT_SOURCE_DIR}/core.c ${VB_TM_CHIBIOS}
            ${CMAKE_CURRENT_SOURCE_DIR}/os/chibios/osal_chibios.c)
vb_harness_setup(tm_suite_chibios chibios)
target_link_libraries(tm_suite_chibios PUBLIC chibios_rt vaios_board_core)
target_link_options(tm_suite_chibios INTERFACE -Wl,--undefined=main)
