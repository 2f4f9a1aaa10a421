#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Generate, and check, the results table of README.md.

The table sits between the markers <!-- results:begin --> and
<!-- results:end -->. It is generated, never typed: from a benchmark run's
results.json (`make bench` writes build/bench/results.json) this tool
writes the block, labelled with that run's commit, and stores the figures
it shows in bench/readme-results.json (results.json without histograms,
with each figure's error instead, which its histogram bounds).

Its columns: VAIOS; each committed run of this harness on another kernel
(bench/peers/runs/<run>/results.json with its provenance.json), merged
with VAIOS's by tools.comparison, the model of every comparison table, and
the Leader over those like-for-like cells; then, as a separately labelled reference that never
enters Leader, the bench/peers CSV figures (a separate harness with other
start and stop points).

  python3 -m tools.update_readme     refresh from build/bench/results.json
  ... --rerender                     rewrite the block from the stored
                                     figures (after a change of the table's
                                     layout or of bench/peers); same label
  ... --check                        (make test) the block is exactly what
                                     the stored figures give, and their
                                     commit is a clean commit of this history;
                                     with --results, a run of the same
                                     sources must give the same figures

A run is refused when its commit is unknown or has "-dirty" (the image was
built from a tree that differs from every commit), or when it did not
complete: the label is then always the commit that produced the figures.
The commit comes from the image, written at build time (cmake/vb_commit.cmake).
"""
import argparse
import json
import os
import subprocess
import sys

if not __package__:
    sys.exit("update_readme: run it from the repository root as python3 -m tools.update_readme")

from . import catalogue as metrics  # noqa: E402
from . import cmsis_costs, docblock  # noqa: E402
from .comparison import (REF_MARK, Column, build_rows, figure_error,  # noqa: E402
                         harness_table, resolution_error, run_column)
from .hist import layout_of  # noqa: E402
from .peers import RunRefused, load_peers, load_runs, shown_path  # noqa: E402
from .stream import STATS  # noqa: E402
from .tables import render_markdown  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

BEGIN, END = docblock.markers("results")
SNAPSHOT = os.path.join(ROOT, "bench", "readme-results.json")
# Paths whose changes cannot change a figure of the table; any other change
# between the label's commit and HEAD means the figures cannot be re-checked.
NOT_FIGURES = ("*.md", "docs", "tests", ".ci", "bench/budgets.txt", "bench/readme-results.json",
               "tools/test_report.py", "tools/check_citations.py", "tools/check_budgets.py",
               "tools/update_readme.py", "tools/run_tests.py", "tools/tests", "tools/compare.py",
               "tools/comparison.py")


class Refused(Exception):
    """A results document or README that must not be used or accepted."""


def git(repo, *args):
    """(exit status, stdout) of a git command in repo."""
    done = subprocess.run(["git"] + list(args), cwd=repo, capture_output=True, text=True)
    return done.returncode, done.stdout.strip()


def snapshot_of(results):
    """What the table needs from a results.json: config and statistics, no
    histograms; instead each scenario's p50 error (comparison.figure_error
    with the run's layout), which the histogram bounds."""
    layout = layout_of(results["config"])
    metrics = {}
    for metric_id, entry in results["metrics"].items():
        keep = {k: v for k, v in entry.items() if k not in ("hist", "scenarios", "note")}
        keep["scenarios"] = {s: dict({k: v for k, v in st.items() if k not in ("hist", "note")},
                                     error=figure_error(st, layout))
                             for s, st in entry["scenarios"].items()}
        metrics[metric_id] = keep
    return {"config": results["config"], "run": {"complete": results["run"]["complete"]},
            "metrics": metrics}


def usable_commit(results):
    """The run's commit, or Refused when it cannot label a table."""
    if not results.get("run", {}).get("complete"):
        raise Refused("the run did not complete")
    commit = results.get("config", {}).get("commit", "unknown")
    if commit in ("", "unknown"):
        raise Refused("the run does not name its commit")
    if commit.endswith("-dirty"):
        raise Refused("the image was built from a tree with uncommitted changes (%s): commit "
                      "them, run `make bench` again, then refresh the README" % commit)
    return commit


def snapshot_error(stats, layout):
    """A snapshot figure's error: the one stored with it, or, in a snapshot
    stored before errors were (no histogram to bound it), its bucket's
    resolution (comparison.resolution_error), which a size or a count
    gets too."""
    return stats["error"] if "error" in stats else resolution_error(stats, layout)


def readme_table(results, runs, catalogue, peers):
    """VAIOS, the stored harness runs merged with it (Leader over
    like-for-like cells), then the bench/peers reference columns (never in
    Leader). VAIOS's figures come from the snapshot (snapshot_error)."""
    columns = [Column("VAIOS", results, error=snapshot_error)] + [run_column(r) for r in runs]
    references = [p for p in peers if not p.published]
    rows = build_rows(columns, catalogue, references)
    return harness_table("README", rows, columns, references, compact=True)


def render_block(results, root=ROOT):
    """The README block (markers included) for a results or snapshot document."""
    commit = usable_commit(results)
    catalogue = metrics.load(os.path.join(root, "bench", "catalogue.csv"))
    peers_dir = os.path.join(root, "bench", "peers")
    peers = load_peers(peers_dir, catalogue)
    try:
        runs = load_runs(peers_dir)
    except RunRefused as err:
        raise Refused(str(err)) from None
    table = readme_table(results, runs, catalogue, peers)
    cfg = results["config"]
    text = render_markdown(table).split("\n", 2)[2]
    harness = "; ".join("%s: the %s run of this harness at its commit `%s` (`%s/`)"
                        % ("%s p50" % r.provenance["label"], r.provenance["label"],
                           r.provenance["harness_commit"], shown_path(r.path)) for r in runs)
    label = ("VAIOS figures of commit `%s` (the commit the benchmark image was built from, "
             "recorded in its results.json), %s: instructions on the emulated STM32F405 "
             "(QEMU `-icount shift=0`: one count is one instruction). %s Leader compares VAIOS "
             "with those harness runs only, like for like, and names a kernel only where the "
             "gap exceeds the errors (±). The columns marked %s are a separate reference, "
             "bench/peers: figures taken by a separate harness with other start/stop points, "
             "each with its stated error (±) or ≠ where it does not compare like for like (the "
             "reasons are under the table); they never enter Leader. Generated by "
             "`tools/update_readme.py`; the full report with distributions, histograms and the "
             "configuration is `build/bench/report.md` after `make bench`."
             % (commit, cfg.get("compiler", cfg.get("cc", "?")),
                ("Merged with it, same harness, same board, same emulator: " + harness + "."
                 if runs else "No run of this harness on another kernel is committed."),
                REF_MARK))
    return "\n".join([BEGIN, "", label, "", text.rstrip(), "", END])


def readme_block(readme):
    """The block of a README text, markers included; Refused when missing."""
    try:
        start, stop = docblock.span(readme, BEGIN, END, "README.md")
    except docblock.Missing as err:
        raise Refused(str(err)) from None
    return readme[start:stop]


def replace_block(readme, block):
    """README text with its block replaced."""
    old = readme_block(readme)
    return readme.replace(old, block)


def figures(document):
    """{(metric, scenario): statistics} of a results or snapshot document."""
    out = {}
    for metric_id, entry in document["metrics"].items():
        for scen, st in entry["scenarios"].items():
            out[(metric_id, scen)] = {k: st.get(k) for k in STATS + ("n", "unit")}
    return out


def check(readme, snapshot, repo=ROOT, results=None, root=ROOT):
    """[problem] for a README text, its stored figures and optionally a fresh run."""
    problems = []
    try:
        block = readme_block(readme)
        if block != render_block(snapshot, root):
            problems.append("README.md's results block is not what bench/readme-results.json "
                            "gives (label or figures edited, or the table's layout or "
                            "bench/peers changed): run python3 -m tools.update_readme --rerender")
        commit = usable_commit(snapshot)
    except Refused as err:
        return problems + [str(err)]
    if git(repo, "cat-file", "-e", commit + "^{commit}")[0] != 0:
        return problems + ["the table's commit %s is not a commit of this repository" % commit]
    if git(repo, "merge-base", "--is-ancestor", commit, "HEAD")[0] != 0:
        problems.append("the table's commit %s is not in the history of HEAD" % commit)
    if results is not None:
        try:
            run_commit = usable_commit(results)
        except Refused:
            return problems     # a run of a modified tree proves nothing about a commit
        status, changed = git(repo, "diff", "--name-only", commit, run_commit, "--", ".",
                              *(":(exclude)" + p for p in NOT_FIGURES))
        if status == 0 and not changed:
            mine, theirs = figures(snapshot), figures(results)
            for key in sorted(set(mine) | set(theirs)):
                if mine.get(key) != theirs.get(key):
                    problems.append("%s (%s): README shows %s, a run of the same sources (%s) "
                                    "gives %s" % (key[0], key[1], mine.get(key), run_commit,
                                                  theirs.get(key)))
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--results", help="a run's results.json (default build/bench/results.json "
                    "when refreshing; with --check, compared when given and present)")
    ap.add_argument("--readme", default=os.path.join(ROOT, "README.md"))
    ap.add_argument("--snapshot", default=SNAPSHOT)
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true")
    mode.add_argument("--rerender", action="store_true")
    args = ap.parse_args()
    readme = open(args.readme).read()
    try:
        if args.check:
            fresh = None
            if args.results and os.path.exists(args.results):
                fresh = json.load(open(args.results))
            problems = check(readme, json.load(open(args.snapshot)), results=fresh)
            for p in problems:
                print("FAIL readme-results: " + p)
            if not problems:
                print("PASS readme-results")
            print("%d passed, %d failed" % (0 if problems else 1, 1 if problems else 0))
            return 1 if problems else 0
        if args.rerender:
            snapshot = json.load(open(args.snapshot))
        else:
            path = args.results or os.path.join(ROOT, "build", "bench", "results.json")
            snapshot = snapshot_of(json.load(open(path)))
        block = render_block(snapshot)
        open(args.readme, "w").write(replace_block(readme, block))
        with open(args.snapshot, "w") as out:
            json.dump(snapshot, out, indent=1, sort_keys=False)
            out.write("\n")
        if args.snapshot == SNAPSHOT and cmsis_costs.write(args.snapshot):
            return 2                           # docs/cmsis-rtos2.md shows the same run
    except Refused as err:
        print("update_readme: refused: %s" % err, file=sys.stderr)
        return 2
    print("README.md: results table of commit %s" % snapshot["config"]["commit"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
