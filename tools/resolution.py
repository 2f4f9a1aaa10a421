# SPDX-License-Identifier: MIT
"""The resolution of a figure counted on a clock slower than one count per
instruction, and how every tool reads such a figure (issue 32 item 4).

On the emulated boards (QEMU -icount shift=0: one instruction is one
nanosecond) a board whose counter runs at 1 GHz counts instructions
exactly (unit "insn"). A board whose counter runs slower counts in
"tickN": one count is N instructions (the MPS2 machines' 25 MHz: tick40).
On silicon, where the unit is the core clock's "cycles", a counter that
runs slower than the core counts in "tickNcycles": one count is N cycles
(the Nucleo-H743ZI's MPU rows, timed on its 200 MHz TIM2 under a 400 MHz
core: tick2cycles; boards/include/board.h, board_user_cycles).
A duration read as the difference of two such counts is exact only to one
count either way: a figure f tickN stands for a path of more than (f - 1)
x N and less than (f + 1) x N instructions. (An interrupt latency timed
from a due time the board computes may read one more count high:
docs/porting.md, section 10.)

results.json carries it on each such scenario (and the metric's default
figures): "resolution": {"per_count": N, "unit": "insn"} ("cycles" for a
tickNcycles row). A row without the key is exact in its unit. The tools
never compare such a figure as exact: tools.check_budgets checks a budget
against the figure's bound on the far side (a "<=" budget holds when f + 1 counts, or (f + 1) x N
instructions, is within it), tools.comparison gives it an error of one
count, and tools.update_readme prints it as "f tickN (f·N ±N insn)".

The sample count n of a row is never a duration: it is exact in every row.
"""
import re

TICK_UNIT = re.compile(r"^tick([1-9][0-9]*)(cycles)?$")
ERROR_COUNTS = 1        # a figure's error, in counts of its own unit
EXACT_STATS = ("n",)    # statistics that are not durations


def of_unit(unit):
    """The resolution object of a row in unit, or None for an exact unit."""
    m = TICK_UNIT.match(unit or "")
    if not m or int(m.group(1)) <= 1:
        return None
    return {"per_count": int(m.group(1)), "unit": m.group(2) or "insn"}


def of(stats):
    """The resolution a row carries, or None (exact). A row in a tickN unit
    written before rows carried it (an older results.json) has it too."""
    if not stats:
        return None
    res = stats.get("resolution")
    if isinstance(res, dict) and res.get("per_count"):
        return res
    return of_unit(stats.get("unit"))


def error(stats):
    """A row's figures' error in their own unit: one count, or 0 (exact)."""
    return ERROR_COUNTS if of(stats) else 0


def bounds(stats, stat, value, unit):
    """(low, high): the values the true figure may take, in unit (the
    row's own, or the resolution's "insn"); (value, value) when the row is
    exact or stat is not a duration. None when unit is neither."""
    res = of(stats)
    row_unit = stats.get("unit")
    if res is None or stat in EXACT_STATS:
        return (value, value) if unit in (None, row_unit) else None
    low, high = value - ERROR_COUNTS, value + ERROR_COUNTS
    if unit in (None, row_unit):
        return max(low, 0), high
    if unit == res["unit"]:
        return max(low, 0) * res["per_count"], high * res["per_count"]
    return None


def text(stats, value):
    """A figure with its resolution, as the README prints it: "2 tick40
    (80 ±40 insn)"; an exact one as "47 insn"."""
    res = of(stats)
    unit = stats.get("unit") or ""
    if res is None or value is None:
        return f"{value} {unit}".strip()
    n = res["per_count"]
    return f"{value} {unit} ({value * n} ±{n} {res['unit']})"
