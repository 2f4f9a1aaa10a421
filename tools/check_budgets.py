#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Check benchmark figures against the performance budgets.

Usage: python3 -m tools.check_budgets [--results build/bench/results.json] [--budgets bench/budgets.txt]
(from the repository root)

A budget line is

    <id> [scenario] <stat> <= <value> [unit]   # note

(">=" for metrics where higher is better), at most 200 characters: the
note is the budget's current reason, its history is in git. Without a
scenario the metric's default scenario is checked (the top-level figures of
results.json). With a unit, the figure must be in that unit: a budget in
instructions is never checked against a real-board run in cycles. <stat> is
one of min, p50, p99, p999, max, n, overhead ("median" means p50, "p99.9"
means p999).

Budgets per board: a line "[BOARD]" starts the budgets of the board named
BOARD (results.json's config.board, e.g. [mps2_an500]), up to the next such
line. A run of a board that has a section is checked against that section
only; a run of any other board against the budgets before the first
section (the emulated netduinoplus2's).

Every check prints one line; a failure also says which metric, which budget
and what the new figure is. A budgeted metric that is missing or null fails.
Exit status: 0 when every check passed, 1 when any failed or a budget line is
malformed, 2 when the results cannot be read.

The instrument is deterministic (one count per instruction, an idle that
spins: docs/benchmark.md), so every budget is the exact figure and a check
never flakes: a failure is a real change in path length.

A figure that carries a resolution (a board counting slower than the
instructions: unit tickN, tools/resolution.py) is never taken as exact:
it stands for anything within one count of it, and a budget holds only
when the far end of that span does (f + 1 counts for "<="). Such a budget
may be in the row's unit or in instructions (f + 1 counts x N insn).
"""

import argparse
import json
import operator
import sys
from dataclasses import dataclass
from pathlib import Path

if not __package__:
    sys.exit("check_budgets: run it from the repository root as python3 -m tools.check_budgets")

from . import resolution  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
STAT_NAMES = {"min": "min", "p50": "p50", "median": "p50", "p99": "p99", "p999": "p999",
              "p99.9": "p999", "max": "max", "n": "n", "overhead": "overhead"}
COMPARISONS = {"<=": operator.le, ">=": operator.ge}
# A budget's line holds its current reason only (the history is in git): a
# longer line is refused as malformed, so every run of the check enforces it.
MAX_LINE = 200
# Budgets are exact figures (the instrument is deterministic): a figure any
# distance inside its budget earns a hint that the budget can be tightened.
TIGHTEN_HINT = 0.0


@dataclass
class Budget:
    """One parsed budget line."""
    metric: str
    scenario: str
    stat: str
    op: str
    limit: float
    unit: str
    where: str      # file:line, for messages
    board: str = None   # its section's board; None: before the first section

    def describe(self):
        """The budget as it reads in the file, without its note."""
        parts = [self.metric] + ([self.scenario] if self.scenario else [])
        parts += [self.stat, self.op, format_figure(self.limit)] + ([self.unit] if self.unit else [])
        return " ".join(parts)


def format_figure(value):
    """A figure as text: integers without a decimal point."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def parse_limit(text):
    """The budget's number (int when integral)."""
    try:
        return int(text)
    except ValueError:
        return float(text)


def parse_budget_line(text, where):
    """Parse one line; None for blank or comment lines; ValueError if malformed."""
    body = text.split("#", 1)[0].split()
    if not body:
        return None
    op_index = next((i for i, tok in enumerate(body) if tok in COMPARISONS), None)
    if op_index not in (2, 3) or len(body) - op_index not in (2, 3):
        raise ValueError("expected '<id> [scenario] <stat> <=|>= <value> [unit]'")
    stat = body[op_index - 1]
    if stat not in STAT_NAMES:
        raise ValueError(f"unknown statistic '{stat}' (one of {', '.join(STAT_NAMES)})")
    try:
        limit = parse_limit(body[op_index + 1])
    except ValueError:
        raise ValueError(f"budget value '{body[op_index + 1]}' is not a number") from None
    return Budget(metric=body[0], scenario=body[1] if op_index == 3 else None,
                  stat=STAT_NAMES[stat], op=body[op_index], limit=limit,
                  unit=body[op_index + 2] if len(body) - op_index == 3 else None, where=where)


def section_board(text):
    """The board a "[BOARD]" line names, or None for any other line."""
    body = text.split("#", 1)[0].strip()
    if len(body) > 2 and body[0] == "[" and body[-1] == "]" and body[1:-1].strip():
        return body[1:-1].strip()
    return None


def load_budgets(path):
    """All budget lines of a file, each with its section's board, and the
    messages for malformed ones."""
    budgets, errors = [], []
    board = None
    for number, text in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        where = f"{path}:{number}"
        if len(text) > MAX_LINE:
            errors.append(f"{where}: line of {len(text)} characters, over {MAX_LINE}: keep one "
                          "current reason on the line; the budget's history is in git")
            continue
        if section_board(text):
            board = section_board(text)
            continue
        try:
            budget = parse_budget_line(text, where)
        except ValueError as err:
            errors.append(f"{where}: malformed budget line: {err}: {text.strip()}")
            continue
        if budget:
            budget.board = board
            budgets.append(budget)
    return budgets, errors


def budgets_for(budgets, board):
    """The budgets a run of board is checked against: its section's, or,
    for a board without one, those before the first section."""
    own = [b for b in budgets if b.board is not None and b.board == board]
    return own or [b for b in budgets if b.board is None]


def figure_for(budget, metrics):
    """(value, stats, why-missing) of the figure a budget checks."""
    entry = metrics.get(budget.metric)
    if entry is None:
        return None, None, "is not in the results at all"
    if entry.get("status", "measured") != "measured":
        return None, None, f"was not measured ({entry.get('reason') or 'no reason given'})"
    if budget.scenario:
        stats = entry.get("scenarios", {}).get(budget.scenario)
        if stats is None:
            known = ", ".join(entry.get("scenarios", {})) or "none"
            return None, None, f"has no scenario '{budget.scenario}' (measured: {known})"
    else:
        stats = entry
    value = stats.get(budget.stat)
    if value is None:
        return None, stats, f"has no {budget.stat} figure (null)"
    return value, stats, None


def check(budget, metrics):
    """Check one budget; return (passed, lines to print)."""
    head = f"budget {budget.describe()}:"
    value, stats, missing = figure_for(budget, metrics)
    unit = stats.get("unit") if stats else None
    name = budget.metric + (f" ({budget.scenario})" if budget.scenario else "")
    if missing:
        return False, [f"{head} missing FAILED",
                       f"  {name} {missing}; its budget ({budget.where}) needs a figure"]
    span = resolution.bounds(stats, budget.stat, value, budget.unit)
    if span is None:
        return False, [f"{head} {format_figure(value)} {unit} FAILED",
                       f"  {name} {budget.stat} is in '{unit}', the budget ({budget.where}) is in "
                       f"'{budget.unit}': not comparable"]
    # A figure of limited resolution is never taken as exact: the budget is
    # checked against the far end of what the figure may stand for.
    far = span[1] if budget.op == "<=" else span[0]
    shown = format_figure(value)
    if span[0] != span[1]:
        shown += f" {unit} ({format_figure(span[0])}..{format_figure(span[1])} {budget.unit or unit})"
    if COMPARISONS[budget.op](far, budget.limit):
        line = f"{head} {shown} ok"
        slack = abs(budget.limit - far) / abs(budget.limit) if budget.limit else 0
        if slack > TIGHTEN_HINT:
            line += f" ({slack:.1%} inside: tighten the budget to {format_figure(far)})"
        return True, [line]
    side = "above" if budget.op == "<=" else "below"
    return False, [f"{head} {shown} FAILED",
                   f"  {name} {budget.stat} is {format_figure(value)} {unit or ''}"
                   + (f", up to {format_figure(far)} {budget.unit or unit} at its resolution"
                      if span[0] != span[1] else "")
                   + f", {side} its budget of {format_figure(budget.limit)} ({budget.where}). "
                   "Find the change that cost it, or change the budget with a note saying why."]


def parse_args(argv):
    """Command-line options."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--results", default=str(REPO / "build" / "bench" / "results.json"))
    parser.add_argument("--budgets", default=str(REPO / "bench" / "budgets.txt"))
    parser.add_argument("--schema", action="store_true",
                        help="check the results against docs/results.schema.json first (one more check)")
    return parser.parse_args(argv)


def main(argv=None):
    """Check every budget; return the exit status."""
    args = parse_args(argv)
    try:
        results = json.loads(Path(args.results).read_text(encoding="utf-8"))
        budgets, errors = load_budgets(args.budgets)
    except (OSError, json.JSONDecodeError) as err:
        print(f"check_budgets: cannot read input: {err}", file=sys.stderr)
        return 2
    if results.get("run", {}).get("complete") is False:
        print("check_budgets: warning: these results come from an incomplete run")
    metrics = results.get("metrics", {})
    board = results.get("config", {}).get("board")
    budgets = budgets_for(budgets, board)
    if budgets and budgets[0].board:
        print(f"the budgets of board {board} (section [{board}] of {args.budgets})")
    passed = failed = 0
    if args.schema:
        from . import results_schema
        problems = results_schema.check(results, results_schema.validator())
        print(f"results.json against docs/results.schema.json: {'FAILED' if problems else 'ok'}")
        for problem in problems[:40]:
            print(f"  {problem}")
        passed, failed = passed + (not problems), failed + bool(problems)
    for budget in budgets:
        ok, lines = check(budget, metrics)
        print("\n".join(lines))
        passed, failed = passed + ok, failed + (not ok)
    for error in errors:
        print(error)
    failed += len(errors)
    if not budgets and not errors:
        print(f"no active budgets in {args.budgets}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
