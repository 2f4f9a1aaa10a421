# SPDX-License-Identifier: MIT
"""tools/peers.py: reading bench/peers files (synthetic figures)."""

import tempfile
import unittest
from pathlib import Path

from .. import peers

CATALOGUE = {"ctx_yield": {}, "loop_1khz": {}, "footprint_kernel_text": {}}
INSTRUMENT = """\
# gamma kernel, synthetic figures for a test
# source: a synthetic harness
metric,min,median,max,error,compare,note
ctx_yield,40,41,50,2,yes,yield
loop_1khz_jitter_idle,0,1,2,0,no: another period,jitter
footprint_kernel_text_Os,900,900,900,0,yes,size
task_notify_pair,9,9,9,0,no: none,unmapped
"""


class Loading(unittest.TestCase):
    def setUp(self):
        self.tmp = Path(tempfile.mkdtemp(prefix="vaios-peers-"))
        (self.tmp / "gamma-qemu.csv").write_text(INSTRUMENT)
        (self.tmp / "published-board.csv").write_text("# cycles\nmetric,unit,K1\nctx_yield,cycles,5\n")

    def tearDown(self):
        for f in self.tmp.iterdir():
            f.unlink()
        self.tmp.rmdir()

    def test_instrument_file(self):
        peer = peers.load_peer(self.tmp / "gamma-qemu.csv", CATALOGUE)
        self.assertEqual(peer.label, "gamma")
        self.assertEqual(peer.source, "a synthetic harness")
        self.assertFalse(peer.published)
        fig = peer.figures[("ctx_yield", None)]
        self.assertEqual((fig["median"], fig["error"], fig["comparable"], fig["unit"]),
                         (41, 2, True, "insn"))
        self.assertFalse(peer.figures[("loop_1khz", "idle")]["comparable"])
        self.assertEqual(peer.figures[("footprint_kernel_text", "Os")]["unit"], "bytes")
        self.assertEqual(peer.unmapped, ["task_notify_pair"])

    def test_directory_orders_instrument_files_first(self):
        loaded = peers.load_peers(self.tmp, CATALOGUE)
        self.assertEqual([p.path.name for p in loaded], ["gamma-qemu.csv", "published-board.csv"])
        self.assertEqual(loaded[1].columns, ["K1"])
        self.assertEqual(peers.load_peers("", CATALOGUE), [])

    def test_a_row_without_error_or_source_stops(self):
        (self.tmp / "delta-qemu.csv").write_text(INSTRUMENT.replace("41,50,2", "41,50,"))
        with self.assertRaises(SystemExit):
            peers.load_peer(self.tmp / "delta-qemu.csv", CATALOGUE)
        (self.tmp / "delta-qemu.csv").write_text(INSTRUMENT.replace("# source: a synthetic harness\n", ""))
        with self.assertRaises(SystemExit):
            peers.load_peer(self.tmp / "delta-qemu.csv", CATALOGUE)

    def test_shown_path(self):
        self.assertEqual(peers.shown_path(peers.REPO / "bench" / "peers"), "bench/peers")
        self.assertEqual(peers.shown_path(self.tmp), str(self.tmp))
