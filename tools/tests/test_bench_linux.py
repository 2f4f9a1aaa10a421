# SPDX-License-Identifier: MIT
"""tools/bench_linux.py: the cross-check rule against rt-tests, on
synthetic figures (made up for the test), and the checks made before
anything is measured."""

import io
import os
import stat
import tempfile
import unittest
from contextlib import redirect_stderr
from types import SimpleNamespace

from .. import bench_linux as bl
from ..stream import parse_text

CONFIG = {"hist_exact": "2048", "hist_log_sub": "16", "hist_log_octaves": "21",
          "empty_measurement": "20"}


def scen(hist, p50):
    lows = [lo for lo, _ in hist]
    return {"min": lows[0], "p50": p50, "p99": lows[-1], "p999": lows[-1], "max": lows[-1],
            "n": sum(c for _, c in hist), "unit": "ns", "hist": [list(b) for b in hist]}


def results(cyclic_p50=1000, pingpong=2000, msg=1500, pi=("pi_boost", "pi_release", "pi_chain")):
    metrics = {
        "cyclic_100us": {"status": "measured",
                         "scenarios": {"idle": scen([(cyclic_p50, 10)], cyclic_p50)}},
        "loop_1khz": {"status": "measured", "scenarios": {"idle": scen([(30, 5), (31, 5)], 30)}},
        "sem_pingpong": {"status": "measured", "scenarios": {"equal": scen([(pingpong, 4)], pingpong)}},
        "msg_latency": {"status": "measured", "scenarios": {"idle": scen([(msg, 4)], msg)}},
    }
    for m in pi:
        metrics[m] = {"status": "measured", "scenarios": {}}
    return {"config": dict(CONFIG), "metrics": metrics}


def rt(cyclic, loop, ptsem, pmq):
    return {"cyclic": list(cyclic), "loop": list(loop),
            "ptsematest": [{"min": a - 5, "avg": a, "max": a + 5} for a in ptsem],
            "pmqtest": [{"min": a - 5, "avg": a, "max": a + 5} for a in pmq]}


PASSED = {"exit": 0, "inversions": 12, "output": ""}


class Rule(unittest.TestCase):
    def test_judge(self):
        self.assertEqual(bl.judge(100, 5, 110, 3, 2), (10, 10, "agree"))
        self.assertEqual(bl.judge(100, 5, 111, 3, 2), (11, 10, "DIFFER"))
        self.assertEqual(bl.spread([3, 9, 4]), 6)

    def rows(self, res, before, after, repeat=None, pis=PASSED):
        rows, notes = bl.crosscheck(res, repeat or [], before, after, pis, 2000)
        return {r["metric"]: r for r in rows}, notes

    def test_equal_instruments_agree(self):
        same = rt([1000] * 50, [30] * 50, [1020, 1020], [1520, 1520])
        rows, notes = self.rows(results(), same, same)
        self.assertEqual(notes, [])
        cyc = rows["cyclic_100us (idle)"]
        self.assertEqual((cyc["harness_figure"], cyc["rt_figure"], cyc["verdict"]), (1000, 1000, "agree"))
        self.assertEqual(cyc["resolution"], 1)                  # an exact bucket
        self.assertEqual(len(cyc["rt_parts"]), 2 * bl.PARTS)
        # Round trip halved, the empty measurement (20) added back.
        ping = rows["sem_pingpong (equal) / 2"]
        self.assertEqual((ping["harness_figure"], ping["rt_figure"], ping["verdict"]),
                         (1020.0, 1020.0, "agree"))
        self.assertEqual(rows["msg_latency (idle)"]["harness_figure"], 1520.0)
        self.assertEqual(rows["pi_boost, pi_release, pi_chain"]["verdict"], "agree")

    def test_a_gap_beyond_spread_and_resolution_differs(self):
        far = rt([1500] * 50, [30] * 50, [1020, 1020], [1520, 1520])
        rows, _ = self.rows(results(), far, far)
        cyc = rows["cyclic_100us (idle)"]
        self.assertEqual((cyc["diff"], cyc["allowed"], cyc["verdict"]), (500, 1, "DIFFER"))

    def test_spread_between_parts_widens_the_tolerance(self):
        # rt-tests' parts give medians 1000 and 1400: a range of 400 covers the gap of 400.
        before = rt([1000] * 25 + [1400] * 25, [30] * 50, [1020] * 2, [1520] * 2)
        rows, _ = self.rows(results(cyclic_p50=1400), before, before)
        cyc = rows["cyclic_100us (idle)"]
        self.assertEqual(cyc["rt_figure"], 1000)
        self.assertEqual(cyc["allowed"], 401)
        self.assertEqual(cyc["verdict"], "agree")

    def test_resolution_is_the_reported_layouts_bucket(self):
        same = rt([4096] * 50, [30] * 50, [1020] * 2, [1520] * 2)
        rows, _ = self.rows(results(cyclic_p50=4096), same, same)
        self.assertEqual(rows["cyclic_100us (idle)"]["resolution"], 256)
        res = results()
        res["config"]["hist_log_sub"] = "32"                     # another layout: another bucket
        rows, _ = self.rows(dict(res, metrics=results(cyclic_p50=4096)["metrics"]), same, same)
        self.assertEqual(rows["cyclic_100us (idle)"]["resolution"], 128)

    def test_repeated_harness_runs_give_its_spread(self):
        again = parse_text("@VOS config empty_measurement=20\n"
                           "@VOS metric sem_pingpong scenario=equal unit=ns n=4 min=1800 p50=1800 "
                           "p99=1800 p999=1800 max=1800\n@VOS hist sem_pingpong equal 1800:4\n")
        same = rt([1000] * 50, [30] * 50, [970, 970], [1520, 1520])
        rows, _ = self.rows(results(), same, same, repeat=[again])
        ping = rows["sem_pingpong (equal) / 2"]
        self.assertEqual(ping["harness_parts"], [1020.0, 920.0])
        self.assertEqual(ping["harness_figure"], 970.0)
        self.assertEqual(ping["verdict"], "agree")

    def test_missing_figures_become_notes_and_pi_failure_differs(self):
        res = results(pi=("pi_boost",))
        del res["metrics"]["msg_latency"]
        same = rt([1000] * 50, [30] * 50, [1020] * 2, [1520] * 2)
        rows, notes = self.rows(res, same, same, pis={"exit": 1, "inversions": None, "output": ""})
        self.assertEqual(notes, ["msg_latency (idle): not measured by the harness in this run"])
        pi = rows["pi_boost, pi_release, pi_chain"]
        self.assertEqual((pi["rt"], pi["verdict"], pi["harness"]),
                         ("FAIL (exit 1)", "DIFFER", "self-checked, 1 of 3 ran"))

    def test_layout_must_be_reported(self):
        res = results()
        del res["config"]["hist_exact"]
        same = rt([1000] * 50, [30] * 50, [1020] * 2, [1520] * 2)
        with self.assertRaises(bl.LayoutMissing):
            bl.crosscheck(res, [], same, same, PASSED, 2000)

    def test_tables(self):
        same = rt([1000] * 50, [30] * 50, [1020] * 2, [1520] * 2)
        rows, notes = bl.crosscheck(results(), [], same, same, PASSED, 2000)
        md = bl.render_markdown(bl.crosscheck_table(rows, notes, "Cross-check with rt-tests", True))
        self.assertTrue(md.startswith("## Cross-check with rt-tests\n"))
        self.assertIn("- All figures in ns. " + bl.RULE.replace("|", "\\|"), md)
        text = bl.render_text(bl.crosscheck_table(rows, notes, "Cross-check", False))
        self.assertIn("(all figures in ns)", text)
        self.assertEqual(bl.fmt(1234.56), "1235")
        self.assertEqual(bl.fmt(12.34), "12.3")
        self.assertEqual(bl.fmt([1.0, 2.0]), "1.0 / 2.0")


class BeforeMeasuring(unittest.TestCase):
    def args(self, *argv):
        return bl.parse_args(list(argv) + ["--allow-other"])

    def refused(self, *argv):
        with redirect_stderr(io.StringIO()) as err, self.assertRaises(SystemExit) as stop:
            bl.validate(self.args(*argv))
        self.assertEqual(stop.exception.code, 2)
        return err.getvalue()

    def test_impossible_parameters(self):
        self.assertIn("at least one sample", self.refused("--samples", "0"))
        self.assertIn("at least one period", self.refused("--loop-periods", "0"))
        self.assertIn("at least one loop", self.refused("--rt-loops", "0"))
        self.assertIn("P must be", self.refused("--prio", "1000"))
        self.assertIn("not online", self.refused("--cpu", "100000"))
        self.assertIn("positive time limit", self.refused("--timeout", "0"))

    def test_counts_passed_to_the_harness(self):
        args = self.args("--samples", "300", "--loop-periods", "40", "--rt-loops", "50")
        bl.validate(args)
        self.assertEqual(args.timing_defs, {"CYCLIC_IDLE": 300, "LOOP_PERIODS_IDLE": 40})
        self.assertEqual(args.ipc_samples, 50)
        quick = self.args("--quick")
        bl.validate(quick)
        self.assertEqual(quick.timing_defs, bl.QUICK_TIMING)
        self.assertEqual(quick.pi_stress_seconds, 1)

    def test_count_problems(self):
        args = SimpleNamespace(timing_defs={"CYCLIC_IDLE": 10, "LOOP_PERIODS_IDLE": 30})
        res = results()          # cyclic_100us idle has n=10, loop_1khz idle n=10
        problems = bl.count_problems(res, args)
        self.assertEqual(len(problems), 1)
        self.assertIn("loop_1khz (idle) took 10 samples, 30 asked", problems[0])


class HarnessConfig(unittest.TestCase):
    """harness_config() against stand-ins for bench-linux --config."""

    def exe(self, body):
        fd, path = tempfile.mkstemp(prefix="vaios-fake-harness-")
        with os.fdopen(fd, "w") as f:
            f.write("#!/bin/sh\n" + body)
        os.chmod(path, stat.S_IRWXU)
        self.addCleanup(os.unlink, path)
        return path

    def test_config_lines_are_read(self):
        exe = self.exe('[ "$5" = --config ] || exit 9\n'
                       'echo "@VOS config policy=SCHED_FIFO hist_exact=2048"\n'
                       'echo "@VOS config hist_log_sub=16 hist_log_octaves=21"\n')
        args = SimpleNamespace(cpu=0, prio=90, allow_other=False)
        config = bl.harness_config(args, exe)
        self.assertEqual(config["policy"], "SCHED_FIFO")
        self.assertEqual(config["hist_log_octaves"], "21")

    def test_a_refusal_of_the_harness_is_the_tools(self):
        exe = self.exe('echo "bench-linux: --prio 98: P must be 4 .. 94" >&2\nexit 2\n')
        args = SimpleNamespace(cpu=0, prio=98, allow_other=True)
        with redirect_stderr(io.StringIO()) as err, self.assertRaises(SystemExit) as stop:
            bl.harness_config(args, exe)
        self.assertEqual(stop.exception.code, 2)
        self.assertIn("P must be 4 .. 94", err.getvalue())
