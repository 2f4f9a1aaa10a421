# SPDX-License-Identifier: MIT
#
# Included by the module's applications (app/, minimal/) before
# find_package(Zephyr). A Zephyr before 3.7 (hardware model v1) finds a board under
# boards/<arch>/ and its SoC under soc/<arch>/ of a root, not through the
# module's settings: hwmv1/ beside this file holds the same board and SoC in that layout
# (README.md, "Zephyr versions"). The version is read from the tree that
# find_package will use (ZEPHYR_BASE, which west sets).
set(vb_zephyr_base "$ENV{ZEPHYR_BASE}")
if(ZEPHYR_BASE)
  set(vb_zephyr_base "${ZEPHYR_BASE}")
endif()
if(vb_zephyr_base AND EXISTS "${vb_zephyr_base}/VERSION")
  file(STRINGS "${vb_zephyr_base}/VERSION" vb_version REGEX "^VERSION_(MAJOR|MINOR) *=")
  string(REGEX REPLACE ".*VERSION_MAJOR *= *([0-9]+).*" "\\1" vb_major "${vb_version}")
  string(REGEX REPLACE ".*VERSION_MINOR *= *([0-9]+).*" "\\1" vb_minor "${vb_version}")
  if(vb_major LESS 3 OR (vb_major EQUAL 3 AND vb_minor LESS 7))
    list(APPEND BOARD_ROOT ${CMAKE_CURRENT_LIST_DIR}/hwmv1)
    list(APPEND SOC_ROOT ${CMAKE_CURRENT_LIST_DIR}/hwmv1)
  endif()
endif()
