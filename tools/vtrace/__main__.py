# SPDX-License-Identifier: MIT
"""Entry point: `python3 -m tools.vtrace ...` from the repository root, or
`python3 tools/vtrace ...` from anywhere."""

import os
import sys

if __package__ in (None, ""):
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)) + "/..")
    from vtrace.cli import main
else:
    from .cli import main

sys.exit(main())
