#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Generate, and check, docs/api.md's contents and its index of every call.

Two blocks of docs/api.md are generated from include/vaios/*.h, never typed:
  <!-- api-contents:begin --> ... end   the contents: the document's own
      sections, then one entry per header of include/vaios/, linked to the
      section that describes it;
  <!-- api-index:begin --> ... end      every public call (a function named
      vos_ followed by a letter, declared or defined inline in a header),
      alphabetically, with its header and a link to that header's section.
A header is described by the section whose heading names it (`sem.h`); the
few described inside another's section are listed in ALSO_IN.

  python3 -m tools.api_index           rewrite both blocks
  python3 -m tools.api_index --check   (make test) both blocks are what the
                                       headers give, and every header has
                                       a section
"""
import argparse
import os
import re
import sys

if not __package__:
    sys.exit("api_index: run it from the repository root as python3 -m tools.api_index")

from . import docblock  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOC = os.path.join(ROOT, "docs", "api.md")
HEADERS = os.path.join(ROOT, "include", "vaios")
BLOCKS = ("api-contents", "api-index")
# Headers without a heading of their own: the header whose section describes them.
ALSO_IN = {"critical.h": "task.h", "kobj.h": "vaios.h", "version.h": "vaios.h"}
# The document's sections before the headers' ones, by heading.
FRONT = ("Conventions", "Using the kernel in an application", "Example program")

CALL = re.compile(r"^[A-Za-z_][\w \t\*]*?\b(vos_[a-z][a-z0-9_]*)\s*\(", re.M)


def anchor(heading):
    """GitHub's anchor of a heading's text."""
    a = heading.strip().lower()
    a = re.sub(r"[^\w\- ]", "", a)
    return a.replace(" ", "-")


def headings(doc):
    out = []
    for line in doc.splitlines():
        m = re.match(r"^(#{2,3}) (.*)$", line)
        if m:
            out.append((len(m.group(1)), m.group(2)))
    return out


def header_sections(doc, names):
    """header -> (heading text, anchor) of the section describing it."""
    hs = headings(doc)
    found = {}
    for name in names:
        for level, text in hs:
            if "`%s`" % name in text:
                found[name] = (text, anchor(text))
                break
    for name in names:
        if name not in found and ALSO_IN.get(name) in found:
            found[name] = found[ALSO_IN[name]]
    missing = [n for n in names if n not in found]
    if missing:
        raise docblock.Missing("no section of docs/api.md describes " + ", ".join(missing))
    return found


def calls(path):
    text = open(path).read()
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)       # comments
    text = re.sub(r"^\s*#.*$", "", text, flags=re.M)         # preprocessor lines
    return sorted(set(CALL.findall(text)))


def render(doc):
    names = sorted(f for f in os.listdir(HEADERS) if f.endswith(".h"))
    sections = header_sections(doc, names)
    contents = ["<!-- api-contents:begin -->"]
    for text in FRONT:
        contents.append("- [%s](#%s)" % (text, anchor(text)))
    contents.append("- [Index of every call](#index-of-every-call)")
    for name in names:
        text, a = sections[name]
        note = "" if name not in ALSO_IN else " (in the section of `%s`)" % ALSO_IN[name]
        contents.append("- [`%s`](#%s)%s" % (name, a, note))
    contents.append("<!-- api-contents:end -->")
    rows = []
    for name in names:
        for c in calls(os.path.join(HEADERS, name)):
            rows.append((c, name))
    rows.sort()
    index = ["<!-- api-index:begin -->",
             "%d calls, generated from include/vaios/*.h by `python3 -m tools.api_index`:" % len(rows),
             "",
             "| call | header |",
             "|---|---|"]
    for c, name in rows:
        index.append("| `%s` | [`%s`](#%s) |" % (c, name, sections[name][1]))
    index.append("<!-- api-index:end -->")
    return {"api-contents": "\n".join(contents), "api-index": "\n".join(index)}


def replace(doc, blocks):
    for key in BLOCKS:
        begin, end = docblock.markers(key)
        doc = docblock.replace(doc, begin, end, blocks[key], "docs/api.md")
    return doc


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    return docblock.write_or_check(
        "api-index", DOC, lambda doc: replace(doc, render(doc)), args.check,
        "docs/api.md: contents and index of include/vaios/*.h",
        "docs/api.md's contents or index differ from the headers (python3 -m tools.api_index)")


if __name__ == "__main__":
    sys.exit(main())
