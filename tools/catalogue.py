# SPDX-License-Identifier: MIT
"""bench/catalogue.csv: the metrics the harness defines.

One row per metric id, in the order every table lists them: its family,
its definition (what is timed, from which instruction to which) and
which direction is better ("lower", "higher", or "none" for a figure that
has no better direction, such as a count of early wakes). Every tool that
needs the list or a metric's direction reads it here.
"""

import csv
from pathlib import Path

PATH = Path(__file__).resolve().parent.parent / "bench" / "catalogue.csv"
DIRECTIONS = ("lower", "higher", "none")


def load(path=PATH):
    """{id: {id, family, definition, better}} in file order; SystemExit
    naming the row when a direction is not one of DIRECTIONS."""
    with open(path, newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    catalogue = {}
    for row in rows:
        if row["better"] not in DIRECTIONS:
            raise SystemExit(f"{path}: {row['id']}: better must be lower, higher or none")
        catalogue[row["id"]] = row
    return catalogue


def better(catalogue, metric_id):
    """The direction of a metric; "none" for a metric the catalogue lacks."""
    return catalogue.get(metric_id, {}).get("better", "none")
