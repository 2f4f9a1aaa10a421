# SPDX-License-Identifier: MIT
#
# The harness for another CMSIS-RTOS2 kernel (VAIOS_BENCH_OS=cmsis_rtos2
# with VAIOS_BENCH_CMSIS_KERNEL=<target>, included by bench/CMakeLists.txt):
# the static library vaios_bench_cmsis_rtos2, with the benchmark's main(),
# every family and this backend, for the user's firmware to link. It takes
# the kernel from the user's build (the CMake target named by
# VAIOS_BENCH_CMSIS_KERNEL, which gives cmsis_os2.h on its include path and
# the kernel's code) and the board's measurement services from this tree
# (vaios_board_services; the start-up too, vaios_board_start, unless
# VAIOS_BENCH_BOARD_START is OFF because the kernel's start-up owns the
# vector table). This tree contains no kernel code and fetches none
# (README.md beside this file).
if(NOT TARGET ${VAIOS_BENCH_CMSIS_KERNEL})
  message(FATAL_ERROR "VAIOS_BENCH_CMSIS_KERNEL=${VAIOS_BENCH_CMSIS_KERNEL}: no such target. Define your \
CMSIS-RTOS2 kernel's library (its sources, its cmsis_os2.h on the include path) before \
add_subdirectory of this tree; see ${VAIOS_SOURCE_DIR}/bench/os/cmsis_rtos2/README.md.")
endif()
option(VAIOS_BENCH_BOARD_START "CMSIS backend: link this tree's start-up (vector table, reset, linker script)" ON)
vb_peer_libraries(cmsis_rtos2 BACKEND ${CMAKE_CURRENT_SOURCE_DIR}/os/cmsis_rtos2/osal_cmsis.c
                  TM ${VB_TM_CMSIS} KERNEL ${VAIOS_BENCH_CMSIS_KERNEL}
                  BOARD vaios_board_services BOARDS netduinoplus2 nucleo_f401re)
# The minimal image of the footprint rows (minimal.c: apps/minimal through
# cmsis_os2.h), for the firmware's minimal executable to link with a link
# map (README.md): the kernel, the board's start-up and services, and the
# OS Tick below when it is on, as VAIOS's minimal image links its kernel,
# its time driver and the board.
add_library(minimal_cmsis_rtos2 STATIC ${CMAKE_CURRENT_SOURCE_DIR}/os/cmsis_rtos2/minimal.c)
target_compile_options(minimal_cmsis_rtos2 PRIVATE ${VAIOS_WARNINGS})
target_link_libraries(minimal_cmsis_rtos2 PUBLIC ${VAIOS_BENCH_CMSIS_KERNEL} vaios_board_services)
target_link_options(minimal_cmsis_rtos2 INTERFACE -Wl,--undefined=main)
set(vb_cmsis_libs vaios_bench_cmsis_rtos2 tm_suite_cmsis_rtos2 minimal_cmsis_rtos2)
# The kernel's system timer on the board's counter (os_tick_board.c, the
# CMSIS OS Tick interface: RTX5): compiled into the executable, as the
# kernel's library, linked after this one, calls it.
option(VAIOS_BENCH_CMSIS_OS_TICK "CMSIS backend: an OS Tick (os_tick.h) at the board counter's rate, for RTX5" OFF)
if(VAIOS_BENCH_CMSIS_OS_TICK AND NOT VAIOS_BOARD STREQUAL "netduinoplus2")
  message(FATAL_ERROR "VAIOS_BENCH_CMSIS_OS_TICK: the OS Tick on the board's counter is written for netduinoplus2 (QEMU's TIM5 model) only")
endif()
foreach(t ${vb_cmsis_libs})
  vb_cmsis_prios(${t})
  if(VAIOS_BENCH_BOARD_START)
    target_link_libraries(${t} PUBLIC vaios_board_start)
  endif()
  if(VAIOS_BENCH_CMSIS_OS_TICK)
    target_sources(${t} INTERFACE ${CMAKE_CURRENT_SOURCE_DIR}/os/cmsis_rtos2/os_tick_board.c)
  endif()
endforeach()
