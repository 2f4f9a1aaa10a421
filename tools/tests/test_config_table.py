# SPDX-License-Identifier: MIT
"""tools/config_table.py: the options table, its generated defaults and its checks."""
import os
import shutil
import subprocess
import tempfile
import unittest

from tools import config_table as ct

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class TableTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()
        for rel in (ct.CONFIG_H, ct.API_MD):
            os.makedirs(os.path.join(self.dir, os.path.dirname(rel)), exist_ok=True)
            shutil.copy(os.path.join(ROOT, rel), os.path.join(self.dir, rel))
        open(os.path.join(self.dir, "user.c"), "w").write("int x = VOS_CFG_PI_DEPTH;\n")
        self.git("init", "-q")
        self.git("add", ".")

    def tearDown(self):
        shutil.rmtree(self.dir)

    def git(self, *args):
        subprocess.run(["git", *args], cwd=self.dir, check=True)

    def edit(self, rel, old, new):
        path = os.path.join(self.dir, rel)
        text = open(path).read()
        self.assertIn(old, text)
        open(path, "w").write(text.replace(old, new, 1))

    def failing(self):
        return [what for ok, what in ct.check(self.dir) if not ok]

    def test_the_tree_passes(self):
        self.assertEqual(self.failing(), [])

    def test_rows_parse_with_nested_parentheses_and_commas_in_strings(self):
        rows = ct.table('#define VOS__CFG_OPTIONS(X) \\\n'
                        '    /* a comment, with (commas) */ \\\n'
                        '    X(A, (1 ? 2 : 3), VOS_CFG_A > 0, "a, b") \\\n'
                        '    X(B, VOS__CFG_REQUIRED, f(1, 2), "c")\n')
        self.assertEqual(rows, [("A", "(1 ? 2 : 3)", "VOS_CFG_A > 0", '"a, b"'),
                                ("B", "VOS__CFG_REQUIRED", "f(1, 2)", '"c"')])
        block = ct.defaults_block(rows)
        self.assertIn("#ifndef VOS_CFG_A\n#define VOS_CFG_A (1 ? 2 : 3)\n#endif", block)
        self.assertIn("#ifndef VOS_CFG_B\n#error", block)

    def test_a_default_edited_in_the_table_needs_the_block_rewritten(self):
        self.edit(ct.CONFIG_H, "X(PI_DEPTH, 8,", "X(PI_DEPTH, 9,")
        self.assertTrue(any("defaults" in f for f in self.failing()))

    def test_an_option_missing_from_the_docs_fails(self):
        self.edit(ct.API_MD, "| `VOS_CFG_PI_DEPTH` |", "| `PI_DEPTH` |")
        self.assertTrue(any("missing: PI_DEPTH" in f for f in self.failing()))

    def test_a_name_outside_the_table_fails(self):
        open(os.path.join(self.dir, "user.c"), "a").write("#if VOS_CFG_NEW_THING\n#endif\n")
        self.assertTrue(any("VOS_CFG_NEW_THING in user.c" in f for f in self.failing()))


if __name__ == "__main__":
    unittest.main()
