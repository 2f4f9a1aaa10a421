# SPDX-License-Identifier: MIT
"""VAIOS's host tools, one package.

Run them from the repository root as modules, e.g.
``python3 -m tools.vaios_report --input run.log`` or
``python3 -m tools.bench_linux --quick``; nothing here edits ``sys.path``.

Shared modules:
  stream    the "@VOS" line protocol of the benchmark images (docs/results-json.md)
  hist      bench/core.c's histogram layout, read from a run's "@VOS config hist_*" lines
  tables    titled tables rendered as aligned text or Markdown; figures; the Leader rule
  plots     gnuplot pictures: one histogram per scenario, overlaid CDFs per metric
  progress  progress on stderr (one rewritten line on a terminal)
  peers     the bench/peers reference figures
Commands: vaios_report (and its compare subcommand), bench, bench_linux, trace_run,
update_readme, check_budgets, check_repeat, results_schema, run_tests; tools.tests
holds the unit tests (python3 -m tools.tests).
"""
