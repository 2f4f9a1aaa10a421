/* SPDX-License-Identifier: MIT */
/*
 * The version of VAIOS: the one place it is written. vaios.h includes
 * this file; the top CMakeLists.txt reads the three numbers from it for
 * project(VERSION); the CMSIS-RTOS2 layer's osKernelGetInfo encodes them.
 * Changes are listed in CHANGELOG.md.
 */
#ifndef VAIOS_VERSION_H
#define VAIOS_VERSION_H

#define VAIOS_VERSION_MAJOR 0
#define VAIOS_VERSION_MINOR 1
#define VAIOS_VERSION_PATCH 0

#define VAIOS__VERSION_STR2(a, b, c) #a "." #b "." #c
#define VAIOS__VERSION_STR(a, b, c) VAIOS__VERSION_STR2(a, b, c)
/* "MAJOR.MINOR.PATCH" */
#define VAIOS_VERSION \
    VAIOS__VERSION_STR(VAIOS_VERSION_MAJOR, VAIOS_VERSION_MINOR, VAIOS_VERSION_PATCH)

#endif /* VAIOS_VERSION_H */
