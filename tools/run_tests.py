#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Run every VAIOS test and print one total.

Suites:
  * host suites: the commands listed in tests/suites.txt (one per line,
    "name: command"), run from the repository root; each prints one line per
    case and ends with "N passed, M failed";
  * target suites: every tests/target image of the build, run on the
    emulated board with tools/qemu-run; each prints PASS/FAIL lines and
    "@VT result P F";
  * benchmark budgets: the benchmark is run twice and the two results.json
    compared byte for byte apart from timestamps (tools/check_repeat.py),
    then every line of bench/budgets.txt is checked (tools/check_budgets.py).

The last line is "N passed, M failed"; the exit status is 1 if anything
failed (a suite that crashed or timed out counts as one failure).
"""
import argparse
import concurrent.futures
import glob
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOTAL_RE = re.compile(r"^(?:\w+:\s*)?(\d+) passed, (\d+) failed")


def run(cmd, timeout, env=None):
    """Run cmd (list or shell string); return (exit status, output text)."""
    try:
        p = subprocess.run(cmd, shell=isinstance(cmd, str), cwd=ROOT, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           timeout=timeout, text=True, errors="replace")
        return p.returncode, p.stdout
    except subprocess.TimeoutExpired as e:
        out = e.stdout if isinstance(e.stdout, str) else (e.stdout or b"").decode(errors="replace")
        return 124, out + "\n(timed out after %d s)\n" % timeout


def host_suites(host_dir, build, target):
    path = os.path.join(ROOT, "tests", "suites.txt")
    if not os.path.exists(path):
        return []
    suites = []
    for line in open(path):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, cmd = line.split(":", 1)
        cmd = cmd.strip().replace("$HOST", host_dir).replace("$BUILD", build).replace("$TARGET", target)
        # "name (timeout N)": a suite whose run is long by nature (a proof)
        # gets N seconds instead of --timeout.
        m = re.match(r"^([\w./-]+)\s+\(timeout (\d+)\)$", name.strip())
        suites.append((m.group(1), cmd, int(m.group(2))) if m else (name.strip(), cmd, None))
    return suites


def timed(fn, *a):
    """fn's result with the wall-clock seconds it took appended: printed
    beside each suite so CI's time budget can be managed, never compared."""
    t0 = time.monotonic()
    return fn(*a) + (time.monotonic() - t0,)


def run_host_suite(name, cmd, timeout):
    status, out = run(cmd, timeout)
    passed = failed = None
    for line in out.splitlines():
        m = TOTAL_RE.match(line.strip())
        if m:
            passed, failed = int(m.group(1)), int(m.group(2))
    fails = [l for l in out.splitlines() if re.match(r"^\s*(FAIL|not ok)", l)]
    if passed is None:
        return name, 0, 1, fails + ["suite printed no total (exit %d)" % status], out
    if status != 0 and failed == 0:
        failed = 1
        fails.append("suite exited with status %d" % status)
    return name, passed, failed, fails, out


def run_target_suite(elf, timeout):
    name = os.path.basename(elf)[:-4]
    status, out = run([os.path.join(ROOT, "tools", "qemu-run"), elf, str(timeout)], timeout + 10)
    passed = sum(1 for l in out.splitlines() if l.startswith("PASS "))
    fails = [l for l in out.splitlines() if l.startswith("FAIL ") or l.startswith("!!")]
    failed = len([l for l in fails if l.startswith("FAIL ")])
    if "@VT result" not in out:
        failed += 1
        fails.append("image did not finish (exit %d)" % status)
    elif status != 0 and failed == 0:
        failed = 1
        fails.append("image exited with status %d" % status)
    return "target/" + name, passed, failed, fails, out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--target", default="build/netduinoplus2")
    ap.add_argument("--host", default="build/host")
    ap.add_argument("--build", default="build")
    ap.add_argument("--timeout", type=int, default=600)
    ap.add_argument("--only", help="run only suites whose name contains this")
    ap.add_argument("--no-bench", action="store_true", help="skip the benchmark budgets")
    args = ap.parse_args()

    log_dir = os.path.join(ROOT, args.build, "test-logs")
    os.makedirs(log_dir, exist_ok=True)
    jobs = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as ex:
        if not args.no_bench and not args.only:
            # Twice, compared byte for byte (the instrument is exact), then
            # the README's table against the first run (the same figures
            # when the tree's figure sources are the table's commit's), then
            # every budget (its total the suite's: the last one printed).
            # Into BUILD/bench-test, not make bench's BUILD/bench: suite
            # readme-results reads BUILD/bench/results.json when it exists,
            # and runs beside this one, so it must not see a file being
            # written.
            res = "%s/bench-test/results.json" % args.build
            cmd = ("python3 -m tools.check_repeat --build %s --out %s/bench-test --runs 2 && "
                   "python3 -m tools.update_readme --check --results %s && "
                   "python3 -m tools.check_budgets --schema --results %s --budgets bench/budgets.txt"
                   % (args.target, args.build, res, res))
            # Two whole benchmark runs, each several minutes on a busy
            # machine: among the longest suites, so it is submitted first
            # (the workers take jobs in order; submitted last, as before
            # session 30, it ran alone for its last minutes with the other
            # worker idle).
            jobs.append(ex.submit(timed, run_host_suite, "bench-budgets", cmd, 4 * args.timeout))

        for name, cmd, timeout in host_suites(args.host, args.build, args.target):
            if args.only and args.only not in name:
                continue
            jobs.append(ex.submit(timed, run_host_suite, name, cmd, timeout or args.timeout))
        for elf in sorted(glob.glob(os.path.join(ROOT, args.target, "tests", "target", "test_*.elf"))):
            if args.only and args.only not in elf:
                continue
            jobs.append(ex.submit(timed, run_target_suite, elf, args.timeout))
        total_p = total_f = 0
        for fut in concurrent.futures.as_completed(jobs):
            name, p, f, fails, out, secs = fut.result()
            with open(os.path.join(log_dir, name.replace("/", "_") + ".log"), "w") as fh:
                fh.write(out)
            total_p += p
            total_f += f
            print("%-32s %4d passed, %d failed  (%d s)" % (name, p, f, secs))
            for l in fails[:20]:
                print("    " + l)
    print("logs: %s" % os.path.relpath(log_dir, ROOT))
    print("%d passed, %d failed" % (total_p, total_f))
    return 1 if total_f else 0


if __name__ == "__main__":
    sys.exit(main())
