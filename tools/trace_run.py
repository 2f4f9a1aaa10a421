#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Record the priority-inversion scenario and the flight pipeline with
tracing on, on the emulated board, and turn each into a CTF trace and a
timeline (make trace).

Builds apps/inversion in a tracing build (build/<board>-trace-run; not
build/<board>-trace, which the benchmark builds at the same time in make
test), runs it in
QEMU, decodes the "@VOS trace" dump with tools/vtrace into
build/trace/inversion.ctf (babeltrace2, Trace Compass) and
build/trace/inversion.{png,svg}, and lists it with babeltrace2.
--check verifies with babeltrace2 that the expected events come in the
expected order (tests/target/trace_inversion.expect): boost, no medium
task while the high one waits, restore; it prints "N passed, M failed".
Each run also checks that vtrace --elf names the scenario's mutex by its
symbol in the image.
--docs also copies the timeline to docs/img/. Run it from the repository
root: python3 -m tools.trace_run [--check] [--docs]. Each stage shows its
progress on stderr (the emulated runs count the lines they print).
"""
import argparse
import os
import shutil
import subprocess
import sys

if not __package__:
    sys.exit("trace_run: run it from the repository root as python3 -m tools.trace_run")

from .progress import Progress  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROGRESS = Progress()


def run(cmd, **kw):
    return subprocess.run(cmd, cwd=ROOT, text=True, **kw)


def run_logged(cmd, log, label):
    """Run cmd with its output into the file log, counting its lines as
    progress; returns its exit status."""
    lines = 0
    with open(log, "w") as fh:
        proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                text=True, errors="replace")
        for line in proc.stdout:
            fh.write(line)
            lines += 1
            PROGRESS.update(label, lines, 0, verb="running")
        status = proc.wait()
    PROGRESS.close()
    PROGRESS.step("%s: %d lines, exit %d" % (label, lines, status))
    return status


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build")
    ap.add_argument("--board", default="netduinoplus2")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--docs", action="store_true")
    args = ap.parse_args()

    bdir = os.path.join(args.build, args.board + "-trace-run")
    out = os.path.join(args.build, "trace")
    os.makedirs(os.path.join(ROOT, out), exist_ok=True)
    steps = []

    def step(name, ok, detail=""):
        steps.append(ok)
        print("%s %s%s" % ("PASS" if ok else "FAIL", name, (": " + detail) if detail else ""))
        return ok

    PROGRESS.step("building the traced images in %s" % bdir)
    cfg = run(["cmake", "-S", ".", "-B", bdir, "-DCMAKE_TOOLCHAIN_FILE=cmake/arm-none-eabi.cmake",
               "-DCMAKE_BUILD_TYPE=Release", "-DVAIOS_TRACE=ON", "-DVAIOS_BOARD=" + args.board],
              stdout=subprocess.DEVNULL)
    bld = run(["cmake", "--build", bdir, "--target", "inversion.elf", "test_flight.elf", "-j2"],
              stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if not step("build_traced_image", cfg.returncode == 0 and bld.returncode == 0,
                "" if bld.returncode == 0 else bld.stdout[-2000:]):
        return finish(steps)

    log = os.path.join(ROOT, out, "inversion.log")
    q = run_logged([os.path.join(ROOT, "tools", "qemu-run"),
                    os.path.join(ROOT, bdir, "apps", "inversion", "inversion.elf"), "60"],
                   log, "apps/inversion on the emulated board")
    tail = open(log).read().splitlines()[-1:] or ["(no output)"]
    if not step("run_on_emulated_board", q == 0, tail[0]):
        return finish(steps)

    ctf = os.path.join(ROOT, out, "inversion.ctf")
    shutil.rmtree(ctf, ignore_errors=True)
    png = os.path.join(ROOT, out, "inversion.png")
    svg = os.path.join(ROOT, out, "inversion.svg")
    PROGRESS.step("decoding the trace to CTF and a timeline")
    v = run([sys.executable, "-m", "tools.vtrace", log, "--ctf", ctf, "--timeline", png, "--svg", svg,
             "--title", "Priority inversion with inheritance: VAIOS on the emulated STM32F405"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if not step("decode_to_ctf_and_timeline", v.returncode == 0, v.stdout.strip()):
        return finish(steps)

    bt = run(["babeltrace2", ctf], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    with open(os.path.join(ROOT, out, "inversion.txt"), "w") as fh:
        fh.write(bt.stdout)
    step("babeltrace2_reads_it", bt.returncode == 0 and bt.stdout.count("\n") > 20,
         "%d events listed" % bt.stdout.count("\n"))
    # The flight pipeline: the last events of the flight suite, traced.
    flog = os.path.join(ROOT, out, "flight.log")
    fq = run_logged([os.path.join(ROOT, "tools", "qemu-run"),
                     os.path.join(ROOT, bdir, "tests", "target", "test_flight.elf"), "120"],
                    flog, "the flight suite, traced")
    fctf = os.path.join(ROOT, out, "flight.ctf")
    shutil.rmtree(fctf, ignore_errors=True)
    fv = run([sys.executable, "-m", "tools.vtrace", flog, "--ctf", fctf,
              "--timeline", os.path.join(ROOT, out, "flight.png"),
              "--svg", os.path.join(ROOT, out, "flight.svg"),
              "--title", "1 kHz flight pipeline (last events of the flight suite), VAIOS traced"],
             stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    step("flight_pipeline_traced", fq == 0 and fv.returncode == 0, fv.stdout.strip())
    # Objects and tasks named from the image (vtrace --elf): the scenario's
    # mutex is the static `resource` of apps/inversion/main.c.
    el = run([sys.executable, "-m", "tools.vtrace", log, "--list", "-q", "--elf",
              os.path.join(ROOT, bdir, "apps", "inversion", "inversion.elf")],
             stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    named = [ln for ln in el.stdout.splitlines()
             if ("mutex_lock" in ln or "task_block" in ln) and "<resource>" in ln]
    step("objects_named_from_the_elf", el.returncode == 0 and len(named) >= 2,
         "%d mutex_lock/task_block lines name <resource>" % len(named))
    if args.check:
        ex = run([sys.executable, "-m", "tools.vtrace.expect",
                  os.path.join("tests", "target", "trace_inversion.expect"), ctf],
                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        step("expected_events_in_order", ex.returncode == 0, ex.stdout.strip()[-1500:])
    if args.docs:
        for src, name in ((png, "inversion-timeline.png"), (svg, "inversion-timeline.svg")):
            shutil.copy(src, os.path.join(ROOT, "docs", "img", name))
    print("trace: %s (CTF), %s, %s; flight pipeline: %s" % (
        os.path.relpath(ctf, ROOT), os.path.relpath(png, ROOT), os.path.relpath(svg, ROOT),
        os.path.relpath(fctf, ROOT)))
    return finish(steps)


def finish(steps):
    print("%d passed, %d failed" % (sum(steps), len(steps) - sum(steps)))
    return 0 if all(steps) else 1


if __name__ == "__main__":
    sys.exit(main())
