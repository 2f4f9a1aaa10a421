# SPDX-License-Identifier: MIT
#
# The board library vaios_board (alias vaios::board) as every board of the
# tree makes it: the board's own sources (relative to its directory, or
# absolute), then boards/common's start-up, board name and cycle unit,
# software interrupt lines, alarm statistics, fault report and record and
# console formatting; the board's directory and boards/include for every
# user; the kernel and the time half of the port contract (arch/port.h);
# the board's linker script for the image.
#
#   include(${VAIOS_SOURCE_DIR}/boards/common/board_library.cmake)
#   vaios_board_library(timebase.c testirq.c ${VAIOS_SOURCE_DIR}/boards/common/semihosting.c)
#   vaios_board_idle_exact(idle_exact.c)
function(vaios_board_library)
    set(common ${VAIOS_SOURCE_DIR}/boards/common)
    add_library(vaios_board STATIC ${ARGN}
                ${common}/startup.c ${common}/board_id.c ${common}/swi.c ${common}/alarm_stats.c
                ${common}/fault.c ${common}/fault_record.c ${common}/printf.c)
    target_include_directories(vaios_board PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}
                               ${VAIOS_SOURCE_DIR}/boards/include)
    target_link_libraries(vaios_board PUBLIC vaios PRIVATE vaios_port)
    target_compile_options(vaios_board PRIVATE ${VAIOS_WARNINGS})
    target_link_options(vaios_board INTERFACE -T${VAIOS_BOARD_LINKER_SCRIPT}
                        -L${VAIOS_SOURCE_DIR}/boards/include -nostartfiles)
endfunction()

# The exact idle of the benchmark and test images (the board's
# idle_exact.c); built only for what links it, so a firmware using the
# board never compiles it.
function(vaios_board_idle_exact source)
    add_library(vaios_idle_exact OBJECT EXCLUDE_FROM_ALL ${source})
    target_link_libraries(vaios_idle_exact PRIVATE vaios vaios_port)
    target_compile_options(vaios_idle_exact PRIVATE ${VAIOS_WARNINGS})
endfunction()
