/* SPDX-License-Identifier: MIT */
/*
 * The kernel's half of the link-time configuration check of
 * include/vaios/config.h: a symbol, of no size and at address 0, whose name
 * spells the configuration this library was compiled with. Every file
 * that includes the kernel's headers refers to the name of its own
 * configuration, so a file built with a different one finds no definition
 * and the link fails naming it. Costs nothing in the image.
 */
#define VOS__CFG_DEFINE_SIGNATURE 1
#include "vaios/config.h"

__asm__(".globl \"" VOS__CFG_SIGNATURE "\"\n\t"
        ".set \"" VOS__CFG_SIGNATURE "\", 0");
