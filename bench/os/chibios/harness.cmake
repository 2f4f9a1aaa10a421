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
vb_peer_libraries(chibios BACKEND ${CMAKE_CURRENT_SOURCE_DIR}/os/chibios/osal_chibios.c
                  TM ${VB_TM_CHIBIOS} KERNEL chibios_rt
                  BOARD vaios_board_core BOARDS netduinoplus2)
