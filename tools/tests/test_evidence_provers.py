# SPDX-License-Identifier: MIT
"""docs/evidence.md 2.1 names by hand the WP runs that keep both provers
(run.py's cvc4,z3) on all their goals or on the properties of their
`z3` line: its bullet "The runs that keep both provers" has one
sub-bullet per .wp file, starting with the file's name(s) in backquotes.
The source of truth is the .wp files as run.py reads them: those with a
run whose prover list has Z3, which are the files without a `provers`
line (`grep -L '^provers' tools/evidence/wp/*.wp`), and those with a `z3`
line (`grep -l '^z3' tools/evidence/wp/*.wp`), whose entry names each of
the line's properties. This test checks that the two name the same
files, so switching a run to `provers cvc4` (or back) or adding a `z3`
property without the docs, or the reverse, fails tools-unit.
"""

import os
import re
import unittest
from pathlib import Path

from .test_evidence_spec import ROOT, load_run

run = load_run()
DOC = ROOT / "docs" / "evidence.md"
LEAD = "- The runs that keep both provers"
GREP = "grep -L '^provers' tools/evidence/wp/*.wp"
GREP_Z3 = "grep -l '^z3' tools/evidence/wp/*.wp"


def both_provers_files():
    """The .wp files (names without .wp) with a run whose prover list has
    Z3 (run.py's default cvc4,z3) or a z3 line, as run.py itself reads the
    specs: {name: the z3 line's properties, [] for none}."""
    return {os.path.basename(spec)[:-3]: r["z3"] for spec, r in run.wp_runs()
            if "z3" in r["provers"].split(",") or r["z3"]}


def entry(bullet, name):
    """The text of the sub-bullet of the docs' list that names NAME."""
    out = []
    for line in bullet.splitlines():
        if line.startswith("  - "):
            if out:
                break
            if "`%s`" % name in re.match(r"  - ([^:]*)", line).group(1):
                out.append(line)
        elif out:
            out.append(line)
    return " ".join(" ".join(out).split())


def both_provers_doc(text):
    """The names the docs' list gives, and the list's bullet text: the
    sub-bullets (`  - `) of the bullet that starts with LEAD in section
    2.1, up to the next top-level bullet or paragraph."""
    sec = re.search(r"^### 2\.1 .*?(?=^### )", text, re.M | re.S)
    if not sec:
        return None, ""
    lines = sec.group(0).splitlines()
    starts = [i for i, line in enumerate(lines) if line.startswith(LEAD)]
    if len(starts) != 1:
        return None, ""
    names, bullet = [], []
    for line in lines[starts[0]:]:
        if bullet and not line.startswith("  "):
            break
        bullet.append(line)
        m = re.match(r"  - (`\w+`(?:(?:,? and |, )`\w+`)*)", line)
        if m:
            names += re.findall(r"`(\w+)`", m.group(1))
    return names, "\n".join(bullet)


class BothProvers(unittest.TestCase):
    def test_doc_lists_the_runs_without_provers_line(self):
        names, bullet = both_provers_doc(DOC.read_text())
        self.assertIsNotNone(names, "docs/evidence.md 2.1 has one bullet starting %r" % LEAD)
        self.assertIn(GREP, " ".join(bullet.split()), "the bullet names its source of truth")
        self.assertIn(GREP_Z3, " ".join(bullet.split()), "the bullet names its source of truth")
        self.assertEqual(sorted(n for n in set(names) if names.count(n) > 1), [],
                         "a .wp file named twice in docs/evidence.md 2.1's list")
        files = both_provers_files()
        self.assertEqual(
            (sorted(set(files) - set(names)), sorted(set(names) - set(files))), ([], []),
            "docs/evidence.md 2.1's list of runs with both provers against `%s`: "
            "(files without a provers line the list lacks, names in the list that have one "
            "or are no .wp file)" % GREP)
        for name, props in sorted(files.items()):
            text = entry(bullet, name)
            for p in props:
                with self.subTest(name=name, prop=p):
                    self.assertRegex(text, r"\b%s\b" % p,
                                     "docs/evidence.md 2.1's entry of %s names its z3 property %s" % (name, p))

    def test_parser(self):
        text = ("### 2.1 Overview\n- other\n  - `not_this`: x\n" + LEAD + " ...\n"
                "  text\n  - `a`: g1,\n    g2.\n  - `b`, `c` and `d`: g3\n"
                "  - `e` (its cases): g4\n- What it saves\n  - `f`: no\n### 2.2 Next\n")
        names, _ = both_provers_doc(text)
        self.assertEqual(names, ["a", "b", "c", "d", "e"])


if __name__ == "__main__":
    unittest.main()
