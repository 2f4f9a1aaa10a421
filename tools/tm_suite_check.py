#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""make test's check that the Thread-Metric rows are the suite's loops (suite tm-suite).

Usage: python3 -m tools.tm_suite_check --target BUILD/netduinoplus2
       python3 -m tools.tm_suite_check --log CONSOLE.txt [--log ...]
       python3 -m tools.tm_suite_check --self-test

Runs tm_suite.elf (VAIOS's API) and tm_suite_cmsis.elf (its CMSIS-RTOS2
layer), or the --image ones, which bench/CMakeLists.txt builds: each runs bench/threadmetric.c's
eight rows, then bench/tm_suite.c, the suite's tests written a second time
in the suite's own shape, through the same porting layer, in windows of
the same length. --log checks the console output of such an image built
for another backend instead (bench/os/<kernel>/README.md).

A row passes when the harness's count of operations in its window is
within 1 % of the yardstick's (both windows the same length to 1 %); a
row the backend skips must be skipped by both. The image must end with
"@VOS done 0". Prints one PASS/FAIL line per case and "N passed, M failed".
"""
import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
IMAGES = ("tm_suite.elf", "tm_suite_cmsis.elf")
ROWS = ("tm_basic", "tm_coop", "tm_preempt", "tm_irq", "tm_irq_preempt", "tm_message",
        "tm_sync", "tm_memory")
TOLERANCE = 0.01                  # the bound: within 1 % of the suite's loops

METRIC = re.compile(r'^@VOS metric (tm_\w+) .*note="(\d+) ops in (\d+) ms virtual')
SKIP = re.compile(r'^@VOS skip (tm_\w+) ')
REF = re.compile(r'^@VOS tmref (tm_\w+) (?:ops=(\d+) cycles=(\d+)|skip)')
CLOCK = re.compile(r'clock_hz=(\d+)')

results = []
quiet = False                     # the self-test's inner runs print nothing


def case(name, ok, detail=""):
    results.append(ok)
    if quiet:
        return
    print("%s %s%s" % ("PASS" if ok else "FAIL", name, (": " + detail) if detail and not ok else ""))


def parse(text):
    """Harness rows {row: (ops, window_ms) or None for a skip}, yardstick
    rows {row: (ops, cycles) or None}, the time base in Hz, done."""
    harness, ref, hz = {}, {}, None
    for line in text.splitlines():
        m = METRIC.match(line)
        if m:
            harness[m.group(1)] = (int(m.group(2)), int(m.group(3)))
            continue
        m = SKIP.match(line)
        if m:
            harness[m.group(1)] = None
            continue
        m = REF.match(line)
        if m:
            ref[m.group(1)] = None if m.group(2) is None else (int(m.group(2)), int(m.group(3)))
            continue
        m = CLOCK.search(line) if line.startswith("@VOS config") else None
        if m and hz is None:
            hz = int(m.group(1))
    return harness, ref, hz, "@VOS done 0" in text


def check(label, text):
    harness, ref, hz, done = parse(text)
    case("%s: ran to the end" % label, done, "no '@VOS done 0' (a '!! bench:' line says why)")
    case("%s: reports its time base" % label, hz is not None, "no clock_hz in the config lines")
    for row in ROWS:
        name = "%s: %s" % (label, row)
        if row not in harness or row not in ref:
            case(name, False, "missing (harness %s, yardstick %s)" % (row in harness, row in ref))
            continue
        h, r = harness[row], ref[row]
        if h is None or r is None:
            case(name + " skipped by both", h is None and r is None,
                 "skipped by one only (harness %s, yardstick %s)" % (h, r))
            continue
        (hops, hms), (rops, rcycles) = h, r
        want = hms * (hz or 0) // 1000
        case(name + " windows of one length", want > 0 and abs(rcycles - want) <= want // 100,
             "harness %d ms, yardstick %d cycles at %s Hz" % (hms, rcycles, hz))
        dev = abs(hops - rops) / rops if rops else 1.0
        case(name + " within 1 % of the suite's loop", dev <= TOLERANCE,
             "harness %d ops, yardstick %d ops: %.2f %%" % (hops, rops, 100 * dev))


def self_test():
    """The check fails where it must: a row 2 % off, a missing row, a one-sided skip."""
    good = ["@VOS config kernel=x clock_hz=1000000000"]
    for row in ROWS:
        good.append('@VOS metric %s scenario=idle unit=ops_per_30s n=1 note="1000 ops in 100 ms '
                    'virtual, x300"' % row)
        good.append("@VOS tmref %s ops=1005 cycles=100000007" % row)
    good.append("@VOS done 0")
    global results, quiet
    saved, results, quiet = results, [], True
    check("good", "\n".join(good))
    ok_good = all(results)
    results = []
    off = [l.replace("ops=1005", "ops=1021") if l.startswith("@VOS tmref tm_sync") else l
           for l in good]
    check("2 % off", "\n".join(off))
    ok_off = results.count(False) == 1
    results = []
    gone = [l for l in good if not l.startswith("@VOS tmref tm_coop")]
    check("missing", "\n".join(gone))
    ok_gone = results.count(False) == 1
    results = []
    one = [('@VOS skip tm_irq_preempt reason="x"' if l.startswith("@VOS metric tm_irq_preempt")
            else l) for l in good]
    check("one-sided skip", "\n".join(one))
    ok_one = results.count(False) == 1
    results, quiet = saved, False
    case("self-test: a consistent run passes", ok_good)
    case("self-test: a row 2 % off fails", ok_off)
    case("self-test: a missing yardstick row fails", ok_gone)
    case("self-test: a row skipped by one side only fails", ok_one)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--target", help="the target build directory (runs its tm_suite images)")
    ap.add_argument("--image", action="append", default=[],
                    help="with --target: only this image of bench/ (repeatable)")
    ap.add_argument("--log", action="append", default=[],
                    help="console output of a tm_suite image of another backend")
    ap.add_argument("--self-test", action="store_true")
    ap.add_argument("--timeout", type=int, default=600)
    args = ap.parse_args()
    self_test()
    if args.target:
        for image in args.image or IMAGES:
            path = os.path.join(args.target, "bench", image)
            if not os.path.exists(path):
                case(image, False, "not built: %s" % path)
                continue
            p = subprocess.run([os.path.join(ROOT, "tools", "qemu-run"), path, str(args.timeout)],
                               capture_output=True, text=True)
            check(image, p.stdout)
    for log in args.log:
        with open(log, encoding="utf-8", errors="replace") as f:
            check(os.path.basename(log), f.read())
    failed = results.count(False)
    print("%d passed, %d failed" % (len(results) - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
