#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Firmware projects of the template's kind, built and run outside the tree.

Each project of tests/projects/ is laid out as templates/firmware (its
CMakeLists.txt, config/, its sources). In a temporary directory: a clean
copy of this tree (tools/test_package.py), then each project copied beside
it with, as its board directory, a copy of boards/netduinoplus2; the
project is configured with the toolchain file and built, and its images
run on the emulated board (tools/qemu-run). Cases:

  irq_handler_builds      the project with its own interrupt handlers builds;
  irq_handler_runs        irq_app.elf: EXTI0_IRQHandler, defined by the
      application, runs for each pend of its line and wakes the task;
  irq_missing_names_line  irq_missing.elf: a pended line with no handler
      prints its IRQ number and the name to define, exit status 3;
  irq_board_line_clash    defining a line the board serves (its software
      interrupt line, UART4_IRQHandler) fails the link, naming it;
  irq_list_checked        a board_regs.h whose software line number
      disagrees with its line's name, or whose IRQ_COUNT disagrees with its
      list, fails to build with the message that says which;
  cubemx_builds           a project in STM32CubeMX's layout (freertos.c,
      main.c including cmsis_os.h, FreeRTOS.h and task.h, control blocks
      declared as osStatic*Def_t) builds unchanged with vaios::cubemx;
  cubemx_runs             cubemx.elf: every object in its static control
      block, the HAL's time base (HAL_GetTick, HAL_Delay before the start
      and in a task, HAL_IncTick) on the kernel's, a static message queue
      in the count * size buffer CubeMX declares (16 uint16_t messages in
      32 bytes), misuse rows refused;
  template_image_files    the template (templates/firmware) with its board
      directory: the link prints the image's size, firmware.bin and
      firmware.hex are written beside firmware.elf;
  template_vaios_board    the template without a board directory, given
      -DVAIOS_BOARD=nucleo_f401re, builds for that board;
  c_flags_without_cpu     -DCMAKE_C_FLAGS=-O2 (which replaces the toolchain
      file's CPU flags) stops with the message that says so;
  fetchcontent_pinned     the template with VAIOS from FetchContent as
      docs/start.md shows it (a repository of the tree, GIT_TAG a full
      commit id) builds and runs.

Prints PASS/FAIL per case and "N passed, M failed"; exit status 1 on any
failure.
"""
import argparse
import os
import shutil
import sys
import tempfile

if not __package__:
    sys.exit("test_firmware: run it from the repository root as python3 -m tools.test_firmware")

from .cases import Cases  # noqa: E402
from .test_package import ROOT, clean_copy, configure, sh  # noqa: E402


def project(tmp, name, vaios):
    """tests/projects/<name>, with its board copied from the tree's netduinoplus2."""
    app = os.path.join(tmp, name)
    shutil.copytree(os.path.join(vaios, "tests", "projects", name), app)
    shutil.copytree(os.path.join(vaios, "boards", "netduinoplus2"), os.path.join(app, "board"))
    return app


def build(app, vaios, extra=()):
    bdir = os.path.join(app, "build")
    rc, out = configure(app, vaios, bdir, extra)
    if rc == 0:
        rc, bout = sh(["cmake", "--build", bdir, "-j2"])
        out += bout
    return rc, out, bdir


def run(vaios, image, seconds=30):
    return sh([os.path.join(vaios, "tools", "qemu-run"), image, str(seconds)], timeout=seconds + 60)


def irq_cases(c, tmp, vaios):
    app = project(tmp, "irq_handler", vaios)
    rc, out, bdir = build(app, vaios)
    if not c.check("irq_handler_builds", rc == 0, "exit %d" % rc, out):
        return
    rc, out = run(vaios, os.path.join(bdir, "irq_app.elf"))
    c.check("irq_handler_runs",
            rc == 0 and "irq: EXTI0_IRQHandler ran 3 times at exception 22 (IRQ 6)" in out
            and "irq: PASS" in out, "exit %d" % rc, out)
    rc, out = run(vaios, os.path.join(bdir, "irq_missing.elf"))
    c.check("irq_missing_names_line",
            rc == 3 and "!! unexpected interrupt: IRQ 7, define EXTI1_IRQHandler" in out
            and "FAIL" not in out, "exit %d" % rc, out)

    # A handler of a line the board serves, in an image that uses that line.
    clash = os.path.join(app, "clash.c")
    with open(clash, "w") as f:
        f.write("/* SPDX-License-Identifier: MIT */\n#include \"board.h\"\n"
                "void UART4_IRQHandler(void);\nvoid UART4_IRQHandler(void) {}\n"
                "void clash_use(void);\nvoid clash_use(void) { board_swi_pend(0); }\n")
    with open(os.path.join(app, "CMakeLists.txt"), "a") as f:
        f.write("target_sources(irq_app.elf PRIVATE clash.c)\n")
    rc, out, _ = build(app, vaios)
    c.check("irq_board_line_clash",
            rc != 0 and "multiple definition of `UART4_IRQHandler'" in out,
            "exit %d, no multiple-definition error" % rc, out)


def irq_list_case(c, tmp, vaios):
    results = []
    out_all = ""
    for tag, old, new, msg in (
            ("swi", "#define IRQ_SWI0    52", "#define IRQ_SWI0    51",
             "IRQ_SWI0/1 disagree with the lines IRQ_SWI0_LINE/IRQ_SWI1_LINE name"),
            ("count", "#define IRQ_COUNT   STM32F405_IRQ_COUNT", "#define IRQ_COUNT   83",
             "BOARD_IRQS must list exactly IRQ_COUNT positions")):
        app = project(os.path.join(tmp, "list-" + tag), "irq_handler", vaios)
        regs = os.path.join(app, "board", "board_regs.h")
        text = open(regs).read()
        results.append(old in text)
        open(regs, "w").write(text.replace(old, new))
        rc, out, _ = build(app, vaios)
        out_all += out
        results.append(rc != 0 and msg in out)
    c.check("irq_list_checked", all(results), "checks %s" % results, out_all)


def cubemx_cases(c, tmp, vaios):
    app = project(tmp, "cubemx", vaios)
    rc, out, bdir = build(app, vaios)
    if not c.check("cubemx_builds", rc == 0, "exit %d" % rc, out):
        return
    rc, out = run(vaios, os.path.join(bdir, "cubemx.elf"))
    c.check("cubemx_runs",
            rc == 0 and "cubemx: objects created in their static control blocks" in out
            and "cubemx: HAL_Delay(20) in a task: 20 ms" in out and "cubemx: PASS" in out
            and "cubemx: static message queue in its 32-byte buffer: 16 messages" in out,
            "exit %d" % rc, out)


def template_cases(c, tmp, vaios):
    app = os.path.join(tmp, "template")
    shutil.copytree(os.path.join(vaios, "templates", "firmware"), app)
    shutil.copytree(os.path.join(vaios, "boards", "netduinoplus2"), os.path.join(app, "board"))
    rc, out, bdir = build(app, vaios)
    size_line = any(l.split()[:4] == ["text", "data", "bss", "dec"] for l in out.splitlines())
    size_of = [l for l in out.splitlines() if l.rstrip().endswith("firmware.elf") and l.split()[0].isdigit()]
    binf, hexf = os.path.join(bdir, "firmware.bin"), os.path.join(bdir, "firmware.hex")
    text = int(size_of[0].split()[0]) if size_of else 0
    hex_ok = os.path.exists(hexf) and open(hexf).readline().startswith(":")
    c.check("template_image_files",
            rc == 0 and size_line and text > 0 and os.path.exists(binf)
            and text <= os.path.getsize(binf) <= text + 4096 and hex_ok,
            "exit %d, size printed %s (%s), bin %s, hex %s"
            % (rc, size_line, size_of, os.path.exists(binf), hex_ok), out)

    bare = os.path.join(tmp, "template-nucleo")
    shutil.copytree(os.path.join(vaios, "templates", "firmware"), bare)
    rc, out, bdir = build(bare, vaios, ["-DVAIOS_BOARD=nucleo_f401re"])
    c.check("template_vaios_board",
            rc == 0 and os.path.exists(os.path.join(bdir, "firmware.elf"))
            and os.path.exists(os.path.join(bdir, "vaios", "boards", "nucleo_f401re", "libvaios_board.a")),
            "exit %d" % rc, out)

    rc, out = configure(app, vaios, os.path.join(tmp, "build-cflags"), ["-DCMAKE_C_FLAGS=-O2"])
    flat = " ".join(out.split())
    c.check("c_flags_without_cpu",
            rc != 0 and "CMAKE_C_FLAGS ('-O2') has no CPU flags" in flat
            and "replaces the toolchain file's flags" in flat,
            "exit %d, message missing" % rc, out)


def fetchcontent_case(c, tmp, vaios):
    repo = os.path.join(tmp, "vaios-repo")
    shutil.copytree(vaios, repo)
    git = ["git", "-C", repo, "-c", "user.name=test", "-c", "user.email=test@localhost"]
    out = ""
    for cmd in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "tree"]):
        rc, o = sh(git + cmd)
        out += o
        if rc != 0:
            c.check("fetchcontent_pinned", False, "git %s failed" % cmd[0], out)
            return
    _, sha = sh(["git", "-C", repo, "rev-parse", "HEAD"])
    sha = sha.strip()
    app = os.path.join(tmp, "fetched")
    shutil.copytree(os.path.join(vaios, "templates", "firmware"), app)
    shutil.copytree(os.path.join(vaios, "boards", "netduinoplus2"), os.path.join(app, "board"))
    cml = os.path.join(app, "CMakeLists.txt")
    text = open(cml).read()
    fetch = ("include(FetchContent)\n"
             "FetchContent_Declare(vaios GIT_REPOSITORY %s GIT_TAG %s)\n"
             "FetchContent_MakeAvailable(vaios)\n" % (repo, sha))
    text = text.replace("add_subdirectory(${VAIOS_DIR} vaios)\n", fetch)
    open(cml, "w").write(text)
    bdir = os.path.join(app, "build")
    rc, o = sh(["cmake", "-S", app, "-B", bdir, "-DCMAKE_BUILD_TYPE=Release",
                "-DCMAKE_TOOLCHAIN_FILE=" + os.path.join(vaios, "cmake", "arm-none-eabi.cmake")])
    out += o
    if rc == 0:
        rc, o = sh(["cmake", "--build", bdir, "-j2"])
        out += o
    fetched = os.path.join(bdir, "_deps", "vaios-src")
    _, head = sh(["git", "-C", fetched, "rev-parse", "HEAD"]) if os.path.isdir(fetched) else (1, "")
    ok = rc == 0 and fetch in text and head.strip() == sha
    if ok:
        rc, o = run(vaios, os.path.join(bdir, "firmware.elf"))
        out += o
        ok = rc == 0 and "firmware: done on netduinoplus2" in o
    c.check("fetchcontent_pinned", ok, "exit %d, fetched commit %s (pinned %s)" % (rc, head.strip(), sha), out)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--keep", action="store_true", help="keep the temporary directory")
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="vaios-firmware-")
    c = Cases(tail=25)
    try:
        vaios = os.path.join(tmp, "vaios")
        clean_copy(vaios)
        print("temporary directory: " + tmp)
        irq_cases(c, tmp, vaios)
        irq_list_case(c, tmp, vaios)
        cubemx_cases(c, tmp, vaios)
        template_cases(c, tmp, vaios)
        fetchcontent_case(c, tmp, vaios)
    finally:
        if args.keep:
            print("kept " + tmp)
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    return c.summary()


if __name__ == "__main__":
    sys.exit(main())
