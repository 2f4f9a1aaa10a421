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

from .cases import Cases, build_target, run_suite  # noqa: E402

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
    rc, out = build_target(d, args.board, " ".join(names) + " >/dev/null")
    case("%s test images build" % args.board, rc == 0, "exit %d" % rc, out)
    if rc != 0:
        return cases.summary()
    suites = sorted(glob.glob(os.path.join(ROOT, d, "tests", "target", "test_*.elf")))
    case("%s suites exist" % args.board, bool(suites), "none in %s" % d)
    for elf in suites:
        run_suite(cases, elf, args.timeout)
    return cases.summary()


if __name__ == "__main__":
    sys.exit(main())
