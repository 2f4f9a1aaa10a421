# SPDX-License-Identifier: MIT
"""Set several runs of the harness side by side.

  python3 -m tools.compare A/results.json B/results.json ...
          [--label NAME ...] [--out DIR] [--peers DIR] [--quiet]

Each input is a results.json of docs/results.schema.json, one per kernel or
per configuration; its config block names the kernel (a run's label is
that name, made distinct by the first config key of DISTINGUISHING whose
value differs when two runs measure the same kernel, "osal" first, so
that VAIOS native and VAIOS through its CMSIS-RTOS2 layer tell apart;
--label overrides, once per input in order). The command writes DIR/compare.md and DIR/compare.json (the merged
table) and DIR/cdf/<metric>.{png,svg}: one picture per latency metric (a
metric with a histogram in at least one run) with the CDF of every run and
scenario overlaid. It prints the tables unless --quiet.

The table has one row per metric and scenario measured by at least one run
and one column per run (p50 / max; p50 alone on the terminal), built by
tools.comparison, the model of every comparison table. Leader is the
README's rule: the best median among figures in the row's unit, named
only when its gap to every other exceeds their errors added. A harness
figure's error is its histogram resolution (comparison.figure_error: a
percentile is its bucket's lower bound, so the
true value lies up to a bucket's width less one above it; 0 below the
run's hist_exact); a figure without a histogram (a size, a count) is
exact. A cell in another unit than the row's is shown with '*' and not
compared. Run-to-run spread is not in a results.json: on a noisy
instrument (Linux) repeat the runs before reading a lead.

The bench/peers figures (a separate harness with other start and stop
points) never enter that table: they follow as a separate, labelled
reference table, with their own stated errors and no Leader.

Exit status: 0 when the outputs were written, 2 for bad arguments or an
input that is not a readable results.json of the schema.
"""

import argparse
import json
import sys
from pathlib import Path

if not __package__:
    sys.exit("compare: run it from the repository root as python3 -m tools.compare")

from . import catalogue as metrics  # noqa: E402  (the imports below need the package)
from . import results_schema  # noqa: E402
from .comparison import (Column, build_rows, reference_table, row_json,  # noqa: E402
                         side_by_side_table)
from .peers import add_options, load_peers, shown_path  # noqa: E402
from .plots import draw_cdfs  # noqa: E402
from .tables import Table, fmt, render_markdown, render_text  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
# Config keys that tell two runs of one kernel apart, in the order tried.
DISTINGUISHING = ("osal", "backend", "api", "board", "target", "version", "commit", "cflags",
                  "policy", "instrument")


class Refused(Exception):
    """An input that cannot be compared."""


def load_run(path, validator):
    """The results document of path; Refused when unreadable or not of the schema."""
    try:
        with open(path, encoding="utf-8") as handle:
            doc = json.load(handle)
    except (OSError, ValueError) as err:
        raise Refused(f"{path}: cannot read: {err}") from None
    problems = results_schema.check(doc, validator) if validator else []
    if problems:
        raise Refused(f"{path}: not a results.json of docs/results.schema.json: "
                      + "; ".join(problems[:5]))
    return doc


def run_labels(docs, given=None):
    """One distinct label per run: --label, else the kernel, made distinct."""
    given = list(given or [])
    if given and len(given) != len(docs):
        raise Refused(f"{len(given)} --label for {len(docs)} runs: give one per run or none")
    if given:
        if len(set(given)) != len(given):
            raise Refused("--label names must differ")
        return given
    labels = [d["config"].get("kernel", "?") for d in docs]
    for name in set(labels):
        same = [i for i, l in enumerate(labels) if l == name]
        if len(same) < 2:
            continue
        for key in DISTINGUISHING:
            # A run without the key keeps the bare name (at most one may lack it).
            values = [docs[i]["config"].get(key) for i in same]
            if len(set(values)) == len(values):
                for i, v in zip(same, values):
                    labels[i] = name if v is None else f"{name} {key}={v}"
                break
        else:
            for k, i in enumerate(same):
                labels[i] = f"{name} #{k + 1}"
    return labels


def runs_table(paths, docs, labels):
    """Which run is which: its file and the config keys that name it."""
    keys = ("kernel", "version", "commit", "board", "unit", "instrument")
    table = Table("Runs", ["run", "file"] + list(keys) + ["complete"], [])
    for path, doc, label in zip(paths, docs, labels):
        table.rows.append([label, shown_path(path)] + [doc["config"].get(k, "-") for k in keys]
                          + ["yes" if doc["run"]["complete"] else "NO"])
    return table


def unmeasured_table(rows, docs, labels):
    """Metrics measured by some runs and not by others, with each one's reason."""
    table = Table("Not measured by every run", ["metric", "run", "status", "reason"], [])
    for metric_id in dict.fromkeys(r.metric for r in rows):
        for doc, label in zip(docs, labels):
            entry = doc["metrics"].get(metric_id)
            if entry is None:
                table.rows.append([metric_id, label, "absent", "not in this run's results.json"])
            elif entry["status"] != "measured":
                table.rows.append([metric_id, label, entry["status"].replace("_", " "),
                                   entry["reason"] or "-"])
    return table


def curves(docs, labels):
    """{metric: [(curve title, unit, hist, min)]} of every scenario with a histogram."""
    out = {}
    for doc, label in zip(docs, labels):
        for metric_id, entry in doc["metrics"].items():
            for scen, st in entry["scenarios"].items():
                if st.get("hist"):
                    out.setdefault(metric_id, []).append(
                        (f"{label} ({scen}), n={fmt(st['n'])}", st["unit"], st["hist"], st["min"]))
    return out


def parse_args(argv):
    """Command-line options."""
    parser = argparse.ArgumentParser(prog="python3 -m tools.compare",
                                     description="Merge several results.json into one table "
                                     "and one CDF picture per latency metric.")
    parser.add_argument("results", nargs="+", help="results.json files, one per run")
    parser.add_argument("--label", action="append", help="a run's label (once per input, in order)")
    add_options(parser, "its reference CSV files, for the reference table",
                REPO / "build" / "compare", "no tables on the terminal")
    parser.add_argument("--no-schema", action="store_true",
                        help="do not check the inputs against docs/results.schema.json")
    return parser.parse_args(argv)


def main(argv):
    """Merge, write compare.md, compare.json and the pictures; return the exit status."""
    args = parse_args(argv)
    if len(args.results) < 2:
        print("compare: give at least two results.json", file=sys.stderr)
        return 2
    warnings = []

    def warn(text):
        warnings.append(text)
        print(f"warning: {text}", file=sys.stderr)

    try:
        validator = None if args.no_schema else results_schema.validator()
        docs = [load_run(p, validator) for p in args.results]
        labels = run_labels(docs, args.label)
    except Refused as err:
        print(f"compare: {err}", file=sys.stderr)
        return 2
    catalogue = metrics.load(args.catalogue)
    references = [p for p in load_peers(args.peers, catalogue) if not p.published]
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    rows = build_rows([Column(l, d) for l, d in zip(labels, docs)], catalogue, references)
    pictures = draw_cdfs(curves(docs, labels), out / "cdf", warn)
    tables = [runs_table(args.results, docs, labels),
              side_by_side_table(rows, labels, compact=False),
              unmeasured_table(rows, docs, labels)]
    reference = reference_table(rows, references, compact=False)
    parts = ["# Runs compared", ""] + [render_markdown(t) for t in tables]
    if reference:
        parts.append(render_markdown(reference))
    if pictures:
        parts.append("## Distributions (CDF of every run, one picture per metric)\n\n" + "".join(
            f"- {m}: " + ", ".join(f"[{n.rsplit('.', 1)[1]}](cdf/{n})" for n in names) + "\n"
            for m, names in pictures.items()))
    if warnings:
        parts.append("## Warnings\n\n" + "".join(f"- {w}\n" for w in warnings))
    (out / "compare.md").write_text("\n".join(parts), encoding="utf-8")
    document = {"runs": [{"label": l, "file": shown_path(p), "config": d["config"],
                          "complete": d["run"]["complete"]}
                         for l, p, d in zip(labels, args.results, docs)],
                "rows": [row_json(r) for r in rows],
                "pictures": pictures, "warnings": warnings}
    (out / "compare.json").write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    if not args.quiet:
        shown = [tables[0], side_by_side_table(rows, labels, compact=True), tables[2]]
        if reference:
            shown.append(reference_table(rows, references, compact=True))
        for table in shown:
            print(render_text(table))
        print(f"compare: {out / 'compare.md'}, {len(pictures)} pictures in {out / 'cdf'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
