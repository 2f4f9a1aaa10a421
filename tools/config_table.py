#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The one table of VOS_CFG_ options, and what derives from it.

include/vaios/config.h holds the table, VOS__CFG_OPTIONS: one
X(name, default, check, message) row per option. The compile-time checks and
the link-time signature expand it in C; this tool derives the rest:

  python3 -m tools.config_table --write   rewrite config.h's block of
                                          #ifndef defaults from the table
  python3 -m tools.config_table --check   (make test) the defaults block is
                                          what the table gives, docs/api.md's
                                          options table lists exactly the
                                          table's options, and no source of
                                          the tree uses a VOS_CFG_ name that
                                          is not in the table
"""
import argparse
import os
import re
import subprocess
import sys

if not __package__:
    sys.exit("config_table: run it from the repository root as python3 -m tools.config_table")

from .ctext import split_args  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CONFIG_H = os.path.join("include", "vaios", "config.h")
API_MD = os.path.join("docs", "api.md")
BEGIN, END = "/* config-table:begin */", "/* config-table:end */"
REQUIRED = "VOS__CFG_REQUIRED"
# Sources whose VOS_CFG_ names must be options of the table.
SOURCE_GLOBS = ("*.c", "*.h", "*.S", "*.cmake", "CMakeLists.txt")


def table(config_text):
    """[(name, default, check, message)] of config.h's VOS__CFG_OPTIONS."""
    m = re.search(r"^#define VOS__CFG_OPTIONS\(X\)((?:.*\\\n)*.*)$", config_text, re.M)
    if not m:
        raise SystemExit("config_table: no VOS__CFG_OPTIONS table in " + CONFIG_H)
    body = m.group(1).replace("\\\n", " ")
    body = re.sub(r"/\*.*?\*/", " ", body, flags=re.S)
    rows, i = [], 0
    while True:
        i = body.find("X(", i)
        if i < 0:
            break
        depth, j = 0, i + 1
        while True:
            if body[j] == "(":
                depth += 1
            elif body[j] == ")":
                depth -= 1
                if depth == 0:
                    break
            elif body[j] == '"':
                j = body.index('"', j + 1)
            j += 1
        args = split_args(body[i + 2:j])
        if len(args) != 4:
            raise SystemExit("config_table: a row of %d columns, not 4: X(%s)" % (len(args), body[i + 2:j]))
        name, default, check, msg = (" ".join(a.split()) for a in args)
        rows.append((name, default, check, msg))
        i = j + 1
    return rows


def defaults_block(rows):
    lines = [BEGIN]
    for name, default, _check, _msg in rows:
        opt = "VOS_CFG_" + name
        lines.append("#ifndef " + opt)
        if default == REQUIRED:
            lines.append('#error "%s has no default: the board (board.cmake) or vaios_config.h '
                         'must define it"' % opt)
        else:
            lines.append("#define %s %s" % (opt, default))
        lines.append("#endif")
    lines.append(END)
    return "\n".join(lines)


def replace_block(text, block):
    b, e = text.index(BEGIN), text.index(END) + len(END)
    return text[:b] + block + text[e:]


def documented(api_text):
    """The options docs/api.md's options table has a row for."""
    return set(re.findall(r"^\| `VOS_CFG_([A-Z0-9_]+)` \|", api_text, re.M))


def used_names(root):
    """{name: [file]} of every VOS_CFG_ identifier in the tree's sources."""
    out = subprocess.run(["git", "ls-files", "--", *SOURCE_GLOBS], cwd=root,
                         stdout=subprocess.PIPE, text=True, check=True).stdout.split()
    used = {}
    for path in out:
        try:
            text = open(os.path.join(root, path), errors="replace").read()
        except OSError:
            continue
        for name in set(re.findall(r"\bVOS_CFG_([A-Z0-9_]+)", text)):
            used.setdefault(name, []).append(path)
    return used


def check(root=ROOT):
    """[(ok, what)] of every check."""
    config = open(os.path.join(root, CONFIG_H)).read()
    rows = table(config)
    names = [r[0] for r in rows]
    results = []
    results.append((len(names) == len(set(names)), "every option has one row in the table"))
    current = config[config.index(BEGIN):config.index(END) + len(END)]
    results.append((current == defaults_block(rows),
                    "config.h's defaults are what the table gives (else: python3 -m tools.config_table --write)"))
    docs = documented(open(os.path.join(root, API_MD)).read())
    missing, extra = sorted(set(names) - docs), sorted(docs - set(names))
    results.append((not missing and not extra,
                    "docs/api.md's options table lists every option and no other"
                    + ("" if not missing else "; missing: " + ", ".join(missing))
                    + ("" if not extra else "; not options: " + ", ".join(extra))))
    stray = {n: f for n, f in used_names(root).items() if n not in names}
    results.append((not stray, "every VOS_CFG_ name in the sources is an option of the table"
                    + "".join("; VOS_CFG_%s in %s" % (n, ", ".join(sorted(f)[:3]))
                              for n, f in sorted(stray.items()))))
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--check", action="store_true")
    mode.add_argument("--write", action="store_true")
    args = ap.parse_args()
    path = os.path.join(ROOT, CONFIG_H)
    if args.write:
        text = open(path).read()
        open(path, "w").write(replace_block(text, defaults_block(table(text))))
        return 0
    results = check()
    for ok, what in results:
        print(("PASS " if ok else "FAIL ") + what)
    failed = sum(1 for ok, _ in results if not ok)
    print("%d passed, %d failed" % (len(results) - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
