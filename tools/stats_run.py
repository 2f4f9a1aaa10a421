#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The run-time statistics on the emulated board (make test's suite
stats-target).

Configures and builds the statistics build (VAIOS_RUNTIME_STATS=ON:
VOS_CFG_RUNTIME_STATS=1) in BUILD/<board>-stats-test (not
BUILD/<board>-stats, which the benchmark builds for ctx_switch_stats at
the same time in make test), then:
  * runs tests/target/stats/test_stats.c on the emulated board, as
    tools/run_tests.py runs a target suite (its PASS/FAIL lines, "@VT
    result", exit status);
  * runs the debugger test (tools/gdb/test_gdb.py) on that build's
    scenario image: with the statistics on, `vaios top` must show, for
    every task that is not running at the breakpoint, the figures the
    image itself read through vos_stats_snapshot just before it.
Prints PASS/FAIL per case and "N passed, M failed".

usage (from the repository root): python3 -m tools.stats_run [--build BUILD] [--board BOARD]
"""
import argparse
import os
import sys

if not __package__:
    sys.exit("stats_run: run it from the repository root as python3 -m tools.stats_run")

from .cases import Cases, qemu, run  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build")
    ap.add_argument("--board", default="netduinoplus2")
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--no-gdb", action="store_true", help="the suite only, not the debugger test")
    args = ap.parse_args()
    d = os.path.join(args.build, args.board + "-stats-test")
    cases = Cases()
    case = cases.check

    rc, out = run("cmake -S . -B %s -DCMAKE_TOOLCHAIN_FILE=cmake/arm-none-eabi.cmake "
                  "-DCMAKE_BUILD_TYPE=Release -DVAIOS_BOARD=%s -DVAIOS_RUNTIME_STATS=ON >/dev/null && "
                  "cmake --build %s --target stats_images -j2" % (d, args.board, d),
                  cwd=ROOT, shell=True)
    case("statistics build (VAIOS_RUNTIME_STATS=ON) builds", rc == 0, "exit %d" % rc, out)
    if rc != 0:
        return cases.summary()

    elf = os.path.join(ROOT, d, "tests", "target", "stats", "test_stats.elf")
    rc, out = qemu(elf, args.timeout)
    for line in out.splitlines():
        if line.startswith("PASS "):
            case("test_stats/%s" % line[5:].strip(), True)
        elif line.startswith("FAIL "):
            case("test_stats/%s" % line[5:].split(":")[0], False, line[5:], "")
    case("test_stats ran to its end", "@VT result" in out and rc == 0, "exit %d" % rc, out)

    if not args.no_gdb:
        rc, out = run([sys.executable, os.path.join(ROOT, "tools", "gdb", "test_gdb.py"),
                       "--build", os.path.join(d)], cwd=ROOT)
        for line in out.splitlines():
            if line.startswith("PASS "):
                case("gdb/%s" % line[5:].strip(), True)
            elif line.startswith("FAIL "):
                case("gdb/%s" % line[5:].split(":")[0], False, line[5:], "")
        case("gdb test on the statistics build ran to its end", rc == 0, "exit %d" % rc, out)
    return cases.summary()


if __name__ == "__main__":
    sys.exit(main())
