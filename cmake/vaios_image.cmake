# SPDX-License-Identifier: MIT
#
# vaios_image(<target>): after <target> links, print its size
# (arm-none-eabi-size: text, data, bss) and write <name>.bin (raw, from the
# start of flash) and <name>.hex (Intel HEX) beside it; <name> is the
# image's file name without ".elf". Part of the default build (a target
# <name>_image_files in ALL); building one image by name (--target) does
# not write them.
# A target with the property VAIOS_NO_IMAGE (an image the build must refuse,
# tests/target/mpu/frame_refused.c) gets none.
# vaios_images_all(<dir>): vaios_image for every executable of <dir> and
# of the directories below it (the top CMakeLists.txt defers this call to
# the end of the project's top directory, so it reaches every image).
find_program(VAIOS_SIZE NAMES arm-none-eabi-size
             HINTS ${CMAKE_C_COMPILER_EXTERNAL_TOOLCHAIN} ${CMAKE_FIND_ROOT_PATH})
find_program(VAIOS_OBJCOPY NAMES arm-none-eabi-objcopy
             HINTS ${CMAKE_C_COMPILER_EXTERNAL_TOOLCHAIN} ${CMAKE_FIND_ROOT_PATH})
if(CMAKE_OBJCOPY AND NOT VAIOS_OBJCOPY)
  set(VAIOS_OBJCOPY ${CMAKE_OBJCOPY})
endif()

function(vaios_image target)
  get_target_property(done ${target} VAIOS_IMAGE)
  get_target_property(refused ${target} VAIOS_NO_IMAGE)   # must not build
  if(done OR refused OR NOT VAIOS_OBJCOPY)
    return()
  endif()
  set_target_properties(${target} PROPERTIES VAIOS_IMAGE ON)
  get_target_property(name ${target} OUTPUT_NAME)
  if(NOT name)
    set(name ${target})
  endif()
  string(REGEX REPLACE "\\.elf$" "" name ${name})
  get_target_property(dir ${target} RUNTIME_OUTPUT_DIRECTORY)
  if(NOT dir)
    get_target_property(dir ${target} BINARY_DIR)
  endif()
  set(size_cmd)
  if(VAIOS_SIZE)
    set(size_cmd COMMAND ${VAIOS_SIZE} $<TARGET_FILE:${target}>)
  endif()
  # A rule of its own, not a POST_BUILD step (which only the target's own
  # directory may add): it runs after every new link of the image.
  add_custom_command(OUTPUT ${dir}/${name}.bin ${dir}/${name}.hex ${size_cmd}
    COMMAND ${VAIOS_OBJCOPY} -O binary $<TARGET_FILE:${target}> ${dir}/${name}.bin
    COMMAND ${VAIOS_OBJCOPY} -O ihex $<TARGET_FILE:${target}> ${dir}/${name}.hex
    DEPENDS ${target} $<TARGET_FILE:${target}>
    VERBATIM)
  string(MAKE_C_IDENTIFIER ${name} id)
  add_custom_target(${id}_image_files ALL DEPENDS ${dir}/${name}.bin ${dir}/${name}.hex)
endfunction()

function(vaios_images_all dir)
  get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
  foreach(t IN LISTS targets)
    get_target_property(type ${t} TYPE)
    get_target_property(imported ${t} IMPORTED)
    if(type STREQUAL "EXECUTABLE" AND NOT imported)
      vaios_image(${t})
    endif()
  endforeach()
  get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  foreach(d IN LISTS subdirs)
    vaios_images_all(${d})
  endforeach()
endfunction()
