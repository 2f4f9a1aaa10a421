#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""make test's check of the harness on another backend (suite bench-cmsis-rtos2).

Usage: python3 -m tools.test_bench_backends --target BUILD/netduinoplus2 --build BUILD [--compare]

Runs the two short images that bench/CMakeLists.txt builds beside bench.elf
(VB_QUICK: the families every kernel has, timing.c's sample counts cut to a
tenth) on the emulated board:
  bench_quick.elf         the harness on VAIOS (bench/os/vaios)
  bench_cmsis_rtos2.elf   the harness through the CMSIS-RTOS2 API only
                          (bench/os/cmsis_rtos2), on VAIOS's own layer (cmsis/)
each through tools.bench into BUILD/bench-backends/<backend>/results.json,
then checks each against docs/results.schema.json, checks that what the
CMSIS-RTOS2 API cannot express is a skip with its reason (never a figure),
that both run the Thread-Metric rows through their porting layers,
that the CMSIS backend times the same paths as the native image's cmsis_*
rows, and (--compare) merges the two runs with tools.compare into one
table and one picture per latency metric.

Prints one PASS/FAIL line per case and "N passed, M failed".
"""
import argparse
import json
import os
import subprocess
import sys

from . import results_schema

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

RUNS = (("vaios", "bench_quick.elf"), ("cmsis_rtos2", "bench_cmsis_rtos2.elf"))
# What the CMSIS-RTOS2 API cannot express, each a skip whose reason names
# the API (bench/os/cmsis_rtos2/README.md).
NOT_IN_API = ("tick_isr", "alloc_8", "free", "soak", "imu_pipeline", "tm_irq_preempt")
# Thread-Metric through each backend's porting layer (bench/os/*/tm_port.c).
TM_ROWS = ("tm_basic", "tm_coop", "tm_preempt", "tm_irq", "tm_message", "tm_sync", "tm_memory")
# The CMSIS backend's row and the native image's row over VAIOS's CMSIS
# layer that time the same calls (bench/cmsis.c).
SAME_PATH = (("ctx_yield", "cmsis_yield"), ("sem_give_take", "cmsis_sem"),
             ("mutex_lock_unlock", "cmsis_mutex"))

results = []


def case(name, ok, detail=""):
    results.append(ok)
    print("%s %s%s" % ("PASS" if ok else "FAIL", name, (": " + detail) if detail and not ok else ""))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--target", required=True, help="the target build directory")
    ap.add_argument("--build", required=True, help="the build root (outputs go below it)")
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--compare", action="store_true",
                    help="also merge the two runs with python3 -m tools.compare")
    args = ap.parse_args()
    out = os.path.join(os.path.abspath(args.build), "bench-backends")
    docs = {}
    validator = results_schema.validator()
    for backend, image in RUNS:
        d = os.path.join(out, backend)
        r = subprocess.run([sys.executable, "-m", "tools.bench",
                            "--build", os.path.relpath(args.target, ROOT), "--image", image,
                            "--image-only", "--quiet", "--out", os.path.relpath(d, ROOT),
                            "--timeout", str(args.timeout)],
                           cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        case("%s: %s ran to its end" % (backend, image), r.returncode == 0, r.stdout[-600:])
        path = os.path.join(d, "results.json")
        problems = results_schema.check_file(path, validator) if os.path.exists(path) else ["missing"]
        case("%s: results.json of docs/results.schema.json" % backend, not problems,
             "; ".join(problems[:5]))
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                docs[backend] = json.load(f)
    if len(docs) != 2:
        case("both runs have results", False, "missing: %s" % [b for b, _ in RUNS if b not in docs])
        return report()

    native, cm = docs["vaios"], docs["cmsis_rtos2"]
    cfg = cm["config"]
    case("cmsis_rtos2: config names the API and the kernel under it",
         cfg.get("kernel") == "cmsis_rtos2" and bool(cfg.get("kernel_id")) and "tick_hz" in cfg,
         str({k: cfg.get(k) for k in ("kernel", "kernel_id", "tick_hz")}))
    for mid in NOT_IN_API:
        m = cm["metrics"].get(mid, {})
        case("cmsis_rtos2: %s is skipped with the API's reason" % mid,
             m.get("status") == "skipped" and "CMSIS-RTOS2" in (m.get("reason") or ""),
             "%s: %s" % (m.get("status"), m.get("reason")))
    measured = [k for k, m in cm["metrics"].items() if m.get("status") == "measured"]
    case("cmsis_rtos2: the families every kernel has are measured",
         all(k in measured for k in ("ctx_yield", "sem_pingpong", "pi_chain", "msg_latency",
                                     "irq_latency", "irq_to_task", "delay_5ms")),
         "measured: %s" % measured)
    for backend, doc in docs.items():
        tm = {k: doc["metrics"].get(k, {}).get("status") for k in TM_ROWS}
        case("%s: the Thread-Metric rows run through its porting layer" % backend,
             all(v == "measured" for v in tm.values()), str(tm))
    for ours, theirs in SAME_PATH:
        a, b = cm["metrics"][ours].get("p50"), native["metrics"][theirs].get("p50")
        case("cmsis_rtos2 %s = native %s (the same calls, timed by two harness paths)"
             % (ours, theirs), a is not None and a == b, "%s vs %s" % (a, b))

    if not args.compare:
        return report()
    cmp_dir = os.path.join(out, "compare")
    r = subprocess.run([sys.executable, "-m", "tools.compare",
                        os.path.join(out, "vaios", "results.json"),
                        os.path.join(out, "cmsis_rtos2", "results.json"),
                        "--out", cmp_dir, "--quiet"],
                       cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    case("compare: the two runs merge", r.returncode == 0, r.stdout[-600:])
    md = os.path.join(cmp_dir, "compare.md")
    text = open(md, encoding="utf-8").read() if os.path.exists(md) else ""
    case("compare: one table with both kernels and a Leader column",
         "vaios" in text and "cmsis_rtos2" in text and "Leader" in text, md)
    latency = [k for k in ("irq_latency", "irq_to_task", "ctx_preempt", "msg_latency")
               if cm["metrics"][k].get("hist") and native["metrics"][k].get("hist")]
    missing = [k for k in latency if not os.path.exists(os.path.join(cmp_dir, "cdf", k + ".png"))]
    case("compare: a picture per latency metric of both runs", latency and not missing,
         "missing: %s" % missing)
    return report()


def report():
    print("%d passed, %d failed" % (results.count(True), results.count(False)))
    return 0 if all(results) and results else 1


if __name__ == "__main__":
    sys.exit(main())
