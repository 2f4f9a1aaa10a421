#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Generate, and check, the cost table of docs/cmsis-rtos2.md.

The table ("Cost of the layer") sits between <!-- cmsis-costs:begin -->
and <!-- cmsis-costs:end -->. Its figures are never typed: they are the
p50 of the native and CMSIS-RTOS2 rows of the run the README's results
table shows (bench/readme-results.json, written by tools/update_readme.py,
which calls this tool after it), labelled with that run's commit, so the
document and the README always show the same run.

  python3 -m tools.cmsis_costs           rewrite the table from the stored run
  python3 -m tools.cmsis_costs --check   (make test) the table is what the
                                         stored run gives
"""
import argparse
import json
import os
import sys

if not __package__:
    sys.exit("cmsis_costs: run it from the repository root as python3 -m tools.cmsis_costs")

from . import docblock  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOC = os.path.join(ROOT, "docs", "cmsis-rtos2.md")
SNAPSHOT = os.path.join(ROOT, "bench", "readme-results.json")
BEGIN, END = docblock.markers("cmsis-costs")

# operation, native row, CMSIS row, layer calls per operation (0: another
# mechanism, no per-call figure), what the difference is.
ROWS = (
    ("yield (per switch)", "ctx_yield", "cmsis_yield", 1,
     "context test, kernel-running test (a call)"),
    ("semaphore release + acquire(0)", "sem_give_take", "cmsis_sem", 2,
     "id tag check, handler test, timeout conversion, call"),
    ("mutex acquire + release", "mutex_lock_unlock", "cmsis_mutex", 2,
     "as the semaphore, plus the owner-word test for non-recursive mutexes"),
    ("queue put + get(0), 4 bytes", "queue_send_recv", "cmsis_queue", 0,
     "a different mechanism: priority order (each of put and get is a semaphore take "
     "and give, a locked list step and the copy)"),
    ("message latency", "msg_latency", "cmsis_msg_latency", 0,
     "as the queue: the receiver wakes on the stored-messages semaphore, then takes "
     "the message from the list"),
    ("wake by thread flags (native: semaphore)", "task_wake", "cmsis_flags_wake", 0,
     "a different mechanism: an event group with any/all/clear semantics, set and "
     "read back under the lock for the exact return value"),
)


def p50(snapshot, mid):
    m = snapshot.get("metrics", {}).get(mid)
    if not m or m.get("status") != "measured" or m.get("p50") is None:
        raise docblock.Missing("row %s is not measured in the stored run" % mid)
    return m["p50"]


def render(snapshot):
    commit = snapshot.get("config", {}).get("commit", "?")
    out = [BEGIN,
           "Figures of the run the README's table shows (commit %s, p50, instructions on "
           "the emulated board), written by `python3 -m tools.cmsis_costs` from "
           "bench/readme-results.json:" % commit,
           "",
           "| operation | native | CMSIS | cost of the layer |",
           "|---|---|---|---|"]
    for op, nat, cms, calls, why in ROWS:
        a, b = p50(snapshot, nat), p50(snapshot, cms)
        d = b - a
        if calls == 1:
            cost = "%+d: %s" % (d, why)
        elif calls:
            cost = "%+d, %g per call: %s" % (d, d / calls, why)
        else:
            cost = "%+d, %s" % (d, why)
        out.append("| %s | %s %d | %s %d | %s |" % (op, nat, a, cms, b, cost))
    out.append(END)
    return "\n".join(out)


def replace(doc, block):
    return docblock.replace(doc, BEGIN, END, block, os.path.relpath(DOC, ROOT))


def write(snapshot_path=SNAPSHOT, doc_path=DOC):
    """Rewrite the table of doc_path from the stored run (tools/update_readme.py)."""
    return docblock.write_or_check(
        "cmsis-costs", doc_path, lambda doc: replace(doc, render(json.load(open(snapshot_path)))),
        False, "%s: cost table of the stored run" % os.path.relpath(doc_path, ROOT), "")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--doc", default=DOC)
    ap.add_argument("--snapshot", default=SNAPSHOT)
    args = ap.parse_args()
    return docblock.write_or_check(
        "cmsis-costs", args.doc, lambda doc: replace(doc, render(json.load(open(args.snapshot)))),
        args.check, "%s: cost table of the stored run" % os.path.relpath(args.doc, ROOT),
        "the table is not the stored run's (python3 -m tools.cmsis_costs)")


if __name__ == "__main__":
    sys.exit(main())
