#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Check that VAIOS's own libraries never touch the FP registers outside
the port's context switch.

Usage: python3 -m tools.check_no_fp --build build [--require netduinoplus2]

A kernel call that moves a value through an FP register gives a task that
never computes in floating point an FP context (CONTROL.FPCA): a 26-word
exception frame and s16-s31 saved and restored at each of its switches;
in an interrupt handler it makes the hardware stack the interrupted
task's FP registers. The kernel is compiled with -mgeneral-regs-only for
that (CMakeLists.txt); this check reads the object code of every Cortex-M
board build under --build (each directory holding a libvaios.a): the
kernel with its port, the CMSIS-RTOS2 layer and the board's libraries.
The only functions allowed FP instructions are the port's switch code
(ALLOWED). tests/target/test_nofp.c checks the same at run time.

Prints one case per library ("PASS <board> <library>") and ends with
"N passed, M failed"; exit status 1 on any failure or if a --require'd
build is missing. A tree other than the required ones whose kernel was
configured without the flag (one make test did not rebuild) is skipped
with a note; the required trees are always read.
"""
import argparse
import glob
import os
import re
import subprocess
import sys

# The port's switch (arch/cortex-m/switch.S) saves and restores a task's
# s16-s31 when its EXC_RETURN says it has an FP context.
ALLOWED = {"PendSV_Handler"}

FUNC = re.compile(r"^[0-9a-f]+ <([^>]+)>:$")
# "  1a:	ed20 8a10 	vstmdbeq	r0!, {s16-s31}": address, one or two
# halfwords, then the mnemonic. Every VFP/Advanced SIMD mnemonic starts
# with "v"; no integer Thumb mnemonic does.
INSN = re.compile(r"^\s*[0-9a-f]+:\s+[0-9a-f]{4}(?: [0-9a-f]{4})?\s+(v[a-z0-9.]+)\b(.*)$")


def fp_uses(objdump_text):
    """[(function, instruction text)] for every FP instruction in an
    `objdump -d` listing, outside ALLOWED."""
    found, func = [], None
    for line in objdump_text.splitlines():
        m = FUNC.match(line)
        if m:
            func = m.group(1)
            continue
        m = INSN.match(line)
        if m and func not in ALLOWED:
            found.append((func, (m.group(1) + m.group(2)).strip()))
    return found


def libraries(build):
    """The libraries of VAIOS's own in one board build directory."""
    libs = [os.path.join(build, "libvaios.a")]
    libs += sorted(glob.glob(os.path.join(build, "cmsis", "libvaios_cmsis.a")))
    libs += sorted(glob.glob(os.path.join(build, "boards", "*", "libvaios_board*.a")))
    return [lib for lib in libs if os.path.exists(lib)]


def configured_general_regs_only(build):
    """Whether the build tree's kernel is compiled with the flag (its
    CMake-generated flags for the vaios library say so)."""
    flags = os.path.join(build, "CMakeFiles", "vaios.dir", "flags.make")
    try:
        with open(flags) as f:
            return "-mgeneral-regs-only" in f.read()
    except OSError:
        return False


def is_cortex_m(lib):
    out = subprocess.run(["arm-none-eabi-objdump", "-f", lib], capture_output=True, text=True)
    return out.returncode == 0 and "elf32-littlearm" in out.stdout


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default="build", help="the build root (make's BUILD)")
    ap.add_argument("--require", action="append", default=None,
                    help="a board build that must be there (default: netduinoplus2)")
    args = ap.parse_args(argv)
    required = args.require or ["netduinoplus2"]
    passed = failed = 0
    for name in required:
        if not os.path.exists(os.path.join(args.build, name, "libvaios.a")):
            print(f"FAIL {name}: no {os.path.join(args.build, name, 'libvaios.a')} (build it first)")
            failed += 1
    for build in sorted(glob.glob(os.path.join(args.build, "*", "libvaios.a"))):
        build = os.path.dirname(build)
        board = os.path.basename(build)
        if not is_cortex_m(os.path.join(build, "libvaios.a")):
            continue
        if board not in required and not configured_general_regs_only(build):
            # A tree make test did not rebuild, configured before the kernel
            # had the flag: its objects say nothing of this tree's sources.
            print(f"# {board}: skipped (configured before -mgeneral-regs-only; rebuild it)")
            continue
        for lib in libraries(build):
            dump = subprocess.run(["arm-none-eabi-objdump", "-d", lib], capture_output=True,
                                  text=True, check=True).stdout
            uses = fp_uses(dump)
            rel = os.path.relpath(lib, build)
            if uses:
                failed += 1
                print(f"FAIL {board} {rel}: {len(uses)} FP instructions outside the switch")
                for func, insn in uses[:10]:
                    print(f"    {func}: {insn}")
            else:
                passed += 1
                print(f"PASS {board} {rel}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
