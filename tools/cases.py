# SPDX-License-Identifier: MIT
"""What the check tools (tools/test_fault.py, tools/mpu_run.py,
tools/stats_run.py, tools/board_suites.py, tools/test_package.py,
tools/check_repeat.py) share: the PASS/FAIL lines with their count ("N
passed, M failed", the form tools/run_tests.py reads), a command's merged
output, a target build of one configuration, an image's run on the
emulated board and a suite's PASS/FAIL lines taken over as cases, and a
symbol's address in an image.
"""
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(command, cwd=None, timeout=None, shell=False):
    """(exit status, stdout and stderr merged) of a command; a command that
    outlives timeout seconds is killed and gives 124 and what it printed,
    ending with "(timed out after N s)"."""
    try:
        p = subprocess.run(command, cwd=cwd, shell=shell, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True, errors="replace",
                           timeout=timeout)
        return p.returncode, p.stdout
    except subprocess.TimeoutExpired as err:
        out = err.stdout if isinstance(err.stdout, str) else \
            (err.stdout or b"").decode(errors="replace")
        return 124, out + "\n(timed out after %d s)\n" % timeout


def qemu(image, timeout, root=ROOT):
    """run() of an image on the emulated board (root's tools/qemu-run, which
    stops it after timeout seconds; thirty more are allowed for QEMU's start
    and exit on a loaded machine)."""
    return run([os.path.join(root, "tools", "qemu-run"), image, str(timeout)], cwd=root,
               timeout=timeout + 30)


def build_target(d, board, targets, options=""):
    """run() of configuring build directory d for board (Release, the
    cross toolchain, extra CMake options such as "-DVAIOS_MPU=ON") and
    building targets in it; the configure step's output is dropped."""
    return run("cmake -S . -B %s -DCMAKE_TOOLCHAIN_FILE=cmake/arm-none-eabi.cmake "
               "-DCMAKE_BUILD_TYPE=Release -DVAIOS_BOARD=%s %s >/dev/null && "
               "cmake --build %s --target %s -j2" % (d, board, options, d, targets),
               cwd=ROOT, shell=True)


def take_cases(cases, name, rc, out, what="ran to its end", need_result=True):
    """A suite's output as cases: each "PASS x" / "FAIL x: why" line one
    case name/x, then one case "name what": exit 0 (and, for a target
    suite, its "@VT result" line)."""
    for line in out.splitlines():
        if line.startswith("PASS "):
            cases.check("%s/%s" % (name, line[5:].strip()), True)
        elif line.startswith("FAIL "):
            cases.check("%s/%s" % (name, line[5:].split(":")[0]), False, line[5:], "")
    cases.check("%s %s" % (name, what), rc == 0 and ("@VT result" in out or not need_result),
                "exit %d" % rc, out)


def run_suite(cases, elf, timeout):
    """A target suite image run on the emulated board, taken as cases."""
    rc, out = qemu(elf, timeout)
    take_cases(cases, os.path.basename(elf)[:-4], rc, out)


def symbol(image, name):
    """The address of symbol name in the ELF image, or None."""
    out = subprocess.run(["arm-none-eabi-nm", image], stdout=subprocess.PIPE, text=True).stdout
    for line in out.splitlines():
        f = line.split()
        if len(f) == 3 and f[2] == name:
            return int(f[0], 16)
    return None


class Cases:
    """Prints PASS or FAIL per case, a failed case with why and the last
    tail lines of its output; summary() prints the count and gives the exit
    status (1 if any failed)."""

    def __init__(self, tail=10):
        self.passed = 0
        self.failed = 0
        self.tail = tail

    def check(self, name, ok, why="", out=""):
        if ok:
            self.passed += 1
            print("PASS " + name)
        else:
            self.failed += 1
            print("FAIL %s: %s" % (name, why))
            for line in out.strip().splitlines()[-self.tail:]:
                print("    | " + line)
        return ok

    def summary(self):
        print("%d passed, %d failed" % (self.passed, self.failed))
        return 1 if self.failed else 0
