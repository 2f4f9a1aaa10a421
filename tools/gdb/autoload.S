/* SPDX-License-Identifier: MIT */
/*
 * Embeds tools/gdb/vaios.py in the image's .debug_gdb_scripts section as
 * an inline Python script (entry kind 4: a name line, the text, a NUL), so
 * gdb loads the kernel's commands with the image itself once the image's
 * path is allowed by "set auto-load safe-path". The section is not
 * allocated: it costs no flash and no RAM. The build adds tools/gdb to the
 * assembler's include path.
 */
    .section .debug_gdb_scripts, "MS", %progbits, 1
    .byte 4
    .ascii "vaios.py\n"
    .incbin "vaios.py"
    .byte 0
