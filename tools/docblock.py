# SPDX-License-Identifier: MIT
"""Generated blocks in the tree's documents, and the write-or-check main of
the tools that generate them.

A block is the text from a begin marker to its end marker, both included:
`<!-- NAME:begin -->` ... `<!-- NAME:end -->` in Markdown. A generating tool
renders the whole block (markers included) from the tree; run plainly it
rewrites the document, with --check (make test) it fails when the document
is not what it would write.
"""
import os
import sys


class Missing(Exception):
    """A document lacks the block, or holds it more than once."""


def markers(name):
    """The Markdown begin and end markers of block name."""
    return "<!-- %s:begin -->" % name, "<!-- %s:end -->" % name


def span(text, begin, end, where="the document"):
    """(start, stop) of the one block of text, markers included."""
    if text.count(begin) != 1 or text.count(end) != 1:
        raise Missing("%s must hold exactly one %s ... %s block" % (where, begin, end))
    start = text.index(begin)
    stop = text.index(end) + len(end)
    if stop < start:
        raise Missing("%s has %s before %s" % (where, end, begin))
    return start, stop


def replace(text, begin, end, block, where="the document"):
    """text with its block replaced by block (markers included)."""
    start, stop = span(text, begin, end, where)
    return text[:start] + block + text[stop:]


def write_or_check(name, path, want, check, done, stale):
    """The main of a block-generating tool; returns its exit status.

    want(doc) gives the document's new text (Missing when it cannot);
    check compares instead of writing, printing PASS/FAIL name and the
    suite's "N passed, M failed" line; done is printed after a write, stale
    is the FAIL line's reason (say how to regenerate)."""
    doc = open(path).read()
    try:
        new = want(doc)
    except Missing as err:
        if check:
            print("FAIL %s: %s\n0 passed, 1 failed" % (name, err))
            return 1
        print("%s: %s" % (name, err), file=sys.stderr)
        return 2
    if check:
        ok = new == doc
        print("PASS %s" % name if ok else "FAIL %s: %s" % (name, stale))
        print("%d passed, %d failed" % (int(ok), int(not ok)))
        return 0 if ok else 1
    if new != doc:
        with open(path, "w") as f:
            f.write(new)
    print(done)
    return 0


def relpath(path, root):
    """path as the tree names it, for messages."""
    return os.path.relpath(path, root)
