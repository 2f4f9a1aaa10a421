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
import os
import sys

if not __package__:
    sys.exit("stats_run: run it from the repository root as python3 -m tools.stats_run")

from .cases import Cases, build_images, run, run_suite, runner_args, take_cases  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    ap = runner_args(__doc__)
    ap.add_argument("--no-gdb", action="store_true", help="the suite only, not the debugger test")
    args = ap.parse_args()
    d = os.path.join(args.build, args.board + "-stats-test")
    cases = Cases()

    if not build_images(cases, "statistics build (VAIOS_RUNTIME_STATS=ON) builds", d, args.board,
                        "stats_images", "-DVAIOS_RUNTIME_STATS=ON"):
        return cases.summary()

    run_suite(cases, os.path.join(ROOT, d, "tests", "target", "stats", "test_stats.elf"),
              args.timeout)

    if not args.no_gdb:
        rc, out = run([sys.executable, os.path.join(ROOT, "tools", "gdb", "test_gdb.py"),
                       "--build", os.path.join(d)], cwd=ROOT)
        take_cases(cases, "gdb", rc, out, "test on the statistics build ran to its end",
                   need_result=False)
    return cases.summary()


if __name__ == "__main__":
    sys.exit(main())
