# SPDX-License-Identifier: MIT
"""Reading C source as text: the few parses the tools' checks need.

Not a C parser: comments, string literals and bracket depth only, enough
for macro tables (bench/families.def, config.h's VOS__CFG_OPTIONS) whose
rows are calls with literal arguments.
"""


def skip_string(text, i):
    """Index just past the string literal that opens at text[i] ('"')."""
    j = i + 1
    while j < len(text) and text[j] != '"':
        j += 2 if text[j] == "\\" else 1
    return j + 1


def strip_comments(text):
    """C source without its comments (string literals kept, a comment becomes a space)."""
    out, i, n = [], 0, len(text)
    while i < n:
        if text[i] == '"':
            j = skip_string(text, i)
            out.append(text[i:j])
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
            out.append(" ")
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def split_args(body):
    """The top-level arguments of a macro call's body, each stripped.

    Commas inside string literals, parentheses or brackets do not split."""
    args, depth, cur, i = [], 0, [], 0
    while i < len(body):
        c = body[i]
        if c == '"':
            j = skip_string(body, i)
            cur.append(body[i:j])
            i = j
            continue
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        elif c == "," and depth == 0:
            args.append("".join(cur).strip())
            cur = []
            i += 1
            continue
        cur.append(c)
        i += 1
    args.append("".join(cur).strip())
    return args
