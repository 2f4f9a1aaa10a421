#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Check the benchmark's kernel backends against bench/osal.h, and the Zephyr module.

Every backend of the emulated board (bench/os/<kernel>/ with an osal_impl.h,
the host's posix backend aside) must:

  * define every entry of the OS adaptation contract (bench/osal.h) that its
    options require: the calls, types and constants every backend has, the
    queue, heap, heap-statistics, timer, scheduler-lock and Thread-Metric
    entries when its OSAL_HAS_* options say it has them, and the reason
    strings (OSAL_NO_HEAP_WHY, OSAL_NO_TICK_ISR_WHY, OSAL_NO_PI_CHAIN_WHY)
    when they say it has not;
  * with OSAL_HAS_TM_PORT, define every porting-layer function of
    bench/tm_api.h in its tm_port.c (tm_thread_create is bench/tm_threads.c's);
  * check its kernel's timer rate against the board counter's
    (BOARD_CYCLES_HZ) and refuse a run where they differ: a _Static_assert
    on BOARD_CYCLES_HZ, or a run-time comparison that prints "refused" and
    ends the run with board_exit.

The Zephyr backend (bench/os/zephyr) is a Zephyr module that make test
cannot build (no Zephyr tree; the stored run bench/peers/runs/zephyr was
built by hand with one); what can be checked here is:

  * the module's files: zephyr/module.yml (its cmake and kconfig entries
    and its board and SoC roots exist), the board (board.yml with name,
    full_name and socs; Kconfig.<board>, <board>_defconfig, <board>.dts)
    selecting the SoC that soc/ defines (soc.yml, Kconfig.soc, Kconfig,
    Kconfig.defconfig, soc.h, CMakeLists.txt);
  * every CONFIG_ option its configuration files set is either one of the
    module's own (its Kconfig) or one of the Zephyr options named in
    ZEPHYR_OPTIONS below, each read in Zephyr's Kconfig files;
  * the module's CMakeLists.txt runs (cmake -P, with the few zephyr_library
    functions it calls recorded by a stand-in), names only files that exist,
    and repeats exactly the lists it copies: the harness's families in
    bench/CMakeLists.txt's order and the board services of
    boards/common/board_core.cmake and boards/netduinoplus2/CMakeLists.txt;
    it generates VOS_CFG_CLOCK_HZ from the board's board.cmake;
  * its kernel-neutral C compiles: osal_zephyr_board.c for the Cortex-M4F
    (-Wall -Wextra -Werror), and osal_zephyr_time.h on the host, where
    its sleep arithmetic is checked (a wake at the tick it computes is never
    before the deadline, and at most two ticks after);
  * it defines a spinning idle (vb_idle_mode "spin: ...") and every source file
    carries the project's SPDX line.

Prints "ok - ..." / "FAIL - ..." per case and "N passed, M failed"; exit
status 1 if any failed. Usage: python3 -m tools.check_backends [--root DIR]
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

if not __package__:
    sys.exit("check_backends: run it from the repository root as python3 -m tools.check_backends")

from .ctext import strip_comments  # noqa: E402
from .cases import tree_check_main  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
HOST_BACKENDS = {"posix"}       # bench/linux's: a host process, no board, no image

# bench/osal.h's contract: (entry, the option that requires it, its value then).
ALWAYS = ("OSAL_NAME", "OSAL_PRIO_MAX", "os_print_config", "os_start", "os_task_t",
          "os_task_create", "os_task_exit", "os_task_done", "os_yield", "os_suspend_self",
          "os_resume", "os_prio", "os_set_prio", "os_now", "os_sleep", "os_sleep_until", "os_ms",
          "os_us", "os_ns", "os_sleep_resolution", "os_sem_t", "os_sem_init", "os_sem_give",
          "os_sem_give_isr", "os_sem_take", "os_sem_trytake", "os_mutex_t", "os_mutex_init",
          "os_mutex_lock", "os_mutex_unlock", "OSAL_IRQ_PRIO_KERNEL", "OSAL_IRQ_PRIO_KERNEL_LOW")
CONDITIONAL = (
    ("OSAL_HAS_RESUME_ISR", 1, ("os_resume_isr",)),
    ("OSAL_HAS_QUEUE", 1, ("os_queue_t", "os_queue_init", "os_queue_send", "os_queue_send_isr",
                           "os_queue_recv")),
    ("OSAL_HAS_HEAP", 1, ("os_heap_t", "os_heap_init", "os_malloc", "os_free")),
    ("OSAL_HAS_HEAP", 0, ("OSAL_NO_HEAP_WHY",)),
    ("OSAL_HAS_HEAP_STATS", 1, ("os_heap_usage",)),
    ("OSAL_HAS_TM_PORT", 1, ("os_task_kill",)),
    ("OSAL_HAS_SCHED_LOCK", 1, ("os_sched_lock", "os_sched_unlock")),
    ("OSAL_HAS_TIMER", 1, ("os_timer_t", "os_timer_init", "os_timer_start", "os_timer_start_at",
                           "os_timer_stop", "os_timer_delete", "os_timer_service",
                           "os_timer_service_end")),
    ("OSAL_HAS_ZERO_LATENCY", 1, ("OSAL_IRQ_PRIO_ZERO_LATENCY",)),
    ("OSAL_HAS_TICK_ISR_STATS", 1, ("os_tick_isr_reset", "os_tick_isr_max")),
    ("OSAL_HAS_TICK_ISR_STATS", 0, ("OSAL_NO_TICK_ISR_WHY",)),
    ("OSAL_PI_TRANSITIVE", 0, ("OSAL_NO_PI_CHAIN_WHY",)),
)
# An option's value when a backend does not define it (bench/osal.h's defaults).
DEFAULTS = {"OSAL_HAS_RESUME_ISR": 1, "OSAL_HAS_HEAP": 1, "OSAL_PI_TRANSITIVE": 1}
# bench/tm_api.h's porting-layer functions, tm_thread_create aside.
TM_PORT = ("tm_thread_resume", "tm_thread_suspend", "tm_thread_relinquish", "tm_queue_create",
           "tm_queue_send", "tm_queue_receive", "tm_semaphore_create", "tm_semaphore_get",
           "tm_semaphore_put", "tm_memory_pool_create", "tm_memory_pool_allocate",
           "tm_memory_pool_deallocate")

ZEPHYR = "bench/os/zephyr"
# The Zephyr options the module's configuration sets, each read where Zephyr
# defines it (main after the 4.5 release; README.md of the module):
# kernel/Kconfig, arch/Kconfig, subsys/debug/Kconfig, lib/libc/Kconfig,
# Kconfig.zephyr, arch/arm/core (FP_HARDABI, ARM_MPU) and the drivers'
# menus. A name not here and not the module's own is a typo until checked.
ZEPHYR_OPTIONS = {
    "TICKLESS_KERNEL", "SYS_CLOCK_TICKS_PER_SEC", "TIMEOUT_64BIT", "TIMESLICING",
    "SCHED_MULTIQ", "NUM_PREEMPT_PRIORITIES", "ASSERT", "HW_STACK_PROTECTION", "USERSPACE",
    "THREAD_MONITOR", "THREAD_NAME", "INIT_STACKS", "THREAD_RUNTIME_STATS", "BOOT_BANNER",
    "SPEED_OPTIMIZATIONS", "FPU", "FPU_SHARING", "FP_HARDABI", "MAIN_STACK_SIZE", "ARM_MPU",
    "SERIAL", "CONSOLE", "GPIO", "CLOCK_CONTROL", "REQUIRES_FULL_LIBC",
    "SIZE_OPTIMIZATIONS", "COMMON_LIBC_MALLOC",
}
BOARD = "vaios_netduinoplus2"
SOC = "vaios_stm32f405"


def backend_dirs(root):
    """The device backends: bench/os/<kernel>/ with an osal_impl.h."""
    return sorted(d for d in (root / "bench/os").iterdir()
                  if (d / "osal_impl.h").exists() and d.name not in HOST_BACKENDS)


def backend_text(d):
    """osal_impl.h and the backend's own .c files (tm_port.c aside), and the
    kernel-neutral headers of bench/os/common they include, comments stripped."""
    files = [d / "osal_impl.h"] + sorted(p for p in d.glob("*.c") if p.name != "tm_port.c")
    files += sorted(p for p in d.glob("*.h") if p.name != "osal_impl.h")
    texts = [strip_comments(p.read_text(encoding="utf-8")) for p in files]
    common = sorted({name for t in texts
                     for name in re.findall(r'^\s*#\s*include\s+"\.\./common/([\w.]+)"', t, re.M)})
    texts += [strip_comments((d.parent / "common" / name).read_text(encoding="utf-8"))
              for name in common]
    return "\n".join(texts)


def option(text, name):
    """The first value a backend's text #defines for an OSAL option, else its default."""
    m = re.search(rf"^\s*#\s*define\s+{name}\s+\(?\s*(\d+)", text, re.M)
    if m:
        return int(m.group(1))
    return DEFAULTS.get(name, 0)


def defines(text, name):
    """Whether text defines name: a macro, a type, or a function declared or defined."""
    if re.search(rf"^\s*#\s*define\s+{name}\b", text, re.M):
        return True
    if re.search(rf"\btypedef\b[^;]*\b{name}\s*;", text) or re.search(rf"\}}\s*{name}\s*;", text):
        return True
    return re.search(rf"^[ \t]*(?:static\s+)?(?:inline\s+)?(?:const\s+)?[A-Za-z_][\w]*[\s*]+"
                     rf"{name}\s*\(", text, re.M) is not None


def build_given(text, build, name):
    """An entry the backend asks of the build (#ifdef NAME or defined(NAME), with an
    #error without it) and bench/CMakeLists.txt gives (NAME=...)."""
    return (re.search(rf"defined\s*\(\s*{name}\s*\)|#\s*ifn?def\s+{name}\b", text) is not None
            and re.search(rf"\b{name}=", build) is not None)


def required(text):
    """The contract entries a backend's options require of it."""
    names = list(ALWAYS)
    for opt, value, entries in CONDITIONAL:
        if option(text, opt) == value:
            names += entries
    return names


def checks_rate(text):
    """The backend refuses a run whose kernel timer rate is not the board counter's."""
    if re.search(r"_Static_assert\s*\([^;]*\bBOARD_CYCLES_HZ\b", text):
        return True
    return "BOARD_CYCLES_HZ" in text and "refused" in text and "board_exit(" in text


def cmake_list(text, var):
    """The items of set(var ...) in a CMake file, ${...} prefixes dropped."""
    m = re.search(rf"set\({var}\s+([^)]*)\)", text)
    if not m:
        return None
    return [os.path.basename(t) for t in m.group(1).split()]


def check_backend(root, d, case):
    text = backend_text(d)
    name = d.name
    build = (root / "bench/CMakeLists.txt").read_text(encoding="utf-8")
    missing = [n for n in required(text) if not defines(text, n) and not build_given(text, build, n)]
    case(not missing, f"{name}: defines every entry of bench/osal.h its options require",
         ", ".join(missing))
    if option(text, "OSAL_HAS_TM_PORT") == 1:
        tm = d / "tm_port.c"
        tm_text = strip_comments(tm.read_text(encoding="utf-8")) if tm.exists() else ""
        absent = [f for f in TM_PORT
                  if not re.search(rf"^(?:int|void)\s+{f}\s*\(", tm_text, re.M)]
        case(not absent, f"{name}: tm_port.c defines bench/tm_api.h's porting layer",
             ", ".join(absent))
    case(checks_rate(text), f"{name}: refuses a run whose kernel timer rate is not the board "
         "counter's (BOARD_CYCLES_HZ)")
    m = re.search(r'#\s*define\s+OSAL_TM_MEMORY_WHAT\s+"((?:[^"\\]|\\.)*)"', text)
    if m:   # bench/threadmetric.c's _Static_assert: at most 48 bytes with its NUL
        case(len(m.group(1)) + 1 <= 48, f"{name}: OSAL_TM_MEMORY_WHAT fits tm_memory's note",
             m.group(1))


def check_contract(root, case):
    """Every entry this check asks for is named in bench/osal.h, so a renamed entry
    cannot leave this list behind."""
    osal = (root / "bench/osal.h").read_text(encoding="utf-8")
    names = set(ALWAYS) | {n for _, _, e in CONDITIONAL for n in e} | {o for o, _, _ in CONDITIONAL}
    unnamed = sorted(n for n in names if not re.search(rf"\b{n}\b", osal))
    case(not unnamed, "every entry checked is bench/osal.h's", ", ".join(unnamed))
    api = (root / "bench/tm_api.h").read_text(encoding="utf-8")
    case(all(re.search(rf"\b{f}\s*\(", api) for f in TM_PORT),
         "every porting-layer function checked is bench/tm_api.h's")


def yaml_keys(text):
    """The 'key: value' pairs of a small YAML file, by indentation path."""
    out, stack = {}, []
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        indent = len(line) - len(line.lstrip())
        body = line.strip()
        if body.startswith("- "):       # a list item: one level below its key
            indent += 2
            body = body[2:].strip()
        if ":" not in body:
            continue
        key, _, value = body.partition(":")
        while stack and stack[-1][0] >= indent:
            stack.pop()
        path = "/".join([k for _, k in stack] + [key.strip()])
        out[path] = value.strip()
        if not value.strip():
            stack.append((indent, key.strip()))
    return out


def kconfig_symbols(text):
    return set(re.findall(r"^\s*(?:menu)?config\s+(\w+)", text, re.M))


def set_options(text):
    return re.findall(r"^\s*CONFIG_(\w+)=", text, re.M)


CMAKE_STANDIN = """
# Stand-ins for the zephyr_library functions the module calls: each records
# its arguments (tools/check_backends.py). Not Zephyr: only what the
# module's file gives them is looked at.
set(CONFIG_VAIOS_BENCH y)
set(GCC_M_CPU cortex-m4)
function(zephyr_library_named name)
  file(APPEND ${RECORDS} "library ${name}\\n")
endfunction()
function(zephyr_library_sources)
  foreach(a IN LISTS ARGN)
    file(APPEND ${RECORDS} "zephyr_library_sources ${a}\\n")
  endforeach()
endfunction()
function(zephyr_library_include_directories)
  foreach(a IN LISTS ARGN)
    file(APPEND ${RECORDS} "zephyr_library_include_directories ${a}\\n")
  endforeach()
endfunction()
function(zephyr_library_compile_definitions)
endfunction()
function(zephyr_library_compile_options)
endfunction()
function(vb_commit_header target)
  file(APPEND ${RECORDS} "commit ${target}\\n")
endfunction()
function(set_source_files_properties)
endfunction()
# cmake/vb_commit.cmake, included by the module, runs its script branch
# under cmake -P: it writes the commit header to OUT, a scratch file.
set(SRC ${REPO})
include(${MODULE}/CMakeLists.txt)
"""


def run_module_cmake(root, tm_suite):
    """The module CMakeLists.txt under cmake -P: (records, generated header text),
    ("error", output), or None without cmake."""
    if shutil.which("cmake") is None:
        return None
    with tempfile.TemporaryDirectory(prefix="check_backends_") as tmp:
        script = Path(tmp) / "run.cmake"
        out = Path(tmp) / "records.txt"
        text = ("set(CONFIG_VAIOS_BENCH_TM_SUITE y)\n" if tm_suite else "") + CMAKE_STANDIN
        script.write_text(text, encoding="utf-8")
        r = subprocess.run(["cmake", f"-DREPO={root}", f"-DMODULE={root / ZEPHYR}",
                            f"-DRECORDS={out}", f"-DOUT={Path(tmp) / 'vb_commit.h'}",
                            "-P", str(script)], cwd=tmp,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if r.returncode != 0:
            return ("error", r.stdout[-800:])
        gen = Path(tmp) / "generated" / "vaios_board_config.h"
        return (out.read_text(encoding="utf-8") if out.exists() else "",
                gen.read_text(encoding="utf-8") if gen.exists() else "")


def records_of(records, kind):
    return [line.split(" ", 1)[1] for line in records.splitlines() if line.startswith(kind + " ")]


def check_zephyr_cmake(root, case):
    bench_cmake = (root / "bench/CMakeLists.txt").read_text(encoding="utf-8")
    harness = (cmake_list(bench_cmake, "VB_MAIN") or []) + \
        (cmake_list(bench_cmake, "VB_FAMILIES_HEAD") or []) + \
        (cmake_list(bench_cmake, "VB_FAMILIES") or []) + \
        ["threadmetric.c", "tm_threads.c", "tm_port.c"] + \
        (cmake_list(bench_cmake, "VB_FAMILIES_TAIL") or [])
    core = (root / "boards/common/board_core.cmake").read_text(encoding="utf-8")
    m = re.search(r"add_library\(vaios_board_services[^)]*\)", core)
    common = [os.path.basename(t) for t in re.findall(r"/([\w/]+\.c)", m.group(0))] if m else []
    board_cmake = (root / "boards/netduinoplus2/CMakeLists.txt").read_text(encoding="utf-8")
    m = re.search(r"vaios_stm32f4_board_core\([^)]*SERVICES([^)]*)\)", board_cmake)
    services = ([os.path.basename(f) for f in m.group(1).split()] if m else []) + common
    for tm_suite in (False, True):
        what = "the Thread-Metric check image" if tm_suite else "the benchmark image"
        got = run_module_cmake(root, tm_suite)
        if got is None:
            case(False, f"zephyr: CMakeLists.txt runs for {what}", "no cmake on PATH")
            continue
        if got[0] == "error":
            case(False, f"zephyr: CMakeLists.txt runs for {what}", got[1])
            continue
        records, generated = got
        case(records_of(records, "library") == ["vaios_bench"] and
             records_of(records, "commit") == ["vaios_bench"],
             f"zephyr: CMakeLists.txt runs for {what}: one library, vaios_bench, with its commit")
        sources = records_of(records, "zephyr_library_sources")
        absent = [s for s in sources if not Path(s).exists()]
        case(sources and not absent, f"zephyr: {what}: every source named exists", ", ".join(absent))
        dirs = records_of(records, "zephyr_library_include_directories")
        case(all(Path(x).is_dir() or "generated" in x for x in dirs),
             f"zephyr: {what}: every include directory exists")
        names = [os.path.basename(s) for s in sources]
        case(all(s in names for s in services) and names[:len(services)] == services,
             f"zephyr: {what}: the board services of board_core.cmake and netduinoplus2",
             f"{names[:len(services)]} vs {services}")
        if tm_suite:
            want = ["tm_suite.c", "core.c", "threadmetric.c", "tm_threads.c", "tm_port.c"]
            case(all(w in names for w in want) and "main.c" not in names,
                 f"zephyr: {what}: tm_suite.c and the porting layer, no main.c")
        else:
            rest = [os.path.basename(src) for src in sources
                    if "/apps/flight/" not in src and os.path.basename(src) not in services
                    and os.path.basename(src) not in ("osal_zephyr.c", "osal_zephyr_board.c")]
            case(rest == harness, f"zephyr: {what}: the harness in bench/CMakeLists.txt's order",
                 f"{rest} vs {harness}")
            case(any("/apps/flight/" in s for s in sources), f"zephyr: {what}: the flight pipeline")
        case(re.search(r"#define VOS_CFG_CLOCK_HZ 1000000000u", generated),
             f"zephyr: {what}: VOS_CFG_CLOCK_HZ from boards/netduinoplus2/board.cmake",
             generated[:200])


def check_zephyr_module(root, case):
    z = root / ZEPHYR
    module = yaml_keys((z / "zephyr/module.yml").read_text(encoding="utf-8")) \
        if (z / "zephyr/module.yml").exists() else {}
    case(module.get("build/cmake") == "." and module.get("build/kconfig") == "Kconfig" and
         module.get("build/settings/board_root") == "." and
         module.get("build/settings/soc_root") == ".",
         "zephyr: zephyr/module.yml: cmake, kconfig, board_root and soc_root", str(module))
    case((z / "CMakeLists.txt").exists() and (z / "Kconfig").exists(),
         "zephyr: the module's CMakeLists.txt and Kconfig exist")
    bdir = z / "boards/vaios" / BOARD
    board = yaml_keys((bdir / "board.yml").read_text(encoding="utf-8")) \
        if (bdir / "board.yml").exists() else {}
    case(board.get("board/name") == BOARD and board.get("board/full_name") and
         board.get("board/socs/name") == SOC,
         f"zephyr: board.yml: name {BOARD}, full_name, socs {SOC}", str(board))
    files = [f"Kconfig.{BOARD}", f"{BOARD}_defconfig", f"{BOARD}.dts"]
    case(all((bdir / f).exists() for f in files), "zephyr: the board's files: " + ", ".join(files))
    sdir = z / "soc/vaios" / SOC
    sfiles = ["soc.yml", "Kconfig.soc", "Kconfig", "Kconfig.defconfig", "soc.h", "CMakeLists.txt"]
    case(all((sdir / f).exists() for f in sfiles), "zephyr: the SoC's files: " + ", ".join(sfiles))
    if not all((sdir / f).exists() for f in sfiles) or not (bdir / files[0]).exists():
        return
    soc_yml = yaml_keys((sdir / "soc.yml").read_text(encoding="utf-8"))
    ksoc = (sdir / "Kconfig.soc").read_text(encoding="utf-8")
    sym = "SOC_" + SOC.upper()
    case(soc_yml.get("socs/name") == SOC and f"config {sym}" in ksoc and
         re.search(rf'default "{SOC}" if {sym}', ksoc),
         f"zephyr: soc.yml and Kconfig.soc define {SOC} ({sym})")
    kboard = (bdir / files[0]).read_text(encoding="utf-8")
    case(re.search(rf"config BOARD_{BOARD.upper()}\s+select {sym}\b", kboard),
         f"zephyr: Kconfig.{BOARD} selects {sym}")
    dts = (bdir / files[2]).read_text(encoding="utf-8")
    case(re.search(r"clock-frequency = <DT_FREQ_M\(168\)>", dts) and
         "arm,num-irq-priority-bits = <4>" in dts and "zephyr,sram" in dts and
         "zephyr,flash" in dts, "zephyr: the devicetree: 168 MHz core, 4 priority bits, memory")
    ours = kconfig_symbols((z / "Kconfig").read_text(encoding="utf-8"))
    v1_defconfig = z / "hwmv1/boards/arm" / BOARD / f"{BOARD}_defconfig"
    for kfile in [bdir / files[0], sdir / "Kconfig.soc"] + sorted((z / "hwmv1").rglob("Kconfig*")):
        ours |= kconfig_symbols(kfile.read_text(encoding="utf-8"))
    v2_lines = set_options((bdir / files[1]).read_text(encoding="utf-8"))
    v1_text = v1_defconfig.read_text(encoding="utf-8") if v1_defconfig.exists() else ""
    case(v1_text and all(re.search(rf"^CONFIG_{o}=", v1_text, re.M) for o in v2_lines) and
         all(line in v1_text.splitlines()
             for line in (bdir / files[1]).read_text(encoding="utf-8").splitlines()
             if line.startswith("CONFIG_")),
         "zephyr: the hardware model v1 board's defconfig has every line of the v2 board's")
    conf_files = [bdir / files[1], v1_defconfig] + sorted((z / "app").glob("*.conf")) + \
        sorted((z / "minimal").glob("*.conf"))
    unknown = []
    for f in conf_files:
        for opt in set_options(f.read_text(encoding="utf-8")):
            if opt not in ours and opt not in ZEPHYR_OPTIONS:
                unknown.append(f"{f.name}: CONFIG_{opt}")
    case(conf_files and not unknown, "zephyr: every option set is the module's or a checked "
         "Zephyr option", ", ".join(unknown))
    selects = re.findall(r"select (\w+)", (z / "Kconfig").read_text(encoding="utf-8"))
    case(all(s in ZEPHYR_OPTIONS or s in ours for s in selects),
         "zephyr: every option the module's Kconfig selects is checked")
    all_files = [p for p in z.rglob("*") if p.is_file() and p.suffix != ".md"]
    no_spdx = [str(p.relative_to(z)) for p in all_files
               if "SPDX-License-Identifier: MIT" not in p.read_text(encoding="utf-8")]
    case(not no_spdx, "zephyr: every source file carries SPDX-License-Identifier: MIT",
         ", ".join(no_spdx))
    text = backend_text(z)
    case(re.search(r'vb_idle_mode\[\]\s*=\s*"spin', text),
         "zephyr: a spinning idle replaces Zephyr's WFI idle (vb_idle_mode)")
    check_zephyr_cmake(root, case)
    check_zephyr_c(root, case)


TIME_TEST = r"""
#include <stdio.h>
#include <stdint.h>
#include "osal_zephyr_time.h"
/* Zephyr's tick k begins at K0 + (k - k0) ticks of the board, no earlier than
 * the anchor: check that the tick vz_tick_for returns begins at or after t
 * and at most two ticks plus the anchor gap after it. */
int main(void)
{
    const uint64_t B = 1000000000u, Z[] = { 168000000u, 1000000u, 10000u, 32768u };
    int bad = 0;
    for (unsigned zi = 0; zi < sizeof Z / sizeof Z[0]; zi++) {
        uint64_t z = Z[zi];
        for (uint64_t phase = 0; phase < 997; phase += 97)          /* board count of tick k0's start */
            for (uint64_t gap = 0; gap < 40; gap += 13)             /* b0 read before k0: b0 <= start + tick */
                for (uint64_t d = 0; d < 3000000000u; d = d * 3 + 7) {
                    int64_t k0 = 1000;
                    /* tick k0 began at board time S = 5000 + phase; b0 lies in [S, S + tick). */
                    uint64_t S = 5000 + phase, tick_b = B / z;
                    uint64_t b0 = S + (gap * tick_b) / 40;
                    uint64_t t = b0 + d;
                    int64_t k = vz_tick_for(t, b0, k0, B, z);
                    /* the board time at which tick k begins (exact rational) */
                    long double start = (long double)S + (long double)(k - k0) * (long double)B / (long double)z;
                    if (start < (long double)t) { bad++; if (bad < 5) printf("early z=%llu d=%llu\n", (unsigned long long)z, (unsigned long long)d); }
                    if (start > (long double)t + 2.0L * B / z + 1.0L) { bad++; if (bad < 5) printf("late z=%llu d=%llu\n", (unsigned long long)z, (unsigned long long)d); }
                }
    }
    if (vz_tick_counts(B, 168000000u) != 6u) bad++;
    if (!vz_rate_matches(336000u, 2000000u, 168000000u, B)) bad++;      /* 2 ms at 168 MHz */
    if (vz_rate_matches(2000000u, 2000000u, 168000000u, B)) bad++;      /* told 168 MHz, counts 1 GHz */
    if (vz_rate_matches(336400u, 2000000u, 168000000u, B)) bad++;       /* 0.12 % off */
    printf("%d bad\n", bad);
    return bad != 0;
}
"""


def check_zephyr_c(root, case):
    z = root / ZEPHYR
    with tempfile.TemporaryDirectory(prefix="check_backends_c_") as tmp:
        gen = Path(tmp) / "vaios_board_config.h"
        gen.write_text("#define VOS_CFG_CLOCK_HZ 1000000000u\n#define VOS_CFG_TIME_AT_CPU_CLOCK 1\n",
                       encoding="utf-8")
        cc = shutil.which("arm-none-eabi-gcc")
        if cc is None:
            case(False, "zephyr: osal_zephyr_board.c compiles for the Cortex-M4F",
                 "no arm-none-eabi-gcc")
        else:
            r = subprocess.run(
                [cc, "-mcpu=cortex-m4", "-mthumb", "-mfloat-abi=hard", "-mfpu=fpv4-sp-d16", "-O2",
                 "-std=gnu11", "-Wall", "-Wextra", "-Werror", "-Wshadow", "-Wstrict-prototypes",
                 "-Wmissing-prototypes", "-DBOARD_NO_TIME_DRIVER=1",
                 f"-I{z}", f"-I{root}/boards/netduinoplus2", f"-I{root}/boards/include",
                 f"-I{root}/include", f"-I{root}/config", f"-I{tmp}",
                 "-c", str(z / "osal_zephyr_board.c"), "-o", str(Path(tmp) / "b.o")],
                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            case(r.returncode == 0, "zephyr: osal_zephyr_board.c compiles for the Cortex-M4F "
                 "(-Wall -Wextra -Werror)", r.stdout[-600:])
        hcc = shutil.which("cc") or shutil.which("gcc")
        src = Path(tmp) / "t.c"
        src.write_text(TIME_TEST, encoding="utf-8")
        exe = Path(tmp) / "t"
        r = subprocess.run([hcc, "-O2", "-Wall", "-Wextra", "-Werror", f"-I{z}", str(src), "-o",
                            str(exe)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if r.returncode != 0:
            case(False, "zephyr: osal_zephyr_time.h compiles on the host", r.stdout[-600:])
            return
        r = subprocess.run([str(exe)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        case(r.returncode == 0, "zephyr: a sleep's tick is never before its deadline, at most "
             "two ticks after; the rate check's tolerance is 0.1 %", r.stdout[-400:])


def check(root):
    """Every case as (ok, description, detail)."""
    root = Path(root)
    cases = []

    def case(ok, what, detail=""):
        cases.append((bool(ok), what, detail))

    check_contract(root, case)
    dirs = backend_dirs(root)
    case({"vaios", "freertos", "chibios", "cmsis_rtos2", "zephyr"} <= {d.name for d in dirs},
         "the device backends are there", ", ".join(d.name for d in dirs))
    for d in dirs:
        check_backend(root, d, case)
    if (root / ZEPHYR).exists():
        check_zephyr_module(root, case)
    return cases


def main(argv=None):
    """Print every case; return the exit status."""
    return tree_check_main(__doc__, check, REPO, argv)


if __name__ == "__main__":
    sys.exit(main())
