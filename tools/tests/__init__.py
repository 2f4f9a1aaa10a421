# SPDX-License-Identifier: MIT
"""Unit tests of the tools package: python3 -m tools.tests (make test's
suite "tools-unit"). test_vtrace is not among them: it needs the host
build's trace dumps and runs from tests/host/trace/run.sh."""
