/* SPDX-License-Identifier: MIT */
/*
 * The code region of the board the MPU suites run on, for a domain's
 * read-execute region: the linker script's FLASH (_scode, _code_size,
 * boards/include/stm32f4_sections.ld), 1 MB at 0x08000000 on the STM32
 * boards, 4 MB at 0 on mps2_an500. A base and size the port can map
 * (v7-M: a power of two, aligned to itself) are the board's to give.
 */
#ifndef MPU_CODE_H
#define MPU_CODE_H

#include <stddef.h>
#include <stdint.h>

extern const char _scode[];
extern const char _code_size[];         /* an absolute symbol: its address is the size */

#define FLASH_BASE ((const void *)_scode)
#define FLASH_SIZE ((size_t)(uintptr_t)_code_size)
/* A word inside the code region that is never NULL: the region's base is
 * address 0 on the MPS2 machines, which a call refuses as NULL before it
 * looks at the memory. */
#define FLASH_WORD ((const void *)(_scode + 256))

#endif
