#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Check that no file of the repository cites a file outside it.

Every tracked text file (git ls-files) is scanned for:

  * document names (a name ending in ".md", with or without a directory): each must be a
    file of the repository, found relative to the citing file, relative to
    the repository root, or (a bare name) as the name of a tracked file;
    the outputs the tools write under build/ (GENERATED) are allowed;
  * absolute paths into a machine (the work, home, root and temporary
    directories, or a home-relative path) and relative paths whose parent
    steps climb out of the repository.

The project's own definition of every metric is docs/benchmark.md; a
citation of anything that a clone does not contain cannot be followed.

Prints one FAIL line per offending citation and "N passed, M failed"
(one case per scanned file); exit status 1 when anything failed.
Usage, from the repository root: python3 -m tools.check_citations [--root DIR]
"""
import argparse
import os
import re
import subprocess
import sys

if not __package__:
    sys.exit("check_citations: run it from the repository root as python3 -m tools.check_citations")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Files the tools write at run time (build/bench/report.md, the Linux
# harness's report.md, tools.compare's compare.md): named in the
# sources, never tracked.
GENERATED = {"report.md", "compare.md"}
DOC_NAME = re.compile(r"(?<![\w.-])((?:\.{1,2}/)*(?:[\w-]+/)*[\w-]+\.md)\b")
# Spelled in pieces so that this file does not cite what it forbids.
MACHINE_PATH = re.compile(r"(?<![\w.])(" + "|".join(
    "/" + d + "/" for d in ("work", "home", "root")) + r"|/tmp/[\w.-]+/|~" + r"/)")
CLIMB = re.compile(r"(?<![\w.])((?:\.\./)+[\w.-]+)")


def tracked_files(root):
    """Tracked paths relative to root (git ls-files)."""
    out = subprocess.run(["git", "ls-files", "-z"], cwd=root, capture_output=True, check=True)
    return [p for p in out.stdout.decode().split("\0") if p]


def read_text(path):
    """The file's text, or None for a binary or unreadable file."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError:
        return None
    if b"\0" in data:
        return None
    return data.decode("utf-8", errors="replace")


def problems_in(rel, text, root, names):
    """[(line number, message)] for the citations of one file."""
    found = []
    base = os.path.dirname(rel)
    real_root = os.path.realpath(root)
    for number, line in enumerate(text.splitlines(), 1):
        for match in MACHINE_PATH.finditer(line):
            found.append((number, "absolute path outside the repository: " + match.group(1)))
        for match in CLIMB.finditer(line):
            target = os.path.realpath(os.path.join(root, base, match.group(1)))
            if not (target == real_root or target.startswith(real_root + os.sep)):
                found.append((number, "path climbs out of the repository: " + match.group(1)))
        for match in DOC_NAME.finditer(line):
            cited = match.group(1)
            if os.path.basename(cited) in GENERATED or cited.startswith("build/"):
                continue
            if os.path.exists(os.path.join(root, base, cited)) or \
                    os.path.exists(os.path.join(root, cited)) or \
                    ("/" not in cited and cited in names):
                continue
            found.append((number, "cites %s, which is not in the repository" % cited))
    return found


def check(root):
    """(files scanned, [(path, line, message)])."""
    files = tracked_files(root)
    names = {os.path.basename(p) for p in files}
    failures, scanned = [], 0
    for rel in files:
        text = read_text(os.path.join(root, rel))
        if text is None:
            continue
        scanned += 1
        failures += [(rel, n, m) for n, m in problems_in(rel, text, root, names)]
    return scanned, failures


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--root", default=ROOT)
    args = ap.parse_args()
    scanned, failures = check(args.root)
    for rel, number, message in failures:
        print("FAIL %s:%d: %s" % (rel, number, message))
    bad = len({rel for rel, _, _ in failures})
    print("%d passed, %d failed" % (scanned - bad, bad))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
