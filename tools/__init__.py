# SPDX-License-Identifier: MIT
"""VAIOS's host tools, one package.

Run them from the repository root as modules, e.g.
``python3 -m tools.vaios_report --input run.log`` or
``python3 -m tools.bench_linux --quick``; nothing here edits ``sys.path``.

Shared modules:
  stream      the "@VOS" line protocol of the benchmark images (docs/results-json.md)
  hist        bench/core.c's histogram layout, read from a run's "@VOS config hist_*" lines
  catalogue   bench/catalogue.csv: the metrics, their order and better direction
  comparison  the one model of every comparison table: rows, cells, errors, Leader
  tables      titled tables rendered as aligned text or Markdown; figures
  plots       gnuplot pictures: one histogram per scenario, overlaid CDFs per metric
  progress    progress on stderr (one rewritten line on a terminal)
  peers       bench/peers: the stored harness runs of other kernels, the reference figures
  cases       what the check tools share (PASS/FAIL lines, running a command or an image)
Commands: vaios_report, compare, bench, bench_linux, trace_run, update_readme,
check_budgets, check_repeat, check_citations, results_schema, path_trace, mpu_run,
test_fault, test_package, test_report, test_bench_backends, run_tests; tools.tests
holds the unit tests (python3 -m tools.tests).
"""
