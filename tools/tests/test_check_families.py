# SPDX-License-Identifier: MIT
"""tools/check_families.py: the family registry against the catalogue and the build."""

import shutil
import tempfile
import unittest
from pathlib import Path

from tools import check_families

REPO = Path(__file__).resolve().parents[2]
FILES = ("bench/families.def", "bench/families.h", "bench/catalogue.csv", "bench/CMakeLists.txt",
         "bench/linux/CMakeLists.txt")


def failed(cases):
    """The descriptions of the failed cases."""
    return [what for ok, what, _ in cases if not ok]


class CheckFamilies(unittest.TestCase):
    """Each rule fails on a tree that breaks it, and the repository passes."""

    def setUp(self):
        self.root = Path(tempfile.mkdtemp(prefix="check_families_test_"))
        for rel in FILES:
            (self.root / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(REPO / rel, self.root / rel)
        for src in (REPO / "bench").glob("*.c"):
            shutil.copy(src, self.root / "bench" / src.name)

    def tearDown(self):
        shutil.rmtree(self.root)

    def edit(self, rel, old, new):
        path = self.root / rel
        text = path.read_text(encoding="utf-8")
        self.assertIn(old, text)
        path.write_text(text.replace(old, new, 1), encoding="utf-8")

    def test_repository_passes(self):
        self.assertEqual(failed(check_families.check(REPO)), [])
        self.assertEqual(failed(check_families.check(self.root)), [])

    def test_catalogue_id_without_family_fails(self):
        with open(self.root / "bench/catalogue.csv", "a", encoding="utf-8") as f:
            f.write('new_metric,context,"a metric no family reports",lower\n')
        self.assertEqual(failed(check_families.check(self.root)),
                         ["every bench/catalogue.csv id belongs to a family"])

    def test_id_not_in_catalogue_or_twice_fails(self):
        self.edit("bench/families.def", '"queue_send_recv msg_latency"',
                  '"queue_send_recv msg_latency no_such_id ctx_yield"')
        self.assertEqual(failed(check_families.check(self.root)),
                         ["no id in two families", "every family's id is in bench/catalogue.csv"])

    def test_posix_why_must_match_the_board_need(self):
        self.edit("bench/families.def", "VB_FAMILY(pipeline, VB_NEED_BOARD | ", "VB_FAMILY(pipeline, ")
        self.assertIn("a posix_why exactly for the families that need the board",
                      failed(check_families.check(self.root)))

    def test_unknown_need_and_missing_file_fail(self):
        self.edit("bench/families.def", "VB_FAMILY(timers, 0,", "VB_FAMILY(timers, VB_NEED_FOO,")
        (self.root / "bench/timers.c").unlink()
        self.assertEqual(failed(check_families.check(self.root)),
                         ["every need is a bit of bench/families.h",
                          "timers: bench/timers.c defines bench_timers()"])

    def test_board_family_in_the_linux_build_fails(self):
        self.edit("bench/linux/CMakeLists.txt", "${TOP}/bench/memory.c",
                  "${TOP}/bench/memory.c\n  ${TOP}/bench/interrupts.c")
        self.assertEqual(failed(check_families.check(self.root)),
                         ["interrupts: bench/linux/CMakeLists.txt does not build it (VB_NEED_BOARD)"])


if __name__ == "__main__":
    unittest.main()
