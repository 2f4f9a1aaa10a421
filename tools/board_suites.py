#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The target suites on another emulated board (make test's suites
target-<board>): configures and builds the board's test images in
BUILD/<board>-test (not BUILD/<board>, which make bench BOARD=<board>
uses), then runs every tests/target/test_*.elf on the board's QEMU
machine (tools/qemu-run finds it from the build: the board.cmake's
VAIOS_QEMU_MACHINE), as tools/run_tests.py runs the emulated board's
suites: their PASS/FAIL lines, "@VT result", exit status. Prints PASS/FAIL
per case and "N passed, M failed".

usage (from the repository root): python3 -m tools.board_suites --board BOARD [--build BUILD]
"""
import argparse
import glob
import os
import sys

if not __package__:
    sys.exit("board_suites: run it from the repository root as python3 -m tools.board_suites")

from .cases import Cases, qemu, run  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build")
    ap.add_argument("--board", required=True)
    ap.add_argument("--timeout", type=int, default=300)
    args = ap.parse_args()
    d = os.path.join(args.build, args.board + "-test")
    cases = Cases()
    case = cases.check

    names = sorted(os.path.basename(c)[:-2] + ".elf"
                   for c in glob.glob(os.path.join(ROOT, "tests", "target", "test_*.c")))
    rc, out = run("cmake -S . -B %s -DCMAKE_TOOLCHAIN_FILE=cmake/arm-none-eabi.cmake "
                  "-DCMAKE_BUILD_TYPE=Release -DVAIOS_BOARD=%s >/dev/null && "
                  "cmake --build %s -j2 --target %s >/dev/null"
                  % (d, args.board, d, " ".join(names)), cwd=ROOT, shell=True)
    case("%s test images build" % args.board, rc == 0, "exit %d" % rc, out)
    if rc != 0:
        return cases.summary()
    suites = sorted(glob.glob(os.path.join(ROOT, d, "tests", "target", "test_*.elf")))
    case("%s suites exist" % args.board, bool(suites), "none in %s" % d)
    for elf in suites:
        name = os.path.basename(elf)[:-4]
        rc, out = qemu(elf, args.timeout)
        for l in out.splitlines():
            if l.startswith("PASS "):
                case("%s/%s" % (name, l[5:].strip()), True)
            elif l.startswith("FAIL "):
                case("%s/%s" % (name, l[5:].split(":")[0]), False, l[5:], "")
        case("%s ran to its end" % name, "@VT result" in out and rc == 0, "exit %d" % rc, out)
    return cases.summary()


if __name__ == "__main__":
    sys.exit(main())
