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
                   base; the system goes on and exits 0;
  fault_reset      (in a tree of its own, TARGET_BUILD_DIR + "-fault-record",
                   configured with -DVAIOS_FAULT_RECORD=ON) the fault record
                   across a system reset: the first boot's task faults, the
                   handler prints its report, saves the record and resets
                   the board (SCB AIRCR SYSRESETREQ; QEMU 7.2's netduinoplus2
                   resets the processor and the devices and leaves RAM as it
                   was); the second boot's start-up prints the record (the
                   fault, the stacked registers, the words above the frame)
                   and the image checks it through vos_fault_record_take,
                   then that the take cleared it; the lines printed are
                   checked here against the first boot's report and the
                   image's symbols.
Prints PASS/FAIL per case and "N passed, M failed".

usage (from the repository root): python3 -m tools.test_fault TARGET_BUILD_DIR
"""
import os
import re
import sys

if not __package__:
    sys.exit("test_fault: run it from the repository root as python3 -m tools.test_fault")

from .cases import Cases, qemu, run, symbol  # noqa: E402

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

    fault_record_case(target, check)
    return cases.summary()


def fault_record_case(target, check):
    tree = target.rstrip("/") + "-fault-record"
    board = os.path.basename(target.rstrip("/"))
    rc, out = run("cmake -S . -B %s -DCMAKE_TOOLCHAIN_FILE=cmake/arm-none-eabi.cmake "
                  "-DCMAKE_BUILD_TYPE=Release -DVAIOS_BOARD=%s -DVAIOS_FAULT_RECORD=ON >/dev/null && "
                  "cmake --build %s --target fault_reset.elf -j2" % (tree, board, tree),
                  cwd=ROOT, shell=True)
    check("fault_record_build", rc == 0, "exit %d" % rc, out)
    if rc != 0:
        return
    image = os.path.join(ROOT, tree, "tests", "target", "fault_reset.elf")
    rc, out = qemu(image, 60)
    lines = out.splitlines()
    first = next((i for i, l in enumerate(lines) if l.startswith("fault: first boot")), None)
    report = None
    rec = regs = stack = None
    for line in lines:
        report = report or re.match(r"^!! hard fault: pc=(%s) lr=(%s)%s" % (HEX, HEX, TAIL), line)
        rec = rec or re.match(r"^!! fault record: hard fault addr=(%s) cfsr=(%s) hfsr=(%s) sp=(%s) "
                              r"task=(\S+) domain=(\S+)$" % ((HEX,) * 4), line)
        regs = regs or re.match(r"^!! fault record: r0=(%s) r1=(%s) r2=(%s) r3=(%s) r12=(%s) "
                                r"lr=(%s) pc=(%s) xpsr=(%s)$" % ((HEX,) * 8), line)
        stack = stack or re.match(r"^!! fault record: stack((?: %s)+)$" % HEX, line)
    second = next((i for i, l in enumerate(lines) if l.startswith("fault: second boot")), None)
    pc = symbol(image, "fault_insn")
    ok = (rc == 0 and first is not None and second is not None and first < second and
          report is not None and rec is not None and regs is not None and stack is not None and
          "fault: record checked" in out)
    why = "exit %d, first boot %s, report %s, record %s/%s/%s, second boot %s" % (
        rc, first is not None, report is not None, rec is not None, regs is not None,
        stack is not None, second is not None)
    if ok:
        words = [int(w, 16) for w in stack.group(1).split()]
        # The record is the report the first boot printed, and what the
        # image put there: its task, r0-r3, the pc of fault_insn, the
        # four words it pushed just before the fault.
        ok = (int(regs.group(7), 16) == pc == int(report.group(1), 16) and
              int(regs.group(6), 16) == int(report.group(2), 16) and
              rec.group(2) == report.group(5) and rec.group(3) == report.group(4) and
              rec.group(5) == "victim" and rec.group(6) == "-" and
              [int(regs.group(i), 16) for i in range(1, 5)] ==
              [0xA0A0A0A0 + i for i in range(4)] and
              words[:4] == [0x5E5E5E50 + i for i in range(4)])
        why = "pc %s (fault_insn %s), task %s, stack %s" % (
            regs.group(7), hex(pc) if pc is not None else "?", rec.group(5), stack.group(1).strip())
    check("fault_record_printed_after_reset", ok, why, out)


if __name__ == "__main__":
    sys.exit(main())
