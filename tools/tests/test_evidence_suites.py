# SPDX-License-Identifier: MIT
"""make test's WP suites (tests/suites.txt) run every proof of
tools/evidence/wp (every run its .wp files give: a file, or each of its
case lines) exactly once: each suite but evidence-wp runs `--only`
its own proofs, evidence-wp runs every other one (`--skip` exactly the
proofs the others own). A proof added to a suite and not to the skip
list would run twice; one added to the skip list and to no suite, never.
"""

import importlib.util
import re
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def wp_run_names():
    """The runs' names as tools/evidence/run.py gives them: a .wp file's
    name, or its case lines' names."""
    spec = importlib.util.spec_from_file_location("evidence_run", ROOT / "tools" / "evidence" / "run.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return {run["name"] for _, run in mod.wp_runs()}


class EvidenceSuites(unittest.TestCase):
    def test_every_proof_runs_once(self):
        proofs = wp_run_names()
        only, skips = [], []
        for line in (ROOT / "tests" / "suites.txt").read_text().splitlines():
            if not line.startswith("evidence-wp"):
                continue
            for flag, into in (("--only", only), ("--skip", skips)):
                m = re.search(r"%s (\S+)" % flag, line)
                if m:
                    into.append(m.group(1).split(","))
        owned = [name for names in only for name in names]
        self.assertEqual(len(skips), 1, "one evidence-wp line skips the others' proofs")
        self.assertEqual(sorted(n for n in set(owned) if owned.count(n) > 1), [],
                         "a proof in two suites")
        self.assertEqual(set(skips[0]), set(owned), "evidence-wp's --skip is the other suites' proofs")
        self.assertEqual(sorted(set(owned) - proofs), [], "a suite names a run no .wp file gives")
        self.assertTrue(proofs - set(owned), "evidence-wp runs the proofs no other suite owns")


if __name__ == "__main__":
    unittest.main()
