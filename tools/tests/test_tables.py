# SPDX-License-Identifier: MIT
"""tools/tables.py: figures, text and Markdown tables."""

import unittest

from ..tables import Table, fmt, render_markdown, render_text


class Figures(unittest.TestCase):
    def test_fmt(self):
        self.assertEqual(fmt(None), "-")
        self.assertEqual(fmt(42), "42")
        self.assertEqual(fmt(42.0), "42")
        self.assertEqual(fmt(2.5), "2.5")
        self.assertEqual(fmt(2.456), "2.46")
        self.assertEqual(fmt("x"), "x")


class Rendering(unittest.TestCase):
    TABLE = Table("Title", ["metric", "unit", "a", "b"],
                  [["m1", "insn", "5", "12 ±3"], ["m2|x", "ns", "-", "7*"]], ["a note"])

    def test_text_aligns_figures_right(self):
        text = render_text(self.TABLE)
        lines = text.splitlines()
        self.assertEqual(lines[:2], ["Title", "====="])
        self.assertEqual(lines[2], "metric  unit  a      b")
        self.assertEqual(lines[4], "m1      insn  5  12 ±3")
        self.assertEqual(lines[5], "m2|x    ns    -     7*")
        self.assertEqual(lines[-1], "a note")

    def test_text_of_an_empty_table_and_long_notes(self):
        text = render_text(Table("T", ["a"], [], ["word " * 40]), columns=40)
        self.assertIn("(none)", text)
        self.assertTrue(all(len(l) <= 40 for l in text.splitlines()))

    def test_markdown_escapes_bars(self):
        md = render_markdown(self.TABLE)
        self.assertIn("## Title\n\n| metric | unit | a | b |\n|---|---|---|---|\n", md)
        self.assertIn("| m2\\|x | ns | - | 7* |", md)
        self.assertTrue(md.endswith("\n- a note\n"))
        self.assertIn("| - |", render_markdown(Table("E", ["a"], [])))
