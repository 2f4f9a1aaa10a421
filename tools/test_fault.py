#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The board's hard-fault report, on the emulated board.

Runs the images of tests/target/fault.c (built with the target tests) and
checks that each prints its whole report line and exits with the fault
status (4):
  fault_plain      pc= is the faulting instruction (fault_insn), lr= given;
  fault_exhausted  the task's stack ran out: no frame could be stacked, so
                   the line carries sp= and "unstacked", CFSR shows the
                   stacking error, and every later field is printed;
  fault_stack_jump a 200-byte frame jumped a task's 32-byte stack guard:
                   the kernel stops the task at its next switch and the
                   board's default hook prints one line, the task's name,
                   its stack pointer (below its stack) and its stack's
                   base; the system goes on and exits 0.
Prints PASS/FAIL per case and "N passed, M failed".

usage (from the repository root): python3 -m tools.test_fault TARGET_BUILD_DIR
"""
import os
import re
import sys

if not __package__:
    sys.exit("test_fault: run it from the repository root as python3 -m tools.test_fault")

from .cases import Cases, qemu, symbol  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HEX = r"0x[0-9a-f]{8}"
TAIL = r" exc_return=(%s) hfsr=(%s) cfsr=(%s) mmfar=(%s) bfar=(%s)$" % ((HEX,) * 5)
EXIT_HARD_FAULT = 4
CFSR_STACKING = (1 << 4) | (1 << 12)


def main():
    target = sys.argv[1] if len(sys.argv) > 1 else "build/netduinoplus2"
    d = os.path.join(ROOT, target, "tests", "target")
    cases = Cases()
    check = cases.check

    image = os.path.join(d, "fault_plain.elf")
    rc, out = qemu(image, 30)
    m = None
    for line in out.splitlines():
        m = m or re.match(r"^!! hard fault: pc=(%s) lr=(%s)%s" % (HEX, HEX, TAIL), line)
    pc = symbol(image, "fault_insn")
    check("fault_plain_reports_pc",
          rc == EXIT_HARD_FAULT and m is not None and pc is not None and int(m.group(1), 16) == pc,
          "exit %d, report %s, fault_insn %s" % (rc, "found" if m else "incomplete or missing",
                                                 hex(pc) if pc is not None else "?"), out)

    rc, out = qemu(os.path.join(d, "fault_exhausted.elf"), 30)
    m = None
    for line in out.splitlines():
        m = m or re.match(r"^!! hard fault: sp=(%s) unstacked%s" % (HEX, TAIL), line)
    cfsr = int(m.group(4), 16) if m else 0
    check("fault_exhausted_stack_reports_whole_line",
          rc == EXIT_HARD_FAULT and m is not None and (cfsr & CFSR_STACKING) != 0,
          "exit %d, report %s, cfsr %#x" % (rc, "found" if m else "incomplete or missing", cfsr), out)

    rc, out = qemu(os.path.join(d, "fault_stack_jump.elf"), 30)
    m = None
    for line in out.splitlines():
        m = m or re.match(r"^!! stack overflow: task jumper sp=(%s) stack=(%s)$" % (HEX, HEX), line)
    below = m is not None and int(m.group(1), 16) < int(m.group(2), 16)
    check("fault_stack_jump_reported_in_one_line",
          rc == 0 and below and "fault: jumper stopped" in out and "survived" not in out,
          "exit %d, report %s" % (rc, ("below its stack" if below else "sp not below its stack")
                                  if m else "missing"), out)

    return cases.summary()


if __name__ == "__main__":
    sys.exit(main())
