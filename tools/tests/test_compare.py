# SPDX-License-Identifier: MIT
"""tools/compare.py (python3 -m tools.compare) on synthetic runs.

Three results.json are built by the test from synthetic streams (the
figures are made up, not measurements): two kernels on one instrument
(insn) and one run in another unit (ns). The command must merge them into
one table whose Leader follows the error rule, keep bench/peers figures in
a separate labelled reference table, and draw one CDF picture per latency
metric."""

import json
import subprocess
import sys
import tempfile
import textwrap
import unittest
from pathlib import Path

from .. import catalogue, compare, comparison, vaios_report
from ..hist import Layout
from ..stream import Run

REPO = Path(__file__).resolve().parent.parent.parent
LAYOUT = "@VOS config hist_exact=2048 hist_log_sub=16 hist_log_octaves=21\n"
HEAD = ('@VOS config commit=abc1234 board=netduinoplus2 target=netduinoplus2 '
        'instrument="synthetic" compiler=gcc cc=gcc cflags=-O2 clock_hz=1000000000\n')


def stream(kernel, unit, ctx, sem, cyclic_hist, layout=True, extra=""):
    """A complete synthetic stream: ctx_yield, sem_give_take (two samples sem
    and sem + 100, in one bucket), cyclic_100us (two scenarios, with
    histograms) and a footprint without one."""
    lows = [lo for lo, _ in cyclic_hist]
    n = sum(c for _, c in cyclic_hist)
    hist = " ".join(f"{lo}:{c}" for lo, c in cyclic_hist)
    return (HEAD + f"@VOS config kernel={kernel} version=1.0 unit={unit}\n"
            + (LAYOUT if layout else "") + extra + textwrap.dedent(f"""\
        @VOS metric ctx_yield scenario=idle unit={unit} n=3 min={ctx} p50={ctx} p99={ctx} p999={ctx} max={ctx} overhead=0
        @VOS hist ctx_yield idle {ctx}:3
        @VOS metric sem_give_take scenario=idle unit={unit} n=2 min={sem} p50={sem} p99={sem + 100} p999={sem + 100} max={sem + 100} overhead=0
        @VOS hist sem_give_take idle {Layout(2048, 16, 21).bucket_lo(Layout(2048, 16, 21).bucket_of(sem))}:2
        @VOS metric cyclic_100us scenario=idle unit={unit} n={n} min={lows[0]} p50={lows[0]} p99={lows[-1]} p999={lows[-1]} max={lows[-1]} overhead=0
        @VOS hist cyclic_100us idle {hist}
        @VOS metric cyclic_100us scenario=loaded unit={unit} n={n} min={lows[0]} p50={lows[0]} p99={lows[-1]} p999={lows[-1]} max={lows[-1]} overhead=0
        @VOS hist cyclic_100us loaded {hist}
        @VOS metric footprint scenario=O2 unit=bytes n=1 min=9000 p50=9000 p99=9000 p999=9000 max=9000 overhead=0
        @VOS skip irq_latency reason="synthetic: not measured by {kernel}"
        @VOS done 0
        """))


def results_of(text):
    """The results.json document vaios_report builds from a stream."""
    run = Run()
    for line in text.splitlines():
        run.lines += 1
        if line.startswith("@VOS "):
            run.apply(line)
    return vaios_report.build_results(run, catalogue.load(), lambda w: None)


class Command(unittest.TestCase):
    """The command end to end, as make test runs it."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = Path(tempfile.mkdtemp(prefix="vaios-compare-"))
        # alpha leads ctx_yield by 20 (exact figures); sem_give_take's medians differ by 10,
        # both the lower bound of the 128-wide bucket 2944 .. 3071 clamped to its minimum, and
        # the true medians may lie up to 100 above (the maximum): within error.
        runs = {"alpha": stream("alpha", "insn", 40, 2950, [(160, 90), (170, 10)]),
                "beta": stream("beta", "insn", 60, 2960, [(150, 80), (300, 20)]),
                "linux": stream("omega", "ns", 1400, 20, [(14000, 5), (90000, 1)])}
        cls.paths = []
        for name, text in runs.items():
            path = cls.tmp / f"{name}.json"
            path.write_text(json.dumps(results_of(text)))
            cls.paths.append(path)
        peers = cls.tmp / "peers"
        peers.mkdir()
        (peers / "gamma-qemu.csv").write_text(
            "# synthetic\n# source: a synthetic separate harness\n"
            "metric,min,median,max,error,compare,note\nctx_yield,30,31,32,1,yes,x\n")
        cls.out = cls.tmp / "out"
        cls.proc = subprocess.run(
            [sys.executable, "-m", "tools.compare"] + [str(p) for p in cls.paths]
            + ["--out", str(cls.out), "--peers", str(peers)],
            cwd=REPO, capture_output=True, text=True, timeout=120)
        cls.report = (cls.out / "compare.md").read_text() if cls.proc.returncode == 0 else ""
        cls.doc = json.loads((cls.out / "compare.json").read_text()) if cls.report else {}

    def row(self, metric, scenario="idle"):
        return next(r for r in self.doc["rows"] if (r["metric"], r["scenario"]) == (metric, scenario))

    def md_row(self, label):
        return next(l for l in self.report.splitlines() if l.startswith(f"| {label} |"))

    def test_exit_status_and_outputs(self):
        self.assertEqual(self.proc.returncode, 0, self.proc.stderr)
        self.assertIn("Runs side by side (p50)", self.proc.stdout)

    def test_runs_are_named_by_their_kernel(self):
        self.assertEqual([r["label"] for r in self.doc["runs"]], ["alpha", "beta", "omega"])
        self.assertIn("| Leader |", self.report)
        self.assertIn("| metric | unit | alpha | beta | omega | Leader |", self.report)

    def test_leader_outside_the_errors(self):
        self.assertEqual(self.md_row("ctx_yield"), "| ctx_yield | insn | 40 / 40 | 60 / 60 | 1400 / 1400* | alpha |")
        self.assertEqual(self.row("ctx_yield")["leader"], "alpha")

    def test_no_leader_within_the_histogram_resolution(self):
        row = self.row("sem_give_take")
        self.assertEqual(row["cells"]["alpha"]["error"], 100)
        self.assertEqual(row["leader"], "within error")
        self.assertIn("| 2950 / 3050 ±100 | 2960 / 3060 ±100 |", self.md_row("sem_give_take"))

    def test_other_unit_is_shown_not_compared(self):
        cell = self.row("ctx_yield")["cells"]["omega"]
        self.assertFalse(cell["compared"])
        self.assertEqual(cell["unit"], "ns")

    def test_scenarios_are_rows_and_exact_figures_have_no_error(self):
        self.assertEqual(self.md_row("cyclic_100us (loaded)"),
                         "| cyclic_100us (loaded) | insn | 160 / 170 | 150 / 300 | 14000 / 90000* | beta |")
        self.assertEqual(self.row("footprint", "O2")["cells"]["alpha"]["error"], 0)
        self.assertEqual(self.row("footprint", "O2")["leader"], "tie")

    def test_unmeasured_metrics_keep_their_reason(self):
        self.assertNotIn("| irq_latency |", self.report.split("## Not measured")[0])

    def test_peers_only_in_a_separate_reference_table(self):
        main, _, reference = self.report.partition("## " + comparison.REFERENCE_TITLE)
        self.assertTrue(reference, "no reference table")
        self.assertNotIn("gamma", main)
        self.assertIn("| ctx_yield | insn | 31 / 32 ±1 |", reference)
        self.assertIn("a synthetic separate harness", reference)
        self.assertNotIn("Leader", reference.split("\n\n")[1])

    def test_one_picture_per_latency_metric(self):
        self.assertEqual(set(self.doc["pictures"]), {"ctx_yield", "sem_give_take", "cyclic_100us"})
        for metric in self.doc["pictures"]:
            for ext in ("svg", "png"):
                self.assertGreater((self.out / "cdf" / f"{metric}.{ext}").stat().st_size, 500)
            self.assertIn(f"[svg](cdf/{metric}.svg)", self.report)
        svg = (self.out / "cdf" / "cyclic_100us.svg").read_text()
        for curve in ("alpha (idle)", "alpha (loaded)", "beta (idle)", "omega (loaded)"):
            self.assertIn(curve, svg)
        self.assertFalse((self.out / "cdf" / "footprint.svg").exists())

    def test_refusals(self):
        bad = self.tmp / "bad.json"
        bad.write_text('{"config": {}}')
        for args in ([str(self.paths[0])], [str(self.paths[0]), str(bad)],
                     [str(self.paths[0]), str(self.tmp / "none.json")],
                     [str(self.paths[0]), str(self.paths[1]), "--label", "x"]):
            proc = subprocess.run([sys.executable, "-m", "tools.compare"] + args
                                  + ["--out", str(self.tmp / "refused"), "--quiet"],
                                  cwd=REPO, capture_output=True, text=True, timeout=60)
            self.assertEqual(proc.returncode, 2, args)


class Rules(unittest.TestCase):
    def test_labels_of_runs_of_one_kernel(self):
        docs = [{"config": {"kernel": "vaios", "osal": "native", "board": "b"}},
                {"config": {"kernel": "vaios", "osal": "cmsis_rtos2", "board": "b"}},
                {"config": {"kernel": "zephyr"}}]
        self.assertEqual(compare.run_labels(docs),
                         ["vaios osal=native", "vaios osal=cmsis_rtos2", "zephyr"])
        # A run without the key keeps the bare name.
        self.assertEqual(compare.run_labels([{"config": {"kernel": "vaios"}},
                                             {"config": {"kernel": "vaios", "osal": "cmsis_rtos2"}}]),
                         ["vaios", "vaios osal=cmsis_rtos2"])
        same = [{"config": {"kernel": "k"}}, {"config": {"kernel": "k"}}]
        self.assertEqual(compare.run_labels(same), ["k #1", "k #2"])
        self.assertEqual(compare.run_labels(same, ["a", "b"]), ["a", "b"])
        with self.assertRaises(compare.Refused):
            compare.run_labels(same, ["a", "a"])
