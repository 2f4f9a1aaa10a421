# SPDX-License-Identifier: MIT
"""tools/stream.py: the @VOS line protocol."""

import io
import unittest

from .. import stream
from ..progress import Progress


class Fields(unittest.TestCase):
    def test_positional_pairs_and_quotes(self):
        pos, pairs = stream.split_fields('ctx_yield 3/10 unit=insn note="a \\"b\\" c" empty=')
        self.assertEqual(pos, ["ctx_yield", "3/10"])
        self.assertEqual(pairs, {"unit": "insn", "note": 'a "b" c', "empty": ""})

    def test_numbers(self):
        self.assertEqual(stream.parse_number("42"), 42)
        self.assertIsInstance(stream.parse_number("42"), int)
        self.assertEqual(stream.parse_number("2.5"), 2.5)
        for none in (None, "", "-", "null", "none"):
            self.assertIsNone(stream.parse_number(none))
        with self.assertRaises(ValueError):
            stream.parse_number("4x")


class Records(unittest.TestCase):
    def setUp(self):
        self.run = stream.Run()

    def test_config_merges_lines(self):
        self.run.apply("@VOS config kernel=vaios version=0.1")
        self.run.apply('@VOS config cc="gcc 12" version=0.2')
        self.assertEqual(self.run.config, {"kernel": "vaios", "version": "0.2", "cc": "gcc 12"})

    def test_metric_and_hist(self):
        self.run.apply("@VOS metric m scenario=idle unit=insn n=4 min=1 p50=2 p99=3 p999=3 "
                       "max=3 overhead=1 note=\"x\"")
        self.run.apply("@VOS hist m idle 1:1 2:2")
        self.run.apply("@VOS hist m idle 3:1")
        rec = self.run.metrics["m"]["idle"]
        self.assertEqual((rec.unit, rec.n, rec.overhead, rec.note), ("insn", 4, 1, "x"))
        self.assertEqual(rec.stats, {"min": 1, "p50": 2, "p99": 3, "p999": 3, "max": 3})
        self.assertEqual(rec.hist, [(1, 1), (2, 2), (3, 1)])
        self.assertEqual(self.run.warnings, [])

    def test_metric_without_scenario_and_twice(self):
        line = "@VOS metric m unit=insn n=1 min=1 p50=1 p99=1 p999=1 max=1"
        self.run.apply(line)
        self.run.apply(line)
        self.assertIn(stream.UNNAMED_SCENARIO, self.run.metrics["m"])
        self.assertTrue(any("reported twice" in w for w in self.run.warnings))

    def test_missing_figures_warn(self):
        self.run.apply("@VOS metric m scenario=s n=1")
        self.assertTrue(any("lacks unit" in w for w in self.run.warnings))

    def test_skip_done_progress_and_foreign(self):
        self.run.apply('@VOS skip x reason="not here"')
        self.run.apply("@VOS progress m 1/2")
        self.run.apply("@VOS trace 0011")
        self.run.apply("@VOS done 0")
        self.run.apply("@VOS config late=1")
        self.assertEqual(self.run.skips, {"x": "not here"})
        self.assertEqual(self.run.done, 0)
        self.assertTrue(any("after '@VOS done'" in w for w in self.run.warnings))

    def test_protocol_errors_raise(self):
        for bad in ("@VOS frob x", "@VOS config positional", "@VOS progress m 1-2",
                    "@VOS metric a b unit=insn", "@VOS hist m idle 3:1 2:1", "@VOS hist m idle 1:x",
                    "@VOS hist m idle", "@VOS skip", "@VOS done", "@VOS metric m n=abc"):
            with self.assertRaises(ValueError, msg=bad):
                stream.Run().apply(bad)


class Reading(unittest.TestCase):
    TEXT = ("boot\n@VOS config kernel=k\n@VOS progress m 0/2\n"
            "@VOS metric m scenario=idle unit=ns n=2 min=1 p50=1 p99=2 p999=2 max=2\n"
            "@VOS hist m idle 1:1 2:1\n@VOS skip s reason=\"why\"\n@VOS nonsense\n@VOS done 0\n")

    def test_parse_text(self):
        run = stream.parse_text(self.TEXT)
        self.assertEqual(run.lines, 8)
        self.assertEqual(list(run.tail), ["boot"])
        self.assertEqual(run.config, {"kernel": "k"})
        self.assertEqual(run.done, 0)
        self.assertEqual(len(run.warnings), 1)
        self.assertIn("unknown record 'nonsense'", run.warnings[0])

    def test_read_stream_shows_progress_results_and_warnings(self):
        err, log = io.StringIO(), io.StringIO()
        run = stream.read_stream(io.BytesIO(self.TEXT.encode()), Progress(err, True), False, log)
        self.assertEqual(log.getvalue(), self.TEXT)
        shown = err.getvalue()
        self.assertIn("measuring m (0/2)", shown)
        self.assertIn("m (idle): p50 1 max 2 ns n=2", shown)
        self.assertIn("s: skipped: why", shown)
        self.assertIn("warning: line 7", shown)
        self.assertNotIn("boot", shown)          # the image's own text only with echo
        self.assertEqual(run.done, 0)

    def test_echo_and_quiet(self):
        err = io.StringIO()
        stream.read_stream(io.BytesIO(b"hello\n@VOS nonsense\n"), Progress(err, False), True,
                           io.StringIO())
        # Disabled progress: no echo, but warnings still shown.
        self.assertEqual(err.getvalue().count("\n"), 1)
        self.assertIn("warning", err.getvalue())
