# SPDX-License-Identifier: MIT
"""Titled tables rendered as aligned terminal text or Markdown, and the
text of a figure. What a comparison table holds is tools.comparison's."""

import re
import textwrap
from dataclasses import dataclass, field


@dataclass
class Table:
    """A titled table that renders as Markdown or as aligned terminal text."""
    title: str
    headers: list
    rows: list
    footnotes: list = field(default_factory=list)


def fmt(value):
    """A figure as text: exact integers, short decimals, '-' for none."""
    if value is None:
        return "-"
    if isinstance(value, float):
        if value.is_integer():
            return str(int(value))
        return f"{value:.2f}".rstrip("0").rstrip(".")
    return str(value)


_FIGURE = re.compile(r"-?[\d.]+( / -?[\d.]+)?(\*| ≠| ±[\d.]+)?")


def render_text(table, columns=100):
    """Aligned plain text: figure columns right-aligned, footnotes wrapped."""
    cells = [[str(c) for c in row] for row in table.rows]
    width = [max(len(r[i]) for r in [table.headers] + cells) for i in range(len(table.headers))]
    numeric = [i > 0 and any(_FIGURE.fullmatch(r[i]) for r in cells)
               and all(r[i] == "-" or _FIGURE.fullmatch(r[i]) for r in cells)
               for i in range(len(table.headers))]

    def line(row):
        return "  ".join(c.rjust(w) if right else c.ljust(w)
                         for c, w, right in zip(row, width, numeric)).rstrip()

    out = [table.title, "=" * len(table.title), line(table.headers),
           line(["-" * w for w in width])]
    out += [line(r) for r in cells] or ["(none)"]
    out += [textwrap.fill(n, columns, subsequent_indent="  ") for n in table.footnotes]
    return "\n".join(out) + "\n"


def render_markdown(table):
    """A GitHub-flavoured Markdown table with its title and footnotes."""
    def esc(cell):
        return str(cell).replace("|", "\\|")
    out = [f"## {table.title}", "", "| " + " | ".join(table.headers) + " |",
           "|" + "|".join("---" for _ in table.headers) + "|"]
    out += ["| " + " | ".join(esc(c) for c in row) + " |" for row in table.rows]
    if not table.rows:
        out.append("| " + " | ".join("-" for _ in table.headers) + " |")
    if table.footnotes:
        out += [""] + [f"- {esc(n)}" for n in table.footnotes]
    return "\n".join(out) + "\n"
