# SPDX-License-Identifier: MIT
#
# Included by the module's applications (app/, minimal/) before
# find_package(Zephyr). A Zephyr of hardware model v1 (before 3.7) finds a
# board under boards/<arch>/ and its SoC under soc/<arch>/ of a root, not
# through the module's settings: hwmv1/ beside this file holds the same
# board and SoC in that layout (README.md, "Zephyr versions"). The model is
# read from the tree find_package will use (ZEPHYR_BASE, which west sets):
# v2 trees have cmake/modules/hwm_v2.cmake. Without ZEPHYR_BASE the model
# cannot be told and v2 is assumed, with a warning: a v1 tree would then
# match the v2 board directory and fail in Kconfig.
function(vaios_zephyr_board_roots)
  set(base "$ENV{ZEPHYR_BASE}")
  if(ZEPHYR_BASE)
    set(base "${ZEPHYR_BASE}")
  endif()
  if(NOT base OR NOT IS_DIRECTORY "${base}/cmake/modules")
    message(WARNING "vaios_bench: no ZEPHYR_BASE: assuming a Zephyr of hardware model v2 "
                    "(3.7 or later); for an older Zephyr set ZEPHYR_BASE (README.md, \"Zephyr versions\")")
  elseif(NOT EXISTS "${base}/cmake/modules/hwm_v2.cmake")
    set(BOARD_ROOT ${BOARD_ROOT} ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/hwmv1 PARENT_SCOPE)
    set(SOC_ROOT ${SOC_ROOT} ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/hwmv1 PARENT_SCOPE)
  endif()
endfunction()
vaios_zephyr_board_roots()
