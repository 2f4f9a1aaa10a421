# SPDX-License-Identifier: MIT
"""What the check tools (tools/test_fault.py, tools/mpu_run.py,
tools/stats_run.py, tools/board_suites.py, tools/test_package.py,
tools/check_repeat.py) share: the PASS/FAIL lines with their count ("N
passed, M failed", the form tools/run_tests.py reads), a command's merged
output, a target build of one configuration, an image's run on the
emulated board and a suite's PASS/FAIL lines taken over as cases, and a
symbol's address in an image. The board-suite runners (mpu_run,
stats_run, board_suites) also share their command line (runner_args), the
build of their images as one case (build_images) and the run of a
directory's test_*.elf suites (run_suites). The tree checks
(check_backends, check_families) share their main (tree_check_main).
"""
import argparse
import glob
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


def runner_args(doc, board="netduinoplus2", timeout=120):
    """The command line of a board-suite runner, doc its help: --build (the
    build root, default build), --board (default board; None: required)
    and --timeout (seconds per image on the emulated board). The caller
    adds its own options and parses."""
    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build")
    if board is None:
        ap.add_argument("--board", required=True)
    else:
        ap.add_argument("--board", default=board)
    ap.add_argument("--timeout", type=int, default=timeout)
    return ap


def build_images(cases, name, d, board, targets, options=""):
    """build_target() taken as the case name; True if it built (the runner
    stops there otherwise: there is nothing to run)."""
    rc, out = build_target(d, board, targets, options)
    return cases.check(name, rc == 0, "exit %d" % rc, out)


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


def run_suites(cases, name, images, timeout):
    """Every test_*.elf suite in directory images run by run_suite(), after
    the case name: there is one (a build that made none is a failure)."""
    suites = sorted(glob.glob(os.path.join(images, "test_*.elf")))
    cases.check(name, bool(suites), "none in %s" % images)
    for elf in suites:
        run_suite(cases, elf, timeout)


def symbol(image, name):
    """The address of symbol name in the ELF image, or None."""
    out = subprocess.run(["arm-none-eabi-nm", image], stdout=subprocess.PIPE, text=True).stdout
    for line in out.splitlines():
        f = line.split()
        if len(f) == 3 and f[2] == name:
            return int(f[0], 16)
    return None


def tree_check_main(doc, check, root, argv=None):
    """The main() of a check of the source tree, doc its help: --root (the
    repository, default root), then check(root)'s list of (ok, what,
    detail) printed one a line, "ok - what" or "FAIL - what: detail", and
    "N passed, M failed". Gives the exit status (1 if any failed)."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--root", default=str(root), help="the repository to check")
    args = parser.parse_args(argv)
    cases = check(args.root)
    for ok, what, detail in cases:
        print(f"{'ok' if ok else 'FAIL'} - {what}" + (f": {detail}" if detail and not ok else ""))
    failed = sum(not ok for ok, _, _ in cases)
    print(f"{len(cases) - failed} passed, {failed} failed")
    return 1 if failed else 0


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
