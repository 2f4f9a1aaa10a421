/* SPDX-License-Identifier: MIT */
/*
 * The board's name and the unit of board_cycles() (and of
 * board_user_cycles(), where it differs: board.h), from the
 * board's board_regs.h: a measurement service of its own, so that an
 * image without this tree's start-up (vaios_board_services) has them.
 */
#include "board.h"

const char board_name[] = BOARD_NAME;
const char board_cycle_unit[] = BOARD_CYCLE_UNIT;
#ifdef BOARD_USER_CYCLE_UNIT
const char board_user_cycle_unit[] = BOARD_USER_CYCLE_UNIT;
#endif
