#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Check the benchmark's family registry against the catalogue and the build.

bench/families.def lists every metric family once (name, needs, the image
it runs alone in, its catalogue ids, why the Linux harness does not build
it); bench/main.c and bench/linux/main.c both run that list. This check
holds it to the rest of the tree:

  * every entry parses, every name is one family, every need is a bit of
    bench/families.h;
  * every id of bench/catalogue.csv belongs to exactly one family, and a
    family reports only catalogue ids;
  * a family that needs the board (VB_NEED_BOARD) says why the Linux
    harness does not build it, and only such a family does;
  * a family measured in an image has its file bench/<name>.c with its
    entry bench_<name>(), compiled by bench/CMakeLists.txt, and not by
    bench/linux/CMakeLists.txt when it needs the board (a family the Linux
    harness runs but does not compile fails its link).

Prints one line per case and "N passed, M failed"; exit status 1 if any
failed. Usage: python3 -m tools.check_families [--root DIR]
"""

import re
import sys
from pathlib import Path

if not __package__:
    sys.exit("check_families: run it from the repository root as python3 -m tools.check_families")

from . import catalogue as metrics  # noqa: E402
from .ctext import split_args, strip_comments  # noqa: E402
from .cases import tree_check_main  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
ID_MAX = 39             # bench/families.c copies an id into a 40-byte buffer


def string_value(arg):
    """The text of adjacent string literals, or None for NULL; ValueError otherwise."""
    if arg == "NULL":
        return None
    parts = re.findall(r'"((?:[^"\\]|\\.)*)"', arg)
    if not parts or re.sub(r'"(?:[^"\\]|\\.)*"', "", arg).strip():
        raise ValueError(f"not a string literal or NULL: {arg[:60]}")
    return "".join(parts)


def parse_registry(text):
    """[(name, needs tokens, alone, ids, posix_why)] and the parse errors."""
    text = strip_comments(text)
    entries, errors, pos = [], [], 0
    while True:
        start = text.find("VB_FAMILY(", pos)
        if start < 0:
            break
        i, depth, in_str = start + len("VB_FAMILY("), 1, False
        while i < len(text) and depth:
            c = text[i]
            if in_str:
                if c == "\\":
                    i += 1
                elif c == '"':
                    in_str = False
            elif c == '"':
                in_str = True
            elif c == "(":
                depth += 1
            elif c == ")":
                depth -= 1
            i += 1
        body = text[start + len("VB_FAMILY("):i - 1]
        pos = i
        args = split_args(body)
        if len(args) != 5:
            errors.append(f"VB_FAMILY with {len(args)} arguments, not 5: {body[:60]}")
            continue
        name, needs, alone, ids, why = args
        try:
            ids_text, why_text = string_value(ids), string_value(why)
        except ValueError as err:
            errors.append(f"{name}: {err}")
            continue
        if ids_text is None:
            errors.append(f"{name}: ids is NULL")
            continue
        tokens = [t for t in re.split(r"[\s|]+", needs) if t and t != "0"]
        entries.append((name, tokens, alone, ids_text.split(), why_text))
    rest = re.sub(r"VB_FAMILY\(", "", text[pos:]).strip()
    if rest:
        errors.append(f"text after the last entry: {rest[:60]}")
    return entries, errors


def need_bits(header_text):
    """The VB_NEED_* (and VB_BY_HOST, VB_IN_QUICK) names bench/families.h defines."""
    return set(re.findall(r"^\s*(VB_[A-Z_]+)\s*=\s*1u\s*<<", header_text, re.M))


def check(root):
    """Every case as (ok, description, detail)."""
    root = Path(root)
    cases = []

    def case(ok, what, detail=""):
        cases.append((bool(ok), what, detail))

    entries, errors = parse_registry((root / "bench/families.def").read_text(encoding="utf-8"))
    case(not errors and entries, "bench/families.def parses", "; ".join(errors))
    names = [e[0] for e in entries]
    dup = sorted({n for n in names if names.count(n) > 1})
    case(not dup and all(re.fullmatch(r"[a-z][a-z0-9_]*", n) for n in names),
         "every family has one distinct name", ", ".join(dup))
    known = need_bits((root / "bench/families.h").read_text(encoding="utf-8"))
    unknown = sorted({t for e in entries for t in e[1] if t not in known})
    case(known and not unknown, "every need is a bit of bench/families.h", ", ".join(unknown))

    catalogue = list(metrics.load(root / "bench/catalogue.csv"))
    owner = {}
    twice = []
    for name, _, _, ids, _ in entries:
        for mid in ids:
            if mid in owner:
                twice.append(f"{mid} ({owner[mid]}, {name})")
            owner[mid] = name
    case(not twice, "no id in two families", ", ".join(twice))
    stray = [f"{mid} ({owner[mid]})" for mid in owner if mid not in catalogue]
    case(not stray, "every family's id is in bench/catalogue.csv", ", ".join(stray))
    orphans = [mid for mid in catalogue if mid not in owner]
    case(not orphans, "every bench/catalogue.csv id belongs to a family", ", ".join(orphans))
    long_ids = [mid for mid in owner if len(mid) > ID_MAX]
    case(not long_ids, f"every id at most {ID_MAX} characters", ", ".join(long_ids))

    wrong_why = [name for name, needs, _, _, why in entries
                 if ("VB_NEED_BOARD" in needs) != (why is not None)]
    case(not wrong_why, "a posix_why exactly for the families that need the board",
         ", ".join(wrong_why))

    cmake = (root / "bench/CMakeLists.txt").read_text(encoding="utf-8")
    linux_cmake = (root / "bench/linux/CMakeLists.txt").read_text(encoding="utf-8")
    for name, needs, _, _, _ in entries:
        if "VB_BY_HOST" in needs:
            continue
        src = root / "bench" / f"{name}.c"
        text = src.read_text(encoding="utf-8") if src.exists() else ""
        case(re.search(rf"^void bench_{name}\(void\)$", text, re.M),
             f"{name}: bench/{name}.c defines bench_{name}()")
        case(re.search(rf"(?<![\w.]){name}\.c\b", cmake), f"{name}: bench/CMakeLists.txt builds it")
        if "VB_NEED_BOARD" in needs:
            case(not re.search(rf"/bench/{name}\.c\b", linux_cmake),
                 f"{name}: bench/linux/CMakeLists.txt does not build it (VB_NEED_BOARD)")
    return cases


def main(argv=None):
    """Print every case; return the exit status."""
    return tree_check_main(__doc__, check, REPO, argv)


if __name__ == "__main__":
    sys.exit(main())
