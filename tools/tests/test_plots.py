# SPDX-License-Identifier: MIT
"""tools/plots.py: gnuplot scripts and the pictures they draw (gnuplot-nox
is one of the Makefile's DEPS)."""

import tempfile
import unittest
from pathlib import Path

from .. import plots


def scenario(hist, unit="insn"):
    n = sum(c for _, c in hist)
    lows = [lo for lo, _ in hist]
    return {"min": lows[0], "p50": lows[len(lows) // 2], "p99": lows[-1], "p999": lows[-1],
            "max": lows[-1], "n": n, "unit": unit, "overhead": 0, "note": None, "hist": hist}


class Scripts(unittest.TestCase):
    def test_plain_and_stem(self):
        self.assertEqual(plots.plain("a'b\"c`d (e)"), "a_b_c_d (e)")
        self.assertEqual(plots.stem_of("m", "idle-sched other"), "m_idle-sched_other")

    def test_histogram_script(self):
        st = scenario([(10, 1), (1000, 2)])
        text = plots.histogram_script("x.dat", "T", "insn", st, [(10, 1000, 1), (1000, 1001, 2)],
                                      [("svg", "x.svg")])
        self.assertIn("set logscale x", text)             # 10 .. 1000 spans more than 50
        self.assertIn("set logscale y", text)
        # p50, p99, p99.9 and max coincide: one label, in front of the boxes.
        self.assertIn('set label "p50, p99, p99.9, max 1000" at 1000, graph 0.95 right offset '
                      '-0.5,0 front boxed', text)          # near the right edge: leftwards
        self.assertEqual(text.count("set arrow"), 1)
        self.assertIn("set output 'x.svg'", text)
        self.assertIn("set xrange [8.33333:1201.2]", text)  # the buckets clear of the frame
        st = scenario([(10, 1), (20, 1)])
        narrow = plots.histogram_script("x.dat", "T", "insn", st, [(10, 11, 1), (20, 21, 1)], [])
        self.assertNotIn("set logscale x", narrow)
        self.assertIn("set xrange [9:22]", narrow)           # 10 .. 21, one unit each side
        self.assertIn('set label "p50, p99, p99.9, max 20" at 20, graph 0.95 right', narrow)
        st["p50"] = 10
        narrow = plots.histogram_script("x.dat", "T", "insn", st, [(10, 11, 1), (20, 21, 1)], [])
        self.assertIn('set label "p50 10" at 10, graph 0.95 left', narrow)

    def test_mark_labels(self):
        st = {"p50": 129, "p99": 129, "p999": 130, "max": 192}
        self.assertEqual(plots.mark_labels(st, False),
                         [(129, "p50, p99 129"), (130, "p99.9 130"), (192, "max 192")])
        self.assertEqual(plots.mark_labels(dict(st, p50=0), True),
                         [(129, "p99 129"), (130, "p99.9 130"), (192, "max 192")])

    def test_one_value(self):
        self.assertTrue(plots.one_value(scenario([(5, 2)])))
        self.assertFalse(plots.one_value(scenario([(5, 1), (6, 1)])))
        self.assertFalse(plots.one_value({"min": None, "max": None}))

    def test_cdf_script_has_a_panel_per_unit(self):
        one = plots.cdf_script("T", [("insn", [("a.dat", "A"), ("b.dat", "B")], False)],
                               [("svg", "m.svg")])
        self.assertNotIn("multiplot", one)
        self.assertIn("plot 'a.dat' using 1:2 with steps lw 2 title \"A\", 'b.dat'", one)
        two = plots.cdf_script("T", [("insn", [("a.dat", "A")], False),
                                     ("ns", [("b.dat", "B")], True)], [("svg", "m.svg")])
        self.assertIn("set multiplot layout 2,1", two)
        self.assertIn('set xlabel "ns"', two)
        self.assertIn("set logscale x", two)


class Drawing(unittest.TestCase):
    def setUp(self):
        self.tmp = Path(tempfile.mkdtemp(prefix="vaios-plots-"))
        self.warnings = []

    def tearDown(self):
        for f in sorted(self.tmp.rglob("*"), reverse=True):
            f.rmdir() if f.is_dir() else f.unlink()
        self.tmp.rmdir()

    def test_gnuplot_is_there(self):
        terminals = plots.gnuplot_terminals()
        self.assertIsNotNone(terminals, "gnuplot not found (apt-get install gnuplot-nox)")
        self.assertIn("svg", terminals)

    def test_one_histogram_per_scenario(self):
        results = {"metrics": {
            "m": {"scenarios": {"idle": scenario([(1, 3), (2, 1)]), "busy": scenario([(5, 2)])}},
            "f": {"scenarios": {"O2": dict(scenario([(9, 1)]), hist=None)}}}}
        (self.tmp / "stale.svg").write_text("old")
        pictures = plots.draw_histograms(results, self.tmp, self.warnings.append)
        self.assertEqual(self.warnings, [])
        self.assertEqual(set(pictures), {("m", "idle")})   # busy: one value, no picture
        self.assertFalse((self.tmp / "stale.svg").exists())
        for names in pictures.values():
            for name in names:
                self.assertGreater((self.tmp / name).stat().st_size, 500, name)
        self.assertIn("<svg", (self.tmp / "m_idle.svg").read_text())

    def test_buckets_are_as_wide_as_the_runs_layout(self):
        # An exact range below 2048: one value per bucket, not up to the next one.
        results = {"config": {"hist_exact": "2048", "hist_log_sub": "16",
                              "hist_log_octaves": "21"},
                   "metrics": {"t": {"scenarios": {"idle": scenario([(129, 98), (132, 1),
                                                                     (192, 1)])}}}}
        plots.draw_histograms(results, self.tmp, self.warnings.append)
        self.assertEqual((self.tmp / "t_idle.dat").read_text().splitlines()[1:],
                         ["129 130 98", "132 133 1", "192 193 1"])
        del results["config"]                  # no layout: a bucket reaches the next one
        plots.draw_histograms(results, self.tmp, self.warnings.append)
        self.assertEqual((self.tmp / "t_idle.dat").read_text().splitlines()[1:],
                         ["129 132 98", "132 192 1", "192 193 1"])

    def test_one_cdf_picture_per_metric(self):
        curves = {"m": [("A (idle)", "insn", [(1, 3), (2, 1)], 1),
                        ("B (idle)", "insn", [(1, 1), (4, 1)], 1),
                        ("C (idle)", "ns", [(100, 1), (90000, 1)], 100)],
                  "k": [("A (idle)", "insn", [(7, 1)], 7)]}
        pictures = plots.draw_cdfs(curves, self.tmp, self.warnings.append)
        self.assertEqual(self.warnings, [])
        self.assertEqual(set(pictures), {"m", "k"})
        svg = (self.tmp / "m.svg").read_text()
        for title in ("A (idle)", "B (idle)", "C (idle)"):
            self.assertIn(title, svg)
        self.assertEqual((self.tmp / "m.1.dat").read_text().splitlines()[1:],
                         ["1 0.000000", "1 0.500000", "4 1.000000"])
        self.assertIn("multiplot", (self.tmp / "m.gp").read_text())
