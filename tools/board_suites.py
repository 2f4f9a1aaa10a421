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
import glob
import os
import sys

if not __package__:
    sys.exit("board_suites: run it from the repository root as python3 -m tools.board_suites")

from .cases import Cases, build_images, run_suites, runner_args  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    args = runner_args(__doc__, board=None, timeout=300).parse_args()
    d = os.path.join(args.build, args.board + "-test")
    cases = Cases()

    names = sorted(os.path.basename(c)[:-2] + ".elf"
                   for c in glob.glob(os.path.join(ROOT, "tests", "target", "test_*.c")))
    if build_images(cases, "%s test images build" % args.board, d, args.board,
                    " ".join(names) + " >/dev/null"):
        run_suites(cases, "%s suites exist" % args.board,
                   os.path.join(ROOT, d, "tests", "target"), args.timeout)
    return cases.summary()


if __name__ == "__main__":
    sys.exit(main())
