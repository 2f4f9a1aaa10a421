#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Measure Linux through POSIX with the VAIOS harness and cross-check it
against rt-tests in the same session (docs/linux.md).

Usage (from the repository root): python3 -m tools.bench_linux [options]

Builds bench/linux (the metric families of bench/ over bench/os/posix and
boards/linux), runs it pinned to one CPU under SCHED_FIFO, streams it
through tools.vaios_report (in this process) into OUT/{results.json,
report.md}, and runs rt-tests with matching parameters once before and
once after the harness:

  cyclic_100us (idle)       cyclictest -m -p P -i 100 -l N -a CPU -N -v
  loop_1khz (idle)          cyclictest -m -p P -i 1000 -l N+1 -a CPU -N -v,
                            |period - 1 ms| from consecutive wake-ups
  sem_pingpong (equal) / 2  ptsematest -a CPU -p P -i 100 -l L (--rt-loops)
  msg_latency (idle)        pmqtest -a CPU -p P -i 100 -l L
  pi_boost/release/chain    pi_stress (correctness, bounded run)

and prints a verdict per shared metric. The rule (RULE below): the two
figures agree when they differ by no more than each instrument's
run-to-run spread in this session plus the resolution of the figures.
The cross-check goes to OUT/crosscheck.json and the end of report.md.
Nothing of the harness is repeated here: its window of priorities and
permission are checked by the harness itself (bench-linux --config, which
prints the "@VOS config" lines of a run and exits), and rt-tests' samples
are binned with the histogram layout the run reports (hist_* config
lines, tools/hist.py). Each stage shows its progress on stderr.

Exit status: 0 when the harness completed (and pi_stress passed); 1 when
it failed; 2 for an impossible parameter or missing permission, before
anything is measured.
"""
import argparse
import itertools
import json
import math
import os
import re
import shutil
import subprocess
import sys

if not __package__:
    sys.exit("bench_linux: run it from the repository root as python3 -m tools.bench_linux")

from . import results_schema  # noqa: E402  (docs/results.schema.json)
from . import vaios_report  # noqa: E402  (the report, in this process)
from .hist import Layout, LayoutMissing  # noqa: E402  (the harness's own histogram layout)
from .progress import Progress  # noqa: E402
from .stream import Source, parse_text  # noqa: E402  (the @VOS stream)
from .tables import Table, render_markdown, render_text  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The tool's own run lengths, passed to bench/timing.c as -D definitions
# (each of its counts is guarded by #ifndef) and given to rt-tests, so that
# both instruments take the same number of samples: a full run (10 s of
# cyclic_100us and of loop_1khz), and --quick's functional check. The
# counts not named here keep timing.c's own values.
FULL_TIMING = {"CYCLIC_IDLE": 100000, "LOOP_PERIODS_IDLE": 10000}
QUICK_TIMING = {"DELAY_SAMPLES": 20, "LOOP_PERIODS_IDLE": 200, "LOOP_PERIODS_LOAD": 200,
                "CYCLIC_IDLE": 2000, "CYCLIC_LOAD": 1000}
RT_LOOPS = 2000         # ptsematest and pmqtest -l of one run (0.2 s each)
RT_TESTS = ("cyclictest", "ptsematest", "pmqtest", "pi_stress")

PROGRESS = Progress()


def refuse(text):
    print("bench_linux: " + text, file=sys.stderr)
    sys.exit(2)


def say(text):
    """A stage of the run on stderr, with the seconds since the start."""
    PROGRESS.step(text, force=True)


# ---------------------------------------------------------------- checks

def fifo_permitted(prio):
    """Whether this process may use SCHED_FIFO at prio; leaves the policy as it was."""
    try:
        os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(prio))
    except PermissionError:
        return False
    os.sched_setscheduler(0, os.SCHED_OTHER, os.sched_param(0))
    return True


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default="build/bench-linux", help="results, report and build directory")
    ap.add_argument("--samples", type=int, default=FULL_TIMING["CYCLIC_IDLE"],
                    help="cyclic_100us samples, harness and cyclictest (default 100000: 10 s)")
    ap.add_argument("--loop-periods", type=int, default=FULL_TIMING["LOOP_PERIODS_IDLE"],
                    help="loop_1khz periods, harness and cyclictest (default 10000: 10 s)")
    ap.add_argument("--rt-loops", type=int, default=RT_LOOPS,
                    help="ptsematest and pmqtest loops per run (default %d)" % RT_LOOPS)
    ap.add_argument("--prio", type=int, default=90,
                    help="SCHED_FIFO priority of the measured task, as cyclictest -p (default 90)")
    ap.add_argument("--cpu", type=int, default=None, help="the CPU to measure on (default: the last)")
    ap.add_argument("--allow-other", action="store_true",
                    help="without SCHED_FIFO permission, measure under SCHED_OTHER (labelled)")
    ap.add_argument("--quick", action="store_true",
                    help="tiny sample counts: a functional check, not a measurement")
    ap.add_argument("--families", default=None, help="harness families, comma-separated")
    ap.add_argument("--pi-stress-seconds", type=int, default=3)
    ap.add_argument("--no-rt-tests", action="store_true", help="harness only")
    ap.add_argument("--timeout", type=int, default=None, help="per-family limit of the harness, s")
    ap.add_argument("--quiet", action="store_true", help="no tables from vaios_report")
    return ap.parse_args(argv)


def validate(args):
    """Refuse what cannot run, before building anything (exit status 2).

    Only what needs no constant of the harness is checked here; the
    harness's own window of priorities (it uses several levels around P)
    is checked by the harness itself (harness_config)."""
    if args.samples < 1:
        refuse("--samples %d: at least one sample is needed" % args.samples)
    if args.loop_periods < 1:
        refuse("--loop-periods %d: at least one period is needed" % args.loop_periods)
    if args.rt_loops < 1:
        refuse("--rt-loops %d: at least one loop is needed" % args.rt_loops)
    if args.samples > 2**31 - 1 or args.loop_periods > 2**31 - 1:
        refuse("--samples and --loop-periods must fit the harness's int counters")
    if args.pi_stress_seconds < 1:
        refuse("--pi-stress-seconds %d: pi_stress needs at least 1 s" % args.pi_stress_seconds)
    if args.timeout is not None and args.timeout < 1:
        refuse("--timeout %d: a family needs a positive time limit" % args.timeout)
    lo, hi = os.sched_get_priority_min(os.SCHED_FIFO), os.sched_get_priority_max(os.SCHED_FIFO)
    if not lo <= args.prio <= hi:
        refuse("--prio %d: this system's SCHED_FIFO priorities are %d .. %d, and P must be "
               "within them (the harness's own window is narrower: see its --help)"
               % (args.prio, lo, hi))
    allowed = sorted(os.sched_getaffinity(0))
    if args.cpu is None:
        args.cpu = allowed[-1]
    elif args.cpu not in allowed:
        refuse("--cpu %d: not online or not allowed for this process (allowed: %s)"
               % (args.cpu, ",".join(map(str, allowed))))
    if not args.allow_other and not fifo_permitted(args.prio):
        refuse("SCHED_FIFO is not permitted for this user: run as root, or give it CAP_SYS_NICE "
               "or an rtprio limit above P (/etc/security/limits.conf), or pass --allow-other "
               "to measure under SCHED_OTHER (every figure is then labelled 'sched_other' and "
               "rt-tests are not run)")
    args.timing_defs = dict(QUICK_TIMING if args.quick else FULL_TIMING)
    if not args.quick:
        args.timing_defs.update(CYCLIC_IDLE=args.samples, LOOP_PERIODS_IDLE=args.loop_periods)
    args.ipc_samples = 200 if args.quick else args.rt_loops
    args.ipc_runs = 2 if args.quick else 3          # per rt-tests pass
    args.harness_repeats = 1 if args.quick else 2   # beyond the main run
    if args.quick:
        args.pi_stress_seconds = 1
    for tool in ("cmake", "cc"):
        if shutil.which(tool) is None:
            refuse("%s is missing: apt-get install cmake gcc" % tool)


# ---------------------------------------------------------------- build and run

def build(args):
    obj = os.path.join(args.out, "obj")
    defs = ";".join("%s=%d" % kv for kv in sorted(args.timing_defs.items()))
    cfg = ["cmake", "-S", os.path.join(ROOT, "bench", "linux"), "-B", obj,
           "-DCMAKE_BUILD_TYPE=Release", "-DBENCH_LINUX_TIMING_DEFS=" + defs]
    for cmd in (cfg, ["cmake", "--build", obj, "-j2"]):
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if r.returncode != 0:
            say(r.stdout[-3000:])
            say("bench_linux: the build failed")
            sys.exit(1)
    return os.path.join(obj, "bench-linux")


def kernel_build_config():
    """Preemption model, HZ and RT group scheduling as this kernel was built
    and booted (/proc/config.gz, /proc/cmdline): a PREEMPT_DYNAMIC kernel
    runs its built-in default unless preempt= is on the command line."""
    found = {}
    try:
        import gzip
        with gzip.open("/proc/config.gz", "rt") as f:
            for line in f:
                m = re.match(r"CONFIG_(PREEMPT_NONE|PREEMPT_VOLUNTARY|PREEMPT|PREEMPT_LAZY|"
                             r"PREEMPT_RT|HZ|NO_HZ_FULL|RT_GROUP_SCHED)=(\S+)", line)
                if m:
                    found[m.group(1)] = m.group(2)
    except OSError:
        return []
    model = next((k for k in ("PREEMPT_RT", "PREEMPT_LAZY", "PREEMPT", "PREEMPT_VOLUNTARY",
                              "PREEMPT_NONE") if found.get(k) == "y"), "?")
    cmdline = open("/proc/cmdline").read()
    boot = re.search(r"\bpreempt=(\S+)", cmdline)
    return ['@VOS config kernel_preempt_built=%s kernel_preempt_boot=%s kernel_hz=%s '
            'nohz_full=%s rt_group_sched=%s' % (model.lower(), boot.group(1) if boot else
                                               "default", found.get("HZ", "?"),
                                               found.get("NO_HZ_FULL", "n"),
                                               found.get("RT_GROUP_SCHED", "n"))]


def harness_command(args, exe):
    """The harness's command line for args (families and time limit aside)."""
    cmd = [exe, "--cpu", str(args.cpu), "--prio", str(args.prio)]
    if args.allow_other:
        cmd.append("--allow-other")
    return cmd


def harness_config(args, exe):
    """The "@VOS config" lines the harness would print for these parameters
    (bench-linux --config): the harness checks its own window of priorities
    and the permission for all of it, exactly as a run does. Returns the
    config dict; a refusal ends the tool with the harness's message."""
    r = subprocess.run(harness_command(args, exe) + ["--config"], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True, errors="replace", timeout=60)
    if r.returncode != 0:
        sys.stderr.write(r.stderr)
        refuse("the harness refused these parameters (exit %d)" % r.returncode)
    run = parse_text(r.stdout)
    if run.warnings:
        refuse("bench-linux --config: %s" % run.warnings[0])
    return run.config


def run_harness(args, exe):
    """The harness through vaios_report; returns its exit status."""
    cmd = harness_command(args, exe)
    if args.families:
        cmd += ["--families", args.families]
    expected = (args.timing_defs["CYCLIC_IDLE"] * 100e-6 + args.timing_defs["LOOP_PERIODS_IDLE"]
                * 1e-3 + 30)
    cmd += ["--timeout", str(args.timeout or int(2 * expected + 60))]
    say("harness: " + " ".join(cmd))
    cc = subprocess.run(["cc", "--version"], stdout=subprocess.PIPE, text=True).stdout.splitlines()
    head = ['@VOS config instrument="Linux through POSIX: bench/linux, CLOCK_MONOTONIC ns"',
            "@VOS config target=linux", '@VOS config compiler="%s"' % (cc[0] if cc else "?"),
            "@VOS config harness_counts=\"%s\"" % " ".join(
                "%s=%d" % kv for kv in sorted(args.timing_defs.items()))]
    head += kernel_build_config()
    harness = Source(cmd, "bench-linux")
    try:
        rc = vaios_report.report(itertools.chain(head, harness.lines()), args.out, peers_dir="",
                                 quiet=args.quiet)
    finally:
        status = harness.close()
    return rc or (1 if status else 0)


def run_tool(cmd, timeout):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                       errors="replace", timeout=timeout)
    if r.returncode != 0:
        raise RuntimeError("%s exited with %d: %s" % (cmd[0], r.returncode, r.stdout[-400:]))
    return r.stdout


SAMPLE_LINE = re.compile(r"^\s*0:\s*\d+:\s*(-?\d+)\s*$")


def cyclictest(args, interval_us, loops, label):
    """Per-sample wake-up latencies in ns, with progress as they arrive."""
    cmd = ["cyclictest", "-m", "-p", str(args.prio), "-i", str(interval_us), "-l", str(loops),
           "-a", str(args.cpu), "-N", "-v", "-q"]
    what = "cyclictest -i %d (%s)" % (interval_us, label)
    values, tail = [], []
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            errors="replace")
    try:
        for line in proc.stdout:
            m = SAMPLE_LINE.match(line)
            if m:
                values.append(int(m.group(1)))
                if len(values) % 500 == 0:
                    PROGRESS.update(what, len(values), loops, verb="running")
            else:
                tail = (tail + [line])[-5:]
        proc.wait(timeout=loops * interval_us * 1e-6 * 3 + 60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        PROGRESS.close()
    if proc.returncode != 0:
        raise RuntimeError("cyclictest exited with %d: %s" % (proc.returncode, "".join(tail)[-400:]))
    if len(values) != loops:
        raise RuntimeError("cyclictest gave %d samples, %d asked" % (len(values), loops))
    return values


def json_tool(args, name, loops, label):
    """ptsematest or pmqtest: the receiver's min/avg/max in ns, from --json."""
    path = os.path.join(args.out, "%s-%s.json" % (name, label))
    if os.path.exists(path):
        os.unlink(path)
    cmd = [name, "-a", str(args.cpu), "-p", str(args.prio), "-i", "100", "-l", str(loops),
           "--json=" + path]
    run_tool(cmd, timeout=loops * 1e-4 * 3 + 30)
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    rx = doc["thread"]["0"]["receiver"]
    return {k: rx[k] * 1000.0 for k in ("min", "avg", "max")}


def rt_pass(args, label):
    """One pass of the comparable rt-tests; returns their figures. The
    short tools run args.ipc_runs times, for their run-to-run spread."""
    n, m = args.rt_counts
    say("rt-tests (%s): cyclictest -i 100 -l %d, -i 1000 -l %d; %d x ptsematest, pmqtest -l %d"
        % (label, n, m + 1, args.ipc_runs, args.ipc_samples))
    cyc = cyclictest(args, 100, n, label)
    loop = cyclictest(args, 1000, m + 1, label)
    jitter = [abs(b - a) for a, b in zip(loop, loop[1:])]
    return {"cyclic": cyc, "loop": jitter,
            "ptsematest": [json_tool(args, "ptsematest", args.ipc_samples, "%s%d" % (label, k))
                           for k in range(args.ipc_runs)],
            "pmqtest": [json_tool(args, "pmqtest", args.ipc_samples, "%s%d" % (label, k))
                        for k in range(args.ipc_runs)]}


def pi_stress(args):
    path = os.path.join(args.out, "pi_stress.json")
    cmd = ["pi_stress", "--duration", str(args.pi_stress_seconds), "--groups", "1", "--mlockall",
           "--quiet", "--json=" + path]
    if os.path.exists(path):
        os.unlink(path)
    say("pi_stress --duration %d --groups 1" % args.pi_stress_seconds)
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                       timeout=args.pi_stress_seconds + 60)
    inversions = None
    try:
        with open(path, encoding="utf-8") as f:
            inversions = json.load(f).get("inversion")
    except (OSError, ValueError):
        pass
    return {"exit": r.returncode, "inversions": inversions, "output": r.stdout[-300:]}


# ---------------------------------------------------------------- cross-check

def harness_repeat(args, exe):
    """The short families again (sync, messaging), args.harness_repeats
    times, for the harness's own run-to-run spread on the figures compared
    by their means; returns the parsed runs."""
    cmd = [exe, "--cpu", str(args.cpu), "--prio", str(args.prio), "--families", "sync,messaging",
           "--timeout", "120"]
    say("harness again (%d x), for its spread: %s" % (args.harness_repeats, " ".join(cmd)))
    runs = []
    for k in range(args.harness_repeats):
        PROGRESS.update("the short families again", k, args.harness_repeats, verb="running")
        out = subprocess.run(cmd, stdout=subprocess.PIPE, text=True, errors="replace",
                             timeout=300).stdout
        runs.append(parse_text(out))
    PROGRESS.close()
    return runs


PARTS = 5      # each cyclictest run is cut into this many consecutive parts


def spread(values):
    """Range of one instrument's figure over its runs or parts."""
    return max(values) - min(values)


def judge(h, sh, r, sr, res):
    """The rule (RULE): agree when |H - R| <= sH + sR + r."""
    allowed = sh + sr + res
    return abs(h - r), allowed, "agree" if abs(h - r) <= allowed else "DIFFER"


def shown(center, parts, what):
    """A figure with the range it took over its runs or parts."""
    if len(parts) < 2:
        return fmt(center)
    return "%s (%s..%s, %d %s)" % (fmt(center), fmt(min(parts)), fmt(max(parts)), len(parts), what)


def scen(results, mid, name):
    entry = results["metrics"].get(mid) or {}
    return (entry.get("scenarios") or {}).get(name)


def crosscheck(results, repeat, before, after, pis, ipc_samples):
    """One row per shared metric: figures, tolerance, verdict.

    results is the harness's results.json document, repeat the Runs of its
    short families run again, before and after rt_pass() figures, pis
    pi_stress()'s. rt-tests' samples are binned with the histogram layout
    the harness itself reported (results' config, hist.Layout)."""
    rows, notes = [], []
    layout = Layout.from_config(results["config"])

    def row(metric, tool, stat, h, h_parts, h_what, r, r_parts, r_what, res, extra):
        diff, allowed, v = judge(h, spread(h_parts), r, spread(r_parts), res)
        d = {"metric": metric, "rt_test": tool, "statistic": stat,
             "harness": shown(h, h_parts, h_what), "rt": shown(r, r_parts, r_what),
             "harness_figure": h, "harness_parts": h_parts, "rt_figure": r, "rt_parts": r_parts,
             "diff": round(diff, 1), "allowed": round(allowed, 1), "resolution": round(res, 1),
             "verdict": v}
        d.update(extra)
        rows.append(d)

    def quantile_row(mid, name, tool, key):
        h = scen(results, mid, name)
        if h is None:
            notes.append("%s (%s): not measured by the harness in this run" % (mid, name))
            return
        parts = []
        for p in (before, after):
            k = max(len(p[key]) // PARTS, 1)
            parts += [p[key][i:i + k] for i in range(0, k * PARTS, k) if p[key][i:i + k]]
        both = before[key] + after[key]
        row("%s (%s)" % (mid, name), tool, "p50", h["p50"], [h["p50"]], "run",
            layout.quantile(both, 5000), [layout.quantile(x, 5000) for x in parts], "parts",
            layout.width(h["p50"]) or 0,
            {"detail": "p99 harness %s, rt-tests %s; max harness %s, rt-tests %s; min harness %s, "
                       "rt-tests %s" % (h["p99"], "/".join(str(layout.quantile(p[key], 9900))
                                                          for p in (before, after)),
                                        h["max"], max(both), h["min"], min(both))})

    def mean_row(mid, name, tool, half, what):
        figures, errs = [], []
        h = scen(results, mid, name)
        sources = [(h and h.get("hist"), results["config"].get("empty_measurement", 0))]
        for run in repeat or []:
            rec = run.metrics.get(mid, {}).get(name)
            sources.append((rec and rec.hist, run.config.get("empty_measurement", 0)))
        for hist, overhead in sources:
            overhead = float(overhead)
            if not hist:
                continue
            mean, err = layout.hist_mean(hist)
            # In rt-tests' window: the empty measurement added back, one way.
            figures.append(mean / 2 + overhead if half else mean + overhead)
            errs.append(err / 2 if half else err)
        if not figures:
            notes.append("%s (%s): not measured by the harness in this run" % (mid, name))
            return
        runs = before[tool] + after[tool]
        rv = [d["avg"] for d in runs]
        # Histogram mid-points, rt-tests' 0.01 us rounding and the spread of
        # a mean of microsecond-quantised samples (two standard errors).
        res = max(errs) + 10 + 2 * 1000 / math.sqrt(12 * ipc_samples)
        row("%s (%s)%s" % (mid, name, " / 2" if half else ""), tool, "mean",
            sum(figures) / len(figures), figures, "runs", sum(rv) / len(rv), rv, "runs", res,
            {"detail": "%s; rt-tests min %s, max %s over its runs" % (
                what, min(d["min"] for d in runs), max(d["max"] for d in runs))})

    quantile_row("cyclic_100us", "idle", "cyclictest -i 100", "cyclic")
    quantile_row("loop_1khz", "idle", "cyclictest -i 1000, |period - 1 ms|", "loop")
    mean_row("sem_pingpong", "equal", "ptsematest", True,
             "half a round trip between equal-priority tasks; ptsematest's pair has equal "
             "priorities too")
    mean_row("msg_latency", "idle", "pmqtest", False,
             "the harness's receiver is above the sender and preempts inside mq_send; pmqtest's "
             "pair has equal priorities, so its receiver runs only once the sender blocks in its "
             "next mq_receive (docs/linux.md)")
    measured = [m for m in ("pi_boost", "pi_release", "pi_chain")
                if results["metrics"].get(m, {}).get("status") == "measured"]
    pi_ok = pis is not None and pis["exit"] == 0
    rows.append({"metric": "pi_boost, pi_release, pi_chain", "rt_test": "pi_stress",
                 "statistic": "correctness",
                 "harness": "self-checked, %d of 3 ran" % len(measured),
                 "rt": ("pass, %s inversions" % pis["inversions"]) if pi_ok
                 else "FAIL (exit %s)" % (pis and pis["exit"]),
                 "diff": "-", "allowed": "-", "resolution": "-",
                 "verdict": "agree" if pi_ok and len(measured) == 3 else "DIFFER",
                 "detail": "both ran without an inversion: the harness stops on M running while "
                           "H waits or a priority not what inheritance requires"})
    return rows, notes


RULE = ("Rule: a harness figure H agrees with rt-tests' R when |H - R| <= sH + sR + r, that is "
        "when the two instruments differ by no more than each one varies by itself on this "
        "machine in this session. R is rt-tests' figure over all its samples from its runs before "
        "and after the harness, and sR the range (max - min) of that figure over the parts of "
        "those runs (each cyclictest run cut into five consecutive parts; each ptsematest and "
        "pmqtest run whole); H and sH likewise over the harness's runs (the short families run "
        "again for that; sH = 0 for a figure measured once); r is the "
        "resolution of the two figures: one harness histogram bucket for percentiles (rt-tests' "
        "samples are binned with the same buckets before their percentile is taken), the "
        "histogram's mid-point error plus rt-tests' 0.01 us rounding and microsecond "
        "quantisation for means. Harness means are first put in rt-tests' window: the "
        "empty-measurement cost the harness subtracts is added back, and a round trip is "
        "halved. Only idle scenarios have an rt-tests counterpart.")


def fmt(v):
    """A cross-check figure in ns: whole above 100, one decimal below."""
    if isinstance(v, list):
        return " / ".join(fmt(x) for x in v)
    if isinstance(v, float):
        return "%.0f" % v if abs(v) >= 100 else "%.1f" % v
    return str(v)


def crosscheck_table(rows, notes, title, markdown):
    """The cross-check as a tables.Table; the Markdown one carries the rule
    and each row's detail as footnotes."""
    head = ["metric", "rt-tests", "stat", "harness H (range)", "rt-tests R (range)", "|H - R|",
            "allowed", "verdict"]
    cells = [[r["metric"], r["rt_test"], r["statistic"], fmt(r["harness"]), fmt(r["rt"]),
              fmt(r["diff"]), fmt(r["allowed"]), r["verdict"]] for r in rows]
    if markdown:
        foot = ["All figures in ns. " + RULE] + ["%s: %s" % (r["metric"], r["detail"])
                                                for r in rows] + notes
    else:
        foot = ["(all figures in ns)"] + notes
    return Table(title, head, cells, foot)


# ---------------------------------------------------------------- main

def main(argv=None):
    args = parse_args(argv)
    validate(args)
    args.out = os.path.abspath(os.path.join(ROOT, args.out))
    os.makedirs(args.out, exist_ok=True)
    say("building bench/linux in %s" % os.path.join(args.out, "obj"))
    exe = build(args)
    config = harness_config(args, exe)
    args.fifo = config.get("policy") == "SCHED_FIFO"
    try:
        Layout.from_config(config)
    except LayoutMissing as err:
        refuse("bench-linux --config: %s" % err)
    missing = [t for t in RT_TESTS if shutil.which(t) is None]
    do_rt = not args.no_rt_tests and args.fifo and not missing
    if missing and not args.no_rt_tests:
        say("bench_linux: rt-tests missing (%s): apt-get install rt-tests; harness only"
            % ", ".join(missing))
    if not args.fifo:
        say("bench_linux: SCHED_FIFO not permitted: measuring under SCHED_OTHER (--allow-other); "
            "every figure is labelled sched_other and rt-tests are not run")
    args.rt_counts = (args.timing_defs["CYCLIC_IDLE"], args.timing_defs["LOOP_PERIODS_IDLE"])
    before = after = pis = repeat = None
    try:
        if do_rt:
            before = rt_pass(args, "before")
        rc = run_harness(args, exe)
        if do_rt:
            repeat = harness_repeat(args, exe)
            after = rt_pass(args, "after")
            pis = pi_stress(args)
    except (RuntimeError, subprocess.TimeoutExpired) as err:
        say("bench_linux: rt-tests failed: %s" % err)
        return 1
    results = json.load(open(os.path.join(args.out, "results.json"), encoding="utf-8"))
    problems = results_schema.check(results, results_schema.validator())
    for p in problems[:20]:
        say("bench_linux: results.json against docs/results.schema.json: %s" % p)
    if problems:
        rc = rc or 1
    for problem in count_problems(results, args):
        say("bench_linux: " + problem)
        rc = rc or 1
    if do_rt:
        rows, notes = crosscheck(results, repeat, before, after, pis, args.ipc_samples)
        title = "Cross-check with rt-tests (same session, CPU %d, priority %d)" % (args.cpu, args.prio)
        print(render_text(crosscheck_table(rows, notes, title, False)) + "\n" + RULE)
        with open(os.path.join(args.out, "report.md"), "a", encoding="utf-8") as f:
            f.write("\n" + render_markdown(crosscheck_table(rows, notes, title, True)))
        with open(os.path.join(args.out, "crosscheck.json"), "w", encoding="utf-8") as f:
            json.dump({"rule": RULE, "rows": rows, "notes": notes, "cpu": args.cpu,
                       "prio": args.prio, "rt_counts": args.rt_counts,
                       "ipc_samples": args.ipc_samples, "pi_stress": pis}, f, indent=2)
        if pis["exit"] != 0:
            rc = rc or 1
    say("bench_linux: %s; results in %s" % ("done" if rc == 0 else "FAILED", args.out))
    return rc


def count_problems(results, args):
    """The counts the tool asked for that the harness did not take (a count
    bench/timing.c does not let -D set): the cross-check would compare
    unequal runs."""
    out = []
    for metric_id, key in (("cyclic_100us", "CYCLIC_IDLE"), ("loop_1khz", "LOOP_PERIODS_IDLE")):
        st = (results["metrics"].get(metric_id, {}).get("scenarios") or {}).get("idle")
        if st is not None and st["n"] != args.timing_defs[key]:
            out.append("%s (idle) took %s samples, %d asked: bench/timing.c must let %s be set "
                       "with -D (an #ifndef guard)" % (metric_id, st["n"], args.timing_defs[key],
                                                       key))
    return out


if __name__ == "__main__":
    sys.exit(main())
