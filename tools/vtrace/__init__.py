# SPDX-License-Identifier: MIT
"""vtrace: decode VAIOS kernel trace dumps into CTF and timeline pictures.

    python3 -m tools.vtrace DUMP_OR_LOG --ctf OUTDIR --timeline OUT.png [--svg OUT.svg]

See docs/tracing.md. Python standard library only.
"""

from .dump import DumpError, load, parse, read_input  # noqa: F401
