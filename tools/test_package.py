#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""VAIOS used as a package, the way docs/start.md tells a new user to.

In a temporary directory outside the tree: a clean copy of this tree (the
files git tracks or would track, no build output), the template firmware
project templates/firmware, and, as its own board directory, a copy of
boards/netduinoplus2. Then, one case each:

  firmware_builds_only_its_image  configure with the toolchain file and
      build: nothing but firmware.elf, libvaios.a and libvaios_board.a is
      built, and no compile command carries -Werror (the consumer's flags);
  firmware_runs  the image runs on the emulated board (tools/qemu-run):
      both tasks ran, exit status 0;
  no_toolchain_stops  configuring without a toolchain file stops with the
      one-line message;
  no_config_stops  a project without a vaios_config target stops with the
      worked example;
  clock_override_builds  vaios_config.h setting VOS_CFG_CLOCK_HZ (which the
      board also gives) builds without a "redefined" error;
  config_mismatch_fails_link  one application file compiled with another
      option than the kernel fails to link, naming the configuration;
  board_none_builds_kernel_alone  VAIOS_BOARD=none builds the kernel
      library and defines no board library;
  trace_from_a_project  the template's project configured with
      -DVAIOS_TRACE=ON and an application that emits its trace with
      vos_trace_emit(board_console_line), as docs/tracing.md shows: the
      run's console log is a dump the decoder (tools/vtrace) reads, with
      the application's tasks and marker in it.

Prints PASS/FAIL per case and "N passed, M failed"; exit status 1 on any
failure.
"""
import argparse
import glob
import os
import shutil
import sys
import tempfile

if not __package__:
    sys.exit("test_package: run it from the repository root as python3 -m tools.test_package")

from .cases import Cases, qemu, run  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLCHAIN_MSG = ("VAIOS's cortex-m port needs an arm-none-eabi toolchain: "
                 "pass -DCMAKE_TOOLCHAIN_FILE=")


# The application of trace_from_a_project: one named task, a marker, the
# dump written with the board's line writer.
TRACED_MAIN = r"""/* SPDX-License-Identifier: MIT */
#include "vaios/vaios.h"
#include "board.h"

static vos_task_t sampler;
static uint64_t sampler_stack[512 / 8];

static void sampler_entry(void *arg)
{
    (void)arg;
    for (int i = 0; i < 3; i++)
        vos_sleep(vos_ms(1));
    vos_trace_marker(7, 42);
    vos_trace_stop();
    int err = vos_trace_emit(board_console_line);
    board_exit(err == VOS_OK ? 0 : 1);
}

int main(void)
{
    vos_trace_start();
    vos_task_create(&sampler, "sampler", sampler_entry, NULL, 5, sampler_stack,
                    sizeof sampler_stack);
    vos_start();
    return 1;
}
"""


def sh(cmd, cwd=None, timeout=900):
    return run(cmd, cwd=cwd, timeout=timeout)


def clean_copy(dst):
    """The tree as git sees it (tracked and untracked-but-not-ignored files)."""
    rc, out = sh(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT)
    if rc != 0:
        raise RuntimeError("git ls-files failed: " + out)
    for rel in out.split("\0"):
        src = os.path.join(ROOT, rel)
        if not rel or not os.path.isfile(src):
            continue              # deleted in the working tree
        os.makedirs(os.path.dirname(os.path.join(dst, rel)), exist_ok=True)
        shutil.copy2(src, os.path.join(dst, rel))


def new_project(tmp, name, vaios):
    """The template, with its board copied from the tree's netduinoplus2."""
    app = os.path.join(tmp, name)
    shutil.copytree(os.path.join(vaios, "templates", "firmware"), app)
    shutil.copytree(os.path.join(vaios, "boards", "netduinoplus2"), os.path.join(app, "board"))
    return app


def configure(app, vaios, build, extra=(), toolchain=True):
    cmd = ["cmake", "-S", app, "-B", build, "-DCMAKE_BUILD_TYPE=Release",
           "-DVAIOS_DIR=" + vaios, "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON"]
    if toolchain:
        cmd.append("-DCMAKE_TOOLCHAIN_FILE=" + os.path.join(vaios, "cmake", "arm-none-eabi.cmake"))
    return sh(cmd + list(extra))


def configure_and_build(app, vaios, bdir):
    """(exit status, output) of configuring, then building if that worked."""
    rc, out = configure(app, vaios, bdir)
    if rc == 0:
        rc, bout = sh(["cmake", "--build", bdir, "-j2"])
        out += bout
    return rc, out


def built_things(bdir):
    """(images, libraries, targets that compiled objects) under bdir."""
    elfs = sorted(os.path.relpath(p, bdir) for p in glob.glob(os.path.join(bdir, "**", "*.elf"), recursive=True))
    libs = sorted(os.path.basename(p) for p in glob.glob(os.path.join(bdir, "**", "*.a"), recursive=True))
    targets = set()
    for obj in glob.glob(os.path.join(bdir, "**", "CMakeFiles", "*.dir", "**", "*.obj"), recursive=True):
        part = obj.split(os.sep + "CMakeFiles" + os.sep, 1)[1]
        targets.add(part.split(os.sep, 1)[0][:-len(".dir")])
    return elfs, libs, sorted(targets)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--keep", action="store_true", help="keep the temporary directory")
    args = ap.parse_args()

    tmp = tempfile.mkdtemp(prefix="vaios-package-")
    c = Cases(tail=25)
    try:
        vaios = os.path.join(tmp, "vaios")
        clean_copy(vaios)
        print("temporary directory: " + tmp)

        # The template as a user builds it.
        app = new_project(tmp, "firmware", vaios)
        bdir = os.path.join(app, "build")
        rc, out = configure_and_build(app, vaios, bdir)
        elfs, libs, targets = built_things(bdir)
        werror = False
        cc_path = os.path.join(bdir, "compile_commands.json")
        if os.path.exists(cc_path):
            werror = "-Werror" in open(cc_path).read()
        c.check("firmware_builds_only_its_image",
                rc == 0 and elfs == ["firmware.elf"] and libs == ["libvaios.a", "libvaios_board.a"]
                and targets == ["firmware.elf", "vaios", "vaios_board"] and not werror,
                "exit %d; images %s, libraries %s, compiled targets %s, -Werror %s"
                % (rc, elfs, libs, targets, werror), out)

        # It runs on the emulated board.
        image = os.path.join(bdir, "firmware.elf")
        if os.path.exists(image):
            rc, out = qemu(image, 60, root=vaios)
            samples = [l for l in out.splitlines() if l.startswith("firmware: sample ")]
            c.check("firmware_runs",
                    rc == 0 and len(samples) == 10 and "firmware: done on netduinoplus2" in out,
                    "exit %d, %d sample lines" % (rc, len(samples)), out)
        else:
            c.check("firmware_runs", False, "no image to run")

        # No toolchain file: one clear line.
        rc, out = configure(app, vaios, os.path.join(tmp, "build-notoolchain"), toolchain=False)
        flat = " ".join(out.split())
        c.check("no_toolchain_stops", rc != 0 and TOOLCHAIN_MSG in flat,
                "exit %d, message missing" % rc, out)

        # No vaios_config target: the worked example.
        bare = os.path.join(tmp, "noconfig")
        os.makedirs(bare)
        with open(os.path.join(bare, "CMakeLists.txt"), "w") as f:
            f.write("cmake_minimum_required(VERSION 3.21)\nproject(bare C ASM)\n"
                    "add_subdirectory(${VAIOS_DIR} vaios)\n")
        rc, out = configure(bare, vaios, os.path.join(bare, "build"))
        c.check("no_config_stops",
                rc != 0 and "add_library(vaios_config INTERFACE)" in out
                and "target_include_directories(vaios_config INTERFACE" in out,
                "exit %d, worked example missing" % rc, out)

        # The clock rate set in vaios_config.h as well as by the board.
        app2 = new_project(tmp, "firmware2", vaios)
        cfg = os.path.join(app2, "config", "vaios_config.h")
        text = open(cfg).read().replace("#endif", "#define VOS_CFG_CLOCK_HZ 1000000000u\n\n#endif")
        open(cfg, "w").write(text)
        b2 = os.path.join(app2, "build")
        rc, out = configure_and_build(app2, vaios, b2)
        c.check("clock_override_builds", rc == 0 and "redefined" not in out, "exit %d" % rc, out)

        # One application file with another configuration than the kernel.
        with open(os.path.join(app2, "CMakeLists.txt"), "a") as f:
            f.write("set_source_files_properties(main.c PROPERTIES COMPILE_DEFINITIONS VOS_CFG_PI_DEPTH=4)\n")
        rc, out = configure_and_build(app2, vaios, b2)
        c.check("config_mismatch_fails_link",
                rc != 0 and "undefined reference to `vaios_config(" in out and "PI_DEPTH=4" in out,
                "exit %d, no configuration error at link" % rc, out)

        # The kernel alone.
        alone = os.path.join(tmp, "alone")
        os.makedirs(os.path.join(alone, "config"))
        with open(os.path.join(alone, "config", "vaios_config.h"), "w") as f:
            f.write("#define VOS_CFG_CLOCK_HZ 168000000u\n")
        with open(os.path.join(alone, "CMakeLists.txt"), "w") as f:
            f.write("cmake_minimum_required(VERSION 3.21)\nproject(alone C ASM)\n"
                    "add_library(vaios_config INTERFACE)\n"
                    "target_include_directories(vaios_config INTERFACE ${CMAKE_CURRENT_SOURCE_DIR}/config)\n"
                    "set(VAIOS_BOARD none)\nadd_subdirectory(${VAIOS_DIR} vaios)\n"
                    "if(TARGET vaios_board OR TARGET vaios::board)\n  message(FATAL_ERROR \"a board library\")\nendif()\n")
        b3 = os.path.join(alone, "build")
        rc, out = configure_and_build(alone, vaios, b3)
        elfs, libs, targets = built_things(b3)
        c.check("board_none_builds_kernel_alone",
                rc == 0 and elfs == [] and libs == ["libvaios.a"] and targets == ["vaios"],
                "exit %d; images %s, libraries %s, compiled targets %s" % (rc, elfs, libs, targets), out)

        # Tracing from a project outside the tree.
        app4 = new_project(tmp, "traced", vaios)
        with open(os.path.join(app4, "main.c"), "w") as f:
            f.write(TRACED_MAIN)
        b4 = os.path.join(app4, "build")
        rc, out = configure(app4, vaios, b4, extra=["-DVAIOS_TRACE=ON"])
        if rc == 0:
            rc, bout = sh(["cmake", "--build", b4, "-j2"])
            out += bout
        image = os.path.join(b4, "firmware.elf")
        listing = ""
        if rc == 0 and os.path.exists(image):
            rc, out = sh([os.path.join(vaios, "tools", "qemu-run"), image, "60"], timeout=90)
            log = os.path.join(tmp, "traced.log")
            with open(log, "w") as f:
                f.write(out)
            if rc == 0:
                rc, listing = sh([sys.executable, "-m", "tools.vtrace", log, "--list", "-q"], cwd=vaios)
                out += listing
        c.check("trace_from_a_project",
                rc == 0 and '"sampler"' in listing and "id=7 value=42" in listing,
                "exit %d; the decoder's listing lacks the task or the marker" % rc, out)
    finally:
        if args.keep:
            print("kept " + tmp)
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    return c.summary()


if __name__ == "__main__":
    sys.exit(main())
