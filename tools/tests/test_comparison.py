# SPDX-License-Identifier: MIT
"""tools/comparison.py: the one model of a comparison table (synthetic
figures, made up for the test): which cells enter Leader, their errors,
reference columns, the rows and their labels; and the structure the
model exists for (no other module computes Leader; compare and
vaios_report do not import each other)."""

import ast
import unittest
from pathlib import Path

from .. import comparison
from ..comparison import (NOT_COMPARABLE, OTHER_UNIT, Column, build_rows, figure_error,
                          leader, reference_cell, resolution_error)
from ..hist import Layout
from ..peers import PeerSource

TOOLS = Path(__file__).resolve().parent.parent
CATALOGUE = {"ctx_yield": {"better": "lower"}, "tm_basic": {"better": "higher"},
             "early_wakes": {"better": "none"}}
LAYOUT = {"hist_exact": "2048", "hist_log_sub": "16", "hist_log_octaves": "21"}


def stats(p50, unit="insn", hist=None, top=None):
    """A scenario's statistics with every figure at p50 (max at top)."""
    top = p50 if top is None else top
    return {"min": p50, "p50": p50, "p99": top, "p999": top, "max": top, "n": 10, "unit": unit,
            "hist": hist}


def doc(metrics, config=None):
    """A results document: {metric: {scenario: stats}}, first scenario the default."""
    return {"config": dict(LAYOUT, **(config or {})),
            "metrics": {m: {"status": "measured", "scenario": next(iter(s)), "scenarios": s}
                        for m, s in metrics.items()}}


def reference(label, figures):
    """An instrument peer file: {(metric, scenario): (median, error, comparable, unit)}."""
    peer = PeerSource(label, Path(f"{label}-qemu.csv"), [], False, "a synthetic harness")
    for key, (median, error, comparable, unit) in figures.items():
        peer.figures[key] = {"min": median, "median": median, "max": median + 1, "note": "",
                             "unit": unit, "error": error, "comparable": comparable,
                             "why": None if comparable else "another behaviour"}
    return peer


def row(rows, metric, scenario):
    return next(r for r in rows if (r.metric, r.scenario) == (metric, scenario))


class LeaderRule(unittest.TestCase):
    def test_direction_and_missing(self):
        self.assertEqual(leader({"A": 3, "B": 5}, "lower"), "A")
        self.assertEqual(leader({"A": 3, "B": 5}, "higher"), "B")
        self.assertEqual(leader({"A": 3, "B": None}, "lower"), "-")
        self.assertEqual(leader({"A": 3, "B": 5}, "none"), "-")
        self.assertEqual(leader({}, "lower"), "-")

    def test_ties_and_errors(self):
        self.assertEqual(leader({"A": 3, "B": 3}, "lower"), "tie")
        self.assertEqual(leader({"A": 3, "B": 3}, "lower", {"A": 1}), "within error")
        # A gap of 4 leads only when it exceeds the errors added.
        self.assertEqual(leader({"A": 10, "B": 14}, "lower", {"A": 1, "B": 2}), "A")
        self.assertEqual(leader({"A": 10, "B": 14}, "lower", {"A": 2, "B": 2}), "within error")
        self.assertEqual(leader({"A": 10, "B": 14, "C": 30}, "lower", {"B": 5}), "within error")
        self.assertEqual(leader({"A": 10, "B": 14, "C": 30}, "lower", {"C": 5}), "A")
        self.assertEqual(leader({"A": 50, "B": 45}, "higher", {"B": 4}), "A")


class Errors(unittest.TestCase):
    def test_figure_error(self):
        layout = Layout(2048, 16, 21)
        exact = {"p50": 42, "max": 55, "hist": [[40, 2], [42, 7], [55, 1]]}
        self.assertEqual(figure_error(exact, layout), 0)
        wide = {"p50": 4096, "max": 9000, "hist": [[4096, 5], [8192, 1]]}
        self.assertEqual(figure_error(wide, layout), 255)
        # Without a layout: bounded by the next non-empty bucket.
        self.assertEqual(figure_error(exact, None), 12)
        # Against an origin (bounds off the layout): the next bucket's bound only.
        origin = {"p50": 5000100, "max": 5000103, "hist": [[5000100, 3], [5000103, 1]]}
        self.assertEqual(figure_error(origin, layout), 2)
        self.assertEqual(figure_error({"p50": 9, "max": 9, "hist": None}, layout), 0)

    def test_resolution_error_without_a_histogram(self):
        layout = Layout(2048, 16, 21)
        self.assertEqual(resolution_error({"p50": 42}, layout), 0)
        self.assertEqual(resolution_error({"p50": 4096}, layout), 255)
        self.assertEqual(resolution_error({"p50": 4096}, None), 0)
        self.assertEqual(resolution_error({"p50": None}, layout), 0)

    def test_a_columns_errors_widen_its_cells_in_leader(self):
        # 4096 against 4300: a gap of 204, inside the 255 of 4096's bucket.
        wide = [[4096, 10]]
        a = Column("A", doc({"ctx_yield": {"idle": stats(4096, hist=wide, top=4300)}}))
        b = Column("B", doc({"ctx_yield": {"idle": stats(4300)}}))
        cell = build_rows([a, b], CATALOGUE)[0].cells["A"]
        self.assertEqual((cell.error, cell.text(True)), (204, "4096 ±204"))
        self.assertEqual(build_rows([a, b], CATALOGUE)[0].leader, "within error")
        b = Column("B", doc({"ctx_yield": {"idle": stats(4400)}}))
        self.assertEqual(build_rows([a, b], CATALOGUE)[0].leader, "A")


class LikeForLike(unittest.TestCase):
    """Only cells in the row's unit and not named unlike enter Leader."""

    def test_another_unit_is_shown_and_never_leads(self):
        a = Column("A", doc({"ctx_yield": {"idle": stats(40)}}))
        b = Column("B", doc({"ctx_yield": {"idle": stats(4, "ns")}}))
        r = build_rows([a, b], CATALOGUE)[0]
        self.assertEqual(r.unit, "insn")                    # the first column's
        self.assertEqual(r.cells["B"].mark, OTHER_UNIT)
        self.assertFalse(r.cells["B"].compared)
        self.assertEqual(r.cells["B"].text(True), "4*")
        self.assertEqual(r.leader, "-")                     # one like-for-like cell

    def test_a_row_the_provenance_calls_unlike_never_leads(self):
        a = Column("A", doc({"ctx_yield": {"idle": stats(40), "busy": stats(50)}}))
        b = Column("B", doc({"ctx_yield": {"idle": stats(30), "busy": stats(30)}}),
                   unlike={"ctx_yield (busy)": "another load"})
        rows = build_rows([a, b], CATALOGUE)
        busy, idle = row(rows, "ctx_yield", "busy"), row(rows, "ctx_yield", "idle")
        self.assertEqual(busy.leader, "-")
        self.assertEqual((busy.cells["B"].mark, busy.cells["B"].why), (NOT_COMPARABLE, "another load"))
        self.assertEqual(busy.cells["B"].text(False), "30 / 30 ≠")
        self.assertEqual(idle.leader, "B")                  # the other scenario compares
        self.assertEqual(comparison.unlike_notes(rows, [a, b]),
                         ["≠ ctx_yield (busy), B: another load"])
        whole = Column("B", b.doc, unlike={"ctx_yield": "not the same"})
        self.assertTrue(all(r.leader == "-" for r in build_rows([a, whole], CATALOGUE)))

    def test_no_direction_no_leader(self):
        a = Column("A", doc({"early_wakes": {"x": stats(0, "count")}}))
        b = Column("B", doc({"early_wakes": {"x": stats(3, "count")}}))
        self.assertEqual(build_rows([a, b], CATALOGUE)[0].leader, "-")


class References(unittest.TestCase):
    """bench/peers CSV figures: attached to rows, never a Leader candidate."""

    def setUp(self):
        self.a = Column("A", doc({"ctx_yield": {"idle": stats(40), "busy": stats(60)}}))
        self.b = Column("B", doc({"ctx_yield": {"idle": stats(50), "busy": stats(50)}}))

    def test_a_better_reference_never_leads(self):
        peer = reference("P", {("ctx_yield", "idle"): (1, 0, True, "insn")})
        rows = build_rows([self.a, self.b], CATALOGUE, [peer])
        idle = row(rows, "ctx_yield", "idle")
        self.assertEqual(idle.leader, "A")
        self.assertFalse(idle.refs["P"].compared)
        self.assertEqual(idle.refs["P"].text(True), "1")
        # A reference alone beside one run gives no Leader either.
        self.assertEqual(build_rows([self.a], CATALOGUE, [peer])[0].leader, "-")

    def test_a_reference_without_scenario_is_the_default_scenarios(self):
        peer = reference("P", {("ctx_yield", None): (45, 5, True, "insn")})
        rows = build_rows([self.a, self.b], CATALOGUE, [peer])
        self.assertEqual(row(rows, "ctx_yield", "idle").refs["P"].text(False), "45 / 46 ±5")
        self.assertIsNone(row(rows, "ctx_yield", "busy").refs["P"])

    def test_a_reference_makes_no_row_of_its_own(self):
        peer = reference("P", {("tm_basic", None): (5, 0, True, "ops"),
                               ("ctx_yield", "loaded"): (5, 0, True, "insn")})
        rows = build_rows([self.a, self.b], CATALOGUE, [peer])
        self.assertEqual([(r.metric, r.scenario) for r in rows],
                         [("ctx_yield", "idle"), ("ctx_yield", "busy")])

    def test_reference_marks(self):
        fig = {"median": 10, "max": 12, "unit": "insn", "error": 4, "comparable": True,
               "why": None}
        self.assertEqual(reference_cell(fig, "insn").text(True), "10 ±4")
        self.assertEqual(reference_cell(fig, "insn").text(False), "10 / 12 ±4")
        self.assertEqual(reference_cell(fig, "bytes").text(True), "10*")
        unlike = reference_cell(dict(fig, comparable=False, why="another behaviour"), "insn")
        self.assertEqual((unlike.text(True), unlike.why), ("10 ≠", "another behaviour"))
        # In another unit its reason is not a like-for-like question.
        self.assertIsNone(reference_cell(dict(fig, comparable=False, why="x"), "ns").why)

    def test_harness_table_labels_references(self):
        peer = reference("P", {("ctx_yield", "idle"): (45, 5, False, "insn")})
        rows = build_rows([self.a, self.b], CATALOGUE, [peer])
        self.b.about = "a test run"
        table = comparison.harness_table("T", rows, [self.a, self.b], [peer], compact=True)
        self.assertEqual(table.headers, ["metric", "unit", "A p50", "A max", "B p50", "Leader",
                                         "P (ref.)"])
        self.assertEqual(table.rows[0], ["ctx_yield (idle)", "insn", "40", "40", "50", "A",
                                         "45 ≠"])
        self.assertIn("B p50: a test run.", table.footnotes)
        self.assertIn("≠ ctx_yield (idle), P (ref.): another behaviour", table.footnotes)
        self.assertTrue(any(n.startswith("P (ref.): reference only") for n in table.footnotes))

    def test_the_readme_shows_a_reference_only_for_a_kernel_with_no_run(self):
        from types import SimpleNamespace
        from ..update_readme import unrun_references
        alpha, beta = reference("alpha", {}), reference("beta", {})
        # A longer file name of the same kernel, and another case, are that kernel's.
        beta2 = PeerSource("Beta", Path("Beta-mps2-qemu.csv"), [], False, "a synthetic harness")
        published = PeerSource("board", Path("published-board.csv"), [], True)
        runs = [SimpleNamespace(name="beta"), SimpleNamespace(name="gamma")]
        self.assertEqual(unrun_references([alpha, beta, beta2, published], runs), [alpha])
        self.assertEqual(unrun_references([alpha, beta], []), [alpha, beta])

    def test_the_leader_note_names_reference_columns_only_when_there_are_some(self):
        rows = build_rows([self.a, self.b], CATALOGUE, [])
        table = comparison.harness_table("T", rows, [self.a, self.b], [], compact=True)
        self.assertFalse(any("(ref.)" in n for n in table.footnotes))
        peer = reference("P", {("ctx_yield", "idle"): (45, 5, True, "insn")})
        rows = build_rows([self.a, self.b], CATALOGUE, [peer])
        table = comparison.harness_table("T", rows, [self.a, self.b], [peer], compact=True)
        self.assertTrue(any(n.startswith("Leader:") and "(ref.) columns never enter it" in n
                            for n in table.footnotes))


class Rows(unittest.TestCase):
    def test_keys_labels_and_defaults(self):
        a = Column("A", doc({"ctx_yield": {"idle": stats(40)}, "tm_basic": {"x": stats(9, "ops")}}))
        b = Column("B", doc({"ctx_yield": {"busy": stats(50), "idle": stats(45)},
                             "other": {"y": stats(1)}}))
        b.doc["metrics"]["ctx_yield"]["scenario"] = "idle"
        rows = build_rows([a, b], CATALOGUE)
        self.assertEqual([r.label for r in rows],
                         ["ctx_yield (idle)", "ctx_yield (busy)", "tm_basic", "other"])
        self.assertEqual([r.default for r in rows], [True, False, True, True])
        busy = row(rows, "ctx_yield", "busy")
        self.assertIsNone(busy.cells["A"])
        self.assertEqual(busy.leader, "-")
        self.assertEqual(row(rows, "other", "y").better, "none")   # not in the catalogue

    def test_row_json(self):
        a = Column("A", doc({"ctx_yield": {"idle": stats(40)}}))
        b = Column("B", doc({"ctx_yield": {"idle": stats(50)}}))
        out = comparison.row_json(build_rows([a, b], CATALOGUE)[0])
        self.assertEqual(out["cells"]["A"], {"p50": 40, "max": 40, "n": 10, "unit": "insn",
                                             "error": 0, "compared": True})
        self.assertEqual((out["leader"], out["default"], out["better"]), ("A", True, "lower"))

    def test_published_table(self):
        peer = PeerSource("published-b", Path("published-b.csv"), [], True)
        peer.columns = ["K1", "K_2"]
        peer.rows = [("ctx_yield", ("ctx_yield", None, "p50"), "cycles", {"K1": 200, "K_2": 100}),
                     ("tm_basic", ("tm_basic", None, "max"), "ops", {"K1": 5, "K_2": None})]
        insn = doc({"ctx_yield": {"idle": stats(150, "cycles")}}, {"unit": "insn"})
        table = comparison.published_table(peer, insn, CATALOGUE)
        self.assertEqual(table.headers, ["metric", "unit", "K1", "K 2", "Leader"])
        self.assertEqual(table.rows, [["ctx_yield", "cycles", "200", "100", "K 2"],
                                      ["tm_basic max", "ops", "5", "-", "-"]])
        board = doc({"ctx_yield": {"idle": stats(150, "cycles")}}, {"unit": "cycles"})
        table = comparison.published_table(peer, board, CATALOGUE)
        self.assertEqual(table.rows[0], ["ctx_yield", "cycles", "200", "100", "150", "K 2"])


class Structure(unittest.TestCase):
    """What issue 31 asks of tools/: one table builder, no import cycle."""

    @staticmethod
    def imports(path):
        names = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                names.add(node.module or "")
                names.update(a.name for a in node.names if not node.module)
            elif isinstance(node, ast.Import):
                names.update(a.name for a in node.names)
        return {n.rsplit(".", 1)[-1] for n in names}

    def test_compare_and_report_do_not_import_each_other(self):
        self.assertNotIn("vaios_report", self.imports(TOOLS / "compare.py"))
        self.assertNotIn("compare", self.imports(TOOLS / "vaios_report.py"))

    def test_only_the_model_computes_leader(self):
        for path in sorted(TOOLS.glob("*.py")):
            if path.name in ("comparison.py",) or path.name.startswith("test_"):
                continue
            tree = ast.parse(path.read_text())
            calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call)
                     and getattr(n.func, "id", getattr(n.func, "attr", "")) in
                     ("leader", "leader_of")]
            defs = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)
                    and "leader" in n.name]
            self.assertEqual((calls, defs), ([], []), path.name)

    def test_one_catalogue_reader(self):
        readers = [p.name for p in sorted(TOOLS.glob("*.py")) if not p.name.startswith("test_")
                   and "catalogue.csv" in p.read_text() and "DictReader" in p.read_text()]
        self.assertEqual(readers, ["catalogue.py"])

    def test_every_comparison_table_is_built_from_the_model(self):
        for name in ("compare.py", "vaios_report.py", "update_readme.py"):
            self.assertIn("comparison", self.imports(TOOLS / name), name)
            self.assertIn("build_rows", (TOOLS / name).read_text(), name)


if __name__ == "__main__":
    unittest.main()
