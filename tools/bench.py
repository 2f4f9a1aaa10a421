#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Run the VAIOS benchmark on the emulated board and write the report.

Usage (from the repository root): python3 -m tools.bench [--build DIR] [--out DIR]
       python3 -m tools.bench --elf IMAGE [--log RUN.LOG] --out DIR

Runs the benchmark image in QEMU (tools/qemu-run, the instrument of
docs/benchmark.md), adds what only the host can measure (footprint from the
ELF files and the link map, the host tool versions), and streams it all
through tools.vaios_report (in this process, as the lines arrive), which
prints the tables and writes build/bench/{report.md,results.json} and the
histograms.

--elf runs an image built elsewhere (a FreeRTOS firmware that links the
harness library: bench/os/freertos/README.md) with only what the image
measures; --log reads a console log of such a run (tools/qemu-run IMAGE
... > RUN.LOG) instead of running it. Either way the results.json names
the instrument, target and compiler as every run's does, so that
`python3 -m tools.compare` takes it.
"""
import argparse
import os
import re
import subprocess
import sys

if not __package__:
    sys.exit("bench: run it from the repository root as python3 -m tools.bench")

from . import results_schema, vaios_report  # noqa: E402
from .progress import Progress  # noqa: E402
from .stream import Source  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def sh(cmd):
    return subprocess.run(cmd, shell=True, cwd=ROOT, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True).stdout.strip()


def elf_size(path):
    """(text, data, bss) of an ELF image from its section headers
    (arm-none-eabi-objdump -h): text, every allocated section with contents
    that runs or is read where it is loaded (VMA = LMA: code, constants,
    the vector and interrupt tables); data, every one copied elsewhere at
    start (VMA != LMA: initialised RAM, whose load image is in flash too);
    bss, every allocated section without contents. Not Berkeley size's
    split by the write flag: Zephyr's linker script gives tables it keeps
    in flash (its interrupt table, its static threads' data) the write flag,
    and size counts them as data, RAM, which they are not. For images whose
    flash sections are all read-only (VAIOS's, FreeRTOS's and RTX5's on
    this harness's linker scripts) both splits agree; they differ also
    where a read-only section is copied elsewhere (code run from RAM: data
    here) or a writable one is loaded where it runs (an image loaded into
    RAM: text here), which none of those images has."""
    text = data = bss = 0
    lines = sh("arm-none-eabi-objdump -h %s" % path).splitlines()
    for head, flags in zip(lines, lines[1:]):
        f = head.split()
        if len(f) < 7 or not f[0].isdigit() or "ALLOC" not in flags:
            continue
        size, vma, lma = int(f[2], 16), int(f[3], 16), int(f[4], 16)
        if "CONTENTS" not in flags:
            bss += size
        elif vma == lma:
            text += size
        else:
            data += size
    return text, data, bss


def kernel_bytes(map_path, with_time_driver, archives=("libvaios.a",),
                 time_drivers=("timebase.c.obj",)):
    """Bytes of kernel code+constants and of kernel RAM (data+bss) that
    survived --gc-sections, from the link map: every input section that
    came from one of archives (VAIOS: libvaios.a, kernel and port; a peer's
    image: its kernel's own archives, --kernel-archive), and with
    with_time_driver also from the time driver's objects (VAIOS: the board's
    archive member timebase.c.obj, the port contract's time functions and
    the alarm interrupt; a peer's: --time-driver), which a peer's figure
    includes as its tick driver."""
    code = ram = 0
    in_map = False
    section = None
    rx = re.compile(r"^\s*(\.\S+)?\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S+)$")
    for line in open(map_path):
        if line.startswith("Linker script and memory map"):
            in_map = True
            continue
        if not in_map:
            continue
        s = line.rstrip("\n")
        m = rx.match(s)
        if m is None:
            t = s.strip()
            section = t if t.startswith(".") and " " not in t else section
            continue
        name = m.group(1) or section or ""
        size = int(m.group(3), 16)
        source = m.group(4)
        ours = (os.path.basename(source.split("(")[0]) in archives
                or (with_time_driver and any(source.endswith("(%s)" % t) or source.endswith("/" + t)
                                             for t in time_drivers)))
        if not ours or size == 0:
            continue
        if name.startswith((".text", ".rodata")):
            code += size
        elif name.startswith((".data", ".bss")):
            ram += size
    return code, ram


def build_os(build, board):
    """Build the minimal image at -Os in a sibling build directory."""
    d = build.rstrip("/") + "-Os"
    sh("cmake -S . -B %s -DCMAKE_TOOLCHAIN_FILE=cmake/arm-none-eabi.cmake -DCMAKE_BUILD_TYPE=MinSizeRel "
       "-DVAIOS_BOARD=%s >/dev/null && cmake --build %s --target minimal.elf -j2 >/dev/null" % (d, board, d))
    return d


def build_variant(build, board, suffix, option, targets="bench.elf"):
    """Configure and build the benchmark image (and any other targets) with
    one option on, in a sibling build directory; return the image or None."""
    d = build.rstrip("/") + "-" + suffix
    r = subprocess.run("cmake -S . -B %s -DCMAKE_TOOLCHAIN_FILE=cmake/arm-none-eabi.cmake "
                       "-DCMAKE_BUILD_TYPE=Release -DVAIOS_BOARD=%s -D%s=ON >/dev/null && "
                       "cmake --build %s --target %s -j2 >/dev/null" % (d, board, option, d, targets),
                       shell=True, cwd=ROOT)
    elf = os.path.join(d, "bench", "bench.elf")
    return elf if r.returncode == 0 and os.path.exists(elf) else None


PROGRESS = Progress()


# The MPU image's rows (bench/mpu.c), from the build with VOS_CFG_MPU=1.
MPU_METRICS = ("domain_switch", "svc_call", "mpu_fault_to_report")


def instrumented_lines(build, board, timeout):
    """crit_max and trace_event come from images built with the kernel's
    critical-section statistics and tracing on (their instrumentation
    would change every other figure); the memory-protection rows from the
    image of the MPU build (VAIOS_MPU=ON), whose minimal image also gives
    the footprint rows of scenario O2_mpu."""
    out = []
    for suffix, option, mids in (("crit", "VAIOS_CRIT_STATS", ("crit_max",)),
                                 ("trace", "VAIOS_TRACE", ("trace_event",)),
                                 ("stats", "VAIOS_RUNTIME_STATS", ("ctx_switch_stats",)),
                                 ("mpu", "VAIOS_MPU", MPU_METRICS)):
        PROGRESS.step("building and running the %s image (%s=ON) for %s" % (suffix, option, ", ".join(mids)))
        mpu = suffix == "mpu"
        elf = build_variant(build, board, suffix, option, "bench.elf minimal.elf" if mpu else "bench.elf")
        if elf is None:
            out.extend('@VOS skip %s reason="the %s image did not build"' % (mid, suffix) for mid in mids)
            continue
        r = subprocess.run([os.path.join(ROOT, "tools", "qemu-run"), elf, str(timeout)],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")
        for mid in mids:
            got = [l for l in r.stdout.splitlines()
                   if l.startswith(("@VOS metric %s " % mid, "@VOS hist %s " % mid))]
            if r.returncode != 0 or not got:
                out.append('@VOS skip %s reason="the %s image failed (exit %d)"' % (mid, suffix, r.returncode))
            out.extend(got)
        if mpu:
            out.extend(minimal_footprint_lines(os.path.dirname(os.path.dirname(elf)), "O2_mpu",
                                               " (VOS_CFG_MPU=1, 1 KB guards)"))
    return out


def footprint_metric(mid, scenario, value, note):
    return ('@VOS metric %s scenario=%s unit=bytes n=1 min=%d p50=%d p99=%d p999=%d max=%d '
            'overhead=0 note="%s"' % (mid, scenario, value, value, value, value, value, note))


def minimal_footprint_lines(d, scen, what=""):
    """The minimal image's footprint rows of build directory d, as scenario scen."""
    elf = os.path.join(d, "apps", "minimal", "minimal.elf")
    if not os.path.exists(elf):
        return ['@VOS skip footprint_minimal_text reason="minimal image did not build (%s)"' % scen]
    return footprint_rows(elf, scen, what)


def peer_footprint_lines(minimal, archives, time_drivers):
    """The footprint rows of a peer kernel's minimal image (--minimal
    SCEN=ELF, built elsewhere from the same application: two tasks and a
    semaphore), with the same definitions as VAIOS's: its kernel is the
    input sections of the archives named (--kernel-archive), its time
    driver the objects named (--time-driver). A kernel whose tick driver is
    part of its own port (no --time-driver) has no footprint_kernel_alone_text:
    a skip says so."""
    lines = []
    for spec in minimal:
        scen, _, elf = spec.partition("=")
        if not scen or not elf or not os.path.exists(elf):
            raise SystemExit("bench: --minimal %s: SCENARIO=ELF, an existing image with its .map beside it" % spec)
        lines.extend(footprint_rows(os.path.abspath(elf), scen, "", archives, time_drivers))
    if not time_drivers:
        lines.append('@VOS skip footprint_kernel_alone_text reason="the kernel\'s tick driver is part '
                     'of its own port, not a separate driver: footprint_kernel_text is kernel, port and tick"')
    return lines


def footprint_rows(elf, scen, what, archives=("libvaios.a",), time_drivers=("timebase.c.obj",)):
    """The five footprint rows of a minimal image elf (its link map beside
    it, minimal.elf -> minimal.map), as scenario scen; a peer's image
    (time_drivers empty: its tick in its port) has no kernel_alone row."""
    mp = os.path.splitext(elf)[0] + ".map"
    text, data, bss = elf_size(elf)
    code, ram = kernel_bytes(mp, True, archives, time_drivers)
    alone, _ = kernel_bytes(mp, False, archives, time_drivers)
    if archives != ("libvaios.a",):
        kernel = "the kernel's own objects (%s)" % ", ".join(archives)
        tick = (" + its time driver (%s)" % ", ".join(time_drivers)) if time_drivers \
            else ", its tick driver in its port"
        return [
            footprint_metric("footprint_minimal_text", scen, text,
                             "two tasks and a semaphore: text (vector table and start-up included)"),
            footprint_metric("footprint_minimal_ram", scen, data + bss,
                             "two tasks and a semaphore: data+bss, every allocated RAM section of the "
                             "image (whatever stacks the kernel keeps there included)"),
            footprint_metric("footprint_kernel_text", scen, code,
                             "%s%s: code+constants surviving --gc-sections in the minimal image; "
                             "the row comparable with VAIOS's kernel + port + time driver" % (kernel, tick)),
        ] + ([footprint_metric("footprint_kernel_alone_text", scen, alone,
                               "%s alone (no time driver): code+constants surviving --gc-sections "
                               "in the minimal image" % kernel)] if time_drivers else []) + [
            footprint_metric("footprint_kernel_ram", scen, ram,
                             "%s%s: their .data and .bss input sections in the minimal image "
                             "(a stack the kernel keeps in another section not counted)" % (kernel, tick)),
        ]
    return [
        footprint_metric("footprint_minimal_text", scen, text,
                         "two tasks and a semaphore: text (vector table and start-up included)" + what),
        footprint_metric("footprint_minimal_ram", scen, data + bss,
                         "two tasks and a semaphore: data+bss (two 256 B stacks, idle stack, main stack not counted)" + what),
        footprint_metric("footprint_kernel_text", scen, code,
                         "kernel + port + the board's time driver (timebase.c): code+constants surviving "
                         "--gc-sections in the minimal image; the row comparable with a peer's kernel and tick driver" + what),
        footprint_metric("footprint_kernel_alone_text", scen, alone,
                         "kernel + port alone (no time driver): code+constants surviving --gc-sections in the minimal image" + what),
        footprint_metric("footprint_kernel_ram", scen, ram,
                         "kernel + port + time driver data+bss in the minimal image (idle stack included)" + what),
    ]


def footprint_lines(build, board):
    lines = []
    def metric(mid, scenario, value, note):
        lines.append('@VOS metric %s scenario=%s unit=bytes n=1 min=%d p50=%d p99=%d p999=%d max=%d '
                     'overhead=0 note="%s"' % (mid, scenario, value, value, value, value, value, note))
    text, data, bss = elf_size(os.path.join(build, "bench", "bench.elf"))
    metric("footprint", "O2", text + data, "bench image flash (text+data)")
    metric("footprint_ram", "O2", data + bss, "bench image static RAM (data+bss; includes a 64 KB arena and a 32 KB heap)")
    PROGRESS.step("footprint: building the minimal image at -Os")
    for scen, d in (("O2", build), ("Os", build_os(build, board))):
        lines.extend(minimal_footprint_lines(d, scen))
    return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--build", default="build/netduinoplus2")
    ap.add_argument("--board", default="netduinoplus2")
    ap.add_argument("--out", default="build/bench")
    ap.add_argument("--timeout", type=int, default=1200)
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--image", default="bench.elf",
                    help="the image under BUILD/bench/ (bench_cmsis_rtos2.elf: another backend)")
    ap.add_argument("--image-only", action="store_true",
                    help="only what the image measures: no footprint rows, no instrumented images")
    ap.add_argument("--elf", help="an image built elsewhere (implies --image-only)")
    ap.add_argument("--log", help="with --elf: the console log of its run, instead of running it")
    ap.add_argument("--minimal", action="append", default=[], metavar="SCEN=ELF",
                    help="with --elf: a peer kernel's minimal image (two tasks and a semaphore, its .map "
                         "beside it) whose footprint rows join the results as scenario SCEN (O2, Os)")
    ap.add_argument("--kernel-archive", action="append", default=[], metavar="NAME",
                    help="with --minimal: an archive of the peer kernel's own code (e.g. libfreertos_kernel.a)")
    ap.add_argument("--time-driver", action="append", default=[], metavar="OBJ",
                    help="with --minimal: an object of the kernel's time driver outside its archives "
                         "(e.g. os_tick_board.c.obj); none: the tick is in the kernel's port")
    args = ap.parse_args()
    PROGRESS.enabled = not args.quiet
    if args.log and not args.elf:
        ap.error("--log needs --elf (the image the log is of)")
    if args.elf:
        args.image_only = True
        args.elf = os.path.abspath(args.elf)
    if args.minimal and not (args.elf and args.kernel_archive):
        ap.error("--minimal needs --elf (the peer's bench image) and --kernel-archive")
    if args.log and not os.path.exists(args.log):
        print("bench: %s does not exist" % args.log, file=sys.stderr)
        return 2

    elf = args.elf or os.path.join(ROOT, args.build, "bench", args.image)
    if not os.path.exists(elf):
        print("bench: %s does not exist: run 'make target' first" % elf, file=sys.stderr)
        return 2
    qemu_ver = sh("qemu-system-arm --version").splitlines()[0]
    head = ['@VOS config instrument="%s -M %s -icount shift=0,align=off,sleep=off"'
            % (qemu_ver, qemu_machine(os.path.join(ROOT, args.build))),
            '@VOS config target=%s' % args.board,
            '@VOS config compiler="%s"' % sh("arm-none-eabi-gcc --version").splitlines()[0]]
    extra = [] if args.image_only else footprint_lines(os.path.join(ROOT, args.build), args.board)
    if args.minimal:
        extra = peer_footprint_lines(args.minimal, tuple(args.kernel_archive), tuple(args.time_driver))
    if args.log:
        image = Source(["cat", os.path.abspath(args.log)], "bench image log")
    else:
        image = Source([os.path.join(ROOT, "tools", "qemu-run"), elf, str(args.timeout)],
                       "bench image")

    def stream():
        """The report's input: the host's lines, then the image's as they come."""
        yield from head + extra
        for line in image.lines():
            if line.startswith("@VOS done") and not args.image_only:
                # Instrumented images first, so that the report sees one "done".
                yield from instrumented_lines(os.path.join(ROOT, args.build), args.board,
                                              args.timeout)
            yield line

    try:
        rc = vaios_report.report(stream(), os.path.join(ROOT, args.out), quiet=args.quiet)
    finally:
        status = image.close()
    return rc or (1 if status else 0) or schema_problems(os.path.join(ROOT, args.out))


def qemu_machine(build):
    """The QEMU machine tools/qemu-run runs build's images on: the
    qemu-machine file a board with its own machine leaves in its build
    directory (CMakeLists.txt), else netduinoplus2."""
    path = os.path.join(build, "qemu-machine")
    if os.environ.get("VAIOS_QEMU_MACHINE"):
        return os.environ["VAIOS_QEMU_MACHINE"]
    return open(path).read().strip() if os.path.exists(path) else "netduinoplus2"


def schema_problems(out):
    """1 (and each problem on stderr) when out/results.json breaks
    docs/results.schema.json, else 0."""
    path = os.path.join(out, "results.json")
    problems = results_schema.check_file(path, results_schema.validator())
    for p in problems[:20]:
        print("bench: %s against docs/results.schema.json: %s" % (path, p), file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
