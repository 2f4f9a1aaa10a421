# SPDX-License-Identifier: MIT
#
# Source list and flags of the flight pipeline, shared by the library
# target (CMakeLists.txt here) and the host tests (tests/host/flight), so a
# file added here is built and tested everywhere.
set(VAIOS_FLIGHT_DIR ${CMAKE_CURRENT_LIST_DIR})
set(VAIOS_FLIGHT_SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/vehicle_model.c
    ${CMAKE_CURRENT_LIST_DIR}/attitude.c
    ${CMAKE_CURRENT_LIST_DIR}/pid.c
    ${CMAKE_CURRENT_LIST_DIR}/mixer.c
    ${CMAKE_CURRENT_LIST_DIR}/pipeline.c)
# -Wdouble-promotion: the code is single precision for the M4F FPU; any
# silent promotion to double would become a software-emulated call there.
# -fno-math-errno: sqrtf compiles to the FPU's vsqrt with no errno path
# (nothing here reads errno).
# -ffp-contract=off: no fused multiply-add, so the Cortex-M4F (which has
# VFMA) rounds exactly like an x86-64 host and a target run can be checked
# bit for bit against the host (tests/host/flight/m4_cost.sh does). On the
# M4 it costs instructions, not cycles: VFMA takes 3 cycles, VMUL+VADD 2.
set(VAIOS_FLIGHT_WARNINGS -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes
    -Wmissing-prototypes -Wdouble-promotion)
set(VAIOS_FLIGHT_CFLAGS -fno-math-errno -ffp-contract=off)
