# SPDX-License-Identifier: MIT
"""Every ACSL lemma under tools/evidence/wp is a goal of some WP run.

A lemma no run selects is not proved, yet WP gives it as a hypothesis to
every goal whose file reads it: it is an assumption nobody stated (this
is how heap_tile_model.h's hb_min_24 went unproved until session 26).
A run proves the lemmas its files read (its .c files and what they
include from tools/evidence/wp) when it has neither -wp-fct nor
-wp-prop, or when its -wp-prop names them (or names @lemma, less the
names it excludes with a leading '-'); a run with -wp-fct makes goals
of those functions only, no lemma's. `admit lemma` is not proved by any
run and fails here as well: the project has none.

A lemma is a (file, name) pair: two files may state different lemmas of
one name (no run reads both), and each must be proved. The check reads
the files as text: a lemma inside an #if a run's case defines away
counts as read. Strict where it matters: a lemma a run only reads never
counts.
"""

import os
import re
import unittest

from .test_evidence_spec import ROOT, load_run

run = load_run()
WP = ROOT / "tools" / "evidence" / "wp"


def annotations(text):
    """The text of the ACSL annotations (/*@ ... */ and //@ lines), with
    their // comments removed."""
    parts = re.findall(r"/\*@(.*?)\*/", text, re.S) + re.findall(r"//@([^\n]*)", text)
    return "\n".join(re.sub(r"//[^\n]*", "", p) for p in parts)


def lemmas(path):
    """The lemma names a file states (`lemma NAME`, `admit lemma NAME`)."""
    return set(re.findall(r"\blemma\s+(\w+)", annotations(path.read_text())))


def admitted(path):
    return set(re.findall(r"\badmit\s+lemma\s+(\w+)", annotations(path.read_text())))


def read_files(sources):
    """The files a run reads: its sources and, transitively, every
    `#include "NAME"` found in tools/evidence/wp."""
    seen, pending = set(), [ROOT / s for s in sources]
    while pending:
        f = pending.pop()
        if f in seen or not f.exists():
            continue
        seen.add(f)
        for name in re.findall(r'#include\s+"([^"]+)"', f.read_text()):
            pending.append(WP / name)
    return seen


def proved_by(r):
    """The lemmas run r makes goals of, as (file name, lemma name): two
    files may state different lemmas of one name (never read by one
    run), and each must be proved."""
    args = r["args"]
    if "-wp-fct" in args:
        return set()
    ctx = set()
    for f in read_files([a for a in args if a.endswith(".c")]):
        ctx |= {(f.name, n) for n in lemmas(f)}
    props = [p for i, a in enumerate(args) if a == "-wp-prop" for p in args[i + 1].split(",")]
    if not props:
        return ctx
    pos = {p for p in props if not p.startswith("-")}
    neg = {p[1:] for p in props if p.startswith("-")}
    if "@lemma" in pos:
        return {(f, n) for f, n in ctx if n not in neg}
    return {(f, n) for f, n in ctx if n in pos}


class Lemmas(unittest.TestCase):
    def test_every_lemma_is_a_goal_of_some_run(self):
        stated = {(f.name, n) for f in sorted(WP.iterdir())
                  if f.suffix in (".c", ".h") for n in lemmas(f)}
        proved = set()
        for _, r in run.wp_runs():
            proved |= proved_by(r)
        self.assertEqual(sorted(stated - proved), [], "lemmas no WP run proves (each is an "
                         "unstated hypothesis of the goals that read it): (file, lemma)")

    def test_no_admitted_lemma(self):
        found = {f.name: sorted(admitted(f)) for f in sorted(WP.iterdir())
                 if f.suffix in (".c", ".h") and admitted(f)}
        self.assertEqual(found, {}, "admitted lemmas (docs/evidence.md 2.2 says there are none)")

    def test_reader(self):
        text = ("/*@ lemma a: \\true;\n  // lemma not_this\n  admit lemma b: \\true; */\n"
                "/* lemma prose_only */\n//@ lemma c: \\true;\n")
        self.assertEqual(set(re.findall(r"\blemma\s+(\w+)", annotations(text))), {"a", "b", "c"})

    def test_selection(self):
        src = "tools/evidence/wp/pi_held.c"    # reads pi_held.h's lemmas

        def r(*args):
            return {"args": [src] + list(args)}
        everything = proved_by(r())
        self.assertTrue({("pi_held.h", "held_bridge"), ("pi_held.h", "held_all")} <= everything)
        self.assertEqual(proved_by(r("-wp-prop", "held_bridge")), {("pi_held.h", "held_bridge")})
        some = proved_by(r("-wp-prop", "@lemma,-held_bridge"))
        self.assertIn(("pi_held.h", "held_all"), some)
        self.assertNotIn(("pi_held.h", "held_bridge"), some)
        self.assertEqual(proved_by(r("-wp-fct", "f", "-wp-prop", "held_bridge")), set())


if __name__ == "__main__":
    unittest.main()
