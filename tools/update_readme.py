#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Refresh the results table of README.md from build/bench/results.json.

The table sits between the markers <!-- results:begin --> and
<!-- results:end -->: VAIOS beside the peers measured in the same
instrument (bench/peers), with the run's commit and instrument. Run it
after `make bench`; the numbers in the README are then the ones the
benchmark printed, never typed by hand.
"""
import argparse
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import vaios_report as vr  # noqa: E402

BEGIN, END = "<!-- results:begin -->", "<!-- results:end -->"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--results", default=os.path.join(ROOT, "build", "bench", "results.json"))
    ap.add_argument("--readme", default=os.path.join(ROOT, "README.md"))
    args = ap.parse_args()
    results = json.load(open(args.results))
    catalogue = vr.load_catalogue(os.path.join(ROOT, "bench", "catalogue.csv"))
    peers = vr.load_peers(os.path.join(ROOT, "bench", "peers"), catalogue)
    table = vr.comparison_table(results, catalogue, peers, compact=True)
    table.title = "Results"
    cfg = results.get("config", {})
    text = vr.render_markdown(table).split("\n", 2)[2]
    block = "\n".join([BEGIN, "",
                       "Instructions on the emulated STM32F405 (QEMU `-icount shift=0`: one count is one "
                       "instruction), commit `%s`, %s; peers measured in the same instrument "
                       "(bench/peers). Full report with distributions, histograms and the configuration: "
                       "`make bench` writes `build/bench/report.md`." % (cfg.get("commit", "?"),
                                                                        cfg.get("compiler", cfg.get("cc", "?"))),
                       "", text.rstrip(), "", END])
    readme = open(args.readme).read()
    if BEGIN not in readme or END not in readme:
        print("README.md has no results markers", file=sys.stderr)
        return 2
    head, rest = readme.split(BEGIN, 1)
    tail = rest.split(END, 1)[1]
    open(args.readme, "w").write(head + block + tail)
    print("README.md: results table refreshed (%d rows)" % len(table.rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
