/* SPDX-License-Identifier: MIT */
/*
 * Kernel options of this firmware; every option, its default and its range
 * are in vaios/include/vaios/config.h. The board gives the clock rate
 * (board/board.cmake); setting VOS_CFG_CLOCK_HZ here overrides it.
 */
#ifndef VAIOS_CONFIG_H_FIRMWARE
#define VAIOS_CONFIG_H_FIRMWARE

#define VOS_CFG_PRIO_LEVELS 8     /* 0 (idle) .. 7 */
/* #define VOS_CFG_RUNTIME_STATS 1      per-task CPU time and shares,
                                        vos_stats_* and vos_stats_top (vaios/stats.h) */

#endif
