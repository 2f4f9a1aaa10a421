# SPDX-License-Identifier: MIT
"""Entry point: `python3 -m tools.vtrace ...` from the repository root."""

import sys

if not __package__:
    sys.exit("vtrace: run it from the repository root as python3 -m tools.vtrace")

from .cli import main  # noqa: E402

sys.exit(main())
