#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The memory-protection suites on the emulated board (make test's suite
mpu-target).

Configures and builds the MPU build (VAIOS_MPU=ON: VOS_CFG_MPU=1, a 1 KB
stack guard) in BUILD/<board>-mpu-test (not BUILD/<board>-mpu, which the
benchmark builds at the same time in make test), then runs on the emulated
board:
  * every tests/target/mpu/test_*.c suite, as tools/run_tests.py runs a
    target suite (its PASS/FAIL lines, "@VT result", exit status);
  * fault_istack: an interrupt handler overflows the main stack: the run
    must halt (exit 5) with "interrupt stack overflow at A", A inside the
    guard at the main stack's bottom (_smain_stack);
  * in a second tree, BUILD/<board>-mpu256-test (VAIOS_MPU_GUARD=256), a
    512-byte-stack task overflowing by a 200-byte frame (guard_jump) and
    a frame larger than the guard refused by the compiler (frame_refused).
Prints PASS/FAIL per case and "N passed, M failed".

usage (from the repository root): python3 -m tools.mpu_run [--build BUILD] [--board BOARD]
"""
import os
import re
import sys

if not __package__:
    sys.exit("mpu_run: run it from the repository root as python3 -m tools.mpu_run")

from .cases import Cases, build_images, qemu, run, run_suites, runner_args, symbol  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GUARD = 1024            # VOS_CFG_STACK_GUARD of the MPU build (CMakeLists.txt, VAIOS_MPU)
SMALL_GUARD = 256       # the second tree's (VAIOS_MPU_GUARD): guard_jump, frame_refused
EXIT_KERNEL_HALT = 5


def main():
    args = runner_args(__doc__).parse_args()
    d = os.path.join(args.build, args.board + "-mpu-test")
    cases = Cases()
    case = cases.check

    if not build_images(cases, "mpu build (VAIOS_MPU=ON) builds", d, args.board, "mpu_images",
                        "-DVAIOS_MPU=ON"):
        return cases.summary()
    images = os.path.join(ROOT, d, "tests", "target", "mpu")
    run_suites(cases, "mpu suites exist", images, args.timeout)

    elf = os.path.join(images, "fault_istack.elf")
    rc, out = qemu(elf, 30)
    base = symbol(elf, "_smain_stack")
    m = re.search(r"^!! kernel halt: interrupt stack overflow at 0x([0-9a-f]{8})$", out, re.M)
    addr = int(m.group(1), 16) if m else None
    case("interrupt handler overflowing the main stack halts at its guard",
         rc == EXIT_KERNEL_HALT and addr is not None and base is not None and
         base <= addr < base + GUARD and "survived" not in out,
         "exit %d, address %s, guard at %s" % (rc, addr, base), out)

    guard_build(args, cases)
    return cases.summary()


def guard_build(args, cases):
    """Issue 28 item 3 with the MPU: a second tree whose guard (256 bytes,
    VAIOS_MPU_GUARD) lets a 512-byte-stack task exist. guard_jump: its
    200-byte frame's first store lands in the guard; the board's default
    hook names the task and its stack pointer in the guard; the neighbour
    below the stack is untouched and the other task goes on (exit 0).
    frame_refused: a frame larger than the guard does not compile."""
    case = cases.check
    d = os.path.join(args.build, args.board + "-mpu%d-test" % SMALL_GUARD)
    if not build_images(cases, "mpu build with a %d-byte guard builds" % SMALL_GUARD, d, args.board,
                        "mpu_guard_images", "-DVAIOS_MPU=ON -DVAIOS_MPU_GUARD=%d" % SMALL_GUARD):
        return
    images = os.path.join(ROOT, d, "tests", "target", "mpu")
    elf = os.path.join(images, "guard_jump.elf")
    rc, out = qemu(elf, 30)
    m = re.search(r"^!! stack overflow: task jumper sp=0x([0-9a-f]{8}) stack=0x([0-9a-f]{8})$",
                  out, re.M)
    sp, base = (int(m.group(1), 16), int(m.group(2), 16)) if m else (None, None)
    # Armv8-M (arch/cortex-m/stklim.c in the image): the stack-limit
    # register stops the frame's allocation before the stack pointer
    # enters the guard; the report is the limit itself, the guard's top.
    limit = symbol(elf, "arch_stklim_start") is not None
    top = base + SMALL_GUARD + (1 if limit else 0) if m else None
    case("guard_jump: a 200-byte frame of a 512-byte stack is reported with the address in its guard"
         + (" (Armv8-M: at its top, the stack limit)" if limit else ""),
         rc == 0 and m is not None and base <= sp < top and
         "jumper stopped, neighbour bytes written 0, watcher rounds 10" in out,
         "exit %d, sp %s, stack %s" % (rc, sp, base), out)
    rc, out = run("cmake --build %s --target frame_refused.elf -j1" % d, cwd=ROOT, shell=True)
    case("frame_refused: a frame larger than the %d-byte guard is refused at build time"
         % SMALL_GUARD, rc != 0 and "-Werror=frame-larger-than=" in out,
         "exit %d" % rc, out)


if __name__ == "__main__":
    sys.exit(main())
