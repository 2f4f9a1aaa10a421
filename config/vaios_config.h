/* SPDX-License-Identifier: MIT */
/*
 * The configuration of VAIOS's own builds (tests, benchmark, apps: the
 * in-tree vaios_config target of CMakeLists.txt). They run with every
 * default of include/vaios/config.h and the board's clock; the CMake options
 * VAIOS_TRACE and VAIOS_CRIT_STATS add VOS_CFG_TRACE=1 and
 * VOS_CFG_CRIT_STATS=1 to the same target. A firmware project has its own
 * (templates/firmware/config/vaios_config.h, docs/start.md).
 */
#ifndef VAIOS_CONFIG_INTREE_H
#define VAIOS_CONFIG_INTREE_H
#endif
