# SPDX-License-Identifier: MIT
"""tools/progress.py: progress lines in a log and on a terminal."""

import io
import unittest

from ..progress import Progress


class Terminal(io.StringIO):
    def isatty(self):
        return True


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


class InALog(unittest.TestCase):
    def test_one_line_per_operation(self):
        out = io.StringIO()
        p = Progress(out, True)
        for k in range(5):
            p.update("a", k, 5)
        p.update("b", 0, 0, verb="running")
        p.update("b", 7, 0, verb="running")
        self.assertEqual(out.getvalue(), "measuring a (0/5)\nrunning b (0)\n")

    def test_step_has_elapsed_seconds_and_disabled_is_silent(self):
        out, clock = io.StringIO(), Clock()
        p = Progress(out, True, clock=clock)
        clock.now += 12
        p.step("building")
        self.assertEqual(out.getvalue(), "[  12 s] building\n")
        quiet = io.StringIO()
        q = Progress(quiet, False)
        q.say("x")
        q.update("a", 1, 2)
        q.step("y")
        self.assertEqual(quiet.getvalue(), "")
        q.say("forced", force=True)
        self.assertEqual(quiet.getvalue(), "forced\n")


class OnATerminal(unittest.TestCase):
    def test_rewritten_line_throttled_and_cleared(self):
        out, clock = Terminal(), Clock()
        p = Progress(out, True, clock=clock)
        p.update("m", 1, 4)
        p.update("m", 2, 4)                   # within 0.1 s: not drawn
        clock.now += 0.2
        p.update("m", 3, 4)
        p.update("m", 4, 4)                   # the last one is always drawn
        p.say("result")
        p.close()
        text = out.getvalue()
        self.assertEqual(text.count("measuring m:"), 3)
        self.assertIn("\r\033[Kmeasuring m: 1/4 (25%)", text)
        self.assertNotIn("2/4", text)
        self.assertIn("\r\033[Kmeasuring m: 4/4 (100%)\r\033[Kresult\n", text)

    def test_close_leaves_a_clean_line(self):
        out = Terminal()
        p = Progress(out, True)
        p.update("m", 1, 0, verb="running")
        p.close()
        p.close()
        self.assertTrue(out.getvalue().endswith("running m: 1\r\033[K"))
