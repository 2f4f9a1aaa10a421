# SPDX-License-Identifier: MIT
"""make test's WP suites (tests/suites.txt) run every proof of
tools/evidence/wp (every run its .wp files give: a file, or each of its
case lines) exactly once: each suite but evidence-wp runs `--only` its
own proofs, no proof in two of them, and evidence-wp runs `--rest`, every
proof no `--only` list names (run.py's owned_runs reads this file).
"""

import re
import unittest
from pathlib import Path

from .test_evidence_spec import load_run

ROOT = Path(__file__).resolve().parents[2]


def wp_run_names():
    """The runs' names as tools/evidence/run.py gives them: a .wp file's
    name, or its case lines' names."""
    return {run["name"] for _, run in load_run().wp_runs()}


class EvidenceSuites(unittest.TestCase):
    def test_every_proof_runs_once(self):
        proofs = wp_run_names()
        only, rest = [], []
        for line in (ROOT / "tests" / "suites.txt").read_text().splitlines():
            if not line.startswith("evidence-wp"):
                continue
            self.assertNotIn("--skip", line, "evidence-wp runs --rest, not a --skip list")
            m = re.search(r"--only (\S+)", line)
            if m:
                only.append(m.group(1).split(","))
            if "--rest" in line:
                rest.append(line)
        owned = [name for names in only for name in names]
        self.assertEqual(len(rest), 1, "one evidence-wp line runs the rest")
        self.assertIn("--rest tests/suites.txt", rest[0])
        self.assertEqual(sorted(n for n in set(owned) if owned.count(n) > 1), [],
                         "a proof in two suites")
        self.assertEqual(sorted(set(owned) - proofs), [], "a suite names a run no .wp file gives")
        self.assertTrue(proofs - set(owned), "evidence-wp runs the proofs no other suite owns")
        # --rest skips exactly the runs the --only lists name.
        self.assertEqual(sorted(load_run().owned_runs(str(ROOT / "tests" / "suites.txt"))), sorted(owned))


if __name__ == "__main__":
    unittest.main()
