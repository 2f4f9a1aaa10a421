#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Self-test of the host side of the benchmark harness.

Feeds synthetic image output to tools.vaios_report (complete, crashed and
failed runs; skips; several scenarios; histograms split over lines; a
stored harness run and reference figures beside it) and checks
results.json, report.md, the terminal tables and the exit codes; then
checks tools/check_budgets.py passing and failing. The figures in the streams
and peer files below are made up for the test; nothing here is a benchmark
result. Run from the repository root: python3 -m tools.test_report
"""

import csv
import json
import shutil
import subprocess
import sys
import tempfile
import textwrap
import unittest
from pathlib import Path

if not __package__:
    sys.exit("test_report: run it from the repository root as python3 -m tools.test_report")

from . import catalogue, check_budgets, check_citations, check_repeat, peers  # noqa: E402
from . import stream, update_readme, vaios_report  # noqa: E402
from .comparison import NOT_COMPARABLE  # noqa: E402

TOOLS = Path(__file__).resolve().parent
REPO = TOOLS.parent
# Commands run from the repository root, as the Makefile runs them.
REPORT = [sys.executable, "-m", "tools.vaios_report"]
CHECK = [sys.executable, "-m", "tools.check_budgets"]

COMPLETE_STREAM = textwrap.dedent("""\
    boot: synthetic image
    @VOS config target=netduinoplus2 unit=insn kernel=vaios commit=abc123
    @VOS config cc="arm-none-eabi-gcc 12.2.1" cflags="-O2 -mthumb" note="say \\"hi\\""
    @VOS progress ctx_yield 0/100
    @VOS progress ctx_yield 100/100
    @VOS metric ctx_yield scenario=busy unit=insn n=100 min=40 p50=45 p99=60 p999=70 max=71 overhead=3
    @VOS metric ctx_yield scenario=idle unit=insn n=100 min=30 p50=33 p99=35 p999=36 max=37 overhead=3 note="two tasks"
    @VOS hist ctx_yield idle 30:20 31:30 32:10
    @VOS hist ctx_yield idle 33:30 35:9 36:1
    @VOS metric sem_give_take scenario=idle unit=insn n=10 min=20 p50=20 p99=20 p999=20 max=20 overhead=3
    @VOS hist sem_give_take idle 20:10
    @VOS metric footprint unit=bytes n=1 min=9000 p50=9000 p99=9000 p999=9000 max=9000 overhead=0
    @VOS skip domain_switch reason="MPU port not built"
    @VOS frobnicate this is not a record
    @VOS trace begin 00000040
    @VOS trace 00112233
    an ordinary line of the image
    @VOS done 0
    """)

PEER_INSTRUMENT = textwrap.dedent("""\
    # alpha kernel 1.0, synthetic figures for the self-test
    # source: a synthetic harness
    metric,min,median,max,error,compare,note
    ctx_yield,40,41,50,2,yes,yield
    sem_give_take,20,21,21,1,yes,one above VAIOS
    loop_1khz_jitter_idle,0,1,2,0,no: synthetic reason,mapped name
    task_notify_pair,9,9,9,0,no: no metric,no catalogue metric
    """)

PEER_PUBLISHED = textwrap.dedent("""\
    # synthetic board, cycles
    metric,unit,K1,K2
    ctx_yield,cycles,200,100
    alloc_throughput,ops_per_s,5,7
    """)

# A stored run of this harness on another kernel (bench/peers/runs/<run>/).
RUN_RESULTS = {
    "config": {"kernel": "other", "unit": "insn", "hist_exact": "2048", "hist_log_sub": "16",
               "hist_log_octaves": "21"},
    "run": {"complete": True},
    "metrics": {m: {"status": "measured", "scenario": "idle", "scenarios": {"idle": dict(
        {"min": p50, "p50": p50, "p99": top, "p999": top, "max": top, "n": 10, "unit": "insn",
         "overhead": 0, "note": None, "hist": [[p50, 9], [top, 1]]})}}
        for m, p50, top in (("ctx_yield", 36, 40), ("sem_give_take", 25, 25))}}
RUN_PROVENANCE = {"label": "Other", "summary": "a synthetic run of the harness",
                  "harness_commit": "abc1234",
                  "unlike": {"sem_give_take": "another path"}}


def run_tool(command, stdin_text=None):
    """Run a tool; return the CompletedProcess with text output."""
    return subprocess.run(command, input=stdin_text, capture_output=True, text=True, timeout=120,
                          cwd=REPO)


class ReportTestCase(unittest.TestCase):
    """Shared temporary directory with synthetic peers."""

    def setUp(self):
        self.tmp = Path(tempfile.mkdtemp(prefix="vaios_report_test_"))
        self.peers = self.tmp / "peers"
        self.peers.mkdir()
        (self.peers / "alpha-qemu.csv").write_text(PEER_INSTRUMENT)
        (self.peers / "published-board.csv").write_text(PEER_PUBLISHED)
        stored = self.peers / "runs" / "other"
        stored.mkdir(parents=True)
        (stored / "results.json").write_text(json.dumps(RUN_RESULTS))
        (stored / "provenance.json").write_text(json.dumps(RUN_PROVENANCE))

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def report(self, stream, *extra, via_stdin=False):
        """Run vaios_report.py on a stream; return (process, results, report.md text)."""
        out = self.tmp / "out"
        args = REPORT + ["--out", str(out), "--peers", str(self.peers)] + list(extra)
        if via_stdin:
            proc = run_tool(args + ["--input", "-"], stdin_text=stream)
        else:
            source = self.tmp / "stream.txt"
            source.write_text(stream)
            proc = run_tool(args + ["--input", str(source)])
        results = json.loads((out / "results.json").read_text())
        return proc, results, (out / "report.md").read_text()


class CompleteRun(ReportTestCase):
    """A run that ends with '@VOS done 0'."""

    def setUp(self):
        super().setUp()
        self.proc, self.results, self.report_md = self.report(COMPLETE_STREAM)

    def test_exit_status_zero(self):
        self.assertEqual(self.proc.returncode, 0, self.proc.stderr)
        self.assertTrue(self.results["run"]["complete"])
        self.assertEqual(self.results["run"]["exit_status"], 0)

    def test_config_keeps_every_key_and_quoted_values(self):
        config = self.results["config"]
        self.assertEqual(config["cc"], "arm-none-eabi-gcc 12.2.1")
        self.assertEqual(config["cflags"], "-O2 -mthumb")
        self.assertEqual(config["note"], 'say "hi"')
        self.assertEqual(list(config)[:4], ["target", "unit", "kernel", "commit"])
        for key, value in config.items():
            self.assertIn(f"| {key} | {value} |", self.report_md)

    def test_default_scenario_is_idle_even_when_not_first(self):
        entry = self.results["metrics"]["ctx_yield"]
        self.assertEqual(entry["scenario"], "idle")
        self.assertEqual((entry["min"], entry["p50"], entry["p99"], entry["p999"], entry["max"],
                          entry["n"]), (30, 33, 35, 36, 37, 100))
        self.assertEqual(entry["note"], "two tasks")
        self.assertEqual(list(entry["scenarios"]), ["busy", "idle"])
        self.assertEqual(entry["scenarios"]["busy"]["p50"], 45)
        self.assertEqual(entry["status"], "measured")
        self.assertIsNone(entry["reason"])

    def test_hist_lines_append(self):
        hist = self.results["metrics"]["ctx_yield"]["scenarios"]["idle"]["hist"]
        self.assertEqual(hist, [[30, 20], [31, 30], [32, 10], [33, 30], [35, 9], [36, 1]])
        self.assertIsNone(self.results["metrics"]["ctx_yield"]["scenarios"]["busy"]["hist"])

    def test_metric_without_scenario_is_its_own_default(self):
        entry = self.results["metrics"]["footprint"]
        self.assertEqual(entry["scenario"], stream.UNNAMED_SCENARIO)
        self.assertEqual(entry["unit"], "bytes")

    def test_skip_and_not_measured(self):
        metrics = self.results["metrics"]
        skipped = metrics["domain_switch"]
        self.assertEqual((skipped["status"], skipped["reason"]), ("skipped", "MPU port not built"))
        missing = metrics["tm_basic"]
        self.assertEqual(missing["status"], "not_measured")
        self.assertEqual(missing["reason"], vaios_report.NOT_MEASURED_REASON)
        for stat in stream.STATS + ("n",):
            self.assertIsNone(missing[stat])
        self.assertEqual(list(metrics), list(catalogue.load()))
        self.assertIn("| tm_basic | not measured | " + vaios_report.NOT_MEASURED_REASON, self.report_md)
        self.assertIn("| domain_switch | skipped | MPU port not built |", self.report_md)

    def test_bad_record_is_a_warning(self):
        warnings = self.results["run"]["warnings"]
        self.assertTrue(any("frobnicate" in w for w in warnings), warnings)
        self.assertIn("unknown record 'frobnicate'", self.proc.stderr)
        self.assertFalse(any("trace" in w for w in warnings), warnings)  # another tool's records

    def test_comparison_with_the_stored_runs(self):
        section = self.report_md.split("## VAIOS beside this harness's runs")[1].split("\n## ")[0]
        self.assertIn("| metric | unit | VAIOS p50 | VAIOS max | Other p50 / max | Leader | "
                      "alpha (ref.) |", section)
        self.assertIn("| ctx_yield (busy) | insn | 45 | 71 | - | - | - |", section)
        # VAIOS 33 (+1: its next bucket is 35) against Other's exact 36: a lead.
        self.assertIn("| ctx_yield (idle) | insn | 33 | 37 | 36 / 40 | VAIOS | 41 / 50 ±2 |",
                      section)
        # Other's row is unlike: shown, never compared; the reference never counts.
        self.assertIn("| sem_give_take | insn | 20 | 20 | 25 / 25 ≠ | - | 21 / 21 ±1 |", section)
        self.assertIn("- ≠ sem_give_take, Other: another path", section)
        self.assertIn("- Other p50: a synthetic run of the harness (`", section)
        self.assertIn("- alpha (ref.): reference only, a separate harness", section)
        self.assertIn("): a synthetic harness", section)
        self.assertNotIn("loop_1khz", section)     # a reference makes no row of its own
        self.assertIn("**Other** (`", self.report_md)
        self.assertIn("`task_notify_pair`", self.report_md)  # listed as not compared

    def test_without_stored_runs_the_references_stay_references(self):
        shutil.rmtree(self.peers / "runs")
        _, _, md = self.report(COMPLETE_STREAM)
        section = md.split("## VAIOS beside this harness's runs")[1].split("\n## ")[0]
        self.assertIn("| ctx_yield (idle) | insn | 33 | 37 | - | 41 / 50 ±2 |", section)
        self.assertIn("| sem_give_take | insn | 20 | 20 | - | 21 / 21 ±1 |", section)

    def test_published_figures_are_a_separate_table(self):
        section = self.report_md.split("## Published real-board figures")[1].split("\n## ")[0]
        self.assertIn("| ctx_yield | cycles | 200 | 100 | K2 |", section)
        self.assertIn("| alloc_throughput | ops_per_s | 5 | 7 | K2 |", section)
        self.assertNotIn("this run", section)      # an instruction-count run is never mixed in
        self.assertIn("synthetic board, cycles\n", self.report_md)  # provenance kept

    def test_terminal_tables_fit_100_columns(self):
        self.assertIn("VAIOS beside this harness's runs", self.proc.stdout)
        self.assertIn("ctx_yield (idle)", self.proc.stdout)
        for line in self.proc.stdout.splitlines():
            self.assertLessEqual(len(line), 100, line)
        self.assertNotIn("an ordinary line of the image", self.proc.stdout + self.proc.stderr)

    @unittest.skipUnless(shutil.which("gnuplot"), "gnuplot not installed")
    def test_histogram_pictures(self):
        hist = self.tmp / "out" / "hist"
        names = {p.name for p in hist.iterdir() if p.stat().st_size > 0}
        self.assertTrue({"ctx_yield_idle.png", "ctx_yield_idle.svg"} <= names, names)
        self.assertNotIn("ctx_yield_busy.png", names)
        self.assertIn("(hist/ctx_yield_idle.svg)", self.report_md)
        # One value: no solid box, and the report says why.
        self.assertNotIn("sem_give_take_idle.svg", names)
        self.assertIn("- sem_give_take (idle): no picture: one value, 20 insn, in all 10 samples",
                      self.report_md)
        self.assertIn("n=100", (hist / "ctx_yield_idle.svg").read_text())


class CoarseRun(ReportTestCase):
    """A run in tick40 (a 25 MHz counter under 1 GHz of instructions)."""

    def test_rows_carry_their_resolution_and_are_never_shown_exact(self):
        stream = COMPLETE_STREAM.replace("unit=insn", "unit=tick40")
        proc, results, report_md = self.report(stream)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        rows = [(m, s) for m, e in results["metrics"].items() for s in e["scenarios"].values()]
        self.assertTrue(rows)
        for metric_id, stats in rows:
            if stats["unit"] == "tick40":
                self.assertEqual(stats["resolution"], {"per_count": 40, "unit": "insn"}, metric_id)
            else:                                               # a size: exact
                self.assertNotIn("resolution", stats, metric_id)
        self.assertEqual(results["metrics"]["ctx_yield"]["resolution"]["per_count"], 40)
        self.assertNotIn("resolution", results["metrics"]["footprint"])
        self.assertIn("tick40 ±1: one count is 40 insn", report_md)
        self.assertIn("| tick40 ±1 |", report_md)


class FailedRuns(ReportTestCase):
    """Runs that crash, fail or arrive through a pipe."""

    def test_crash_without_done(self):
        stream = COMPLETE_STREAM.replace("@VOS done 0\n", "HardFault at 0x08001234\n")
        proc, results, md = self.report(stream, "--quiet")
        self.assertEqual(proc.returncode, 1)
        self.assertIn("without '@VOS done'", proc.stderr)
        self.assertIn("HardFault at 0x08001234", proc.stderr)  # the image's last words
        self.assertFalse(results["run"]["complete"])
        self.assertIsNone(results["run"]["exit_status"])
        self.assertEqual(results["metrics"]["ctx_yield"]["p50"], 33)  # partial results kept
        self.assertIn("INCOMPLETE RUN", md)
        self.assertEqual(proc.stdout, "")  # --quiet prints no tables

    def test_done_nonzero(self):
        proc, results, md = self.report(COMPLETE_STREAM.replace("@VOS done 0", "@VOS done 3"))
        self.assertEqual(proc.returncode, 1)
        self.assertIn("'@VOS done 3'", proc.stderr)
        self.assertEqual(results["run"]["exit_status"], 3)
        self.assertIn("FAILED RUN", md)

    def test_stdin_and_verbose(self):
        proc, results, _ = self.report(COMPLETE_STREAM, "--verbose", via_stdin=True)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertIn("an ordinary line of the image", proc.stderr)
        self.assertEqual(results["metrics"]["sem_give_take"]["p50"], 20)
        self.assertIn("measuring ctx_yield", proc.stderr)


class Parsing(unittest.TestCase):
    """Protocol details that a whole run does not pin down."""

    def test_split_fields(self):
        positional, pairs = stream.split_fields(
            'ctx_yield 3/10 a=1 b="x y" c="q\\"uote" d=')
        self.assertEqual(positional, ["ctx_yield", "3/10"])
        self.assertEqual(pairs, {"a": "1", "b": "x y", "c": 'q"uote', "d": ""})

    def test_malformed_lines_raise(self):
        run = stream.Run()
        for line in ("@VOS hist ctx_yield idle 5:1 3:1", "@VOS hist ctx_yield idle 5",
                     "@VOS metric", "@VOS done", "@VOS progress x 1of2",
                     "@VOS metric x n=1 min=abc"):
            with self.assertRaises(ValueError, msg=line):
                run.apply(line)

    def test_peer_rows_must_state_error_and_comparability(self):
        tmp = Path(tempfile.mkdtemp(prefix="peer_test_"))
        try:
            for body in ("metric,min,median,max,error,compare,note\nctx_yield,1,1,1,,yes,x\n",
                         "metric,min,median,max,error,compare,note\nctx_yield,1,1,1,0,maybe,x\n",
                         "metric,min,median,max,error,compare,note\nctx_yield,1,1,1,0,no:,x\n"):
                (tmp / "beta-qemu.csv").write_text("# source: synthetic\n" + body)
                with self.assertRaises(SystemExit):
                    peers.load_peer(tmp / "beta-qemu.csv", {"ctx_yield": {}})
            (tmp / "beta-qemu.csv").write_text("metric,min,median,max,error,compare,note\n")
            with self.assertRaises(SystemExit):      # no source line
                peers.load_peer(tmp / "beta-qemu.csv", {"ctx_yield": {}})
        finally:
            shutil.rmtree(tmp)


class CatalogueAndPeers(unittest.TestCase):
    """The data files of bench/ agree with each other and with the tool."""

    def setUp(self):
        self.catalogue = catalogue.load()

    def test_catalogue_rows(self):
        with open(REPO / "bench" / "catalogue.csv", newline="") as handle:
            ids = [row["id"] for row in csv.DictReader(handle)]
        self.assertEqual(len(ids), len(set(ids)), "duplicate ids")
        for row in self.catalogue.values():
            self.assertTrue(row["family"] and row["definition"], row)
        tm = [i for i in ids if i.startswith("tm_")]
        self.assertEqual(len(tm), 8)

    def test_peer_map_targets_exist(self):
        for name, target in peers.PEER_NAME_MAP.items():
            if target is not None:
                self.assertIn(target[0], self.catalogue, name)
                self.assertIn(target[2], stream.STATS, name)

    def test_repository_peers_load_with_provenance(self):
        loaded = peers.load_peers(REPO / "bench" / "peers", self.catalogue)
        self.assertTrue(any(p.published for p in loaded) and any(not p.published for p in loaded))
        for peer in loaded:
            self.assertTrue(peer.provenance, peer.path)
            self.assertTrue(peer.published or "separate harness" in peer.source, peer.path)
            for name in peer.unmapped:  # a row is either compared or deliberately ignored
                self.assertIn(name, peers.PEER_NAME_MAP, f"{peer.path.name}: {name}")


    def test_repository_peer_comparability(self):
        """The rows docs/benchmark.md and bench/peers/README.md call unlike stay marked."""
        loaded = {p.label: p for p in peers.load_peers(REPO / "bench" / "peers",
                                                       self.catalogue) if not p.published}
        freertos, zephyr = loaded["FreeRTOS"].figures, loaded["Zephyr"].figures
        self.assertNotIn(("sem_pingpong", None), zephyr)      # its figure is the peer-higher case
        self.assertTrue(zephyr[("sem_pingpong", "peer_higher")]["comparable"])
        for key in (("pi_chain", "boost"), ("pi_chain", "release")):
            self.assertFalse(freertos[key]["comparable"], key)  # not transitive
        for figs in (freertos, zephyr):
            for key in (("delay_5ms", None), ("loop_1khz", "idle"), ("loop_1khz", "loaded")):
                self.assertFalse(figs[key]["comparable"], key)  # tick-rounded against tickless
        for key, fig in zephyr.items():                       # polled 25 MHz timer: +-4
            if fig["unit"] == "insn":
                self.assertGreaterEqual(fig["error"], 4, key)


class Budgets(unittest.TestCase):
    """tools/check_budgets.py against a small results.json."""

    RESULTS = {
        "config": {"unit": "insn"}, "run": {"complete": True},
        "metrics": {
            "ctx_yield": {"p50": 37, "max": 50, "unit": "insn", "status": "measured",
                          "scenarios": {"idle": {"p50": 37, "max": 50, "unit": "insn"},
                                        "busy": {"p50": 44, "max": 90, "unit": "insn"}}},
            "ctx_preempt": {"p50": None, "status": "not_measured",
                            "reason": vaios_report.NOT_MEASURED_REASON, "scenarios": {}},
        }}

    def setUp(self):
        self.tmp = Path(tempfile.mkdtemp(prefix="check_budgets_test_"))
        self.results = self.tmp / "results.json"
        self.results.write_text(json.dumps(self.RESULTS))

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def check(self, budgets_text):
        """Run check_budgets.py on a budgets text; return the process."""
        budgets = self.tmp / "budgets.txt"
        budgets.write_text(budgets_text)
        return run_tool(CHECK + ["--results", str(self.results), "--budgets", str(budgets)])

    def test_all_within_budget(self):
        proc = self.check("# rule\nctx_yield p50 <= 40 insn  # note\nctx_yield busy max <= 90\n")
        self.assertEqual(proc.returncode, 0, proc.stdout)
        self.assertIn("budget ctx_yield p50 <= 40 insn: 37 ok", proc.stdout)
        self.assertIn("budget ctx_yield busy max <= 90: 90 ok", proc.stdout)
        self.assertTrue(proc.stdout.rstrip().endswith("2 passed, 0 failed"))

    def test_exceeded_budget_fails(self):
        proc = self.check("ctx_yield p50 <= 40\nctx_yield busy p50 <= 40\n")
        self.assertEqual(proc.returncode, 1)
        self.assertIn("budget ctx_yield busy p50 <= 40: 44 FAILED", proc.stdout)
        self.assertIn("ctx_yield (busy) p50 is 44 insn, above its budget of 40", proc.stdout)
        self.assertTrue(proc.stdout.rstrip().endswith("1 passed, 1 failed"))

    def test_missing_metric_fails(self):
        proc = self.check("ctx_preempt p50 <= 60\nctx_yield semload p50 <= 60\n")
        self.assertEqual(proc.returncode, 1)
        self.assertIn(vaios_report.NOT_MEASURED_REASON, proc.stdout)
        self.assertIn("no scenario 'semload'", proc.stdout)
        self.assertIn("0 passed, 2 failed", proc.stdout)

    def test_wrong_unit_and_malformed_line_fail(self):
        proc = self.check("ctx_yield p50 <= 400 cycles\nctx_yield p50 < 40\n")
        self.assertEqual(proc.returncode, 1)
        self.assertIn("not comparable", proc.stdout)
        self.assertIn("malformed budget line", proc.stdout)

    def test_line_over_200_characters_fails(self):
        """A budget line over 200 characters is malformed, even when its budget holds."""
        line = "ctx_yield p50 <= 40 insn  # " + "x" * 172
        self.assertEqual(len(line), 200)
        self.assertEqual(self.check(line + "\n").returncode, 0)
        proc = self.check(line + "x\n")
        self.assertEqual(proc.returncode, 1)
        self.assertIn("line of 201 characters, over 200", proc.stdout)

    def test_higher_is_better(self):
        self.assertEqual(self.check("ctx_yield p50 >= 30\n").returncode, 0)
        self.assertEqual(self.check("ctx_yield max >= 51\n").returncode, 1)

    def test_board_sections(self):
        """A board's section holds its budgets; a run of another board is
        checked against the budgets before the first section only."""
        text = ("ctx_yield p50 <= 37 insn\n[mps2_an500]  # the Cortex-M7\n"
                "ctx_yield p50 <= 2 tick40\n")
        proc = self.check(text)
        self.assertEqual(proc.returncode, 0, proc.stdout)
        self.assertIn("1 passed, 0 failed", proc.stdout)
        m7 = json.loads(json.dumps(self.RESULTS))
        m7["config"] = {"unit": "tick40", "board": "mps2_an500"}
        m7["metrics"]["ctx_yield"]["p50"] = 3
        m7["metrics"]["ctx_yield"]["unit"] = "tick40"
        self.results.write_text(json.dumps(m7))
        proc = self.check(text)
        self.assertEqual(proc.returncode, 1, proc.stdout)
        self.assertIn("section [mps2_an500]", proc.stdout)
        self.assertIn("budget ctx_yield p50 <= 2 tick40: 3 tick40 (2..4 tick40) FAILED", proc.stdout)
        self.assertIn("0 passed, 1 failed", proc.stdout)
        m7["metrics"]["ctx_yield"]["p50"] = 2                   # 1..3 counts: not shown within 2
        self.results.write_text(json.dumps(m7))
        proc = self.check(text)
        self.assertEqual(proc.returncode, 1, proc.stdout)
        self.assertIn("up to 3 tick40 at its resolution", proc.stdout)
        m7["metrics"]["ctx_yield"]["p50"] = 1
        self.results.write_text(json.dumps(m7))
        self.assertEqual(self.check(text).returncode, 0)
        m7["config"]["board"] = "nucleo_f401re"                 # no section: the first budgets
        self.results.write_text(json.dumps(m7))
        proc = self.check(text)
        # the first budgets are in insn: the tick40 row is 0..80 insn, not shown within 37
        self.assertIn("up to 80 insn at its resolution, above its budget of 37", proc.stdout)

    def test_resolution_is_never_exact(self):
        """A tick40 row (one count = 40 insn, exact to one count either way)
        meets a budget only with the far end of its span, in counts or in
        instructions; its sample count n is exact."""
        m7 = json.loads(json.dumps(self.RESULTS))
        m7["config"] = {"unit": "tick40", "board": "mps2_an500"}
        row = m7["metrics"]["ctx_yield"]
        row.update(p50=2, unit="tick40", resolution={"per_count": 40, "unit": "insn"})
        self.results.write_text(json.dumps(m7))
        head = "[mps2_an500]\n"
        proc = self.check(head + "ctx_yield p50 <= 120 insn\n")
        self.assertEqual(proc.returncode, 0, proc.stdout)
        self.assertIn("2 tick40 (40..120 insn) ok", proc.stdout)
        proc = self.check(head + "ctx_yield p50 <= 119 insn\n")
        self.assertEqual(proc.returncode, 1, proc.stdout)
        self.assertIn("up to 120 insn at its resolution", proc.stdout)
        self.assertEqual(self.check(head + "ctx_yield p50 >= 40 insn\n").returncode, 0)
        self.assertEqual(self.check(head + "ctx_yield p50 >= 41 insn\n").returncode, 1)
        self.assertEqual(self.check(head + "ctx_yield p50 <= 3 tick40\n").returncode, 0)
        self.assertEqual(self.check(head + "ctx_yield p50 <= 80 ns\n").returncode, 1)
        row["n"] = n = 10
        self.results.write_text(json.dumps(m7))
        self.assertEqual(self.check(head + f"ctx_yield n >= {n} tick40\n").returncode, 0)
        self.assertEqual(self.check(head + f"ctx_yield n <= {n - 1} tick40\n").returncode, 1)

    def test_repository_budgets_parse(self):
        """bench/budgets.txt parses, every line within 200 characters, every id catalogued."""
        budgets, errors = check_budgets.load_budgets(REPO / "bench" / "budgets.txt")
        self.assertEqual(errors, [])
        for budget in budgets:
            self.assertIn(budget.metric, catalogue.load())

    def test_unreadable_results(self):
        proc = run_tool(CHECK + ["--results", str(self.tmp / "none.json")])
        self.assertEqual(proc.returncode, 2)


class ReadmeTable(unittest.TestCase):
    """tools/update_readme.py: the README's label is the commit of the figures it shows."""

    def setUp(self):
        self.tmp = Path(tempfile.mkdtemp(prefix="update_readme_test_"))
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO,
                              capture_output=True, text=True).stdout.strip()
        self.results = json.loads(json.dumps(Budgets.RESULTS))
        self.results["config"].update(commit=head, compiler="cc 1")
        self.results["run"]["complete"] = True
        for entry in self.results["metrics"].values():
            entry.setdefault("scenario", "idle" if entry["scenarios"] else None)
            for st in entry["scenarios"].values():
                st.update({k: st.get(k, st.get("p50")) for k in ("min", "p99", "p999")}, n=10)
        self.readme = "# x\n\n%s\nold\n%s\n\ntail\n" % (update_readme.BEGIN, update_readme.END)

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def generated(self, results):
        snapshot = update_readme.snapshot_of(results)
        return update_readme.replace_block(self.readme, update_readme.render_block(snapshot)), \
            snapshot

    def test_label_is_the_runs_commit_and_check_passes(self):
        readme, snapshot = self.generated(self.results)
        self.assertIn("commit `%s`" % self.results["config"]["commit"], readme)
        self.assertTrue(readme.startswith("# x\n") and readme.endswith("\ntail\n"))
        self.assertEqual(update_readme.check(readme, snapshot), [])
        self.assertEqual(update_readme.check(readme, snapshot, results=self.results), [])

    def test_edited_label_or_figure_fails(self):
        readme, snapshot = self.generated(self.results)
        commit = self.results["config"]["commit"]
        self.assertTrue(update_readme.check(readme.replace(commit, "0000000"), snapshot))
        self.assertTrue(update_readme.check(readme.replace("| 37 |", "| 36 |"), snapshot))

    def test_dirty_unknown_or_incomplete_run_is_refused(self):
        for change in ({"commit": self.results["config"]["commit"] + "-dirty"},
                       {"commit": "unknown"}):
            bad = json.loads(json.dumps(self.results))
            bad["config"].update(change)
            with self.assertRaises(update_readme.Refused):
                update_readme.render_block(update_readme.snapshot_of(bad))
        bad = json.loads(json.dumps(self.results))
        bad["run"]["complete"] = False
        with self.assertRaises(update_readme.Refused):
            update_readme.render_block(update_readme.snapshot_of(bad))

    def test_per_cpu_table(self):
        """Another board's run becomes a column of the per-CPU block, after
        the results block, with its unit's meaning; the check fails on an
        edited figure, a block without stored boards, and stored boards
        without a block; a dirty run is refused."""
        readme, snapshot = self.generated(self.results)
        self.assertEqual(update_readme.check_cpus(readme, snapshot, {}), [])
        m7 = json.loads(json.dumps(self.results))
        m7["config"].update(board="mps2_an500", unit="tick40",
                            cflags="-mcpu=cortex-m7 -mthumb -mfpu=fpv5-d16 -O2")
        m7["metrics"]["ctx_yield"].update(p50=2, unit="tick40")
        boards = {"mps2_an500": update_readme.cpu_snapshot_of(m7)}
        with_cpus = update_readme.with_cpus(readme, update_readme.render_cpus(snapshot, boards))
        self.assertLess(with_cpus.index(update_readme.END), with_cpus.index(update_readme.CPU_BEGIN))
        self.assertTrue(with_cpus.endswith("\ntail\n"))
        self.assertIn("| ctx_yield | 37 insn | 2 tick40 (80 ±40 insn) |", with_cpus)
        self.assertIn("mps2_an500: cortex-m7 fpv5-d16", with_cpus)
        self.assertIn("40 instructions each", with_cpus)
        self.assertIn("| ctx_preempt | - (%s) |" % vaios_report.NOT_MEASURED_REASON, with_cpus)
        self.assertEqual(update_readme.check_cpus(with_cpus, snapshot, boards), [])
        self.assertTrue(update_readme.check_cpus(with_cpus.replace("| 2 tick40 (80", "| 1 tick40 (80"),
                                                 snapshot, boards))
        self.assertTrue(update_readme.check_cpus(with_cpus, snapshot, {}))
        self.assertTrue(update_readme.check_cpus(readme, snapshot, boards))
        again = update_readme.with_cpus(with_cpus, update_readme.render_cpus(snapshot, boards))
        self.assertEqual(again, with_cpus)                     # replaced, not inserted twice
        runs = str(self.tmp / "readme-results-%s.json")         # the stored whole runs
        (self.tmp / "readme-results-mps2_an500.json").write_text(json.dumps(m7))
        self.assertEqual(update_readme.load_cpus(runs), boards)
        self.assertEqual(update_readme.load_cpus(str(self.tmp / "none-%s.json")), {})
        m7["config"]["commit"] += "-dirty"
        with self.assertRaises(update_readme.Refused):
            update_readme.cpu_snapshot_of(m7)

    def test_unit_meaning(self):
        """Every unit a board can record gets its meaning in the per-CPU
        label: the Nucleo boards' cycles and tick2cycles (a count of two
        core cycles), not only the emulated boards' insn and tick40."""
        self.assertIn("one core clock cycle", update_readme.unit_meaning("cycles"))
        two = update_readme.unit_meaning("tick2cycles")
        self.assertIn("2 core cycles each", two)
        self.assertIn("between 2(N-1) and 2(N+1) core cycles", two)
        self.assertIn("between 8(N-1) and 8(N+1) instructions", update_readme.unit_meaning("tick8"))
        self.assertIn("40 instructions each", update_readme.unit_meaning("tick40"))
        self.assertEqual(update_readme.unit_meaning("furlongs"), "as the run states it")

    def test_commit_outside_the_history_fails(self):
        bad = json.loads(json.dumps(self.results))
        bad["config"]["commit"] = "fffffff"
        readme, snapshot = self.generated(bad)
        self.assertTrue(any("not a commit" in p for p in update_readme.check(readme, snapshot)))

    def harness_root(self, run_figures, unlike=None, provenance=True):
        """A root with the catalogue and one committed harness run."""
        root = self.tmp / "root"
        (root / "bench" / "peers" / "runs" / "other").mkdir(parents=True)
        shutil.copy(REPO / "bench" / "catalogue.csv", root / "bench" / "catalogue.csv")
        run = json.loads(json.dumps(self.results))
        run["config"]["kernel"] = "other"
        for scen, (p50, hist) in run_figures.items():
            st = run["metrics"]["ctx_yield"]["scenarios"][scen]
            st.update(p50=p50, min=p50, max=p50, hist=hist)
        base = root / "bench" / "peers" / "runs" / "other"
        (base / "results.json").write_text(json.dumps(run))
        if provenance:
            (base / "provenance.json").write_text(json.dumps(
                {"label": "Other", "summary": "a test run", "harness_commit": "abc1234",
                 "unlike": unlike or {}}))
        return root

    def test_a_harness_run_is_merged_with_its_leader(self):
        root = self.harness_root({"idle": (40, [[40, 10]]), "busy": (44, [[44, 10]])})
        block = update_readme.render_block(update_readme.snapshot_of(self.results), root)
        self.assertIn("| Other p50 | Leader |", block)
        self.assertIn("| ctx_yield (idle) | insn | 37 | 50 | 40 | VAIOS |", block)
        self.assertIn("| ctx_yield (busy) | insn | 44 | 90 | 44 | tie |", block)
        self.assertIn("bench/peers/runs/other/`", block)
        self.assertIn("Other p50: the Other run of this harness at its commit `abc1234`", block)

    def test_an_unlike_harness_cell_never_leads(self):
        root = self.harness_root({"idle": (30, [[30, 10]])}, unlike={"ctx_yield": "not the same"})
        block = update_readme.render_block(update_readme.snapshot_of(self.results), root)
        self.assertIn("| ctx_yield (idle) | insn | 37 | 50 | 30 %s | - |" % NOT_COMPARABLE,
                      block)
        self.assertIn("not the same", block)

    def test_an_unlike_scenario_is_marked_and_the_others_compared(self):
        root = self.harness_root({"idle": (30, [[30, 10]]), "busy": (44, [[44, 10]])},
                                 unlike={"ctx_yield (busy)": "another load"})
        block = update_readme.render_block(update_readme.snapshot_of(self.results), root)
        self.assertIn("| ctx_yield (busy) | insn | 44 | 90 | 44 %s | - |" % NOT_COMPARABLE,
                      block)
        self.assertIn("| ctx_yield (idle) | insn | 37 | 50 | 30 | Other |", block)
        self.assertIn("another load", block)

    def test_an_exact_count_equal_to_a_runs_is_a_tie(self):
        """A figure without a histogram (a count) is exact in the snapshot
        too, not its bucket's resolution (255 at 4096 in this layout)."""
        layout = {"hist_exact": "2048", "hist_log_sub": "16", "hist_log_octaves": "21"}
        self.results["config"].update(layout)
        self.results["metrics"]["tm_basic"] = {"status": "measured", "scenario": "idle",
                                               "scenarios": {"idle": dict(
            {k: 4096 for k in ("min", "p50", "p99", "p999", "max")}, n=1, unit="ops_per_30s",
            hist=None)}}
        root = self.harness_root({"idle": (40, [[40, 10]])})
        snapshot = update_readme.snapshot_of(self.results)
        self.assertEqual(snapshot["metrics"]["tm_basic"]["scenarios"]["idle"]["error"], 0)
        block = update_readme.render_block(snapshot, root)
        self.assertIn("| tm_basic | ops_per_30s | 4096 | 4096 | 4096 | tie |", block)
        # A snapshot stored without errors keeps the resolution it was rendered with.
        del snapshot["metrics"]["tm_basic"]["scenarios"]["idle"]["error"]
        block = update_readme.render_block(snapshot, root)
        self.assertIn("| tm_basic | ops_per_30s | 4096 | 4096 | 4096 | within error |", block)

    def test_a_harness_run_without_provenance_is_refused(self):
        root = self.harness_root({"idle": (40, [[40, 10]])}, provenance=False)
        with self.assertRaises(update_readme.Refused):
            update_readme.render_block(update_readme.snapshot_of(self.results), root)

    def test_a_harness_run_that_does_not_name_its_harness_commit_is_refused(self):
        root = self.harness_root({"idle": (40, [[40, 10]])})
        prov_path = root / "bench" / "peers" / "runs" / "other" / "provenance.json"
        prov = json.loads(prov_path.read_text())
        del prov["harness_commit"]
        prov_path.write_text(json.dumps(prov))
        with self.assertRaisesRegex(update_readme.Refused, "harness_commit"):
            update_readme.render_block(update_readme.snapshot_of(self.results), root)

    def test_every_stored_run_of_this_repository_is_a_column(self):
        """`python3 -m tools.update_readme --results ...` on this tree: a
        column per bench/peers/runs/<run>/ (FreeRTOS, ChibiOS/RT), each
        named with its harness commit above the table."""
        stored = sorted(p for p in (REPO / "bench" / "peers" / "runs").iterdir()
                        if (p / "results.json").exists())
        self.assertIn("chibios", [p.name for p in stored])
        results = self.tmp / "results.json"
        results.write_text(json.dumps(self.results))
        readme, snapshot = self.tmp / "README.md", self.tmp / "snapshot.json"
        readme.write_text(self.readme)
        proc = run_tool([sys.executable, "-m", "tools.update_readme", "--results", str(results),
                         "--readme", str(readme), "--snapshot", str(snapshot)])
        self.assertEqual(proc.returncode, 0, proc.stderr)
        block = readme.read_text()
        header = next(line for line in block.splitlines() if line.startswith("| metric |"))
        for path in stored:
            prov = json.loads((path / "provenance.json").read_text())
            self.assertIn("| %s p50 |" % prov["label"], header)
            self.assertIn("%s p50: the %s run of this harness at its commit `%s` (`%s/`)"
                          % (prov["label"], prov["label"], prov["harness_commit"],
                             peers.shown_path(path)), block)
            self.assertIn(prov["summary"], block)

    def test_a_run_of_the_same_sources_with_other_figures_fails(self):
        readme, snapshot = self.generated(self.results)
        other = json.loads(json.dumps(self.results))
        other["metrics"]["ctx_yield"]["scenarios"]["busy"]["max"] = 91
        problems = update_readme.check(readme, snapshot, results=other)
        self.assertTrue(any("ctx_yield (busy)" in p for p in problems), problems)


class Repeat(unittest.TestCase):
    """tools/check_repeat.py: two results documents that differ only in
    timestamp fields are the same; any other difference is found and named."""

    def write(self, name, doc):
        path = Path(self.tmp) / name
        path.write_text(json.dumps(doc))
        return path

    def setUp(self):
        self.tmp = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.tmp)

    def test_timestamps_ignored_other_fields_not(self):
        base = {"config": {"commit": "abc", "timestamp": "t1"},
                "metrics": {"ctx_yield": {"p50": 42, "max": 42}}}
        same = {"config": {"commit": "abc", "timestamp": "t2"},
                "metrics": {"ctx_yield": {"p50": 42, "max": 42}}}
        other = {"config": {"commit": "abc", "timestamp": "t1"},
                 "metrics": {"ctx_yield": {"p50": 42, "max": 55}}}
        a = check_repeat.canonical(self.write("a.json", base))
        self.assertEqual(a, check_repeat.canonical(self.write("b.json", same)))
        c = check_repeat.canonical(self.write("c.json", other))
        self.assertNotEqual(a, c)
        self.assertIn("55", check_repeat.first_difference(a, c))


class Citations(unittest.TestCase):
    """tools/check_citations.py finds citations of files outside the repository."""

    def test_outside_citations_are_found(self):
        # Spelled in pieces so that this file itself cites nothing outside.
        outside = "MEASURING" + ".md"
        text = ("see " + outside + ", docs/benchmark.md, [p](porting.md), /" + "work/x/y,\n"
                + "../" * 4 + "z and build/bench/report.md\n")
        names = {"benchmark.md", "porting.md"}
        found = [m for _, m in check_citations.problems_in("docs/x.txt", text, str(REPO), names)]
        self.assertEqual(len(found), 3, found)
        self.assertTrue(any(outside in m for m in found))
        self.assertTrue(any("absolute path" in m for m in found))
        self.assertTrue(any("climbs out" in m for m in found))

    def test_repository_cites_nothing_outside(self):
        scanned, failures = check_citations.check(str(REPO))
        self.assertGreater(scanned, 100)
        self.assertEqual(failures, [])


if __name__ == "__main__":
    unittest.main(verbosity=2)
